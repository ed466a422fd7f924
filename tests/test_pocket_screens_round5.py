"""Round 5 of issue 44, the screens (testers PG and PH, round 4): Jack's own
tile marked on his board only, his joker starting on nobody and a warning
before a move that has him seen (P5, P6), the round's summary beside the
board (P7), the board's edges, the rotation buttons' keys and the tile
cursor's start, the menu's highlight and its Rules page."""

from __future__ import annotations

import re

import settle
from pocket_app_play import SETUPS, Driver, curtain_text, pocket_app
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.sentences import short_name
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.district import District
from whitechapel.pocket.ui.screen import is_summary
from whitechapel.ui.screens.help import HelpScreen


def board(app) -> str:
    return "\n".join(app.screen.query_one(District).text())


async def test_p9_jacks_own_tile_is_marked_on_his_board_and_never_on_the_investigators(tmp_path):
    """PG 3: "After exchanges I had to search the board for my own name"."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # the investigator first
    game = screen.source.game
    mine = short_name(game.view(JACK).jack.identity)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()
        assert "▸" not in board(app) and "◂" not in board(app)  # the investigator's board
        await driver.play(parse_action("H+1"))
        assert "▸" not in board(app)  # the hand-over's public screen
        await driver.pass_handover()  # Jack's
        assert f"▸{mine}◂" in board(app)
        assert board(app).count("▸") == 1


async def test_p5_jacks_joker_starts_on_nobody_and_a_move_that_has_him_seen_is_said(tmp_path):
    """PH 2: the joker's preview started on Holmes, one Enter from Jack seen."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()
        await driver.play(parse_action("H+2"))
        await driver.pass_handover()
        await settle.press(pilot, "4")
        assert str(screen.candidate()) == "J:-"
        await settle.press(pilot, "enter")  # a quick Enter moves nobody
        assert str(game.history[-1]) == "J:-"
        # Every other preview that has Jack seen says so before Enter.
        jack = game.view(JACK)
        for steps in (1, 2):
            action = parse_action(f"W+{steps}")
            after = game.clone()
            after.play(str(action))
            seen = next(t.seen for t in after.view(JACK).tiles if t.character == jack.jack.identity)
            await settle.press(pilot, "2", str(steps))
            said = "Jack would" in screen_text(app) and "seen" in screen_text(app)
            assert said == seen, (steps, screen_text(app))
            await settle.press(pilot, "escape", "escape")


async def test_p5_the_investigators_joker_still_starts_on_a_detective(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen).pass_handover()
        await settle.press(pilot, "4")
        assert str(screen.candidate()) == "J:H"
        assert "Jack would" not in screen_text(app)


async def test_p7_the_round_summary_stands_beside_the_board_as_the_call_saw_it(tmp_path):
    """PH 6: at one computer the summary replaced the whole board."""
    app, _screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "1", "2", "enter", "enter", "2", "2", "enter")
        await settle.press(pilot, "4", "0", "enter", "enter", "3", "r", "enter")
        await settle.settle(pilot)
        assert is_summary(app.screen)
        text = screen_text(app)
        assert "End of round 1" in curtain_text(app)
        assert "H2" in text and "W6" in text and "Goodley" in text  # the board in sight
        # No suspect cleared by the call shows as cleared yet: the board of the call.
        assert "cleared" not in board(app)
        for row in text.splitlines():  # "Hourglasses known: 1 of 6." never broken
            assert not re.search(r"Hourglasses known: \d+ of\s*$", row), row
        await settle.press(pilot, "enter")
        assert not is_summary(app.screen)


def test_p7_the_summary_keeps_hourglasses_known_whole_on_a_row():
    """PG 4: "Hourglasses known: 1 of" / "6." at 80×24."""
    game = PocketGame(SETUPS["goodley"])
    for text in ("H+2", "W+2", "J:T", "Rb2E"):
        game.play(text)
    names = {JACK: "Ann (Jack)", INVESTIGATOR: "Bob (the investigator)"}
    for form in panels.summary_forms(game.view(INVESTIGATOR), 1, names):
        assert any(line.startswith("Hourglasses known:") for line in form.split("\n"))


async def test_the_edges_tell_positions_from_coordinates(tmp_path):
    """PH 5: "1" meant both row 1 and position 1: a position's number is
    always after a detective's letter or a dot."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen).pass_handover()
        text = board(app)
        for p in range(1, 13):
            assert re.search(rf"[#HWT]{p}\b", text), p
        rows = text.splitlines()
        assert rows[0].split()[0] == "a" and rows[1].split()[0] == "1"


async def test_the_rotation_buttons_name_their_keys_and_the_cursor_starts_on_b2(tmp_path):
    """PG 5: `Rotate ↻` without its letter.  The cursor on b2 every time
    (PI and PJ, round 5, minded the last tile touched)."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J
    game = screen.source.game
    for text in ("A", "T+1", "J:-", "Xa1c3"):
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()  # round 2: Jack, H W R R
        await settle.press(pilot, "3")
        assert screen.choice.cursor == 4  # b2
        text = screen_text(app)
        assert "r Rotate ↻" in text and "e Rotate ↺" in text
        await settle.press(pilot, "escape")
        await driver.play(parse_action("Ra3N"))
        await driver.pass_handover()  # the investigator, who exchanged c3: b2 still
        await settle.press(pilot, "4")
        assert screen.choice.cursor == 4


async def test_the_menu_keeps_the_entry_last_opened_and_rules_open_on_the_game_chosen(tmp_path):
    """The menu starts at the top and, back from an entry, keeps it
    highlighted (QO, round 21: "I pressed ↑×4 expecting 'Pocket puzzles'
    and landed on 'Load a record'"; PE and PH had asked for the top);
    PG: the Rules page opened on the other game's rules."""
    from whitechapel.app import rules_page

    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert menu.query_one("#menu").highlighted == 0
        await settle.press(pilot, "down", "enter")  # Mr. Jack Pocket's setup
        await settle.settle(pilot)
        assert not isinstance(app.screen, MenuScreen)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert app.screen is menu
        options = menu.query_one("#menu")
        assert options.highlighted == options.get_option_index("game-pocket")
        page = rules_page(app)
        assert page.index("Mr. Jack Pocket") < page.index("Letters from Whitechapel")
        options.highlighted = options.get_option_index("rules-pocket")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "Mr. Jack Pocket" in " ".join(screen_text(app).split()[:80])


async def test_p7_the_summary_beside_the_board_is_drawn_in_one_frame(tmp_path):
    """The curtain moved beside the board and resized drew the screen twice
    (a second layout asked by its new virtual size), which doubled the
    key's wait (issue 44's key-to-repaint target)."""
    from whitechapel.benchmarks.frames import FrameTimer

    app, _screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "1", "2", "enter", "enter", "2", "2", "enter")
        await settle.press(pilot, "4", "0", "enter", "enter", "3", "r")
        await settle.settle(pilot)
        timer = FrameTimer(app)
        await timer.press(pilot, "enter")
        await settle.settle(pilot)
        assert is_summary(app.screen)
        assert len(timer.frames) == 1
