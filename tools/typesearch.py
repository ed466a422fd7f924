"""Which points of a street network are numbered circles and which are
crossings: a simulated-annealing search (dev tool, not shipped).

The figures are the rules' (§2, as `mapcheck` computes them) on integer
bitmasks, one bit per point, so that a move costs a few milliseconds:

- Jack-adjacent circles: joined directly or through one group of connected
  crossings; police-adjacent crossings: joined directly or through one group
  of connected circles; directly adjacent circles of each crossing;
- alley pairs: circles sharing a block;
- how far apart the red circles stand in Jack's moves, and the best hideout;
- whether the rulebook's worked examples (§10) fit (`PinShape`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

from mapgen_core import cost


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Network:
    """A graph's points by index, with masks of neighbours and blocks."""

    def __init__(self, graph, faces, pos) -> None:
        self.nodes = sorted(graph)
        self.index = {v: i for i, v in enumerate(self.nodes)}
        self.adj = [[self.index[w] for w in sorted(graph[v])] for v in self.nodes]
        self.nbr = [sum(1 << j for j in a) for a in self.adj]
        self.faces = [sorted({self.index[v] for v in f}) for f in faces]
        self.face_mask = [sum(1 << i for i in f) for f in self.faces]
        self.faces_of: list[list[int]] = [[] for _ in self.nodes]
        for k, f in enumerate(self.faces):
            for i in f:
                self.faces_of[i].append(k)
        self.y = [pos[v][1] for v in self.nodes]

    def mask(self, nodes) -> int:
        return sum(1 << self.index[v] for v in nodes)

    def stats(self, circ: int) -> dict:
        """The figures of one choice of circles (a mask)."""
        n = len(self.nodes)
        comp, attached, touch = self._groups(circ)
        circles = list(bits(circ))
        jack = self._jack(circ, circles, comp, attached)
        pol, direct = self._police(circ, comp, touch)
        crossings = n - len(circles)
        in_face = [fm & circ for fm in self.face_mask]
        pairs2 = 0
        for c in circles:
            m = 0
            for k in self.faces_of[c]:
                m |= in_face[k]
            pairs2 += (m & ~(1 << c)).bit_count()
        sizes = [m.bit_count() for m in jack.values()]
        return {
            "jmin": min(sizes),
            "jmean": sum(sizes) / len(sizes),
            "jmax": max(sizes),
            "pmean": pol / crossings,
            "dmean": direct / crossings,
            "pairs": pairs2 // 2,
            "faces7": sum(1 for m in in_face if m.bit_count() == 7),
            "jack": jack,
            "in_face": in_face,
        }

    def _groups(self, circ: int) -> tuple[list[int], list[int], list[int]]:
        """Each point's group (of connected crossings, or of connected
        circles), and per group the circles touching a crossings' group
        (`attached`), the crossings touching a circles' group (`touch`)."""
        adj, nbr = self.adj, self.nbr
        comp = [-1] * len(self.nodes)
        attached: list[int] = []
        touch: list[int] = []
        for v in range(len(self.nodes)):
            if comp[v] >= 0:
                continue
            is_circle = circ >> v & 1
            k = len(attached) if not is_circle else len(touch)
            comp[v] = k
            stack, around = [v], 0
            while stack:
                u = stack.pop()
                around |= nbr[u]
                for w in adj[u]:
                    if comp[w] < 0 and (circ >> w & 1) == is_circle:
                        comp[w] = k
                        stack.append(w)
            if is_circle:
                touch.append(around & ~circ)
            else:
                attached.append(around & circ)
        return comp, attached, touch

    def _jack(self, circ: int, circles: list[int], comp: list[int], attached: list[int]) -> dict:
        """Circle -> the mask of its Jack-adjacent circles."""
        jack = {}
        for c in circles:
            m = self.nbr[c] & circ
            for w in self.adj[c]:
                if not circ >> w & 1:
                    m |= attached[comp[w]]
            jack[c] = m & ~(1 << c)
        return jack

    def _police(self, circ: int, comp: list[int], touch: list[int]) -> tuple[int, int]:
        """The police-adjacent crossings and the direct circles, summed over crossings."""
        pol, direct = 0, 0
        for x in range(len(self.nodes)):
            if circ >> x & 1:
                continue
            s = self.nbr[x] & ~circ
            for w in self.adj[x]:
                if circ >> w & 1:
                    s |= touch[comp[w]]
                    direct += 1
            pol += (s & ~(1 << x)).bit_count()
        return pol, direct

    def distances(self, jack: dict, start: int) -> dict[int, int]:
        dist = {start: 0}
        seen, frontier, d = 1 << start, [start], 0
        while frontier:
            d += 1
            nxt = 0
            for v in frontier:
                nxt |= jack[v]
            nxt &= ~seen
            seen |= nxt
            frontier = list(bits(nxt))
            for v in frontier:
                dist[v] = d
        return dist

    def red_figures(self, jack: dict, reds: list[int]) -> tuple[float, float]:
        """Mean Jack distance between two red circles; the lowest mean
        distance from them to one circle that is not red."""
        far = len(self.nodes)
        dists = [self.distances(jack, r) for r in reds]
        pairs = [dists[i].get(b, far) for i in range(len(reds)) for b in reds[i + 1 :]]
        best = min(sum(d.get(c, far) for d in dists) / len(reds) for c in jack if c not in reds)
        return sum(pairs) / len(pairs), best


class PinShape:
    """How far the types are from letting the worked examples of §10 fit:
    0 when circle 65 (on Commercial Road) has exactly seven neighbours, 84
    among them, and a crossing with exactly three circles stands one crossing
    beyond another neighbour (83); and two blocks have seven circles, the
    northernmost strictly north of the others and Jack-adjacent to one (69)
    that leads off the block (103)."""

    def __init__(self, net: Network, p65: int, p84: int, reds: int) -> None:
        self.net, self.p65, self.p84, self.reds = net, p65, p84, reds

    def penalty(self, circ: int, jack: dict) -> float:
        return self.example_65(circ, jack) + self.example_56(circ, jack)

    def example_65(self, circ: int, jack: dict) -> float:
        j = jack[self.p65]
        miss = abs(j.bit_count() - 7) / 2
        miss += 0 if j >> self.p84 & 1 else 1
        miss += 0 if self.trio_behind(circ, j) else 1
        return miss

    def trio_behind(self, circ: int, j: int) -> bool:
        net = self.net
        near = j | 1 << self.p65
        for p83 in bits(j & ~(1 << self.p84)):
            for k2 in net.adj[p83]:
                if circ >> k2 & 1:
                    continue
                for k in net.adj[k2]:
                    if circ >> k & 1:
                        continue
                    trio = net.nbr[k] & circ
                    if trio.bit_count() == 3 and not trio >> p83 & 1 and not trio & near:
                        return True
        return False

    def example_56(self, circ: int, jack: dict, in_face: list[int] | None = None) -> float:
        net = self.net
        in_face = in_face or [fm & circ for fm in net.face_mask]
        taken = jack[self.p65] | self.reds
        best, fits = 2.0, 0
        for cs in in_face:
            count = cs.bit_count()
            if count != 7:
                best = min(best, 1 + min(abs(count - 7), 3) / 3)
                continue
            members = list(bits(cs))
            top = min(members, key=lambda v: net.y[v])
            if sum(1 for v in members if net.y[v] == net.y[top]) > 1:
                best = min(best, 1)
                continue
            if cs & taken:
                best = min(best, 0.8)
                continue
            if any(jack[p69] & ~cs & ~taken for p69 in bits(cs & jack[top])):
                fits += 1
                if fits == 2:
                    return 0.0
            best = min(best, 0.5)
        return 0.3 if fits else best


def anneal(
    graph,
    pos,
    faces,
    rng: random.Random,
    iters: int,
    *,
    circles: int,
    fixed: dict,
    reds: dict | None = None,
    near_65: Callable[[object], bool] | None = None,
    red_mean: float = 0.0,
    hideout_mean: float = 0.0,
    targets: dict | None = None,
) -> tuple[set, dict]:
    """Choose `circles` points to be circles (`fixed` forces some) so that
    the figures meet their targets (`mapgen_core.cost`, with `targets` for
    its keywords), and, when `reds` (number -> point) are given, the red
    circles stand `red_mean` apart with the best hideout `hideout_mean` from
    them and the worked examples fit: then a quarter of the moves are near
    65 (`near_65`), some more on blocks of seven points or more.  Returns the
    circles and their figures."""
    if reds is None:
        return _anneal_plain(graph, pos, faces, rng, iters, circles, fixed, targets or {})
    net = Network(graph, faces, pos)
    index = net.index
    free = [index[v] for v in graph if v not in fixed]
    must = [index[v] for v, c in fixed.items() if c]
    ranked = sorted(free, key=lambda i: (graph.nodes[net.nodes[i]]["junction"], rng.random()))
    circ = 0
    for i in must + ranked[: circles - len(must)]:
        circ |= 1 << i
    red_list = [index[v] for v in reds.values()]
    shape = PinShape(net, index[reds[65]], index[reds[84]], net.mask(reds.values()))

    def total(circ: int) -> tuple[dict, float]:
        q = net.stats(circ)
        mean, best = net.red_figures(q["jack"], red_list)
        spread = ((mean - red_mean) / 0.25) ** 2 + ((best - hideout_mean) / 0.15) ** 2
        pins = shape.example_65(circ, q["jack"]) + shape.example_56(circ, q["jack"], q["in_face"])
        return q, cost(q, faces7=0) + spread + 5 * pins

    q, cur = total(circ)
    local = sorted(i for i in free if near_65(net.nodes[i]))
    free_set = set(free)
    big = sorted({i for f in net.faces if len(f) >= 7 for i in f if i in free_set})
    temp, rounds = 4.0, 0
    while True:
        for _ in range(iters):
            a, b = rng.choice(free), rng.choice(free)
            r = rng.random()
            if r < 0.25:
                a = rng.choice(local)
            elif r < 0.4:
                a = rng.choice(big)
            if (circ >> a & 1) == (circ >> b & 1):
                continue
            if circ >> a & 1:
                a, b = b, a
            trial = circ ^ (1 << a) ^ (1 << b)
            q2, c2 = total(trial)
            if c2 <= cur or rng.random() < math.exp((cur - c2) / temp):
                circ, cur, q = trial, c2, q2
            temp = max(temp * 0.9993, 0.02)
        rounds += 1
        if shape.penalty(circ, q["jack"]) == 0 or rounds == 4:
            break
        temp, iters = 0.5, iters // 4  # the examples do not fit yet: go on, warmer
    mean, best = net.red_figures(q["jack"], red_list)
    print(
        f"annealed: cost {cur:.3f} (figures {cost(q, faces7=0):.3f}, red circles {mean:.2f} "
        f"{best:.2f}, examples {shape.example_65(circ, q['jack'])} "
        f"{shape.example_56(circ, q['jack'])}) after {rounds} rounds; "
        + ", ".join(f"{k} {q[k]:.2f}" for k in ("jmin", "jmean", "jmax", "pmean", "dmean", "pairs"))
    )
    return {net.nodes[i] for i in bits(circ)}, q


def _anneal_plain(graph, pos, faces, rng, iters, circles, fixed, targets) -> tuple[set, dict]:
    """The search on the rules' figures alone (no red circles, no examples)."""
    net = Network(graph, faces, pos)
    index = net.index
    free = [index[v] for v in graph if v not in fixed]
    must = [index[v] for v, c in fixed.items() if c]
    ranked = sorted(free, key=lambda i: (graph.nodes[net.nodes[i]]["junction"], rng.random()))
    circ = 0
    for i in must + ranked[: circles - len(must)]:
        circ |= 1 << i
    q = net.stats(circ)
    cur = cost(q, **targets)
    temp = 4.0
    for _ in range(iters):
        a, b = rng.choice(free), rng.choice(free)
        if (circ >> a & 1) == (circ >> b & 1):
            continue
        if circ >> a & 1:
            a, b = b, a
        trial = circ ^ (1 << a) ^ (1 << b)
        q2 = net.stats(trial)
        c2 = cost(q2, **targets)
        if c2 <= cur or rng.random() < math.exp((cur - c2) / temp):
            circ, cur, q = trial, c2, q2
        temp = max(temp * 0.998, 0.02)
    print(
        f"annealed: cost {cur:.3f}; "
        + ", ".join(f"{k} {q[k]:.2f}" for k in ("jmin", "jmean", "jmax", "pmean", "dmean", "pairs"))
    )
    return {net.nodes[i] for i in bits(circ)}, q
