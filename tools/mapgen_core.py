"""Building blocks of the map generators (dev tools, not shipped).

Geometry is laid out in "square" units (u, v), where one v unit is one row of
character cells and one u unit is ASPECT columns, so that distances look
right on a terminal whose cells are about twice as tall as wide.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
import statistics
from collections.abc import Callable, Iterable
from typing import Any

import networkx as nx

from whitechapel.lfw.map import geometry

ASPECT = 2.4  # columns per u unit


def poisson_disk(
    rng: random.Random, width: float, height: float, radius: float, fixed: Iterable, limit: int
) -> list[tuple[float, float]]:
    """Dart throwing with a grid: points at least `radius` apart, after `fixed`."""
    pts = [tuple(p) for p in fixed]
    cell = radius / math.sqrt(2)
    grid: dict[tuple[int, int], list] = {}

    def key(p):
        return int(p[0] // cell), int(p[1] // cell)

    def free(p):
        kx, ky = key(p)
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                for q in grid.get((kx + dx, ky + dy), ()):
                    if (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 < radius * radius:
                        return False
        return True

    for p in pts:
        grid.setdefault(key(p), []).append(p)
    misses = 0
    while misses < 4000 and len(pts) < limit:
        p = (rng.uniform(0, width), rng.uniform(0, height))
        if free(p):
            pts.append(p)
            grid.setdefault(key(p), []).append(p)
            misses = 0
        else:
            misses += 1
    return pts


def delaunay_graph(pts: list[tuple[float, float]]) -> nx.Graph:
    import numpy as np  # the Delaunay generators need scipy ('.[mapgen]'); the others do not
    from scipy.spatial import Delaunay

    tri = Delaunay(np.array(pts))
    g = nx.Graph()
    g.add_nodes_from(range(len(pts)))
    for s in tri.simplices:
        a, b, c = (int(v) for v in s)
        g.add_edges_from(((a, b), (b, c), (a, c)))
    return g


def thin_to_faces(
    g: nx.Graph, pts, faces: int, keep: set[frozenset[int]], rng: random.Random, min_degree: int = 2
) -> nx.Graph:
    """Remove edges, longest (with some randomness) first, until the drawing has
    `faces` inner faces; never a kept edge, never disconnecting, never below
    `min_degree`."""
    g = g.copy()
    v = g.number_of_nodes()

    def length(e):
        return math.dist(pts[e[0]], pts[e[1]]) * rng.uniform(0.75, 1.25)

    for e in sorted(g.edges(), key=length, reverse=True):
        if g.number_of_edges() - v + 1 <= faces:
            break
        if frozenset(e) in keep:
            continue
        if g.degree(e[0]) <= min_degree or g.degree(e[1]) <= min_degree:
            continue
        g.remove_edge(*e)
        if not nx.has_path(g, *e):
            g.add_edge(*e)
    return g


def subdivide(g: nx.Graph, pts, extra: int, max_per_edge: int = 2):
    """Put `extra` nodes on the edges, longest edges first, evenly spaced."""
    pos = {i: pts[i] for i in g}
    count = dict.fromkeys(g.edges(), 0)
    length = {e: math.dist(pts[e[0]], pts[e[1]]) for e in count}
    heap = [(-length[e], e) for e in count]
    heapq.heapify(heap)
    placed = 0
    while placed < extra and heap:
        _, e = heapq.heappop(heap)
        if count[e] >= max_per_edge:
            continue
        count[e] += 1
        placed += 1
        heapq.heappush(heap, (-length[e] / (count[e] + 1), e))
    out = nx.Graph()
    nid = max(g) + 1
    for n in g:
        out.add_node(n, junction=True)
    for (a, b), n in count.items():
        chain = [a]
        for j in range(n):
            t = (j + 1) / (n + 1)
            pa, pb = pts[a], pts[b]
            pos[nid] = (pa[0] + t * (pb[0] - pa[0]), pa[1] + t * (pb[1] - pa[1]))
            out.add_node(nid, junction=False, edge=(a, b), t=t)
            chain.append(nid)
            nid += 1
        chain.append(b)
        out.add_edges_from(itertools.pairwise(chain))
    return out, pos


# -- the statistics that the node types decide ---------------------------------


def quick_stats(adj: dict, circ: set, faces: list) -> dict:
    """Jack adjacency, police adjacency, direct circles and alley pairs, by
    components (as the rules define them), fast enough to anneal over."""
    comp = _groups(adj, lambda v: v not in circ)  # groups of connected crossings
    ccomp = _groups(adj, lambda v: v in circ)  # groups of connected circles
    jack_sets = _jack_sets(adj, circ, comp)
    pol, direct = _police_counts(adj, circ, comp, ccomp)
    pairs, faces7 = _alley_pairs(circ, faces)
    jack = {c: len(s) for c, s in jack_sets.items()}
    js = list(jack.values())
    return {
        "jmin": min(js),
        "jmean": statistics.fmean(js),
        "jmax": max(js),
        "pmean": statistics.fmean(pol),
        "dmean": statistics.fmean(direct),
        "pairs": pairs,
        "faces7": faces7,
        "jack": jack,
        "jack_sets": jack_sets,
    }


def _groups(adj: dict, inside: Callable[[Any], bool]) -> dict:
    """Node -> its group's first node, for the connected groups of the nodes
    `inside` (walking only through such nodes), in the order of `adj`."""
    comp: dict = {}
    for v in adj:
        if not inside(v) or v in comp:
            continue
        comp[v] = v
        stack = [v]
        while stack:
            u = stack.pop()
            for w in adj[u]:
                if inside(w) and w not in comp:
                    comp[w] = v
                    stack.append(w)
    return comp


def _touching(adj: dict, comp: dict, wanted: Callable[[Any], bool]) -> dict:
    """Group -> the `wanted` nodes next to one of its nodes."""
    out: dict = {}
    for x, r in comp.items():
        out.setdefault(r, set()).update(w for w in adj[x] if wanted(w))
    return out


def _jack_sets(adj: dict, circ: set, comp: dict) -> dict:
    """Jack-adjacent circles: joined directly or through one group of
    connected crossings."""
    attached = _touching(adj, comp, lambda w: w in circ)
    jack_sets = {}
    for c in circ:
        s = {w for w in adj[c] if w in circ}
        for w in adj[c]:
            if w not in circ:
                s |= attached[comp[w]]
        s.discard(c)
        jack_sets[c] = s
    return jack_sets


def _police_counts(adj: dict, circ: set, comp: dict, ccomp: dict) -> tuple[list, list]:
    """Per crossing: how many crossings are police-adjacent (joined directly
    or through one group of connected circles), how many circles direct."""
    touch = _touching(adj, ccomp, lambda w: w not in circ)
    pol, direct = [], []
    for x in comp:
        s = {w for w in adj[x] if w not in circ}
        d = 0
        for w in adj[x]:
            if w in circ:
                s |= touch[ccomp[w]]
                d += 1
        s.discard(x)
        pol.append(len(s))
        direct.append(d)
    return pol, direct


def _alley_pairs(circ: set, faces: list) -> tuple[int, int]:
    """The pairs of circles on one block (alleys), and the blocks with seven circles."""
    pairs = set()
    faces7 = 0
    for f in faces:
        cs = sorted({v for v in f if v in circ})
        faces7 += len(cs) == 7
        for i, a in enumerate(cs):
            for b in cs[i + 1 :]:
                pairs.add((a, b))
    return len(pairs), faces7


TARGET = {"jmean": (8.0, 0.4), "pmean": (3.9, 0.2), "dmean": (1.95, 0.1), "pairs": (450, 20)}


def cost(q: dict, target: dict | None = None, faces7: int = 4, jmax: int = 14) -> float:
    target = target or TARGET
    c = sum(((q[k] - mid) / scale) ** 2 for k, (mid, scale) in target.items())
    c += 5 * max(0, q["jmax"] - jmax) ** 2 + 20 * max(0, 2 - q["jmin"]) ** 2
    c += 2 * max(0, faces7 - q["faces7"])  # the §10 example needs a block with seven circles
    return c


def anneal_types(
    g: nx.Graph, pos, circles: int, rng: random.Random, iters: int, fixed=None, **targets
):
    """Choose which nodes are circles so the statistics meet their targets.
    `fixed` maps nodes to a forced type (True: circle); `targets` go to `cost`."""
    fixed = fixed or {}
    adj = {v: list(g[v]) for v in g}
    faces = geometry.faces(g, pos)
    free = [v for v in g if v not in fixed]
    must = {v for v, c in fixed.items() if c}
    # start: prefer nodes in the middle of streets
    ranked = sorted(free, key=lambda v: (g.nodes[v]["junction"], rng.random()))
    circ = must | set(ranked[: circles - len(must)])
    q = quick_stats(adj, circ, faces)
    cur = cost(q, **targets)
    temp = 4.0
    for _ in range(iters):
        a, b = rng.choice(free), rng.choice(free)
        if (a in circ) == (b in circ):
            continue
        if a in circ:
            a, b = b, a
        circ.discard(b)
        circ.add(a)
        q2 = quick_stats(adj, circ, faces)
        c2 = cost(q2, **targets)
        if c2 <= cur or rng.random() < math.exp((cur - c2) / temp):
            cur, q = c2, q2
        else:
            circ.discard(a)
            circ.add(b)
        temp = max(temp * 0.998, 0.02)
    return circ, q, cur, faces
