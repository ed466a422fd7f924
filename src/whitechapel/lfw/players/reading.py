"""What the players read from a view and the table, in one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from whitechapel.lfw.map.board import Board
from whitechapel.lfw.setup import board_of_table


def board_of(table: Any) -> Board:
    """The game's board (the table; None: the default board)."""
    return board_of_table(table)


def phase(view: Mapping[str, Any]) -> str:
    return str(view["phase"]["key"])


def jack_position(view: Mapping[str, Any]) -> int | None:
    """Jack's circle, in Jack's own view (None before tonight's crime)."""
    return view["jack"]["position"]


def hideout(view: Mapping[str, Any]) -> int | None:
    return view["jack"]["hideout"]


def spaces_left(view: Mapping[str, Any]) -> int:
    """How many spaces of tonight's row are still free (numbered 15 is the last)."""
    track = view["track"]
    return 19 - track[-1]["index"] if track else 15
