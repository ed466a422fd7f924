"""What the computer (or a network seat's opponent) just played, as the
Pocket screen shows it to the person playing against it: a line under the
board's prompt, and the tiles and detectives it touched marked on the board
(`District.show(played=…)`; one action at a time in a replay, `replay.py`).
From the view's public log (`sentences.py`), which shows them all the same."""

from __future__ import annotations

from collections.abc import Sequence

from whitechapel.pocket.actions import Action, Exchange, Joker, Move, Rotate
from whitechapel.pocket.sentences import action_phrase, played_since, terse_phrase
from whitechapel.pocket.views import PocketView


def moves_line(view: PocketView, who: str, count: int, width: int = 78) -> str:
    """What the computer played since the person's last action (the newest
    `count` actions of the view's log), in one line of at most `width`
    characters: 'Jack moved Watson two steps clockwise (4→6).', or for
    several 'Jack rotated b2 (Goodley): wall east, then moved Watson two
    steps (4→6).'; where no wording of them all fits, the fewest words
    ('The investigator: Watson 8→10, then joker: Watson 10→11.'), at the
    last cut at its end with '…' (tester PB, round 1: the line ran past its
    row; tester PC, round 2: cut at its start, "The investigator …then
    played the joker", it lost the first action)."""
    moves = played_since(view, count)

    def line(short: bool, board: bool) -> str:
        said = ", then ".join(
            action_phrase(e.action, b, card, e.side, short, named=board) for e, b, card in moves
        )
        return f"{who} {said}."

    terse = ", then ".join(terse_phrase(e.action, b, card) for e, b, card in moves)
    # then the tiles turned by their squares alone, then the swapped ones too
    # (tester RE, round 29: "then turned b2 (Bert): no…", its wall cut)
    turned = ", then ".join(
        terse_phrase(e.action, b, card, named=isinstance(e.action, Exchange))
        for e, b, card in moves
    )
    bare = ", then ".join(terse_phrase(e.action, b, card, named=False) for e, b, card in moves)
    tries = [line(False, True), line(True, True), line(True, False), f"{who}: {terse}."]
    tries += [f"{who}: {turned}.", f"{who}: {bare}."]
    return fit_line(tries, width)


def fit_line(tries: Sequence[str], width: int) -> str:
    """The first of `tries` (longest first) within `width` characters, else
    the last cut to fit, with an ellipsis: a line under the prompt never
    wraps onto a row it does not have."""
    fits = next((t for t in tries if len(t) <= width), None)
    return fits if fits is not None else tries[-1][: max(1, width - 1)] + "…"


def marks(moves: Sequence[Action]) -> tuple[set[int], set[int]]:
    """The tiles and the detectives (by index) the moves touched."""
    tiles: set[int] = set()
    detectives: set[int] = set()
    for action in moves:
        if isinstance(action, Move | Joker) and action.detective is not None:
            detectives.add(action.detective)
        elif isinstance(action, Rotate):
            tiles.add(action.square)
        elif isinstance(action, Exchange):
            tiles |= {action.first, action.second}
    return tiles, detectives
