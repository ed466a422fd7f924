"""The Letters from Whitechapel map widget: the board's canvas, scrolled,
with marks on its labels, and a half-scale overview of the whole board.

Why it is built this way (textual-and-ssh-notes, "Drawing a big map"): a
full repaint must take at most 5 ms at 200×60 and send little over a slow
link.  So:

- each canvas row becomes segments once, its runs merged by final style (a
  street, the blank ground and a plain crossing share one segment), passed
  once through the app's line filters; a repaint only cuts the rows to the
  visible columns and hands them out (`render_lines`), skipping Textual's
  per-line styles cache, which would re-make and re-filter every line;
- `show` overlays the marks on the base canvas (`canvas.overlay` copies only
  the rows it touches), rebuilds only the rows whose runs changed and
  repaints only those lines;
- the base canvases are built once per board and shared by every widget;
- no Textual scroll bars by default: redrawing them after every scroll cost
  more than the whole map (measured: ~7 ms at 200×60).  The overview gives
  the whole picture; a screen may turn them back on in its CSS
  (`scrollbar-visibility: visible; scrollbar-size: 1 1`).

The widget draws what it is told: the marks come from `marks.marks_for`,
which reads one side's view only (§9).  It never takes the focus; the screen
owns the keys.  A click on a label posts `MapView.NodeClicked`; dragging with
the left button pans; the wheel scrolls.
"""

from __future__ import annotations

import weakref
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from itertools import accumulate, groupby
from operator import itemgetter
from typing import Any

from rich.errors import StyleSyntaxError
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.mapfile import Node
from whitechapel.lfw.ui import mapdraw
from whitechapel.lfw.ui.marks import COLOURS, RANK

_SLATE = "#3a3a5f"  # the back of a patrol marker
_COLOUR = {"blue": "#005fff", "yellow": "#ffd700", "brown": "#875f00", "red": "#d70000",
           "green": "#008700"}  # fmt: skip
_INK = {"blue": "white", "yellow": "black", "brown": "white", "red": "white", "green": "white"}
_LIGHT_INK = {"blue": "#87afff", "yellow": "#ffd700", "brown": "#d7af5f", "red": "#ff8787",
              "green": "#87ff87"}  # fmt: skip

# Tag -> rich style.  Marks are chips (their own background), so they read the
# same on dark and light themes; colour is never alone where it matters: a
# policeman is a capital letter, a marker a small letter, `?` or `f`.
MAP_STYLES: dict[str, str] = {
    **mapdraw.STYLES,
    # A plain crossing in its streets' grey: "──•──" is one segment, not three,
    # which halves the style changes sent per frame (the dot still shows).
    cv.CROSSING: mapdraw.STYLES[cv.STREET],
    "target": "bold black on #5fd7ff",
    "cursor": "bold underline white on #af00d7",
    **{f"police-{c}": f"bold {_INK[c]} on {_COLOUR[c]}" for c in COLOURS},
    **{f"revealed-{c}": f"bold italic {_INK[c]} on {_COLOUR[c]}" for c in COLOURS},
    **{f"marker-{c}": f"bold {_LIGHT_INK[c]} on {_SLATE}" for c in COLOURS},
    "marker": f"bold white on {_SLATE}",
    "marker-fake": f"#a8a8a8 on {_SLATE}",
    "revealed-fake": "strike #8a8a8a",
    "woman": "bold black on #ffaf00",
    "woman-marked": "bold underline white on #af005f",
    "wretched": "bold white on #875fd7",
    "crime": "bold #ffff87 on #870000",
    "clue": "bold black on #d7ff5f",
    "searched": "#d0d0d0 on #4e4e4e",
    "false-clue": "bold italic black on #d7afff",
    "arrest-failed": "bold white on #005f5f",
    "hideout": "bold underline black on #87ffaf",
    "path": "bold white on #af5f5f",
    "jack": "bold underline #d70000 on #ffffd7",
}
# On a light theme, what has no background of its own needs darker ink.
LIGHT_STYLES: dict[str, str] = {
    cv.YELLOW: "bold #af8700",
    cv.PLACE: "italic #005f87",
    "revealed-fake": "strike #6c6c6c",
}

# The overview: one cell per node.
OVERVIEW_GLYPHS = {cv.CIRCLE: "●", cv.RED: "●", cv.CROSSING: "·", cv.YELLOW: "◆",
                   cv.GOULSTON: "★"}  # fmt: skip


def style_spec(tag: str, dark: bool = True) -> str:
    """The rich style definition of a tag (a tag outside the table is read as
    a style definition itself, as in `mapdraw.style_for`)."""
    if not dark and tag in LIGHT_STYLES:
        return LIGHT_STYLES[tag]
    return MAP_STYLES.get(tag, tag)


def _parse(spec: str) -> Style:
    try:
        return Style.parse(spec) if spec else Style.null()
    except StyleSyntaxError:
        return Style.null()


# -- the two drawings of a board, built once per board -------------------------


def build_overview(board: Any) -> cv.Canvas:
    """The board at half scale: node (x, y) on cell (x//2, y//2), one cell
    each, streets drawn between them.  Where two nodes fall on one cell the
    circle is drawn (and `owners` names it); marks drawn weakest first put
    the strongest on top."""
    data = cv.map_data(board)
    w, h = (data.width + 1) // 2, (data.height + 1) // 2
    chars = [[" "] * w for _ in range(h)]
    tags = [[cv.BLANK] * w for _ in range(h)]
    pos = {v: (x // 2, y // 2) for v, (x, y) in cv.positions(data).items()}
    nodes = set(pos.values())
    g = cv.GLYPHS["lines"]
    for a, b in data.segments:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        glyph = cv.street_glyph(xb - xa, yb - ya, g)
        for x, y in cv.line_cells(xa, ya, xb, yb):
            if (x, y) not in nodes:
                chars[y][x], tags[y][x] = glyph, cv.STREET
    labels: dict[Node, cv.Label] = {}
    kinds = [(c.n, cv.RED if c.red else cv.CIRCLE) for c in data.circles]
    kinds += [
        (x.id, cv.GOULSTON if x.goulston else cv.YELLOW if x.yellow else cv.CROSSING)
        for x in data.crossings
    ]
    for v, tag in reversed(kinds):  # circles last: they win a shared cell
        x, y = pos[v]
        chars[y][x], tags[y][x] = OVERVIEW_GLYPHS[tag], tag
    for v, tag in kinds:  # each its own glyph, for marks drawn on it
        labels[v] = cv.Label(*pos[v], OVERVIEW_GLYPHS[tag])
    runs = [cv.merge_runs(chars[y], tags[y]) for y in range(h)]
    return cv.Canvas(w, h, chars, tags, runs, labels, cv.owners(labels))


_CANVASES: weakref.WeakKeyDictionary[Any, tuple[cv.Canvas, cv.Canvas]] = weakref.WeakKeyDictionary()


def canvases(board: Any) -> tuple[cv.Canvas, cv.Canvas]:
    """(full canvas, overview) of a board, built on first use: boards never
    change, and every widget showing the board shares them."""
    found = _CANVASES.get(board)
    if found is None:
        found = (cv.build_canvas(board), build_overview(board))
        _CANVASES[board] = found
    return found


# The legend: marks on circles, each shown on a sample circle " 12".
_CIRCLE_MARKS = (
    ("woman", "women token"), ("woman-marked", "marked woman (Jack)"), ("wretched", "Wretched"),
    ("crime", "crime scene"), ("clue", "clue"), ("searched", "searched, nothing"),
    ("false-clue", "false clue"), ("arrest-failed", "failed arrest"),
    ("path", "Jack's path tonight"), ("hideout", "hideout"), ("jack", "Jack"),
    ("target", "you may choose"), ("cursor", "chosen"),
)  # fmt: skip


def legend_text(*, dark: bool = True, tags: Iterable[str] | None = None) -> Text:
    """What the marks mean, each beside a sample; `tags` keeps only those
    entries (say, the tags now on the map)."""
    wanted = None if tags is None else set(tags)
    each = list(zip("BYNRG", COLOURS, strict=True))
    items: list[tuple[list[tuple[str, str]], str]] = [
        ([(s, f"police-{c}") for s, c in each], "policemen (N brown)"),
        ([("?", "marker")], "patrol marker, face down"),
        ([(s.lower(), f"marker-{c}") for s, c in each], "real marker, face down (Chief)"),
        ([("f", "marker-fake")], "fake marker (Chief)"),
        ([(s.lower(), f"revealed-{c}") for s, c in each], "marker turned face up"),
        ([("f", "revealed-fake")], "fake turned, removed"),
        *(([(" 12", tag)], meaning) for tag, meaning in _CIRCLE_MARKS),
    ]
    text = Text(no_wrap=False, overflow="fold")
    for samples, meaning in items:
        if wanted is not None and not wanted & {t for _, t in samples}:
            continue
        if text:
            text.append("  ")
        for sample, tag in samples:
            text.append(sample, _parse(style_spec(tag, dark)) or None)
        text.append(f" {meaning}")
    return text


class MapView(ScrollView):
    """The map of one board, showing marks; see the module docstring."""

    DEFAULT_CSS = """
    MapView { width: 1fr; height: 1fr; scrollbar-size: 0 0; scrollbar-visibility: hidden; }
    """
    can_focus = False

    class NodeClicked(Message):
        """A click on a node's label (a circle's number or a crossing)."""

        def __init__(self, map_view: MapView, node: Node) -> None:
            super().__init__()
            self.map_view = map_view
            self.node = node

        @property
        def control(self) -> MapView:
            return self.map_view

    def __init__(self, board: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self._bases = canvases(board)
        self._pos = cv.positions(cv.map_data(board))
        self._cells: dict[tuple[int, int], list[Node]] = {}  # overview cell -> its nodes
        for v, (x, y) in self._pos.items():
            self._cells.setdefault((x // 2, y // 2), []).append(v)
        self.overview = False
        self._marks: dict[Node, str] = {}
        self._texts: dict[Node, str] = {}
        self._shown = self._bases[0]
        self._rows: list[tuple[list[Segment], list[int]] | None]
        self._rows = [None] * self._shown.height
        self._style_key: tuple[Any, ...] | None = None  # what the styles were built for
        self._styles: dict[str, Style] = {}
        self._ground = Style()
        self._frame = (0, 0, 0)  # scroll x, scroll y, visible width: set per repaint
        self._drag: tuple[float, float, float, float] | None = None
        self._dragged = False
        self._pending_centre: Node | None = None
        self._return = (Offset(0, 0), Offset(0, 0))  # (full map, overview) scroll
        self.changed_rows: list[int] = []  # the rows the last `show` rebuilt
        self.strips_built = 0  # canvas rows built so far (for tests)
        self.set_reactive(MapView.virtual_size, Size(self._shown.width, self._shown.height))

    @property
    def canvas(self) -> cv.Canvas:
        """The drawing now shown (full or overview), marks included."""
        return self._shown

    @property
    def marks(self) -> Mapping[Node, str]:
        """The marks now shown, node -> tag (weakest first)."""
        return self._marks

    @property
    def texts(self) -> Mapping[Node, str]:
        """The labels now re-lettered, node -> text."""
        return self._texts

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh())
        if self._pending_centre is not None:
            self.call_after_refresh(self._centre_pending)

    # -- what is shown ---------------------------------------------------------

    def show(self, marks: Mapping[Node, str], texts: Mapping[Node, str] | None = None) -> None:
        """Mark nodes with style tags (`MAP_STYLES`) and re-letter some labels.
        Only the rows that differ from what is shown are rebuilt and repainted."""
        self._marks = dict(sorted(marks.items(), key=lambda kv: RANK.get(kv[1], -1)))
        self._texts = dict(texts or {})
        new = cv.overlay(self._base, self._marks, self._texts)
        old = self._shown
        changed = [
            y for y in range(new.height) if new.runs[y] is not old.runs[y]
            and new.runs[y] != old.runs[y]
        ]  # fmt: skip
        self._shown = new
        for y in changed:
            self._rows[y] = None
        self.changed_rows = changed
        if self.is_mounted:
            # Every row the widget draws, scroll bars' gutter included: a
            # hidden bar's gutter still shows map (cut to the content region,
            # the last row was never repainted and kept an old frame).
            sy, (width, height) = int(self.scroll_y), self.size
            rows = [y - sy for y in changed if 0 <= y - sy < height]
            if rows:
                self.refresh(*(Region(0, y, width, 1) for y in rows))

    def set_overview(self, on: bool) -> None:
        """Switch between the full map and the half-scale overview, keeping the
        centre of the view where it was; leaving an overview that was not
        scrolled returns exactly to where the full map was."""
        if on == self.overview:
            return
        region = self.scrollable_content_region
        cx, cy = self.scroll_x + region.width / 2, self.scroll_y + region.height / 2
        back = self._return if not on and self.scroll_offset == self._return[1] else None
        full = self.scroll_offset
        self.overview = on
        self._shown = cv.overlay(self._base, self._marks, self._texts)
        self._rows = [None] * self._shown.height
        self.virtual_size = Size(self._shown.width, self._shown.height)
        if back is not None:
            self.scroll_to(*back[0], animate=False, force=True)
        else:
            scale = 0.5 if on else 2.0
            x, y = cx * scale - region.width / 2, cy * scale - region.height / 2
            self.scroll_to(x, y, animate=False, force=True)  # the bars' flags lag a layout
        if on:
            self._return = (full, self.scroll_offset)
        self.refresh()

    def centre_on(self, node: Node) -> None:
        """Scroll, without animation, so the node's label is in the middle.
        Before the widget is laid out, it is done once it is."""
        if not (self.is_mounted and self.size.area):
            self._pending_centre = node
            if self.is_mounted:
                self.call_after_refresh(self._centre_pending)
            return
        lab = self._shown.labels[node]
        region = self.scrollable_content_region
        x = lab.x0 + len(lab.text) // 2
        self.scroll_to(x - region.width // 2, lab.y - region.height // 2, animate=False)

    def _centre_pending(self) -> None:
        node, self._pending_centre = self._pending_centre, None
        if node is not None and self.size.area:
            self.centre_on(node)

    def node_at(self, x: int, y: int) -> Node | None:
        """The node under a cell of the widget's content (scroll included): in
        the full map the label covering it; in the overview the node drawn on
        that cell (the most strongly marked, else the circle), else the
        nearest node within one cell."""
        x += int(self.scroll_x)
        y += int(self.scroll_y)
        if not self.overview:
            return self._shown.node_at(x, y)
        here = self._cells.get((x, y))
        if here:
            marked = [v for v in self._marks if v in here]  # weakest first
            return marked[-1] if marked else self._shown.owners.get((x, y), here[0])
        best: tuple[float, Node] | None = None
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for v in self._cells.get((x + dx, y + dy), ()):
                    vx, vy = self._pos[v]
                    d = (vx - 2 * x - 0.5) ** 2 + (vy - 2 * y - 0.5) ** 2
                    if best is None or d < best[0]:
                        best = (d, v)
        return None if best is None else best[1]

    @property
    def _base(self) -> cv.Canvas:
        return self._bases[1] if self.overview else self._bases[0]

    # -- painting --------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines straight from the cached rows, cut to the view.  Textual's
        own path (its styles cache) would re-make every line and run the line
        filters on it at every repaint; here the filters ran once, when the row
        was built.  A MapView given a border, padding, outline, tint or
        opacity takes Textual's path, which draws those."""
        styles = self.styles
        key = (
            self.rich_style,
            self.app.current_theme.dark,
            self.background_colors[1],
            tuple(self.get_line_filters()),
        )
        if key != self._style_key:  # a new theme: new styles, every row again
            self._style_key, self._ground = key, key[0]
            self._styles = {}
            self._rows = [None] * self._shown.height
        x, y = self.scroll_offset
        self._frame = (x, y, self.scrollable_content_region.width)
        plain = (
            not any(styles.gutter)
            and not any(edge for edge, _ in styles.outline)
            and styles.tint.a == 0
            and styles.opacity == 1
            and styles.text_opacity == 1
        )
        if not plain:
            return super().render_lines(crop)
        x0 = x + crop.x
        return [self._line(y + row, x0, x0 + crop.width) for row in crop.line_range]

    def render_line(self, y: int) -> Strip:
        sx, sy, width = self._frame
        return self._line(sy + y, sx, sx + width)

    def _line(self, row: int, start: int, end: int) -> Strip:
        """Canvas row `row`, cells start .. end-1, padded with the ground.  Cut
        by hand: every canvas character is one cell (digits, the glyph sets;
        place names are not drawn here), and a bisect finds the first
        segment, where Strip.crop would measure every segment's cells."""
        if not 0 <= row < len(self._rows):
            return Strip.blank(end - start, self._ground)
        segments, starts = self._rows[row] or self._build(row)
        out: list[Segment] = []
        for k in range(max(bisect_right(starts, start) - 1, 0), len(segments)):
            at, seg = starts[k], segments[k]
            if at >= end:
                break
            if at < start or at + len(seg.text) > end:
                seg = Segment(seg.text[max(start - at, 0) : end - at], seg.style)
            out.append(seg)
        if end > self._shown.width:
            out.append(Segment(" " * (end - max(self._shown.width, start)), self._ground))
        return Strip(out, end - start)

    def _style(self, tag: str) -> Style:
        style = self._styles.get(tag)
        if style is None:
            dark = self._style_key[1] if self._style_key else True
            style = self._styles[tag] = self._ground + _parse(style_spec(tag, dark))
        return style

    def _build(self, row: int) -> tuple[list[Segment], list[int]]:
        """One canvas row as segments, one per run of one final style, passed
        through the app's line filters (true colour, NO_COLOR...), and the
        cell where each starts."""
        styled = [(text, self._style(tag)) for text, tag in self._shown.runs[row]]
        strip = Strip(
            [Segment("".join(t for t, _ in run), st) for st, run in groupby(styled, itemgetter(1))],
            self._shown.width,
        )
        background = self._style_key[2] if self._style_key else self.background_colors[1]
        for line_filter in self.get_line_filters():
            strip = strip.apply_filter(line_filter, background)
        segments = list(strip)
        starts = [0, *accumulate(len(seg.text) for seg in segments)][:-1]
        self._rows[row] = (segments, starts)
        self.strips_built += 1
        return segments, starts

    # -- the mouse ---------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        if self._dragged:
            return  # the end of a drag, not a click
        offset = event.get_content_offset(self)
        node = None if offset is None else self.node_at(offset.x, offset.y)
        if node is not None:
            self.post_message(self.NodeClicked(self, node))

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._dragged = False
        if event.button == 1:
            self._drag = (event.screen_x, event.screen_y, self.scroll_x, self.scroll_y)
            self.capture_mouse()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._drag is None:
            return
        x0, y0, sx, sy = self._drag
        dx, dy = event.screen_x - x0, event.screen_y - y0
        if dx or dy:
            self._dragged = True
            self.scroll_to(sx - dx, sy - dy, animate=False)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._drag is not None:
            self._drag = None
            self.release_mouse()
