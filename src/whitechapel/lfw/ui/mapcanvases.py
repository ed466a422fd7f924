"""The drawings of a board the map widget shows, each built once per board
(and size) and shared by every widget: the full map at its natural scale,
the overview (one cell a node, a circle's number where it fits beside it:
at half scale, or fitted into a smaller window, `fitted_overview`), and the whole board fitted into a
window with every number kept (`whole_board`: `lfw/map/squeeze.py`,
`lfw/map/compact.py`).  `whole_window` is the one figure the screen gives
for "what window shows the whole board"."""

from __future__ import annotations

import math
import weakref
from functools import lru_cache
from typing import Any

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.compact import compact_columns, compact_to
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
    owner = cv.owners(labels)  # a circle sharing its cell with another is a dot
    own: dict[Node, tuple[int, int]] = {
        c.n: pos[c.n] for c in data.circles if owner.get(pos[c.n]) == c.n
    }
    labels.update(_write_numbers(data, own, chars, tags))
    runs = [cv.merge_runs(chars[y], tags[y]) for y in range(h)]
    return cv.Canvas(w, h, chars, tags, runs, labels, cv.owners(labels))


def numbers(data: Any, at: dict[Node, tuple[int, int]], width: int) -> dict[Node, cv.Label]:
    """The circles of an overview whose number fits on their row beside
    their cell (`at`): from the cell rightwards, else leftwards to it, else
    around it, over no other node and no other number, with a cell between
    two numbers; the red circles first, then by number.  Each such circle is
    drawn as its number, which the marks colour as on the full map (testers
    R2, S2 and T2, rounds 22 and 23: a field of dots with no numbers could
    not be read as a map)."""
    nodes = set(at.values())
    used: set[tuple[int, int]] = set()
    out: dict[Node, cv.Label] = {}
    for c in sorted(data.circles, key=lambda c: (not c.red, c.n)):
        x, y = at[c.n]
        text = str(c.n)
        k = len(text)
        for x0 in (x, x - k + 1, x - (k - 1) // 2):
            cells = [(x0 + i, y) for i in range(k)]
            if x0 < 0 or x0 + k > width or (x0 - 1, y) in used or (x0 + k, y) in used:
                continue
            if any(cell != (x, y) and (cell in nodes or cell in used) for cell in cells):
                continue
            used.update(cells)
            out[c.n] = cv.Label(x0, y, text)
            break
    return out


def _write_numbers(
    data: Any, at: dict[Node, tuple[int, int]], chars: list[list[str]], tags: list[list[str]]
) -> dict[Node, cv.Label]:
    """`numbers` drawn into `chars` and `tags` (a red circle's in red)."""
    red = {c.n for c in data.circles if c.red}
    found = numbers(data, at, len(chars[0]) if chars else 0)
    for v, lab in found.items():
        for i, ch in enumerate(lab.text):
            chars[lab.y][lab.x0 + i] = ch
            tags[lab.y][lab.x0 + i] = cv.RED if v in red else cv.CIRCLE
    return found


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


@lru_cache(maxsize=4)  # per board (by identity): boards never change
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
    - else, for a board drawn straight, that drawing made narrower
      (`compact.compact_to`: horizontal streets and blank ground shorter,
      every street in its direction, as little narrower as the window
      asks), where that fits;
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
    if straight(board):
        least_w, least_h = least_whole(board)
        if width < least_w or height < least_h:
            return canvases(board)[0]  # no drawing fits: the board as it is
    if nw <= width:
        short = drop_rows(data, height)
        if short is data:
            return canvases(board)[0]
        if short is not None:
            return cv.build_canvas(short)
    if straight(board):
        narrow = compact_to(drop_rows(data, height) or data, width)
        return canvases(board)[0] if narrow is None else cv.build_canvas(narrow)
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


@lru_cache(maxsize=4)  # per board: 36 ms of the game screen's first frame
def least_whole(board: Any) -> tuple[int, int]:
    """The smallest map area `whole_board` draws the whole board in, every
    number whole: for a board drawn straight its narrowest drawing
    (`compact_columns`) less its spare rows; for another its natural size
    (squeezing it may do with less, but that is not known without trying)."""
    if not straight(board):
        data = cv.map_data(board)
        return data.width, data.height
    _, height = least_size(board)
    short = drop_rows(cv.map_data(board), height)
    assert short is not None  # least_size leaves out only its spare rows
    return compact_columns(short).width, height


def whole_window(board: Any, side: int, rows: int) -> tuple[int, int]:
    """The window that shows the whole board beside panels `side` columns
    wide, with `rows` rows that are not map (banner, prompt, choices...)."""
    width, height = least_whole(board)
    return width + side, height + rows


# -- the overview fitted into a small window -----------------------------------------

# Where a node may go when its own cell is taken, nearest first (a cell is
# about twice as tall as wide: a row costs two columns).
_NEAR = sorted(
    ((dx, dy) for dx in range(-6, 7) for dy in range(-3, 4) if (dx, dy) != (0, 0)),
    key=lambda d: (abs(d[0]) + 2 * abs(d[1]), abs(d[1]), d),
)
_FITTED: weakref.WeakKeyDictionary[Any, dict[tuple[int, int], cv.Canvas]]
_FITTED = weakref.WeakKeyDictionary()


def fitted_overview(board: Any, width: int, height: int) -> cv.Canvas:
    """The overview in at most width × height cells: the half-scale one
    (`build_overview`) where it fits, else every node scaled into the
    window on a cell of its own (its own cell taken, the nearest free one),
    circles placed first; no streets (at that scale they would hide the
    board's shape, not show it).  Every node keeps a cell, so every mark
    (a possible circle, a crime, a clue, a policeman, a woman) shows; the
    window must have a cell for every node, else the half-scale one is
    given (it scrolls)."""
    half = canvases(board)[1]
    if half.width <= width and half.height <= height:
        return half
    cache = _FITTED.setdefault(board, {})
    found = cache.get((width, height))
    if found is None:
        found = cache[(width, height)] = _fitted(board, width, height) or half
    return found


def _fitted(board: Any, width: int, height: int) -> cv.Canvas | None:
    data = cv.map_data(board)
    nodes: list[tuple[Node, str]] = [(c.n, cv.RED if c.red else cv.CIRCLE) for c in data.circles]
    nodes += [
        (x.id, cv.GOULSTON if x.goulston else cv.YELLOW if x.yellow else cv.CROSSING)
        for x in data.crossings
    ]
    if len(nodes) > width * height:
        return None
    pos = cv.positions(data)
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    x0, y0 = min(xs), min(ys)
    sx = (width - 1) / max(max(xs) - x0, 1)
    sy = (height - 1) / max(max(ys) - y0, 1)
    taken: dict[tuple[int, int], Node] = {}
    at: dict[Node, tuple[int, int]] = {}
    for v, _ in nodes:
        x, y = pos[v]
        home = (round((x - x0) * sx), round((y - y0) * sy))
        for dx, dy in ((0, 0), *_NEAR):
            cell = (home[0] + dx, home[1] + dy)
            if cell not in taken and 0 <= cell[0] < width and 0 <= cell[1] < height:
                taken[cell] = v
                at[v] = cell
                break
        else:
            cell = next(
                (cx, cy) for cy in range(height) for cx in range(width) if (cx, cy) not in taken
            )
            taken[cell] = v
            at[v] = cell
    w = max(x for x, _ in at.values()) + 1
    h = max(y for _, y in at.values()) + 1
    chars = [[" "] * w for _ in range(h)]
    tags = [[cv.BLANK] * w for _ in range(h)]
    g = cv.GLYPHS["lines"]
    for a, b in data.segments:  # streets where they have a free cell, fainter
        (xa, ya), (xb, yb) = at[a], at[b]
        glyph = cv.street_glyph(xb - xa, yb - ya, g)
        for x, y in cv.line_cells(xa, ya, xb, yb)[1:-1]:
            if (x, y) not in taken:
                chars[y][x], tags[y][x] = glyph, cv.STREET
    labels: dict[Node, cv.Label] = {}
    for v, tag in nodes:
        x, y = at[v]
        chars[y][x], tags[y][x] = OVERVIEW_GLYPHS[tag], tag
        labels[v] = cv.Label(x, y, OVERVIEW_GLYPHS[tag])
    labels.update(_write_numbers(data, at, chars, tags))
    runs = [cv.merge_runs(chars[y], tags[y]) for y in range(h)]
    return cv.Canvas(w, h, chars, tags, runs, labels, cv.owners(labels))
