"""Loading a board for play: the shipped boards, or a player's own map file,
fully checked (`--map FILE` on every game command).

A shipped board may be redrawn; each drawing is an **edition** and every
edition stays shipped, so a game keeps the board it was played on.  A board
is named by its name ('whitechapel-1888': the latest edition) or by its name
and edition ('whitechapel-1888@1').  Records and rooms always carry the
edition; a record made before editions existed names none and means the
first (`Setup.from_json`).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from whitechapel.core.errors import MapError
from whitechapel.lfw.map.board import DEFAULT_MAP, TUTORIAL_MAP, Board
from whitechapel.lfw.map.mapcheck import validate
from whitechapel.lfw.map.mapfile import read_map_file

DEFAULT_NAME = "whitechapel-1888"

# Every edition of every shipped board: name -> {edition: file in assets/maps}.
EDITIONS: dict[str, dict[int, str]] = {
    DEFAULT_NAME: {1: "whitechapel-1888-ed1.json", 2: "whitechapel-1888-ed2.json", 3: DEFAULT_MAP},
    "tutorial": {1: "tutorial-ed1.json", 2: "tutorial-ed2.json", 3: TUTORIAL_MAP},
}
# The latest edition of each shipped board, by name.
BUILTIN = {name: files[max(files)] for name, files in EDITIONS.items()}


def latest_edition(name: str) -> int:
    return max(EDITIONS[name])


def shipped_ids() -> list[str]:
    """Every shipped board and edition, as 'name@edition'."""
    return [f"{name}@{e}" for name, files in sorted(EDITIONS.items()) for e in sorted(files)]


def board_names() -> list[str]:
    """Every name `--map` takes for a shipped board: short names first
    ('1888', '1888@1'), then the boards' own with each edition."""
    from whitechapel.lfw.map.shipped import ALIASES

    short = [
        f"{alias}{at}"
        for alias, name in ALIASES.items()
        for at in ("", *(f"@{e}" for e in sorted(EDITIONS[name])))
    ]
    own = [
        f"{name}{at}"
        for name in EDITIONS
        for at in ("", *(f"@{e}" for e in sorted(EDITIONS[name])))
    ]
    return short + own


def split_id(text: str) -> tuple[str, int | None] | None:
    """('whitechapel-1888', 1) for 'whitechapel-1888@1', (name, None) for a
    bare shipped name, None when the text names no shipped board."""
    name, at, edition = text.partition("@")
    if name not in EDITIONS:
        return None
    if not at:
        return name, None
    if not edition.isdigit() or int(edition) not in EDITIONS[name]:
        return None
    return name, int(edition)


def is_shipped(text: str) -> bool:
    return split_id(text) is not None


def load_board(path: str | Path | None = None) -> Board:
    """The default board for None, a shipped board by name ('tutorial') or
    by name and edition ('whitechapel-1888@1'), or a map file, which must
    pass every check of `whitechapel map check`."""
    if path is None:
        return _builtin(DEFAULT_NAME, latest_edition(DEFAULT_NAME))
    from whitechapel.lfw.map.shipped import board_id

    text = board_id(str(path))
    found = split_id(text)
    if found is not None:
        name, edition = found
        return _builtin(name, edition or latest_edition(name))
    name = text.partition("@")[0]
    if name in EDITIONS and not Path(text).exists():
        editions = ", ".join(str(e) for e in sorted(EDITIONS[name]))
        raise MapError(
            f"the board {name} has no edition {text.partition('@')[2]!r} (it has {editions})"
        )
    if not Path(text).exists() and Path(text).suffix == "" and "/" not in text:
        raise MapError(
            f"{text}: no board of that name and no such file (the boards: "
            f"{', '.join(board_names())}; or a map file's path)"
        )
    data = read_map_file(path)
    try:
        return validate(data)
    except MapError as e:
        raise MapError(f"{path}: {e}", [f"{path}: {p}" for p in e.problems]) from None


@lru_cache(maxsize=4)
def _builtin(name: str, edition: int) -> Board:
    """Shipped boards are loaded once per process (a Board never changes)."""
    board = Board.builtin(EDITIONS[name][edition], name)
    if board.edition != edition:  # the file says which edition it is
        raise MapError(f"the shipped file of {name}@{edition} holds edition {board.edition}")
    return board
