"""A straight drawing made narrower without bending a street: the denser
drawing of the whole board beside the screen's panels.

Every street keeps its direction.  Nodes joined by a vertical street keep
one column; nodes joined by a diagonal keep their offset (a 45° street stays
45°), so such nodes move together, as one piece.  Only horizontal streets
and blank ground get shorter: each piece is pushed left as far as the rows
allow, where on every row what was drawn there keeps its order and

- two things that touched still touch (never overlap),
- two things apart keep at least one cell between them (a horizontal street
  keeps a cell, two numbers never touch: " 12 13" stays two numbers).

That is one-dimensional compaction: a longest path over "piece B at least
k cells right of piece A" constraints, solved by relaxing them until none
changes.  Street names are then placed anew where they fit (some may not:
the full drawing keeps them all).  A map whose streets are not all
octilinear is returned as it is.  Pure Python.
"""

from __future__ import annotations

import math
from itertools import pairwise

from whitechapel.lfw.map.canvas import Cell, labels_of, positions, street_cells
from whitechapel.lfw.map.geometry import octilinear
from whitechapel.lfw.map.mapfile import MapData, Node
from whitechapel.lfw.map.squeeze import placed


def _pieces(data: MapData, pos: dict[Node, Cell]) -> dict[Node, Node]:
    """Each node's piece (a representative node): nodes joined by streets
    that are not horizontal, transitively."""
    parent: dict[Node, Node] = {v: v for v in pos}

    def find(v: Node) -> Node:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b in data.segments:
        if pos[a][1] != pos[b][1]:  # not horizontal: its ends move together
            parent[find(a)] = find(b)
    return {v: find(v) for v in pos}


def shifts(data: MapData) -> tuple[dict[Node, int], dict[Node, Node]]:
    """How far left each piece can move (a negative number of cells), and
    each node's piece."""
    pos = positions(data)
    piece = _pieces(data, pos)
    labels = labels_of(data)
    # What is rigid on each row: label cells and the cells of streets that
    # are not horizontal, each with the piece it moves with.
    rows: dict[int, dict[int, Node]] = {}
    for v, lab in labels.items():
        for x in range(lab.x0, lab.x1 + 1):
            rows.setdefault(lab.y, {}).setdefault(x, piece[v])
    for a, b in data.segments:
        if pos[a][1] != pos[b][1]:
            for x, y in street_cells(a, b, pos, labels):
                rows.setdefault(y, {}).setdefault(x, piece[a])
    # shift[q] >= shift[p] + k: q at most -k cells further left than p moves.
    shift: dict[Node, int] = {}
    after: list[tuple[Node, Node, int]] = []
    for cells in rows.values():
        xs = sorted(cells)
        for x in xs:
            p = cells[x]
            shift[p] = max(shift.get(p, -x), -x)  # never off the left edge
        for x1, x2 in pairwise(xs):
            p, q = cells[x1], cells[x2]
            if p != q:
                need = min(x2 - x1, 2)  # touching, or one cell between
                after.append((q, p, need - (x2 - x1)))
    for _ in range(len(shift) + 1):  # longest paths: at most one pass per piece
        changed = False
        for q, p, k in after:
            if shift[p] + k > shift[q]:
                shift[q] = shift[p] + k
                changed = True
        if not changed:
            break
    return shift, piece


def straight_map(data: MapData) -> bool:
    """Is every street horizontal, vertical or at 45°?"""
    pos = positions(data)
    return all(octilinear(pos[a], pos[b]) for a, b in data.segments)


def compact_columns(data: MapData, share: float = 1.0) -> MapData:
    """The drawing narrower, every street in the direction it had (see the
    module docstring).  `share` (0..1) is how much of the possible gain to
    take: each piece moves that share of its way, rounded towards where it
    was, which keeps every constraint (ceil(t·a) >= ceil(t·b) + k when
    a >= b + k, k an integer).  A map not drawn straight comes back as is."""
    if not straight_map(data):
        return data
    return _moved(data, *shifts(data), share)


def _moves(data: MapData, shift: dict[Node, int], piece: dict[Node, Node], share: float):
    """Each node's new column and the drawing's width, for a share of the gain."""
    move = {p: math.ceil(share * s) for p, s in shift.items()}
    labels = labels_of(data)
    at = {v: (x + move.get(piece[v], 0), y) for v, (x, y) in positions(data).items()}
    width = max(lab.x1 + move.get(piece[v], 0) for v, lab in labels.items()) + 1
    return at, width


def _moved(data: MapData, shift: dict[Node, int], piece: dict[Node, Node], share: float) -> MapData:
    at, width = _moves(data, shift, piece, share)
    return placed(data, at, width, data.height)


def compact_to(data: MapData, width: int) -> MapData | None:
    """The drawing in at most `width` columns taking as little of the gain
    as that needs (the nearer the full drawing, the more street names it
    keeps), or None where even the narrowest is wider."""
    if data.width <= width:
        return data
    if not straight_map(data):
        return None
    shift, piece = shifts(data)
    if _moves(data, shift, piece, 1.0)[1] > width:
        return None
    lo, hi = 0, 64  # shares in 64ths: the least that fits
    while lo < hi:
        mid = (lo + hi) // 2
        if _moves(data, shift, piece, mid / 64)[1] <= width:
            hi = mid
        else:
            lo = mid + 1
    return _moved(data, shift, piece, lo / 64)
