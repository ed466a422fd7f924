"""The puzzles a player has solved, per game, remembered between starts: a
small JSON file in the data folder (`store.data_dir()`, beside the saved
games), `{"pocket": [1, 3]}`.  Names no game: each game's puzzle list asks
for its own name's numbers.

A file that cannot be read, or holds something else, counts as nothing
solved (a tick is a convenience; it never stops a puzzle); it is then not
written over, so nothing the player wrote there is lost.  A file that
cannot be written is one sentence for the caller to show."""

from __future__ import annotations

import json
from pathlib import Path

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.files import read_player_file
from whitechapel.core.store import atomic_write_text, data_dir

FILE_NAME = "solved.json"
MAX_FILE = 64 * 1024  # bytes: a few numbers per game


class SolvedError(WhitechapelError):
    pass


def solved_path() -> Path:
    return data_dir() / FILE_NAME


def _load(path: Path) -> dict[str, list[int]] | None:
    """The file's table (empty without a file); None if it cannot be read."""
    if not path.exists() and not path.is_symlink():
        return {}
    try:
        data = json.loads(read_player_file(path, SolvedError, "puzzles file", limit=MAX_FILE))
    except (SolvedError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    out: dict[str, list[int]] = {}
    for game, numbers in data.items():
        if not isinstance(numbers, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in numbers
        ):
            return None
        out[str(game)] = numbers
    return out


def solved(game: str) -> set[int]:
    """The numbers of `game`'s puzzles solved so far (none, if unknown)."""
    table = _load(solved_path()) or {}
    return set(table.get(game, []))


def remember_solved(game: str, number: int) -> str | None:
    """Note puzzle `number` of `game` as solved; a sentence if it could not
    be remembered (None: remembered, or known already)."""
    path = solved_path()
    table = _load(path)
    if table is None:
        return f"the puzzles solved cannot be remembered: {path} cannot be read"
    numbers = set(table.get(game, []))
    if number in numbers:
        return None
    table[game] = sorted(numbers | {number})
    try:
        atomic_write_text(path, json.dumps(table, sort_keys=True) + "\n")
    except OSError as e:
        return f"the puzzles solved could not be written to {path} ({e.strerror or e})"
    return None
