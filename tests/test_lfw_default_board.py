"""The shipped boards: the rulebook's worked examples (§10), the figures the
issues ask of the 1888 board (the map model; issue 17: as fair as the
published board, drawn straight in a terminal), and a drawing a player can
read."""

from __future__ import annotations

import itertools
import json

import pytest

from whitechapel.lfw.map import geometry, legibility, mapcheck
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import map_from_json
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.map.shipped import read_shipped


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="module")
def stats(board) -> dict:
    return mapcheck.statistics(board)


# -- §10: the worked examples --------------------------------------------------


def test_S10_circle_65s_neighbours(board):
    assert set(board.jack_adjacent(65)) == {63, 66, 51, 67, 84, 83, 82}


def test_S10_the_alley_across_the_block_south_of_56(board):
    blocks = [b for b in board.blocks if 56 in b and b - {56} == {57, 73, 72, 71, 70, 69}]
    assert len(blocks) == 1
    block = blocks[0]
    assert set(board.alley_destinations(56)) >= {57, 73, 72, 71, 70, 69}
    # the block lies south of 56: every other circle on it is further south
    assert all(board.pos[c][1] > board.pos[56][1] for c in block - {56})


def test_S10_coach_103_69_56_and_normal_move_127_103(board):
    assert (69, 56) in board.coach_routes(103)
    assert 56 in board.coach_destinations(103)
    assert 103 in board.jack_moves(127, ())


def test_S10_a_crossing_with_99_100_120_and_83_behind_another_crossing(board):
    found = [x for x in board.crossings if set(board.direct_circles(x)) == {99, 100, 120}]
    assert len(found) == 1
    k = found[0]
    assert 83 not in board.direct_circles(k)
    behind = [y for y in board.graph[k] if isinstance(y, str) and 83 in board.direct_circles(y)]
    assert behind, "83 should be one crossing further on"


def test_S10_red_circles_and_the_hideout_example(board):
    assert sorted(board.red) == [3, 21, 27, 65, 84, 147, 149, 158]
    assert 90 not in board.red
    assert board.places[65] == "Commercial Road"
    assert board.places[149] == "Mitre Square"


# -- the figures of the published board ------------------------------------------


def test_board_scale(stats):
    assert stats["circles"] == 195
    assert 220 <= stats["crossings"] <= 250
    assert stats["yellow"] == 7 and len(stats["yellow_sectors"]) >= 5
    assert 150 <= stats["blocks"] <= 175
    assert 400 <= stats["alley_pairs"] <= 500


def test_board_balance(stats):
    jack = stats["jack_adjacency"]
    assert jack.min >= 2 and 7.0 <= jack.mean <= 9.0 and jack.max <= 15
    assert 3.4 <= stats["police_adjacency"].mean <= 4.4
    assert 1.7 <= stats["direct_circles"].mean <= 2.2
    assert 10 <= stats["jack_diameter"] <= 14 and 4.5 <= stats["jack_mean_path"] <= 6.0
    assert 17 <= stats["police_diameter"] <= 25 and 7.5 <= stats["police_mean_path"] <= 10
    assert stats["planar"]


def test_the_red_circles_stand_as_far_apart_as_on_the_published_board(stats):
    # published board: 5.71 and 3.75; the first edition had 4.68 and 2.88
    assert 5.3 <= stats["red_mean_distance"] <= 6.1
    assert 3.5 <= stats["best_hideout"]["mean"] <= 4.1  # no hideout next to all of them


def test_every_street_is_straight_in_a_terminal(board, stats):
    """Horizontal, vertical or diagonal one column per row: one box-drawing
    glyph each, never stair-steps."""
    assert stats["crooked_segments"] == 0
    for a, b in board.data.segments:
        assert geometry.octilinear(board.pos[a], board.pos[b]), (a, b)


def test_blocks_are_mostly_four_sided(board, stats):
    assert stats["triangle_share"] <= 0.15
    four = sum(1 for c in board.block_outlines if geometry.corners(c, board.pos) == 4)
    assert four >= 0.75 * stats["blocks"]


def test_the_whole_board_fits_a_200_by_60_terminal(stats):
    assert stats["canvas"]["width"] <= 198 and stats["canvas"]["height"] <= 56


def test_numbers_run_in_bands_from_north_to_south(board):
    pinned = {
        3,
        21,
        27,
        51,
        56,
        57,
        63,
        65,
        66,
        67,
        69,
        70,
        71,
        72,
        73,
        82,
        83,
        84,
        99,
        100,
        103,
        120,
        127,
        147,
        149,
        158,
    }
    rows = [board.pos[n][1] for n in board.circles if n not in pinned]
    # Within the unpinned circles, a later number is never more than one
    # band (6 rows) north of an earlier one.
    assert all(b >= a - 6 for a, b in itertools.pairwise(rows))
    assert rows[0] < 8 and rows[-1] > board.data.height - 10


# -- 1888 geography ----------------------------------------------------------------


def _street(board, name):
    return next(nodes for n, nodes in board.data.streets if n == name)


def _mean_xy(board, nodes):
    pts = [board.pos[v] for v in nodes]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def test_the_thoroughfares_are_long_continuous_lines(board):
    """Each named street is one chain of segments, each to the next, and the
    main ones cross a good part of the board."""
    for name, nodes in board.data.streets:
        assert all(board.graph.has_edge(a, b) for a, b in itertools.pairwise(nodes)), name
    w, h = board.data.width, board.data.height

    def span(name):
        xs, ys = zip(*(board.pos[v] for v in _street(board, name)), strict=True)
        return max(xs) - min(xs), max(ys) - min(ys)

    assert (
        sum(
            span(n)[0]
            for n in ("Aldgate", "Whitechapel High Street", "Whitechapel Road", "Mile End Road")
        )
        >= 0.9 * w
    )
    assert span("Commercial Road")[0] >= w / 3
    assert span("Commercial Street")[1] >= h / 3 and span("Brick Lane")[1] >= h / 3


def test_the_main_streets_are_named_and_where_the_period_map_puts_them(board):
    names = {n for n, _ in board.data.streets}
    assert {
        "Whitechapel High Street",
        "Whitechapel Road",
        "Mile End Road",
        "Commercial Street",
        "Commercial Road",
        "Brick Lane",
        "Hanbury Street",
        "Leman Street",
        "Cable Street",
        "Goulston Street",
        "Buck's Row",
        "Berner Street",
    } <= names
    w, h = board.data.width, board.data.height
    high_x, high_y = _mean_xy(board, _street(board, "Whitechapel High Street"))
    mile_x, _ = _mean_xy(board, _street(board, "Mile End Road"))
    _cable_x, cable_y = _mean_xy(board, _street(board, "Cable Street"))
    _hanbury_x, hanbury_y = _mean_xy(board, _street(board, "Hanbury Street"))
    assert high_x < w / 3 < 2 * w / 3 < mile_x  # Aldgate west, Mile End east
    assert hanbury_y < high_y < cable_y  # Hanbury north, Cable Street south
    assert board.sector(board.goulston)[0] == "A"  # Goulston Street in the west
    assert board.goulston in _street(board, "Goulston Street")
    # The red places stand on or near their streets.
    for n, street in ((65, "Commercial Road"), (158, "Berner Street"), (21, "Buck's Row")):
        x, y = board.pos[n]
        near = min(
            abs(x - board.pos[v][0]) / 2.4 + abs(y - board.pos[v][1])
            for v in _street(board, street)
        )
        assert near <= 6, f"{n} is far from {street}"
    assert board.pos[149][0] < w / 10  # Mitre Square, far west
    assert board.pos[147][0] > 0.85 * w and board.pos[147][1] > 0.8 * h  # Poplar, far south-east


# -- legible in a terminal -------------------------------------------------------


@pytest.mark.parametrize("name", ["whitechapel-1888.json", "tutorial.json"])
def test_the_drawing_is_legible(name):
    b = Board.builtin(name)
    assert legibility.label_overlaps(b) == []
    assert legibility.segments_through_labels(b) == []
    # the tutorial's 25 has two cells to each neighbour: its crossing (edition 3)
    # sits on the cell right above it (docs/maps.md, "Circles no policeman can touch")
    assert legibility.hidden_segments(b) == ([(25, "x46")] if name == "tutorial.json" else [])
    assert legibility.labels_off_canvas(b) == []
    assert mapcheck.problems(b.data) == []


def test_the_tutorial_board_has_every_feature():
    b = load_board("tutorial")
    stats = mapcheck.statistics(b)
    assert 30 <= stats["circles"] <= 40
    assert len(b.red) == 8 and len(b.yellow) == 7 and b.goulston is not None
    assert stats["blocks"] >= 10 and stats["alley_pairs"] > 0
    with_alley = [c for c in b.circles if b.alley_destinations(c)]
    assert len(with_alley) >= 0.9 * len(b.circles)  # nearly every circle has an alley


def test_the_shipped_files_are_valid_json_of_the_current_format():
    for name in ("whitechapel-1888.json", "tutorial.json"):
        text = read_shipped(name).decode()
        data = json.loads(text)
        assert data["format"] == "whitechapel-map" and data["version"] == 1
        assert map_from_json(data).name
