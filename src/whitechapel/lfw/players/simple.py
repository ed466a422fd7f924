"""The simplest Letters from Whitechapel players: `random` (any legal
action, alike, for either side: `core/players.RandomPlayer`) and
`homeward`, the arena's yardstick Jack: random, but in T1 mostly the step
that brings him nearest his hideout, announced on arrival (as `whitechapel
lfw selfplay --jack homeward` plays)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.lfw.actions import Action, Alley, Coach, Step
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.player import LfwPlayer
from whitechapel.lfw.views import JackView


class HomewardJack(LfwPlayer):
    """Random, but in T1, `eager` of the time, the move that ends nearest
    the hideout (by Jack's steps on the board), announcing it on arrival."""

    level = "homeward"

    def __init__(self, side: str, seed: int, table: Any = None, eager: float = 0.7) -> None:
        super().__init__(side, seed, table)
        self.chance = Chance(seed)
        self.eager = eager

    def decide(self, view: JackView, legal: Sequence[Action], budget: float | None) -> Action:
        if view.phase.key != Phase.ESCAPE or self.chance.below(1000) >= self.eager * 1000:
            return legal[self.chance.below(len(legal))]
        home = [a for a in legal if isinstance(a, Step) and a.home]
        if home:
            return home[0]
        hideout = view.jack.hideout
        assert hideout is not None  # chosen in S1, before the first night

        def distance(action: Action) -> int:
            end = action.second if isinstance(action, Coach) else _circle(action)
            return self.board.jack_distance(end, hideout) or 0

        best = min(distance(a) for a in legal)
        nearest = [a for a in legal if distance(a) == best]
        return nearest[self.chance.below(len(nearest))]


def _circle(action: Action) -> int:
    assert isinstance(action, Step | Alley)  # T1 offers steps, coaches and alleys
    return action.circle
