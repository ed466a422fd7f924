"""Generate the default Letters from Whitechapel board, `whitechapel-1888.json`
(its third edition: the second's drawing with a crossing beside every circle,
`tools/seal_circles.py`; `--edition 2` writes the second,
`whitechapel-1888-ed2.json`; the first is `make_whitechapel_1888_ed1.py`).

An original drawing made by this project, not a copy of the published board
or of any data set: the named streets of 1888 Whitechapel are laid as
octilinear polylines (horizontal, vertical, or diagonal one column per row)
where the period map puts them, on the board's own scale; the areas between
them are split by lanes, largest first, into about 160 mostly four-sided
blocks; points are added along the longest runs; an annealing search decides
which points are numbered circles and which are crossings so that the
board's figures match the published board's (`tools/octimap.py`,
`tools/mapgen_core.py`, docs/maps.md).  Then the rulebook's worked examples
(§10) are pinned by a small search over places whose local shape fits, the
red circles are chosen near their historical places so that they stand as far
apart (in Jack's moves) as on the published board, and the other circles are
numbered in bands from north to south.

Run from the repository root (no extra packages needed):

    python tools/make_whitechapel_1888.py [--seed N] [--edition 2|3] [--out FILE]

The fixed default seed rebuilds the committed files exactly.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter, deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mapgen_core import quick_stats
from octimap import VISUAL, Network, faces_corners
from typesearch import anneal

from whitechapel.lfw.map import geometry
from whitechapel.lfw.map.mapfile import Circle, Crossing, MapData

WIDTH, HEIGHT = 198, 56
BLOCKS = 160
CIRCLES, CROSSINGS = 195, 234
EDITION = 2  # the drawing's; edition 3 is the same drawing sealed
BAND_ROWS = 5
THROUGH = 0.9  # the share of lanes that may go on through the street they meet

Cell = tuple[int, int]

# The named streets, as corners on the board's cells (x east, y south).  The
# four edges of the board are streets too, so every area inside is a block.
STREETS: dict[str, list[Cell]] = {
    "": [(3, 1), (194, 1), (194, 54), (3, 54), (3, 1)],
    "Aldgate": [(3, 26), (20, 26)],
    "Whitechapel High Street": [(20, 26), (100, 26)],
    "Whitechapel Road": [(100, 26), (150, 26), (154, 22), (178, 22)],
    "Mile End Road": [(178, 22), (194, 22)],
    "Houndsditch": [(20, 26), (3, 9)],
    "Minories": [(20, 26), (20, 54)],
    "Middlesex Street": [(40, 26), (40, 1)],
    "Mansell Street": [(52, 26), (52, 48)],
    "Goulston Street": [(62, 26), (62, 18)],
    "Wentworth Street": [(40, 18), (100, 18)],
    "Old Montague Street": [(100, 18), (130, 18)],
    "Commercial Street": [(88, 26), (88, 14), (75, 1)],
    "Dorset Street": [(60, 10), (84, 10)],
    "Commercial Road": [(88, 26), (98, 36), (160, 36), (178, 54)],
    "Leman Street": [(76, 26), (76, 54)],
    "Osborn Street": [(100, 26), (100, 21)],
    "Brick Lane": [(100, 21), (100, 1)],
    "Hanbury Street": [(82, 8), (130, 8)],
    "Baker's Row": [(130, 26), (130, 1)],
    "Buck's Row": [(130, 14), (165, 14)],
    "Brady Street": [(165, 22), (165, 1)],
    "Cambridge Heath Road": [(178, 22), (178, 1)],
    "New Road": [(140, 26), (140, 36)],
    "Sidney Street": [(170, 22), (170, 36)],
    "Stepney Green": [(186, 22), (186, 54)],
    "Back Church Lane": [(104, 36), (104, 54)],
    "Berner Street": [(112, 36), (112, 48)],
    "Cable Street": [(76, 48), (172, 48)],
    "Royal Mint Street": [(3, 48), (76, 48)],
}

# Large blocks of 1888 that no lane crosses (the inner cells kept blank).
LANDMARKS: dict[str, tuple[int, int, int, int]] = {
    "Spitalfields Market": (90, 11, 98, 16),
    "London Hospital": (142, 28, 156, 34),
}

# The red circles' historical places on the board's scale (§10), and the
# streets they stand on or beside.
RED_PLACES: dict[int, tuple[str, Cell]] = {
    3: ("Hanbury Street", (104, 8)),
    21: ("Buck's Row", (150, 14)),
    27: ("Dorset Street / Miller's Court", (70, 10)),
    65: ("Commercial Road", (92, 30)),
    84: ("Osborn Street / Brick Lane", (100, 23)),
    147: ("Clarke's Yard, Poplar", (190, 51)),
    149: ("Mitre Square", (8, 22)),
    158: ("Berner Street", (112, 44)),
}
RED_STREETS: dict[int, tuple[str, ...]] = {
    3: ("Hanbury Street",),
    21: ("Buck's Row",),
    27: ("Dorset Street",),
    65: ("Commercial Road",),
    84: ("Osborn Street", "Brick Lane"),
    158: ("Berner Street",),
}
# The figures the search aims at (the published board's, issue 17).
RED_MEAN, HIDEOUT_MEAN = 5.7, 3.8


def streets(seed: int):
    """The street network: the named streets, room for their names, lanes,
    points; its graph, the Goulston Street crossing and the red circles'
    points."""
    rng = random.Random(seed)
    net = Network(WIDTH, HEIGHT)
    for name, corners in STREETS.items():
        net.lay(name or None, corners)
    for x0, y0, x1, y1 in LANDMARKS.values():
        net.reserved |= {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
    by_length = sorted((n for n in STREETS if n), key=lambda n: (-len(net.paths[n]), n))
    for name in by_length:
        if net.reserve_name(name) is None:
            raise SystemExit(f"no room for the name of {name}")
    net.grow(rng, BLOCKS, through=THROUGH)
    net.add_points(CIRCLES + CROSSINGS, rng)
    graph, pos = net.graph()
    goulston = net.street_nodes("Goulston Street")[-1]  # its northern end
    reds: dict[int, Cell] = {}
    for n, (_, place) in RED_PLACES.items():
        near = beside(net, n, graph) - set(reds.values()) - {goulston}
        reds[n] = min(near, key=lambda v: (vdist(v, place), v))
    return net, graph, pos, goulston, reds


# -- distances in Jack's moves ---------------------------------------------------


def bfs(jack: dict, start) -> dict:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        v = todo.popleft()
        for w in jack[v]:
            if w not in dist:
                dist[w] = dist[v] + 1
                todo.append(w)
    return dist


def red_figures(jack: dict, circ, reds) -> tuple[float, float]:
    """Mean Jack distance between two red circles, and the lowest mean
    distance from the red circles to one circle that is not red."""
    dists = {r: bfs(jack, r) for r in reds}
    pairs = [dists[a][b] for i, a in enumerate(reds) for b in reds[i + 1 :]]
    others = [c for c in circ if c not in reds]
    best = min(sum(dists[r][c] for r in reds) / len(reds) for c in others)
    return sum(pairs) / len(pairs), best


# -- the worked examples of §10 ------------------------------------------------


def vdist(a: Cell | tuple[float, float], b: Cell | tuple[float, float]) -> float:
    """Distance as seen on screen, in rows."""
    return math.hypot((a[0] - b[0]) / VISUAL, a[1] - b[1])


def beside(net, n: int, circ) -> set:
    """Circles on or beside the streets of red circle n (all for none)."""
    names = RED_STREETS.get(n)
    if not names:
        return set(circ)
    cells = [c for name in names for c in net.paths[name]]
    return {v for v in circ if min(vdist(v, c) for c in cells) <= 2.5}


def find_pins(net, graph, pos, circ, natural_y, reds):
    """Circles for every number the rulebook's examples name (§10): the
    example of circle 65 (a), then that of the block south of 56 (b)."""
    adj = {v: list(graph[v]) for v in graph}
    jack = quick_stats(adj, circ, [])["jack_sets"]
    direct = {x: {w for w in graph[x] if w in circ} for x in graph if x not in circ}
    faces = [frozenset(v for v in f if v in circ) for f in geometry.faces(graph, pos)]
    pins = _pins_of_65(graph, pos, circ, natural_y, reds, jack, direct)
    pins.update(_pins_of_56(pos, natural_y, jack, faces, taken=set(pins.values())))
    return pins, jack


def _pins_of_65(graph, pos, circ, natural_y, reds, jack, direct) -> dict[int, object]:
    """(a) 65 on Commercial Road with exactly seven neighbours, 84 (Osborn
    Street) among them, and 83 among them behind a crossing K' next to a
    crossing K whose directly adjacent circles are exactly 99, 100, 120."""
    place = {n: p for n, (_, p) in RED_PLACES.items()}
    p65, p84 = reds[65], reds[84]
    if len(jack[p65]) != 7 or p84 not in jack[p65]:
        raise SystemExit("no place fits the example of circle 65; try another seed")
    best = None
    for p83 in sorted(jack[p65] - {p84}):
        for k2 in sorted(w for w in graph[p83] if w not in circ):
            for k in sorted(w for w in graph[k2] if w not in circ):
                trio = direct[k]
                if len(trio) != 3 or p83 in trio or trio & (jack[p65] | {p65}):
                    continue
                score = (
                    vdist(pos[p65], place[65])
                    + vdist(pos[p84], place[84])
                    + 0.3 * abs(pos[p83][1] - natural_y(83))
                )
                if best is None or score < best[0]:
                    best = (score, p83, sorted(trio, key=lambda v: pos[v]))
    if best is None:
        raise SystemExit("no place fits the example of circle 65; try another seed")
    _, p83, trio = best
    pins: dict[int, object] = {65: p65, 84: p84, 83: p83}
    others = sorted(jack[p65] - {p84, p83}, key=lambda v: (pos[v][1], pos[v][0]))
    pins.update(dict(zip((51, 63, 66, 67, 82), others, strict=True)))
    pins.update(dict(zip((99, 100, 120), trio, strict=True)))
    return pins


def _pins_of_56(pos, natural_y, jack, faces, taken) -> dict[int, object]:
    """(b) the block south of 56 with 57, 69..73 on its perimeter; 69 is
    Jack-adjacent to 56 and to 103, and 103 to 127."""
    best = None
    for face in faces:
        if len(face) != 7 or face & taken:
            continue
        p56 = min(face, key=lambda v: (pos[v][1], v))  # strictly north of the others
        if any(pos[v][1] == pos[p56][1] for v in face - {p56}):
            continue
        for p69 in sorted(face & jack[p56]):
            for p103 in sorted(jack[p69] - face - taken):
                for p127 in sorted(jack[p103] - face - taken - {p103}):
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


def band_order(circles, pos):
    return sorted(circles, key=lambda v: (pos[v][1] // BAND_ROWS, pos[v][0], pos[v][1]))


def number(circ, pos, pins):
    """Pinned circles keep their numbers; the others take the remaining
    numbers in band order (north to south, west to east in a band)."""
    free_numbers = [n for n in range(1, len(circ) + 1) if n not in pins]
    free_circles = band_order([c for c in circ if c not in pins.values()], pos)
    numbers = {v: n for n, v in pins.items()}
    numbers.update(zip(free_circles, free_numbers, strict=True))
    return numbers


def natural_rows(circ, pos):
    order = band_order(circ, pos)
    return lambda n: pos[order[min(n, len(order)) - 1]][1]


# -- the map file ----------------------------------------------------------------


def choose_yellow(graph, circ, avoid) -> list:
    """Seven night-1 patrol spots: the best-connected crossing near the middle
    of each sector, and one more in the middle of the board."""
    crossings = sorted(v for v in graph if v not in circ and v not in avoid)
    centres = [
        (WIDTH * (2 * c + 1) / 6, HEIGHT * (2 * r + 1) / 4) for c in range(3) for r in range(2)
    ] + [(WIDTH / 2, HEIGHT / 2)]
    chosen: list = []
    for centre in centres:
        v = min(
            (x for x in crossings if x not in chosen),
            key=lambda x: (vdist(x, centre) - 2.5 * graph.degree(x), x),
        )
        chosen.append(v)
    return chosen


def to_mapdata(net, graph, circ, numbers, goulston) -> MapData:
    crossings = sorted((v for v in graph if v not in circ), key=lambda v: (v[1], v[0]))
    xid = {v: f"x{i + 1}" for i, v in enumerate(crossings)}
    yellow = set(choose_yellow(graph, circ, {goulston}))
    places = {n: place for n, (place, _) in RED_PLACES.items()}

    def node(v):
        return numbers[v] if v in circ else xid[v]

    return MapData(
        name="Whitechapel 1888",
        width=WIDTH,
        height=HEIGHT,
        columns=(WIDTH // 3, 2 * WIDTH // 3),
        rows=(HEIGHT // 2,),
        circles=sorted(
            (
                Circle(numbers[v], *v, red=numbers[v] in places, place=places.get(numbers[v], ""))
                for v in circ
            ),
            key=lambda c: c.n,
        ),
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


def in_range(stats: dict) -> list[str]:
    """The figures (`map check`) outside the ranges issue 17 asks for."""
    jack = stats["jack_adjacency"]
    checks = {
        "crossings": 220 <= stats["crossings"] <= 250,
        "blocks": 150 <= stats["blocks"] <= 175,
        "alley pairs": 400 <= stats["alley_pairs"] <= 500,
        "Jack adjacency": jack.min >= 2 and 7 <= jack.mean <= 9 and jack.max <= 15,
        "police adjacency": 3.4 <= stats["police_adjacency"].mean <= 4.4,
        "direct circles": 1.7 <= stats["direct_circles"].mean <= 2.2,
        "Jack graph": 10 <= stats["jack_diameter"] <= 14 and 4.5 <= stats["jack_mean_path"] <= 6,
        "police graph": 17 <= stats["police_diameter"] <= 25
        and 7.5 <= stats["police_mean_path"] <= 10,
        "red circles": 5.3 <= stats["red_mean_distance"] <= 6.1,
        "best hideout": 3.5 <= stats["best_hideout"]["mean"] <= 4.1,
        "triangles": stats["triangle_share"] <= 0.15,
        "octilinear": stats["crooked_segments"] == 0,
    }
    return [name for name, ok in checks.items() if not ok]


def main(argv=None) -> int:
    from whitechapel.lfw.map import legibility, mapcheck

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1888)
    ap.add_argument("--edition", type=int, choices=(2, 3), default=3)
    ap.add_argument("--out", help="default: the edition's file in assets/maps")
    args = ap.parse_args(argv)
    maps = Path(__file__).parents[1] / "assets/maps"
    out = args.out or str(
        maps / ("whitechapel-1888.json" if args.edition == 3 else "whitechapel-1888-ed2.json")
    )
    net, graph, pos, goulston, reds = streets(args.seed)
    faces = geometry.faces(graph, pos)
    corners = Counter(faces_corners(graph, pos))
    print("blocks by corners:", dict(sorted(corners.items())))
    fixed = {goulston: False, **dict.fromkeys(reds.values(), True)}
    for attempt in range(6):  # the types again, from a fresh random stream, until all fit
        rng = random.Random(f"{args.seed}/types/{attempt}")
        circ, _q = anneal(
            graph,
            pos,
            faces,
            rng,
            20000,
            circles=CIRCLES,
            fixed=fixed,
            reds=reds,
            near_65=lambda v: vdist(v, reds[65]) < 9,
            red_mean=RED_MEAN,
            hideout_mean=HIDEOUT_MEAN,
        )
        try:
            pins, _jack = find_pins(net, graph, pos, circ, natural_rows(circ, pos), reds)
        except SystemExit as e:
            print(f"attempt {attempt}: {e}")
            continue
        pins.update({n: v for n, v in reds.items() if n not in pins})
        numbers = number(circ, pos, pins)
        data = to_mapdata(net, graph, circ, numbers, goulston)
        board = mapcheck.validate(data, searchable=False)  # edition 2, sealed below
        off = in_range(mapcheck.statistics(board))
        off += [f"no room for {n}" for n in legibility.unnamed_streets(board)]
        if not off:
            break
        print(f"attempt {attempt}: out of range: {', '.join(off)}")
    else:
        raise SystemExit("no attempt met every figure; try another seed")
    from mapgen_draw import write_checked
    from seal_circles import seal

    if args.edition == 3:
        write_checked(seal(data, 3), out)
    else:
        write_checked(data, out, searchable=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
