"""Redraw a map octilinearly without changing its game (dev tool, not shipped).

The circles, crossings, segments, blocks and sectors stay; only positions
move, so that every segment is horizontal, vertical or diagonal one column
per row.  A mixed-integer program (scipy's HiGHS), after Nöllenburg and
Wolff's metro-map layout:

- each segment takes one of the 8 directions (binary per direction), with a
  minimum length that keeps labels legible (4 columns across, 2 rows else);
- around every point the segments keep their clockwise order (the blocks
  stay the same faces);
- segments on one block that share no point keep apart, in one of 8
  directions (added lazily: only pairs found too close in a solution);
- every point stays in its sector;
- points move as little as possible from the old drawing (scaled).

    PYTHONPATH=src python tools/relayout.py assets/maps/tutorial.json --out FILE
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

from whitechapel.lfw.map import geometry, legibility
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import Circle, Crossing, MapData, read_map_file

DIRS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]  # clockwise on screen
M = 400


class Program:
    def __init__(self) -> None:
        self.n = 0
        self.lo: list[float] = []
        self.hi: list[float] = []
        self.integral: list[int] = []
        self.cost: list[float] = []
        self.rows: list[tuple[dict[int, float], float, float]] = []

    def var(self, lo=0.0, hi=1.0, integral=1, cost=0.0) -> int:
        self.lo.append(lo)
        self.hi.append(hi)
        self.integral.append(integral)
        self.cost.append(cost)
        self.n += 1
        return self.n - 1

    def row(self, coeffs: dict[int, float], lo=-np.inf, hi=np.inf) -> None:
        self.rows.append((coeffs, lo, hi))

    def solve(self, time_limit: float):
        a = lil_matrix((len(self.rows), self.n))
        lo, hi = [], []
        for i, (coeffs, low, h) in enumerate(self.rows):
            for j, c in coeffs.items():
                a[i, j] = c
            lo.append(low)
            hi.append(h)
        res = milp(
            c=np.array(self.cost),
            constraints=LinearConstraint(a.tocsr(), np.array(lo), np.array(hi)),
            integrality=np.array(self.integral),
            bounds=Bounds(np.array(self.lo), np.array(self.hi)),
            options={"time_limit": time_limit, "disp": False, "mip_rel_gap": 0.02},
        )
        return res


def relayout(
    data: MapData, width: int, height: int, time_limit: float = 300.0, *, sectors: bool = True,
    close: float = 8.0,
) -> MapData:
    board = Board(data)
    g = board.graph
    pos = board.pos
    nodes = sorted(g, key=str)
    emb = geometry.embedding(g, pos)
    # the blocks, and the outer face too: segments on one face must keep apart
    faces: list[list] = []
    marked: set = set()
    for v, w in emb.edges():
        if (v, w) not in marked:
            faces.append(emb.traverse_face(v, w, mark_half_edges=marked))
    sx = (width - 6) / max(1, data.width - 6)
    sy = (height - 2) / max(1, data.height - 2)
    target = {v: (3 + (pos[v][0] - 3) * sx, 1 + (pos[v][1] - 1) * sy) for v in nodes}

    p = Program()
    x = {v: p.var(2, width - 3, 1) for v in nodes}
    y = {v: p.var(0, height - 1, 1) for v in nodes}
    for v in nodes:  # |x - X| + 2|y - Y|
        dx, dy = p.var(0, M, 0, 1.0), p.var(0, M, 0, 2.0)
        p.row({x[v]: 1, dx: -1}, hi=target[v][0])
        p.row({x[v]: -1, dx: -1}, hi=-target[v][0])
        p.row({y[v]: 1, dy: -1}, hi=target[v][1])
        p.row({y[v]: -1, dy: -1}, hi=-target[v][1])
    edges = [tuple(sorted(e, key=str)) for e in g.edges()]
    alpha = {}
    for u, v in edges:
        al = [p.var() for _ in DIRS]
        alpha[u, v] = al
        p.row(dict.fromkeys(al, 1), 1, 1)
        for k, (ex, ey) in enumerate(DIRS):
            a = al[k]
            # along the direction: the cross coordinate equal, the length at least ...
            if ey == 0:
                cross, along, least = (y, None), (x, ex), 4
            elif ex == 0:
                cross, along, least = (x, None), (y, ey), 2
            elif ex == ey:  # SE / NW: x - y constant
                cross, along, least = ("xy-", None), (y, ey), 2
            else:  # NE / SW: x + y constant
                cross, along, least = ("xy+", None), (y, ey), 2
            c = cross[0]
            if c == "xy-":
                diff = {x[v]: 1, y[v]: -1, x[u]: -1, y[u]: 1}
            elif c == "xy+":
                diff = {x[v]: 1, y[v]: 1, x[u]: -1, y[u]: -1}
            else:
                diff = {c[v]: 1, c[u]: -1}
            p.row({**diff, a: M}, hi=M)
            p.row({**{k2: -c2 for k2, c2 in diff.items()}, a: M}, hi=M)
            var, sign = along
            p.row({var[v]: sign, var[u]: -sign, a: -M}, lo=least - M)

    def direction(u, w) -> dict[int, float]:
        """The direction index (0..7) of the segment leaving u toward w."""
        if (u, w) in alpha:
            return {a: k for k, a in enumerate(alpha[u, w])}
        return {a: (k + 4) % 8 for k, a in enumerate(alpha[w, u])}

    for u in nodes:
        around = list(emb.neighbors_cw_order(u))
        if len(around) < 2:
            continue
        betas = [p.var() for _ in around]
        p.row(dict.fromkeys(betas, 1), 1, 1)
        for i, w in enumerate(around):
            nxt = around[(i + 1) % len(around)]
            row: dict[int, float] = {}
            for a, k in direction(u, nxt).items():
                row[a] = row.get(a, 0) + k
            for a, k in direction(u, w).items():
                row[a] = row.get(a, 0) - k
            row[betas[i]] = 8
            p.row(row, lo=1)
    # sectors
    c1, c2, r1 = p.var(1, width, 1), p.var(1, width, 1), p.var(1, height, 1)
    for v in nodes if sectors else []:
        col, rowname = board.sector(v).split("/")
        if col == "A":
            p.row({x[v]: 1, c1: -1}, hi=-1)
        elif col == "B":
            p.row({x[v]: 1, c1: -1}, lo=0)
            p.row({x[v]: 1, c2: -1}, hi=-1)
        else:
            p.row({x[v]: 1, c2: -1}, lo=0)
        p.row({y[v]: 1, r1: -1}, **({"hi": -1} if rowname == "a" else {"lo": 0}))

    face_pairs = set()
    for f in faces:
        fe = {tuple(sorted((f[i], f[(i + 1) % len(f)]), key=str)) for i in range(len(f))}
        for e1, e2 in itertools.combinations(sorted(fe, key=str), 2):
            if not set(e1) & set(e2):
                face_pairs.add((e1, e2))
    apart: set = set()

    def keep_apart(e1, e2) -> None:
        gs = [p.var() for _ in DIRS]
        p.row(dict.fromkeys(gs, 1), lo=1)
        for k, (ex, ey) in enumerate(DIRS):
            for q in e1:
                for r in e2:
                    if ey == 0:
                        row, least = {x[r]: ex, x[q]: -ex}, 4
                    elif ex == 0:
                        row, least = {y[r]: ey, y[q]: -ey}, 1
                    elif ex == ey:
                        row, least = {x[r]: ex, y[r]: ey, x[q]: -ex, y[q]: -ey}, 3
                    else:
                        row, least = {x[r]: ex, y[r]: ey, x[q]: -ex, y[q]: -ey}, 3
                    row[gs[k]] = -M
                    p.row(row, lo=least - M)

    # start with the pairs that stand close in the old drawing
    for e1, e2 in sorted(face_pairs, key=str):
        d = min(math.dist(target[a], target[b]) for a in e1 for b in e2)
        if d < close:
            keep_apart(e1, e2)
            apart.add((e1, e2))
    for rounds in range(12):
        res = p.solve(time_limit)
        if res.x is None:
            raise SystemExit(f"no drawing found ({res.message})")
        new = {v: (round(res.x[x[v]]), round(res.x[y[v]])) for v in nodes}
        out = _mapdata(data, new, res.x[c1], res.x[c2], res.x[r1])
        bad = [pr for pr in _too_close(out, face_pairs - apart, new) if pr not in apart]
        print(f"round {rounds}: {res.message.strip()}; objective {res.fun:.1f}; "
              f"{len(apart)} pairs kept apart, {len(bad)} more needed")  # fmt: skip
        if not bad:
            return out
        for pair in bad:
            keep_apart(*pair)
            apart.add(pair)
    raise SystemExit("gave up")


def _too_close(data: MapData, pairs, new) -> list:
    """Pairs whose drawing crosses or whose labels clash."""
    bad = []
    for e1, e2 in sorted(pairs, key=str):
        a, b = new[e1[0]], new[e1[1]]
        c, d = new[e2[0]], new[e2[1]]
        if geometry._cross(a, b, c, d):
            bad.append((e1, e2))
            continue
        # label clash: a point of one within the other's label, or too near on a row
        for q in e1:
            for r in e2:
                if new[q][1] == new[r][1] and abs(new[q][0] - new[r][0]) < 4:
                    bad.append((e1, e2))
                    break
            else:
                continue
            break
    pos = {v: new[v] for v in new}
    for s1, s2 in geometry.crossing_segments(data.segments, pos):
        pair = tuple(sorted((tuple(sorted(s1, key=str)), tuple(sorted(s2, key=str))), key=str))
        if pair not in bad:
            bad.append(pair)
    if not bad:
        problems = (
            legibility.label_overlaps(data)
            + [s for s, _ in legibility.segments_through_labels(data)]
            + legibility.hidden_segments(data)
        )
        touched = {v for pr in problems for v in (pr if isinstance(pr, tuple) else ())}
        for e1, e2 in sorted(pairs, key=str):
            if set(e1) & touched or set(e2) & touched:
                bad.append((e1, e2))
    return bad


def _mapdata(data: MapData, new, c1, c2, r1) -> MapData:
    width = max(x for x, _ in new.values()) + 3
    height = max(y for _, y in new.values()) + 1
    return MapData(
        name=data.name,
        width=width,
        height=height + 1,
        columns=(round(c1), round(c2)),
        rows=(round(r1),),
        circles=[Circle(c.n, *new[c.n], c.red, c.place) for c in data.circles],
        crossings=[Crossing(x.id, *new[x.id], x.yellow, x.goulston) for x in data.crossings],
        segments=list(data.segments),
        streets=list(data.streets),
        blocks=data.blocks,
        edition=data.edition,
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--out", required=True)
    ap.add_argument("--width", type=int, default=110)
    ap.add_argument("--height", type=int, default=30)
    ap.add_argument("--time", type=float, default=300)
    args = ap.parse_args(argv)
    data = read_map_file(args.file)
    out = relayout(data, args.width, args.height, args.time)
    Path(args.out).write_text(out.dumps(), encoding="utf-8")
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
