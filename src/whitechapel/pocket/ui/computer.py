"""What the computer just played, as the Pocket screen shows it to the
person playing against it: a line under the board's prompt, and the tiles
and detectives it touched marked on the board (`District.show(played=…)`).
From the actions alone, which the public log shows all the same."""

from __future__ import annotations

from collections.abc import Sequence

from whitechapel.pocket.actions import Action, Alibi, Exchange, Joker, Move, Rotate
from whitechapel.pocket.pieces import DETECTIVE_NAMES, SQUARES

WALL_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def action_words(action: Action) -> str:
    """An action in a few words: `W+2` -> 'Dr. Watson 2 places clockwise'."""
    if isinstance(action, Move):
        where = "place" if action.steps == 1 else "places"
        return f"{DETECTIVE_NAMES[action.detective]} {action.steps} {where} clockwise"
    if isinstance(action, Joker):
        if action.detective is None:
            return "the joker, moving nobody"
        return f"the joker: {DETECTIVE_NAMES[action.detective]} 1 place clockwise"
    if isinstance(action, Rotate):
        return f"turned {SQUARES[action.square]}, its wall now {WALL_WORDS['NESW'[action.wall]]}"
    if isinstance(action, Exchange):
        return f"swapped {SQUARES[action.first]} and {SQUARES[action.second]}"
    assert isinstance(action, Alibi)
    return "drew an alibi card"


def moves_line(who: str, moves: Sequence[Action]) -> str:
    """What the computer played since the person's last action, in one line:
    'Jack played W+2: Dr. Watson 2 places clockwise.', or for several
    'Jack played W+2, then Rb2E (marked on the board).'"""
    if len(moves) == 1:
        return f"{who} played [b]{moves[0]}[/b]: {action_words(moves[0])}."
    said = ", then ".join(f"[b]{m}[/b]" for m in moves)
    return f"{who} played {said} (marked on the board)."


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
