"""Properties of the map model (rules §2, §6 T1) over generated small maps
that are planar by construction.

A map is a lattice of up to 5x4 points drawn at x = 6*col, y = 3*row; its
streets are grid edges (some left out, the rest kept connected) and at most
one diagonal per cell.  Each point is a circle or a crossing (at least two
circles), numbered and named in a random order.  Because the drawing is
known, the blocks can be worked out independently: every cell is cut into
four triangles by its two diagonals, triangles not separated by a drawn
street belong to the same face, and the face that reaches beyond the lattice
is the outside.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

import networkx as nx
from hypothesis import assume, given
from hypothesis import strategies as st

from lfw_maps import make_map
from whitechapel.lfw.map import geometry
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import MapData

Lattice = tuple[int, int]


@dataclass
class GridMap:
    cols: int
    rows: int
    node_at: dict[Lattice, int | str]
    drawn: set[frozenset[Lattice]]
    data: MapData

    @cached_property
    def board(self) -> Board:
        return Board(self.data)

    @property
    def circles(self) -> list[int]:
        return sorted(v for v in self.node_at.values() if isinstance(v, int))

    @property
    def crossings(self) -> list[str]:
        return sorted(v for v in self.node_at.values() if isinstance(v, str))


def _lattice_edges(cols: int, rows: int) -> list[tuple[Lattice, Lattice]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                out.append(((c, r), (c + 1, r)))
            if r + 1 < rows:
                out.append(((c, r), (c, r + 1)))
    return out


@st.composite
def grid_maps(draw, max_cols: int = 5, max_rows: int = 4) -> GridMap:
    cols = draw(st.integers(2, max_cols))
    rows = draw(st.integers(2, max_rows))
    points = [(c, r) for r in range(rows) for c in range(cols)]
    edges = _lattice_edges(cols, rows)
    # at most one diagonal per cell keeps the drawing planar
    cells = [(c, r) for r in range(rows - 1) for c in range(cols - 1)]
    diagonals = draw(st.lists(st.integers(0, 2), min_size=len(cells), max_size=len(cells)))
    for (c, r), diagonal in zip(cells, diagonals, strict=True):
        if diagonal == 1:
            edges.append(((c, r), (c + 1, r + 1)))
        elif diagonal == 2:
            edges.append(((c + 1, r), (c, r + 1)))
    # density 0 gives a random spanning tree (no block), 10 keeps every edge
    density = draw(st.integers(0, 10))
    dice = draw(st.lists(st.integers(0, 9), min_size=len(edges), max_size=len(edges)))
    keep = [d < density for d in dice]
    order = draw(st.permutations(range(len(edges))))
    # Kruskal: the kept edges, then whatever joins the parts left apart.
    parent = {p: p for p in points}

    def find(p: Lattice) -> Lattice:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    chosen = []
    for i in [i for i in range(len(edges)) if keep[i]] + [i for i in order if not keep[i]]:
        a, b = edges[i]
        ra, rb = find(a), find(b)
        if keep[i] or ra != rb:
            parent[ra] = rb
            chosen.append(edges[i])
    return draw(_finish(cols, rows, chosen))


@st.composite
def ring_maps(draw) -> GridMap:
    """One block, the ring around lattice points (1, 1)..(w, h), with spurs
    sticking out of it and spurs hanging inside it."""
    w, h = draw(st.integers(2, 4)), draw(st.integers(2, 3))
    ring = [(c, 1) for c in range(1, w)] + [(w, r) for r in range(1, h)]
    ring += [(c, h) for c in range(w, 1, -1)] + [(1, r) for r in range(h, 1, -1)]
    chosen = [(p, ring[(i + 1) % len(ring)]) for i, p in enumerate(ring)]
    for c, r in ring:
        outward = [q for q in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)) if _outside(q, w, h)]
        q = draw(st.sampled_from([None, *outward]))
        if q is not None:
            chosen.append(((c, r), q))
    for c in range(2, w):
        for r in range(2, h):
            inward = [q for q in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)) if q in ring]
            q = draw(st.sampled_from([None, *inward]))
            if q is not None:
                chosen.append((q, (c, r)))
    return draw(_finish(w + 2, h + 2, chosen))


def _outside(q: Lattice, w: int, h: int) -> bool:
    return not (1 <= q[0] <= w and 1 <= q[1] <= h)


@st.composite
def _finish(draw, cols: int, rows: int, chosen: list[tuple[Lattice, Lattice]]) -> GridMap:
    """Number the points of the drawing in a random order and make the map."""
    points = sorted({p for e in chosen for p in e}, key=lambda p: (p[1], p[0]))
    circle_idx = draw(st.sets(st.integers(0, len(points) - 1), min_size=2))
    circle_points = [points[i] for i in sorted(circle_idx)]
    crossing_points = [p for p in points if p not in set(circle_points)]
    numbers = draw(st.permutations(range(1, len(circle_points) + 1)))
    names = draw(st.permutations([f"k{i}" for i in range(len(crossing_points))]))
    node_at: dict[Lattice, int | str] = dict(zip(circle_points, numbers, strict=True))
    node_at |= dict(zip(crossing_points, names, strict=True))
    xy = {p: (6 * p[0], 3 * p[1]) for p in points}
    # crossings are listed in the order of their names (the board's bit order)
    crossing_list = sorted(crossing_points, key=lambda p: node_at[p])
    flip = draw(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)))
    segments = [
        (node_at[b], node_at[a]) if f else (node_at[a], node_at[b])
        for (a, b), f in zip(chosen, flip, strict=True)
    ]
    data = make_map(
        {node_at[p]: xy[p] for p in circle_points},
        {node_at[p]: xy[p] for p in crossing_list},
        draw(st.permutations(segments)),
        width=32,
        height=14,
        columns=(6, 18),
        rows=(6,),
    )
    return GridMap(cols, rows, node_at, {frozenset(e) for e in chosen}, data)


small_maps = grid_maps(max_cols=4, max_rows=3)  # few enough crossings for step_paths


@st.composite
def map_and_police(draw, maps=None):
    gm = draw(grid_maps() if maps is None else maps)
    police = draw(st.sets(st.sampled_from(gm.crossings))) if gm.crossings else set()
    more = draw(st.sets(st.sampled_from(gm.crossings))) if gm.crossings else set()
    circle = draw(st.sampled_from(gm.circles))
    return gm, frozenset(police), frozenset(police | more), circle


# -- oracles written straight from the rules' wording ---------------------------


def jack_oracle(gm: GridMap, circle: int, police: frozenset[str]) -> set[int]:
    """Circles joined to `circle` by a street path whose inner points are
    crossings free of policemen."""
    g = gm.board.graph
    free = [x for x in gm.crossings if x not in police]
    return {
        d
        for d in gm.circles
        if d != circle
        and (g.has_edge(circle, d) or nx.has_path(g.subgraph([*free, circle, d]), circle, d))
    }


def police_oracle(gm: GridMap, crossing: str) -> set[str]:
    """Crossings joined to `crossing` by a path whose inner points are circles."""
    g = gm.board.graph
    return {
        y
        for y in gm.crossings
        if y != crossing and nx.has_path(g.subgraph([*gm.circles, crossing, y]), crossing, y)
    }


def blocks_oracle(gm: GridMap) -> Counter[frozenset[int]]:
    """The circles around each inner face, from the triangles of the cells."""
    out = "outside"
    parent: dict = {out: out}

    def find(t):
        parent.setdefault(t, t)
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    def union(s, t) -> None:
        parent[find(s)] = find(t)

    sides: dict = {}
    for j in range(gm.rows - 1):
        for i in range(gm.cols - 1):
            tl, tr, br, bl = (i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)
            main, anti = (tl, br), (tr, bl)

            def cell(di: int, dj: int, side: str, i: int = i, j: int = j):
                ii, jj = i + di, j + dj
                if 0 <= ii < gm.cols - 1 and 0 <= jj < gm.rows - 1:
                    return (ii, jj, side)
                return out

            sides[(i, j, "T")] = [
                ((tl, tr), cell(0, -1, "B")),
                (main, (i, j, "L")),
                (anti, (i, j, "R")),
            ]
            sides[(i, j, "R")] = [
                ((tr, br), cell(1, 0, "L")),
                (anti, (i, j, "T")),
                (main, (i, j, "B")),
            ]
            sides[(i, j, "B")] = [
                ((bl, br), cell(0, 1, "T")),
                (main, (i, j, "R")),
                (anti, (i, j, "L")),
            ]
            sides[(i, j, "L")] = [
                ((tl, bl), cell(-1, 0, "R")),
                (anti, (i, j, "B")),
                (main, (i, j, "T")),
            ]
    around: dict = {t: set() for t in sides}
    for t, ss in sides.items():
        find(t)
        for segment, other in ss:
            if frozenset(segment) in gm.drawn:
                around[t].update(segment)
            else:
                union(t, other)
    faces: dict = {}
    for t in sides:
        root = find(t)
        if root != find(out):
            faces.setdefault(root, set()).update(around[t])
    return Counter(
        frozenset(gm.node_at[p] for p in pts if isinstance(gm.node_at[p], int))
        for pts in faces.values()
    )


# -- properties ---------------------------------------------------------------


@given(grid_maps())
def test_adjacency_symmetric_and_as_the_rules_say(gm):
    b = gm.board
    for c in gm.circles:
        adj = b.jack_adjacent(c)
        assert list(adj) == sorted(set(adj))
        assert c not in adj
        assert set(adj) == jack_oracle(gm, c, frozenset()), c
        for d in adj:
            assert c in b.jack_adjacent(d), (c, d)
    for x in gm.crossings:
        adj = b.police_adjacent(x)
        assert len(adj) == len(set(adj))
        assert set(adj) == police_oracle(gm, x), x
        for y in adj:
            assert x in b.police_adjacent(y), (x, y)
        assert set(b.direct_circles(x)) == {c for c in gm.circles if b.graph.has_edge(x, c)}


@given(grid_maps())
def test_blocks_are_the_faces_of_the_drawing(gm):
    assert Counter(gm.board.blocks) == blocks_oracle(gm)


@given(ring_maps())
def test_one_block_with_spurs(gm):
    # The ring's circles and the spurs hanging inside it make the one block;
    # a spur sticking out of the ring is on no block and has no alley.
    b = gm.board
    assert Counter(b.blocks) == blocks_oracle(gm)
    [block] = blocks_oracle(gm)
    for c in gm.circles:
        assert set(b.alley_destinations(c)) == (block - {c} if c in block else set()), c


@given(st.one_of(grid_maps(), ring_maps()))
def test_alley_symmetric_on_a_shared_block_and_euler(gm):
    b = gm.board
    g = b.graph
    assert nx.is_connected(g)
    assert len(b.blocks) == g.number_of_edges() - g.number_of_nodes() + 1
    for c in gm.circles:
        dests = b.alley_destinations(c)
        assert c not in dests
        for d in dests:
            assert c in b.alley_destinations(d), (c, d)
            assert any(c in blk and d in blk for blk in b.blocks), (c, d)
        # and every circle sharing a block is a destination
        assert set(dests) == set().union(*(blk for blk in b.blocks if c in blk)) - {c}


@given(map_and_police())
def test_jack_moves_under_police(args):
    gm, police, more, c = args
    b = gm.board
    # no police: the Jack-adjacent circles
    assert b.jack_moves(c) == list(b.jack_adjacent(c))
    assert b.jack_moves(c, []) == list(b.jack_adjacent(c))
    # with police: as the rules say, as a list of crossings or as a mask
    fewer_police = set(b.jack_moves(c, police))
    more_police = set(b.jack_moves(c, more))
    assert fewer_police == jack_oracle(gm, c, police)
    assert more_police == jack_oracle(gm, c, more)
    assert b.jack_moves(c, b.police_mask(more)) == b.jack_moves(c, more)
    # another policeman never adds a move
    assert more_police <= fewer_police <= set(b.jack_adjacent(c))


@given(map_and_police())
def test_coach_and_alley_ignore_police(args):
    gm, police, more, c = args
    b = gm.board
    alleys = b.alley_destinations(c)
    routes = b.coach_routes(c)
    assert b.coach_routes(c, police) == routes
    assert b.coach_routes(c, more) == routes
    assert b.coach_routes(c, b.police_mask(more)) == routes
    expected = {(m, e) for m in b.jack_adjacent(c) for e in b.jack_adjacent(m) if e != c}
    assert len(routes) == len(set(routes))
    assert set(routes) == expected
    assert all(len({c, m, e}) == 3 for m, e in routes)
    assert b.coach_destinations(c) == {e for _, e in expected}
    b.jack_moves(c, more)  # a query with policemen leaves the board alone
    assert b.alley_destinations(c) == alleys
    assert b.coach_routes(c) == routes


@given(map_and_police(small_maps))
def test_step_paths_explain_the_moves(args):
    gm, _, police, c = args
    b = gm.board
    moves = set(b.jack_moves(c, police))
    for d in gm.circles:
        if d == c:
            continue
        paths = b.step_paths(c, d)
        assert bool(paths) == (d in b.jack_adjacent(c)), d
        assert all(p <= set(gm.crossings) for p in paths)
        # minimal: no listed set holds another
        assert not any(p < q for p in paths for q in paths)
        if d in moves:
            assert any(not (p & police) for p in paths), d
        elif d in b.jack_adjacent(c):
            assert all(p & police for p in paths), d


@given(grid_maps())
def test_distances_and_sectors(gm):
    b = gm.board
    jack = nx.Graph()
    jack.add_nodes_from(gm.circles)
    jack.add_edges_from((c, d) for c in gm.circles for d in jack_oracle(gm, c, frozenset()))
    a = gm.circles[0]
    lengths = nx.single_source_shortest_path_length(jack, a)
    assert {d: b.jack_distance(a, d) for d in gm.circles} == lengths
    if gm.crossings:
        x = gm.crossings[0]
        police = nx.Graph()
        police.add_nodes_from(gm.crossings)
        police.add_edges_from((y, z) for y in gm.crossings for z in police_oracle(gm, y))
        lengths = nx.single_source_shortest_path_length(police, x)
        assert {y: b.police_distance(x, y) for y in gm.crossings} == lengths
    # sectors: columns end at x=6 and x=18, row a ends at y=6 (points on a
    # boundary belong to the sector after it)
    for (col, row), v in gm.node_at.items():
        letter = "A" if col < 1 else "B" if col < 3 else "C"
        assert b.sector(v) == f"{letter}/{'a' if row < 2 else 'b'}", v


@given(grid_maps(), st.data())
def test_crossing_streets_found_only_when_drawn(gm, data):
    pos = {v: (d["x"], d["y"]) for v, d in gm.board.graph.nodes(data=True)}
    assert geometry.crossing_segments(gm.data.segments, pos) == []
    # Draw the other diagonal in a cell whose diagonal is drawn: an X.
    with_diagonal = []
    for r in range(gm.rows - 1):
        for c in range(gm.cols - 1):
            main, anti = ((c, r), (c + 1, r + 1)), ((c + 1, r), (c, r + 1))
            if frozenset(main) in gm.drawn:
                with_diagonal.append((main, anti))
            elif frozenset(anti) in gm.drawn:
                with_diagonal.append((anti, main))
    assume(with_diagonal)
    drawn_diag, new_diag = data.draw(st.sampled_from(with_diagonal))
    new = (gm.node_at[new_diag[0]], gm.node_at[new_diag[1]])
    found = geometry.crossing_segments([*gm.data.segments, new], pos)
    assert len(found) == 1
    pair = {frozenset(found[0][0]), frozenset(found[0][1])}
    assert pair == {frozenset(new), frozenset(gm.node_at[p] for p in drawn_diag)}
