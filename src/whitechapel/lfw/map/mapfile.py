"""The map file format (`docs/maps.md`): reading, structural checks, writing.

A map is JSON:

    {"format": "whitechapel-map", "version": 1, "name": "...",
     "canvas": {"width": 240, "height": 80},
     "sectors": {"columns": [80, 160], "rows": [40]},
     "circles": [{"n": 1, "x": 10, "y": 2, "red": false, "place": "..."}],
     "crossings": [{"id": "x1", "x": 12, "y": 2, "yellow": false, "goulston": false}],
     "segments": [[1, "x1"], ["x1", "x2"], [1, 2]],
     "streets": [{"name": "Commercial Street", "nodes": [1, "x1", ...]}],
     "blocks": [[1, 2, "x3"], ...]}        (optional; derived from the drawing)

Circles are named by their number (a JSON number), crossings by an id
(a JSON string).  This module checks the structure and that every reference
resolves; `mapcheck` checks the rules and the drawing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from whitechapel.core.errors import MapError
from whitechapel.core.files import read_player_file

FORMAT = "whitechapel-map"
VERSION = 1
MAX_MAP_BYTES = 8 * 1024 * 1024

Node = int | str  # a circle's number or a crossing's id

# Crossing ids appear in the action notation ("blue x12"), so they are single
# words that cannot be mistaken for its keywords.
CROSSING_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")
RESERVED_IDS = frozenset(
    {
        "blue",
        "yellow",
        "brown",
        "red",
        "green",
        "stay",
        "pass",
        "search",
        "arrest",
        "area-arrest",
        "chase",
        "home",
        "wait",
        "know",
    }
)


@dataclass(frozen=True)
class Circle:
    n: int
    x: int
    y: int
    red: bool = False
    place: str = ""


@dataclass(frozen=True)
class Crossing:
    id: str
    x: int
    y: int
    yellow: bool = False
    goulston: bool = False


@dataclass
class MapData:
    name: str
    width: int
    height: int
    columns: tuple[int, int]  # x where sector column A ends, and where B ends
    rows: tuple[int]  # y where sector row a ends
    circles: list[Circle]
    crossings: list[Crossing]
    segments: list[tuple[Node, Node]]
    streets: list[tuple[str, list[Node]]] = field(default_factory=list)
    blocks: list[list[Node]] | None = None
    edition: int = 1  # a shipped board redrawn under the same name counts its editions
    # where a street's name is written: its first cell (optional, per street)
    street_labels: dict[str, tuple[int, int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            **({"edition": self.edition} if self.edition != 1 else {}),
            "name": self.name,
            "canvas": {"width": self.width, "height": self.height},
            "sectors": {"columns": list(self.columns), "rows": list(self.rows)},
            "circles": [_circle_json(c) for c in self.circles],
            "crossings": [_crossing_json(x) for x in self.crossings],
            "segments": [list(s) for s in self.segments],
            "streets": [self._street_json(n, ns) for n, ns in self.streets],
        }
        if self.blocks is not None:
            out["blocks"] = [list(b) for b in self.blocks]
        return out

    def _street_json(self, name: str, nodes: list[Node]) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name, "nodes": list(nodes)}
        if name in self.street_labels:
            out["label"] = list(self.street_labels[name])
        return out

    def dumps(self) -> str:
        """Compact but reviewable: one circle, crossing or segment per line."""
        data = self.to_json()
        lines = ["{"]
        keys = list(data)
        for i, key in enumerate(keys):
            end = "," if i < len(keys) - 1 else ""
            value = data[key]
            if isinstance(value, list) and value and key != "rows":
                lines.append(f" {json.dumps(key)}: [")
                items = [json.dumps(v, ensure_ascii=False) for v in value]
                lines += [
                    f"  {item}{',' if j < len(items) - 1 else ''}" for j, item in enumerate(items)
                ]
                lines.append(f" ]{end}")
            else:
                lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{end}")
        lines.append("}")
        return "\n".join(lines) + "\n"


def _circle_json(c: Circle) -> dict[str, Any]:
    out: dict[str, Any] = {"n": c.n, "x": c.x, "y": c.y}
    if c.red:
        out["red"] = True
    if c.place:
        out["place"] = c.place
    return out


def _crossing_json(x: Crossing) -> dict[str, Any]:
    out: dict[str, Any] = {"id": x.id, "x": x.x, "y": x.y}
    if x.yellow:
        out["yellow"] = True
    if x.goulston:
        out["goulston"] = True
    return out


def read_map_file(path: str | Path) -> MapData:
    p = Path(path)
    raw = read_player_file(p, MapError, "map file")
    try:
        return parse_map(raw)
    except MapError as e:
        raise MapError(f"{p}: {e}", [f"{p}: {q}" for q in e.problems]) from None


def parse_map(raw: str | bytes) -> MapData:
    if len(raw) > MAX_MAP_BYTES:
        raise MapError(f"too large for a map file ({len(raw)} bytes)")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        raise MapError(
            f"not a map: broken JSON at line {e.lineno} column {e.colno} ({e.msg})"
        ) from None
    except (ValueError, RecursionError):
        raise MapError("not a map: the file is not JSON text") from None
    return map_from_json(data)


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, text: str) -> None:
        self.items.append(text)

    def raise_if_any(self) -> None:
        if self.items:
            first = self.items[0]
            more = f" (and {len(self.items) - 1} more problems)" if len(self.items) > 1 else ""
            raise MapError(first + more, list(self.items))


def _int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def map_from_json(data: Any) -> MapData:
    """The map of a JSON object, or a `MapError`: a wrong header or canvas
    stops the reading at once; then each part (circles, crossings, segments,
    streets, blocks, edition) is read in turn and every problem found is
    named together.  A part that is not a list stops the reading."""
    width, height, columns, rows = _frame(data)
    bad = _Problems()
    circles, numbers = _circles(data, width, height, bad)
    crossings, ids = _crossings(data, width, height, bad)
    known: set[Node] = numbers | ids  # a circle or crossing misplaced still names a node
    segments = _segments(data, known, bad)
    streets, street_labels = _streets(data, known, bad)
    blocks = _blocks(data, known, bad)
    edition = data.get("edition", 1)
    if not _int(edition) or edition < 1:
        bad.add(f"the map's edition {edition!r} is not a positive whole number")
    bad.raise_if_any()
    name = data.get("name")
    return MapData(
        name=name if isinstance(name, str) and name else "unnamed map",
        width=width,
        height=height,
        columns=columns,
        rows=rows,
        circles=sorted(circles, key=lambda c: c.n),
        crossings=crossings,
        segments=segments,
        streets=streets,
        blocks=blocks,
        edition=edition,
        street_labels=street_labels,
    )


def _frame(data: Any) -> tuple[int, int, tuple[int, int], tuple[int]]:
    """The header (format, version), the canvas and the sectors' lines:
    (width, height, columns, rows), or a `MapError` at the first wrong one."""
    if not isinstance(data, dict):
        raise MapError("not a map: the JSON is not an object")
    if data.get("format") != FORMAT:
        raise MapError(
            f"not a whitechapel map (format {data.get('format')!r}, expected {FORMAT!r})"
        )
    version = data.get("version")
    if not _int(version) or version < 1:
        raise MapError(f"the map's version {version!r} is not a positive whole number")
    if version > VERSION:
        raise MapError(f"the map is version {version}, newer than this program reads ({VERSION})")
    canvas = data.get("canvas")
    if (
        not isinstance(canvas, dict)
        or not _int(canvas.get("width"))
        or not _int(canvas.get("height"))
    ):
        raise MapError("'canvas' needs a whole-number width and height")
    width, height = canvas["width"], canvas["height"]
    if not (1 <= width <= 2000 and 1 <= height <= 1000):
        raise MapError(f"canvas {width}x{height} is out of range (at most 2000x1000)")
    sectors = data.get("sectors")
    cols = sectors.get("columns") if isinstance(sectors, dict) else None
    rows = sectors.get("rows") if isinstance(sectors, dict) else None
    if not (
        isinstance(cols, list)
        and isinstance(rows, list)
        and len(cols) == 2
        and len(rows) == 1
        and all(_int(v) for v in (*cols, *rows))
        and 0 < cols[0] < cols[1] < width
        and 0 < rows[0] < height
    ):
        raise MapError(
            "'sectors' needs 'columns' [x1, x2] and 'rows' [y] inside the canvas (A|B|C, a|b)"
        )
    return width, height, (cols[0], cols[1]), (rows[0],)


def _circles(data: dict, width: int, height: int, bad: _Problems) -> tuple[list[Circle], set[int]]:
    """The circles placed, and the numbers of all those named."""
    circles: list[Circle] = []
    numbers: set[int] = set()
    for i, c in enumerate(_list(data, "circles")):
        where = f"circle #{i + 1}"
        if not isinstance(c, dict) or not _int(c.get("n")):
            bad.add(f"{where}: needs a number 'n'")
            continue
        n = c["n"]
        where = f"circle {n}"
        if n < 1:
            bad.add(f"{where}: circle numbers start at 1")
        if n in numbers:
            bad.add(f"{where}: duplicate circle number {n}")
        numbers.add(n)
        if not _xy(c, width, height):
            bad.add(f"{where}: x and y must be whole numbers inside the {width}x{height} canvas")
            continue
        circles.append(Circle(n, c["x"], c["y"], c.get("red") is True, str(c.get("place") or "")))
    return circles, numbers


def _crossings(
    data: dict, width: int, height: int, bad: _Problems
) -> tuple[list[Crossing], set[str]]:
    """The crossings placed, and the ids of all those named."""
    crossings: list[Crossing] = []
    ids: set[str] = set()
    for i, x in enumerate(_list(data, "crossings")):
        if not isinstance(x, dict) or not isinstance(x.get("id"), str) or not x["id"]:
            bad.add(f"crossing #{i + 1}: needs a text 'id'")
            continue
        cid = x["id"]
        if not CROSSING_ID.match(cid) or cid.lower() in RESERVED_IDS:
            bad.add(
                f"crossing {cid!r}: an id is a letter then letters, digits, '-', '_' or '.', "
                f"and not one of the words of the notation ({', '.join(sorted(RESERVED_IDS))})"
            )
        if cid in ids:
            bad.add(f"crossing {cid!r}: duplicate crossing id")
        ids.add(cid)
        if not _xy(x, width, height):
            bad.add(f"crossing {cid!r}: x and y must be whole numbers inside the canvas")
            continue
        crossings.append(
            Crossing(cid, x["x"], x["y"], x.get("yellow") is True, x.get("goulston") is True)
        )
    return crossings, ids


def _segments(data: dict, known: set[Node], bad: _Problems) -> list[tuple[Node, Node]]:
    segments: list[tuple[Node, Node]] = []
    seen_pairs: set[frozenset] = set()
    for i, s in enumerate(_list(data, "segments")):
        where = f"segment {i + 1}"
        if not isinstance(s, list) or len(s) != 2 or not all(_node(v) for v in s):
            bad.add(f"{where}: a segment is [node, node] (circle numbers, crossing ids)")
            continue
        a, b = s
        missing = [v for v in (a, b) if v not in known]
        if missing:
            bad.add(f"{where} {_show(a)}–{_show(b)}: unknown node {_show(missing[0])}")
            continue
        if a == b:
            bad.add(f"{where}: joins {_show(a)} to itself")
            continue
        if frozenset((a, b)) in seen_pairs:
            bad.add(f"{where}: {_show(a)}–{_show(b)} appears twice")
            continue
        seen_pairs.add(frozenset((a, b)))
        segments.append((a, b))
    return segments


def _streets(
    data: dict, known: set[Node], bad: _Problems
) -> tuple[list[tuple[str, list[Node]]], dict[str, tuple[int, int]]]:
    """The named streets (optional) and where a name is written."""
    streets: list[tuple[str, list[Node]]] = []
    street_labels: dict[str, tuple[int, int]] = {}
    streets_in = data.get("streets", [])
    if not isinstance(streets_in, list):
        bad.add("'streets' is a list of {name, nodes}")
        streets_in = []
    for i, st in enumerate(streets_in):
        if not isinstance(st, dict) or not isinstance(st.get("name"), str):
            bad.add(f"street #{i + 1}: needs a 'name'")
            continue
        nodes = st.get("nodes", [])
        if not isinstance(nodes, list) or not all(_node(n) and n in known for n in nodes):
            bad.add(f"street {st['name']!r}: names a node the map does not have")
            continue
        streets.append((st["name"], list(nodes)))
        label = st.get("label")
        if label is None:
            continue
        if not (isinstance(label, list) and len(label) == 2 and all(_int(v) for v in label)):
            bad.add(f"street {st['name']!r}: 'label' is [x, y], where its name starts")
        else:
            street_labels[st["name"]] = (label[0], label[1])
    return streets, street_labels


def _blocks(data: dict, known: set[Node], bad: _Problems) -> list[list[Node]] | None:
    """The blocks (optional: else derived from the drawing)."""
    blocks = data.get("blocks")
    if blocks is None:
        return None
    if not isinstance(blocks, list) or not all(isinstance(b, list) for b in blocks):
        bad.add("'blocks' is a list of lists of nodes")
        return None
    for i, b in enumerate(blocks):
        if any(not _node(n) or n not in known for n in b):
            bad.add(f"block {i + 1}: names a node the map does not have")
    return blocks


def _list(data: dict, key: str) -> list:
    value = data.get(key)
    if not isinstance(value, list):
        raise MapError(f"the map needs a list {key!r}")
    return value


def _xy(d: dict, width: int, height: int) -> bool:
    x, y = d.get("x"), d.get("y")
    return _int(x) and _int(y) and 0 <= x < width and 0 <= y < height


def _node(v: Any) -> bool:
    return _int(v) or (isinstance(v, str) and bool(v))


def _show(v: Node) -> str:
    return f"circle {v}" if isinstance(v, int) else f"crossing {v!r}"
