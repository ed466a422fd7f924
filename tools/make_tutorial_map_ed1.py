"""Generate the first edition of the tutorial board, `tutorial-ed1.json`: 36
circles with every feature of the rules (8 red circles, 7 yellow crossings,
Goulston Street, blocks for alleys), for quick games, teaching and tests.
Needs scipy (`pip install -e '.[mapgen]'`); `make_tutorial_map.py` draws the
current edition.

    python tools/make_tutorial_map.py [--seed N] [--out FILE]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import itertools

from mapgen_core import anneal_types, delaunay_graph, poisson_disk, subdivide, thin_to_faces
from mapgen_draw import band_order, cells, place_cells, repair, to_mapdata, write_checked

from whitechapel.lfw.map import geometry

UW, VH = 44.0, 26.0
JUNCTIONS, RADIUS, BLOCKS = 32, 4.6, 22
CIRCLES, NODES = 36, 80
# Smaller numbers than the full board: fewer neighbours, fewer alley pairs.
TARGETS = {
    "target": {"jmean": (5.5, 0.4), "pmean": (3.6, 0.3), "dmean": (1.9, 0.15), "pairs": (62, 8)},
    "faces7": 0,
    "jmax": 10,
}
STREETS = {
    "Whitechapel Road": [(0.03, 0.5), (0.35, 0.48), (0.65, 0.47), (0.97, 0.46)],
    "Goulston Street": [(0.2, 0.49), (0.2, 0.22)],
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument(
        "--out",
        default=str(Path(__file__).parents[1] / "assets/maps/tutorial-ed1.json"),
    )
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    fixed, chains, street_edges = [], {}, []
    for name, line in STREETS.items():
        chain = []
        for x, y in line:
            p = (x * UW, y * VH)
            near = [i for i, q in enumerate(fixed) if math.dist(p, q) < 1]
            if near:
                chain.append(near[0])
            else:
                chain.append(len(fixed))
                fixed.append(p)
        chains[name] = chain
        street_edges += list(itertools.pairwise(chain))
    pts = poisson_disk(rng, UW, VH, RADIUS, fixed, JUNCTIONS)
    g = delaunay_graph(pts)
    for a, b in street_edges:
        if not g.has_edge(a, b):
            for u, v in list(g.edges()):
                if len({a, b, u, v}) == 4 and geometry._cross(pts[a], pts[b], pts[u], pts[v]):
                    g.remove_edge(u, v)
            g.add_edge(a, b)
    g = thin_to_faces(g, pts, BLOCKS, {frozenset(e) for e in street_edges}, rng)
    graph, pos = subdivide(g, pts, NODES - len(pts))
    goulston = chains["Goulston Street"][-1]
    circ, _q, _, _ = anneal_types(
        graph, pos, CIRCLES, rng, 3000, fixed={goulston: False}, **TARGETS
    )
    cell = cells(pos)
    numbers = {v: i + 1 for i, v in enumerate(band_order(circ, cell, band_rows=5))}
    # Eight red circles spread over the board: farthest-point sampling.
    red = [min(circ, key=lambda v: pos[v][0] + pos[v][1])]
    while len(red) < 8:
        red.append(max(circ, key=lambda v: min(math.dist(pos[v], pos[r]) for r in red)))
    cell = place_cells(graph, pos)
    repair(graph, circ, numbers, cell, rng)
    data = to_mapdata(
        graph,
        circ,
        numbers,
        chains,
        cell,
        name="Tutorial",
        goulston=goulston,
        red_places={numbers[v]: "" for v in red},
    )
    write_checked(data, args.out, searchable=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
