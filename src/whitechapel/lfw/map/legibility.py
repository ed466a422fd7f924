"""Is a map's drawing legible?  Checks used by `map check`, the map
generators and the tests: labels that overlap, streets through a label, with
no room to be drawn, or labels off the canvas.  Each takes a `Board` or a
bare `MapData` (generators check drafts that are not boards yet)."""

from __future__ import annotations

from typing import Any

from whitechapel.lfw.map.canvas import (
    Cell,
    build_canvas,
    labels_of,
    map_data,
    owners,
    positions,
    street_cells,
    street_names,
)
from whitechapel.lfw.map.mapfile import Node


def label_overlaps(board: Any) -> list[tuple[Node, Node]]:
    """Pairs of nodes whose labels share a cell, and pairs of circles whose
    labels touch on one row with no blank cell between (" 12 13" would read
    as one number).  A `Board` or a `MapData`."""
    labels = labels_of(board)
    at: dict[Cell, Node] = {}
    found: dict[frozenset, tuple[Node, Node]] = {}
    for v, lab in labels.items():
        for x in range(lab.x0, lab.x1 + 1):
            other = at.setdefault((x, lab.y), v)
            if other != v:
                found.setdefault(frozenset((other, v)), (other, v))
    for v, lab in labels.items():
        if not isinstance(v, int):
            continue
        right = at.get((lab.x1 + 1, lab.y))
        if isinstance(right, int) and right != v and labels[right].x0 == lab.x1 + 1:
            found.setdefault(frozenset((v, right)), (v, right))
    return list(found.values())


def segments_through_labels(board: Any) -> list[tuple[tuple[Node, Node], Node]]:
    """Segments whose drawn line passes through the label of a node other than
    its two ends (the street cannot be drawn there), each with that node."""
    data = map_data(board)
    labels = labels_of(data)
    at = owners(labels)
    pos = positions(data)
    out = []
    for a, b in data.segments:
        cells = street_cells(a, b, pos, labels)
        hit: list[Node] = []
        for c in cells:
            v = at.get(c)
            if v is not None and v != a and v != b and v not in hit:
                hit.append(v)
        out += [((a, b), v) for v in hit]
    return out


def hidden_segments(board: Any) -> list[tuple[Node, Node]]:
    """Segments with no cell of their own: the two labels touch or sit on
    neighbouring rows, so nothing shows that a street joins them."""
    data = map_data(board)
    labels = labels_of(data)
    pos = positions(data)
    return [(a, b) for a, b in data.segments if not street_cells(a, b, pos, labels)]


def labels_off_canvas(board: Any) -> list[Node]:
    """Nodes whose label does not fit inside the canvas (it would be cut)."""
    data = map_data(board)
    return [
        v
        for v, lab in labels_of(data).items()
        if lab.x0 < 0 or lab.x1 >= data.width or not 0 <= lab.y < data.height
    ]


def shared_street_cells(board: Any) -> list[tuple[tuple[Node, Node], tuple[Node, Node]]]:
    """Pairs of segments drawn through a common cell (one hides the other
    there; common next to a junction where two streets leave at close angles)."""
    data = map_data(board)
    labels = labels_of(data)
    pos = positions(data)
    owner: dict[Cell, int] = {}
    found: dict[tuple[int, int], None] = {}
    for i, (a, b) in enumerate(data.segments):
        for c in street_cells(a, b, pos, labels):
            j = owner.setdefault(c, i)
            if j != i:
                found[j, i] = None
    return [(data.segments[i], data.segments[j]) for i, j in found]


def unnamed_streets(board: Any) -> list[str]:
    """Named streets whose name finds no blank room beside them (the drawing
    leaves it out), in the file's order."""
    data = map_data(board)
    bare = build_canvas(data, names=False)
    placed = street_names(data, bare.tags)
    return [name for name, nodes in data.streets if name and len(nodes) >= 2 and name not in placed]
