"""The district widget: the 3×3 tiles with their streets and walls, the
suspects by name and colour, and the twelve detective positions.

It draws a *view* (what the side holding the keyboard may know), plus the
interface's own marks: the tile cursor, the tiles picked for an exchange and
a preview view of the action being chosen (its new sight lines).

Each detective's line of sight (P6, `sightlines.py`) runs down the streets
he sees in his own colour *and* his own glyph (━ Holmes, ┅ Watson, · Toby),
so it reads without colour too; where two look down the same street their
glyphs alternate.  A tile a detective sees says by whom ("seen by H W").
A tile's wall is a bar inside it, where its street ends (`wall_cells`).
The tiles grow with the window, keeping about the shape of a square, up to
25×11 (`LARGEST`); a larger window centres the board in its rows.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from whitechapel.pocket.pieces import CHARACTERS, DETECTIVE_LETTERS, LANE, POSITION_LINES
from whitechapel.pocket.sentences import DETECTIVE_WORDS
from whitechapel.pocket.sightlines import FAR, sight_lines, watchers
from whitechapel.pocket.ui.look import CROSSING, DETECTIVE_COLOURS, RAY_GLYPHS
from whitechapel.pocket.views import PocketView, Tile

TILE_W, TILE_H = 13, 5  # the compact tiles (80×24)
MARGIN = 4  # columns left and right of the grid for positions 10-12 / 4-6
WIDTH, HEIGHT = MARGIN * 2 + TILE_W * 3, TILE_H * 3 + 2
# The tallest tile drawn (rows), however large the window: 25×11 read best at
# 160×50 and 200×60; larger tiles were mostly empty streets (round 4).
LARGEST = 11


def extent(tw: int, th: int) -> tuple[int, int]:
    """The district's width and height with tiles of tw × th."""
    return MARGIN * 2 + tw * 3, th * 3 + 2


def fitting(width: int, height: int) -> tuple[int, int]:
    """The largest tiles whose district fits in width × height: an odd
    height th (a street has a middle row) and a width of 2·th + 3 columns
    (a cell is about twice as tall as wide: nearly square tiles); the
    compact 13×5 when nothing larger fits."""
    best = (TILE_W, TILE_H)
    for th in range(TILE_H, LARGEST + 1, 2):
        tw = 2 * th + 3
        w, h = extent(tw, th)
        if w > width or h > height:
            break
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
RAYS = tuple(Style(color=c, bold=True) for c in DETECTIVE_COLOURS)  # each detective's line
STREETS = frozenset("║═╬╦╣╩╠")  # the glyphs of a street (a line of sight takes their place)
# What the computer just did (a tile it turned or swapped, a detective it moved).
PLAYED_BG = "#5f3700"
PLAYED_DETECTIVE = Style(color="#000000", bgcolor="#ff8700", bold=True)
# Every style drawn is made once (these, `ground`, and rich's cached `+`): a
# row that did not change is then the same objects, compared by identity.
BLANK = Style()
BOLD = Style(bold=True)
NUMBER = Style(color="#6c6c6c")
TARGET = Style(color="#000000", bgcolor="#87d7ff", bold=True)
MOVING = Style(color="#000000", bgcolor="#ffd75f", bold=True)
COORD = Style(color="#87afd7", italic=True)
# before an empty position's number: never a row's figure, nor Toby's dotted sight line
POSITION_MARK = "#"
CLEARED = Style(color="#6c6c6c", italic=True)
UNSEEN = Style(color="#8a8a8a")
# Jack's own suspect on his own screens: his name underlined between ▸ ◂.
MINE = Style(underline=True)
MINE_MARK = Style(color="#ff5f5f", bold=True)


@lru_cache(maxsize=64)
def ground(bg: str | None, dim: bool) -> Style:
    """A tile's ground: its shade (seen, cursor, picked, played), dimmed or not."""
    return Style(bgcolor=bg, dim=dim)


@lru_cache(maxsize=64)
def name_style(colour: str) -> Style:
    return Style(color=colour, bold=True)


def tile_origin(sq: int, tw: int = TILE_W, th: int = TILE_H) -> tuple[int, int]:
    return MARGIN + (sq % 3) * tw, 1 + (sq // 3) * th


def ray_cells(
    view: PocketView, tw: int = TILE_W, th: int = TILE_H
) -> dict[tuple[int, int], list[tuple[int, bool]]]:
    """The cells of the streets each detective looks down (P6), from the
    tile next to him to the wall that stops his sight: the facing side's
    wall hides the tile, the far side's wall ends sight at the tile's
    centre (Joseph Lane's empty crossroads has no wall).  Each cell with the
    (detective, horizontal) lines through it.  From the view drawn."""
    mid_x, mid_y = tw // 2, th // 2
    halves = {  # the street cells from each side of a tile to its centre, outside in
        0: [(mid_x, y) for y in range(0, mid_y)],
        2: [(mid_x, y) for y in range(th - 1, mid_y, -1)],
        3: [(x, mid_y) for x in range(0, mid_x)],
        1: [(x, mid_y) for x in range(tw - 1, mid_x, -1)],
    }
    cells: dict[tuple[int, int], list[tuple[int, bool]]] = {}
    for line in sight_lines(view):
        _, facing, far = POSITION_LINES[line.position]
        horizontal = facing in (1, 3)
        for k, sq in enumerate(line.squares):
            x0, y0 = tile_origin(sq, tw, th)
            part = [*halves[facing], (mid_x, mid_y)]
            if not (line.ends == FAR and k == len(line.squares) - 1):
                part += halves[far]
            for x, y in part:
                cells.setdefault((x0 + x, y0 + y), []).append((line.detective, horizontal))
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


SEEN = Style(color="#ffd75f")


def seen_label(who: tuple[int, ...], room: int) -> list[tuple[str, Style]]:
    """A seen tile's status: by whom, in as many words as `room` allows
    ('seen by Holmes and Watson', 'seen by H W', 'seen: HWT'), each
    detective's name or letter in his colour.  Where letters are said,
    their form is the one two letters fit in, whoever sees the tile
    (tester RR, Pocket round 36, at 80×24: "seen by H" beside "seen: W
    T")."""
    names = [DETECTIVE_WORDS[d] for d in who]
    letters = [DETECTIVE_LETTERS[d] for d in who]
    forms = [
        ("seen by ", [*names[:-2], " and ".join(names[-2:])], ", "),
        ("seen by ", letters, " "),
        ("seen: ", letters, " "),
        ("seen: ", letters, ""),
        ("seen", [], ""),
    ]

    def length(head: str, words: list[str], gap: str) -> int:
        return len(head) + sum(map(len, words)) + len(gap) * max(0, len(words) - 1)

    for k, (head, words, gap) in enumerate(forms):
        probe = words if k == 0 or len(words) != 1 else words * 2  # one letter: as if two
        if length(head, probe, gap) <= room and length(head, words, gap) <= room:
            break
    out = [(ch, SEEN) for ch in head]
    # Each detective's letters in his colour (the joined names: one colour each).
    colours = [RAYS[d] for d in who] if len(words) == len(who) else [SEEN] * len(words)
    for k, (word, colour) in enumerate(zip(words, colours, strict=True)):
        if k:
            out += [(ch, SEEN) for ch in gap]
        out += [(ch, colour) for ch in word]
    return out


def strip_of(row: list[tuple[str, Style]], width: int) -> Strip:
    """A row of cells as a strip: one segment per run of one style."""
    segments: list[Segment] = []
    run: list[str] = []
    run_style: Style | None = None
    for ch, st in row:
        if st is not run_style and st != run_style:
            if run:
                segments.append(Segment("".join(run), run_style))
            run, run_style = [], st
        run.append(ch)
    segments.append(Segment("".join(run), run_style))
    return Strip(segments, width)


class District(Widget):
    """Renders a Pocket view; clicking a tile or a position posts a message."""

    DEFAULT_CSS = f"""
    District {{ width: {WIDTH}; height: {HEIGHT}; }}
    """

    class TileClicked(Message):
        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    class Placed(Message):
        """The board laid out at a new size or place: what stands beside it
        follows (the round's summary, `PocketScreen.place_beside`)."""

    def on_resize(self) -> None:
        self.post_message(self.Placed())

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
        self.watchers: tuple[tuple[int, ...], ...] = ((),) * 9  # who sees each tile, as drawn
        self.tw, self.th = TILE_W, TILE_H  # the tiles' size: compact until resized
        self.w, self.h = WIDTH, HEIGHT
        self._strips: list[Strip] = [Strip.blank(WIDTH, BLANK)] * HEIGHT
        self._rows: list[list[tuple[str, Style]]] = []  # the cells the strips were made of

    def fit(self, width: int, height: int) -> None:
        """Take the largest tiles for which the district fits in width ×
        height (compact at 80×24, large from about 120×40), and stand in the
        middle of the rows left over (capped tiles at a large window)."""
        tiles = fitting(width, height)
        # Room left under capped tiles: the board stands in the middle of it.
        self.styles.margin = (max(0, (height - extent(*tiles)[1]) // 2), 1, 0, 1)
        if tiles == (self.tw, self.th):
            return
        self.tw, self.th = tiles
        self.w, self.h = extent(*tiles)
        self.styles.width, self.styles.height = self.w, self.h
        self._strips = [Strip.blank(self.w, BLANK)] * self.h
        self._rows = []
        if self.shown_view is not None:
            self._build()
        self.refresh()

    def show(
        self,
        view,
        *,
        preview=None,
        cursor=None,
        picked=(),
        moving=None,
        targets=None,
        dimmed=(),
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
        changed = self._build()
        if changed:
            self.refresh(*(Region(0, y, self.w, 1) for y in changed))

    def render_line(self, y: int) -> Strip:
        return (
            self._strips[y] if 0 <= y < len(self._strips) else Strip.blank(self.size.width, BLANK)
        )

    def _build(self) -> list[int]:
        """Draw the cells of the board, and make strips of the rows that
        changed (a strip is costly, at 200×60 most of all); their numbers."""
        grid = self._grid()
        old = self._rows
        changed = [y for y, row in enumerate(grid) if y >= len(old) or row != old[y]]
        for y in changed:
            self._strips[y] = strip_of(grid[y], self.w)
        self._rows = grid
        return changed

    def text(self) -> list[str]:
        """The board's rows as plain text, without their styles."""
        return ["".join(ch for ch, _ in row) for row in self._grid()]

    def _grid(self) -> list[list[tuple[str, Style]]]:
        width, height, tw, th = self.w, self.h, self.tw, self.th
        if self.shown_view is None:
            return [[(" ", BLANK)] * width for _ in range(height)]
        shown = self.preview or self.shown_view
        self.watchers = watchers(sight_lines(shown))
        grid = [[(" ", BLANK)] * width for _ in range(height)]
        for sq, tile in enumerate(shown.tiles):
            self._tile(grid, sq, tile)
        self._rays(grid, shown)
        det = shown.detectives
        for p in range(1, 13):
            here = [d for d, q in enumerate(det) if q == p]
            x, y = position_cell(p, tw, th)
            # The number is always there, after a detective's letter (in his
            # colour) or a dot: "H12", "·1" -- a bare figure is a row of the
            # notation (tester PH, round 4: "1" meant both row 1 and position 1).
            label = ("".join(DETECTIVE_LETTERS[d] for d in here) or POSITION_MARK) + str(p)
            style = BOLD if here else NUMBER
            letters = [RAYS[d] for d in here]
            if p in self.targets:
                style = TARGET
                letters = [style] * len(here)
                if not here:
                    label = f"{self.targets[p] or POSITION_MARK}{p}"
            if here and self.moving is not None and det[self.moving] == p and self.preview:
                style = MOVING
                letters = [style] * len(here)
            elif any(det[d] == p for d in self.played_detectives):
                style = PLAYED_DETECTIVE
                letters = [style] * len(here)
            styles = [*letters, *[style] * (len(label) - len(letters))]
            room = MARGIN if p >= 10 else (width - x if 4 <= p <= 6 else 4)
            if p >= 10:
                cut = label[-room:].rjust(room - 1)
                styles = [style] * (len(cut) - len(label[-room:])) + styles[-room:]
                label = cut
            for k, ch in enumerate(label[:room]):
                if 0 <= x + k < width:
                    grid[y][x + k] = (ch, styles[k])
        # The coordinates of the notation: columns a-c above, rows 1-3 on the left.
        for i in range(3):
            grid[0][MARGIN + i * tw + 1] = ("abc"[i], COORD)
            grid[1 + i * th][1] = ("123"[i], COORD)
        return grid

    def _rays(self, grid, shown: PocketView) -> None:
        """Each detective's line of sight over the streets, in his glyph and
        colour (the labels across a street stay); where two run down the
        same street, their glyphs alternate; a centre where lines cross is
        a cross."""
        for (x, y), through in ray_cells(shown, self.tw, self.th).items():
            street, under = grid[y][x]
            if street not in STREETS:
                continue  # a name or a status across the street: it stays readable
            ways = {horizontal for _, horizontal in through}
            d, horizontal = through[(x + y) % len(through)]
            glyph = CROSSING if len(ways) == 2 else RAY_GLYPHS[d][0 if horizontal else 1]
            grid[y][x] = (glyph, under + RAYS[d])

    def _tile(self, grid, sq: int, tile: Tile) -> None:
        tw, th = self.tw, self.th
        x0, y0 = tile_origin(sq, tw, th)
        bg = SEEN_BG if tile.seen else None
        if sq in self.played_tiles:
            bg = PLAYED_BG
        if sq in self.picked:
            bg = "#5f005f"
        if sq == self.cursor:
            bg = "#005f5f"
        # The highlighted tile and a tile picked (an exchange's first) say so
        # in glyphs either side of its status, not by their ground alone (NO_COLOR).
        sides = "▶◀" if sq == self.cursor else "**" if sq in self.picked else ""
        # Jack's own suspect, on his own screens only: his view alone has his
        # identity (tester PG, round 4: "I had to search the board for my own name").
        # (Under way only: at the end his identity is in both sides' views.)
        shown = self.shown_view
        secrets = shown.jack if shown is not None and shown.outcome is None else None
        mine = secrets is not None and secrets.identity == tile.character
        turned = shown is not None and tile.character in shown.rotated_this_round
        block = tile_block(
            tile, tw, th, bg, sq in self.dimmed, self.watchers[sq], sides, mine, turned
        )
        for dy, row in enumerate(block):
            grid[y0 + dy][x0 : x0 + tw] = row

    def on_click(self, event: Click) -> None:
        x, y = event.x - MARGIN, event.y - 1
        if 0 <= x < 3 * self.tw and 0 <= y < 3 * self.th:
            self.post_message(self.TileClicked((y // self.th) * 3 + x // self.tw))


Cells = tuple[tuple[str, Style], ...]


@lru_cache(maxsize=256)
def tile_block(
    tile: Tile,
    tw: int,
    th: int,
    bg: str | None,
    dim: bool,
    who: tuple[int, ...],
    sides: str,
    mine: bool = False,
    turned: bool = False,
) -> tuple[Cells, ...]:
    """A tile's cells, row by row, on its ground `bg`: its streets, its wall,
    its suspect's name (`mine`: Jack's own, marked ▸Lane◂ on his screens;
    `turned`: rotated this round, marked `TURNED` beside it, P5),
    its status (seen, and by `who`; unseen; cleared) between `sides`.  Made
    once for each look a tile can have (the board redraws every tile on
    each key)."""
    base = ground(bg, dim)
    block = [[(" ", base)] * tw for _ in range(th)]
    _streets(block, None if tile.open_crossroads else tile.wall, base)
    _words(block, tile, who, sides, base, mine)
    if turned:
        _edge_mark(block, tile, TURNED, base, left=True)
    if tile.index == LANE and not tile.cleared:
        _edge_mark(block, tile, CROSSROADS_BACK, base, left=False)
    return tuple(tuple(row) for row in block)


TURNED = "↻"  # a tile rotated this round (P5: not again this round)
CROSSROADS_BACK = "✚"  # Joseph Lane's tile: a crossroads once he is cleared (P2)


def _edge_mark(
    block: list[list[tuple[str, Style]]], tile: Tile, mark: str, base: Style, left: bool
) -> None:
    """`mark` on the name's row, at the tile's `left` edge (else its right
    one; the other where a wall or the name takes that cell).  Tester RR,
    Pocket round 36, at 80×24: the tile rotated this round was dimmed only
    while a rotation was chosen ("dimming is hard to see": `TURNED`), and
    nothing on Lane's tile said it turns into a crossroads once he is
    cleared ("the block vanished": `CROSSROADS_BACK`)."""
    tw, th = len(block[0]), len(block)
    row = block[th // 2 - 1]
    edges = (1, tw - 2) if left else (tw - 2, 1)  # a wall's cell is not free
    # a cell clear of the name first; else beside it (RU, round 37: Jack's
    # own ▸Goodley◂ took both, and his tile lost its ↻)
    for clear in (True, False):
        for x in edges:
            if row[x][0] == " " and (not clear or row[x - 1][0] == row[x + 1][0] == " "):
                row[x] = (mark, BOLD + base)
                return


def _streets(block: list[list[tuple[str, Style]]], wall: str | None, base: Style) -> None:
    """A tile's streets, from its centre to every side without its wall
    (`wall`: N E S W, or None for Joseph Lane's empty crossroads), then the
    wall itself (`wall_cells`)."""
    th, tw = len(block), len(block[0])
    mid_x, mid_y = tw // 2, th // 2
    street = STREET + base
    for d, cells in {
        "N": [(mid_x, y) for y in range(0, mid_y)],
        "S": [(mid_x, y) for y in range(mid_y + 1, th)],
        "W": [(x, mid_y) for x in range(0, mid_x)],
        "E": [(x, mid_y) for x in range(mid_x + 1, tw)],
    }.items():
        if d != wall:
            for x, y in cells:
                block[y][x] = ("║" if d in "NS" else "═", street)
    # The centre: a crossroads, or the street ending on the wall's side.
    block[mid_y][mid_x] = (CENTRES[wall], street)
    wall_style = WALL + base
    for x, y, glyph in wall_cells(wall, tw, th):
        block[y][x] = (glyph, wall_style)


# A tile's centre by its wall: the street does not go on towards it.
CENTRES = {None: "╬", "N": "╦", "E": "╣", "S": "╩", "W": "╠"}


def wall_cells(wall: str | None, tw: int, th: int) -> list[tuple[int, int, str]]:
    """A wall's cells (x, y, glyph) in its tile of tw × th: a thick bar
    *inside* the tile, clear of the edge it faces, so that two walls on one
    shared edge are two bars with a gap between them (never `▐▌`, which
    read as one wall: testers PE and PF, issue 44 round 3).  A north or
    south wall is half a row in (the lower half of the top row, the upper
    half of the bottom row), between the columns of an east or west wall;
    an east or west wall is one column in, its ends half a row in too."""
    if wall == "N":
        return [(x, 0, "▄") for x in range(1, tw - 1)]
    if wall == "S":
        return [(x, th - 1, "▀") for x in range(1, tw - 1)]
    if wall in ("W", "E"):
        x = 1 if wall == "W" else tw - 2
        return [(x, y, "▄" if y == 0 else "▀" if y == th - 1 else "█") for y in range(th)]
    return []


def _words(
    block: list[list[tuple[str, Style]]],
    tile: Tile,
    who: tuple[int, ...],
    sides: str,
    base: Style,
    mine: bool = False,
) -> None:
    """A tile's suspect (the last word of the name; in brackets, grey, once
    cleared) above its centre, and its status below: seen (by `who`, each
    letter in its detective's colour), unseen or cleared -- each looks
    different in the shade and the words -- between `sides` (on the tile's
    edges, outside its wall).  Both keep a cell clear of the wall when they
    can, and are never cut by it."""
    th, tw = len(block), len(block[0])
    mid_y = th // 2
    wall = None if tile.open_crossroads else tile.wall
    # The columns the words may take: a cell clear of an east or west wall.
    lo, hi = (3, tw) if wall == "W" else (0, tw - 3) if wall == "E" else (0, tw)
    character = CHARACTERS[tile.index]
    name = character.name.split()[-1]  # the last word: full names are for cards
    # A name keeps a cell clear of the tile's edges, so that two names side
    # by side never run together (tester PH, round 4: "(Lestrade)(Stealthy)").
    first, last = max(lo, 1), min(hi, tw - 1)
    if tile.cleared:
        forms, style = [f"({name})", name], CLEARED + base
        # A cleared name keeps its brackets on every tile (tester PJ, round
        # 5: "Stealthy █" beside "(Gull)"): where the cell clear of a wall
        # is missing, they come up to the wall (still clear of the edge).
        if len(forms[0]) > last - first and wall in ("W", "E"):
            first, last = (first - 1, last) if wall == "W" else (first, last + 1)
    elif mine:  # Jack's own suspect: marked without colour too
        colour = name_style(COLOURS[character.colour])
        forms, style = [f"▸{name}◂", f"▸{name}", name], colour + MINE + base
        # Both marks or none, as a cleared name's brackets (tester PL,
        # round 6: "▸Lestrade" beside an east wall): up to the wall.
        if len(forms[0]) > last - first and wall in ("W", "E"):
            first, last = (first - 1, last) if wall == "W" else (first, last + 1)
    else:
        forms, style = [name], name_style(COLOURS[character.colour]) + base
    room = last - first
    label = next((f for f in forms if len(f) <= room), forms[-1])[:room]
    at = centred(len(label), tw, first, last)
    for k, ch in enumerate(label, start=at):
        block[mid_y - 1][k] = (ch, style if ch not in "▸◂" else MINE_MARK + base)
    status: list[tuple[str, Style]]
    if tile.cleared:
        status = [(ch, CLEARED) for ch in "cleared"]
    elif tile.seen:
        status = seen_label(who, tw - 4)
    else:
        status = [(ch, UNSEEN) for ch in "unseen"]
    at = centred(len(status), tw, max(lo, 1), min(hi, tw - 1))  # the marks on the edges
    for k, (ch, look) in enumerate(status, start=at):
        block[mid_y + 1][k] = (ch, look + base)
    if sides:
        # On the tile's edges, or inside its east or west wall: never against
        # it (tester PG, round 4: "█◀*" in an exchange's preview).
        left, right = (2 if wall == "W" else 0), (tw - 3 if wall == "E" else tw - 1)
        for x, ch in ((left, sides[0]), (right, sides[1])):
            block[mid_y + 1][x] = (ch, BOLD + base)


def centred(length: int, tw: int, lo: int, hi: int) -> int:
    """Where words of `length` start: centred in the tile, moved inside the
    cells lo..hi-1 (clear of the wall) if they would touch it."""
    return max(lo, min((tw - length) // 2, hi - length))
