"""The LfW map on a grid of character cells (lfw/map/canvas.py) and its rich
rendering (lfw/ui/mapdraw.py), on small hand-made maps."""

from __future__ import annotations

import io
import random
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map import legibility, mapcheck
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import MapData, map_from_json
from whitechapel.lfw.ui.mapdraw import legend, print_map, render_canvas, render_map


def make_map(
    circles: list[dict[str, Any]],
    crossings: list[dict[str, Any]] | None = None,
    segments: list[list[Any]] | None = None,
    width: int = 40,
    height: int = 12,
) -> MapData:
    return map_from_json(
        {
            "format": "whitechapel-map",
            "version": 1,
            "name": "t",
            "canvas": {"width": width, "height": height},
            "sectors": {"columns": [width // 3, 2 * width // 3], "rows": [height // 2]},
            "circles": circles,
            "crossings": crossings or [],
            "segments": [list(s) for s in segments or []],
        }
    )


# A well-spaced map: a horizontal, a vertical and two diagonal streets.
#
#     " 1 ───── 2 "  on row 5, circle 1 at (5, 5), red circle 2 at (15, 5)
#     crossing v at (5, 10) below 1; crossings d at (10, 10) and e at (20, 10)
#     on the two diagonals from 2; yellow crossing y at (30, 5) right of 2.
SPACED = dict(
    circles=[{"n": 1, "x": 5, "y": 5}, {"n": 2, "x": 15, "y": 5, "red": True}],
    crossings=[
        {"id": "v", "x": 5, "y": 10},
        {"id": "d", "x": 10, "y": 10},
        {"id": "e", "x": 20, "y": 10, "goulston": True, "yellow": True},
        {"id": "y", "x": 30, "y": 5, "yellow": True},
    ],
    segments=[[1, 2], [1, "v"], [2, "d"], [2, "e"], [2, "y"]],
)


@pytest.fixture
def spaced() -> Board:
    return Board(make_map(**SPACED))


# -- labels ------------------------------------------------------------------------


def test_label_cells_hold_the_number_centred_on_the_circle():
    board = Board(
        make_map(
            [{"n": 7, "x": 5, "y": 2}, {"n": 12, "x": 15, "y": 2}, {"n": 123, "x": 25, "y": 2}],
            [{"id": "x1", "x": 35, "y": 2}],
        )
    )
    canvas = cv.build_canvas(board)
    row = canvas.line(2)
    assert row[4:7] == " 7 "
    assert row[14:17] == " 12"
    assert row[24:27] == "123"
    assert canvas.cell(35, 2) == ("•", "crossing")
    for n, x in ((7, 5), (12, 15), (123, 25)):
        assert canvas.label_cells(n) == [(x - 1, 2), (x, 2), (x + 1, 2)]
        assert [canvas.node_at(cx, 2) for cx in (x - 1, x, x + 1)] == [n, n, n]
        assert canvas.node_at(x + 2, 2) is None
    assert canvas.node_at(35, 2) == "x1"
    assert set(canvas.tags[2][4:7]) == {"circle"}


def test_a_four_digit_number_widens_its_label():
    assert cv.circle_label(1234, 10, 3) == cv.Label(9, 3, "1234")
    assert cv.circle_label(5, 10, 3) == cv.Label(9, 3, " 5 ")


def test_a_label_at_the_canvas_edge_is_cut_and_reported():
    data = make_map([{"n": 11, "x": 0, "y": 1}, {"n": 2, "x": 20, "y": 1}], segments=[[11, 2]])
    canvas = cv.build_canvas(data)
    assert canvas.line(1)[:2] == "11"  # " 11" loses its leading blank
    assert canvas.label_cells(11) == [(0, 1), (1, 1)]
    assert legibility.labels_off_canvas(data) == [11]
    assert legibility.labels_off_canvas(make_map(**SPACED)) == []


# -- streets -----------------------------------------------------------------------


def test_horizontal_street_fills_the_cells_between_the_labels(spaced):
    canvas = cv.build_canvas(spaced)
    row = canvas.line(5)
    assert row[4:17] == " 1 ─────── 2 "
    assert canvas.tags[5][7:14] == ["street"] * 7
    assert canvas.tags[5][6] == "circle" and canvas.tags[5][14] == "red"


def test_vertical_street_fills_the_rows_between(spaced):
    canvas = cv.build_canvas(spaced)
    assert [canvas.cell(5, y) for y in range(6, 10)] == [("│", "street")] * 4
    assert canvas.cell(5, 10) == ("•", "crossing")


def test_diagonal_streets_take_the_slanted_glyph(spaced):
    canvas = cv.build_canvas(spaced)
    # 2 at (15, 5) to d at (10, 10): up-right seen from d
    assert [canvas.cell(10 + i, 10 - i) for i in range(1, 5)] == [("╱", "street")] * 4
    # 2 at (15, 5) to e at (20, 10): down-right
    assert [canvas.cell(15 + i, 5 + i) for i in range(1, 5)] == [("╲", "street")] * 4


def test_streets_never_cover_a_label(spaced):
    canvas = cv.build_canvas(spaced)
    for node in (*spaced.circles, *spaced.crossings):
        for x, y in canvas.label_cells(node):
            assert canvas.tags[y][x] != "street", (node, x, y)
    street_cells = sum(row.count("street") for row in canvas.tags)
    assert street_cells == 7 + 4 + 4 + 4 + 13  # 2 to y: cells 17 .. 29


@pytest.mark.parametrize(
    ("dx", "dy", "glyph"),
    [(10, 0, "─"), (10, 2, "─"), (0, 3, "│"), (1, 4, "│"), (4, 4, "╲"), (-4, 4, "╱"), (6, -3, "╱")],
)
def test_glyph_follows_the_angle_seen_on_screen(dx, dy, glyph):
    assert cv.street_glyph(dx, dy, cv.GLYPHS["lines"]) == glyph


def test_dotted_and_ascii_glyph_sets(spaced):
    dots = cv.build_canvas(spaced, glyphs="dots")
    assert dots.line(5)[7:14] == "·" * 7
    ascii_ = cv.build_canvas(spaced, glyphs="ascii")
    assert ascii_.line(5)[7:14] == "-" * 7
    assert ascii_.cell(30, 5) == ("o", "yellow")
    assert all(ch.isascii() for line in ascii_.lines() for ch in line)


def test_a_line_is_walked_the_same_both_ways():
    for (x0, y0), (x1, y1) in [((0, 0), (7, 3)), ((3, 9), (8, 0)), ((5, 5), (1, 2))]:
        forward = cv.line_cells(x0, y0, x1, y1)
        assert forward[0] == (x0, y0) and forward[-1] == (x1, y1)
        assert forward == cv.line_cells(x1, y1, x0, y0)[::-1]
        steps = pairwise(forward)
        assert all(max(abs(a - c), abs(b - d)) == 1 for (a, b), (c, d) in steps)


# -- style tags --------------------------------------------------------------------


def test_red_yellow_and_goulston_tags_sit_on_their_cells(spaced):
    canvas = cv.build_canvas(spaced)
    assert canvas.tags[5][14:17] == ["red"] * 3  # circle 2
    assert canvas.tags[5][4:7] == ["circle"] * 3  # circle 1
    assert canvas.cell(30, 5) == ("◆", "yellow")
    assert canvas.cell(20, 10) == ("★", "goulston")  # goulston wins over yellow
    assert canvas.cell(10, 10) == ("•", "crossing")
    tagged = {t for row in canvas.tags for t in row}
    assert tagged == {"", "street", "circle", "red", "crossing", "yellow", "goulston"}


def test_place_names_go_beside_their_circle_on_blank_ground():
    data = make_map(
        [{"n": 1, "x": 5, "y": 2, "red": True, "place": "Mitre Sq"}, {"n": 2, "x": 5, "y": 6}],
        segments=[[1, 2]],
    )
    assert cv.build_canvas(data).line(2).strip() == "1"
    canvas = cv.build_canvas(data, places=True)
    assert canvas.line(2)[4:17] == " 1  Mitre Sq "
    assert canvas.tags[2][8:16] == ["place"] * 8
    # no room either side of the label: the name is left out
    crowded = make_map(
        [{"n": 1, "x": 5, "y": 2, "place": "Mitre Square"}, {"n": 2, "x": 16, "y": 2}],
        segments=[[1, 2]],
        width=20,
    )
    assert "Mitre" not in "".join(cv.build_canvas(crowded, places=True).lines())


# -- runs ----------------------------------------------------------------------------


def test_a_long_street_is_one_run():
    data = make_map(
        [{"n": 1, "x": 2, "y": 3}],
        [{"id": "a", "x": 38, "y": 3}],
        segments=[[1, "a"]],
    )
    canvas = cv.build_canvas(data)
    assert canvas.runs[3] == [
        (" ", ""),
        (" 1 ", "circle"),
        ("─" * 34, "street"),
        ("•", "crossing"),
        (" ", ""),
    ]
    assert canvas.runs[0] == [(" " * 40, "")]


def test_blanks_join_a_neighbouring_street_run_unless_told_not_to():
    chars = list(" ──  ── 1 ")
    tags = ["", "street", "street", "", "", "street", "street", "circle", "circle", "circle"]
    assert cv.merge_runs(chars, tags) == [(" ──  ──", "street"), (" 1 ", "circle")]
    assert cv.merge_runs(chars, tags, absorb=None) == [
        (" ", ""),
        ("──", "street"),
        ("  ", ""),
        ("──", "street"),
        (" 1 ", "circle"),
    ]
    assert cv.merge_runs([], []) == []


def test_runs_rebuild_each_row_and_never_repeat_a_tag(spaced):
    for absorb in ("street", None):
        canvas = cv.build_canvas(spaced, absorb=absorb)
        for y, runs in enumerate(canvas.runs):
            assert "".join(text for text, _ in runs) == canvas.line(y)
            assert all(a[1] != b[1] for a, b in pairwise(runs))


def test_iter_runs_crops_to_a_view(spaced):
    canvas = cv.build_canvas(spaced)
    for y in (0, 5, 10):
        for x0, x1 in ((0, 40), (3, 9), (6, 15), (29, 31), (39, 40)):
            runs = list(cv.iter_runs(canvas, y, x0, x1))
            assert "".join(t for t, _ in runs) == canvas.line(y)[x0:x1]
            assert all(t for t, _ in runs)


# -- legibility checks ----------------------------------------------------------------


def test_label_overlaps_finds_circles_two_cells_apart():
    data = make_map([{"n": 1, "x": 5, "y": 2}, {"n": 2, "x": 7, "y": 2}, {"n": 3, "x": 5, "y": 8}])
    assert legibility.label_overlaps(data) == [(1, 2)]
    assert legibility.label_overlaps(Board(data)) == [(1, 2)]


def test_label_overlaps_finds_touching_circle_labels_but_not_a_one_cell_gap():
    touching = make_map([{"n": 10, "x": 5, "y": 2}, {"n": 11, "x": 8, "y": 2}])
    assert cv.build_canvas(touching).line(2)[4:10] == " 10 11"
    assert legibility.label_overlaps(touching) == [(10, 11)]
    gap = make_map([{"n": 10, "x": 5, "y": 2}, {"n": 11, "x": 9, "y": 2}])
    assert legibility.label_overlaps(gap) == []


def test_label_overlaps_finds_a_crossing_on_a_circle_label():
    data = make_map([{"n": 1, "x": 5, "y": 2}], [{"id": "x", "x": 6, "y": 2}])
    assert legibility.label_overlaps(data) == [(1, "x")]
    beside = make_map([{"n": 1, "x": 5, "y": 2}], [{"id": "x", "x": 7, "y": 2}])
    assert legibility.label_overlaps(beside) == []


def test_a_well_spaced_map_has_no_problems(spaced):
    assert legibility.label_overlaps(spaced) == []
    assert legibility.segments_through_labels(spaced) == []
    assert legibility.hidden_segments(spaced) == []
    assert legibility.shared_street_cells(spaced) == []


def test_segments_through_labels_finds_a_third_circle_on_the_line():
    data = make_map(
        [{"n": 1, "x": 5, "y": 5}, {"n": 2, "x": 25, "y": 5}, {"n": 3, "x": 15, "y": 5}],
        [{"id": "x", "x": 15, "y": 9}, {"id": "z", "x": 10, "y": 1}],
        segments=[[1, 2], [3, "x"], [1, "z"]],
    )
    assert legibility.segments_through_labels(data) == [((1, 2), 3)]
    canvas = cv.build_canvas(data)
    assert canvas.line(5)[14:17] == " 3 "  # the label wins over the street
    # a crossing in the way counts too; a line passing one row off does not
    through_crossing = make_map(
        [{"n": 1, "x": 5, "y": 5}, {"n": 2, "x": 25, "y": 5}],
        [{"id": "x", "x": 15, "y": 5}, {"id": "w", "x": 15, "y": 4}],
        segments=[[1, 2], ["x", "w"]],
    )
    assert legibility.segments_through_labels(through_crossing) == [((1, 2), "x")]


def test_hidden_segments_are_streets_with_no_cell_of_their_own():
    data = make_map(
        [{"n": 1, "x": 5, "y": 5}, {"n": 2, "x": 5, "y": 6}, {"n": 3, "x": 12, "y": 5}],
        [{"id": "x", "x": 7, "y": 5}],
        segments=[[1, 2], [1, "x"], ["x", 3]],
    )
    assert legibility.hidden_segments(data) == [(1, 2), (1, "x")]


def test_shared_street_cells_finds_streets_drawn_through_one_cell():
    data = make_map(
        [{"n": 1, "x": 2, "y": 5}],
        [{"id": "a", "x": 30, "y": 5}, {"id": "b", "x": 30, "y": 6}],
        segments=[[1, "a"], [1, "b"], ["a", "b"]],
    )
    assert legibility.shared_street_cells(data) == [((1, "a"), (1, "b"))]


# -- overlay ----------------------------------------------------------------------------


def test_overlay_restyles_labels_and_rebuilds_only_their_rows(spaced):
    canvas = cv.build_canvas(spaced)
    before = [list(row) for row in canvas.tags]
    lit = cv.overlay(canvas, {1: "target", "d": "police"}, texts={"d": "P"})
    assert lit.tags[5][4:7] == ["target"] * 3
    assert lit.line(5) == canvas.line(5)
    assert lit.cell(10, 10) == ("P", "police")
    assert (" 1 ", "target") in lit.runs[5]
    changed = {y for y in range(canvas.height) if lit.runs[y] is not canvas.runs[y]}
    assert changed == {5, 10}
    assert canvas.tags == before  # the original is untouched
    assert canvas.cell(10, 10) == ("•", "crossing")


def test_overlay_text_is_fitted_to_the_label():
    data = make_map([{"n": 12, "x": 5, "y": 2}])
    canvas = cv.overlay(cv.build_canvas(data), {}, texts={12: "J"})
    assert canvas.line(2)[4:7] == " J "
    assert canvas.tags[2][4:7] == ["circle"] * 3
    assert cv.overlay(cv.build_canvas(data), {}, texts={12: "JACK"}).line(2)[4:7] == "JAC"


# -- rich ----------------------------------------------------------------------------------


def test_render_map_gives_one_text_per_canvas_row(spaced):
    canvas = cv.build_canvas(spaced)
    rows = render_map(spaced)
    assert len(rows) == canvas.height
    assert all(isinstance(t, Text) for t in rows)
    assert [t.plain for t in rows] == canvas.lines()


def test_render_map_colours_red_yellow_and_goulston(spaced):
    console = Console(width=80)
    rows = render_map(spaced)
    red = rows[5].get_style_at_offset(console, 15)
    plain = rows[5].get_style_at_offset(console, 5)
    assert red.bgcolor is not None and red.bgcolor.name == "red3"
    assert plain.bgcolor is not None and plain.bgcolor.name != "red3"
    assert rows[5].get_style_at_offset(console, 30).color.name == "yellow"
    assert rows[10].get_style_at_offset(console, 20).color.name == "magenta"


def test_render_map_highlights_with_a_tag_or_a_rich_style(spaced):
    console = Console(width=80)
    rows = render_map(spaced, {1: "target", "v": "bold cyan"})
    assert rows[5].get_style_at_offset(console, 5).bgcolor.name == "green3"
    assert rows[10].get_style_at_offset(console, 5).color.name == "cyan"
    assert [t.plain for t in rows] == cv.build_canvas(spaced).lines()


def test_render_canvas_has_one_span_per_styled_run(spaced):
    canvas = cv.build_canvas(spaced)
    text = render_canvas(canvas)[5]
    assert len(text.spans) == sum(1 for _, tag in canvas.runs[5] if tag)


def test_print_map_writes_whole_rows_and_a_legend(spaced):
    out = io.StringIO()
    console = Console(file=out, width=20, force_terminal=False, color_system=None)
    print_map(spaced, console)
    lines = out.getvalue().splitlines()
    canvas = cv.build_canvas(spaced)
    assert lines[: canvas.height] == [line.rstrip() for line in canvas.lines()]
    assert max(len(line) for line in lines[: canvas.height]) > 20  # not wrapped, not cut
    assert "yellow crossing" in lines[canvas.height]
    assert "Goulston Street" in lines[canvas.height]


def test_print_map_can_crop_to_the_console(spaced):
    out = io.StringIO()
    console = Console(file=out, width=20, force_terminal=False, color_system=None)
    print_map(spaced, console, crop=True)
    lines = out.getvalue().splitlines()
    assert lines[5] == cv.build_canvas(spaced).line(5)[:20].rstrip()
    assert "cut at 20" in " ".join(lines[-3:])


def test_print_map_lists_places():
    data = make_map(
        [{"n": 1, "x": 5, "y": 2, "red": True, "place": "Mitre Square"}, {"n": 2, "x": 5, "y": 6}],
        segments=[[1, 2]],
    )
    out = io.StringIO()
    print_map(data, Console(file=out, width=80, color_system=None))
    assert out.getvalue().splitlines()[-1] == "Places: 1 Mitre Square"


def test_legend_shows_the_glyphs_in_use():
    assert "◆" in legend().plain and "o yellow crossing" in legend("ascii").plain


# -- properties and speed ------------------------------------------------------------------------


@st.composite
def random_maps(draw) -> MapData:
    width, height = draw(st.integers(8, 40)), draw(st.integers(4, 16))
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    places = draw(st.lists(cells, min_size=2, max_size=12, unique=True))
    k = draw(st.integers(1, len(places) - 1))
    circles = [
        {"n": i + 1, "x": x, "y": y, "red": draw(st.booleans())}
        for i, (x, y) in enumerate(places[:k])
    ]
    crossings = [
        {"id": f"x{i}", "x": x, "y": y, "yellow": draw(st.booleans())}
        for i, (x, y) in enumerate(places[k:])
    ]
    nodes = [c["n"] for c in circles] + [c["id"] for c in crossings]
    pairs = [(a, b) for i, a in enumerate(nodes) for b in nodes[i + 1 :]]
    segments = draw(st.lists(st.sampled_from(pairs), max_size=10, unique=True))
    return make_map(circles, crossings, segments, width, height)


@given(random_maps())
def test_every_canvas_keeps_its_invariants(data):
    canvas = cv.build_canvas(data)
    assert len(canvas.chars) == canvas.height == data.height
    labels = canvas.labels
    overlapping = {v for pair in legibility.label_overlaps(data) for v in pair}
    for y, runs in enumerate(canvas.runs):
        assert len(canvas.chars[y]) == len(canvas.tags[y]) == canvas.width
        assert "".join(t for t, _ in runs) == canvas.line(y)
        assert all(a[1] != b[1] for a, b in pairwise(runs))
    for c in data.circles:
        lab = labels[c.n]
        for x, y in canvas.label_cells(c.n):
            assert canvas.tags[y][x] != "street"
            if c.n not in overlapping:
                assert canvas.chars[y][x] == lab.text[x - lab.x0]
                assert canvas.tags[y][x] == ("red" if c.red else "circle")
    drawn = {
        (x, y) for y, row in enumerate(canvas.tags) for x, t in enumerate(row) if t == "street"
    }
    owned = set(canvas.owners)
    assert not drawn & owned


def big_map(seed: int = 1) -> MapData:
    """A 240x80 map like the real one: 240 crossings on a jittered grid,
    195 circles on its streets, 644 segments."""
    rnd = random.Random(seed)
    cols, rows = 16, 15
    pos, crossings = {}, []
    for j in range(rows):
        for i in range(cols):
            cid = f"x{j}_{i}"
            pos[cid] = (6 + i * 15 + rnd.randint(-2, 2), 2 + j * 5 + rnd.randint(-1, 1))
            crossings.append({"id": cid, "x": pos[cid][0], "y": pos[cid][1]})
    edges = [(f"x{j}_{i}", f"x{j}_{i + 1}") for j in range(rows) for i in range(cols - 1)]
    edges += [(f"x{j}_{i}", f"x{j + 1}_{i}") for j in range(rows - 1) for i in range(cols)]
    rnd.shuffle(edges)
    circles, segments = [], []
    for a, b in edges:
        if len(circles) < 195:
            n = len(circles) + 1
            (xa, ya), (xb, yb) = pos[a], pos[b]
            circles.append({"n": n, "x": (xa + xb) // 2, "y": (ya + yb) // 2, "red": n % 20 == 3})
            segments += [[a, n], [n, b]]
        else:
            segments.append([a, b])
    return make_map(circles, crossings, segments, 240, 80)


def test_a_full_size_map_joins_blanks_into_few_runs():
    data = big_map()
    assert len(data.circles) + len(data.crossings) == 435 and len(data.segments) == 644
    canvas = cv.build_canvas(data)
    assert sum(len(r) for r in canvas.runs) / canvas.height < 20  # blanks joined to streets


# -- crossings and street names (issue 17; issue 43, round 6) -----------------------------------------

# A crossing "c" at (20, 6) with circles one street away in each direction.
AROUND = {
    "e": (30, 6),
    "w": (10, 6),
    "n": (20, 2),
    "s": (20, 10),
    "ne": (24, 2),
    "nw": (16, 2),
    "se": (24, 10),
    "sw": (16, 10),
}


def crossing_with(*ways: str) -> MapData:
    circles = [{"n": i + 1, "x": AROUND[w][0], "y": AROUND[w][1]} for i, w in enumerate(ways)]
    return make_map(
        circles,
        [{"id": "c", "x": 20, "y": 6}],
        segments=[[i + 1, "c"] for i in range(len(ways))],
    )


@pytest.mark.parametrize(
    "ways",
    [
        ("e", "w", "n", "s"),
        ("e", "w", "s"),
        ("e", "w", "n"),
        ("n", "s", "e"),
        ("n", "s", "w"),
        ("e", "s"),
        ("w", "s"),
        ("e", "n"),
        ("w", "n"),
        ("ne", "sw", "nw", "se"),
        ("e", "w"),  # on a straight street
        ("n",),  # a dead end
        ("e", "w", "ne"),
    ],
)
def test_a_crossing_is_its_own_glyph_wherever_it_stands(ways):
    """Issue 43, round 6 (tester L): a crossing at a junction of streets is
    still drawn as a crossing, never as the line junction (┼ ┬ ├ ...)."""
    canvas = cv.build_canvas(crossing_with(*ways))
    assert canvas.cell(20, 6) == ("•", "crossing")
    assert canvas.node_at(20, 6) == "c" and canvas.labels["c"].text == "•"


def test_each_glyph_set_has_its_crossing_and_yellow_or_goulston_keep_theirs():
    data = crossing_with("e", "w", "n", "s")
    assert cv.build_canvas(data, glyphs="ascii").cell(20, 6) == ("+", "crossing")
    assert cv.build_canvas(data, glyphs="dots").cell(20, 6) == ("•", "crossing")
    yellow = make_map(
        [{"n": 1, "x": 30, "y": 6}, {"n": 2, "x": 10, "y": 6}],
        [{"id": "c", "x": 20, "y": 6, "yellow": True}],
        segments=[[1, "c"], [2, "c"]],
    )
    assert cv.build_canvas(yellow).cell(20, 6) == ("◆", "yellow")


def named(streets: list[dict[str, Any]], **kw: Any) -> MapData:
    """1 (5, 6) ── 2 (35, 6) across; crossing v (20, 6) on it with a street
    down to 3 (20, 11)."""
    data = make_map(
        [{"n": 1, "x": 5, "y": 6}, {"n": 2, "x": 35, "y": 6}, {"n": 3, "x": 20, "y": 11}],
        [{"id": "v", "x": 20, "y": 6}],
        segments=[[1, "v"], ["v", 2], ["v", 3]],
        **kw,
    )
    return map_from_json({**data.to_json(), "streets": streets})


def test_a_street_name_is_written_over_its_horizontal_stretch_on_blank_ground():
    data = named([{"name": "Cable St", "nodes": [1, "v", 2]}])
    canvas = cv.build_canvas(data)
    row = canvas.line(5)
    assert "Cable St" in row
    x0 = row.index("Cable St")
    assert 5 < x0 + 4 < 35  # its middle over the street
    assert canvas.tags[5][x0 : x0 + 8] == ["name"] * 8
    assert canvas.cell(x0 - 1, 5)[0] == " " and canvas.cell(x0 + 8, 5)[0] == " "
    assert cv.build_canvas(data, names=False).line(5).strip() == ""
    assert legibility.unnamed_streets(data) == []


def test_a_vertical_street_has_its_name_beside_it():
    canvas = cv.build_canvas(named([{"name": "Berner", "nodes": ["v", 3]}], height=14))
    assert any(canvas.line(y)[22:28] == "Berner" for y in range(7, 11))  # two cells right


def test_the_map_file_may_say_where_a_name_goes():
    streets = [{"name": "Cable St", "nodes": [1, "v", 2], "label": [22, 7]}]
    canvas = cv.build_canvas(named(streets))
    assert canvas.line(7)[22:30] == "Cable St"
    # a label that would cover a street is ignored: the name goes where there is room
    streets[0]["label"] = [16, 6]
    assert "Cable St" in "".join(cv.build_canvas(named(streets)).lines())


def test_a_name_with_no_room_is_left_out_and_reported():
    data = named(
        [{"name": "A name far too long to fit on this little map at all", "nodes": ["v", 3]}],
        width=40,
    )
    assert "far too long" not in "".join(cv.build_canvas(data).lines())
    assert legibility.unnamed_streets(data) == [
        "A name far too long to fit on this little map at all"
    ]
    assert any("no room to write the name" in n for n in mapcheck.drawing_notes(Board(data)))


def test_names_never_cover_a_street_or_a_label():
    data = named([{"name": "Cable St", "nodes": [1, "v", 2]}, {"name": "Down", "nodes": ["v", 3]}])
    bare = cv.build_canvas(data, names=False)
    canvas = cv.build_canvas(data)
    for y in range(canvas.height):
        for x in range(canvas.width):
            if canvas.tags[y][x] == "name":
                assert bare.tags[y][x] == "" and canvas.node_at(x, y) is None


def test_map_check_notes_streets_a_terminal_cannot_draw_straight():
    straight = make_map(
        [{"n": 1, "x": 5, "y": 2}, {"n": 2, "x": 15, "y": 2}, {"n": 3, "x": 10, "y": 7}],
        segments=[[1, 2], [2, 3]],  # across, and diagonal one column per row
    )
    assert mapcheck.crooked_segments(straight) == []
    assert not [n for n in mapcheck.drawing_notes(Board(straight)) if "straight" in n]
    crooked = make_map(
        [{"n": 1, "x": 5, "y": 2}, {"n": 2, "x": 15, "y": 2}, {"n": 3, "x": 9, "y": 7}],
        segments=[[1, 2], [2, 3]],  # 6 columns over 5 rows: stair-steps
    )
    assert mapcheck.crooked_segments(crooked) == [(2, 3)]
    notes = [n for n in mapcheck.drawing_notes(Board(crooked)) if "straight" in n]
    assert notes == [
        "1 street is not straight in a terminal (horizontal, vertical, "
        "or diagonal one column per row): 2–3"
    ]
