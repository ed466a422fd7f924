"""The two simple Pocket players: `random` (`core/players.RandomPlayer`: any
legal action, alike) and `easy` (one look ahead: the board after each
action, judged as if the witness call came at once).  Both read nothing but
the view."""

from __future__ import annotations

from collections.abc import Sequence

from whitechapel.core.chance import Chance
from whitechapel.core.players import RandomPlayer
from whitechapel.pocket.actions import Alibi
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.players import reading
from whitechapel.pocket.preview import preview
from whitechapel.pocket.views import PocketView, Tile

__all__ = ["EasyPlayer", "RandomPlayer"]


def board_score(view: PocketView, tiles: Sequence[Tile], side: str) -> float:
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

    def choose(self, view: PocketView, legal: Sequence[str], budget: float | None = None) -> str:
        now = board_score(view, view.tiles, self.side)
        best: list[str] = []
        top = float("-inf")
        for text, action in zip(legal, reading.actions(legal), strict=True):
            if isinstance(action, Alibi):
                score = now + reading.alibi_worth(view, self.side)
            else:
                after = preview(view, action)
                score = now if after is None else board_score(view, after.tiles, self.side)
            if score > top + 1e-9:
                top, best = score, [text]
            elif score > top - 1e-9:
                best.append(text)
        return best[self.chance.below(len(best))]
