"""The drawings of a board the map widget shows, each built once per board
(and size) and shared by every widget: the full map at its natural scale,
the half-scale overview (one cell a node, no numbers), and the whole board
fitted into a window with every number kept (`whole_board`, `lfw/map/squeeze.py`)."""

from __future__ import annotations

import math
import weakref
from typing import Any

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.geometry import octilinear
from whitechapel.lfw.map.mapfile import Node
from whitechapel.lfw.map.squeeze import drop_rows, spare_rows, squeeze

# The overview: one cell per node.
OVERVIEW_GLYPHS = {cv.CIRCLE: "●", cv.RED: "●", cv.CROSSING: "·", cv.YELLOW: "◆", cv.GOULSTON: "★"}


def build_overview(board: Any) -> cv.Canvas:
    """The board at half scale: node (x, y) on cell (x//2, y//2), one cell
    each, streets drawn between them.  Where two nodes fall on one cell the
    circle is drawn (and `owners` names it); marks drawn weakest first put
    the strongest on top."""
    data = cv.map_data(board)
    w, h = (data.width + 1) // 2, (data.height + 1) // 2
    chars = [[" "] * w for _ in range(h)]
    tags = [[cv.BLANK] * w for _ in range(h)]
    pos = {v: (x // 2, y // 2) for v, (x, y) in cv.positions(data).items()}
    nodes = set(pos.values())
    g = cv.GLYPHS["lines"]
    for a, b in data.segments:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        glyph = cv.street_glyph(xb - xa, yb - ya, g)
        for x, y in cv.line_cells(xa, ya, xb, yb):
            if (x, y) not in nodes:
                chars[y][x], tags[y][x] = glyph, cv.STREET
    labels: dict[Node, cv.Label] = {}
    kinds: list[tuple[Node, str]] = [(c.n, cv.RED if c.red else cv.CIRCLE) for c in data.circles]
    kinds += [
        (x.id, cv.GOULSTON if x.goulston else cv.YELLOW if x.yellow else cv.CROSSING)
        for x in data.crossings
    ]
    for v, tag in reversed(kinds):  # circles last: they win a shared cell
        x, y = pos[v]
        chars[y][x], tags[y][x] = OVERVIEW_GLYPHS[tag], tag
    for v, tag in kinds:  # each its own glyph, for marks drawn on it
        labels[v] = cv.Label(*pos[v], OVERVIEW_GLYPHS[tag])
    runs = [cv.merge_runs(chars[y], tags[y]) for y in range(h)]
    return cv.Canvas(w, h, chars, tags, runs, labels, cv.owners(labels))


_CANVASES: weakref.WeakKeyDictionary[Any, tuple[cv.Canvas, cv.Canvas]] = weakref.WeakKeyDictionary()


def canvases(board: Any) -> tuple[cv.Canvas, cv.Canvas]:
    """(full canvas, overview) of a board, built on first use: boards never
    change, and every widget showing the board shares them."""
    found = _CANVASES.get(board)
    if found is None:
        found = (cv.build_canvas(board), build_overview(board))
        _CANVASES[board] = found
    return found


_WHOLE: weakref.WeakKeyDictionary[Any, dict[tuple[int, int], cv.Canvas]]
_WHOLE = weakref.WeakKeyDictionary()
# Sizes tried for a board not drawn straight, as shares of the natural size,
# when the window is too small for the whole board to stay legible in it
# (it is then scrolled).
FALLBACK_SCALES = (0.7, 0.8, 0.9)
SMALLEST_SCALE = 0.6  # below this share of the natural size, not even tried


def straight(board: Any) -> bool:
    """Is every street of the board drawn straight (octilinear)?"""
    data = cv.map_data(board)
    pos = cv.positions(data)
    return all(octilinear(pos[a], pos[b]) for a, b in data.segments)


def least_size(board: Any) -> tuple[int, int]:
    """The smallest the whole board is drawn without changing a street's
    direction: its own width, its height less its spare rows."""
    data = cv.map_data(board)
    return data.width, data.height - len(spare_rows(data))


def whole_board(board: Any, width: int, height: int) -> cv.Canvas:
    """The whole board in at most width × height cells with every circle's
    number legible, as near the full drawing as the window allows:

    - the full drawing, where it fits;
    - else the full drawing less some of its spare rows (rows of nothing but
      vertical streets: `squeeze.drop_rows`), where that fits: no street
      changes its direction;
    - else, for a board drawn straight, the full drawing (it scrolls): a
      squeezed drawing would bend its streets, and a player who learnt the
      board on the map would not find it again;
    - else (a board whose streets run at any angle) scaled and nudged into
      the window (`squeeze.squeeze`), or where the window is too small for
      that, the smallest legible drawing tried (0.7, 0.8, 0.9 of the natural
      size, or the natural size itself).
    """
    cache = _WHOLE.setdefault(board, {})
    found = cache.get((width, height))
    if found is not None:
        return found
    cache[(width, height)] = canvas = _whole_board(board, width, height)
    return canvas


def _whole_board(board: Any, width: int, height: int) -> cv.Canvas:
    data = cv.map_data(board)
    nw, nh = data.width, data.height
    if nw <= width:
        short = drop_rows(data, height)
        if short is data:
            return canvases(board)[0]
        if short is not None:
            return cv.build_canvas(short)
    if straight(board):
        return canvases(board)[0]
    sizes = []
    if width >= SMALLEST_SCALE * nw and height >= SMALLEST_SCALE * nh:
        sizes.append((width, height))
    for f in FALLBACK_SCALES:
        w, h = max(width, math.ceil(f * nw)), max(height, math.ceil(f * nh))
        if (w, h) not in sizes and (w < nw or h < nh):
            sizes.append((w, h))
    for w, h in sizes:
        if w >= nw and h >= nh:
            break
        small = squeeze(data, w, h)
        if small is not None:
            return cv.build_canvas(small)
    return canvases(board)[0]
