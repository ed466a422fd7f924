"""What Jack reads of the police's reach, for the hard escape
(`jack_escape.py`): how much of a board five policemen cover in a move,
and, of the circles where the police's notebook says he can be, which
ones the policemen can arrest on this turn, each with his own policeman
(T2 then T3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from whitechapel.core.matching import claim_in_order
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.players.jack_board import JackTables
from whitechapel.lfw.players.police_sense import scale


def crowding(board: Board) -> float:
    """The share of the board's circles five policemen stand beside after
    one move (`police_sense.Scale.reach`, the police's own measure): about
    a third on the 1888 board, four fifths on the tutorial board."""
    return scale(board).reach / max(1, len(board.circles))


def likeliest_arrests(
    tb: JackTables, counts: Mapping[int, float], police: Iterable[str]
) -> frozenset[int]:
    """The circles, likeliest first (the greatest weight: the notebook's
    path counts, or the police's reading of them), that the policemen can
    arrest on this turn each with his own policeman, until every policeman
    has one."""
    police = list(police)
    ranked = sorted(counts, key=lambda c: (-counts[c], c))
    return frozenset(matched(tb, ranked, police, len(police)))


def covered(tb: JackTables, circles: Sequence[int], police: Iterable[str]) -> bool:
    """Can each circle get its own policeman able to arrest on it this
    turn?"""
    police = list(police)
    if not circles or len(circles) > len(police):
        return False
    return len(matched(tb, circles, police, len(circles))) == len(circles)


def matched(tb: JackTables, circles: Sequence[int], police: Sequence[str], most: int) -> list[int]:
    """The circles, taken in order, that get their own policeman able to
    arrest on them this turn (`core.matching`: a circle that gets one
    keeps one), at most `most` of them."""

    def able(c: int) -> list[str]:
        return [x for x in police if tb.reach2[x] & tb.near[c]]

    return claim_in_order(circles, able, most)[0]
