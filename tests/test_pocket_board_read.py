"""Round 4 of issue 44: a board that reads at a glance (task P-A).

Testers PE and PF (round 3) read `▐▌` between two tiles as one wall and sent
Holmes where a wall blocked him; at 200×60 the tiles grew to 37×17 of empty
streets beside a narrow panel; at 80×24 the opening notice covered the
fourth token.  Text tests: the board's rows and the screen as a terminal
shows them, without colour (what NO_COLOR leaves).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

import settle
from pocket_app_play import SETUPS, pocket_app, visible_buttons
from snapshots import screen_text
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTERS, SQUARES
from whitechapel.pocket.sightlines import sight_lines, watchers
from whitechapel.pocket.ui.district import (
    MARGIN,
    TILE_H,
    TILE_W,
    District,
    fitting,
    tile_block,
    tile_origin,
)
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.pocket.views import Detectives, PocketView, Tile
from whitechapel.ui.screens.game import help_text

SIZES = [(TILE_W, TILE_H), (21, 9), (25, 11)]  # 80×24, 120×40, from 160×50 on
CAP = (25, 11)  # the largest tiles, whatever the window
# Each glyph's solid half (or whole), for "do two walls touch across an edge".
LEFT, RIGHT, UPPER, LOWER = set("▌█"), set("▐█"), set("▀█"), set("▄█")
WALL_GLYPHS = set("▌▐▀▄█")


def board(walls: list[str], cleared=(), detectives=(12, 4, 8)) -> PocketView:
    """A view of the nine suspects in reading order with these walls, the
    squares `cleared` cleared (Joseph Lane's, on c3: a crossroads, no wall)."""
    start = PocketGame.new(1).view("investigator")
    ids = [t.character for t in sorted(start.tiles, key=lambda t: t.index)]
    tiles = tuple(Tile(SQUARES[sq], ids[sq], w, sq in cleared, False) for sq, w in enumerate(walls))
    view = dataclasses.replace(start, tiles=tiles, detectives=Detectives(*detectives))
    seen = watchers(sight_lines(view))
    return dataclasses.replace(
        view, tiles=tuple(dataclasses.replace(t, seen=bool(seen[sq])) for sq, t in enumerate(tiles))
    )


def rows(view: PocketView, tw: int, th: int) -> list[str]:
    district = District()
    district.tw, district.th = tw, th
    district.w, district.h = MARGIN * 2 + 3 * tw, 3 * th + 2
    district.shown_view = view
    return district.text()


def touching_walls(text: list[str], tw: int, th: int) -> list[str]:
    """Every place where a wall's glyph touches another's across the edge
    two tiles share (side by side, or one above the other)."""
    found = []
    for sq in range(9):
        x0, y0 = tile_origin(sq, tw, th)
        if sq % 3 < 2:  # the edge with the tile to the east
            for y in range(y0, y0 + th):
                left, right = text[y][x0 + tw - 1], text[y][x0 + tw]
                if left in RIGHT and right in LEFT:
                    found.append(f"{SQUARES[sq]}|{SQUARES[sq + 1]} row {y}: {left}{right}")
        if sq < 6:  # the edge with the tile to the south
            for x in range(x0, x0 + tw):
                upper, lower = text[y0 + th - 1][x], text[y0 + th][x]
                if upper in LOWER and lower in UPPER:
                    found.append(f"{SQUARES[sq]}/{SQUARES[sq + 3]} col {x}: {upper} over {lower}")
    return found


@pytest.mark.parametrize("tw,th", SIZES, ids=["13x5", "21x9", "25x11"])
def test_p2_two_walls_on_one_shared_edge_are_two_bars_never_one(tw, th):
    """Column a's walls east and column b's west: the a|b edges carry two
    walls each, as do row 1's south walls over row 2's north ones (b and
    c).  Each wall is drawn inside its own tile, a gap between the two:
    never `▐▌` (tester PE read that as one wall), never a bar over a bar."""
    walls = ["E", "W", "S", "E", "W", "N", "E", "W", "N"]
    text = rows(board(walls), tw, th)
    joined = "\n".join(text)
    assert "▐▌" not in joined and "▄\n" not in joined
    assert touching_walls(text, tw, th) == []
    # and between a1 and b1, on a row away from the streets: bar, gap, bar
    x0, y0 = tile_origin(0, tw, th)
    assert text[y0 + 1][x0 + tw - 3 : x0 + tw + 3] == " █  █ "


@given(
    st.lists(st.sampled_from("NESW"), min_size=9, max_size=9),
    st.sets(st.integers(0, 8)),
    st.sampled_from(SIZES),
)
def test_p2_no_wall_ever_touches_another_across_an_edge(walls, cleared, size):
    tw, th = size
    assert touching_walls(rows(board(walls, cleared), tw, th), tw, th) == []


@pytest.mark.parametrize("wall", "NESW")
@pytest.mark.parametrize("tw,th", SIZES, ids=["13x5", "21x9", "25x11"])
def test_p2_a_wall_is_inside_its_own_tile_where_its_street_ends(wall, tw, th):
    """The wall's owner shows in the drawing alone: its bar is inside the
    tile, clear of the edge's outer cells, and that tile's street stops at
    its centre on the wall's side (no street between the centre and the
    bar), while the other three go on to the edges."""
    block = [
        "".join(ch for ch, _ in row)
        for row in tile_block(tile(0, wall), tw, th, None, False, (), "")
    ]
    mid_x, mid_y = tw // 2, th // 2
    cells = {(x, y) for y, row in enumerate(block) for x, ch in enumerate(row) if ch in WALL_GLYPHS}
    assert cells
    if wall in "EW":
        x = tw - 2 if wall == "E" else 1
        assert {c[0] for c in cells} == {x} and len(cells) == th  # one column in, whole height
        assert all(block[y][tw - 1 if wall == "E" else 0] == " " for y in range(th))
    else:
        y = 0 if wall == "N" else th - 1
        assert {c[1] for c in cells} == {y}
        assert set(block[y].strip()) == {"▄" if wall == "N" else "▀"}  # the half towards the tile
        assert block[y][0] == block[y][tw - 1] == " "  # clear of the corners
    towards = {
        "N": [block[y][mid_x] for y in range(mid_y)],
        "S": [block[y][mid_x] for y in range(mid_y + 1, th)],
        "W": list(block[mid_y][:mid_x]),
        "E": list(block[mid_y][mid_x + 1 :]),
    }
    words = (mid_y - 1, mid_y + 1)  # the name's and the status's rows cross a N-S street
    towards["N"] = [ch for y, ch in enumerate(towards["N"]) if y not in words]
    towards["S"] = [ch for y, ch in enumerate(towards["S"], mid_y + 1) if y not in words]
    for side, street in towards.items():
        if side == wall:
            assert not set(street) & set("║═"), (side, street)
        else:
            assert set(street) <= set("║═"), (side, street)
    assert block[mid_y][mid_x] == {"N": "╦", "E": "╣", "S": "╩", "W": "╠"}[wall]


def test_f1_says_in_words_whose_wall_a_bar_is():
    """Testers PE: "Nothing explains this."  F1's board section does, in
    words (no glyph to decode)."""
    board_help = help_text("whitechapel.pocket.ui").split("## The board")[1]
    said = " ".join(board_help.split())
    assert "A tile's wall is the thick bar just inside that tile" in said
    assert "two bars with a gap between them are two walls, one in each tile" in said


def tile(index: int, wall: str, cleared: bool = False, seen: bool = False) -> Tile:
    return Tile("a1", CHARACTERS[index].id, wall, cleared, seen)


@pytest.mark.parametrize("tw,th", SIZES, ids=["13x5", "21x9", "25x11"])
def test_every_suspect_name_and_status_stays_whole_beside_any_wall(tw, th):
    """Every suspect, cleared or not, seen by all three or unseen, beside a
    wall on any side (or none): the name and the status are whole on their
    rows, and the tile cursor's marks do not cut them."""
    for character in CHARACTERS:
        name = character.name.split()[-1]
        for wall in "NESW":
            for cleared, seen, words in (
                (False, False, "unseen"),
                (True, False, "cleared"),
                (False, True, "seen"),
            ):
                t = Tile("a1", character.id, wall, cleared, seen)
                block = tile_block(t, tw, th, None, False, (0, 1, 2) if seen else (), "▶◀")
                text = ["".join(ch for ch, _ in row) for row in block]
                label = f"({name})" if cleared else name
                # (a cleared name too long beside a wall loses its brackets: round 5)
                assert label in text[th // 2 - 1] or (cleared and name in text[th // 2 - 1])
                assert words in text[th // 2 + 1], (tw, th, words, wall, text)
                status = text[th // 2 + 1].strip(" █")  # the marks inside an east or west wall
                assert status[0] == "▶" and status[-1] == "◀", (tw, th, wall, text)
                assert not set(status[1:-1].strip(" █")) & WALL_GLYPHS


async def test_at_200x60_the_tiles_stop_at_the_cap_and_the_panels_take_the_room(tmp_path):
    """The tiles stop growing at 25×11 (larger ones were streets of empty
    cells: testers PE and PF), and the board and the side column stand
    together, centred: the side column wider than at 80×24, no half of the
    screen left empty, the board in the middle of its rows."""
    assert fitting(200 - 32, 60 - 7) == CAP and fitting(400, 200) == CAP
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the hand-over to the investigator
        await settle.settle(pilot)
        district, side, main = (screen.query_one(q) for q in (District, "#side", "#main"))
        assert (district.tw, district.th) == CAP
        assert district.size.width == 8 + 3 * 25 and district.size.height == 3 * 11 + 2
        assert side.size.width >= 60  # more than twice its 28 columns at 80×24
        # together they span most of the width, centred (a few columns either side)
        left, right = district.region.x, side.region.right
        assert right - left >= 0.75 * 200
        assert abs(left - (200 - right)) <= 2
        # the board in the middle of the rows it has
        above = district.region.y - main.region.y
        below = main.region.bottom - district.region.bottom
        assert abs(above - below) <= 1 and above > 0
        # the side column runs the whole height: the log takes what the board leaves
        assert side.region.height == main.region.height
        text = screen_text(app)
        for name in ("Pizer", "Gull", "Bert", "Lestrade", "Stealthy", "Madame", "Goodley"):
            assert name in text


@pytest.mark.parametrize(
    "size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"]
)
async def test_every_suspect_name_is_whole_on_the_screen(tmp_path, size):
    """On the real screen at each size, after a round, a rotation and an
    exchange (two suspects cleared): the nine names whole (the last word of
    each: full names are for cards; a cleared one in brackets)."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    for action in ("H+1", "W+1", "J:-", "Rb2E", "A", "T+1", "Xa1c3"):
        screen.source.game.play(action)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the hand-over
        await settle.settle(pilot)
        assert not screen.curtain_up
        cleared = [t for t in screen.current_view().tiles if t.cleared]
        assert len(cleared) >= 2
        text = screen_text(app)
        for t in screen.current_view().tiles:
            name = CHARACTERS[t.index].name.split()[-1]
            assert (f"({name})" if t.cleared else name) in text, (size, name)


async def test_at_80x24_the_opening_sentence_covers_no_button_nor_the_prompt(tmp_path):
    """Whom the player is, against which level, is said at the start where
    it covers nothing: on the prompt's second line, no notice over the
    token buttons or the message line (testers PE and PF, round 3: a toast
    hid "4 Rotation" and cut the last action's sentence)."""
    players = {"investigator": "Bob", "jack": "computer:hard"}
    app, screen = pocket_app(SETUPS["goodley"], tmp_path, players=players)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, PocketScreen) and screen.turns.human == "investigator"
        sentence = "You are the investigator against the computer's hard Jack."
        prompt = screen.query_one("#prompt")
        assert sentence in " ".join(str(prompt.render()).split())
        covered = [prompt.region, *(b.region for b in visible_buttons(screen))]
        assert len(covered) == 5  # the prompt and the four tokens
        toasts = [t.region for t in app.screen.query("Toast")]
        assert not [(t, c) for t in toasts for c in covered if t.overlaps(c)]
        lines = screen_text(app).splitlines()
        assert any(sentence in line for line in lines)  # on one line, whole
        assert "4 Joker" in lines[-3]  # the fourth token's label in sight
        # Any other notice (a save, "nothing to show again") stays off them too.
        app.notify("A notice long enough to wrap over two lines in a toast at 80×24.")
        await settle.settle(pilot)
        toasts = [t.region for t in app.screen.query("Toast")]
        assert toasts and not [(t, c) for t in toasts for c in covered if t.overlaps(c)]
        board = screen.query_one(District).region  # nor over the board: beside it
        assert not [t for t in toasts if t.overlaps(board)]
