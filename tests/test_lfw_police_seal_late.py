"""The hard police seal the likely hideouts only late in Jack's night
(`Style.seal_late`; play-testers C4 and D4, round 42: "three policemen sat
still for 8 turns searching the same circles"; docs/lfw-computer-police.md,
"Sealing late (round 43)").

Whole games of the hard Jack against the hard police on the 1888 board,
every decision with a fixed budget (0: each search to its own end, the same
on any machine): while Jack has more than `seal_late` spaces of his track
left, no policeman stays on his crossing to hold a seal; later the seals
still come.
"""

from __future__ import annotations

from whitechapel.core import players
from whitechapel.core.arena import player_seed
from whitechapel.core.registry import rules_for
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.police import STYLES, Police
from whitechapel.lfw.rulebook import JACK, POLICE

SEEDS = (960001, 960002, 960005)  # games of several nights, seals among their stays


def _stays(seed: int) -> list[tuple[int, str | None]]:
    """Each T2 stay of the police in the game of `seed`: Jack's spaces left,
    and the reason the player keeps his crossing (`Police.holds`)."""
    rules = rules_for("lfw")
    options = rules.check_options({})
    state = rules.start(rules.random_setup(seed, options, None), options)
    known = players.table_of("lfw", state)
    seats = {
        side: players.new_player("lfw", "hard", side, player_seed(seed, side), known)
        for side in (JACK, POLICE)
    }
    police = seats[POLICE]
    assert isinstance(police, Police)
    out = []
    while state.outcome is None:
        side = state.to_act
        assert side is not None
        view = state.view(side)
        action = players.choose(seats[side], "lfw", view, 0).action
        if side == POLICE and view.phase.key == Phase.HUNT and action.endswith(" stay"):
            out.append((view.spaces_left, police.holds(action.split()[0])))
        state.play(action, side)
    return out


LATE = 8  # spaces left: the hard police's `seal_late`


def test_t2_no_policeman_holds_a_seal_early_in_jacks_night():
    stays = [stay for seed in SEEDS for stay in _stays(seed)]
    early = [left for left, why in stays if why == "seal" and left > LATE]
    assert early == [], early
    assert any(why == "seal" for left, why in stays if left <= LATE)
    assert STYLES["hard"].seal_late == LATE
