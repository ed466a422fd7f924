"""Small hand-made Letters from Whitechapel maps for tests.

`map_json` writes the JSON form of a map ("whitechapel-map", version 1) from
a few arguments; `make_map` parses it into `MapData`; `board` builds the
`Board`.  A `Board` needs no red circles, yellow crossings or Goulston Street,
so relation tests use it directly; `good_map_json` is a map that also passes
`mapcheck.validate`, for the validator tests to break one rule at a time.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import MapData, map_from_json

Point = tuple[int, int]


def map_json(
    circles: Mapping[int, Point],
    crossings: Mapping[str, Point] | None = None,
    segments: Iterable[tuple[Any, Any] | list[Any]] = (),
    *,
    red: Iterable[int] = (),
    yellow: Iterable[str] = (),
    goulston: str | Iterable[str] | None = None,
    width: int = 240,
    height: int = 80,
    columns: tuple[int, int] = (80, 160),
    rows: tuple[int] = (40,),
    name: str = "test map",
) -> dict[str, Any]:
    """The JSON object of a map.  Circles are {number: (x, y)}, crossings
    {id: (x, y)}; segments are pairs of circle numbers / crossing ids."""
    red, yellow = set(red), set(yellow)
    goulstons = {goulston} if isinstance(goulston, str) else set(goulston or ())
    out_circles = []
    for n, (x, y) in circles.items():
        c: dict[str, Any] = {"n": n, "x": x, "y": y}
        if n in red:
            c["red"] = True
        out_circles.append(c)
    out_crossings = []
    for cid, (x, y) in (crossings or {}).items():
        k: dict[str, Any] = {"id": cid, "x": x, "y": y}
        if cid in yellow:
            k["yellow"] = True
        if cid in goulstons:
            k["goulston"] = True
        out_crossings.append(k)
    return {
        "format": "whitechapel-map",
        "version": 1,
        "name": name,
        "canvas": {"width": width, "height": height},
        "sectors": {"columns": list(columns), "rows": list(rows)},
        "circles": out_circles,
        "crossings": out_crossings,
        "segments": [list(s) for s in segments],
    }


def make_map(*args: Any, **kwargs: Any) -> MapData:
    """`map_json(...)` parsed (structural checks only)."""
    return map_from_json(map_json(*args, **kwargs))


def board(*args: Any, **kwargs: Any) -> Board:
    """The `Board` of `map_json(...)`, without the rule checks of `validate`."""
    return Board(make_map(*args, **kwargs))


def segments_from(text: str) -> list[list[Any]]:
    """'1-2 2-p p-q' as segments; digits are circles, anything else crossings."""
    out: list[list[Any]] = []
    for pair in text.split():
        a, b = pair.split("-")
        out.append([int(a) if a.isdigit() else a, int(b) if b.isdigit() else b])
    return out


# -- a map that passes validate ------------------------------------------------
#
# A ladder of nine squares' worth of rungs: circles 1..9 on top, crossings
# x1..x9 below, each circle joined to its crossing, neighbours joined along
# both rails.  Circles 1..8 are red (9 is not), x1..x7 are yellow, x8 is
# Goulston Street.
#
#   y=10   1 -- 2 -- 3 -- 4 -- 5 -- 6 -- 7 -- 8 -- 9
#          |    |    |    |    |    |    |    |    |
#   y=30   x1 - x2 - x3 - x4 - x5 - x6 - x7 - x8 - x9
#
#          x = 10, 20, ..., 90 on a 240x80 canvas

GOOD_CIRCLES = {n: (10 * n, 10) for n in range(1, 10)}
GOOD_CROSSINGS = {f"x{n}": (10 * n, 30) for n in range(1, 10)}
GOOD_SEGMENTS = (
    [[n, f"x{n}"] for n in range(1, 10)]
    + [[n, n + 1] for n in range(1, 9)]
    + [[f"x{n}", f"x{n + 1}"] for n in range(1, 9)]
)
GOOD_RED = range(1, 9)
GOOD_YELLOW = [f"x{n}" for n in range(1, 8)]
GOOD_GOULSTON = "x8"


def good_map_json() -> dict[str, Any]:
    """A fresh copy of the ladder map (safe to mutate)."""
    return copy.deepcopy(
        map_json(
            GOOD_CIRCLES,
            GOOD_CROSSINGS,
            GOOD_SEGMENTS,
            red=GOOD_RED,
            yellow=GOOD_YELLOW,
            goulston=GOOD_GOULSTON,
            name="ladder",
        )
    )
