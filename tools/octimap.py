"""An octilinear street network on character cells (dev tool, not shipped).

Streets run horizontally, vertically or diagonally one column per row, so a
terminal draws each with one box-drawing glyph (`─ │ ╲ ╱`).  The network is
grown on the cells of the canvas:

1. named streets are laid as polylines whose corners are cells;
2. the enclosed areas (4-connected blank cells) are split, largest first, by
   straight lanes traced across them from street to street, so that blocks
   are mostly four-sided and lanes meet streets in T- or X-junctions;
3. points are added along the longest runs between junctions.

Every rule that keeps the drawing legible whatever the points become
(circles of three cells or one-cell crossings) is kept while growing: points
on one row stand at least four columns apart, no street passes beside a
point's label, parallel streets keep their distance, and diagonals never
cross between cells.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict

import networkx as nx

Cell = tuple[int, int]
Dir = tuple[int, int]
H, V, D1, D2 = (1, 0), (0, 1), (1, 1), (1, -1)  # the four axes: ─ │ ╲ ╱
AXES = (H, V, D1, D2)
ROW_GAP = 4  # points on one row stand at least this many columns apart
VISUAL = 2.2  # a row is about this many columns tall


def axis(d: Dir) -> Dir:
    """The axis of a direction: (1,0) for east and west, and so on."""
    dx, dy = d
    if dx < 0 or (dx == 0 and dy < 0):
        dx, dy = -dx, -dy
    return dx, dy


def unit(a: Cell, b: Cell) -> Dir:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        raise ValueError(f"{a}-{b} is not octilinear")
    n = max(abs(dx), abs(dy))
    return dx // n, dy // n


def steps(a: Cell, b: Cell) -> list[Cell]:
    """The cells from a to b, both included."""
    d = unit(a, b)
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    return [(a[0] + d[0] * i, a[1] + d[1] * i) for i in range(n + 1)]


def visual_length(a: Cell, b: Cell) -> float:
    return math.hypot((b[0] - a[0]) / VISUAL, b[1] - a[1])


class Network:
    """Streets on a grid of cells: links between neighbouring cells, points
    (nodes) where streets meet, bend or end."""

    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = width, height
        self.links: dict[Cell, set[Dir]] = {}
        self.nodes: dict[Cell, None] = {}  # ordered set
        self.rows: dict[int, set[int]] = defaultdict(set)
        self.reserved: set[Cell] = set()  # kept blank (room for names, large blocks)
        self.no_points: set[Cell] = set()  # street cells where no point may stand
        self.names: dict[str, Cell] = {}  # where each street's name is written
        self.paths: dict[str, list[Cell]] = {}  # named streets, cell by cell

    # -- basic queries ---------------------------------------------------------

    def inside(self, c: Cell) -> bool:
        return 0 <= c[0] < self.w and 0 <= c[1] < self.h

    def is_street(self, c: Cell) -> bool:
        return c in self.links

    def has_axis(self, c: Cell, ax: Dir) -> bool:
        ds = self.links.get(c)
        return bool(ds) and (ax in ds or (-ax[0], -ax[1]) in ds)

    def add_node(self, c: Cell) -> None:
        if c not in self.nodes:
            self.nodes[c] = None
            self.rows[c[1]].add(c[0])

    def row_clear(self, c: Cell, ignore: Cell | None = None) -> bool:
        """No other point within ROW_GAP-1 columns on c's row."""
        return all(
            abs(x - c[0]) >= ROW_GAP or (x, c[1]) in (c, ignore) for x in self.rows.get(c[1], ())
        )

    def link(self, a: Cell, b: Cell) -> None:
        d = (b[0] - a[0], b[1] - a[1])
        self.links.setdefault(a, set()).add(d)
        self.links.setdefault(b, set()).add((-d[0], -d[1]))

    def diagonal_blocked(self, c: Cell, d: Dir) -> bool:
        """Would a diagonal step from c cross a diagonal between cells?"""
        if d[0] == 0 or d[1] == 0:
            return False
        a, b = (c[0] + d[0], c[1]), (c[0], c[1] + d[1])
        return (b[0] - a[0], b[1] - a[1]) in self.links.get(a, ())

    def run_to_node(self, c: Cell, d: Dir) -> int:
        """Steps from c along direction d to the next point."""
        n = 0
        while True:
            c = (c[0] + d[0], c[1] + d[1])
            n += 1
            if c in self.nodes or c not in self.links:
                return n

    # -- laying named streets --------------------------------------------------

    def lay(self, name: str | None, corners: list[Cell]) -> list[Cell]:
        """A street through the corners; where it meets another street, a
        point.  Returns its cells."""
        path: list[Cell] = []
        for a, b in itertools.pairwise(corners):
            cells = steps(a, b)
            path += cells if not path else cells[1:]
        for c in (corners[0], corners[-1], *corners):
            self.add_node(c)
        for c in path[1:-1]:
            if c in self.links:
                self.add_node(c)  # a junction with an earlier street
        for a, b in itertools.pairwise(path):
            self.link(a, b)
        if name:
            self.paths[name] = path
        return path

    # -- room for the names ----------------------------------------------------

    def stretches(self, name: str) -> list[list[Cell]]:
        """A named street's straight stretches, cell by cell."""
        path = self.paths[name]
        out: list[list[Cell]] = []
        current = [path[0]]
        heading = None
        for a, b in itertools.pairwise(path):
            d = (b[0] - a[0], b[1] - a[1])
            if heading is not None and d != heading:
                out.append(current)
                current = [a]
            current.append(b)
            heading = d
        out.append(current)
        return out

    def reserve_name(self, name: str) -> Cell | None:
        """Keep blank room for a street's name where the drawing will look
        for it first (`canvas.name_spots`), with two blank cells either side;
        a name beside a vertical or diagonal street keeps points off the
        street cell it faces.  Returns the name's first cell."""
        from whitechapel.lfw.map.canvas import name_spots

        n = len(name)
        stretches = sorted(self.stretches(name), key=lambda s: (s[0][1] != s[-1][1], -len(s)))
        for stretch in stretches:
            flat = stretch[0][1] == stretch[-1][1]
            on_row = {c[1]: c for c in stretch}
            for x0, y in name_spots(stretch, n):
                inner = [(x, y) for x in range(x0 - 1, x0 + n + 1)]
                outer = [(x0 - 3, y), (x0 - 2, y), (x0 + n + 1, y), (x0 + n + 2, y)]
                own = None if flat else on_row.get(y)
                if not all(
                    self.inside(c) and c not in self.reserved and (c == own or c not in self.links)
                    for c in inner
                ):
                    continue
                # streets already laid may pass two cells away, with no point
                # there whose label would touch the name
                for c in [c for c in (own, outer[1], outer[2]) if c in self.links]:
                    self.no_points.add(c)
                self.reserved |= {c for c in inner + outer if c not in self.links}
                self.names[name] = (x0, y)
                return x0, y
        return None

    # -- areas -----------------------------------------------------------------

    def flood(self, start: Cell, allowed) -> set[Cell]:
        seen = {start}
        stack = [start]
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n not in seen and allowed(n):
                    seen.add(n)
                    stack.append(n)
        return seen

    def areas(self) -> list[tuple[frozenset[Cell], bool]]:
        """Every blank area with whether it is enclosed by streets."""
        seen: set[Cell] = set()
        out = []
        for y in range(self.h):
            for x in range(self.w):
                c = (x, y)
                if c in seen or c in self.links:
                    continue
                part = self.flood(c, lambda n: self.inside(n) and n not in self.links)
                seen |= part
                edge = any(x in (0, self.w - 1) or y in (0, self.h - 1) for x, y in part)
                out.append((frozenset(part), not edge))
        return out

    # -- splitting an area by a lane -------------------------------------------

    def trace(self, start: Cell, d: Dir) -> list[Cell] | None:
        """Cells from start (excluded) along d to the first street cell
        (included); None when it leaves the canvas, enters reserved cells or
        would cross a diagonal between cells."""
        out = []
        c = start
        while True:
            if self.diagonal_blocked(c, d):
                return None
            c = (c[0] + d[0], c[1] + d[1])
            if not self.inside(c) or c in self.reserved:
                return None
            out.append(c)
            if c in self.links:
                return out

    def hit_ok(self, h: Cell, towards: Dir, lane_next: Cell) -> bool:
        """May a lane arriving from `lane_next` end at street cell h?"""
        ds = self.links[h]
        back = (-towards[0], -towards[1])  # from h into the lane
        if back in ds:
            return False
        if h in self.nodes:
            return True
        if len(ds) != 2 or h in self.no_points:
            return False
        d = next(iter(ds))
        if (-d[0], -d[1]) not in ds:
            return False  # a bend without a point (never made)
        need = ROW_GAP if axis(d) == H else 2
        if self.run_to_node(h, d) < need or self.run_to_node(h, (-d[0], -d[1])) < need:
            return False
        if not self.row_clear(h):
            return False
        if axis(d) != H:  # the label's side cells: blank, or the lane itself
            for side in ((h[0] - 1, h[1]), (h[0] + 1, h[1])):
                if side in self.links and side != lane_next:
                    return False
        return True

    def lane_ok(self, cells: list[Cell], ax: Dir) -> bool:
        """The lane's inner cells keep away from parallel streets and labels."""
        if ax == H:
            near = [(0, k) for k in (-2, -1, 1, 2)]
        elif ax == V:
            near = [(k, 0) for k in (-3, -2, -1, 1, 2, 3)]
        else:
            near = [(k, 0) for k in (-3, -2, -1, 1, 2, 3)] + [(0, k) for k in (-2, -1, 1, 2)]
        for x, y in cells:
            for dx, dy in near:
                if self.has_axis((x + dx, y + dy), ax):
                    return False
            for dx in (-1, 1):
                if (x + dx, y) in self.nodes:
                    return False
        return True

    def can_cross(self, h: Cell, d: Dir, area_of) -> bool:
        """May a lane along d pass straight through street cell h, making a
        crossroads there, into another enclosed area?"""
        nxt = (h[0] + d[0], h[1] + d[1])
        if not self.inside(nxt) or nxt in self.links or nxt in self.reserved:
            return False
        if area_of(nxt) is None:
            return False
        ds = self.links[h]
        back = (-d[0], -d[1])
        if d in ds or back in ds:
            return False
        if h in self.nodes:
            return True
        if len(ds) != 2 or h in self.no_points:
            return False
        e = next(iter(ds))
        if (-e[0], -e[1]) not in ds:
            return False
        need = ROW_GAP if axis(e) == H else 2
        if self.run_to_node(h, e) < need or self.run_to_node(h, (-e[0], -e[1])) < need:
            return False
        if not self.row_clear(h):
            return False
        if axis(d) != H and axis(e) != H:
            for side in ((h[0] - 1, h[1]), (h[0] + 1, h[1])):
                if side in self.links:
                    return False
        return True

    def run(self, start: Cell, d: Dir, through: int, area_of) -> tuple[list[Cell], int] | None:
        """The cells from start (excluded) along d to the street where the
        lane ends (included), passing through at most `through` streets on
        the way; and how many it passed."""
        cells: list[Cell] = []
        c, passed = start, 0
        while True:
            seg = self.trace(c, d)
            if seg is None:
                return None
            cells += seg
            h = seg[-1]
            if passed < through and self.can_cross(h, d, area_of):
                passed += 1
                c = h
                continue
            return cells, passed

    def try_lane(
        self,
        area: frozenset[Cell],
        start: Cell,
        d: Dir,
        min_area: int,
        through: int = 0,
        area_of=None,
    ):
        """Add a straight lane through start along d and -d, if every rule
        holds; it may pass through up to `through` streets each way into the
        next areas (`area_of` finds a cell's area).  Returns [(area, its two
        parts)] for every area it cut, or None."""
        if start in self.reserved:
            return None
        owner = area_of or (lambda c: area if c in area else None)
        a = self.run(start, d, through, owner)
        b = self.run(start, (-d[0], -d[1]), through, owner)
        if a is None or b is None:
            return None
        path = [*reversed(b[0]), start, *a[0]]
        stops = [i for i, c in enumerate(path) if c in self.links]
        inner = [c for c in path if c not in self.links]
        ends = [path[i] for i in stops]
        if not self._lane_fits(path, stops, inner, d) or not self._ends_fit(ends, axis(d)):
            return None
        out = self._cut(inner, owner, min_area)
        if out is None:
            return None
        for c in ends:
            self.add_node(c)
        for p, q in itertools.pairwise(path):
            self.link(p, q)
        return out

    def _lane_fits(self, path: list[Cell], stops: list[int], inner: list[Cell], d: Dir) -> bool:
        """The lane's own rules: room between the streets it meets, how it
        meets the streets at its two ends, its cells clear of other streets."""
        ax = axis(d)
        min_inner = 4 if ax == H else 2
        for i, j in itertools.pairwise(stops):
            if j - i - 1 < min_inner:
                return False
        ha, hb = path[-1], path[0]
        if not self.hit_ok(ha, d, path[-2]) or not self.hit_ok(hb, (-d[0], -d[1]), path[1]):
            return False
        if ha in self.nodes and hb in self.nodes and len(stops) == 2 and len(inner) < min_inner + 1:
            return False
        return self.lane_ok(inner, ax)

    def _ends_fit(self, ends: list[Cell], ax: Dir) -> bool:
        """A horizontal lane's junctions keep their rows legible: the ones it
        passes through keep a clear row, and none stands too near another
        junction of its row."""
        if ax != H:
            return True
        if not all(self.row_clear(c, None) or c in self.nodes for c in ends[1:-1]):
            return False
        return all(
            abs(x - c[0]) >= ROW_GAP or (x, c[1]) in ends
            for c in ends
            for x in self.rows.get(c[1], ())
        )

    def _cut(self, inner: list[Cell], owner, min_area: int):
        """[(area, its two parts)] for every area the lane's cells cut, or
        None when one is not cut in two, or a part is too small."""
        cut: dict[frozenset[Cell], set[Cell]] = {}
        for c in inner:
            cut.setdefault(owner(c), set()).add(c)
        out = []
        for old, cells in cut.items():
            rest = set(old) - cells
            parts = []
            while rest:
                part = self.flood(next(iter(rest)), rest.__contains__)
                rest -= part
                parts.append(frozenset(part))
            if len(parts) != 2:
                return None
            for p in parts:
                xs = [c[0] for c in p]
                ys = [c[1] for c in p]
                if len(p) < min_area or max(xs) - min(xs) < 2 or max(ys) - min(ys) < 1:
                    return None
            out.append((old, parts))
        return out

    def split(
        self,
        area: frozenset[Cell],
        rng: random.Random,
        min_area: int,
        diagonal: float,
        carry_on: float,
        through: float = 0.0,
        area_of=None,
    ):
        """Cut an area in two with one lane (several tries), which may go on
        through the streets it meets (with chance `through`, one each way);
        None if it cannot be cut."""
        xs = sorted(c[0] for c in area)
        ys = sorted(c[1] for c in area)
        w = xs[-1] - xs[0] + 1
        h = ys[-1] - ys[0] + 1
        for _ in range(40):
            r = rng.random()
            if r < diagonal:
                d = rng.choice((D1, D2))
            else:
                wide = w / (h * VISUAL)
                p_vertical = wide**2 / (1 + wide**2)
                d = V if rng.random() < p_vertical else H
            # continue a street that ends at the area's edge (across to
            # another such street if one lines up), or cut near the middle
            start = None
            if rng.random() < carry_on:
                start = self.continuation(area, d, rng)
            if start is None:
                t = rng.uniform(0.3, 0.7)
                if d == V:
                    x0 = xs[0] + round(t * (w - 1))
                    line = [c for c in area if c[0] == x0]
                elif d == H:
                    y0 = ys[0] + round(t * (h - 1))
                    line = [c for c in area if c[1] == y0]
                else:
                    line = list(area)
                if not line:
                    continue
                cy = sum(ys) / len(ys)
                cx = sum(xs) / len(xs)
                line.sort(key=lambda c: (abs(c[1] - cy) * VISUAL + abs(c[0] - cx), c))
                start = line[min(len(line) - 1, int(rng.random() ** 2 * len(line)))]
            far = 1 if rng.random() < through else 0
            found = self.try_lane(area, start, d, min_area, far, area_of)
            if found:
                return found
        return None

    def continuation(self, area: frozenset[Cell], d: Dir, rng: random.Random) -> Cell | None:
        """A cell of the area next to a point whose street arrives along d's
        axis from outside: a lane from there continues that street.  Lanes
        that also meet a point on the far side (crossroads at both ends) come
        first."""
        ax = axis(d)
        found: list[tuple[int, Cell]] = []
        for c in area:
            for s in (1, -1):
                n = (c[0] - ax[0] * s, c[1] - ax[1] * s)
                if n in self.nodes and (ax[0] * -s, ax[1] * -s) in self.links[n]:
                    far = self.trace(c, (ax[0] * s, ax[1] * s))
                    both = far is not None and far[-1] in self.nodes
                    found.append((0 if both else 1, c))
        if not found:
            return None
        found.sort()
        best = [c for k, c in found if k == found[0][0]]
        return rng.choice(best)

    def grow(
        self,
        rng: random.Random,
        blocks: int,
        min_area: int = 12,
        diagonal: float = 0.06,
        size_noise: float = 0.5,
        carry_on: float = 0.45,
        through: float = 0.0,
    ) -> int:
        """Split the enclosed areas, biggest first, until there are `blocks`;
        `carry_on` is the share of lanes that try to continue a street
        across the area first, `through` the share that may go on through
        the street they meet (both make crossroads rather than T-junctions)."""
        areas = [a for a, closed in self.areas() if closed]
        owner: dict[Cell, frozenset[Cell]] = {c: a for a in areas for c in a}
        done: set[frozenset[Cell]] = set()
        weight = {a: len(a) * rng.uniform(1 - size_noise, 1 + size_noise) for a in areas}
        while len(areas) < blocks:
            todo = [a for a in areas if a not in done]
            if not todo:
                break
            area = max(todo, key=lambda a: (weight[a], min(a)))
            cut = self.split(area, rng, min_area, diagonal, carry_on, through, owner.get)
            if cut is None:
                done.add(area)
                continue
            for old, parts in cut:
                areas.remove(old)
                done.discard(old)
                for p in parts:
                    weight[p] = len(p) * rng.uniform(1 - size_noise, 1 + size_noise)
                    areas.append(p)
                    owner.update(dict.fromkeys(p, p))
        return len(areas)

    # -- points along the streets ----------------------------------------------

    def segments(self) -> list[tuple[Cell, Cell]]:
        """Straight runs between points, each once."""
        out = []
        for a in self.nodes:
            for d in sorted(self.links.get(a, ())):
                c = a
                while True:
                    c = (c[0] + d[0], c[1] + d[1])
                    if c in self.nodes:
                        break
                if a < c:
                    out.append((a, c))
        return out

    def point_ok(self, c: Cell, d: Dir) -> bool:
        """May a new point stand on street cell c of a run along d?"""
        need = ROW_GAP if axis(d) == H else 2
        back = (-d[0], -d[1])
        if c in self.no_points:
            return False
        if self.run_to_node(c, d) < need or self.run_to_node(c, back) < need:
            return False
        if not self.row_clear(c):
            return False
        if axis(d) != H:
            for side in ((c[0] - 1, c[1]), (c[0] + 1, c[1])):
                if side in self.links:
                    return False
        return True

    def add_points(self, total: int, rng: random.Random, avoid: set[Cell] | None = None) -> None:
        """Points on the longest runs (per point) until there are `total`."""
        avoid = avoid or set()
        full: set[tuple[Cell, Cell]] = set()
        while len(self.nodes) < total:
            runs = [s for s in self.segments() if s not in full]
            if not runs:
                raise SystemExit(f"no room for more points ({len(self.nodes)} of {total})")
            runs.sort(key=lambda s: (visual_length(*s), s))
            a, b = runs[-1]
            cells = steps(a, b)[1:-1]
            d = unit(a, b)
            mid = (len(cells) - 1) / 2
            order = sorted(range(len(cells)), key=lambda i: (abs(i - mid), i))
            for i in order:
                c = cells[i]
                if c not in avoid and self.point_ok(c, d):
                    self.add_node(c)
                    break
            else:
                full.add((a, b))

    # -- the graph -------------------------------------------------------------

    def graph(self) -> tuple[nx.Graph, dict[Cell, tuple[float, float]]]:
        g = nx.Graph()
        for c in self.nodes:
            ds = self.links.get(c, set())
            straight = len(ds) == 2 and all((-d[0], -d[1]) in ds for d in ds)
            g.add_node(c, junction=not straight)
        g.add_edges_from(self.segments())
        return g, {c: (float(c[0]), float(c[1])) for c in g}

    def street_nodes(self, name: str) -> list[Cell]:
        return [c for c in self.paths[name] if c in self.nodes]

    def render(self) -> str:
        """A quick look: streets and points."""
        glyph = {H: "─", V: "│", D1: "╲", D2: "╱"}
        rows = [[" "] * self.w for _ in range(self.h)]
        for c, ds in self.links.items():
            axes = {axis(d) for d in ds}
            rows[c[1]][c[0]] = glyph[axes.pop()] if len(axes) == 1 else "+"
        for c in self.nodes:
            rows[c[1]][c[0]] = "o"
        for c in self.reserved:
            if rows[c[1]][c[0]] == " ":
                rows[c[1]][c[0]] = "."
        return "\n".join("".join(r) for r in rows)


def faces_corners(graph: nx.Graph, pos) -> list[int]:
    """How many corners each block of the drawing has (points where its
    outline turns)."""
    from whitechapel.lfw.map import geometry

    out = []
    for face in geometry.faces(graph, pos):
        n = len(face)
        corners = 0
        for i in range(n):
            a, b, c = pos[face[i - 1]], pos[face[i]], pos[face[(i + 1) % n]]
            cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
            dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])
            if cross != 0 or dot < 0:
                corners += 1
        out.append(corners)
    return out
