"""The hard Jack never waits on the police to move (T1; play-tester D2,
round 15: "He wandered 59↔86↔85↔80↔81 for about ten moves with a coach
unused and his hideout close by, then ran off the end of the move track",
while the police, played by the keys 0 and 9, stood still and searched).

The police may always stay (T2), so a way home that needs them to move is
no way home.  `tests/data/lfw-jack-police-hold.json` is a game of this
program: the hard police until Jack's fifth space of a night, then every
policeman staying and searching; the hard Jack as it played before
`Style.stranded` lost night 2 on the last space of the track.  From the
first move after the police stopped, each Jack plays the night out against
police who keep staying and searching, with a fixed budget (0: every
decision to its own end).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from whitechapel.core import players
from whitechapel.core.record import Record
from whitechapel.core.registry import rules_for
from whitechapel.core.store import read_record
from whitechapel.lfw.actions import Pass, PoliceMove, Search
from whitechapel.lfw.legal import legal
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import jack as jack_players
from whitechapel.lfw.players.jack_board import tables
from whitechapel.lfw.rulebook import JACK, POLICE

RECORD = Path(__file__).parent / "data" / "lfw-jack-police-hold.json"
NIGHT = 2
STOPPED = 10  # the police stood still once this few spaces were left


def _start() -> tuple[Record, object]:
    """The game at Jack's first T1 of night 2 with the police standing still."""
    record = read_record(RECORD)
    rules = rules_for("lfw")
    options = rules.check_options(record.options)
    game = rules.start(rules.setup_from_json(record.setup, options), options)
    for text in record.actions:
        view = game.view(JACK)
        if (
            game.to_act == JACK
            and game.phase == Phase.ESCAPE
            and view.night == NIGHT
            and view.spaces_left <= STOPPED
        ):
            return record, game
        game.play(text)
    raise AssertionError("the record never reaches the position")


def _still(game) -> str:
    """The police of the record from there on: every policeman stays (T2)
    and searches the first circle offered, or passes (T3)."""
    actions = legal(game.view(POLICE))
    for kind in (PoliceMove, Search, Pass):
        for action in actions:
            if isinstance(action, kind) and (kind is not PoliceMove or action.crossing is None):
                return str(action)
    return str(actions[0])


def _night(style) -> tuple[str, list[str]]:
    """The rest of night 2 with the hard Jack of `style`: how it ended, and
    his moves."""
    _, game = _start()
    jack = jack_players.ComputerJack(JACK, 5, None, "hard")
    jack.style = style
    moves = []
    while game.outcome is None and game.night == NIGHT:
        if game.to_act == JACK:
            action = players.choose(jack, "lfw", game.view(JACK), 0).action
            if game.phase == Phase.ESCAPE:
                moves.append(action)
            game.play(action, JACK)
        else:
            game.play(_still(game), POLICE)
    if game.outcome is not None:
        return game.outcome.reason, moves
    return "home", moves


def test_t1_the_record_is_a_night_the_old_hard_jack_lost_to_police_standing_still():
    record = read_record(RECORD)
    assert record.outcome is not None and "end of the move track" in record.outcome.reason
    reason, _ = _night(replace(jack_players.LEVELS["hard"][1], stranded=0.0))
    assert "end of the move track" in reason


def test_t1_the_hard_jack_gets_home_past_police_who_stand_still():
    reason, moves = _night(jack_players.LEVELS["hard"][1])
    assert reason == "home", (reason, moves)


@pytest.mark.parametrize("coaches,alleys", [(0, 0), (1, 0), (0, 1), (2, 2)])
def test_t1_the_way_home_past_standing_police_is_never_shorter_than_through_them(coaches, alleys):
    """`hold_need` with no policeman is the way home policemen ignored
    (`JackTables.need`, which spends alleys but no coach: a coach covers two
    spaces as two steps do); policemen standing only lengthen it, and a
    token in hand only shortens it."""
    _, game = _start()
    board = game.board
    tb = tables(board)
    home = game.hideout
    free = tb.hold_need(home, 0, coaches, alleys)
    need = tb.home_need(home, alleys)
    assert free == {c: n for c, n in need.items() if n < 99}
    mask = board.police_mask(game.police.values())
    held = tb.hold_need(home, mask, coaches, alleys)
    fewer = tb.hold_need(home, mask, 0, 0)
    for c in board.circles:
        assert held.get(c, 99) >= free.get(c, 99)
        assert held.get(c, 99) <= fewer.get(c, 99)
