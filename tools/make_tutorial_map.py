"""Generate the small tutorial board, `tutorial.json` (its third edition:
the second's drawing with a crossing beside every circle,
`tools/seal_circles.py`; `--edition 2` writes the second, `tutorial-ed2.json`;
the first is `make_tutorial_map_ed1.py`): 36 circles with every feature of
the rules (8 red circles, 7 yellow crossings, Goulston Street, blocks for
alleys), for quick games and teaching, drawn like the 1888 board: octilinear
streets (`tools/octimap.py`), named streets with their names, circles and
crossings chosen by `tools/typesearch.py`.

    python tools/make_tutorial_map.py [--seed N] [--edition 2|3] [--out FILE]

The fixed default seed rebuilds the committed files exactly.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mapgen_draw import write_checked
from octimap import VISUAL, Network
from seal_circles import seal
from typesearch import anneal

from whitechapel.lfw.map import geometry, legibility
from whitechapel.lfw.map.mapfile import Circle, Crossing, MapData

WIDTH, HEIGHT = 100, 26
BLOCKS, CIRCLES, CROSSINGS = 22, 36, 44
EDITION = 2  # the drawing's; edition 3 is the same drawing sealed
BAND_ROWS = 5
# Smaller numbers than the full board: fewer neighbours, fewer alley pairs.
TARGETS = {
    "target": {"jmean": (5.5, 0.4), "pmean": (3.6, 0.3), "dmean": (1.9, 0.15), "pairs": (62, 8)},
    "faces7": 0,
    "jmax": 10,
}
STREETS: dict[str, list[tuple[int, int]]] = {
    "": [(3, 1), (96, 1), (96, 24), (3, 24), (3, 1)],
    "Whitechapel Road": [(3, 13), (96, 13)],
    "Goulston Street": [(22, 13), (22, 5)],
    "Commercial Street": [(44, 13), (44, 7), (38, 1)],
    "Brick Lane": [(66, 13), (66, 1)],
    "Commercial Road": [(44, 13), (52, 21), (96, 21)],
}


def vdist(a, b) -> float:
    return math.hypot((a[0] - b[0]) / VISUAL, a[1] - b[1])


def build(seed: int):
    rng = random.Random(seed)
    net = Network(WIDTH, HEIGHT)
    for name, corners in STREETS.items():
        net.lay(name or None, corners)
    for name in sorted((n for n in STREETS if n), key=lambda n: (-len(net.paths[n]), n)):
        if net.reserve_name(name) is None:
            raise SystemExit(f"no room for the name of {name}")
    net.grow(rng, BLOCKS, min_area=10, through=0.9)
    net.add_points(CIRCLES + CROSSINGS, rng)
    graph, pos = net.graph()
    goulston = net.street_nodes("Goulston Street")[-1]  # its northern end
    faces = geometry.faces(graph, pos)
    circ, _q = anneal(
        graph, pos, faces, rng, 3000, circles=CIRCLES, fixed={goulston: False}, targets=TARGETS
    )
    return net, graph, circ, goulston


def spread_reds(circ) -> list:
    """Eight red circles spread over the board: farthest-point sampling."""
    red = [min(circ, key=lambda v: (v[0] + v[1], v))]
    while len(red) < 8:
        red.append(max(sorted(circ), key=lambda v: min(vdist(v, r) for r in red)))
    return red


def choose_yellow(graph, circ, avoid) -> list:
    crossings = sorted(v for v in graph if v not in circ and v not in avoid)
    centres = [
        (WIDTH * (2 * c + 1) / 6, HEIGHT * (2 * r + 1) / 4) for c in range(3) for r in range(2)
    ] + [(WIDTH / 2, HEIGHT / 2)]
    chosen: list = []
    for centre in centres:
        chosen.append(
            min(
                (x for x in crossings if x not in chosen),
                key=lambda x: (vdist(x, centre) - 2.5 * graph.degree(x), x),
            )
        )
    return chosen


def to_mapdata(net, graph, circ, goulston) -> MapData:
    order = sorted(circ, key=lambda v: (v[1] // BAND_ROWS, v[0], v[1]))
    numbers = {v: i + 1 for i, v in enumerate(order)}
    red = set(spread_reds(circ))
    yellow = set(choose_yellow(graph, circ, {goulston}))
    crossings = sorted((v for v in graph if v not in circ), key=lambda v: (v[1], v[0]))
    xid = {v: f"x{i + 1}" for i, v in enumerate(crossings)}

    def node(v):
        return numbers[v] if v in circ else xid[v]

    return MapData(
        name="Tutorial",
        width=WIDTH,
        height=HEIGHT,
        columns=(WIDTH // 3, 2 * WIDTH // 3),
        rows=(HEIGHT // 2,),
        circles=[Circle(numbers[v], *v, red=v in red) for v in order],
        crossings=[
            Crossing(xid[v], *v, yellow=v in yellow, goulston=v == goulston) for v in crossings
        ],
        segments=sorted(
            ((node(a), node(b)) for a, b in graph.edges()), key=lambda s: (str(s[0]), str(s[1]))
        ),
        streets=[(n, [node(v) for v in net.street_nodes(n)]) for n in STREETS if n],
        edition=EDITION,
        street_labels=dict(net.names),
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--edition", type=int, choices=(2, 3), default=3)
    ap.add_argument("--out", help="default: the edition's file in assets/maps")
    args = ap.parse_args(argv)
    maps = Path(__file__).parents[1] / "assets/maps"
    out = args.out or str(maps / ("tutorial.json" if args.edition == 3 else "tutorial-ed2.json"))
    net, graph, circ, goulston = build(args.seed)
    data = to_mapdata(net, graph, circ, goulston)
    unnamed = legibility.unnamed_streets(data)
    if unnamed:
        raise SystemExit(f"no room for the names of {', '.join(unnamed)}")
    if args.edition == 3:
        write_checked(seal(data, 3), out)
    else:
        write_checked(data, out, searchable=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
