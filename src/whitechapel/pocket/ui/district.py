"""The district widget: the 3×3 tiles with their streets and walls, the
suspects by name and colour, and the twelve detective positions.

It draws a *view* (what the side holding the keyboard may know), plus the
interface's own marks: the tile cursor, the tiles picked for an exchange and
a preview view of the action being chosen (its new sight lines).
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from whitechapel.pocket.pieces import CHARACTERS, DETECTIVE_LETTERS, POSITION_LINES
from whitechapel.pocket.views import PocketView, Tile

TILE_W, TILE_H = 13, 5  # the compact tiles (80×24)
MARGIN = 4  # columns left and right of the grid for positions 10-12 / 4-6
WIDTH, HEIGHT = MARGIN * 2 + TILE_W * 3, TILE_H * 3 + 2
# The tile sizes the district grows through as the terminal grows (odd, so a
# street has a middle), smallest first.
SIZES = ((13, 5), (17, 7), (21, 9), (25, 11))


def extent(tw: int, th: int) -> tuple[int, int]:
    """The district's width and height with tiles of tw × th."""
    return MARGIN * 2 + tw * 3, th * 3 + 2


def fitting(width: int, height: int) -> tuple[int, int]:
    """The largest tiles whose district fits in width × height."""
    best = SIZES[0]
    for tw, th in SIZES:
        w, h = extent(tw, th)
        if w <= width and h <= height:
            best = (tw, th)
    return best

COLOURS = {
    "pink": "#ff87d7",
    "blue": "#5f87ff",
    "black": "#a8a8a8",
    "white": "#ffffff",
    "purple": "#af5fff",
    "green": "#5fd75f",
    "orange": "#ff8700",
    "yellow": "#ffd700",
    "grey": "#bcbcbc",
}
WALL = Style(color="#d7af87", bold=True)
STREET = Style(color="#6c6c6c")
SEEN_BG = "#30304a"
RAY = Style(color="#ffd75f", bold=True)
# What the computer just did (a tile it turned or swapped, a detective it moved).
PLAYED_BG = "#5f3700"
PLAYED_DETECTIVE = Style(color="#000000", bgcolor="#ff8700", bold=True)


def tile_origin(sq: int, tw: int = TILE_W, th: int = TILE_H) -> tuple[int, int]:
    return MARGIN + (sq % 3) * tw, 1 + (sq // 3) * th


def ray_cells(view: PocketView, tw: int = TILE_W, th: int = TILE_H) -> set[tuple[int, int]]:
    """The cells of the streets each detective looks down (P6), from the
    tile next to him to the wall that stops his sight: the facing side's wall
    hides the tile, the far side's wall ends sight at the tile's centre
    (Joseph Lane's empty crossroads has no wall).  From the view drawn."""
    walls = [t.sight_wall for t in view.tiles]
    mid_x, mid_y = tw // 2, th // 2
    halves = {  # the street cells from each side of a tile to its centre, outside in
        0: [(mid_x, y) for y in range(0, mid_y)],
        2: [(mid_x, y) for y in range(th - 1, mid_y, -1)],
        3: [(x, mid_y) for x in range(0, mid_x)],
        1: [(x, mid_y) for x in range(tw - 1, mid_x, -1)],
    }
    cells: set[tuple[int, int]] = set()
    for position in view.detectives:
        squares, facing, far = POSITION_LINES[position]
        for sq in squares:
            if walls[sq] == facing:
                break
            x0, y0 = tile_origin(sq, tw, th)
            part = [*halves[facing], (mid_x, mid_y)]
            if walls[sq] != far:
                part += halves[far]
            cells.update((x0 + x, y0 + y) for x, y in part)
            if walls[sq] == far:
                break
    return cells


def position_cell(p: int, tw: int = TILE_W, th: int = TILE_H) -> tuple[int, int]:
    """Where position p's label starts (x, y) inside the widget."""
    if 1 <= p <= 3:
        return MARGIN + (p - 1) * tw + tw // 2 - 1, 0
    if 4 <= p <= 6:
        return MARGIN + 3 * tw + 1, 1 + (p - 4) * th + th // 2
    if 7 <= p <= 9:
        return MARGIN + (9 - p) * tw + tw // 2 - 1, extent(tw, th)[1] - 1
    return 0, 1 + (12 - p) * th + th // 2


class District(Widget):
    """Renders a Pocket view; clicking a tile or a position posts a message."""

    DEFAULT_CSS = f"""
    District {{ width: {WIDTH}; height: {HEIGHT}; }}
    """

    class TileClicked(Message):
        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shown_view: PocketView | None = None
        self.preview: PocketView | None = None
        self.cursor: int | None = None
        self.picked: set[int] = set()
        self.moving: int | None = None  # a detective whose move is being previewed
        self.targets: dict[int, str] = {}  # positions a detective may land on: their mark
        self.dimmed: set[int] = set()  # tiles that are no target now (not rotatable)
        # What the computer just did: the tiles it turned or swapped, the detectives it moved.
        self.played_tiles: set[int] = set()
        self.played_detectives: set[int] = set()
        self.tw, self.th = TILE_W, TILE_H  # the tiles' size: compact until resized
        self.w, self.h = WIDTH, HEIGHT
        self._strips: list[Strip] = [Strip.blank(WIDTH, Style())] * HEIGHT

    def fit(self, width: int, height: int) -> None:
        """Take the largest tiles for which the district fits in width ×
        height (compact at 80×24, large from about 120×40)."""
        tiles = fitting(width, height)
        if tiles == (self.tw, self.th):
            return
        self.tw, self.th = tiles
        self.w, self.h = extent(*tiles)
        self.styles.width, self.styles.height = self.w, self.h
        self._strips = [Strip.blank(self.w, Style())] * self.h
        if self.shown_view is not None:
            self._strips = self._build()
        self.refresh()

    def show(
        self, view, *, preview=None, cursor=None, picked=(), moving=None, targets=None, dimmed=(),
        played=((), ()),
    ) -> None:
        """Draw a new state: the rows are built once here, and only the rows
        that changed are repainted.  `targets`: positions to highlight (a
        detective may land there), with a short mark; `dimmed`: tiles that
        cannot be chosen now; `played`: the tiles and detectives the
        computer's last actions touched."""
        self.played_tiles, self.played_detectives = set(played[0]), set(played[1])
        self.shown_view, self.preview, self.cursor = view, preview, cursor
        self.picked, self.moving = set(picked), moving
        self.targets, self.dimmed = dict(targets or {}), set(dimmed)
        strips = self._build()
        changed = [y for y in range(self.h) if list(strips[y]) != list(self._strips[y])]
        self._strips = strips
        if changed:
            self.refresh(*(Region(0, y, self.w, 1) for y in changed))

    def render_line(self, y: int) -> Strip:
        return self._strips[y] if 0 <= y < len(self._strips) else Strip.blank(self.size.width, Style())

    def _build(self) -> list[Strip]:
        width, height, tw, th = self.w, self.h, self.tw, self.th
        if self.shown_view is None:
            return [Strip.blank(width, Style())] * height
        shown = self.preview or self.shown_view
        grid = [[(" ", Style())] * width for _ in range(height)]
        for sq, tile in enumerate(shown.tiles):
            self._tile(grid, sq, tile)
        for x, y in ray_cells(shown, tw, th):  # the sight lines, over the streets
            ch, style = grid[y][x]
            grid[y][x] = (ch, style + RAY)
        det = shown.detectives
        for p in range(1, 13):
            here = "".join(DETECTIVE_LETTERS[d] for d, q in enumerate(det) if q == p)
            x, y = position_cell(p, tw, th)
            # The number is always there; a detective's letter stands beside it.
            label = f"{here}{p}"
            style = Style(color="#ffd75f", bold=True) if here else Style(color="#6c6c6c")
            if p in self.targets:
                style = Style(color="#000000", bgcolor="#87d7ff", bold=True)
                if not here:
                    label = f"{self.targets[p]}{p}"
            if here and self.moving is not None and det[self.moving] == p and self.preview:
                style = Style(color="#000000", bgcolor="#ffd75f", bold=True)
            elif any(det[d] == p for d in self.played_detectives):
                style = PLAYED_DETECTIVE
            room = MARGIN if p >= 10 else (width - x if 4 <= p <= 6 else 4)
            if p >= 10:
                label = label[-room:].rjust(room - 1)
            for k, ch in enumerate(label[:room]):
                if 0 <= x + k < width:
                    grid[y][x + k] = (ch, style)
        # The coordinates of the notation: columns a-c above, rows 1-3 on the left.
        coord = Style(color="#8a8a8a", italic=True)
        for i in range(3):
            grid[0][MARGIN + i * tw + 1] = ("abc"[i], coord)
            grid[1 + i * th][1] = ("123"[i], coord)
        strips = []
        for row in grid:
            segments: list[Segment] = []
            run, run_style = "", None
            for ch, st in row:  # one segment per run of one style
                if st == run_style:
                    run += ch
                else:
                    if run:
                        segments.append(Segment(run, run_style))
                    run, run_style = ch, st
            segments.append(Segment(run, run_style))
            strips.append(Strip(segments, width))
        return strips

    def _tile(self, grid, sq: int, tile: Tile) -> None:
        tw, th = self.tw, self.th
        x0, y0 = tile_origin(sq, tw, th)
        character = CHARACTERS[tile.index]
        cleared = tile.cleared
        wall = None if tile.open_crossroads else tile.wall
        bg = SEEN_BG if tile.seen else None
        if sq in self.played_tiles:
            bg = PLAYED_BG
        if sq in self.picked:
            bg = "#5f005f"
        if sq == self.cursor:
            bg = "#005f5f"
        dim = sq in self.dimmed
        base = Style(bgcolor=bg, dim=dim)
        for dy in range(th):
            for dx in range(tw):
                grid[y0 + dy][x0 + dx] = (" ", base)
        mid_x, mid_y = tw // 2, th // 2
        street = STREET + base
        # Streets run from the centre to every side without a wall.
        for d, cells in {
            "N": [(mid_x, y) for y in range(0, mid_y)],
            "S": [(mid_x, y) for y in range(mid_y + 1, th)],
            "W": [(x, mid_y) for x in range(0, mid_x)],
            "E": [(x, mid_y) for x in range(mid_x + 1, tw)],
        }.items():
            if d != wall:
                for x, y in cells:
                    grid[y0 + y][x0 + x] = ("║" if d in "NS" else "═", street)
        grid[y0 + mid_y][x0 + mid_x] = ("╬", street)
        wall_style = WALL + base
        if wall == "N":
            for x in range(tw):
                grid[y0][x0 + x] = ("▀", wall_style)
        elif wall == "S":
            for x in range(tw):
                grid[y0 + th - 1][x0 + x] = ("▄", wall_style)
        elif wall == "W":
            for y in range(th):
                grid[y0 + y][x0] = ("▌", wall_style)
        elif wall == "E":
            for y in range(th):
                grid[y0 + y][x0 + tw - 1] = ("▐", wall_style)
        name = character.name.split()[-1]
        colour = COLOURS[character.colour]
        if cleared:
            label, style = f"({name})", Style(color="#6c6c6c", italic=True) + base
        else:
            label, style = name, Style(color=colour, bold=True) + base
        self._put(grid, x0, y0 + mid_y - 1, label, style, tw)
        # Seen, unseen and cleared each look different (the shade, the words).
        if cleared:
            status, look = "cleared", Style(color="#6c6c6c", italic=True)
        elif tile.seen:
            status, look = "seen", Style(color="#ffd75f")
        else:
            status, look = "unseen", Style(color="#8a8a8a")
        self._put(grid, x0, y0 + mid_y + 1, status, look + base, tw)
        # The highlighted tile and a tile picked (an exchange's first) say so
        # in glyphs either side of its status, not by their ground alone (NO_COLOR).
        sides = "▶◀" if sq == self.cursor else "**" if sq in self.picked else ""
        if sides:
            for x, ch in ((x0 + 1, sides[0]), (x0 + tw - 2, sides[1])):
                grid[y0 + mid_y + 1][x] = (ch, Style(bold=True) + base)

    @staticmethod
    def _put(grid, x0: int, y: int, label: str, style: Style, tw: int = TILE_W) -> None:
        label = label[: tw - 2]
        start = x0 + (tw - len(label)) // 2
        for k, ch in enumerate(label):
            grid[y][start + k] = (ch, style)

    def on_click(self, event: Click) -> None:
        x, y = event.x - MARGIN, event.y - 1
        if 0 <= x < 3 * self.tw and 0 <= y < 3 * self.th:
            self.post_message(self.TileClicked((y // self.th) * 3 + x // self.tw))
