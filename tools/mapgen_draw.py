"""Turning the abstract street graph into a legible drawing on character
cells, and writing it as a map file (dev tools, not shipped)."""

from __future__ import annotations

import itertools
import math

import networkx as nx
from mapgen_core import ASPECT

from whitechapel.lfw.map import geometry, legibility
from whitechapel.lfw.map.canvas import line_cells
from whitechapel.lfw.map.mapfile import Circle, Crossing, MapData


def cells(pos):
    return {v: (round(p[0] * ASPECT) + 2, round(p[1]) + 1) for v, p in pos.items()}


def band_order(circles, cell, band_rows: int = 6):
    """Circles in reading order: bands of `band_rows` rows north to south,
    west to east within a band."""
    return sorted(circles, key=lambda v: (cell[v][1] // band_rows, cell[v][0], cell[v][1]))


def street_nodes(graph, chain):
    """A street's nodes in order, the points between its junctions included."""
    out = [chain[0]]
    for a, b in itertools.pairwise(chain):
        between = [v for v, d in graph.nodes(data=True) if d.get("edge") in ((a, b), (b, a))]
        if graph.has_edge(a, b) or between:
            between.sort(key=lambda v: _order_on(graph, a, b, v))
            out += [*between, b]
        else:
            out += nx.shortest_path(graph, a, b)[1:]
    return out


def _order_on(graph, a, b, v):
    d = graph.nodes[v]["edge"]
    return graph.nodes[v]["t"] if d == (a, b) else 1 - graph.nodes[v]["t"]


def choose_yellow(graph, circ, cell, width, height, avoid):
    """Seven night-1 patrol spots: the best-connected junction crossing near the
    middle of each sector, and one more in the middle of the board."""
    crossings = [v for v in graph if v not in circ and v not in avoid]

    def degree(v):
        return sum(1 for w in graph[v])

    centres = [
        (width * (2 * c + 1) / 6, height * (2 * r + 1) / 4) for c in range(3) for r in range(2)
    ] + [(width / 2, height / 2)]
    chosen: list = []
    for cx, cy in centres:
        v = min(
            (x for x in crossings if x not in chosen),
            key=lambda x: (
                math.dist(((cell[x][0] - cx) / ASPECT, cell[x][1] - cy), (0, 0)) - 2.5 * degree(x)
            ),
        )
        chosen.append(v)
    return chosen


def to_mapdata(graph, circ, numbers, chains, cell, *, name, red_places, goulston):
    """The map file: `red_places` maps red circle numbers to place names,
    `goulston` is the Goulston Street crossing."""
    width = max(x for x, _ in cell.values()) + 3
    height = max(y for _, y in cell.values()) + 2
    crossings = sorted((v for v in graph if v not in circ), key=lambda v: (cell[v][1], cell[v][0]))
    xid = {v: f"x{i + 1}" for i, v in enumerate(crossings)}
    yellow = set(choose_yellow(graph, circ, cell, width, height, {goulston}))
    red = {v for v in circ if numbers[v] in red_places}
    places = {v: red_places[numbers[v]] for v in red if red_places[numbers[v]]}

    def node(v):
        return numbers[v] if v in circ else xid[v]

    return MapData(
        name=name,
        width=width,
        height=height,
        columns=(width // 3, 2 * width // 3),
        rows=(height // 2,),
        circles=sorted(
            (Circle(numbers[v], *cell[v], red=v in red, place=places.get(v, "")) for v in circ),
            key=lambda c: c.n,
        ),
        crossings=[
            Crossing(xid[v], *cell[v], yellow=v in yellow, goulston=v == goulston)
            for v in crossings
        ],
        segments=sorted(
            ((node(a), node(b)) for a, b in graph.edges()), key=lambda s: (str(s[0]), str(s[1]))
        ),
        streets=[(n, [node(v) for v in street_nodes(graph, ch)]) for n, ch in chains.items()],
    )


def junction_edges(graph):
    """Each street between two junctions with the points on it, in order."""
    runs: dict[tuple, list] = {}
    for v, d in graph.nodes(data=True):
        if not d["junction"]:
            runs.setdefault(d["edge"], []).append(v)
    for a, b in graph.edges():
        if graph.nodes[a]["junction"] and graph.nodes[b]["junction"]:
            runs.setdefault((a, b), [])
    return {e: sorted(vs, key=lambda v: graph.nodes[v]["t"]) for e, vs in runs.items()}


def place_along(cell, a, b, nodes, shift=None):
    """Points of a street on the cells of the straight line between its ends,
    evenly spaced (or at the line positions `shift` gives)."""
    line = line_cells(*cell[a], *cell[b])
    if (cell[b][0], cell[b][1]) != line[-1]:
        line = line[::-1]
    k = len(nodes)
    for j, v in enumerate(nodes):
        idx = round((j + 1) * (len(line) - 1) / (k + 1))
        if shift:
            idx += shift.get(v, 0)
        cell[v] = line[max(1, min(len(line) - 2, idx))]


def place_cells(graph, pos):
    cell = {v: (round(p[0] * ASPECT) + 2, round(p[1]) + 1) for v, p in pos.items()}
    for (a, b), nodes in junction_edges(graph).items():
        place_along(cell, a, b, nodes)
    return cell


def draft(graph, circ, numbers, cell) -> MapData:
    """Just enough of a map to check its drawing."""
    xs = sorted((v for v in graph if v not in circ), key=lambda v: (cell[v][1], cell[v][0]))
    xid = {v: f"x{i + 1}" for i, v in enumerate(xs)}

    def node(v):
        return numbers[v] if v in circ else xid[v]

    width = max(x for x, _ in cell.values()) + 3
    height = max(y for _, y in cell.values()) + 2
    return MapData(
        "draft",
        width,
        height,
        (1, 2),
        (1,),
        [Circle(numbers[v], *cell[v]) for v in circ],
        [Crossing(xid[v], *cell[v]) for v in xs],
        [(node(a), node(b)) for a, b in graph.edges()],
    )


def legibility_problems(data: MapData, names) -> list[tuple[str, set]]:
    """Every drawing problem with the graph nodes it involves."""
    pos = {c.n: (c.x, c.y) for c in data.circles} | {x.id: (x.x, x.y) for x in data.crossings}
    out = []
    for s1, s2 in geometry.crossing_segments(data.segments, pos):
        out.append(("streets cross", {names[v] for v in (*s1, *s2)}))
    for a, b in legibility.label_overlaps(data):
        out.append(("labels overlap", {names[a], names[b]}))
    for seg, c in legibility.segments_through_labels(data):
        out.append(("street through a label", {names[c], names[seg[0]], names[seg[1]]}))
    for seg in legibility.hidden_segments(data):
        out.append(("street not drawn", {names[seg[0]], names[seg[1]]}))
    for v in legibility.labels_off_canvas(data):
        out.append(("label off the canvas", {names[v]}))
    return out


def repair(graph, circ, numbers, cell, rng, rounds=400):
    """Nudge points until no label overlaps another and every street can be
    drawn: mid-street points slide along their street, junctions move a cell
    and take their streets' points with them.  Each round takes the move of
    one point of the first problem that leaves the fewest problems, or
    shakes one of them when no single move helps."""
    streets = _Streets(graph)

    def problems():
        return legibility_problems(
            draft(graph, circ, numbers, cell), _names(graph, circ, numbers, cell)
        )

    found = problems()
    shifts: dict = {}
    for _ in range(rounds):
        if not found:
            return
        _, involved = found[0]
        best = _best_move(streets, cell, shifts, involved, len(found), problems)
        if best is None:  # no single move helps: shake one point and go on
            v = rng.choice(sorted(involved, key=str))
            x, y = cell[v]
            cell[v] = (x + rng.choice((-1, 1)), y)
        else:
            v, move, e, after = best
            if e is not None:
                shifts[v] = shifts.get(v, 0) + move[v]
            cell.clear()
            cell.update(after)
        found = problems()
    raise SystemExit(f"could not make the drawing legible: {found[:3]}")


class _Streets:
    """The streets between junctions, the one each mid-street point is on,
    and the streets that meet at each junction."""

    def __init__(self, graph) -> None:
        self.runs = junction_edges(graph)
        self.edge_of = {v: e for e, vs in self.runs.items() for v in vs}
        self.incident: dict = {}
        for e in self.runs:
            for end in e:
                self.incident.setdefault(end, []).append(e)

    def moves(self, v):
        """A mid-street point slides along its street; a junction moves a cell or so."""
        if v in self.edge_of:
            e = self.edge_of[v]
            for d in (-2, -1, 1, 2):
                yield {v: d}, e
        else:
            for dx, dy in ((1, 0), (-1, 0), (2, 0), (-2, 0), (0, 1), (0, -1), (3, 0), (-3, 0)):
                yield (dx, dy), None

    def apply(self, cell, shifts, v, move, e) -> None:
        """Make the move on `cell`, taking the points of its streets along."""
        if e is not None:
            trial = dict(shifts)
            trial[v] = trial.get(v, 0) + move[v]
            place_along(cell, *e, self.runs[e], trial)
        else:
            cell[v] = (cell[v][0] + move[0], cell[v][1] + move[1])
            for inc in self.incident.get(v, ()):
                place_along(cell, *inc, self.runs[inc], shifts)


def _names(graph, circ, numbers, cell):
    xs = sorted((v for v in graph if v not in circ), key=lambda v: (cell[v][1], cell[v][0]))
    return {numbers[v]: v for v in circ} | {f"x{i + 1}": v for i, v in enumerate(xs)}


def _best_move(streets: _Streets, cell, shifts, involved, now: int, problems):
    """(point, move, street, cells after) of the move that leaves fewer
    problems than `now`, the fewest; None if none does.  `cell` is left as it was."""
    best = (now, None)
    for v in sorted(involved, key=lambda v: v in streets.edge_of, reverse=True):
        for move, e in streets.moves(v):
            saved = dict(cell)
            streets.apply(cell, shifts, v, move, e)
            score = len(problems()) if len(set(cell.values())) == len(cell) else 10**6
            if score < best[0]:
                best = (score, (v, move, e, dict(cell)))
            cell.clear()
            cell.update(saved)
    return best[1]


def write_checked(data: MapData, out: str, searchable: bool = True) -> None:
    """Validate the map as `map check` does, print its figures, write it
    (`searchable=False` for an edition drawn before every circle had to
    have a crossing beside it)."""
    from pathlib import Path

    from whitechapel.lfw.map import mapcheck

    board = mapcheck.validate(data, searchable=searchable)
    print(mapcheck.stats_text(mapcheck.statistics(board)))
    Path(out).write_text(data.dumps(), encoding="utf-8")
    print("wrote", out)
