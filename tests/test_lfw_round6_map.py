"""The 1888 map as the police need to read it (issue 43, round 6, tester L:
"Policemen stand on line junctions drawn as plain lines, and only some
crossings get a `•`"; tester J, round 5: "Women and Wretched are shown only
by background colour").

- Every crossing is drawn as a crossing (`•`, the yellow ones `◆`, Goulston
  Street `★`), wherever it stands: at a junction of streets too, never as
  the line junction (`┼ ┬ ├ …`).  Nothing else on the map looks like one.
- A street between two circles that is long on screen (Jack's step 46 ↔
  106) reads as streets and the crossings on them: every mark between the
  two circles is a crossing where a policeman can block that step (T1, T2).
- In T2 the crossings a policeman can move to carry their letters.
- The legend (F3) names each glyph.
- The women and the Wretched (H2, H4) stand out without colour.
"""

from __future__ import annotations

import functools
import itertools
import re

import pytest
from rich.style import Style
from rich.text import Text
from textual.filter import NoColor, monochrome_style

import settle
from snapshots import screen_text
from test_lfw_display import app_for, find_game, region_text, shown
from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui import mapstyle
from whitechapel.lfw.ui.mapcanvases import canvases, whole_board
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import marks_for

JUNCTIONS = set("┼┬┴├┤┌┐└┘╳")  # what a crossing at a junction used to be drawn as
STREETS = set("─│╲╱")
CROSSING_GLYPHS = {"•", "◆", "★"}


@functools.cache
def board() -> Board:
    return load_board("whitechapel-1888")


def crossing_glyph(board: Board, x: str) -> str:
    c = next(c for c in board.data.crossings if c.id == x)
    return "★" if c.goulston else "◆" if c.yellow else "•"


DRAWINGS = {
    "full": lambda b: canvases(b)[0],
    "beside the panels at 200x60": lambda b: whole_board(b, 164, 55),
    "F4 at 200x60": lambda b: whole_board(b, 200, 55),
}


@pytest.mark.parametrize("drawing", DRAWINGS)
def test_t2_every_crossing_of_the_1888_board_is_drawn_as_a_crossing(drawing):
    """T2: a policeman moves crossing to crossing.  Each of the 234
    crossings shows its crossing glyph; no cell is a line junction; every
    street cell is its street's line; and a `•` is always a crossing."""
    canvas = DRAWINGS[drawing](board())
    for c in board().data.crossings:
        lab = canvas.labels[c.id]
        assert canvas.cell(lab.x0, lab.y)[0] == crossing_glyph(board(), c.id), c.id
    text = "".join(canvas.lines())
    assert not JUNCTIONS & set(text), sorted(JUNCTIONS & set(text))
    for y in range(canvas.height):
        for x in range(canvas.width):
            ch, tag = canvas.cell(x, y)
            if tag == cv.STREET:
                assert ch in STREETS, (x, y, ch)
            if ch in CROSSING_GLYPHS:
                assert isinstance(canvas.node_at(x, y), str), (x, y)  # a crossing's own cell


def route(board: Board, a: int, b: int) -> list:
    """The nodes of Jack's step a → b, in order along the streets."""
    (inner,) = board.step_paths(a, b)
    allowed = {a, b, *inner}
    seg = {(u, v) for u, v in board.data.segments} | {(v, u) for u, v in board.data.segments}
    path = [a]
    while path[-1] != b:
        nxt = [v for v in allowed - set(path) if (path[-1], v) in seg]
        assert len(nxt) == 1, (path, nxt)
        path.append(nxt[0])
    return path


@pytest.mark.parametrize(("a", "b"), [(46, 106), (68, 109)])
@pytest.mark.parametrize("drawing", DRAWINGS)
def test_t1_a_long_step_reads_as_streets_with_the_crossings_that_block_it(drawing, a, b):
    """Tester L: "one Jack step joins circles far apart on screen (46↔106)".
    Walking that step on the map, every cell is its street's line and every
    mark in between is a crossing drawn as one: the places where a policeman
    blocks the step (T1).  No junction glyph that is not a crossing."""
    canvas = DRAWINGS[drawing](board())
    nodes = route(board(), a, b)
    assert len(nodes) > 3  # a long step: several crossings between
    pos = {v: (lab.x0 + len(lab.text) // 2, lab.y) for v, lab in canvas.labels.items()}
    for u, v in itertools.pairwise(nodes):
        for x, y in cv.street_cells(u, v, pos, canvas.labels):
            ch, tag = canvas.cell(x, y)
            assert tag == cv.STREET and ch in STREETS, (u, v, x, y, ch)
    for x in nodes[1:-1]:
        lab = canvas.labels[x]
        assert canvas.cell(lab.x0, lab.y)[0] == crossing_glyph(board(), x), x


def hunt_1888(g) -> bool:
    return g.night == 1 and g.phase == "hunt"


@pytest.mark.parametrize("size", [(200, 60), (120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_t2_the_police_see_every_crossing_and_the_letters_of_their_moves(tmp_path, size):
    """The police's T2 at each window size: the crossings the acting
    policeman can move to carry their letters (highlighted), every other
    crossing in sight is a `•` (or `◆`, `★`, a policeman's capital letter, a
    marker); no line junction anywhere on the map."""
    game = find_game(hunt_1888, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await shown(app, screen, pilot)
        m = screen.query_one(MapView)
        rows = screen_text(app).split("\n")
        shown_map = region_text(app, m)
        assert not JUNCTIONS & set(shown_map), sorted(JUNCTIONS & set(shown_map))
        letters = screen.picking.map_labels()
        assert letters and all(isinstance(v, str) for v in letters)
        r, sx, sy = m.region, int(m.scroll_x), int(m.scroll_y)
        in_sight = 0
        for c in board().data.crossings:
            lab = m.canvas.labels[c.id]
            x, y = r.x + lab.x0 - sx, r.y + lab.y - sy
            if not (r.x <= x < r.right and r.y <= y < r.bottom):
                continue
            in_sight += 1
            ch = rows[y][x]
            if c.id in letters:
                assert ch == letters[c.id], c.id
                assert m.marks[c.id] in ("target", "target-idle", "cursor"), c.id
            elif c.id not in m.marks or m.marks[c.id] == "named":
                assert ch == crossing_glyph(board(), c.id), (c.id, ch)
            else:  # a policeman or a marker: its letter
                assert re.fullmatch(r"[A-Za-z?]", ch), (c.id, ch)
        assert in_sight >= 10


def test_f3_the_legend_names_every_glyph_of_the_drawing():
    """The legend says what each glyph is, crossings as places a policeman
    stands, and the letters on crossings as keys (only while crossings are
    among the choices)."""
    drawing = " ".join(mapstyle.legend_text(tags=cv.TAGS).plain.split())
    for words in (
        "─│╲╱ street",
        "• crossing",
        "◆ yellow crossing",
        "★ Goulston Street",
    ):
        assert words in drawing, drawing
    police = hunt_1888_view()
    marks, _ = marks_for(police, targets=["x53", 46])
    with_crossing = mapstyle.legend_markup(80, tags=set(marks.values()), marks=marks)
    assert "a crossing's key" in Text.from_markup(with_crossing).plain
    marks, _ = marks_for(police, targets=[46, 106])
    circles_only = mapstyle.legend_markup(80, tags=set(marks.values()), marks=marks)
    assert "crossing's key" not in circles_only
    assert "you may choose" in circles_only
    for line in mapstyle.legend_markup(80, tags=None).split("\n"):  # fits 80 columns
        assert len(re.sub(r"\[[^\]]*\]", "", line)) <= 80, line


@functools.cache
def hunt_1888_view():
    return find_game(hunt_1888, board=None).view(POLICE)


def without_colour(tag: str) -> Style:
    """A mark's style as a terminal without colour shows it (NO_COLOR)."""
    return mapstyle.parse_style(mapstyle.style_spec(tag)) + NoColor.DEFAULT_COLORS


def chip(tag: str) -> tuple[str, str]:
    """(ink, paper) a colour terminal shows for a mark."""
    st = Style.parse(mapstyle.MAP_STYLES[tag])
    ink, paper = st.color.name, st.bgcolor.name
    return (paper, ink) if st.reverse else (ink, paper)


def test_h2_h4_the_women_and_the_wretched_show_without_colour():
    """Tester J: "Women and Wretched are shown only by background colour".
    Without colour a women token, a marked woman (Jack's) and a Wretched
    each differ from a circle, a red circle and every other circle mark
    a police player sees, and from each other; in colour they look as
    before (black on orange, white on plum, white on violet)."""
    tokens = ("woman", "woman-marked", "wretched")
    others = ["circle", "red", "crime", "clue", "searched", "possible", "target", "cursor"]
    seen = {tag: without_colour(tag) for tag in (*tokens, *others)}
    for tag in tokens:
        for other in seen:
            if other != tag:
                assert seen[tag] != seen[other], (tag, other)
    # greyscale (NO_COLOR on a true-colour terminal: Textual's Monochrome):
    # a women token is a light chip on a red circle's dark one, a Wretched
    # italic
    grey = {t: monochrome_style(mapstyle.parse_style(mapstyle.style_spec(t))) for t in seen}
    assert grey["wretched"].italic and not grey["red"].italic and not grey["woman"].italic

    def paper(st: Style) -> int:  # the chip's grey as shown (reverse: its ink's)
        return (st.color if st.reverse else st.bgcolor).get_truecolor()[0]

    assert paper(grey["woman"]) > 2 * paper(grey["red"])
    assert chip("woman") == ("black", "#ffaf00")
    assert chip("woman-marked") == ("white", "#af005f")
    assert chip("wretched") == ("white", "#875fd7")


async def test_h3_the_women_tokens_on_the_map_are_reversed_chips(tmp_path):
    """The map as painted: the circles holding women tokens (H2, public)
    are in reverse video, the other circles are not."""
    game = find_game(lambda g: g.phase == "patrols", board=None)
    women = set(game.view(POLICE).women_tokens)
    assert women
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await shown(app, screen, pilot)
        await settle.settle(pilot)
        m = screen.query_one(MapView)
        reversed_circles = set()
        for n in range(1, 196):
            lab = m.canvas.labels[n]
            strip = m.render_line(lab.y - int(m.scroll_y))
            at = 0
            for seg in strip:
                if at <= lab.x0 - int(m.scroll_x) < at + len(seg.text):
                    if seg.style and seg.style.reverse:
                        reversed_circles.add(n)
                    break
                at += len(seg.text)
        assert reversed_circles == women
