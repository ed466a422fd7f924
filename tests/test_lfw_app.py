"""Letters from Whitechapel hot seat through the Textual screen (issue 6)."""

from __future__ import annotations

import settle
from lfw_app_play import PLAYERS, LfwDriver, LfwSecrecyWatch, lfw_app, widget_text
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of, replay
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import OPTIONS, Options
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.lfw.ui.setup import LfwSetup
from whitechapel.ui.source import LocalSource
from whitechapel.ui.widgets.guard import TooSmall

ALL = Options(**dict.fromkeys(OPTIONS, True))


def finished_game(seed: int) -> LfwGame:
    chance = Chance(seed)
    game = LfwGame.new(seed, Options(), load_board("tutorial"))
    while game.outcome is None:
        if game.to_act == JACK:
            game.apply(homeward_action(game, chance, eager=0.95))
        else:
            game.apply(game.random_action(chance))
    return game


async def play_whole_game(tmp_path, seed: int, options: Options, size=(100, 32)):
    app, screen = lfw_app(seed, tmp_path, options=options)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        driver = LfwDriver(pilot, screen, seed)
        watch = LfwSecrecyWatch(driver)
        driver.after_each.append(watch)
        played = await driver.play_game()
        await driver.saved()  # the autosave follows the last frame
        game = screen.source.game
        assert game.outcome is not None
        text = screen_text(app)
        assert "game over" in text and game.outcome.winner in text.lower()
        saved = Store(tmp_path).list()
        assert len(saved) == 1 and saved[0].record is not None
        assert saved[0].record.actions == [str(a) for a in game.history]
        assert replay(saved[0].record) == game
        return played, watch, driver, game


async def test_a_whole_game_by_keys_on_the_tutorial_map(tmp_path):
    played, watch, driver, _game = await play_whole_game(tmp_path, 3, Options())
    assert played > 20
    # The watch looked at both sides' screens and saw each side's own secrets.
    assert watch.checked_police > 20 and watch.checked_jack > 20
    assert watch.seen_jack_secret > 0 and watch.seen_police_secret > 0
    # Every change of side went through a hand-over naming the player.
    assert any(h.startswith("Pass to Ann (Jack)") for h in driver.handovers)
    assert any(h.startswith("Pass to Bob (the police)") for h in driver.handovers)


async def test_a_whole_game_by_keys_with_every_optional_rule(tmp_path):
    played, watch, _driver, game = await play_whole_game(tmp_path, 8, ALL)  # to night 2
    assert game.options == ALL and played > 20
    assert watch.seen_jack_secret > 0 and watch.seen_police_secret > 0


async def test_the_first_screen_is_a_hand_over_to_jack_for_his_hideout(tmp_path):
    app, screen = lfw_app(1, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        assert screen.curtain_up
        assert "Pass to Ann (Jack)" in screen_text(app)
        assert "Bob (the police), look away" in screen_text(app)
        await settle.press(pilot, "enter")
        assert screen.holder == JACK and not screen.curtain_up
        assert "Setup: Jack chooses his hideout" in screen_text(app)
        # Every legal hideout is highlighted on the map.
        legal = {a.circle for a in screen.source.game.view(JACK).legal}
        marks = screen.query_one(MapView).marks
        assert {n for n, tag in marks.items() if tag in ("target", "cursor")} == legal


async def test_typing_a_circle_that_is_not_a_legal_target_says_why(tmp_path):
    options = Options(catch_me=True)  # O5: no hideout on or next to a red circle
    app, screen = lfw_app(1, tmp_path, options=options)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        red = min(screen.source.game.board.red)
        before = screen.source.game.clone()
        for ch in str(red):
            await settle.press(pilot, ch)
        await settle.press(pilot, "enter")
        assert screen.source.game == before
        assert "O5" in screen.notice or "red" in screen.notice
        assert screen.notice in " ".join(widget_text(app).split()) or screen.notice[:30] in (
            widget_text(app)
        )
        # A word that is nothing at all is refused too, and changes nothing.
        for ch in "999":
            await settle.press(pilot, ch)
        await settle.press(pilot, "enter")
        assert screen.source.game == before and screen.notice


async def test_keys_that_mean_nothing_do_nothing(tmp_path):
    app, screen = lfw_app(2, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        before = screen.source.game.clone()
        for key in ("1", "x", "tab", "escape", "backspace", "space"):
            await settle.press(pilot, key)  # behind the curtain: only Enter means something
        assert screen.source.game == before and screen.curtain_up
        await settle.press(pilot, "enter")
        await settle.press(pilot, "escape", "backspace", "f2", "f2")
        assert screen.source.game == before and screen.holder == JACK


async def test_tab_and_enter_choose_the_highlighted_target_and_a_click_works_too(tmp_path):
    app, screen = lfw_app(4, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "tab", "tab")
        chosen = screen.picking.highlighted()
        assert chosen is not None
        await settle.press(pilot, "enter")
        assert str(screen.source.game.history[-1]) == f"hideout {chosen}"
        assert screen.source.game.hideout == int(chosen)


async def test_a_terminal_below_80x24_asks_for_a_larger_window(tmp_path):
    app, screen = lfw_app(2, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        await pilot.resize_terminal(70, 20)
        await settle.settle(pilot)
        assert screen.query_one(TooSmall).display
        assert "make it at least 80×24" in screen_text(app).lower()
        before = screen.source.game.clone()
        await settle.press(pilot, "tab", "enter")
        assert screen.source.game == before
        await pilot.resize_terminal(100, 32)
        await settle.settle(pilot)
        assert not screen.query_one(TooSmall).display


async def test_the_end_reveals_jacks_path_night_by_night(tmp_path):
    game = finished_game(seed=4)  # Jack wins: a path over four nights
    assert len([row for row in game.view(JACK).jack.path if row]) >= 2
    screen = LfwScreen(
        LocalSource(game, record_of(game, players=PLAYERS), Store(tmp_path)), game.board
    )
    async with WhitechapelApp(start=screen).run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        assert not screen.curtain_up
        text = widget_text(pilot.app)
        assert f"Jack's hideout: {game.hideout}" in text
        rows = game.view(JACK).jack.path
        # A path circle may show a stronger mark (a crime scene, a clue).
        on_path = {"path", "jack", "false-clue", "crime", "clue", "hideout"}

        def path_shown() -> tuple[set, set]:
            marks = screen.query_one(MapView).marks
            return {n for n, t in marks.items() if t in ("path", "jack")}, {
                n for n, t in marks.items() if t in on_path
            }

        for night, row in enumerate(rows, start=1):
            await settle.press(pilot, str(night))
            path, covered = path_shown()
            circles = {e.circle for e in row}
            assert path and path <= circles and circles <= covered, night
        await settle.press(pilot, "0")
        path, covered = path_shown()
        assert {e.circle for row in rows for e in row} <= covered


async def test_setup_screen_starts_a_game_with_the_chosen_options(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial", players=PLAYERS))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(
            pilot, "tab", "tab", "tab", "tab", "tab"
        )  # Play, Jack, police, board, seed: the rules
        await settle.press(pilot, "space", "down", "down", "space")  # O1 and O3
        await settle.click(pilot, "#start")
        await settle.settle(pilot)
        screen = app.screen
        assert isinstance(screen, LfwScreen)
        assert screen.source.game.options == Options(chase=True, letters=True)
        assert (
            screen.source.game.board.builtin_name == "tutorial"
            and screen.source.record.players == PLAYERS
        )


async def test_setup_screen_refuses_a_missing_map_file_and_stays(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    app = WhitechapelApp(start=LfwSetup(map_name=str(tmp_path / "nowhere.json")))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.click(pilot, "#start")
        await settle.settle(pilot)
        assert isinstance(app.screen, LfwSetup)


async def test_the_police_see_their_real_markers_and_jack_never_does(tmp_path):
    app, screen = lfw_app(6, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        driver = LfwDriver(pilot, screen, 6)
        watch = LfwSecrecyWatch(driver)
        driver.after_each.append(watch)
        while screen.source.game.phase in ("hideout", "women", "patrols") or screen.curtain_up:
            if screen.curtain_up:
                await driver.pass_handover()
            else:
                await driver.play_action(driver.next_action())
        assert watch.seen_police_secret > 0  # the Chief saw which markers are real
        # Jack, next to act, sees seven face-down markers, all alike.
        assert screen.source.game.to_act == JACK and screen.holder == JACK
        marks = screen.query_one(MapView).marks
        hidden = [m.crossing for m in screen.source.game.view(JACK).patrol_markers]
        assert len(hidden) == 7
        assert {marks.get(x) for x in hidden} <= {"marker", "target", "cursor"}
        assert [x for x in hidden if marks.get(x) == "marker"]


async def test_the_menu_opens_the_lfw_setup_and_esc_comes_back(tmp_path, monkeypatch):
    from textual.widgets import OptionList

    from whitechapel.app import MenuScreen

    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        menu.query_one(OptionList).highlighted = 0  # Letters from Whitechapel
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, LfwSetup)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert app.screen is menu
    # Started at the setup screen (`whitechapel lfw`), Esc opens the menu.
    app = WhitechapelApp(start=LfwSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_an_autosaved_game_continues_where_it_stopped(tmp_path, monkeypatch):
    from whitechapel.app import open_record

    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    app, screen = lfw_app(3, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        driver = LfwDriver(pilot, screen, 3)
        await driver.pass_handover()
        for _ in range(3):  # hideout, women, then the patrols' hand-over
            await driver.play_action(driver.next_action())
            if screen.curtain_up:
                await driver.pass_handover()
        await driver.saved()
        history = [str(a) for a in screen.source.game.history]
    saved = Store(tmp_path).list()
    assert len(saved) == 1
    app = WhitechapelApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        open_record(app, saved[0].path)
        await settle.settle(pilot)
        again = app.screen
        assert isinstance(again, LfwScreen)
        assert [str(a) for a in again.source.game.history] == history
        assert again.curtain_up  # the hand-over comes first, secrets stay hidden


async def test_a_click_on_a_highlighted_circle_chooses_it(tmp_path):
    app, screen = lfw_app(4, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # Jack takes the keyboard: choose a hideout
        view = screen.query_one(MapView)
        target = int(screen.picking.node_options()[-1])
        view.centre_on(target)
        await settle.settle(pilot)
        label = view.canvas.labels[target]
        offset = (label.x0 + 1 - int(view.scroll_x), label.y - int(view.scroll_y))
        assert await settle.click(pilot, MapView, offset=offset)
        await settle.settle(pilot)
        assert str(screen.source.game.history[-1]) == f"hideout {target}"
