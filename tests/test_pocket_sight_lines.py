"""Who sees what, detective by detective (issue 29): the lines of sight of
`pocket/sightlines.py` (P6), drawn on the board in each detective's own
glyph and colour, the tiles naming who sees them, and who saw whom at a
witness call (P7).  Text tests: the board's rows as a terminal shows them."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocket_app_play import SETUPS
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import DETECTIVE_LETTERS, DIRECTIONS, POSITION_LINES, SQUARES
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.sight import seen_by
from whitechapel.pocket.sightlines import (
    FACING,
    FAR,
    OPEN,
    board_at_call,
    sight_lines,
    sightings,
    sightings_at_call,
    watchers,
)
from whitechapel.pocket.ui.district import (
    MARGIN,
    TILE_H,
    TILE_W,
    District,
    fitting,
    tile_origin,
)
from whitechapel.pocket.ui.look import CROSSING, RAY_GLYPHS
from whitechapel.pocket.views import Detectives, PocketView, Tile

ALL_GLYPHS = {g for pair in RAY_GLYPHS for g in pair} | {CROSSING}


def board(walls: list[str], detectives: tuple[int, int, int], cleared=()) -> PocketView:
    """A view of nine suspects in reading order with these walls."""
    start = PocketGame.new(1).view("investigator")
    ids = [t.character for t in sorted(start.tiles, key=lambda t: t.index)]
    tiles = tuple(
        Tile(SQUARES[sq], ids[sq], walls[sq], ids[sq] in cleared, False) for sq in range(9)
    )
    view = dataclasses.replace(start, tiles=tiles, detectives=Detectives(*detectives))
    seen = watchers(sight_lines(view))
    return dataclasses.replace(
        view, tiles=tuple(dataclasses.replace(t, seen=bool(seen[sq])) for sq, t in enumerate(tiles))
    )


def rows(view: PocketView, tw: int = TILE_W, th: int = TILE_H) -> list[str]:
    district = District()
    district.tw, district.th = tw, th
    district.w, district.h = MARGIN * 2 + 3 * tw, 3 * th + 2
    district.shown_view = view
    return district.text()


def status(text: list[str], sq: int) -> str:
    """A tile's status row, its walls left out."""
    x0, y0 = tile_origin(sq)
    return text[y0 + TILE_H // 2 + 1][x0 : x0 + TILE_W].strip(" █")


def alone_at(detective: int, position: int) -> tuple[PocketView, str]:
    """`detective` on `position` looking down an open street (every wall
    along his line), the other two blocked by the first tile's wall.
    Returns the view and whether he looks along a row ('h') or column."""
    horizontal = position in (4, 5, 6, 10, 11, 12)
    # Walls across the other way: his street is open, the others' blocked.
    walls = ["N"] * 9 if horizontal else ["E"] * 9
    others = [p for p in ((1, 2, 3) if horizontal else (4, 5, 6))]
    spots = [others.pop(0) if d != detective else position for d in range(3)]
    return board(walls, tuple(spots)), "h" if horizontal else "v"


@pytest.mark.parametrize("detective", range(3), ids=["holmes", "watson", "toby"])
@pytest.mark.parametrize("position", range(1, 13))
def test_each_detectives_line_in_his_own_glyph_in_every_direction(detective, position):
    """P6 drawn: a detective looking down an open street sees its three
    tiles; on the board his line runs through them in his own glyph (it
    reads without colour), no one else's line shows, and the three tiles
    say who sees them."""
    view, way = alone_at(detective, position)
    lines = sight_lines(view)
    squares, _, _ = POSITION_LINES[position]
    assert lines[detective].squares == squares and lines[detective].ends == OPEN
    assert all(not line.squares for line in lines if line.detective != detective)
    text = rows(view)
    glyph = RAY_GLYPHS[detective][0 if way == "h" else 1]
    mid_x, mid_y = TILE_W // 2, TILE_H // 2
    for sq in squares:
        x0, y0 = tile_origin(sq)
        if way == "h":
            street = [text[y0 + mid_y][x0 + x] for x in range(TILE_W)]
        else:  # the name and the status rows cross the street
            street = [text[y0 + y][x0 + mid_x] for y in range(TILE_H) if y not in (1, 3)]
        assert set(street) == {glyph}, (sq, street)
        assert (
            status(text, sq) == f"seen: {DETECTIVE_LETTERS[detective]}"
        )  # one form (RR, round 36)
    drawn = {ch for row in text for ch in row if ch in ALL_GLYPHS}
    assert drawn == {glyph}
    assert f"{DETECTIVE_LETTERS[detective]}{position}" in "".join(text)


def test_a_line_stops_at_the_wall_facing_him_and_after_a_far_wall():
    """Holmes on 12 looks east along row 1: b1's wall faces west (towards
    him): he sees a1 only, the line ends at a1's east edge.  Watson on 4
    looks west along row 1: c1's wall faces west, the far side: he sees c1,
    the line ends at c1's centre."""
    walls = ["N", "W", "W", *["N"] * 6]
    view = board(walls, (12, 4, 8))  # Toby below b3: b3's north wall... faces away
    holmes, watson, _ = sight_lines(view)
    assert (holmes.squares, holmes.ends) == ((0,), FACING)
    assert (watson.squares, watson.ends) == ((2,), FAR)
    text = rows(view)
    y = 1 + TILE_H // 2
    row = text[y]
    x_a1, x_b1, x_c1 = (tile_origin(sq)[0] for sq in (0, 1, 2))
    assert set(row[x_a1 : x_a1 + TILE_W]) == {"━"}  # a1 whole, to its east edge
    assert "━" not in row[x_b1:] and "┅" not in row[: x_c1 + TILE_W // 2]
    assert set(row[x_c1 + TILE_W // 2 : x_c1 + TILE_W]) == {"┅"}  # c1 from its centre out
    assert status(text, 0) == "seen: H" and status(text, 2) == "seen: W"


def test_two_lines_down_one_street_alternate_and_a_crossing_is_a_cross():
    """Holmes (12) and Watson (4) both look along row 1 (walls north): their
    glyphs alternate; Toby (1) looks down column a (a1's wall is north: he
    is blocked) -- so move him to 3, down column c, crossing row 1 at c1."""
    walls = ["S", "S", "S", *["N"] * 6]
    view = board(walls, (12, 4, 3))
    text = rows(view)
    y = 1 + TILE_H // 2
    x_a1 = tile_origin(0)[0]
    street = text[y][x_a1 : x_a1 + 3 * TILE_W]
    assert {"━", "┅"} <= set(street) and "═" not in street
    x_c1 = tile_origin(2)[0] + TILE_W // 2
    assert text[y][x_c1] == CROSSING
    assert status(text, 2) == "seen: HWT"
    assert watchers(sight_lines(view))[2] == (0, 1, 2)


@given(st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_the_lines_are_the_engines_sight(seed, steps):
    """Every detective's line is what the engine's P6 sees from his position
    (`sight.seen_by`), for any board a game reaches."""
    rng = random.Random(seed)
    g = PocketGame(random_setup(seed))
    for _ in range(steps):
        if g.outcome is not None or g.unresolved:
            break
        g.advance(rng.choice(g.legal_actions()))
    view = g.view("investigator")
    walls = [t.sight_wall for t in view.tiles]
    for line in sight_lines(view):
        mask = sum(1 << sq for sq in line.squares)
        assert mask == seen_by(walls, line.position)
    assert [t.seen for t in view.tiles] == [bool(w) for w in watchers(sight_lines(view))]


def test_who_saw_whom_at_the_witness_call():
    """The call's board: the suspects it cleared back on their tiles (a
    cleared Lane's wall back), the detectives where they stood; once
    anything is played after it, no longer known."""
    game = PocketGame(SETUPS["goodley"])
    for text in ("H+1", "W+1", "J:-", "Rb2E"):
        game.play(text)
    view = game.view("investigator")
    tiles = board_at_call(view, 1)
    assert tiles is not None and not any(t.cleared for t in tiles)
    assert sightings_at_call(view, 1) == (("pizer",), ("madame",), ())
    assert sightings(view.tiles, view.detectives) == ((), (), ())  # both cleared since
    game.play("A")
    assert sightings_at_call(game.view("investigator"), 1) is None
    assert sightings_at_call(view, 2) is None  # no such call yet


def test_the_board_grows_with_the_window_keeping_its_tiles_square():
    """80×24 compact; 120×40 tiles of 21×9 (the side panels keep ≥ 28
    columns); from 160×50 on, 25×11 and no larger (round 4: the board read
    best there; `test_pocket_board_read.py`)."""
    assert fitting(80 - 32, 24 - 7) == (13, 5)
    assert fitting(120 - 32, 40 - 7) == (21, 9)
    assert fitting(200 - 32, 60 - 7) == (25, 11)
    assert fitting(300 - 32, 90 - 7) == (25, 11)
    for width, height in ((48, 17), (168, 53), (400, 120)):
        tw, th = fitting(width, height)
        assert tw == 2 * th + 3 and th % 2 == 1
        assert MARGIN * 2 + 3 * tw <= max(width, 47) and 3 * th + 2 <= max(height, 17)


def test_every_direction_reads_without_colour():
    """The glyphs alone tell the three detectives and the plain streets
    apart: no two share one."""
    glyphs = [g for pair in RAY_GLYPHS for g in set(pair)]
    assert len(glyphs) == len(set(glyphs))
    assert not set(glyphs) & set("║═╬")
    assert DIRECTIONS == "NESW"
