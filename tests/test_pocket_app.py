"""The Textual app and Mr. Jack Pocket hot-seat play, through a Pilot.

Games are played as players play them: key presses (or clicks) chosen from
the engine's legal actions, a hand-over screen passed with Enter whenever the
keyboard changes hands.  Every full game here also runs the P9 secrecy watch
(`SecrecyWatch`) after each key press.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandPalette
from textual.widgets import Input, OptionList

import settle
from pocket_app_play import (
    PLAYERS,
    SETUPS,
    Driver,
    SecrecyWatch,
    button_names,
    plan_game,
    pocket_app,
    visible_buttons,
    widget_text,
)
from polling import until
from snapshots import screen_text
from whitechapel.app import (
    ContinueScreen,
    LoadScreen,
    MenuScreen,
    WhitechapelApp,
)
from whitechapel.core.record import record_of, replay
from whitechapel.core.store import Store, autosave_name
from whitechapel.pocket import end
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTERS, INVESTIGATOR, JACK
from whitechapel.pocket.ui.screen import PocketScreen, is_cards, is_handover
from whitechapel.pocket.ui.setup import PocketSetup
from whitechapel.pocket.views import Played, WitnessCall
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.screens.leave import LeaveScreen
from whitechapel.ui.source import LocalSource

GUARD = "Make it at least 80×24 to play."
ACTION_KINDS = {"Move", "Joker", "Rotate", "Exchange", "Alibi"}


def plain(widget) -> str:
    rendered = widget.render()
    return str(getattr(rendered, "plain", rendered))


def ui_state(screen: PocketScreen) -> tuple:
    c = screen.choice
    return (c.mode, c.token, c.cursor, c.first, c.wall, screen.holder)


# -- full games ---------------------------------------------------------------


def assert_finished_and_saved(
    app, screen: PocketScreen, store_dir: Path, played, *, wide: bool
) -> None:
    game = screen.source.game
    outcome = game.outcome
    assert outcome is not None
    banner = f"game over: {screen.player_name(outcome.winner)} wins"  # "Ann (Jack) wins"
    assert banner in plain(screen.query_one("#banner"))
    text = screen_text(app)
    assert banner in text
    assert f"Game over: {end.said(outcome.reason)}." in plain(screen.query_one("#prompt"))
    assert button_names(screen) == ["do-save", "do-rematch", "do-menu", "do-review"]
    # P8: the end shows Jack to both sides.
    assert f"Jack was {CHARACTERS[game.jack].name}." in widget_text(app)
    # Autosaved after the last action, and the record replays to the same end.
    saves = Store(store_dir).list()
    assert len(saves) == 1 and saves[0].path.name.startswith("autosave-pocket-")
    record = saves[0].record
    assert record is not None
    assert record.actions == [str(a) for a in played]
    assert record.players == PLAYERS and record.seed is None
    assert record.outcome == outcome
    again = replay(record)
    assert again.outcome == outcome and again == game


@pytest.mark.parametrize(
    ("name", "seed", "size", "winner"),
    [
        # Seeds picked for short games with every kind of action, Jack drawing
        # an alibi card and his joker moving nobody (J:-).
        ("goodley", 2866, (80, 24), JACK),  # six hourglasses in round 3
        ("lestrade", 253, (100, 30), INVESTIGATOR),
        ("stealthy", 1668, (120, 40), INVESTIGATOR),
    ],
)
async def test_a_full_game_by_keys_ends_on_the_banner_autosaved_and_secret_kept(
    tmp_path, name, seed, size, winner
):
    plan, expected = plan_game(SETUPS[name], seed)
    assert expected.outcome.winner == winner and expected.jack_alibis
    assert {type(a).__name__ for a in plan} == ACTION_KINDS and "J:-" in map(str, plan)
    app, screen = pocket_app(SETUPS[name], tmp_path)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(seed))
        watch = SecrecyWatch(driver)
        driver.after_each = watch
        assert is_handover(app.screen)
        assert driver.handover_text().startswith("Pass to Bob (the investigator)")
        watch("start")
        played = await driver.play_game(plan, detour=0.2 if name == "goodley" else 0.0)
        assert screen.source.game == expected  # the keys did what the engine alone did
        await driver.saved()
        assert_finished_and_saved(app, screen, tmp_path, played, wide=size[0] >= 100)
        assert watch.checked_clean > 15 and watch.checked_secret > 5
        # Each change of side had its hand-over, and only those, and each
        # round's end its summary (then a hand-over even to the same side).
        log = screen.source.game.view(JACK).log
        expected, last, ended = 1, None, False
        for e in log:
            if isinstance(e, WitnessCall):
                ended = True
            elif isinstance(e, Played):
                expected += last is not None and (e.side != last or ended)
                last, ended = e.side, False
        assert len(driver.handovers) == expected
        assert len(driver.summaries) == sum(1 for e in log if isinstance(e, WitnessCall))

        if name != "goodley":
            return
        # After the end, action keys do nothing; ctrl+s keeps a named record.
        before = screen.source.game.clone()
        for key in ("1", "r", "enter", "s"):
            await settle.press(pilot, key)
        await settle.settle(pilot)
        assert screen.source.game == before and app.screen is screen
        await settle.press(pilot, "ctrl+s")
        await settle.settle(pilot)
        names = sorted(s.path.name for s in Store(tmp_path).list())
        assert len(names) == 2 and names[1].startswith("game-pocket-")
        assert "Record saved in" in " ".join(screen_text(app).split())
        said = [n.message for n in app._notifications][-1]
        # the name on lines of its own, broken after a '-' only (never mid-word)
        assert "".join(said.split("\nas ")[-1].split("\n")) == names[1], said
        assert all(row.endswith("-") for row in said.split("\nas ")[-1].split("\n")[:-1])


async def test_a_full_game_in_secrets_mode_hides_jacks_cards_except_on_his_screen(tmp_path):
    plan, expected = plan_game(SETUPS["gull"], 664)
    assert expected.jack_alibis  # Jack draws a card: there is something to hide
    app, screen = pocket_app(SETUPS["gull"], tmp_path, handover="secrets")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert app.screen is screen  # no hand-over prompt in this mode
        assert "Choose an action token" in screen_text(app)
        driver = Driver(pilot, screen, random.Random(3))  # Jack looks on turns 1 and 4
        watch = SecrecyWatch(driver)
        driver.after_each = watch
        played = await driver.play_game(plan, peek=0.5)
        assert screen.source.game == expected
        await driver.saved()
        assert_finished_and_saved(app, screen, tmp_path, played, wide=False)
        looks = driver.handovers.count("cards")
        # Each card Jack drew was shown to him as he drew it, behind his curtain.
        drawn = [CHARACTERS[c].name for c in expected.jack_alibis]
        assert driver.drawn == drawn[: len(driver.drawn)] and driver.drawn
        assert looks == 2 and watch.checked_secret == looks + len(driver.drawn)
        assert watch.checked_clean > 20
        # No hand-over between the sides: only the two around Jack's cards on
        # his own turn (the investigator looks away; Enter hides them again).
        assert len(driver.handovers) == 2 * looks
        # The rematch keeps the players and the mode, with a new game.
        await settle.press(pilot, "n")
        await settle.settle(pilot)
        assert isinstance(app.screen, PocketScreen) and app.screen is not screen
        assert app.screen.handover == "secrets" and app.screen.source.game.history == []
        assert app.screen.source.record.players == PLAYERS


async def test_the_secret_cards_screen_shows_identity_cards_and_hourglasses(tmp_path):
    game = PocketGame(SETUPS["gull"])
    for text in ("W+1", "A", "Xa1c3", "J:H"):  # Jack draws Smith in round 1
        game.play(text)
    record = record_of(game, players=PLAYERS, settings={"handover": "secrets"})
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    async with WhitechapelApp(start=screen).run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert game.to_act == "jack"  # round 2: Jack first
        await settle.press(pilot, "s")
        assert is_handover(pilot.app.screen)
        text = " ".join(screen_text(pilot.app).split())
        assert "Ann (Jack): your cards" in text and "Bob (the investigator), look away." in text
        assert "Pass to" not in text  # Jack's own turn: nobody passes the keyboard
        await settle.press(pilot, "enter")
        assert is_cards(pilot.app.screen)
        text = widget_text(pilot.app)
        assert "You are William Gull." in text
        assert (
            f"Your alibi cards: John Smith Your hourglasses: {game.jack_hourglasses()} of 6" in text
        )
        await settle.press(pilot, "enter")  # hidden again; Jack plays on
        assert not is_handover(pilot.app.screen)
        assert "Pass to Bob" not in screen_text(pilot.app)
        assert "Your alibi cards" not in screen_text(pilot.app) + widget_text(pilot.app)


async def test_a_game_by_mouse_clicks(tmp_path):
    plan, expected = plan_game(SETUPS["lestrade"], 48)  # two rounds, every kind of action
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(4))
        await driver.pass_handover()
        # A click on a tile means nothing while a token is being chosen.
        before = (screen.source.game.clone(), ui_state(screen))
        await driver.click_tile(0)
        assert (screen.source.game, ui_state(screen)) == before
        played = await driver.play_game(plan, mouse=True)
        assert {type(a).__name__ for a in played} == ACTION_KINDS
        assert screen.source.game == expected and screen.source.game.outcome is not None
        await driver.saved()
        saved = Store(tmp_path).list()[0].record
        assert saved is not None and saved.actions == [str(a) for a in played]


async def test_two_quick_clicks_on_rotate_turn_the_tile_twice(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3")  # Rotation; the cursor is on b2 (wall S)
        await settle.settle(pilot)
        rotate = next(b for b in visible_buttons(screen) if b.choice == "do-rotate")
        x, y = rotate.region.offset
        for chain in (1, 2):  # a double click, as the terminal reports one
            rotate.post_message(
                events.Click(rotate, 1, 1, 0, 0, 1, False, False, False, x + 1, y + 1, chain=chain)
            )
        await settle.settle(pilot)
        assert screen.choice.wall == 0  # clockwise: S -> W, then N


async def test_the_whole_end_reason_shows_at_80_columns(tmp_path):
    _plan, expected = plan_game(SETUPS["lestrade"], 253)
    screen = PocketScreen(
        LocalSource(expected, record_of(expected, players=PLAYERS), Store(tmp_path))
    )
    async with WhitechapelApp(start=screen).run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "game over: Bob (the investigator) wins" in screen_text(pilot.app)
        assert expected.outcome.reason in " ".join(screen_text(pilot.app).split())


# -- what is refused, and what means nothing ---------------------------------


async def test_a_played_token_is_refused_with_a_reason_and_nothing_changes(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        # The hand-over is opaque: nothing of the district shows through.
        text = screen_text(app)
        for word in ("Pizer", "Goodley", "Action tokens", "Rounds", "║"):
            assert word not in text
        driver = Driver(pilot, screen)
        await driver.pass_handover()
        await driver.play(parse_action("H+1"))
        await driver.pass_handover()  # to Jack
        game_before, state_before = screen.source.game.clone(), ui_state(screen)
        await settle.press(pilot, "1")
        assert "That token was played this round." in screen_text(app)
        assert screen.source.game == game_before and ui_state(screen) == state_before
        assert "tok-0" not in button_names(screen)  # no button for it either
        # The next legal choice clears the reason.
        await settle.press(pilot, "2")
        assert screen.choice.mode == "move" and "That token" not in screen_text(app)


async def test_a_tile_rotated_this_round_cannot_be_rotated_again(tmp_path):
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J
    game = screen.source.game
    for text in ("A", "T+1", "J:-", "Xa1c3"):
        game.play(text)
    assert game.round == 2 and game.open_faces() == ["H", "W", "R", "R"]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()
        await driver.play(parse_action("Rb2E"))  # Jack turns b2
        await driver.pass_handover()  # to the investigator, with the other Rotation token
        await settle.press(pilot, "4")
        # The cursor starts on b2, dimmed here: the prompt says why.
        assert screen.choice.mode == "tile" and screen.choice.cursor == 4
        assert "b2 (" in screen_text(app) and "was rotated this round" in screen_text(app)
        game_before, text_before = game.clone(), screen_text(app)
        await settle.press(pilot, "r")
        text = screen_text(app)
        assert "This tile cannot be rotated now (↻: it was rotated this round)." in text
        assert screen.choice.wall is None and game == game_before
        # The district is drawn as before: no preview of a new wall.
        district = slice(1, 18)
        assert text.split("\n")[district] == text_before.split("\n")[district]
        await settle.press(pilot, "enter")
        assert "This tile (↻) was rotated this round: choose another one." in screen_text(app)
        assert game == game_before and screen.choice.mode == "tile"
        # Another tile can be turned.
        await settle.press(pilot, "left", "r", "enter")
        assert str(game.history[-1]).startswith("Ra2") and game.step == 2


async def test_keys_that_mean_nothing_now_change_nothing(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)

        async def nothing(*keys: str) -> None:
            game, state, text = screen.source.game.clone(), ui_state(screen), screen_text(app)
            for key in keys:
                await settle.press(pilot, key)
                await settle.settle(pilot)
                assert screen.source.game == game, key
                assert ui_state(screen) == state, key
                assert screen_text(app) == text, f"{key!r} changed the screen"

        # On the hand-over screen nothing of the game answers.
        await nothing("1", "h", "escape")
        await driver.pass_handover()
        # Choosing a token: joker, step, tile and confirm keys, other digits.
        await nothing("h", "0", "7", "r", "left", "escape", "s", "n")
        await settle.press(pilot, "1")  # Holmes: one step to begin with (shown)
        await nothing("h", "r", "7", "1")  # "1": one step, as it is
        await settle.press(pilot, "escape", "4")  # the joker
        await nothing("7", "r", "4")
        # The investigator may not leave every detective where he is (P5).
        game_before = screen.source.game.clone()
        await settle.press(pilot, "0")
        assert "must move a detective" in screen_text(app) and screen.source.game == game_before
        await settle.press(pilot, "escape", "3")  # Rotation
        await nothing("h", "7", "3")


async def test_enter_while_choosing_a_token_does_nothing(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the hand-over
        await settle.settle(pilot)
        assert screen.choice.mode == "token"
        await settle.press(pilot, "enter")  # a second Enter, say a key held a moment too long
        await settle.settle(pilot)
        assert screen.choice.mode == "token" and screen.choice.token is None


# -- the window, help, palette, quitting -----------------------------------------


async def test_the_too_small_guard_follows_the_window_size(tmp_path):
    app, _screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        assert GUARD not in screen_text(app)
        for size, shown in [
            ((79, 24), True),
            ((80, 24), False),
            ((80, 23), True),
            ((120, 40), False),
        ]:
            await pilot.resize_terminal(*size)
            await settle.settle(pilot)
            text = screen_text(app)
            assert (GUARD in text) is shown, (size, text)
            if not shown:
                assert "Choose an action token" in text
        # The menu has the same guard.
        app.push_screen(MenuScreen())
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.resize_terminal(79, 30)
        await settle.settle(pilot)
        assert GUARD in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await settle.settle(pilot)
        assert GUARD not in screen_text(app)


async def test_a_game_started_in_a_small_window_shows_the_guard(tmp_path):
    app, _ = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(79, 23)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert GUARD in screen_text(app)


async def test_help_opens_with_f1_or_question_mark_and_escape_closes_it(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        for key in ("f1", "question_mark"):
            await settle.press(pilot, key)
            await settle.settle(pilot)
            assert isinstance(app.screen, HelpScreen), key
            text = screen_text(app)  # the rules of the moment first, then the summary
            assert "Now" in text and "Round 1 of 8" in text
            assert "Mr. Jack Pocket" in app.screen.markdown and "Goals." in app.screen.markdown
            await settle.press(pilot, "escape" if key == "f1" else key)  # ? closes too
            await settle.settle(pilot)
            assert app.screen is screen


async def test_the_command_palette_offers_a_new_pocket_game(tmp_path):
    app, _screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "ctrl+p")
        await settle.settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await settle.press(pilot, *"new mr")
        await until(  # the palette searches in a worker
            lambda: "New Mr. Jack Pocket game" in screen_text(app),
            what="the palette offering a new game",
            pilot=pilot,
        )
        await settle.press(pilot, "enter")
        # the game under way is left first, asked (tester V4, LfW round 51: App.from_menu)
        await until(lambda: isinstance(app.screen, LeaveScreen), what="the question", pilot=pilot)
        await settle.press(pilot, "enter")
        await until(
            lambda: isinstance(app.screen, PocketSetup),
            what="the Pocket setup",
            pilot=pilot,
        )
        assert not any(isinstance(s, PocketScreen) for s in app.screen_stack)


async def test_ctrl_q_quits_and_the_game_in_progress_is_saved(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(1))
        played = await driver.play_game(max_actions=1)
        await settle.press(pilot, "ctrl+q")  # asks once, naming the file
        saves = Store(tmp_path).list()
        assert len(saves) == 1 and app.is_running
        assert f"The game is saved in {saves[0].path}" in app.screen.question
        shown = "".join(line.strip(" ┃") for line in screen_text(app).splitlines())
        assert str(saves[0].path) in shown  # folded over lines, whole
        await settle.press(pilot, "escape")  # back to the game, nothing changed
        assert app.screen is screen and len(screen.source.game.history) == len(played)
        await settle.press(pilot, "ctrl+q", "ctrl+q")  # ctrl+q again quits
        await settle.settle(pilot)
        assert not app.is_running
    saves = Store(tmp_path).list()
    assert len(saves) == 1 and saves[0].record is not None
    assert saves[0].record.actions == [str(a) for a in played]
    assert saves[0].record.outcome is None


# -- the menu ----------------------------------------------------------------------


async def choose(app, pilot, option: str) -> None:
    """Enter on the menu's option `option` (by its id: the menu grows)."""
    options = app.screen.query_one(OptionList)
    options.highlighted = options.get_option_index(option)
    await settle.press(pilot, "enter")
    await settle.settle(pilot)


async def test_the_menu_rules_and_a_new_pocket_game_with_the_names_typed():
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        # Rules opens the help; Esc comes back.
        options = menu.query_one(OptionList)
        options.highlighted = options.get_option_index("rules-pocket")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "Mr. Jack Pocket" in screen_text(app) and "The rules" in screen_text(app)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert app.screen is menu
        # Mr. Jack Pocket opens the setup; Esc goes back to the menu.
        menu.query_one(OptionList).highlighted = 0
        await settle.press(pilot, "down", "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, PocketSetup)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert app.screen is menu
        # Names typed, Enter: the game starts with them.  (The menu's
        # highlight stays on the entry last opened: round 21.)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, PocketSetup)
        await settle.press(pilot, "tab", *"Ann", "tab", *"Bob", "enter")  # from Who plays
        await settle.settle(pilot)
        assert is_handover(app.screen)
        assert "Pass to Bob (the investigator)" in screen_text(app)
        assert "Ann (Jack), look away." in screen_text(app)
        await settle.press(pilot, "enter")
        game_screen = app.screen
        assert isinstance(game_screen, PocketScreen)
        assert game_screen.source.record.players == {"jack": "Ann", "investigator": "Bob"}
        assert game_screen.handover == "always"
        assert "Bob (the investigator) to play" in screen_text(app)
        # The setup screen was replaced: the menu is right below the game.
        assert app.screen_stack[-2] is menu


async def test_the_setup_screen_chooses_the_secrets_hand_over_mode():
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "down", "enter")
        await settle.settle(pilot)
        # from Who plays, past the two names: Space, the next hand-over choice
        await settle.press(pilot, "tab", "tab", "tab", "space")
        await settle.settle(pilot)
        assert "(•) around Jack's cards only" in screen_text(app)
        assert isinstance(app.screen, PocketSetup)
        await settle.press(pilot, "enter")  # on the choice itself, Enter starts the game
        await settle.settle(pilot)
        assert isinstance(app.screen, PocketScreen) and app.screen.handover == "secrets"
        assert app.screen.source.record.players == {}
        assert "the investigator to play" in screen_text(app)


async def test_continue_lists_autosaves_newest_first_and_opens_one():
    # Two games in progress, autosaved as the game screen does it.
    store = Store()
    paths = {}
    for name, seed, n in (("Old", 2, 2), ("New", 3, 3)):
        game = PocketGame.new(seed)
        plan, _ = plan_game(game.setup, seed)
        for action in plan[:n]:
            game.advance(action)
        record = record_of(game, seed=seed, players={"jack": name})
        paths[name] = store.save(record, autosave_name(record))
    stamp = paths["New"].stat().st_mtime
    os.utime(paths["Old"], (stamp - 60, stamp - 60))

    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await choose(app, pilot, "continue")
        assert isinstance(app.screen, ContinueScreen)
        rows = [r for r in screen_text(app).split("\n") if "pocket ·" in r]
        assert len(rows) == 2
        assert "3 actions · jack: New" in rows[0] and "2 actions · jack: Old" in rows[1]
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert is_handover(app.screen)
        await settle.press(pilot, "enter")
        opened = app.screen
        assert isinstance(opened, PocketScreen) and len(opened.source.game.history) == 3
        assert opened.source.record.players == {"jack": "New"}
        # Playing on rewrites the same autosave, it does not start another.
        driver = Driver(pilot, opened, random.Random(9))
        await driver.play_game(max_actions=1)
        await until(
            lambda: len(Store().list()[0].record.actions) == 4, what="the autosave", pilot=pilot
        )  # it follows the frame that shows the move
        saves = Store().list()
        assert [s.path for s in saves] == [paths["New"], paths["Old"]]
        assert len(saves[0].record.actions) == 4


async def test_loading_a_bad_path_shows_an_error_and_stays(tmp_path):
    garbage = tmp_path / "notes.json"
    garbage.write_text("{ not json")
    app = WhitechapelApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle.settle(pilot)
        await choose(app, pilot, "load")
        assert isinstance(app.screen, LoadScreen)
        await settle.press(pilot, *"nowhere.json", "enter")  # typed, relative to the folder
        await settle.settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        assert "nowhere.json: no such file" in " ".join(screen_text(app).split())
        app.screen.query_one(Input).value = str(tmp_path / "missing.json")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        # a long path wraps inside the notice: its edge (▌) is not a word
        assert "missing.json: no such file" in " ".join(screen_text(app).replace("▌", " ").split())
        load = app.screen
        load.query_one(Input).value = str(garbage)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert app.screen is load
        assert "broken JSON" in " ".join(screen_text(app).split())


async def test_loading_a_record_opens_the_game(tmp_path):
    game = PocketGame(SETUPS["stealthy"])
    for text in ("H+1", "T+2", "J:-", "Xa1c3"):
        game.play(text)
    record = record_of(game, players=PLAYERS)
    path = tmp_path / "kept.json"
    path.write_text(record.dumps())
    app = WhitechapelApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle.settle(pilot)
        app.push_screen(LoadScreen())
        await settle.settle(pilot)
        app.screen.query_one(Input).value = str(path)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert is_handover(app.screen)
        await settle.press(pilot, "enter")
        assert isinstance(app.screen, PocketScreen) and app.screen.source.game == game
        assert "round 2 of 8" in screen_text(app)
        # Its autosave goes to the data folder under the record's own start time.
        driver = Driver(pilot, app.screen, random.Random(1))
        await driver.play_game(max_actions=1)
        autosave = Store().saves / f"{autosave_name(record)}.json"
        await until(
            lambda: autosave.exists() and len(json.loads(autosave.read_text())["actions"]) == 5,
            what="the autosave of the move",
            pilot=pilot,
        )
        saved = json.loads(autosave.read_text())
        assert saved["actions"][:4] == ["H+1", "T+2", "J:-", "Xa1c3"] and len(saved["actions"]) == 5


def test_the_player_names_used_here_are_no_character_names():
    # The secrecy watch looks for characters' names: PLAYERS must not hold one.
    names = " ".join(PLAYERS.values())
    assert not any(part in names for c in CHARACTERS for part in c.name.split())
