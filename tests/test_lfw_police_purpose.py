"""The hard police read Jack as a purposeful Jack (issue 30,
`police_sense.purpose` and `homing`; docs/lfw-computer-police.md, "A
purposeful Jack"): a finished night says more of his hideout than how many
of its paths end there, and where he stands tonight leans toward home.
The reference `hard-2026-12` reads the path counts alone.

The cases are on the 1888 board (second edition) and name the hops they
use (a hop: a normal move or an alley).
"""

from __future__ import annotations

from whitechapel.lfw.notebook import NightNotes, Notebook
from whitechapel.lfw.paths import tables
from whitechapel.lfw.players.police import STYLES
from whitechapel.lfw.players.police_sense import hideout_weights, homing, purpose
from whitechapel.lfw.setup import board_of_table

BOARD = board_of_table(None)  # the 1888 board, second edition


def _after_night_one(moves: int, counts: dict[int, int]) -> Notebook:
    """The notebook on night 2, before the crime: night 1 ended after
    `moves` moves, so many of its paths ending on each candidate."""
    return Notebook(
        night=2,
        on_board=False,
        counts={},
        hideouts=tuple(sorted(counts)),
        nights=(NightNotes(1, moves, True, counts),),
        spaces_left=15,
        alleys_left=2,
        board=BOARD,
    )


def test_a_home_reached_straight_from_a_kill_a_few_hops_away_is_the_likelier():
    hops = tables(BOARD).hops
    # Jack killed on 60 and went home in four moves.  As many of the
    # night's paths end on 5 (four hops from 60: the shortest way) as on
    # 43 (one hop from 60: three moves of wandering about his own door).
    assert hops(5)[60] == 4 and hops(43)[60] == 1
    nb = _after_night_one(4, {5: 10, 43: 10})
    plain = hideout_weights(nb)
    assert plain[5] == plain[43]  # the path counts alone cannot tell them apart
    read = hideout_weights(nb, purpose(BOARD, {1: (60,)}))
    assert read[5] > 5 * read[43]
    assert read[43] > 0  # less likely, never impossible: a Jack may wander


def test_jacks_positions_lean_toward_the_likely_hideout():
    hops = tables(BOARD).hops(5)
    # Two circles as likely by their paths: 8 is a hop from the likely
    # hideout 5, 60 four hops.
    assert hops[8] == 1 and hops[60] == 4
    where = homing(BOARD, {8: 0.5, 60: 0.5}, {5: 0.9, 93: 0.1})
    assert where[8] > 0.8
    assert abs(sum(where.values()) - 1) < 1e-9


def test_the_hard_police_read_a_purposeful_jack_and_the_reference_does_not():
    assert STYLES["hard"].purposeful
    assert not STYLES["hard-2026-12"].purposeful
