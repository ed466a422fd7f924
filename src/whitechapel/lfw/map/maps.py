"""Loading a board for play: the shipped boards, or a player's own map file,
fully checked (`--map FILE` on every game command)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from whitechapel.core.errors import MapError
from whitechapel.lfw.map.board import DEFAULT_MAP, TUTORIAL_MAP, Board
from whitechapel.lfw.map.mapcheck import validate
from whitechapel.lfw.map.mapfile import read_map_file

BUILTIN = {"whitechapel-1888": DEFAULT_MAP, "tutorial": TUTORIAL_MAP}


def load_board(path: str | Path | None = None) -> Board:
    """The default board for None, a shipped board by name ('tutorial'), or a
    map file, which must pass every check of `whitechapel map check`."""
    if path is None:
        return _builtin(DEFAULT_MAP)
    if str(path) in BUILTIN:
        return _builtin(BUILTIN[str(path)])
    data = read_map_file(path)
    try:
        return validate(data)
    except MapError as e:
        raise MapError(f"{path}: {e}", [f"{path}: {p}" for p in e.problems]) from None


@lru_cache(maxsize=4)
def _builtin(name: str) -> Board:
    """Shipped boards are loaded once per process (a Board never changes)."""
    return Board.builtin(name)
