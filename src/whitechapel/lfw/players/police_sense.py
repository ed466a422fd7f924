"""What the computer police read from the board and from their notebook
(`lfw/notebook.py`), shared by their levels (`police.py`).

- `facts(board)`, once per board: for each circle, the crossings each of
  its steps passes (a step is blocked when every street of it passes a
  policeman, T1); for each crossing, how many police steps (T2) it is from
  beside each circle; for each possible hideout its *region* (the circles
  joined to it by bare street segments, which no policeman can block) and
  the crossings one segment from that region, whose holders keep Jack out
  of it by normal moves (the *seal*).
- `scale(board)`, once per board: the board's own measures, which the
  hard police read where the reference `hard-2026-12` had numbers tuned on
  the 1888 board (`Scale`).
- `Sense`, once per decision: where Jack may be now (each circle's share of
  the notebook's paths), how likely each hideout candidate is (the hard
  police read both as a purposeful Jack's: `purpose`, `homing`), and which
  circles a search may find written (`written_odds`, from a hypothetical
  notebook that adds the failed search).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import networkx as nx

from whitechapel.lfw.map.board import Board
from whitechapel.lfw.notebook import Notebook, notebook
from whitechapel.lfw.paths import tables
from whitechapel.lfw.view_parts import SearchSeen
from whitechapel.lfw.views import LfwView

FAR = 99  # police steps to a circle no crossing reaches


@dataclass(frozen=True)
class Facts:
    board: Board
    # circle -> ((neighbour, masks of the crossings each street of the step passes), ...);
    # a mask 0 is a bare segment, never blocked
    steps: Mapping[int, tuple[tuple[int, tuple[int, ...]], ...]]
    near: Mapping[str, Mapping[int, int]]  # crossing -> circle -> police steps to beside it
    beside: Mapping[int, tuple[str, ...]]  # circle -> the crossings one segment from it
    region: Mapping[int, frozenset[int]]  # circle -> its region (itself and bare-segment kin)
    seal: Mapping[int, frozenset[str]]  # circle -> the crossings one segment from its region

    def moves(self, circle: int, police: int) -> list[int]:
        """Jack's normal moves from `circle` with the crossings of the mask held."""
        return [n for n, masks in self.steps[circle] if not all(m & police for m in masks)]

    def distance(self, crossing: str, circle: int) -> int:
        return self.near[crossing].get(circle, FAR)


@lru_cache(maxsize=8)
def facts(board: Board) -> Facts:
    steps = {}
    for c in board.circles:
        out = []
        for n in board.jack_adjacent(c):
            out.append((n, tuple(board.police_mask(p) for p in board.step_paths(c, n))))
        steps[c] = tuple(out)
    beside = {
        c: tuple(x for x in board.crossings if c in board.direct_circles(x)) for c in board.circles
    }
    near: dict[str, dict[int, int]] = {}
    for x in board.crossings:
        lengths = nx.single_source_shortest_path_length(board.police_graph, x)
        near[x] = {
            c: min((lengths[y] for y in beside[c] if y in lengths), default=FAR)
            for c in board.circles
        }
    region, seal = {}, {}
    for c in board.circles:
        kin = frozenset(int(k) for k in nx.node_connected_component(board.bare, c))
        region[c] = kin
        seal[c] = frozenset(x for k in kin for x in beside[k])
    return Facts(board, steps, near, beside, region, seal)


@dataclass(frozen=True)
class Scale:
    """How big the board is to its pieces, from its streets alone (issue 30:
    plans that hold on any board).

    - `reach`: how many circles five policemen stand beside after one T2
      move, expected over every five crossings they may start from (each
      crossing alike): the most circles a turn's plan can serve, so the size
      of the possible set the moves weigh (`Style.support`; 63 on the 1888
      board, where the reference weighs 60; 29 on the tutorial board).
    - `far`: the Jack distance (normal moves) that nine pairs of circles in
      ten are within: how far a Wretched walked from a hideout is "far"
      (`police_hell.wretched`; 8 on the first 1888 edition, the reference's
      number; 4 on the tutorial board).
    """

    reach: int
    far: int


@lru_cache(maxsize=8)
def scale(board: Board) -> Scale:
    return Scale(reach=round(team_reach(board)), far=max(1, quantile(jack_distances(board), 0.9)))


def team_reach(board: Board, team: int = 5, moves: int = 2) -> float:
    """The expected number of circles at most `moves` police steps from
    beside one of `team` policemen on distinct crossings drawn alike: each
    circle counts the chance that some policeman is that near (one minus
    the chance that all of them stand on the crossings farther away)."""
    near = facts(board).near
    crossings = list(board.crossings)
    total = len(crossings)
    if total < team:
        return float(len(board.circles))
    none = math.comb(total, team)
    out = 0.0
    for c in board.circles:
        close = sum(1 for x in crossings if near[x].get(c, FAR) <= moves)
        out += 1 - math.comb(total - close, team) / none
    return out


def jack_distances(board: Board) -> list[int]:
    """The Jack distance (normal moves) of every pair of circles joined by streets."""
    circles = sorted(board.circles)
    out = []
    for i, a in enumerate(circles):
        for b in circles[i + 1 :]:
            d = board.jack_distance(a, b)
            if d is not None:
                out.append(d)
    return out


def quantile(values: Sequence[int], q: float) -> int:
    """The value that a share `q` of `values` is at most (0 for none)."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def shares(counts: Mapping[int, int]) -> dict[int, float]:
    total = sum(counts.values())
    return {c: n / total for c, n in counts.items()} if total else {}


class Sense:
    """One decision's reading of the notebook: `where` (circle -> the share
    of Jack's possible paths ending there, narrowed to the circles from
    which he can still get home when `homeward`), `hideouts` (candidate ->
    weight, summing to 1)."""

    def __init__(
        self, view: LfwView, board: Board, nb: Notebook, homeward: bool, purposeful: bool = False
    ) -> None:
        self.view, self.board, self.nb = view, board, nb
        self.facts = facts(board)
        counts: Mapping[int, int] = nb.counts
        if homeward and nb.night > 0:
            narrowed = nb.homeward()
            if narrowed:
                counts = narrowed
        self.where = shares(counts)
        if purposeful:
            scenes = {n.night: n.crime_scenes for n in view.nights}
            self.hideouts = hideout_weights(nb, purpose(board, scenes))
            if any(n.home for n in nb.nights):
                self.where = homing(board, self.where, self.hideouts)
        else:
            self.hideouts = hideout_weights(nb)

    @property
    def spaces_left(self) -> int:
        return self.nb.spaces_left

    def live_hideouts(self) -> dict[int, float]:
        """The candidates Jack can still reach tonight from where he may be
        (hops: a normal move or an alley each), weighed by their prior and
        by the share of his positions that reach them; summing to 1."""
        if not self.where:
            return dict(self.hideouts)
        tb = tables(self.board)
        left = self.spaces_left
        out = {}
        for h, w in self.hideouts.items():
            hops = tb.hops(h)
            mass = sum(p for c, p in self.where.items() if hops.get(c, FAR) <= left)
            if mass > 0:
                out[h] = w * mass
        return normalised(out) or dict(self.hideouts)

    def written_odds(
        self, circle: int, weighted: bool = True
    ) -> tuple[float, dict[int, float], dict[int, float]]:
        """The chance that a search of `circle` now finds a clue (it is written
        in some path of tonight's), and Jack's positions after a clue and
        after none.  `weighted`: each position keeps its odds in `where`
        (homeward, homing), split between a clue and none by the share of
        its paths that pass `circle`, so the answer's expected information
        is never below nothing; else each position's share of all paths
        (the frozen reference's reading, which from night 2 weighs the
        search against a different map of Jack than the arrest)."""
        nb = self.nb
        counts = nb.counts
        total = sum(counts.values())
        if not total:
            return 0.0, {}, {}
        miss = notebook(with_search(self.view, circle), self.board, nb).counts
        if weighted:
            found: dict[int, float] = {}
            not_found: dict[int, float] = {}
            for c, p in self.where.items():
                n = counts.get(c, 0)
                if not n:
                    continue
                m = min(miss.get(c, 0), n)
                if m < n:
                    found[c] = p * (n - m) / n
                if m:
                    not_found[c] = p * m / n
            clue, none = sum(found.values()), sum(not_found.values())
            q = clue / (clue + none) if clue + none else 0.0
            return q, normalised(found), normalised(not_found)
        missed = sum(miss.values())
        hit = {c: n - miss.get(c, 0) for c, n in counts.items() if n - miss.get(c, 0) > 0}
        return 1 - missed / total, shares(hit), shares(miss)


def with_search(view: LfwView, circle: int) -> LfwView:
    """The view as it would be after a search of `circle` found nothing now
    (a hypothetical view, for the notebook; whose search does not matter)."""
    last = view.nights[-1]
    search = SearchSeen("blue", circle, False, len(view.track))
    return replace(
        view, nights=(*view.nights[:-1], replace(last, searches=(*last.searches, search)))
    )


# How a purposeful Jack's finished nights look (issue 30; docs/lfw-computer-police.md,
# "A purposeful Jack"): natural-log weights of a hideout candidate by the
# night's *detour* (his moves that night less the hops from the crime scene
# to the candidate) and by the *kill's distance* (those hops).  Fitted to
# the games of both hard Jacks on the 1888 board (150 each) and checked on
# 150 others each and on the first edition; every weight is bounded (-3 to
# +2), so a Jack who wanders or kills far from home is thought less
# likely, never impossible.  The hops are read as they are on every board:
# scaled by the board's size (`Scale.far`), they read the first edition
# worse than the path counts alone.
DETOUR = {-1: 0.0, 0: 1.5, 1: 0.5, 2: 0.5, 3: -0.5, 4: -0.5, 5: -0.5, 6: -1.0, 7: -1.0, 8: -1.0}
KILL = {0: -3.0, 1: -3.0, 2: -0.5, 3: 0.0, 4: 2.0, 5: 0.0, 6: -3.0, 7: -3.0}


def purpose(board: Board, scenes: Mapping[int, Sequence[int]]) -> Callable[[int, int, int], float]:
    """(night, moves, candidate) -> the weight a purposeful Jack's night
    gives the candidate, from `scenes` (night -> its crime scenes)."""
    tb = tables(board)

    def weight(night: int, moves: int, h: int) -> float:
        where = scenes.get(night) or ()
        hops = tb.hops(h)
        d = min((hops.get(c, FAR) for c in where), default=FAR)
        if d >= FAR:
            return 1.0
        detour = DETOUR.get(max(-1, moves - d), 0.0)
        kill = KILL.get(d, -1.5)
        return math.exp(detour + kill)

    return weight


HOMING = 0.4  # a purposeful Jack's position: this much less likely a hop farther from home
HOMING_TOP = 30  # the likeliest hideouts it is read from


def homing(
    board: Board, where: Mapping[int, float], hideouts: Mapping[int, float]
) -> dict[int, float]:
    """Jack's positions as a purposeful Jack's: each circle's share times
    the chance, over the likeliest hideouts, of standing that near home
    (`HOMING` per hop)."""
    tb = tables(board)
    top = sorted(hideouts.items(), key=lambda kv: (-kv[1], kv[0]))[:HOMING_TOP]
    rows = [(w, tb.hops(h)) for h, w in top]
    out = {}
    for c, p in where.items():
        out[c] = p * sum(w * HOMING ** hops.get(c, FAR) for w, hops in rows)
    return normalised(out) or dict(where)


def hideout_weights(
    nb: Notebook, purposeful: Callable[[int, int, int], float] | None = None
) -> dict[int, float]:
    """Each hideout candidate's weight: the product over the finished
    nights of the share of that night's paths ending on it (every
    candidate alike before the first night ends), each share times what
    `purposeful` makes of the night (`purpose`; None: nothing)."""
    weights = {h: 1.0 for h in nb.hideouts}
    for night in nb.nights:
        if not night.home:
            continue
        total = night.total
        for h in weights:
            weights[h] *= night.counts.get(h, 0) / total if total else 0.0
            if purposeful is not None and weights[h]:
                weights[h] *= purposeful(night.night, night.moves, h)
    return normalised(weights) or {h: 1 / len(nb.hideouts) for h in nb.hideouts}


def normalised(weights: Mapping[Any, float]) -> dict[Any, float]:
    total = sum(weights.values())
    return {k: w / total for k, w in weights.items() if w > 0} if total > 0 else {}


def entropy(dist: Mapping[Any, float]) -> float:
    return -sum(p * math.log2(p) for p in dist.values() if p > 0)
