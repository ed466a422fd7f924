"""The Letters from Whitechapel map widget: the board's canvas, scrolled,
with marks on its labels, and an overview of the whole board.

What it draws follows its size (`on_resize`): where the whole board fits
with every number whole (`mapcanvases.whole_board`: the full drawing, or a
narrower one with every street in its direction), the map is that drawing
and never scrolls, so it cannot pan or jump between prompts; else it is the
full drawing, scrolled.  The overview is at half scale, or where that does
not fit, every node on a cell of its own fitted into the widget
(`mapcanvases.fitted_overview`).

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

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate, groupby
from operator import itemgetter
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.mapfile import Node
from whitechapel.lfw.ui import placenames
from whitechapel.lfw.ui.mapcanvases import canvases, fitted_overview, whole_board
from whitechapel.lfw.ui.mapstyle import parse_style, style_spec
from whitechapel.lfw.ui.marks import RANK

MAP, OVERVIEW, WHOLE = "map", "overview", "whole"  # the drawings a MapView shows


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

    class WholeShown(Message):
        """The whole board was drawn for the widget's size (F4, a resize)."""

    def __init__(self, board: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self._bases = canvases(board)
        self._pos = cv.positions(cv.map_data(board))
        self._cells: dict[tuple[int, int], list[Node]] = {}  # overview cell -> its nodes
        for v, (x, y) in self._pos.items():
            self._cells.setdefault((x // 2, y // 2), []).append(v)
        self.mode = MAP
        self._whole_size = (0, 0)  # the window the whole-board drawing was made for
        self._whole: cv.Canvas | None = None
        self._fit_size = (0, 0)  # the size the two below were chosen for
        self._fitted_map: cv.Canvas | None = None  # the whole board, where it fits
        self._fitted_overview: cv.Canvas | None = None
        self._marks: dict[Node, str] = {}
        self._texts: dict[Node, str] = {}
        self._streets: dict[frozenset[Node], str] = {}  # street pieces restyled (`show`)
        self.crossing_labels = False  # each crossing's label beside it (set_crossing_labels)
        self._shown = self._bases[0]
        self._rows: list[tuple[list[Segment], list[int]] | None]
        self._rows = [None] * self._shown.height
        self._style_key: tuple[Any, ...] | None = None  # what the styles were built for
        self._styles: dict[str, Style] = {}
        self._ground = Style()
        self._frame = (0, 0, 0)  # scroll x, scroll y, visible width: set per repaint
        self._drag: tuple[float, float, float, float] | None = None
        self._dragged = False
        self._pending_centre: Callable[[], None] | None = None  # once laid out
        self._return = (Offset(0, 0), Offset(0, 0))  # (full map, overview) scroll
        self._map_scroll = Offset(0, 0)  # the full map's, while the whole board is shown
        self.changed_rows: list[int] = []  # the rows the last `show` rebuilt
        self.strips_built = 0  # canvas rows built so far (for tests)
        self.set_reactive(MapView.virtual_size, Size(self._shown.width, self._shown.height))

    @property
    def overview(self) -> bool:
        return self.mode == OVERVIEW

    @property
    def whole(self) -> bool:
        return self.mode == WHOLE

    @property
    def board_in_sight(self) -> bool:
        """Is every circle's number on the widget, nothing to scroll to?"""
        width, height = self.size
        shown = self._shown
        return (
            not self.overview
            and bool(width and height)
            and shown.width <= width
            and shown.height <= height
        )

    @property
    def whole_cut(self) -> bool:
        """Is the whole board shown, but larger than the widget (it scrolls)?"""
        width, height = self.size
        return self.whole and (self._shown.width > width or self._shown.height > height)

    @property
    def canvas(self) -> cv.Canvas:
        """The drawing now shown (full or overview), marks included."""
        return self._shown

    @property
    def marks(self) -> Mapping[Node, str]:
        """The marks now shown, node -> tag (weakest first)."""
        return self._marks

    @property
    def lit(self) -> Mapping[frozenset[Node], str]:
        """The street pieces now restyled, their two ends -> tag."""
        return self._streets

    @property
    def texts(self) -> Mapping[Node, str]:
        """The labels now re-lettered, node -> text."""
        return self._texts

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh())
        if self._pending_centre is not None:
            self.call_after_refresh(self._centre_pending)

    # -- what is shown ---------------------------------------------------------

    def show(
        self,
        marks: Mapping[Node, str],
        texts: Mapping[Node, str] | None = None,
        streets: Mapping[frozenset[Node], str] | None = None,
    ) -> None:
        """Mark nodes with style tags (`MAP_STYLES`), re-letter some labels and
        restyle some street pieces (by their two ends: the street inspector's).
        Only the rows that differ from what is shown are rebuilt and repainted."""
        self._marks = dict(sorted(marks.items(), key=lambda kv: RANK.get(kv[1], -1)))
        self._texts = dict(texts or {})
        self._streets = dict(streets or {})
        new = cv.overlay(self._base, self._marks, self._texts, self._streets)
        old = self._shown
        changed = [
            y
            for y in range(new.height)
            if new.runs[y] is not old.runs[y] and new.runs[y] != old.runs[y]
        ]
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

    def _redraw(self) -> None:
        """The drawing of the mode shown anew, marks and all."""
        self._shown = cv.overlay(self._base, self._marks, self._texts, self._streets)
        self._rows = [None] * self._shown.height
        self.virtual_size = Size(self._shown.width, self._shown.height)
        self.refresh()

    def set_whole(self, on: bool) -> None:
        """Show the whole board squeezed into the widget, every circle's
        number kept (`mapcanvases.whole_board`), or go back to the full map
        where it was.  The drawing follows the widget's size (`on_resize`)."""
        if on == self.whole:
            return
        if on:
            if self.overview:
                self.set_overview(False)
            self._map_scroll = self.scroll_offset
            region = self.scrollable_content_region
            cx, cy = self.scroll_x + region.width / 2, self.scroll_y + region.height / 2
            middle = min(
                self._pos, key=lambda v: (self._pos[v][0] - cx) ** 2 + (self._pos[v][1] - cy) ** 2
            )
            self.mode = WHOLE
            self._whole = None
            self._fit_whole()
            self._redraw()
            self.scroll_to(0, 0, animate=False, force=True)
            self.centre_on(middle)  # where it does not all fit: the same place in sight
        else:
            self.mode = MAP
            self._redraw()
            self.scroll_to(*self._map_scroll, animate=False, force=True)

    def _fit_whole(self) -> bool:
        """The whole-board drawing for the widget's size; True if it changed."""
        size = (self.size.width, self.size.height) if self.size.area else (200, 55)
        if self._whole is not None and size == self._whole_size:
            return False
        self._whole_size = size
        self._whole = whole_board(self.board, *size)
        self.post_message(self.WholeShown())
        return True

    def _fit(self) -> bool:
        """The map and the overview for the widget's size; True if the
        drawing of the mode shown changed."""
        width, height = self.size
        if not (width and height) or (width, height) == self._fit_size:
            return False
        before = self._base
        self._fit_size = (width, height)
        whole = whole_board(self.board, width, height)
        fits = whole.width <= width and whole.height <= height
        self._fitted_map = whole if fits else None
        self._fitted_overview = fitted_overview(self.board, width, height)
        return self._base is not before

    def on_resize(self) -> None:
        changed = self._fit()
        if self.whole and self._fit_whole():
            changed = True
        if changed:
            self._redraw()
            if self.board_in_sight:
                self.scroll_to(0, 0, animate=False, force=True)
        if self._pending_centre is not None:
            self.call_after_refresh(self._centre_pending)

    def set_overview(self, on: bool) -> None:
        """Switch between the full map and the half-scale overview, keeping the
        centre of the view where it was; leaving an overview that was not
        scrolled returns exactly to where the full map was."""
        if on == self.overview:
            return
        if self.whole:
            self.set_whole(False)
        region = self.scrollable_content_region
        cx, cy = self.scroll_x + region.width / 2, self.scroll_y + region.height / 2
        back = self._return if not on and self.scroll_offset == self._return[1] else None
        full = self.scroll_offset
        self.mode = OVERVIEW if on else MAP
        self._shown = cv.overlay(self._base, self._marks, self._texts, self._streets)
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
        if self.when_laid_out(lambda: self.centre_on(node)):
            return
        lab = self._shown.labels[node]
        region = self.scrollable_content_region
        x = lab.x0 + len(lab.text) // 2
        self.scroll_to(x - region.width // 2, lab.y - region.height // 2, animate=False)

    def centre_on_all(self, nodes: Sequence[Node], also: Sequence[Node] = ()) -> None:
        """Scroll so the middle of the box around these nodes' labels is in
        the middle of the view (all of them in sight where the box fits);
        with the nodes `also` in the box too, where it then still fits."""
        labels = [self._shown.labels[v] for v in nodes if v in self._shown.labels]
        if not labels:
            return
        if self.when_laid_out(lambda: self.centre_on_all(nodes, also)):
            return
        region = self.scrollable_content_region
        more = labels + [self._shown.labels[v] for v in also if v in self._shown.labels]
        for box in (more, labels):
            x0, x1 = min(lab.x0 for lab in box), max(lab.x1 for lab in box)
            y0, y1 = min(lab.y for lab in box), max(lab.y for lab in box)
            if x1 - x0 < region.width and y1 - y0 < region.height:
                break
        x, y = (x0 + x1 + 1) // 2 - region.width // 2, (y0 + y1 + 1) // 2 - region.height // 2
        self.scroll_to(x, y, animate=False)

    def centre_on_first(self, first: Sequence[Node], *then: Sequence[Node]) -> None:
        """Scroll so the box around the labels of `first` (the acting
        policeman) is in the middle of the view, grown by as many of the
        nodes `then` as fit in sight with it: each group in turn (his
        targets, then the circles where Jack can be), the nearest to
        `first` first.  Play-tester P, round 8, at 80×24: Green, far south,
        had to move and neither he nor any of his targets was on screen."""
        if not any(v in self._shown.labels for v in first):
            return
        if self.when_laid_out(lambda: self.centre_on_first(first, *then)):
            return
        region = self.scrollable_content_region
        (x0, x1, y0, y1), _ = self._grown_box(first, then)
        x, y = (x0 + x1 + 1) // 2 - region.width // 2, (y0 + y1 + 1) // 2 - region.height // 2
        self.scroll_to(x, y, animate=False)

    def centre_on_most(self, nodes: Sequence[Node]) -> None:
        """Scroll so that as many of `nodes` as the view can hold together
        are in sight (the group grown from each one in turn, as
        `centre_on_first` grows it; the largest, the first on a tie).
        Tester S, round 10, at 80×24: the tokens went down on an overview
        of dots; the map, streets and numbers, with most places in sight."""
        drawn = [v for v in nodes if v in self._shown.labels]
        if not drawn:
            return
        if self.when_laid_out(lambda: self.centre_on_most(nodes)):
            return
        best = max(drawn, key=lambda v: self._grown_box([v], [drawn])[1])
        self.centre_on_first([best], [v for v in drawn if v != best])

    def _grown_box(
        self, first: Sequence[Node], then: Sequence[Sequence[Node]]
    ) -> tuple[tuple[int, int, int, int], int]:
        """The box (x0, x1, y0, y1) around the labels of `first`, grown by
        the nodes of each group of `then`, nearest first, as long as it fits
        in the view; and how many nodes of `then` it took in."""
        labels = self._shown.labels
        region = self.scrollable_content_region
        box = [labels[v] for v in first if v in labels]
        x0, x1 = min(lab.x0 for lab in box), max(lab.x1 for lab in box)
        y0, y1 = min(lab.y for lab in box), max(lab.y for lab in box)
        cx, cy = (x0 + x1) / 2, y0 + (y1 - y0) / 2
        taken = 0
        for group in then:
            near = sorted(
                (labels[v] for v in group if v in labels),
                key=lambda lab: (lab.x0 - cx) ** 2 + (2 * (lab.y - cy)) ** 2,
            )
            for lab in near:
                bx0, bx1 = min(x0, lab.x0), max(x1, lab.x1)
                by0, by1 = min(y0, lab.y), max(y1, lab.y)
                if bx1 - bx0 < region.width and by1 - by0 < region.height:
                    x0, x1, y0, y1 = bx0, bx1, by0, by1
                    taken += 1
        return (x0, x1, y0, y1), taken

    def fits_all(self, nodes: Sequence[Node]) -> bool | None:
        """Would the box around these nodes' labels fit in the view (None:
        not laid out yet, or none of them drawn)?"""
        labels = [self._shown.labels[v] for v in nodes if v in self._shown.labels]
        region = self.scrollable_content_region
        if not labels or not region.area:
            return None
        width = max(lab.x1 for lab in labels) - min(lab.x0 for lab in labels)
        height = max(lab.y for lab in labels) - min(lab.y for lab in labels)
        return width < region.width and height < region.height

    def in_sight(self, node: Node) -> bool:
        """Is the node's whole label inside the view now?"""
        lab = self._shown.labels.get(node)
        region = self.scrollable_content_region
        if lab is None or not region.area:
            return False
        x, y = lab.x0 - int(self.scroll_x), lab.y - int(self.scroll_y)
        return x >= 0 and x + len(lab.text) <= region.width and 0 <= y < region.height

    def when_laid_out(self, centre: Callable[[], None]) -> bool:
        """Before the widget is laid out, a centring is kept to be done
        once it is (the last one asked for); True if it was kept, False:
        the widget has its size, do it now."""
        if self.is_mounted and self.size.area:
            return False
        self._pending_centre = centre
        if self.is_mounted:
            self.call_after_refresh(self._centre_pending)
        return True

    def _centre_pending(self) -> None:
        """The centring kept, once the widget has a size (behind a curtain
        it has none: it waits for the resize that gives it one)."""
        if self._pending_centre is not None and self.size.area:
            centre, self._pending_centre = self._pending_centre, None
            centre()

    def node_at(self, x: int, y: int) -> Node | None:
        """The node under a cell of the widget's content (scroll included): in
        the full map the label covering it; in the overview the node drawn on
        that cell (the most strongly marked, else the circle), else the
        nearest node within one cell."""
        x += int(self.scroll_x)
        y += int(self.scroll_y)
        if not self.overview or self._base is not self._bases[1]:
            return self._shown.node_at(x, y)  # (a fitted overview: a cell a node)
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

    def set_crossing_labels(self, on: bool) -> None:
        """Write each crossing's label beside it on the full map, or not
        (placenames.labelled); the overview and the whole board have no room."""
        if on != self.crossing_labels:
            self.crossing_labels = on
            self._redraw()

    @property
    def _base(self) -> cv.Canvas:
        if self.mode == WHOLE and self._whole is not None:
            return self._whole
        if self.overview:
            return self._fitted_overview or self._bases[1]
        full = self._fitted_map or self._bases[0]
        return placenames.labelled(full) if self.crossing_labels else full

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
            style = self._styles[tag] = self._ground + parse_style(style_spec(tag, dark))
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
