"""Generate the first edition of the 1888 board, `whitechapel-1888-ed1.json`.

An original drawing made by this project, not a copy of the published board:
the named streets of 1888 Whitechapel are laid as polylines where the period
map puts them, junctions are scattered between them (Poisson disk), joined by
a Delaunay triangulation thinned to about 163 blocks, streets get intermediate
points, and an annealing search decides which points are numbered circles and
which are crossings so that the board's figures match the published board's
(see issue "map model" and docs/maps.md).  Then circles are numbered in bands
from north to south, the rulebook's worked examples (§10) are pinned by a
small search over places whose local shape fits, and the red circles, yellow
crossings and Goulston Street are placed at their historical spots.

Run from the repository root (needs scipy: pip install -e '.[mapgen]'):

    python tools/make_whitechapel_1888.py [--seed N] [--out FILE]

The fixed default seed rebuilds the committed file exactly.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

from whitechapel.lfw.map import geometry

sys.path.insert(0, str(Path(__file__).parent))

import itertools

from mapgen_core import (
    anneal_types,
    delaunay_graph,
    poisson_disk,
    quick_stats,
    subdivide,
    thin_to_faces,
)
from mapgen_draw import band_order, cells, place_cells, repair, to_mapdata, write_checked

UW, VH = 100.0, 66.0  # the district in square units (columns = u * ASPECT)
JUNCTIONS = 200
RADIUS = 4.9
BLOCKS = 163
CIRCLES, NODES = 195, 429

# Named streets as polylines in (0..1, 0..1), west to east / north to south.
STREETS: dict[str, list[tuple[float, float]]] = {
    "Whitechapel High Street": [(0.06, 0.52), (0.13, 0.51), (0.21, 0.50)],
    "Whitechapel Road": [(0.21, 0.50), (0.33, 0.48), (0.46, 0.47), (0.58, 0.46)],
    "Mile End Road": [(0.58, 0.46), (0.72, 0.45), (0.86, 0.44), (0.99, 0.43)],
    "Commercial Street": [(0.19, 0.50), (0.18, 0.38), (0.16, 0.25), (0.15, 0.12), (0.14, 0.02)],
    "Commercial Road": [
        (0.21, 0.52),
        (0.31, 0.57),
        (0.43, 0.62),
        (0.56, 0.67),
        (0.70, 0.73),
        (0.84, 0.80),
    ],
    "Brick Lane": [(0.26, 0.49), (0.27, 0.36), (0.28, 0.22), (0.29, 0.10), (0.30, 0.02)],
    "Hanbury Street": [(0.16, 0.19), (0.28, 0.18), (0.40, 0.17)],
    "Buck's Row": [(0.55, 0.30), (0.62, 0.30), (0.69, 0.29)],
    "Leman Street": [(0.12, 0.53), (0.12, 0.66), (0.13, 0.80)],
    "Berner Street": [(0.31, 0.58), (0.31, 0.68), (0.31, 0.76)],
    "Cable Street": [(0.08, 0.86), (0.25, 0.87), (0.42, 0.88), (0.60, 0.89)],
    "Goulston Street": [(0.13, 0.50), (0.13, 0.41)],
    "Dorset Street": [(0.07, 0.26), (0.16, 0.26)],
    "Bethnal Green Road": [(0.30, 0.04), (0.45, 0.05), (0.62, 0.06)],
    "Baker's Row": [(0.42, 0.47), (0.41, 0.33), (0.40, 0.17)],
    "New Road": [(0.52, 0.46), (0.52, 0.56), (0.51, 0.65)],
    "Cambridge Heath Road": [(0.73, 0.45), (0.73, 0.28), (0.74, 0.08)],
    "Sidney Street": [(0.64, 0.46), (0.64, 0.58), (0.63, 0.70)],
    "Stepney Green": [(0.86, 0.44), (0.87, 0.58), (0.88, 0.72)],
}

# Places of §10 and their red circles, at their historical spots.
RED_PLACES: dict[int, tuple[str, tuple[float, float]]] = {
    3: ("Hanbury Street", (0.32, 0.18)),
    21: ("Buck's Row", (0.62, 0.30)),
    27: ("Dorset Street / Miller's Court", (0.11, 0.26)),
    65: ("Commercial Road", (0.24, 0.54)),
    84: ("Osborn Street / Brick Lane", (0.26, 0.45)),
    147: ("Clarke's Yard, Poplar", (0.97, 0.93)),
    149: ("Mitre Square", (0.03, 0.55)),
    158: ("Berner Street", (0.31, 0.70)),
}


def lay_streets() -> tuple[list[tuple[float, float]], list[tuple[int, int]], dict[str, list[int]]]:
    """Points along the named streets, shared where streets meet."""
    pts: list[tuple[float, float]] = []
    index: dict[tuple[int, int], int] = {}

    def point(p: tuple[float, float]) -> int:
        key = (round(p[0] * UW * 4), round(p[1] * VH * 4))
        for (kx, ky), i in index.items():
            if abs(kx - key[0]) <= 6 and abs(ky - key[1]) <= 6:  # same junction
                return i
        index[key] = len(pts)
        pts.append((p[0] * UW, p[1] * VH))
        return index[key]

    edges: list[tuple[int, int]] = []
    chains: dict[str, list[int]] = {}
    for name, line in STREETS.items():
        chain: list[int] = []
        for (x1, y1), (x2, y2) in itertools.pairwise(line):
            length = math.dist((x1 * UW, y1 * VH), (x2 * UW, y2 * VH))
            steps = max(1, round(length / (RADIUS * 1.05)))
            for k in range(steps + (1 if (x2, y2) == line[-1] else 0)):
                t = k / steps
                i = point((x1 + t * (x2 - x1), y1 + t * (y2 - y1)))
                if not chain or chain[-1] != i:
                    chain.append(i)
        chains[name] = chain
        edges += list(itertools.pairwise(chain))
    return pts, edges, chains


def build(seed: int):
    rng = random.Random(seed)
    fixed, street_edges, chains = lay_streets()
    pts = poisson_disk(rng, UW, VH, RADIUS, fixed, JUNCTIONS)
    g = delaunay_graph(pts)
    keep = {frozenset(e) for e in street_edges}
    for a, b in street_edges:  # a street edge Delaunay did not pick replaces those it crosses
        if not g.has_edge(a, b):
            for u, v in list(g.edges()):
                if len({a, b, u, v}) == 4 and geometry._cross(pts[a], pts[b], pts[u], pts[v]):
                    g.remove_edge(u, v)
            g.add_edge(a, b)
    g = thin_to_faces(g, pts, BLOCKS, keep, rng)
    graph, pos = subdivide(g, pts, NODES - len(pts))
    goulston = chains["Goulston Street"][-1]  # its northern end is a crossing
    circ, q, c, _faces = anneal_types(graph, pos, CIRCLES, rng, 8000, fixed={goulston: False})
    return graph, pos, circ, q, c, chains


# -- from the abstract graph to a map file ------------------------------------


# -- the worked examples of §10 ------------------------------------------------


class Relations:
    """The relations the pins need, on the abstract graph."""

    def __init__(self, graph, circ, pos):
        self.graph, self.circ = graph, circ
        adj = {v: list(graph[v]) for v in graph}
        self.jack = quick_stats(adj, circ, [])["jack_sets"]
        self.faces = [frozenset(v for v in f if v in circ) for f in geometry.faces(graph, pos)]
        self.direct = {x: {w for w in graph[x] if w in circ} for x in graph if x not in circ}


def _dist(pos, v, place):
    return math.dist(pos[v], (place[0] * UW, place[1] * VH))


def find_pins(graph, pos, circ, natural_y):
    """Circles for every number the rulebook's examples name (§10): the
    example of circle 65 (a), that of the block south of 56 (b), then the
    other red circles at their historical places."""
    rel = Relations(graph, circ, pos)
    pins = _pins_of_65(rel, pos, natural_y)
    pins.update(_pins_of_56(rel, pos, natural_y, taken=set(pins.values())))
    taken = set(pins.values())
    for n, (_, place) in RED_PLACES.items():
        if n in pins:
            continue
        v = min((c for c in circ if c not in taken), key=lambda c: _dist(pos, c, place))
        pins[n] = v
        taken.add(v)
    return pins


def _pins_of_65(rel: Relations, pos, natural_y) -> dict[int, object]:
    """(a) 65 on Commercial Road with exactly seven neighbours, 84 (Osborn
    Street) among them, and 83 among them behind a crossing K' next to a
    crossing K whose directly adjacent circles are exactly 99, 100, 120."""
    graph, circ, jack, direct = rel.graph, rel.circ, rel.jack, rel.direct
    best = None
    for p65 in sorted(circ, key=lambda v: _dist(pos, v, RED_PLACES[65][1]))[:40]:
        if len(jack[p65]) != 7:
            continue
        for p84 in sorted(jack[p65], key=lambda v: _dist(pos, v, RED_PLACES[84][1])):
            for p83 in jack[p65] - {p84}:
                for k2 in (w for w in graph[p83] if w not in circ):
                    for k in (w for w in graph[k2] if w not in circ):
                        trio = direct[k]
                        if len(trio) != 3 or p83 in trio or trio & (jack[p65] | {p65}):
                            continue
                        score = (
                            _dist(pos, p65, RED_PLACES[65][1])
                            + _dist(pos, p84, RED_PLACES[84][1])
                            + 0.3 * abs(pos[p83][1] - natural_y(83))
                        )
                        if best is None or score < best[0]:
                            best = (score, p65, p84, p83, sorted(trio, key=lambda v: pos[v]))
    if best is None:
        raise SystemExit("no place fits the example of circle 65; try another seed")
    _, p65, p84, p83, trio = best
    pins: dict[int, object] = {65: p65, 84: p84, 83: p83}
    others = sorted(jack[p65] - {p84, p83}, key=lambda v: (pos[v][1], pos[v][0]))
    pins.update(dict(zip((51, 63, 66, 67, 82), others, strict=True)))
    pins.update(dict(zip((99, 100, 120), trio, strict=True)))
    return pins


def _pins_of_56(rel: Relations, pos, natural_y, taken) -> dict[int, object]:
    """(b) the block south of 56 with 57, 69..73 on its perimeter; 69 is
    Jack-adjacent to 56 and to 103, and 103 to 127."""
    jack = rel.jack
    best = None
    for face in rel.faces:
        if len(face) != 7 or face & taken:
            continue
        p56 = min(face, key=lambda v: pos[v][1])  # on the block's north side
        for p69 in face & jack[p56]:
            for p103 in jack[p69] - face - taken:
                for p127 in jack[p103] - face - taken - {p103}:
                    score = (
                        abs(sum(pos[v][1] for v in face) / 7 - natural_y(64))
                        + abs(pos[p103][1] - natural_y(103))
                        + abs(pos[p127][1] - natural_y(127))
                    )
                    if best is None or score < best[0]:
                        best = (score, face, p56, p69, p103, p127)
    if best is None:
        raise SystemExit("no block fits the example of circle 56; try another seed")
    _, face, p56, p69, p103, p127 = best
    rest = sorted(face - {p56, p69}, key=lambda v: (pos[v][0], pos[v][1]))
    pins: dict[int, object] = {56: p56, 69: p69, 103: p103, 127: p127}
    pins.update(dict(zip((57, 70, 71, 72, 73), rest, strict=True)))
    return pins


def number(circ, pos, pins):
    """Pinned circles keep their numbers; the others take the remaining
    numbers in band order (north to south, west to east in a band)."""
    cell = cells(pos)
    free_numbers = [n for n in range(1, len(circ) + 1) if n not in pins]
    free_circles = band_order([c for c in circ if c not in pins.values()], cell)
    numbers = {v: n for n, v in pins.items()}
    numbers.update(zip(free_circles, free_numbers, strict=True))
    return numbers


def natural_rows(circ, pos):
    """The row where each number would fall without pins (for scoring)."""
    cell = cells(pos)
    order = band_order(circ, cell)
    return lambda n: pos[order[min(n, len(order)) - 1]][1]


def main(argv=None) -> int:

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1888)
    ap.add_argument(
        "--out",
        default=str(Path(__file__).parents[1] / "assets/maps/whitechapel-1888-ed1.json"),
    )
    args = ap.parse_args(argv)
    rng = random.Random(args.seed * 7 + 1)
    graph, pos, circ, q, _c, chains = build(args.seed)
    print("annealed:", {k: v for k, v in q.items() if k not in ("jack", "jack_sets")})
    pins = find_pins(graph, pos, circ, natural_rows(circ, pos))
    numbers = number(circ, pos, pins)
    cell = place_cells(graph, pos)
    repair(graph, circ, numbers, cell, rng)
    data = to_mapdata(
        graph,
        circ,
        numbers,
        chains,
        cell,
        name="Whitechapel 1888",
        red_places={n: place for n, (place, _) in RED_PLACES.items()},
        goulston=chains["Goulston Street"][-1],
    )
    write_checked(data, args.out, searchable=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
