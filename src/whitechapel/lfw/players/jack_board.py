"""What Jack's computer players know of a board, worked out once per board:
where the police can arrest (T2 + T3), how far home is, and how good a
circle is as a hideout (S1).

Masks are over the board's crossings (`Board.xbit`), so "can a policeman
on x reach an arrest on circle c this turn" is one `&`:
`reach2[x] & near[c]`, where `reach2[x]` holds the crossings he can end
on (T2: 0, 1 or 2 steps) and `near[c]` those directly adjacent to c (T3:
searches and arrests name only such circles).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from functools import lru_cache

import networkx as nx

from whitechapel.lfw.map.board import Board
from whitechapel.lfw.paths import homeward_reach
from whitechapel.lfw.paths import tables as path_tables

FAR = 99  # "no way home" in the spaces counts


class JackTables:
    def __init__(self, board: Board) -> None:
        self.board = board
        xs = board.crossings
        self.near: dict[int, int] = {c: 0 for c in board.circles}
        for x in xs:
            for c in board.direct_circles(x):
                self.near[c] |= board.xbit[x]
        self.reach2: dict[str, int] = {
            x: board.police_mask((x, *board.police_within_two(x))) for x in xs
        }
        self._reach4: dict[str, int] = {}
        self._entries: dict[int, dict[int, tuple[int, ...]]] = {}
        self._hold: dict[tuple[int, int, int, int], dict[int, int]] = {}
        self.coach_ends = {c: tuple(sorted(board.coach_destinations(c))) for c in board.circles}
        self.adjacent = {c: board.jack_adjacent(c) for c in board.circles}
        # Per circle, the Jack-adjacent circles joined to it by a bare street
        # segment: a step no policeman can ever block (T1).
        self.open_steps = {
            c: tuple(n for n in board.graph[c] if isinstance(n, int)) for c in board.circles
        }

    # -- the police's reach ---------------------------------------------------------

    def reach4(self, x: str) -> int:
        """Crossings a policeman on x can end on after two turns of T2."""
        found = self._reach4.get(x)
        if found is None:
            found = 0
            for y in (x, *self.board.police_within_two(x)):
                found |= self.reach2[y]
            self._reach4[x] = found
        return found

    def threats(self, circle: int, police: Iterable[str]) -> int:
        """How many policemen can search or arrest on `circle` this turn."""
        near = self.near[circle]
        return sum(1 for x in police if self.reach2[x] & near)

    def danger(self, police: Iterable[str]) -> int:
        """The crossings some policeman can end on this turn."""
        out = 0
        for x in police:
            out |= self.reach2[x]
        return out

    def danger_later(self, police: Iterable[str]) -> int:
        """The crossings some policeman can end on by next turn."""
        out = 0
        for x in police:
            out |= self.reach4(x)
        return out

    # -- the way home -----------------------------------------------------------------

    def home_need(self, home: int, alleys: int) -> Mapping[int, int]:
        """Per circle, the fewest spaces from it to `home` ending with a
        normal move (T1: only a step announces), using at most `alleys`
        alleys, policemen ignored (`paths.homeward_reach`, the notebook's
        own).  From home itself it is a round trip."""
        return homeward_reach(self.board, (home,), alleys)

    def need(self, circle: int, home: int, alleys: int) -> int:
        return self.home_need(home, alleys).get(circle, FAR)

    def walk_need(self, home: int, police: int, limit: int) -> dict[int, int]:
        """Per circle, the fewest normal moves home if the policemen stayed
        where they are (mask `police`), up to `limit` moves."""
        steps = path_tables(self.board).steps
        out = {home: 0}
        frontier = [home]
        # Steps are symmetric in the board's relation, but a blocked crossing
        # blocks both ways: flood backwards with the same moves.
        for d in range(1, limit + 1):
            nxt = []
            for c in frontier:
                for p in steps(c, police):
                    if p not in out:
                        out[p] = d
                        nxt.append(p)
            frontier = nxt
        return out

    def hold_need(self, home: int, police: int, coaches: int, alleys: int) -> dict[int, int]:
        """Per circle, the fewest spaces home if the policemen held where
        they are (mask `police`), spending up to `coaches` coaches and
        `alleys` alleys (both ignore policemen, T1), the last move a normal
        step (only a step announces).  Searched in layers of tokens in
        hand, fewest first: a coach or an alley leads into the layer with
        one fewer; within a layer, normal steps (`paths.tables.steps`).
        Absent: no way home even so."""
        key = (home, police, coaches, alleys)
        found = self._hold.get(key)
        if found is not None:
            return found
        pt = path_tables(self.board)
        circles = self.board.circles
        layers: dict[tuple[int, int], dict[int, int]] = {}
        for k in range(coaches + 1):
            for a in range(alleys + 1):
                best: dict[int, int] = {}
                for c in circles:
                    v = 1 if home in pt.steps(c, police) else FAR
                    if k:
                        below = layers[k - 1, a]
                        for e in self.coach_ends[c]:
                            v = min(v, 2 + below.get(e, FAR))
                    if a:
                        below = layers[k, a - 1]
                        for e in pt.alley[c]:
                            v = min(v, 1 + below.get(e, FAR))
                    if v < FAR:
                        best[c] = v
                queue = [(v, c) for c, v in best.items()]
                heapq.heapify(queue)
                while queue:
                    v, c = heapq.heappop(queue)
                    if v > best.get(c, FAR):
                        continue
                    for p in pt.steps(c, police):  # a step is undone by the same step back
                        if v + 1 < best.get(p, FAR):
                            best[p] = v + 1
                            heapq.heappush(queue, (v + 1, p))
                layers[k, a] = best
        found = layers[coaches, alleys]
        if len(self._hold) > 64:
            self._hold.clear()
        self._hold[key] = found
        return found

    def entries(self, home: int) -> dict[int, tuple[int, ...]]:
        """Per Jack-adjacent circle of `home`, the masks of the crossings on
        each street path of the step into it (an empty tuple: a bare
        segment, which no policeman can block)."""
        found = self._entries.get(home)
        if found is None:
            found = {}
            for n in self.adjacent[home]:
                paths = self.board.step_paths(n, home)
                if any(not p for p in paths):
                    found[n] = ()
                else:
                    found[n] = tuple(self.board.police_mask(p) for p in paths)
            self._entries[home] = found
        return found

    def shut(self, home: int, circle: int, danger: int) -> bool:
        """Can the police (ending on the crossings `danger`) block the step
        from `circle` into `home`?  (Every path passes such a crossing.)"""
        paths = self.entries(home).get(circle, ())
        return bool(paths) and all(p & danger for p in paths)

    # -- S1 -------------------------------------------------------------------------

    @property
    def centrality(self) -> Mapping[int, float]:
        """Per circle, the mean number of Jack's moves to every other circle."""
        found = getattr(self, "_centrality", None)
        if found is None:
            n = len(self.board.circles)
            found = {
                c: sum(self.board.jack_distance(c, o) or FAR for o in self.board.circles) / n
                for c in self.board.circles
            }
            self._centrality = found
        return found

    def guards(self, circle: int) -> int:
        """How many crossings the police must hold to block every normal
        move out of (or into) `circle`: those directly around it, or FAR
        when a bare street segment joins it to a circle."""
        if self.open_steps[circle]:
            return FAR
        return bin(self.near[circle]).count("1")

    def kin(self, circle: int) -> dict[int, int]:
        """The circles joined to `circle` by bare street segments, one
        after another, each with how many such steps away: steps no
        policeman can block (T1)."""
        found = dict(nx.single_source_shortest_path_length(self.board.bare, circle))
        del found[circle]
        return found

    def sealable(self, circle: int, police: Iterable[str]) -> bool:
        """Could the policemen hold every crossing around `circle` after
        their next move (T2), leaving Jack no normal move (T1)?"""
        k = self.guards(circle)
        if k > 5:
            return False
        near = self.near[circle]
        return sum(1 for x in police if self.reach2[x] & near) >= k


@lru_cache(maxsize=8)
def tables(board: Board) -> JackTables:
    return JackTables(board)
