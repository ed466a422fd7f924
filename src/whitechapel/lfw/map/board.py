"""The map model: a networkx graph of circles and crossings and every relation
the rules derive from it (§2), each a cheap query.

- Jack-adjacent circles: joined by a street path whose inner points are
  crossings only.  A step is blocked when every such path passes a crossing
  held by a policeman, so moves are computed by flooding the free crossings.
- Police-adjacent crossings: joined by a path whose inner points are circles
  only (circles are ignored).
- Directly adjacent circles of a crossing: one segment away.
- Blocks: the faces of the drawing (or given in the file), with the circles
  on their perimeter; an alley goes between two circles of one perimeter.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from pathlib import Path

import networkx as nx

from whitechapel.lfw.map import geometry
from whitechapel.lfw.map.mapfile import MapData, Node, parse_map, read_map_file
from whitechapel.lfw.map.shipped import read_shipped

DEFAULT_MAP = "whitechapel-1888.json"  # the latest edition of the 1888 board
TUTORIAL_MAP = "tutorial.json"
SECTORS = ("A/a", "A/b", "B/a", "B/b", "C/a", "C/b")


class Board:
    """A loaded map.  Circles are ints (their numbers), crossings strs (ids)."""

    def __init__(self, data: MapData) -> None:
        self.data = data
        self.name = data.name
        g: nx.Graph[Node] = nx.Graph()
        for c in data.circles:
            g.add_node(c.n, kind="circle", x=c.x, y=c.y, red=c.red, place=c.place)
        for x in data.crossings:
            g.add_node(x.id, kind="crossing", x=x.x, y=x.y, yellow=x.yellow, goulston=x.goulston)
        g.add_edges_from(data.segments)
        self.graph = g
        self.circles: tuple[int, ...] = tuple(c.n for c in data.circles)
        # The circles and the bare street segments joining two of them (no
        # crossing between): steps no policeman can block (T1).
        self.bare: nx.Graph[Node] = g.subgraph(self.circles)
        self.crossings: tuple[str, ...] = tuple(x.id for x in data.crossings)
        self.pos: dict[Node, tuple[int, int]] = {v: (d["x"], d["y"]) for v, d in g.nodes(data=True)}
        self.red = frozenset(c.n for c in data.circles if c.red)
        self.yellow = frozenset(x.id for x in data.crossings if x.yellow)
        goulston = [x.id for x in data.crossings if x.goulston]
        self.goulston: str | None = goulston[0] if goulston else None
        self.places = {c.n: c.place for c in data.circles if c.place}
        self.builtin_name: str | None = None  # set for the boards shipped with the game
        self.edition = data.edition
        self._derive()

    # -- loading -------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path | None = None) -> Board:
        """A map file, or the default 1888 board when `path` is None."""
        if path is None:
            return cls.builtin(DEFAULT_MAP)
        return cls(read_map_file(path))

    @classmethod
    def builtin(cls, file: str, name: str | None = None) -> Board:
        """A shipped board from its file; `name` is the board's shipped name
        (default: the file's, without '.json')."""
        board = cls(parse_map(read_shipped(file)))
        board.builtin_name = name or file.removesuffix(".json")
        return board

    @property
    def builtin_id(self) -> str | None:
        """A shipped board's name and edition, as records and rooms name it
        ('whitechapel-1888@2'); None for a player's map."""
        return f"{self.builtin_name}@{self.edition}" if self.builtin_name else None

    # -- derivation ----------------------------------------------------------

    def _derive(self) -> None:
        g = self.graph
        self.xbit = {x: 1 << i for i, x in enumerate(self.crossings)}
        self._xindex = {x: i for i, x in enumerate(self.crossings)}
        self._within_two: dict[str, tuple[str, ...]] = {}
        xi = {x: i for i, x in enumerate(self.crossings)}
        # Per circle: circles one segment away; crossings one segment away.
        self._circle_circles = {
            c: tuple(sorted(n for n in g[c] if isinstance(n, int))) for c in self.circles
        }
        self._circle_crossings = {
            c: tuple(xi[n] for n in g[c] if isinstance(n, str)) for c in self.circles
        }
        # Per crossing index: its directly adjacent circles, and a mask of the
        # crossings one segment away.
        self._x_circles = [
            tuple(sorted(n for n in g[x] if isinstance(n, int))) for x in self.crossings
        ]
        self._x_cross = [
            sum(1 << xi[n] for n in g[x] if isinstance(n, str)) for x in self.crossings
        ]
        self._adjacent = {c: tuple(sorted(self._reach(c, 0))) for c in self.circles}
        self._police_adjacent = self._derive_police()
        self._blocks = self._derive_blocks()
        on_blocks: dict[int, set[int]] = {c: set() for c in self.circles}
        for perimeter in self._blocks:
            for c in perimeter:
                on_blocks[c].update(perimeter)
        self._alley = {c: tuple(sorted(s - {c})) for c, s in on_blocks.items()}

    def _reach(self, circle: int, police: int) -> set[int]:
        """Circles reachable in one step from `circle` when the crossings in
        the mask `police` are held: flood the free crossings."""
        out = set(self._circle_circles[circle])
        seen = police
        x_circles, x_cross = self._x_circles, self._x_cross
        for start in self._circle_crossings[circle]:
            if seen >> start & 1:
                continue
            seen |= 1 << start
            stack = [start]
            while stack:
                i = stack.pop()
                out.update(x_circles[i])
                todo = x_cross[i] & ~seen
                seen |= todo
                while todo:
                    low = todo & -todo
                    stack.append(low.bit_length() - 1)
                    todo ^= low
        out.discard(circle)
        return out

    def _derive_police(self) -> dict[str, tuple[str, ...]]:
        """Crossings joined directly, or through a chain of circles only."""
        g = self.graph
        adj: dict[str, set[str]] = {
            x: {n for n in g[x] if isinstance(n, str)} for x in self.crossings
        }
        for part in nx.connected_components(self.bare):
            touching = {n for c in part for n in g[c] if isinstance(n, str)}
            for x in touching:
                adj[x] |= touching - {x}
        return {x: tuple(sorted(s, key=self._xorder)) for x, s in adj.items()}

    def _xorder(self, x: str) -> int:
        return self._xindex[x]

    def police_within_two(self, crossing: str) -> tuple[str, ...]:
        """Crossings one or two police steps away (T2), in map order."""
        found = self._within_two.get(crossing)
        if found is None:
            one = self._police_adjacent[crossing]
            reach = set(one)
            for x in one:
                reach.update(self._police_adjacent[x])
            reach.discard(crossing)
            found = self._within_two[crossing] = tuple(sorted(reach, key=self._xorder))
        return found

    def _derive_blocks(self) -> list[frozenset[int]]:
        if self.data.blocks is not None:
            cycles = self.data.blocks
        else:
            cycles = []
            for part in nx.connected_components(self.graph):
                sub = self.graph.subgraph(part)
                cycles += geometry.faces(sub, self.pos)
        self.block_outlines: list[list[Node]] = [list(c) for c in cycles]  # every point, in order
        return [frozenset(v for v in cycle if isinstance(v, int)) for cycle in cycles]

    # -- queries -------------------------------------------------------------

    def police_mask(self, crossings: Iterable[str]) -> int:
        mask = 0
        for x in crossings:
            mask |= self.xbit[x]
        return mask

    def jack_adjacent(self, circle: int) -> tuple[int, ...]:
        """Every Jack-adjacent circle, ignoring policemen."""
        return self._adjacent[circle]

    def jack_moves(self, circle: int, police: Iterable[str] | int = ()) -> list[int]:
        """T1 normal moves: Jack-adjacent circles with at least one path free
        of the policemen's crossings."""
        mask = police if isinstance(police, int) else self.police_mask(police)
        if mask == 0:
            return list(self._adjacent[circle])
        return sorted(self._reach(circle, mask))

    def step_paths(self, a: int, b: int) -> list[frozenset[str]]:
        """The crossings passed by each street path from circle a to circle b
        with crossings only inside (minimal sets; an empty set is a direct
        segment that no policeman can block).  For explaining a blocked step
        to players: it walks every simple path, which is quick on boards whose
        crossings come in small groups (the game's moves flood instead)."""
        g = self.graph
        found: list[frozenset[str]] = []
        if g.has_edge(a, b):
            return [frozenset()]

        def walk(x: str, path: list[str]) -> None:
            for n in g[x]:
                if n == b:
                    found.append(frozenset(path))
                elif isinstance(n, str) and n not in path:
                    walk(n, [*path, n])

        for n in g[a]:
            if isinstance(n, str):
                walk(n, [n])
        minimal = [p for p in found if not any(q < p for q in found)]
        return sorted(set(minimal), key=lambda p: (len(p), sorted(p)))

    def police_adjacent(self, crossing: str) -> tuple[str, ...]:
        return self._police_adjacent[crossing]

    def direct_circles(self, crossing: str) -> tuple[int, ...]:
        """Circles one segment from the crossing: the targets of searches and arrests."""
        return self._x_circles[self.xbit[crossing].bit_length() - 1]

    @property
    def blocks(self) -> list[frozenset[int]]:
        """The perimeter circles of each block."""
        return list(self._blocks)

    def alley_destinations(self, circle: int) -> tuple[int, ...]:
        return self._alley[circle]

    def coach_routes(
        self, circle: int, police: Iterable[str] | int = ()
    ) -> tuple[tuple[int, int], ...]:
        """T1 coach: two Jack-adjacent steps ignoring policemen (so `police` never
        matters), the two circles reached differing from each other and from
        the start.  Returns (first, second) pairs."""
        return self._coach[circle]

    @cached_property
    def _coach(self) -> dict[int, tuple[tuple[int, int], ...]]:
        adj = self._adjacent
        return {c: tuple((m, e) for m in adj[c] for e in adj[m] if e != c) for c in self.circles}

    def coach_destinations(self, circle: int) -> set[int]:
        return {e for _, e in self._coach[circle]}

    @cached_property
    def jack_graph(self) -> nx.Graph[int]:
        g: nx.Graph[int] = nx.Graph()
        g.add_nodes_from(self.circles)
        g.add_edges_from((a, b) for a, ns in self._adjacent.items() for b in ns)
        return g

    @cached_property
    def police_graph(self) -> nx.Graph[str]:
        g: nx.Graph[str] = nx.Graph()
        g.add_nodes_from(self.crossings)
        g.add_edges_from((a, b) for a, ns in self._police_adjacent.items() for b in ns)
        return g

    @cached_property
    def _jack_distances(self) -> dict[int, dict[int, int]]:
        return dict(nx.all_pairs_shortest_path_length(self.jack_graph))

    @cached_property
    def _police_distances(self) -> dict[str, dict[str, int]]:
        return dict(nx.all_pairs_shortest_path_length(self.police_graph))

    def jack_distance(self, a: int, b: int) -> int | None:
        """Normal moves from a to b ignoring policemen (None: unreachable)."""
        return self._jack_distances[a].get(b)

    def police_distance(self, a: str, b: str) -> int | None:
        return self._police_distances[a].get(b)

    def sector(self, node: Node) -> str:
        x, y = self.pos[node]
        col = "A" if x < self.data.columns[0] else "B" if x < self.data.columns[1] else "C"
        return f"{col}/{'a' if y < self.data.rows[0] else 'b'}"

    def is_circle(self, node: Node) -> bool:
        return isinstance(node, int) and node in self._adjacent

    def is_crossing(self, node: Node) -> bool:
        return isinstance(node, str) and node in self.xbit
