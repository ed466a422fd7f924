"""The setup of a Letters from Whitechapel game (the options are in options.py).

The only chance event of the game is the order of the Chief tokens (S2); it is
drawn from the seed into the setup, so a record replays exactly.  The setup
also names the board: a shipped one by name and edition ('whitechapel-1888@2',
so that a record keeps the drawing it was played on after the board is
redrawn), or a player's map carried whole so that a record replays anywhere.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.core.errors import MapError, RecordError
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import map_from_json
from whitechapel.lfw.map.maps import DEFAULT_NAME, latest_edition, load_board, shipped_ids, split_id
from whitechapel.lfw.rulebook import COLOURS


@dataclass(frozen=True)
class Setup:
    chiefs: tuple[str, ...]  # S2: the Chief tokens in the order they are turned
    map_name: str | None = DEFAULT_NAME  # a shipped board, made 'name@edition' on creation
    map_data: dict | None = field(default=None, compare=False)  # or a player's map, whole

    def __post_init__(self) -> None:
        if self.map_name is not None and "@" not in self.map_name:
            found = split_id(self.map_name)
            if found is None:
                raise RecordError(f"unknown board {self.map_name!r}")
            object.__setattr__(self, "map_name", f"{found[0]}@{latest_edition(found[0])}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"chiefs": list(self.chiefs)}
        if self.map_data is not None:
            out["map"] = {"data": self.map_data}
        else:
            out["map"] = {"builtin": self.map_name}
        return out

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        if not isinstance(data, dict):
            raise RecordError("an LfW setup is a JSON object")
        chiefs = data.get("chiefs")
        if (
            not isinstance(chiefs, list)
            or not all(isinstance(c, str) for c in chiefs)
            or sorted(chiefs) != sorted(COLOURS)
        ):
            raise RecordError("'chiefs' lists the five police colours in the order turned")
        m = data.get("map", {})
        if not isinstance(m, dict):
            raise RecordError("the setup's 'map' is {'builtin': name} or {'data': map}")
        if "data" in m:
            if not isinstance(m["data"], dict):
                raise RecordError("the record's map is malformed")
            return cls(tuple(chiefs), None, m["data"])
        name = m.get("builtin", DEFAULT_NAME)
        if not isinstance(name, str) or split_id(name) is None:
            raise RecordError(
                f"unknown board {name!r}: this program has {', '.join(shipped_ids())}"
            )
        if "@" not in name:
            name = f"{name}@1"  # recorded before boards had editions: the first
        return cls(tuple(chiefs), name)

    def board(self) -> Board:
        if self.map_data is not None:
            return _board_of_data(self.map_data)
        return load_board(self.map_name)


def random_setup(seed: int, board: Board | None = None) -> Setup:
    """S2's shuffled Chief tokens, on `board` (default: the 1888 board)."""
    chiefs = tuple(Chance(seed).shuffled(COLOURS))
    if board is None or board.builtin_id:
        return Setup(chiefs, board.builtin_id if board else DEFAULT_NAME)
    return Setup(chiefs, None, board.data.to_json())


# -- the table: the board, which every side knows (core/players.py) ------------------

_TABLE_BOARDS: dict[str, Board] = {}  # a player's map, validated once per process


def table_of(setup: Setup) -> dict[str, Any]:
    """The public table of a game: its board, as the setup records it
    (`{'builtin': 'whitechapel-1888@2'}`, or `{'data': map}` for a player's map)."""
    return setup.to_json()["map"]


def board_of_table(table: Any) -> Board:
    """The board a table names (None: the default board)."""
    if table is None:
        return load_board(None)
    if not isinstance(table, dict):
        raise RecordError("a Letters from Whitechapel table is {'builtin': name} or {'data': map}")
    if "data" not in table:
        name = table.get("builtin")
        if not isinstance(name, str) or split_id(name) is None:
            raise RecordError(
                f"unknown board {name!r}: this program has {', '.join(shipped_ids())}"
            )
        return load_board(name)
    return _board_of_data(table["data"])


def _board_of_data(data: Any) -> Board:
    """A player's map, validated once per process: every game and player on
    the same map shares one board (a board per game kept the engine's
    caches of moves, keyed by board, growing with the games played)."""
    key = json.dumps(data, sort_keys=True)
    board = _TABLE_BOARDS.get(key)
    if board is None:
        try:
            from whitechapel.lfw.map.mapcheck import validate

            board = validate(map_from_json(data), searchable=False)
        except MapError as e:
            raise RecordError(f"the record's map is not usable: {e}") from None
        if len(_TABLE_BOARDS) >= 4:
            _TABLE_BOARDS.clear()
        _TABLE_BOARDS[key] = board
    return board
