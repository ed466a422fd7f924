"""The two simple Pocket players: `random` (`core/players.RandomPlayer`: any
legal action, alike) and `easy` (one look ahead: the board after each
action, judged as if the witness call came at once).  Both read nothing but
the view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.core.players import RandomPlayer
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.players import reading
from whitechapel.pocket.preview import preview

__all__ = ["EasyPlayer", "RandomPlayer"]


def board_score(view: Mapping[str, Any], tiles: list[dict[str, Any]], side: str) -> float:
    """The side's score of a board, were the witness call made on it now."""
    left = reading.suspects(view)
    seen = reading.seen_suspects(tiles)
    if side == JACK:
        me = reading.identity(view)
        return reading.jack_score(len(left), len(seen), me in seen)
    return reading.split_score(len(left), len(seen))


class EasyPlayer:
    """One ply: each action's board (the preview a human sees), scored as if
    the witness call came next; an alibi card at its expected worth.  It does
    not think about what the other side will answer."""

    level = "easy"

    def __init__(self, side: str, seed: int, table: object = None) -> None:
        self.side = side
        self.chance = Chance(seed)

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[str], budget: float | None = None
    ) -> str:
        now = board_score(view, view["tiles"], self.side)
        best: list[str] = []
        top = float("-inf")
        for action in legal:
            if action == "A":
                score = now + reading.alibi_worth(view, self.side)
            else:
                after = preview(view, action)
                score = now if after is None else board_score(view, after["tiles"], self.side)
            if score > top + 1e-9:
                top, best = score, [action]
            elif score > top - 1e-9:
                best.append(action)
        return best[self.chance.below(len(best))]
