"""The police notebook on the screens (issue 16, UI half): the circles where
Jack can be tinted on the map (a heat scale, F3's legend), the count and
the hideout candidates in the notebook panel, F6 hiding and showing it;
on Jack's screens, what the police can know; the setup's choice, kept in
the record."""

from __future__ import annotations

import settle
from lfw_app_play import PLAYERS, raise_curtain, widget_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import Record, record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notebook import notebook as deduce
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui.deduction import HEAT_TAGS, TINT_TAGS, paths_text
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.lfw.ui.setup import LfwSetup
from whitechapel.ui.source import LocalSource


def game_on(seed: int, side: str, moves: int = 3) -> LfwGame:
    """A tutorial game played by the engine until `side` is to act after Jack
    has made `moves` moves tonight with more than one circle possible."""
    chance = Chance(seed)
    game = LfwGame.new(seed, Options(), load_board("tutorial"))
    while game.outcome is None:
        view = game.view(POLICE)
        track = view.track
        if game.to_act == side and len(track) >= moves and game.phase not in ("hideout",):
            nb = deduce(view, game.board)
            if len(nb.counts) > 1:
                return game
        if game.to_act == JACK:
            game.apply(homeward_action(game.clone(), chance))
        else:
            game.apply(game.random_action(chance))
    raise AssertionError("the game ended first")


def app_for(game: LfwGame, tmp_path, notebook: str | None = None):
    record = record_of(
        game, seed=1, players=PLAYERS, settings={"notebook": notebook} if notebook else {}
    )
    screen = LfwScreen(LocalSource(game, record, Store(tmp_path)), game.board)
    return WhitechapelApp(start=screen), screen


def tint(screen: LfwScreen) -> dict[int, str]:
    return {c: t for c, t in screen.query_one(MapView).marks.items() if t in TINT_TAGS}


async def test_the_police_see_where_jack_can_be_tinted_and_f6_hides_it(tmp_path):
    game = game_on(4, POLICE)
    nb = deduce(game.view(POLICE), game.board)
    app, screen = app_for(game, tmp_path, notebook="heat")
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == POLICE
        shown = tint(screen)
        marks = screen.query_one(MapView).marks
        # every possible circle is tinted unless a stronger mark (a clue...) is on it
        assert set(shown) == {c for c in nb.counts if marks[c] in TINT_TAGS}
        assert set(shown) and set(shown) <= set(nb.counts)
        top = max(nb.counts.values())  # heat: the most paths, the hottest tag
        assert all(t == HEAT_TAGS[-1] for c, t in shown.items() if nb.counts[c] == top)
        assert all(t != HEAT_TAGS[-1] for c, t in shown.items() if nb.counts[c] * 4 <= top * 3)
        text = widget_text(app)
        n = len(nb.counts)
        assert f"Jack can be on {n} circles ({paths_text(nb.total)})" in text
        assert f"Hideout candidates ({len(nb.hideouts)})" in text
        await settle.press(pilot, "f3")  # the legend explains the heat scale
        await settle.settle(pilot)
        assert "where Jack can be; tint and bar: paths ending there, a count" in widget_text(app)
        await settle.press(pilot, "f6")  # the other view: the possible circles (G3, round 31)
        await settle.settle(pilot)
        assert set(tint(screen)) == set(shown) and set(tint(screen).values()) == {"possible"}
        await settle.press(pilot, "f6")  # then off
        await settle.settle(pilot)
        assert tint(screen) == {}
        assert "Jack can be on" not in widget_text(app)
        assert "how many ways" not in widget_text(app)  # nor in the legend
        await settle.press(pilot, "f6")  # and the setup's view again
        await settle.settle(pilot)
        assert tint(screen) == shown


async def test_jack_sees_what_the_police_can_know(tmp_path):
    game = game_on(5, JACK)
    nb = deduce(game.view(POLICE), game.board)  # the police's own answer
    app, screen = app_for(game, tmp_path, notebook="possible")
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == JACK
        text = widget_text(app)
        assert (
            f"What the police can know: {len(nb.counts)} circles ({nb.total} paths), "
            f"{len(nb.hideouts)} hideout candidates"
        ) in text
        assert tint(screen) == {}  # his moves first: one overlay at a time
        await settle.press(pilot, "f7")  # the police's view of him
        await settle.settle(pilot)
        shown = tint(screen)
        assert shown and set(shown.values()) == {"possible"}
        marks = screen.query_one(MapView).marks
        assert set(shown) == {c for c in nb.counts if marks[c] in TINT_TAGS}
        # his own circle is among them, under his own mark
        where = game.view(JACK).jack.position
        assert where in nb.counts and marks[where] == "jack"


async def test_a_game_set_up_without_the_notebook_shows_none(tmp_path):
    game = game_on(4, POLICE)
    app, screen = app_for(game, tmp_path, notebook="off")
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert tint(screen) == {} and "Jack can be on" not in widget_text(app)
        await settle.press(pilot, "f6")  # F6 cannot bring it back
        await settle.settle(pilot)
        assert tint(screen) == {} and "Jack can be on" not in widget_text(app)


async def test_the_setup_chooses_the_notebook_and_the_record_keeps_it(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial", players=PLAYERS))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.click(pilot, "#notebook", offset=(1, 0))  # "( ) off"
        await settle.click(pilot, "#start")
        await settle.settle(pilot)
        screen = app.screen
        assert isinstance(screen, LfwScreen)
        assert screen.deduction_mode == "off"
        record = screen.source.current_record()
        assert Record.loads(record.dumps()).settings == {"notebook": "off", "hints": "off"}


def jack_home_after_night_4() -> LfwGame:
    """A tutorial game Jack wins by reaching his hideout after night 4."""
    for seed in range(50):
        chance, game = Chance(seed), LfwGame.new(seed, Options(), load_board("tutorial"))
        while game.outcome is None:
            if game.to_act == JACK:
                game.apply(homeward_action(game.clone(), chance))
            else:
                game.apply(game.random_action(chance))
        if game.outcome.winner == JACK and game.night == 4:
            return game
    raise AssertionError("no such game")


def test_the_notebook_after_the_game_shows_the_night_finished_and_no_current_set():
    from whitechapel.lfw.render import notebook_text
    from whitechapel.lfw.ui.deduction import deduction_text

    game = jack_home_after_night_4()
    for side in (POLICE, JACK):
        nb = deduce(game.view(side), game.board)
        assert nb.over and nb.home and nb.counts == {} and not nb.on_board
        assert nb.nights[-1].night == 4 and nb.nights[-1].home and nb.nights[-1].counts
        text = deduction_text(nb)
        assert "The game is over: Jack went home" in text and "can be on" not in text
        assert 'no "where Jack can be now"' in notebook_text(nb)
        assert nb.to_json()["possible"] == [] and nb.to_json()["home"]


async def test_after_the_game_the_map_reviews_jacks_path_night_by_night(tmp_path):
    game = jack_home_after_night_4()
    rows = game.view(POLICE).jack.path
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle.settle(pilot)
        assert tint(screen) == {}  # nothing is "where Jack can be now"
        text = widget_text(app)
        assert "The game is over: Jack went home" in text and "Jack can be on" not in text
        shown = {}
        for night in (1, 4):  # the sheet, night by night, on the map for both sides
            await settle.press(pilot, str(night))
            marks = screen.query_one(MapView).marks
            shown[night] = {c for c, t in marks.items() if t == "path"}
            walked = {step.circle for step in rows[night - 1]}
            assert shown[night] and shown[night] <= walked
        assert shown[1] != shown[4]


def test_t1_the_notebook_says_from_which_possible_circles_jack_still_gets_home_in_time():
    """Tester N2, round 20: at the night's last space the notebook said "Jack
    can be on 193 circles" while only from 106 could he still reach one of
    the two hideout candidates; a box player works that out.  The panel
    says so, from the notebook alone: the circles with a candidate within
    the spaces left (here one normal move)."""
    import dataclasses

    from whitechapel.lfw.notebook import Notebook
    from whitechapel.lfw.paths import tables
    from whitechapel.lfw.ui.deduction import deduction_text

    board = load_board(None)
    adjacent = tables(board).adjacent
    homes = (69, 105)
    beside_home = {c for h in homes for c in adjacent[h]}
    counts = dict.fromkeys(range(1, 194), 1)
    nb = Notebook(
        night=3,
        on_board=True,
        counts=counts,
        hideouts=homes,
        nights=(),
        spaces_left=1,
        alleys_left=0,
        board=board,
    )
    text = deduction_text(nb)
    home = sorted(c for c in counts if c in beside_home)
    assert 0 < len(home) <= 8
    line = next(row for row in text.split("\n") if row.startswith("Home in time"))
    assert line == f"Home in time only from {len(home)} of them: {' '.join(map(str, home))}"
    # with a whole night ahead every circle leads home: nothing more is said
    assert "Home in time" not in deduction_text(dataclasses.replace(nb, spaces_left=15))
    # Jack's own screen keeps its one short line
    assert "Home in time" not in deduction_text(nb, jack=True)
