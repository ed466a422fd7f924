"""A map's drawing squeezed into fewer cells, every label still legible: the
whole board at once in a large terminal (the screen's whole-board mode).

Two ways, the first tried first:

- `drop_rows` leaves out whole rows that hold nothing but blank ground and
  vertical streets: no node, no street's name, no other street.  Vertical
  streets only get shorter (each keeps a cell), every other street is drawn
  exactly as before, so a drawing whose streets are straight stays straight.
  It can only take out the rows a drawing has to spare.
- `squeeze` scales the whole drawing and nudges nodes until it is legible;
  streets change their slope (an octilinear one bends), so it is for maps
  that are not drawn straight anyway.

For `squeeze`: the nodes' coordinates are scaled into the target size and rounded; where
that makes the drawing illegible, nodes are nudged a few cells, one at a
time, to the free place nearest their scaled one.  Illegible means what
`legibility` and `geometry` check on a drawn map:

- two labels overlap, or two circles' numbers touch on a row ("12 13" must
  keep a blank cell between them);
- a street passes through the label of a node that is not one of its ends;
- a street has no cell of its own (its two ends' labels touch);
- two streets cross, or overlap, away from a shared end.

Each node's share of those faults is counted from indexes of labels and of
street cells, so a nudge costs a few hundred cell look-ups, not a redraw.
The result is a `MapData` like the original, only smaller: `canvas` draws it
as it draws any map.  Pure Python.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable

from whitechapel.lfw.map.canvas import (
    Cell,
    build_canvas,
    circle_label,
    line_cells,
    positions,
    street_names,
)
from whitechapel.lfw.map.geometry import _cross, _cross_shared, crossing_segments
from whitechapel.lfw.map.legibility import (
    hidden_segments,
    label_overlaps,
    labels_off_canvas,
    segments_through_labels,
)
from whitechapel.lfw.map.mapfile import MapData, Node

BUCKET = 8  # cells per side of the square buckets of the street index
# Where a node may go, nearest first (a cell is about twice as tall as wide,
# so sideways nudges are cheaper than vertical ones).
MOVES = sorted(
    ((dx, dy) for dx in range(-4, 5) for dy in range(-2, 3) if (dx, dy) != (0, 0)),
    key=lambda d: (abs(d[0]) + 2 * abs(d[1]), d),
)
PASSES = 12  # rounds of nudging before giving up


class Squeeze:
    """A layout being repaired: positions, and indexes of label cells and
    street cells that follow every move."""

    def __init__(self, data: MapData, pos: dict[Node, Cell], width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pos = dict(pos)
        self.circles = {c.n for c in data.circles}
        self.segments = list(data.segments)
        self.incident: dict[Node, list[int]] = defaultdict(list)
        for i, (a, b) in enumerate(self.segments):
            self.incident[a].append(i)
            self.incident[b].append(i)
        self.label_at: dict[Cell, set[Node]] = defaultdict(set)
        self.street_at: dict[Cell, set[int]] = defaultdict(set)
        self.bucket: dict[tuple[int, int], set[int]] = defaultdict(set)
        self.cells: dict[int, list[Cell]] = {}
        for v in self.pos:
            self._add_label(v)
        for i in range(len(self.segments)):
            self._add_street(i)

    # -- the indexes ---------------------------------------------------------------

    def label_cells(self, v: Node, at: Cell | None = None) -> list[Cell]:
        x, y = at or self.pos[v]
        if v in self.circles:
            lab = circle_label(v, x, y)
            return [(c, y) for c in range(lab.x0, lab.x1 + 1)]
        return [(x, y)]

    def _add_label(self, v: Node) -> None:
        for c in self.label_cells(v):
            self.label_at[c].add(v)

    def _drop_label(self, v: Node) -> None:
        for c in self.label_cells(v):
            self.label_at[c].discard(v)

    def street_cells(self, i: int, moved: Node | None = None, at: Cell | None = None) -> list[Cell]:
        """The cells of segment i outside its two end labels (with `moved`
        standing at `at`, if given)."""
        a, b = self.segments[i]
        pa = at if a == moved and at else self.pos[a]
        pb = at if b == moved and at else self.pos[b]
        ends = set(self.label_cells(a, pa)) | set(self.label_cells(b, pb))
        return [c for c in line_cells(*pa, *pb) if c not in ends]

    def _buckets(self, p: Cell, q: Cell) -> Iterable[tuple[int, int]]:
        for gx in range(min(p[0], q[0]) // BUCKET, max(p[0], q[0]) // BUCKET + 1):
            for gy in range(min(p[1], q[1]) // BUCKET, max(p[1], q[1]) // BUCKET + 1):
                yield gx, gy

    def _add_street(self, i: int) -> None:
        self.cells[i] = self.street_cells(i)
        for c in self.cells[i]:
            self.street_at[c].add(i)
        a, b = self.segments[i]
        for k in self._buckets(self.pos[a], self.pos[b]):
            self.bucket[k].add(i)

    def _drop_street(self, i: int) -> None:
        for c in self.cells.pop(i):
            self.street_at[c].discard(i)
        a, b = self.segments[i]
        for k in self._buckets(self.pos[a], self.pos[b]):
            self.bucket[k].discard(i)

    def move(self, v: Node, at: Cell) -> None:
        for i in self.incident[v]:
            self._drop_street(i)
        self._drop_label(v)
        self.pos[v] = at
        self._add_label(v)
        for i in self.incident[v]:
            self._add_street(i)

    # -- faults ---------------------------------------------------------------------

    def faults(self, v: Node, at: Cell | None = None) -> int:
        """How many faults involve node v (standing at `at`, if given)."""
        at = at or self.pos[v]
        y = at[1]
        label = self.label_cells(v, at)
        if not all(0 <= cx < self.width and 0 <= cy < self.height for cx, cy in label):
            return 1000  # off the canvas
        count = 0
        mine = set(self.incident[v])
        for c in label:  # labels sharing a cell; streets through this label
            count += len(self.label_at.get(c, set()) - {v})
            count += sum(1 for i in self.street_at.get(c, ()) if i not in mine)
        if v in self.circles:  # numbers touching on the row
            for c in ((label[0][0] - 1, y), (label[-1][0] + 1, y)):
                count += sum(1 for w in self.label_at.get(c, ()) if w != v and w in self.circles)
        for i in mine:
            a, b = self.segments[i]
            cells = self.street_cells(i, v, at)
            if not cells:
                count += 1  # no cell of its own
            for c in cells:
                count += len(self.label_at.get(c, set()) - {a, b, v})
            count += self._crossings(i, v, at)
        return count

    def _crossings(self, i: int, moved: Node, at: Cell) -> int:
        a, b = self.segments[i]
        pa = at if a == moved else self.pos[a]
        pb = at if b == moved else self.pos[b]
        seen: set[int] = set()
        count = 0
        left, right = min(pa[0], pb[0]), max(pa[0], pb[0])
        top, bottom = min(pa[1], pb[1]), max(pa[1], pb[1])
        for k in self._buckets(pa, pb):
            for j in self.bucket.get(k, ()):
                if j == i or j in seen:
                    continue
                seen.add(j)
                c, d = self.segments[j]
                pc = at if c == moved else self.pos[c]
                pd = at if d == moved else self.pos[d]
                if (
                    max(pc[0], pd[0]) < left
                    or min(pc[0], pd[0]) > right
                    or max(pc[1], pd[1]) < top
                    or min(pc[1], pd[1]) > bottom
                ):
                    continue  # their boxes do not meet
                ends = len({a, b, c, d})
                if ends == 4:
                    count += _cross(pa, pb, pc, pd)
                elif ends == 3:
                    count += _cross_shared({a: pa, b: pb, c: pc, d: pd}, a, b, c, d)
        return count

    def troubled(self, data: MapData) -> list[Node]:
        """The nodes of some fault, found by the drawing's own checks over
        the whole map (faster than asking every node)."""
        drawn = placed(data, self.pos, self.width, self.height)
        found: dict[Node, None] = {}
        for pair in label_overlaps(drawn):
            found.update(dict.fromkeys(pair))
        for (a, b), v in segments_through_labels(drawn):
            found.update(dict.fromkeys((a, b, v)))
        for a, b in hidden_segments(drawn):
            found.update(dict.fromkeys((a, b)))
        for s, t in crossing_segments(drawn.segments, self.pos):
            found.update(dict.fromkeys((*s, *t)))
        for v in labels_off_canvas(drawn):
            found[v] = None
        return list(found)

    def repair(self, data: MapData, home: dict[Node, Cell]) -> bool:
        """Nudge troubled nodes until no fault is left (True) or no nudge
        helps any more (False).  Among the places that remove the most
        faults, the one nearest the node's scaled place (`home`) wins."""
        for _ in range(PASSES):
            bad = self.troubled(data)
            if not bad:
                return True
            improved = False
            for v in bad:
                now = self.faults(v)
                if not now:
                    continue
                hx, hy = home[v]
                x, y = self.pos[v]
                best: tuple[int, int, Cell] | None = None
                for dx, dy in MOVES:
                    at = (x + dx, y + dy)
                    f = self.faults(v, at)
                    if f >= now:
                        continue
                    key = (f, abs(at[0] - hx) + 2 * abs(at[1] - hy), at)
                    if best is None or key[:2] < best[:2]:
                        best = key
                        if f == 0 and (dx, dy) == MOVES[0]:
                            break
                if best is not None:
                    self.move(v, best[2])
                    improved = True
            if not improved:
                return False
        return not self.troubled(data)


def scaled_positions(data: MapData, width: int, height: int) -> dict[Node, Cell]:
    """Every node's place scaled into width × height cells (a circle's
    number needs a cell either side of its place)."""
    pos = positions(data)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    sx = (width - 3) / max(x1 - x0, 1)
    sy = (height - 1) / max(y1 - y0, 1)
    sx, sy = min(sx, 1.0), min(sy, 1.0)  # never larger than the map itself
    return {v: (1 + round((x - x0) * sx), round((y - y0) * sy)) for v, (x, y) in pos.items()}


def squeeze(data: MapData, width: int, height: int) -> MapData | None:
    """The map drawn in at most width × height cells with every label
    legible, or None when this size is too small for it."""
    home = scaled_positions(data, width, height)
    w = min(width, max(x for x, _ in home.values()) + 3)
    h = min(height, max(y for _, y in home.values()) + 1)
    layout = Squeeze(data, home, w, h)
    if not layout.repair(data, home):
        return None
    return placed(data, layout.pos, w, h)


# -- whole empty rows left out -------------------------------------------------------


def spare_rows(data: MapData) -> list[int]:
    """The rows the drawing can do without, in the order `drop_rows` leaves
    them out: rows that hold only blank ground and vertical streets (no
    node, no street's name, no other street), a vertical street keeping at
    least one cell.  Rows where no street passes come first, then rows where
    the vertical streets through them stay longest."""
    pos = positions(data)
    keep = {y for _, y in pos.values()}  # rows with a node
    keep |= {y for _, y, _ in _names(data).values()}
    verticals: list[tuple[int, int]] = []  # (top, bottom) of each vertical street
    for a, b in data.segments:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        top, bottom = min(ya, yb), max(ya, yb)
        if xa == xb:
            verticals.append((top, bottom))
        else:  # any other street keeps every row it passes
            keep.update(range(top, bottom + 1))
    gone: list[int] = []
    dropped: set[int] = set()

    def left(top: int, bottom: int) -> int:  # a vertical street's cells still drawn
        return sum(1 for y in range(top + 1, bottom) if y not in dropped)

    while True:
        best: tuple[float, int] | None = None
        for y in range(data.height):
            if y in keep or y in dropped:
                continue
            through = [left(t, b) for t, b in verticals if t < y < b]
            if any(n <= 1 for n in through):
                continue  # a street would lose its last cell
            key = (min(through, default=float("inf")), -y)
            if best is None or key > best:
                best = key
        if best is None:
            return gone
        gone.append(-best[1])
        dropped.add(-best[1])


def drop_rows(data: MapData, height: int) -> MapData | None:
    """The drawing in at most `height` rows by leaving out as few of its
    spare rows (`spare_rows`) as needed, or None when it has not that many.
    Every street keeps its direction (vertical ones get shorter), so a
    drawing whose streets are straight stays straight; street names stay
    where the full drawing writes them."""
    need = data.height - height
    if need <= 0:
        return data
    spare = spare_rows(data)
    if len(spare) < need:
        return None
    return _without_rows(data, set(spare[:need]))


def _names(data: MapData) -> dict[str, tuple[int, int, str]]:
    """Where the full drawing writes each street's name."""
    return street_names(data, build_canvas(data, names=False).tags)


def _without_rows(data: MapData, gone: set[int]) -> MapData:
    """The map with rows `gone` taken out, everything below moved up."""
    shift = [0] * (data.height + 1)
    for y in range(1, data.height + 1):
        shift[y] = shift[y - 1] + ((y - 1) in gone)

    def up(y: int) -> int:
        return y - shift[min(max(y, 0), data.height)]

    pos = {v: (x, up(y)) for v, (x, y) in positions(data).items()}
    moved = placed(data, pos, data.width, data.height - len(gone))
    names = {name: (x0, up(y)) for name, (x0, y, _) in _names(data).items()}
    return dataclasses.replace(moved, rows=(up(data.rows[0]),), street_labels=names)


def placed(data: MapData, pos: dict[Node, Cell], width: int, height: int) -> MapData:
    """The map with its nodes at `pos` on a width × height canvas."""
    return dataclasses.replace(
        data,
        width=width,
        height=height,
        circles=[dataclasses.replace(c, x=pos[c.n][0], y=pos[c.n][1]) for c in data.circles],
        crossings=[dataclasses.replace(x, x=pos[x.id][0], y=pos[x.id][1]) for x in data.crossings],
        street_labels={},  # where the file writes names fits its own size: placed anew
    )
