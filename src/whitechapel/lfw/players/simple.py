"""The simplest Letters from Whitechapel players: `random` (any legal
action, alike, for either side: `core/players.RandomPlayer`) and
`homeward`, the arena's yardstick Jack: random, but in T1 mostly the step
that brings him nearest his hideout, announced on arrival (as `whitechapel
lfw selfplay --jack homeward` plays)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from whitechapel.core.players import RandomPlayer
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import reading


class HomewardJack(RandomPlayer):
    """Random, but in T1, `eager` of the time, the move that ends nearest
    the hideout (by Jack's steps on the board), announcing it on arrival."""

    level = "homeward"

    def __init__(self, side: str, seed: int, table: Any = None, eager: float = 0.7) -> None:
        super().__init__(side, seed, table)
        self.board = reading.board_of(table)
        self.eager = eager

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[str], budget: float | None = None
    ) -> str:
        if reading.phase(view) != Phase.ESCAPE or self.chance.below(1000) >= self.eager * 1000:
            return super().choose(view, legal, budget)
        home = [a for a in legal if a.endswith(" home")]
        if home:
            return home[0]
        hideout = reading.hideout(view)
        assert hideout is not None  # chosen in S1, before the first night

        def distance(action: str) -> int:
            end = int(action.split()[-1])  # step N, coach A B, alley N: the circle reached
            return self.board.jack_distance(end, hideout) or 0

        best = min(distance(a) for a in legal)
        nearest = [a for a in legal if distance(a) == best]
        return nearest[self.chance.below(len(nearest))]
