"""The whole board at once (F4): every circle's number on the screen and
every street drawn as the board draws it, straight (issue 17: "the full-board
mode, whole board at 200×60 with every number").  At 200×60 the map has the
55 rows the 1888 board needs (the side panels fold away, the choices take
one line); a smaller window shows the board as it is and scrolls, never a
drawing with bent streets; only a board whose streets run at any angle is
squeezed (`lfw/map/squeeze.py`)."""

from __future__ import annotations

import re

import settle
from snapshots import screen_text
from test_lfw_display import app_for, find_game, region_text, shown
from whitechapel.lfw.map import canvas, geometry, legibility
from whitechapel.lfw.map.mapfile import MapData, Node
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.map.squeeze import drop_rows, spare_rows, squeeze
from whitechapel.lfw.ui.deduction import CANDIDATE_MARK, HEAT_BARS
from whitechapel.lfw.ui.mapcanvases import canvases, whole_board
from whitechapel.lfw.ui.mapview import MapView

GLYPH = canvas.GLYPHS["lines"]
BESIDE_MARKS = {*HEAT_BARS, CANDIDATE_MARK}  # the notebook marks beside a long number


def drawn_positions(drawn: canvas.Canvas) -> dict[Node, canvas.Cell]:
    """Where the drawing puts each node (a circle's place is its label's
    middle cell, as `canvas.circle_label` centres it)."""
    out: dict[Node, canvas.Cell] = {}
    for v, lab in drawn.labels.items():
        if isinstance(v, int):
            out[v] = (lab.x0 + 1 + (len(lab.text) - 3) // 2, lab.y)
        else:
            out[v] = (lab.x0, lab.y)
    return out


def heading(a: canvas.Cell, b: canvas.Cell) -> tuple[int, int, str]:
    """A segment's direction (signs of dx, dy) and its kind."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    kind = "-" if dy == 0 else "|" if dx == 0 else "x" if abs(dx) == abs(dy) else "bent"
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0), kind


def bent_streets(
    data: MapData, drawn: canvas.Canvas, rows: list[str], width: int, x0: int = 0, y0: int = 0
) -> list[tuple[Node, Node]]:
    """The board's streets not shown straight in `rows` (what a map `width`
    cells wide shows of the drawing, scrolled by x0, y0; trailing blanks
    cut): a street whose ends stand in another direction than on the board
    (or not octilinear), or with a visible cell between them that does not
    show its glyph (`─ │ ╲ ╱`).  The notebook's mark beside a three-digit
    number (a heat bar or a candidate's house) may stand in the street's
    cell next to that label, where the street shows in the cell beyond."""
    board = canvas.positions(data)
    pos = drawn_positions(drawn)
    labels = drawn.labels
    out = []
    for a, b in data.segments:
        want = heading(board[a], board[b])
        if heading(pos[a], pos[b]) != want or want[2] == "bent":
            out.append((a, b))
            continue
        glyph = canvas.street_glyph(pos[b][0] - pos[a][0], pos[b][1] - pos[a][1], GLYPH)
        cells = canvas.street_cells(a, b, pos, labels)
        for i, (x, y) in enumerate(cells):
            sx, sy = x - x0, y - y0
            if 0 <= sy < len(rows) and 0 <= sx < width and rows[sy][sx : sx + 1] != glyph:
                at_end = i in (0, len(cells) - 1) and len(cells) > 1
                if at_end and rows[sy][sx : sx + 1] in BESIDE_MARKS:
                    continue
                out.append((a, b))
                break
    return out


async def test_f4_at_200x60_shows_all_195_numbers_and_every_street_straight(tmp_path):
    """The 1888 board (198×56, its last row blank) is shown whole, as it is
    drawn: each circle's number where its circle is, each street's cells
    showing its one glyph (`─ │ ╲ ╱`) in the direction the board gives it.
    Before, the map had 53 rows and the board was squeezed into them: the
    streets by Osborn Street came out bent."""
    game = find_game(lambda g: g.night == 1 and g.phase == "hunt", board=None)
    app, screen = app_for(game, tmp_path)
    data = game.board.data
    async with app.run_test(size=(200, 60)) as pilot:
        await shown(app, screen, pilot)
        m = screen.query_one(MapView)

        def numbers() -> set[int]:
            return {int(n) for n in re.findall(r"\d+", region_text(app, m))}

        # Beside the panels, the narrower drawing (lfw/map/compact.py): all of it.
        assert numbers() == set(range(1, 196)) and m.canvas.width < 198
        await settle.press(pilot, "f4")
        assert not screen.query_one("#side").display  # the panels are folded away
        assert m.region.width >= 198 and m.region.height >= 55
        assert numbers() == set(range(1, 196))
        assert (m.max_scroll_x, m.max_scroll_y) == (0, 0)  # nothing to scroll to
        rows = region_text(app, m).split("\n")
        for n, (x, y) in drawn_positions(m.canvas).items():  # each number whole at its circle
            if isinstance(n, int):
                assert re.sub(r"\D", "", rows[y][x - 1 : x + 2]) == str(n), (n, rows[y])
        assert bent_streets(data, m.canvas, rows, m.region.width) == []
        # Every street name the board writes is there too.
        for name, _ in data.streets:
            assert name in region_text(app, m), name
        # Policemen and the targets of the moment are marked on it too, and
        # the choices are still on the screen, on one line.
        police = [t for t in m.marks.values() if t.startswith(("police-", "acting-"))]
        assert len(police) == 5 and sum(t.startswith("acting-") for t in police) == 1
        assert "0 all pass" in screen_text(app) or "stay" in screen_text(app).lower()
        notes = [n.message for n in app._notifications]  # it fits: nothing about sizes
        assert notes == ["F4: the map alone, the side panels folded (F4 again: the panels back)."]
        await settle.press(pilot, "f4")
        assert screen.query_one("#side").display and numbers() == set(range(1, 196))


async def test_f4_at_80x24_folds_the_panels_keeps_streets_straight_and_says_what_it_needs(
    tmp_path,
):
    """Too small a window for the whole board: F4 folds the panels away so
    the map has the whole width, shows the board as it is drawn (it
    scrolls; no street bent to squeeze it in), and says once what window
    holds it all."""
    game = find_game(lambda g: g.night == 1 and g.phase == "hunt", board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(app, screen, pilot)
        m = screen.query_one(MapView)
        await settle.press(pilot, "f4")
        assert not screen.query_one("#side").display and m.region.width == 80
        notes = [n.message for n in app._notifications]
        assert notes == [
            "F4: the map alone, the side panels folded (F4 again: the panels back). "
            "A window of 168×60 or larger shows the whole board beside the panels. "
            "In this one the map scrolls."
        ]
        app.clear_notifications()  # (the note would hide a corner of the map)
        await settle.settle(pilot)
        assert (m.canvas.width, m.canvas.height) == (198, 56)  # the board as it is
        for keys in ([], ["left"] * 4, ["down"] * 3):  # it pans as the map does
            await settle.press(pilot, *keys)
            rows = region_text(app, m).split("\n")
            x0, y0 = int(m.scroll_x), int(m.scroll_y)
            assert bent_streets(game.board.data, m.canvas, rows, 80, x0, y0) == []
        assert (x0, y0) != (0, 0)
        await settle.press(pilot, "f4")
        assert screen.query_one("#side").display and not m.whole


def test_drop_rows_leaves_out_only_rows_of_vertical_streets():
    """The tutorial board (100×26) in 22 rows: the same streets, each in the
    direction it had, every other street drawn exactly as before (its ends
    the same distance apart), vertical ones shorter but never without a
    cell they had; the names where they were; as legible as the full drawing.  It
    cannot go lower: its other rows hold a node, a name or a slanting street."""
    data = load_board("tutorial").data
    assert spare_rows(data) == [0, 25, 11, 22]
    short = drop_rows(data, 22)
    assert short is not None and short.height == 22 and short.width == data.width
    assert drop_rows(data, 21) is None
    full, small = canvas.positions(data), canvas.positions(short)
    for a, b in data.segments:
        (xa, ya), (xb, yb) = full[a], full[b]
        (sa, ta), (sb, tb) = small[a], small[b]
        assert heading(full[a], full[b]) == heading(small[a], small[b])
        assert sb - sa == xb - xa
        if xa != xb:
            assert tb - ta == yb - ya  # a slanting or level street is untouched
        else:
            assert min(2, abs(yb - ya)) <= abs(tb - ta) <= abs(yb - ya)  # a vertical keeps a cell
    assert not legibility.label_overlaps(short)
    assert not legibility.segments_through_labels(short)
    assert legibility.hidden_segments(short) == legibility.hidden_segments(data)  # 25–x46 only
    assert not legibility.unnamed_streets(short)
    drawn = canvas.build_canvas(short)
    before = canvas.build_canvas(data)
    for name, _ in data.streets:
        assert any(name in line for line in drawn.lines()), name
    assert [ln.replace("│", " ") for ln in before.lines() if ln.replace("│", " ").strip()] == [
        ln.replace("│", " ") for ln in drawn.lines() if ln.replace("│", " ").strip()
    ]  # every row with more than vertical streets, unchanged


def test_the_1888_board_has_one_row_to_spare_and_keeps_it_straight():
    """Edition 2 (198×56): only its blank last row can go, so it needs 55
    rows; in fewer the whole-board drawing is the board itself (it scrolls),
    never a squeezed one with bent streets."""
    board = load_board("whitechapel-1888")
    data = board.data
    assert spare_rows(data) == [55]
    assert drop_rows(data, 54) is None
    at_55 = whole_board(board, 200, 55)
    assert at_55.height == 55 and at_55.lines() == canvases(board)[0].lines()[:55]
    assert whole_board(board, 200, 53) is canvases(board)[0]
    assert whole_board(board, 80, 19) is canvases(board)[0]
    assert bent_streets(data, at_55, at_55.lines(), 200) == []


def test_the_squeezed_first_edition_is_as_legible_as_the_full_one():
    """A board whose streets run at any angle is still squeezed: the first
    edition (245×69) in the 200×55 map of the whole-board mode at 200×60.
    No two labels overlap or touch, no street crosses another or runs
    through a label, every street keeps a cell of its own, nothing is off
    the canvas."""
    board = load_board("whitechapel-1888@1")
    data = board.data
    small = squeeze(data, 200, 55)
    assert small is not None and (small.width, small.height) == (200, 55)
    assert not legibility.label_overlaps(small)
    assert not legibility.segments_through_labels(small)
    assert not legibility.hidden_segments(small)
    assert not legibility.labels_off_canvas(small)
    assert not geometry.crossing_segments(small.segments, canvas.positions(small))
    assert small.segments == data.segments  # the same streets, only drawn smaller
    shown = whole_board(board, 200, 55)
    assert (shown.width, shown.height) == (200, 55)
