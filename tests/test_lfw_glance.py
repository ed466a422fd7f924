"""The map at a glance (docs/lfw.md, "The map at a glance"): the notebook's
marks in a hue and an attribute no fixed mark of the board uses, with a bar
for the heat; one overlay at a time on Jack's screen (F7: his moves or the
police's view of him, §9: from public facts alone); crossings named in board
terms ("between 57 and 70") on the screens, their ids on the map with F8."""

from __future__ import annotations

import colorsys
import re

import pytest
from rich.style import Style
from rich.text import Text

import settle
from lfw_app_play import PLAYERS, raise_curtain, widget_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.notebook import notebook as deduce
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import deduction, mapcanvases, mapstyle, panels, placenames
from whitechapel.lfw.ui.deduction import HEAT_BARS, HEAT_TAGS, TINT_TAGS
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import JACK_ONLY, REACH_TAGS, mark_named, marks_for
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.source import LocalSource

# The fixed marks of the board and the pieces: the notebook must look like none.
FIXED = ("red", "crime", "woman", "woman-marked", "clue", "yellow", "marker", "target")
FIXED_CHIPS = (*FIXED, *(f"police-{c}" for c in ("blue", "yellow", "brown", "red", "green")))


def drawn_style(tag: str, dark: bool) -> Style:
    """The rich style the map widget draws a tag with (`MapView._style`
    builds it from `style_spec` the same way, over the ground)."""
    return mapstyle.parse_style(mapstyle.style_spec(tag, dark))


def hue(style: Style) -> float | None:
    colour = style.bgcolor or style.color
    if colour is None:
        return None
    r, g, b = colour.get_truecolor()
    return colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)[0] * 360


def game_on(seed: int, side: str, moves: int = 2) -> LfwGame:
    """A tutorial game played until `side` is to act after Jack made `moves`
    moves tonight with more than one circle possible."""
    chance = Chance(seed)
    game = LfwGame.new(seed, Options(), load_board("tutorial"))
    while game.outcome is None:
        view = game.view(POLICE)
        ready = game.to_act == side and len(view.track) >= moves and game.phase != "hideout"
        if ready and len(deduce(view, game.board).counts) > 1:
            return game
        game.apply(game.random_action(chance))
    raise AssertionError("the game ended first")


def app_for(game: LfwGame, tmp_path, notebook: str = "heat"):
    record = record_of(game, seed=1, players=PLAYERS, settings={"notebook": notebook})
    screen = LfwScreen(LocalSource(game, record, Store(tmp_path)), game.board)
    return WhitechapelApp(start=screen), screen


def shown_marks(screen: LfwScreen) -> dict:
    return dict(screen.query_one(MapView).marks)


# -- the notebook's marks: unlike every fixed mark ---------------------------------------


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_h2_possible_circles_are_drawn_unlike_red_circles_and_crime_scenes(dark):
    """The tint of a circle where Jack can be shares neither the background
    nor the hue family of a red circle (the women), a crime scene, a patrol
    crossing, a policeman or a clue, and it is underlined, which no fixed
    circle mark is: it reads without colour.  Each heat level differs."""
    tints = {tag: drawn_style(tag, dark) for tag in TINT_TAGS}
    for tag, style in tints.items():
        assert style.underline, tag
        for fixed in FIXED_CHIPS:
            other = drawn_style(fixed, dark)
            assert style != other, (tag, fixed)
            assert style.bgcolor != other.bgcolor and style.bgcolor != other.color, (tag, fixed)
            assert not other.underline or fixed == "woman-marked", fixed
        h = hue(style)
        assert h is not None and 200 <= h <= 260, (tag, h)  # blue to indigo
    for fixed in ("red", "crime", "yellow", "clue"):
        h = hue(drawn_style(fixed, dark))
        assert h is not None and not 180 <= h <= 280, (fixed, h)  # not a cool blue
    assert len({tints[t].bgcolor for t in HEAT_TAGS}) == len(HEAT_TAGS)


async def test_h2_on_the_screen_a_possible_red_circle_is_not_drawn_as_a_red_circle(tmp_path):
    """On the police's screen, the cells the map widget draws for a tinted
    circle carry a tint tag and its bar, never the tag of a red circle or of
    a crime scene; the number stays whole; on a light theme too."""
    game = game_on(4, POLICE)
    nb = deduce(game.view(POLICE), game.board)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        tinted = {c: t for c, t in m.marks.items() if t in TINT_TAGS}
        assert tinted and set(tinted) <= set(nb.counts)
        reds = {c.n for c in game.board.data.circles if c.red}
        plain_red = next(iter(reds - set(m.marks)))
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await settle.settle(pilot)
            dark = app.current_theme.dark
            red_cell = m.canvas.label_cells(plain_red)[1]
            red_style = drawn_style(m.canvas.tags[red_cell[1]][red_cell[0]], dark)
            crime = drawn_style("crime", dark)
            for c, tag in tinted.items():
                cells = m.canvas.label_cells(c)
                drawn = {m.canvas.tags[y][x] for x, y in cells}
                assert drawn == {tag}
                style = drawn_style(tag, dark)
                assert style != red_style and style.bgcolor != red_style.bgcolor
                assert style != crime and style.bgcolor != crime.bgcolor
                label = "".join(m.canvas.chars[y][x] for x, y in cells)
                assert str(c) in label  # the number whole
                bar = HEAT_BARS[HEAT_TAGS.index(tag)]  # it says the heat without colour
                if len(str(c)) <= 2:  # inside the label
                    assert label.endswith(bar), label
                else:  # beside it, where the street has room
                    lab = m.canvas.labels[c]
                    row = m.canvas.chars[lab.y]
                    assert bar in (row[lab.x1 + 1], row[lab.x0 - 1]), (c, "".join(row))


@pytest.mark.parametrize(
    ("settings", "tags", "shares"),
    [({}, {"possible"}, False), ({"notebook": "heat"}, set(HEAT_TAGS), True)],
    ids=["default", "heat"],
)
async def test_a_new_games_notebook_shows_where_jack_can_be_without_odds(
    tmp_path, settings, tags, shares
):
    """A game started without choosing shows the possible circles, all
    tinted alike, and no share of the paths (tester S, round 10: the heat
    map's odds "do the police's thinking"); the heat map, chosen, shows
    its levels and the circles most paths end on."""
    game = game_on(4, POLICE)
    record = record_of(game, seed=1, players=PLAYERS, settings=settings)
    screen = LfwScreen(LocalSource(game, record, Store(tmp_path)), game.board)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        tinted = {t for t in shown_marks(screen).values() if t in TINT_TAGS}
        assert tinted and tinted <= tags
        text = widget_text(app)
        assert "Jack can be on" in text
        assert ("Most paths end on" in text) == shares


def test_h2_the_heat_bar_keeps_the_number_whole():
    assert deduction.tint_text(7, "heat-1") == " 7▂"
    assert deduction.tint_text(12, "heat-4") == "12█"
    assert deduction.tint_text(123, "heat-4") == "123█"  # one longer: drawn beside
    assert deduction.tint_text(12, "possible") is None


def test_h2_a_three_digit_circle_shows_its_heat_bar_beside_its_number():
    """Testers M and N (issue 43, round 7): on the 1888 map most of the east
    and south is numbered 100 and up, and the bar was drawn only inside a
    two-digit label.  Now the bar stands in the street cell after (or
    before) a three-digit number, in the tint, never over another label, a
    vertical street or a street's name: on the full map (what 200×60 shows)
    each of the 96 such circles gets one; squeezed to 150×55, where three
    east-edge circles have a neighbour's bar on their one free side, 93."""
    board = load_board()
    three = [c.n for c in board.data.circles if c.n >= 100]
    assert len(three) == 96
    full = mapcanvases.canvases(board)[0]
    for canvas, want in ((full, 96), (mapcanvases.whole_board(board, 150, 55), 93)):
        texts = {c: deduction.tint_text(c, "heat-3") for c in three}
        shown = cv.overlay(canvas, dict.fromkeys(three, "heat-3"), texts)
        for c in three:
            lab = canvas.labels[c]
            assert "".join(shown.chars[lab.y][lab.x0 : lab.x1 + 1]) == str(c)
        bars = [
            (x, y) for y, line in enumerate(shown.lines()) for x, ch in enumerate(line) if ch == "▆"
        ]
        assert len(bars) == want
        for x, y in bars:
            assert shown.tags[y][x] == "heat-3"
            assert canvas.chars[y][x] in " ─" and (x, y) not in canvas.owners


def test_h2_a_bar_with_no_room_beside_is_dropped_and_the_number_stays():
    """Where the cells on both sides are another label or a vertical line,
    the three-digit number is drawn alone (colour and underline say it)."""
    board = load_board()
    canvas = mapcanvases.canvases(board)[0]
    lab = canvas.labels[118]
    taken = {(lab.x1 + 1, lab.y), (lab.x0 - 1, lab.y)}
    assert cv.beside_cell(canvas, lab, taken) is None
    crowded = cv.Canvas(
        canvas.width,
        canvas.height,
        canvas.chars,
        canvas.tags,
        canvas.runs,
        canvas.labels,
        {**canvas.owners, **dict.fromkeys(taken, 119)},
        canvas.absorb,
    )
    shown = cv.overlay(crowded, {118: "heat-4"}, {118: "118█"})
    row = shown.chars[lab.y]
    assert "".join(row[lab.x0 : lab.x1 + 1]) == "118"
    assert "█" not in "".join(row)


def test_h2_the_legend_says_in_words_what_the_notebook_marks_mean():
    legend = mapstyle.legend_text(tags={"heat-2", "heat-4", "possible"}).plain
    assert "where Jack can be; tint and bar: paths ending there, a count" in legend
    assert "circles where Jack can be (underlined)" in legend
    assert "F7" in mapstyle.legend_text(side=JACK).plain
    assert "F7" not in mapstyle.legend_text(side=POLICE).plain
    # short enough for an 80-column window: every entry on one line
    grid = mapstyle.legend_markup(78, tags=set(TINT_TAGS), side=JACK)
    assert all(len(line) <= 78 for line in Text.from_markup(grid).plain.splitlines())


# -- Jack's screen: one overlay at a time ---------------------------------------------------


async def test_t1_f7_switches_jacks_map_between_his_moves_and_the_polices_view(tmp_path):
    game = game_on(5, JACK)
    assert game.phase == "escape"
    nb = deduce(game.view(POLICE), game.board)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == JACK
        tags = set(shown_marks(screen).values())
        assert tags & set(REACH_TAGS) and not tags & set(TINT_TAGS)  # his moves, by default
        await settle.press(pilot, "f7")
        await settle.settle(pilot)
        marks = shown_marks(screen)
        assert not set(marks.values()) & {*REACH_TAGS, "target"}
        tinted = {c for c, t in marks.items() if t in TINT_TAGS}
        assert tinted and tinted <= set(nb.counts)
        await settle.press(pilot, "f7")
        await settle.settle(pilot)
        tags = set(shown_marks(screen).values())
        assert tags & set(REACH_TAGS) and not tags & set(TINT_TAGS)


def twin_games() -> tuple[LfwGame, LfwGame]:
    """Two tutorial games with the same public history and Jack to move,
    but another hideout and another first step: only Jack's secrets differ.
    The police pass their searches, so nothing public tells them apart."""
    chance = Chance(8)
    first = LfwGame.new(8, Options(), load_board("tutorial"))
    actions = []
    while first.phase != "escape":
        action = first.random_action(chance)
        actions.append(str(action))
        first.apply(action)
    steps = [str(a) for a in first.legal_actions() if str(a).startswith("step ")]
    assert len(steps) >= 2
    hideout = int(actions[0].split()[1])
    other = next(c.n for c in first.board.data.circles if not c.red and c.n != hideout)
    games = []
    for home, step in ((actions[0], steps[0]), (f"hideout {other}", steps[1])):
        game = LfwGame.new(8, Options(), load_board("tutorial"))
        for text in [home, *actions[1:], step]:
            game.apply(parse_action(text))
        games.append(game)
    a, b = games
    while a.to_act != JACK:  # the police: the first legal move, then pass
        legal = [str(x) for x in a.legal_actions()]
        text = next((t for t in legal if t.split()[-1] == "pass"), legal[0])
        assert text in [str(x) for x in b.legal_actions()]
        a.apply(parse_action(text))
        b.apply(parse_action(text))
    assert a.view(POLICE).log == b.view(POLICE).log  # the same public history
    ja, jb = a.view(JACK).jack, b.view(JACK).jack
    assert ja and jb and (ja.hideout, ja.position) != (jb.hideout, jb.position)
    return a, b


async def police_overlay(game: LfwGame, tmp_path) -> tuple[dict, dict, set]:
    """What Jack's map shows with F7 (the police's view): the tint and the
    texts of tinted circles, and the circles his own marks hold."""
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == JACK
        await settle.press(pilot, "f7")
        await settle.settle(pilot)
        m = screen.query_one(MapView)
        tint = {c: t for c, t in m.marks.items() if t in TINT_TAGS}
        texts = {c: m.texts[c] for c in tint if c in m.texts}
        own = {c for c, t in m.marks.items() if t in JACK_ONLY}
        return tint, texts, own


async def test_s9_the_police_view_on_jacks_screen_does_not_change_with_his_secrets(tmp_path):
    """Counterfactual: another hideout and another first step, the same
    public history: the police's view on Jack's screen is the same (but on
    the circles his own marks cover, which differ)."""
    a, b = twin_games()
    tint_a, texts_a, own_a = await police_overlay(a, tmp_path / "a")
    tint_b, texts_b, own_b = await police_overlay(b, tmp_path / "b")
    hidden = own_a | own_b
    assert tint_a and own_a != own_b

    def outside(d: dict) -> dict:
        return {c: v for c, v in d.items() if c not in hidden}

    assert outside(tint_a) == outside(tint_b)
    assert outside(texts_a) == outside(texts_b)
    # and it is the police's own answer
    nb = deduce(a.view(POLICE), a.board)
    assert set(tint_a) <= set(nb.counts) and set(nb.counts) - set(tint_a) <= own_a


# -- crossings in board terms ---------------------------------------------------------


def hunted() -> LfwGame:
    """The police to act, some policemen moved tonight (T2)."""
    for moves in (3, 4, 5):
        game = game_on(4, POLICE, moves)
        if any(e.event == "police_move" and e.crossing for e in game.view(POLICE).log):
            return game
    raise AssertionError("no policeman moved")


@pytest.mark.parametrize("board", ["tutorial", "whitechapel-1888"])
def test_every_crossing_has_a_name_of_its_own(board):
    b = load_board(board)
    named = {x: placenames.crossing_name(b, x) for x in (x.id for x in b.data.crossings)}
    assert len(set(named.values())) == len(named)  # no two crossings share a name
    assert not any(re.search(r"\bx\d+\b", name) for name in named.values())
    circles = {c.n for c in b.data.circles}
    assert all(set(p.circles) <= circles for p in placenames.places(b).values())


@pytest.mark.parametrize("board", ["tutorial", "whitechapel-1888"])
def test_t3_a_crossings_name_says_a_circle_its_policeman_can_search(board):
    """The play-testers' finding: "between 61 and 89" named a crossing
    whose policeman could search neither.  A crossing is named by the
    circles it touches (one segment away: T3's searches and arrests): two
    of them, the one, or none ("touching no circle", round 4:
    tests/test_lfw_round4_places.py)."""
    b = load_board(board)
    for x, p in placenames.places(b).items():
        near = set(placenames.touches(b, x))
        assert set(p.circles) <= near or (not near and p.kind == placenames.OFF), (x, p)


async def test_t2_a_crossing_named_in_the_log_reads_between_a_and_b(tmp_path):
    """The log says where a policeman went in board terms, never `x12`; the
    record keeps the notation."""
    game = hunted()
    moved = [e for e in game.view(POLICE).log if e.event == "police_move" and e.crossing]
    assert moved
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        log = " ".join(screen.query_one("#log").render().plain.split())
        for e in moved[-3:]:
            where = placenames.between(game.board, e.crossing)  # "between 57 and 70", "beside 8"
            assert f"{(e.colour or '').capitalize()} moves {where}" in log
        assert not re.search(r"\bx\d+\b", log)
        assert not re.search(r"\bx\d+\b", widget_text(app))  # nor any panel
        record = screen.source.current_record().dumps()
        assert re.search(r"\bx\d+\b", record)  # the record keeps the notation


def test_the_log_line_names_a_crossing_between_two_circles():
    game = hunted()
    board = game.board
    e = next(e for e in game.view(POLICE).log if e.event == "police_move" and e.crossing)
    where = placenames.between(board, e.crossing)  # "between 57 and 70", "beside 8"
    assert panels.event_text(e, board).endswith(f"moves {where}")
    assert e.crossing in panels.event_text(e)  # without a board (the plain console): the id
    patrols = next(e for e in game.view(POLICE).log if e.event == "patrols")
    said = panels.event_text(patrols, board)
    assert said.startswith("Patrol markers on the crossings between ") and "x" not in said


def test_a_crossing_the_screen_names_is_lit_unless_a_stronger_mark_holds_it():
    game = game_on(4, POLICE)
    view = game.view(POLICE)
    marks, _texts = marks_for(view)
    plain = next(x.id for x in game.board.data.crossings if x.id not in marks)
    held = next(iter(view.police.values()))
    text = placenames.in_words(f"Blue moves to {plain}; Red stands on {held}", game.board)
    assert not re.search(r"\bx\d+\b", text) and "the crossing between" in text
    mark_named(marks, placenames.named_crossings(f"to {plain} and {held}", game.board))
    assert marks[plain] == "named" and marks[held].startswith("police-")


async def test_f8_shows_every_crossing_id_beside_it_and_hides_them_again(tmp_path):
    game = game_on(4, POLICE)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)

        def ids_on_map() -> set[str]:
            return set(re.findall(r"x\d+", "\n".join(m.canvas.lines())))

        assert not ids_on_map()
        await settle.press(pilot, "f8")
        await settle.settle(pilot)
        every = {x.id for x in game.board.data.crossings}
        assert ids_on_map() == every
        tags = {t for row in m.canvas.tags for t in row}
        assert placenames.LABEL_TAG in tags
        # the marks are still drawn over the labelled map
        assert any(t.startswith("police-") for row in m.canvas.tags for t in row)
        await settle.press(pilot, "f8")
        await settle.settle(pilot)
        assert not ids_on_map()
        assert cv.CROSSING in {t for row in m.canvas.tags for t in row}


def test_a_text_names_a_crossing_in_full_after_a_preposition_else_by_its_pair():
    board = load_board("tutorial")
    a, b = placenames.crossing_pairs(board)["x12"]
    assert placenames.in_words("Blue moves to x12", board) == (
        f"Blue moves to the crossing between {a} and {b}"
    )
    assert placenames.in_words("Moved: B x12 · Y stays", board) == (
        f"Moved: B between {a} and {b} · Y stays"
    )
    assert placenames.in_words("Moved: B x12", None) == "Moved: B x12"  # no board: the notation
    assert placenames.in_words("x999 box12", board) == "x999 box12"  # not a crossing id
