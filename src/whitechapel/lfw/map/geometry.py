"""The drawing of a map: blocks as faces of the planar street drawing, and
the check that no two streets cross.

The rotation system comes from the coordinates (neighbours sorted by angle
around each node); networkx's `PlanarEmbedding` checks it and walks the faces.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

import networkx as nx

from whitechapel.core.errors import MapError

Point = tuple[float, float]
N = TypeVar("N", bound=Hashable)  # a node: the board's circles and crossings are int | str


def embedding(graph: nx.Graph[N], pos: Mapping[N, Point]) -> nx.PlanarEmbedding[N]:
    """The embedding the drawing shows.  Screen y grows downwards, so a
    clockwise turn on screen is a counter-clockwise one in maths axes."""
    emb: nx.PlanarEmbedding[N] = nx.PlanarEmbedding()
    data = {}
    for v in graph:
        x0, y0 = pos[v]
        nbrs = list(graph[v])
        # angle with y pointing up; clockwise on screen = decreasing angle
        nbrs.sort(key=lambda w: -math.atan2(-(pos[w][1] - y0), pos[w][0] - x0))
        data[v] = nbrs
    emb.set_data(data)
    return emb


def faces(graph: nx.Graph[N], pos: Mapping[N, Point]) -> list[list[N]]:
    """The inner faces (blocks) of a connected planar drawing, each as the
    cycle of nodes around it; the outer face is left out."""
    if graph.number_of_edges() == 0:
        return []
    emb = embedding(graph, pos)
    try:
        emb.check_structure()
    except nx.NetworkXException:
        raise MapError(
            "the drawing is not planar: streets cross or overlap (see 'whitechapel map check')"
        ) from None
    marked: set[tuple[N, N]] = set()
    found: list[tuple[float, list[N]]] = []
    for v, w in emb.edges():
        if (v, w) in marked:
            continue
        face = emb.traverse_face(v, w, mark_half_edges=marked)
        found.append((_signed_area(face, pos), face))
    # With the rotation system above (clockwise on screen), every inner face
    # is walked with a positive shoelace area and each outer face with a
    # negative or zero one, whatever the numbering.
    return [face for area, face in found if area > 0]


def corners(cycle: list[N], pos: Mapping[N, Point]) -> int:
    """How many corners a block's outline has: the points where it turns
    (a point on a straight side is no corner; the tip of a dead end is)."""
    n = len(cycle)
    count = 0
    for i in range(n):
        a, b, c = pos[cycle[i - 1]], pos[cycle[i]], pos[cycle[(i + 1) % n]]
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])
        count += cross != 0 or dot < 0
    return count


def octilinear(a: Point, b: Point) -> bool:
    """Is the segment straight in a terminal: horizontal, vertical, or
    diagonal advancing one column per row?"""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return dx == 0 or dy == 0 or abs(dx) == abs(dy)


def _signed_area(face: list[N], pos: Mapping[N, Point]) -> float:
    total = 0.0
    for i, v in enumerate(face):
        x1, y1 = pos[v]
        x2, y2 = pos[face[(i + 1) % len(face)]]
        total += x1 * y2 - x2 * y1
    return total / 2


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Do segments ab and cd meet anywhere other than a shared end?"""
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    # Collinear touching counts (overlapping streets), unless at a shared end.
    return (
        (d1 == 0 and _on_segment(c, d, a) and a not in (c, d))
        or (d2 == 0 and _on_segment(c, d, b) and b not in (c, d))
        or (d3 == 0 and _on_segment(a, b, c) and c not in (a, b))
        or (d4 == 0 and _on_segment(a, b, d) and d not in (a, b))
    )


def crossing_segments(
    edges: Iterable[tuple[N, N]], pos: Mapping[N, Point], cell: int = 8
) -> list[tuple[tuple[N, N], tuple[N, N]]]:
    """Pairs of drawn segments that cross or overlap (a spatial hash keeps
    this near linear)."""
    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    edges = list(edges)
    for i, (u, v) in enumerate(edges):
        (x1, y1), (x2, y2) = pos[u], pos[v]
        for gx in range(int(min(x1, x2)) // cell, int(max(x1, x2)) // cell + 1):
            for gy in range(int(min(y1, y2)) // cell, int(max(y1, y2)) // cell + 1):
                buckets[gx, gy].append(i)
    bad = []
    checked: set[tuple[int, int]] = set()
    for members in buckets.values():
        for k, i in enumerate(members):
            for j in members[k + 1 :]:
                key = (i, j) if i < j else (j, i)
                if key in checked:
                    continue
                checked.add(key)
                (a, b), (c, d) = edges[i], edges[j]
                if (len({a, b, c, d}) == 3 and _cross_shared(pos, a, b, c, d)) or (
                    len({a, b, c, d}) == 4 and _cross(pos[a], pos[b], pos[c], pos[d])
                ):
                    bad.append((edges[i], edges[j]))
    return bad


def _cross_shared(pos, a, b, c, d) -> bool:
    """Two segments sharing one end overlap only when they run the same way."""
    shared = ({a, b} & {c, d}).pop()
    p = pos[shared]
    q = pos[b if a == shared else a]
    r = pos[d if c == shared else c]
    if _orient(p, q, r) != 0:
        return False
    return (q[0] - p[0]) * (r[0] - p[0]) + (q[1] - p[1]) * (r[1] - p[1]) > 0
