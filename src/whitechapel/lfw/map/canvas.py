"""The map laid out on a grid of character cells.

One layout serves every front end: `whitechapel map show` turns the rows into
rich `Text`, the Textual map widget turns them into pre-built `Strip`s.  Pure
Python: no rich, no Textual, no printing.

Geometry (all in the map file's cell coordinates, y growing downwards):

- A circle's **label** is its number in 3 cells on row y, cells x-1 .. x+1,
  centred with `str.center`: ``" 7 "``, ``" 12"``, ``"123"``.  Longer numbers
  widen the label (4 digits: x-1 .. x+2).
- A crossing's label is the single cell (x, y).
- A **street** (segment) is walked cell by cell from one end's (x, y) to the
  other's with Bresenham's line; the cells inside the two end labels are
  skipped, the rest are drawn.  Labels are drawn over streets, so a street
  through a third node's label is hidden there: `segments_through_labels`
  finds those, `hidden_segments` the streets with no visible cell at all.

Every cell carries a style tag, a plain string the front end maps to a style:

    ""          blank ground          "street"    a street cell
    "circle"    a circle's label      "red"       a red circle's label
    "crossing"  a crossing            "yellow"    a yellow crossing
    "goulston"  the Goulston Street crossing (even when also yellow)
    "place"     a place name written beside its circle (``places=True``)
    "name"      a street's name written along it (``names=True``)

Every plain crossing is drawn with the crossing glyph (`•`), wherever it
stands: on a straight street, at a bend, at a dead end or where streets meet
(issue 43, tester L, round 6: a crossing drawn as the line junction it
stands at, `┼ ┬ ├`, read as lines meeting, not as a place a policeman can
stand).  Streets are straight between nodes and never cross, so every
junction or bend on the map is a node: a street cell is only ever its
street's one glyph (`─ │ ╲ ╱`), and whatever is not a line or a number is a
crossing.  Street names go on blank ground beside their street: above or
below a horizontal stretch, or right or left of a vertical or diagonal one
(see "Street names" below).

`overlay` restyles (and may re-letter) some labels for highlights with any
other tag, rebuilding only the rows it touches.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, NamedTuple

from whitechapel.lfw.map.mapfile import MapData, Node

Cell = tuple[int, int]  # (x, y)
Run = tuple[str, str]  # (text, style tag)

BLANK = ""
STREET = "street"
CIRCLE = "circle"
RED = "red"
CROSSING = "crossing"
YELLOW = "yellow"
GOULSTON = "goulston"
PLACE = "place"
NAME = "name"
TAGS = (BLANK, STREET, CIRCLE, RED, CROSSING, YELLOW, GOULSTON, PLACE, NAME)


class Glyphs(NamedTuple):
    horizontal: str
    vertical: str
    down: str  # a step down-right (or up-left)
    up: str  # a step up-right (or down-left)
    crossing: str  # every plain crossing, wherever it stands
    yellow: str
    goulston: str


GLYPHS: dict[str, Glyphs] = {
    "lines": Glyphs("─", "│", "╲", "╱", "•", "◆", "★"),
    "dots": Glyphs("·", "·", "·", "·", "•", "◆", "★"),
    "ascii": Glyphs("-", "|", "\\", "/", "+", "o", "*"),
}
# What a mark beside a label may cover (`beside_cell`): bare ground or a
# horizontal street, in a glyph set where that reads apart from a vertical one.
BESIDE_OK = frozenset(" ") | {g.horizontal for g in GLYPHS.values() if g.horizontal != g.vertical}


class Label(NamedTuple):
    x0: int  # first cell (may lie outside the canvas)
    y: int
    text: str

    @property
    def x1(self) -> int:
        """The last cell."""
        return self.x0 + len(self.text) - 1


def label_text(n: int) -> str:
    """A circle's number as drawn: at least 3 cells, centred."""
    return str(n).center(3)


def circle_label(n: int, x: int, y: int) -> Label:
    text = label_text(n)
    return Label(x - 1 - (len(text) - 3) // 2, y, text)


# -- geometry shared by the drawing and the checks -----------------------------


def map_data(board: Any) -> MapData:
    """A `Board` or a bare `MapData` (the map generator checks drafts that are
    not boards yet)."""
    return board if isinstance(board, MapData) else board.data


def labels_of(board: Any) -> dict[Node, Label]:
    """Every node's label, circles first (by number), then crossings."""
    data = map_data(board)
    out: dict[Node, Label] = {c.n: circle_label(c.n, c.x, c.y) for c in data.circles}
    for x in data.crossings:
        out[x.id] = Label(x.x, x.y, GLYPHS["lines"].crossing)  # the canvas's own glyph set
    return out


def owners(labels: Mapping[Node, Label]) -> dict[Cell, Node]:
    """Which node's label covers each cell (the first one wins)."""
    at: dict[Cell, Node] = {}
    for v, lab in labels.items():
        for x in range(lab.x0, lab.x0 + len(lab.text)):
            at.setdefault((x, lab.y), v)
    return at


def line_cells(x0: int, y0: int, x1: int, y1: int) -> list[Cell]:
    """Bresenham's line from (x0, y0) to (x1, y1), both ends included.  The walk
    always starts from the smaller end so a segment draws the same both ways."""
    if (x1, y1) < (x0, y0):
        return line_cells(x1, y1, x0, y0)[::-1]
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    err = dx + dy
    out = []
    x, y = x0, y0
    while True:
        out.append((x, y))
        if x == x1 and y == y1:
            return out
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy


def street_cells(
    a: Node, b: Node, pos: Mapping[Node, Cell], labels: Mapping[Node, Label]
) -> list[Cell]:
    """The cells of the walk from a to b outside the two end labels."""
    (xa, ya), (xb, yb) = pos[a], pos[b]
    la, lb = labels[a], labels[b]
    return [
        (x, y)
        for x, y in line_cells(xa, ya, xb, yb)
        if not (y == la.y and la.x0 <= x <= la.x1) and not (y == lb.y and lb.x0 <= x <= lb.x1)
    ]


def positions(data: MapData) -> dict[Node, Cell]:
    return {c.n: (c.x, c.y) for c in data.circles} | {x.id: (x.x, x.y) for x in data.crossings}


# -- the canvas ------------------------------------------------------------------


@dataclass
class Canvas:
    """Rows of cells: `chars[y][x]` one character, `tags[y][x]` its style tag,
    and `runs[y]` the row as (text, tag) runs, consecutive cells of one tag
    merged (`merge_runs`).  `labels` holds every node's label (unclipped),
    `owners` which node's label covers a cell."""

    width: int
    height: int
    chars: list[list[str]]
    tags: list[list[str]]
    runs: list[list[Run]]
    labels: dict[Node, Label]
    owners: dict[Cell, Node]
    absorb: str | None = STREET  # how `runs` were merged (see `merge_runs`)
    # each drawn street piece's cells, by its two ends (`build_canvas`'s;
    # the overviews draw none a mark may light)
    streets: dict[frozenset[Node], list[Cell]] = field(default_factory=dict)

    def line(self, y: int) -> str:
        return "".join(self.chars[y])

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.chars]

    def cell(self, x: int, y: int) -> tuple[str, str]:
        return self.chars[y][x], self.tags[y][x]

    def node_at(self, x: int, y: int) -> Node | None:
        """The node whose label covers the cell (for mouse clicks)."""
        return self.owners.get((x, y))

    def label_cells(self, node: Node) -> list[Cell]:
        """The node's label cells inside the canvas."""
        lab = self.labels[node]
        if not 0 <= lab.y < self.height:
            return []
        return [(x, lab.y) for x in range(max(lab.x0, 0), min(lab.x1 + 1, self.width))]

    def rows_of(self, nodes: Iterable[Node]) -> set[int]:
        return {self.labels[v].y for v in nodes if 0 <= self.labels[v].y < self.height}


def merge_runs(chars: list[str], tags: list[str], absorb: str | None = STREET) -> list[Run]:
    """One row as runs of consecutive cells with the same tag.  Blank cells
    next to a run tagged `absorb` join it (so "──  ──" is one run, not three):
    far fewer runs, fewer style changes to send.  The front end's style for
    that tag must therefore not show on spaces (no background, no underline).
    `absorb=None` merges strictly by tag.  `tags` itself is never changed."""
    runs: list[Run] = []
    if not chars:
        return runs
    start, tag = 0, tags[0]
    for i, t in enumerate(tags):
        if t == tag:
            continue
        if absorb is not None:
            if t == BLANK and tag == absorb:
                continue  # blank ground after a street
            if t == absorb and tag == BLANK:
                tag = absorb  # blank ground before a street
                continue
        runs.append(("".join(chars[start:i]), tag))
        start, tag = i, t
    runs.append(("".join(chars[start:]), tag))
    return runs


def street_glyph(dx: int, dy: int, g: Glyphs) -> str:
    """One glyph for a whole street, by its angle as seen on screen (a cell is
    about twice as tall as wide): '─' up to about 17°, '│' from about 56°,
    a diagonal between."""
    ax, ay = abs(dx), abs(dy)
    if 10 * ay < 3 * ax:
        return g.horizontal
    if 2 * ay > 3 * ax:
        return g.vertical
    return g.down if dx * dy > 0 else g.up


def build_canvas(
    board: Any,
    *,
    glyphs: str = "lines",
    places: bool = False,
    absorb: str | None = STREET,
    names: bool = True,
) -> Canvas:
    """Lay out the whole map.  `glyphs`: "lines" (box drawing), "dots" (every
    street cell '·', like the board's dotted streets) or "ascii".  `places`:
    write each circle's place name beside it where the row has room.
    `absorb`: see `merge_runs`.  `names`: write the named streets' names
    along them (`street_names`)."""
    data = map_data(board)
    g = GLYPHS[glyphs]
    w, h = data.width, data.height
    chars = [[" "] * w for _ in range(h)]
    tags = [[BLANK] * w for _ in range(h)]
    labels = labels_of(data)
    pos = positions(data)

    streets: dict[frozenset[Node], list[Cell]] = {}
    for a, b in data.segments:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        glyph = street_glyph(xb - xa, yb - ya, g)
        cells = streets[frozenset((a, b))] = []
        for x, y in street_cells(a, b, pos, labels):
            if 0 <= x < w and 0 <= y < h:
                chars[y][x] = glyph
                tags[y][x] = STREET
                cells.append((x, y))

    for crossing in data.crossings:
        if crossing.goulston:
            glyph, tag = g.goulston, GOULSTON
        elif crossing.yellow:
            glyph, tag = g.yellow, YELLOW
        else:
            glyph, tag = g.crossing, CROSSING
        labels[crossing.id] = Label(crossing.x, crossing.y, glyph)
        _put(chars, tags, crossing.x, crossing.y, glyph, tag)

    for c in data.circles:
        lab = labels[c.n]
        _put(chars, tags, lab.x0, lab.y, lab.text, RED if c.red else CIRCLE)

    if names:
        for x0, y, text in street_names(data, tags).values():
            _put(chars, tags, x0, y, text, NAME)

    if places:
        for c in data.circles:
            if c.place:
                _place_name(chars, tags, labels[c.n], c.place)

    owner_map = owners(labels)
    runs = [merge_runs(chars[y], tags[y], absorb) for y in range(h)]
    return Canvas(w, h, chars, tags, runs, labels, owner_map, absorb, streets)


def _put(chars: list[list[str]], tags: list[list[str]], x0: int, y: int, text: str, tag: str):
    if not 0 <= y < len(chars):
        return
    row, trow = chars[y], tags[y]
    for i, ch in enumerate(text):
        x = x0 + i
        if 0 <= x < len(row):
            row[x] = ch
            trow[x] = tag


def _place_name(chars: list[list[str]], tags: list[list[str]], lab: Label, name: str) -> None:
    """The name right of the label, else left of it, with a blank cell either
    side; only over blank ground, never over a street."""
    if not 0 <= lab.y < len(chars):
        return
    trow = tags[lab.y]
    width = len(trow)
    for x0 in (lab.x1 + 2, lab.x0 - 1 - len(name)):
        lo, hi = x0 - 1, x0 + len(name)  # the gap cells included
        if lo >= 0 and hi < width and all(t == BLANK for t in trow[lo : hi + 1]):
            _put(chars, tags, x0, lab.y, name, PLACE)
            return


def overlay(
    canvas: Canvas,
    styles: Mapping[Node, str],
    texts: Mapping[Node, str] | None = None,
    streets: Mapping[frozenset[Node], str] | None = None,
) -> Canvas:
    """A copy of the canvas with some labels restyled: `styles` maps nodes to
    any tag (say "target" for legal moves); `texts` optionally re-letters a
    label (padded or cut to the label's width).  A text one character longer
    than its label is a label and a mark beside it: the mark goes in the cell
    after the label, or else the one before, where that cell is bare street
    or ground owned by no label (`beside_cell`), and is dropped where neither
    is (the notebook's heat bar after a three-digit number: issue 43, testers
    M and N, round 7).  Only the rows holding those labels are copied and
    re-merged; the other rows are shared with `canvas`, so
    `new.runs[y] is not canvas.runs[y]` says which rows changed.
    `streets` restyles drawn street pieces (by their two ends) the canvas
    knows the cells of (`Canvas.streets`)."""
    texts = texts or {}
    taken: set[Cell] = set()
    nodes = list(dict.fromkeys([*styles, *texts]))
    lit = [
        (cell, tag)
        for ends, tag in (streets or {}).items()
        for cell in canvas.streets.get(ends, ())
    ]
    rows = canvas.rows_of(nodes) | {y for (_, y), _ in lit}
    chars = list(canvas.chars)
    tags = list(canvas.tags)
    runs = list(canvas.runs)
    for y in rows:
        chars[y] = list(chars[y])
        tags[y] = list(tags[y])
    for v in nodes:
        lab = canvas.labels[v]
        if not 0 <= lab.y < canvas.height:
            continue
        text = lab.text
        cells = list(range(lab.x0, lab.x1 + 1))
        if v in texts:
            text = texts[v]
            if len(text) == len(lab.text) + 1:
                spot = beside_cell(canvas, lab, taken)
                if spot is None:
                    text = text[:-1]
                else:
                    taken.add((spot, lab.y))
                    cells.append(spot)
            if len(text) != len(cells):
                text = text[: len(lab.text)].center(len(lab.text))
        for x, ch in zip(cells, text, strict=True):
            if 0 <= x < canvas.width:
                chars[lab.y][x] = ch
                if v in styles:
                    tags[lab.y][x] = styles[v]
    for (x, y), tag in lit:  # a street cell a label or a mark took stays theirs
        if canvas.tags[y][x] == STREET and chars[y][x] == canvas.chars[y][x]:
            tags[y][x] = tag
    for y in rows:
        runs[y] = merge_runs(chars[y], tags[y], canvas.absorb)
    return Canvas(
        canvas.width,
        canvas.height,
        chars,
        tags,
        runs,
        canvas.labels,
        canvas.owners,
        canvas.absorb,
        canvas.streets,
    )


def beside_cell(canvas: Canvas, lab: Label, taken: AbstractSet[Cell] = frozenset()) -> int | None:
    """The column for a mark beside a label: the cell after it, else the one
    before, where that cell is inside the canvas, owned by no label, not
    `taken`, and bare ground or a horizontal street that goes on in the
    next cell (so the street still shows; a vertical or diagonal line, a
    name or a place is never covered); None where neither is."""
    row, tags = canvas.chars[lab.y], canvas.tags[lab.y]
    for x, on in ((lab.x1 + 1, lab.x1 + 2), (lab.x0 - 1, lab.x0 - 2)):
        if not 0 <= x < canvas.width or (x, lab.y) in taken or (x, lab.y) in canvas.owners:
            continue
        if tags[x] == BLANK and row[x] == " ":
            return x
        if (
            tags[x] == STREET
            and row[x] in BESIDE_OK
            and 0 <= on < canvas.width
            and tags[on] == STREET
            and row[on] == row[x]
        ):
            return x
    return None


def iter_runs(canvas: Canvas, y: int, x0: int = 0, x1: int | None = None) -> Iterator[Run]:
    """The runs of row y cropped to cells x0 .. x1-1 (a view's columns)."""
    x1 = canvas.width if x1 is None else x1
    at = 0
    for text, tag in canvas.runs[y]:
        end = at + len(text)
        if end > x0 and at < x1:
            yield text[max(x0 - at, 0) : min(x1, end) - at], tag
        at = end


# -- street names --------------------------------------------------------------------


def _direction(a: Cell, b: Cell) -> tuple[int, int]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


def _stretches(nodes: list[Node], pos: Mapping[Node, Cell]) -> list[list[Cell]]:
    """A street's straight stretches (consecutive segments in one direction),
    each as the cells from its first node to its last."""
    out: list[list[Cell]] = []
    current: list[Cell] = []
    heading = None
    for a, b in pairwise(nodes):
        pa, pb = pos[a], pos[b]
        d = _direction(pa, pb)
        cells = line_cells(*pa, *pb)
        if d == heading and current:
            current += cells[1:]
        else:
            if current:
                out.append(current)
            current, heading = cells, d
    if current:
        out.append(current)
    return out


def name_spots(stretch: list[Cell], length: int) -> Iterator[tuple[int, int]]:
    """Where a name of `length` cells may start beside a stretch, best
    first: over (then under) a horizontal stretch, centred and sliding out
    while its middle stays over the stretch; right (then left) of a vertical
    or diagonal one, middle rows first, then centred beyond either end."""
    (x1, y1), (x2, y2) = stretch[0], stretch[-1]
    if y1 == y2:
        lo, hi = min(x1, x2), max(x1, x2)
        centre = (lo + hi) // 2 - length // 2
        starts = sorted(
            range(lo + 1 - length // 2, hi - length // 2), key=lambda x: (abs(x - centre), x)
        )
        for y in (y1 - 1, y1 + 1):
            for x0 in starts:
                yield x0, y
        return
    inner = stretch[1:-1]
    middle = (len(inner) - 1) / 2
    for _, (x, y) in sorted(enumerate(inner), key=lambda ic: (abs(ic[0] - middle), ic[1][1])):
        yield x + 2, y
        yield x - 1 - length, y
    top, bottom = sorted((stretch[0], stretch[-1]), key=lambda c: c[1])
    yield top[0] - length // 2, top[1] - 1
    yield bottom[0] - length // 2, bottom[1] + 1


def street_names(data: MapData, tags: list[list[str]]) -> dict[str, tuple[int, int, str]]:
    """Where each named street's name goes: (first cell x, row, text), on
    blank ground with a blank cell either side.  A name the map file places
    (`label`) goes there first; then the others, longer streets first, each
    beside its longest horizontal stretch if it can, else beside another.
    A street with no room is left out (`legibility.unnamed_streets`)."""
    pos = positions(data)
    height = len(tags)
    width = len(tags[0]) if tags else 0
    taken: set[Cell] = set()
    out: dict[str, tuple[int, int, str]] = {}

    def free(x0: int, y: int, n: int) -> bool:
        return (
            0 <= y < height
            and x0 >= 1
            and x0 + n < width
            and all(tags[y][x] == BLANK and (x, y) not in taken for x in range(x0 - 1, x0 + n + 1))
        )

    def put(name: str, x0: int, y: int) -> None:
        out[name] = (x0, y, name)
        taken.update((x, y) for x in range(x0 - 1, x0 + len(name) + 1))

    def length(nodes: list[Node]) -> float:
        return sum(
            abs(pos[a][0] - pos[b][0]) / 2 + abs(pos[a][1] - pos[b][1]) for a, b in pairwise(nodes)
        )

    named = [st for st in data.streets if st[0] and len(st[1]) >= 2]
    for name, _ in named:
        spot = data.street_labels.get(name)
        if spot is not None and name not in out and free(spot[0], spot[1], len(name)):
            put(name, *spot)
    for name, nodes in sorted(named, key=lambda st: -length(st[1])):
        if name in out:
            continue
        stretches = sorted(
            _stretches(nodes, pos),
            key=lambda s: (s[0][1] != s[-1][1], -len(s)),  # horizontal, then longest
        )
        for stretch in stretches:
            spot = next(
                ((x0, y) for x0, y in name_spots(stretch, len(name)) if free(x0, y, len(name))),
                None,
            )
            if spot is not None:
                put(name, *spot)
                break
    return out
