"""Validation of a map against the rules, and its statistics
(`whitechapel map check`)."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import mean
from typing import Any

import networkx as nx

from whitechapel.core.errors import MapError
from whitechapel.lfw.map import geometry
from whitechapel.lfw.map.board import SECTORS, Board
from whitechapel.lfw.map.mapfile import MapData, Node

MIN_RED = 8  # night 1 places 8 women tokens, one per red circle (H2)
MIN_YELLOW = 7  # night 1 places 7 patrol markers on yellow crossings (H3)

# The published board's figures (docs/maps.md, "Beside the published
# board"), printed beside any map's so that a player can see how tight its
# streets are against the box's (testers M4 and O4, round 47-48, took the
# 1888 board for looser than the box).
PUBLISHED: dict[str, str] = {
    "circles": "195",
    "crossings": "234",
    "red": "8",
    "yellow": "7",
    "blocks": "164",
    "alley_pairs": "451",
    "jack_adjacency": "2 / 7.95 / 15",
    "police_adjacency": "3.85 (mean)",
    "direct_circles": "1.92 (mean)",
    "jack_graph": "12 / 5.22",
    "police_graph": "21 / 8.86",
    "red_mean_distance": "5.71",
    "best_hideout": "3.75",
}


def _show(v: Any) -> str:
    return f"circle {v}" if isinstance(v, int) else f"crossing {v!r}"


def problems(data: MapData, *, searchable: bool = True) -> list[str]:
    """Everything that makes the map unusable for the rules, each naming its
    place: first the drawing and the pieces the rules need, then (when those
    are sound) whether the map holds together, for the map, Jack and the police,
    and (unless `searchable` is False) whether every circle can be searched."""
    if not data.circles:
        return ["the map has no circles"]
    pos = {c.n: (c.x, c.y) for c in data.circles} | {x.id: (x.x, x.y) for x in data.crossings}
    g: nx.Graph[Node] = nx.Graph()
    g.add_nodes_from(pos)
    g.add_edges_from(data.segments)
    out = [*_drawing(data, pos), *_pieces(data), *_streetless(g)]
    return out or [*_connection(data, g), *(_unsearchable(data, g) if searchable else [])]


def _drawing(data: MapData, pos: dict[Node, tuple[int, int]]) -> list[str]:
    """Circles numbered without gaps; no two nodes on one place; no streets crossing."""
    out: list[str] = []
    numbers = [c.n for c in data.circles]
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
        out.append(
            f"circles must be numbered 1..{len(numbers)} without gaps (missing: {missing[:5]})"
        )
    where: dict[tuple[int, int], Any] = {}
    for v, p in pos.items():
        if p in where:
            out.append(f"{_show(v)} stands on the same place {p} as {_show(where[p])}")
        where[p] = v
    for a, b in geometry.crossing_segments(data.segments, pos):
        out.append(
            f"streets cross in the drawing: {_show(a[0])}–{_show(a[1])} and {_show(b[0])}–{_show(b[1])}"
        )
    return out


def _pieces(data: MapData) -> list[str]:
    """Enough red circles (H2) and yellow crossings (H3), one Goulston Street
    crossing (O1), a circle that is not red for the hideout (S1)."""
    out: list[str] = []
    red = [c.n for c in data.circles if c.red]
    if len(red) < MIN_RED:
        out.append(f"the map has {len(red)} red circles; the rules need at least {MIN_RED}")
    yellow = [x.id for x in data.crossings if x.yellow]
    if len(yellow) < MIN_YELLOW:
        out.append(
            f"the map has {len(yellow)} yellow crossings; the rules need at least {MIN_YELLOW}"
        )
    goulston = [x.id for x in data.crossings if x.goulston]
    if len(goulston) != 1:
        out.append(f"the map needs exactly one Goulston Street crossing, not {len(goulston)}")
    if all(c.red for c in data.circles):
        out.append("every circle is red: Jack has nowhere to hide (S1)")
    return out


def _streetless(g: nx.Graph[Node]) -> list[str]:
    return [f"{_show(v)} has no street" for v in g.nodes if g.degree(v) == 0]


def _connection(data: MapData, g: nx.Graph[Node]) -> list[str]:
    """One piece; Jack can walk between all circles, the police reach every crossing."""
    parts = list(nx.connected_components(g))
    if len(parts) > 1:
        small = min(parts, key=len)
        return [
            f"the map falls into {len(parts)} disconnected parts; one holds only "
            f"{', '.join(_show(v) for v in sorted(small, key=str)[:4])}"
        ]
    out: list[str] = []
    board = Board(data)
    jack_parts = list(nx.connected_components(board.jack_graph))
    if len(jack_parts) > 1:
        cut_circles = min(jack_parts, key=len)
        out.append(f"Jack cannot walk between all circles: {sorted(cut_circles)[:6]} are cut off")
    police_parts = list(nx.connected_components(board.police_graph))
    if len(police_parts) > 1:
        cut_crossings = min(police_parts, key=len)
        out.append(
            f"policemen cannot reach every crossing: {sorted(cut_crossings)[:6]} are cut off"
        )
    return out


def unsearchable(data: MapData) -> list[int]:
    """The circles with no crossing beside them, in number order: no
    policeman can ever search one or arrest Jack on it (T3), so Jack could
    wait there unseen (`tools/seal_circles.py` puts a crossing beside each)."""
    crossings = {x.id for x in data.crossings}
    touched = {n for s in data.segments if any(v in crossings for v in s) for n in s}
    return [c.n for c in data.circles if c.n not in touched]


def _unsearchable(data: MapData, g: nx.Graph[Node]) -> list[str]:
    """`unsearchable`, each circle in a sentence naming its streets."""
    return [
        f"circle {n} has no crossing beside it, so no policeman could search it or "
        f"arrest Jack there (T3): put a crossing on one of its streets "
        f"(to {' or '.join(str(v) for v in sorted(g.neighbors(n)))})"
        for n in unsearchable(data)
    ]


def validate(data: MapData, *, searchable: bool = True) -> Board:
    """The board, or a `MapError` listing every problem.  A record keeps the
    map it was played on: it is read with `searchable=False`, as maps were
    checked before the circles beside no crossing were refused."""
    found = problems(data, searchable=searchable)
    if found:
        more = f" (and {len(found) - 1} more problems)" if len(found) > 1 else ""
        raise MapError(found[0] + more, found)
    return Board(data)


@dataclass
class Spread:
    min: float
    mean: float
    max: float

    def __str__(self) -> str:
        return f"{self.min:g} / {self.mean:.2f} / {self.max:g}"


def _spread(values: list[int]) -> Spread:
    return Spread(min(values), mean(values), max(values)) if values else Spread(0, 0, 0)


def red_spread(board: Board) -> tuple[float | None, tuple[float, int] | None]:
    """How far apart the red circles stand, in Jack's moves ignoring the
    police: the mean distance between two of them, and the best hideout,
    the circle that is not red with the lowest mean distance from them
    (mean, circle).  None where Jack cannot walk between them."""
    red = sorted(board.red)
    if len(red) < 2:
        return None, None
    pairs = [board.jack_distance(a, b) for i, a in enumerate(red) for b in red[i + 1 :]]
    if any(d is None for d in pairs):
        return None, None
    mean_pairs = sum(d for d in pairs if d is not None) / len(pairs)
    best: tuple[float, int] | None = None
    for c in board.circles:
        if c in board.red:
            continue
        ds = [board.jack_distance(r, c) for r in red]
        if any(d is None for d in ds):
            continue
        m = sum(d for d in ds if d is not None) / len(red)
        if best is None or m < best[0]:
            best = (m, c)
    return mean_pairs, best


def crooked_segments(data: MapData) -> list[tuple[Node, Node]]:
    """Streets a terminal cannot draw straight (not horizontal, vertical or
    diagonal one column per row)."""
    pos = {c.n: (c.x, c.y) for c in data.circles} | {x.id: (x.x, x.y) for x in data.crossings}
    return [(a, b) for a, b in data.segments if not geometry.octilinear(pos[a], pos[b])]


def statistics(board: Board) -> dict[str, Any]:
    jack = board.jack_graph
    police = board.police_graph
    alley_pairs = {frozenset((a, b)) for a in board.circles for b in board.alley_destinations(a)}
    yellow_sectors = sorted({board.sector(x) for x in board.yellow})
    planar, _ = nx.check_planarity(board.graph)
    stats: dict[str, Any] = {
        "name": board.name,
        "circles": len(board.circles),
        "crossings": len(board.crossings),
        "segments": board.graph.number_of_edges(),
        "red": sorted(board.red),
        "yellow": len(board.yellow),
        "yellow_sectors": yellow_sectors,
        "goulston_sector": board.sector(board.goulston) if board.goulston else None,
        "blocks": len(board.blocks),
        "alley_pairs": len(alley_pairs),
        "jack_adjacency": _spread([len(board.jack_adjacent(c)) for c in board.circles]),
        "police_adjacency": _spread([len(board.police_adjacent(x)) for x in board.crossings]),
        "direct_circles": _spread([len(board.direct_circles(x)) for x in board.crossings]),
        "jack_diameter": nx.diameter(jack) if nx.is_connected(jack) else None,
        "jack_mean_path": nx.average_shortest_path_length(jack) if nx.is_connected(jack) else None,
        "police_diameter": nx.diameter(police) if nx.is_connected(police) else None,
        "police_mean_path": (
            nx.average_shortest_path_length(police) if nx.is_connected(police) else None
        ),
        "planar": planar,
        "sectors": {s: sum(1 for c in board.circles if board.sector(c) == s) for s in SECTORS},
    }
    mean_red, hideout = red_spread(board)
    triangles = sum(1 for c in board.block_outlines if geometry.corners(c, board.pos) == 3)
    stats.update(
        {
            "red_mean_distance": mean_red,
            "best_hideout": {"circle": hideout[1], "mean": hideout[0]} if hideout else None,
            "triangle_blocks": triangles,
            "triangle_share": triangles / len(board.blocks) if board.blocks else 0.0,
            "crooked_segments": len(crooked_segments(board.data)),
            "canvas": {"width": board.data.width, "height": board.data.height},
            "edition": board.edition,
        }
    )
    return stats


def stats_json(stats: dict[str, Any]) -> dict[str, Any]:
    out = {k: (v.__dict__ if isinstance(v, Spread) else v) for k, v in stats.items()}
    return out | {"published_board": dict(PUBLISHED)}


def stats_text(stats: dict[str, Any]) -> str:
    def f(v: Any) -> str:
        return f"{v:.2f}" if isinstance(v, float) else str(v)

    best = stats["best_hideout"]
    hideout = f"{best['mean']:.2f} (circle {best['circle']})" if best else "None"
    rows: list[tuple[Any, ...]] = [
        ("map", stats["name"] + (f", edition {stats['edition']}" if stats["edition"] > 1 else "")),
        ("numbered circles", stats["circles"], "circles"),
        ("crossings", stats["crossings"], "crossings"),
        ("street segments", stats["segments"]),
        ("red circles", f"{len(stats['red'])}: {', '.join(map(str, stats['red']))}", "red"),
        (
            "yellow crossings",
            f"{stats['yellow']} in sectors {', '.join(stats['yellow_sectors'])}",
            "yellow",
        ),
        ("Goulston Street crossing", f"sector {stats['goulston_sector']}"),
        ("blocks", stats["blocks"], "blocks"),
        ("alley pairs", stats["alley_pairs"], "alley_pairs"),
        (
            "Jack-adjacent circles per circle (min/mean/max)",
            stats["jack_adjacency"],
            "jack_adjacency",
        ),
        ("police-adjacent crossings per crossing", stats["police_adjacency"], "police_adjacency"),
        ("directly adjacent circles per crossing", stats["direct_circles"], "direct_circles"),
        (
            "Jack graph: diameter / mean shortest path",
            f"{stats['jack_diameter']} / {f(stats['jack_mean_path'])}",
            "jack_graph",
        ),
        (
            "police graph: diameter / mean shortest path",
            f"{stats['police_diameter']} / {f(stats['police_mean_path'])}",
            "police_graph",
        ),
        ("planar", "yes" if stats["planar"] else "no"),
        ("circles per sector", ", ".join(f"{k} {v}" for k, v in stats["sectors"].items())),
        (
            "red circles: mean Jack distance between two",
            f(stats["red_mean_distance"]),
            "red_mean_distance",
        ),
        ("best hideout: mean Jack distance from the red circles", hideout, "best_hideout"),
        (
            "blocks that are triangles",
            f"{stats['triangle_blocks']} of {stats['blocks']} ({stats['triangle_share']:.0%})",
        ),
        ("streets not drawn straight (octilinear)", stats["crooked_segments"]),
        ("drawing size", f"{stats['canvas']['width']} × {stats['canvas']['height']} cells"),
    ]
    width = max(len(row[0]) for row in rows)
    values = [str(row[1]) for row in rows]
    room = max(len(v) for row, v in zip(rows, values, strict=True) if len(row) > 2)
    lines = [f"{'':<{width}}  {'this map':<{room}}  the published board"]
    for row, value in zip(rows, values, strict=True):
        published = PUBLISHED.get(row[2], "") if len(row) > 2 else ""
        lines.append(f"{row[0]:<{width}}  {value:<{room}}  {published}".rstrip())
    return "\n".join(lines)


def drawing_notes(board: Board) -> list[str]:
    """What keeps the drawing from being fully legible (not rule problems)."""
    from whitechapel.lfw.map import legibility

    notes = [f"labels of {a} and {b} overlap" for a, b in legibility.label_overlaps(board)]
    notes += [
        f"the street {a}–{b} runs through the label of {c}"
        for (a, b), c in legibility.segments_through_labels(board)
    ]
    notes += [
        f"the street {a}–{b} has no room to be drawn" for a, b in legibility.hidden_segments(board)
    ]
    notes += [f"the label of {v} is off the canvas" for v in legibility.labels_off_canvas(board)]
    notes += [f"no room to write the name of {n}" for n in legibility.unnamed_streets(board)]
    crooked = crooked_segments(board.data)
    if crooked:
        shown = ", ".join(f"{a}–{b}" for a, b in crooked[:5])
        more = f" and {len(crooked) - 5} more" if len(crooked) > 5 else ""
        streets = "1 street is" if len(crooked) == 1 else f"{len(crooked)} streets are"
        notes.append(
            f"{streets} not straight in a terminal (horizontal, vertical, "
            f"or diagonal one column per row): {shown}{more}"
        )
    return notes
