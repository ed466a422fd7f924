"""Round 7 of the Pocket play-tests (blind testers PM and PN; PK and PL in
round 6): a tile is chosen by typing its name, its column's letter a-c
then its row's digit 1-3, as the board labels it, instead of walking the
cursor from b2 with the arrows (docs/pocket.md, "Typing a tile's name
(round 7)")."""

from __future__ import annotations

import random

import settle
from pocket_app_play import SETUPS, Driver, pocket_app
from whitechapel.app import WhitechapelApp
from whitechapel.pocket.actions import Exchange, Rotate
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import DIRECTIONS
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui.bench import keys_for
from whitechapel.pocket.ui.choosing import Mode
from whitechapel.pocket.ui.puzzles import LessonScreen, PuzzleScreen
from whitechapel.ui.widgets.text import TextPanel

ROUND_1 = ("A", "T+1", "J:-", "Xa1c3")  # Lestrade's game: round 2 opens on H W R R, Jack first


def prompt(screen) -> str:
    """The prompt line as painted."""
    widget = screen.query_one("#prompt", TextPanel)
    assert widget._rows is not None
    return " ".join(" ".join(strip.text for strip in widget._rows[1]).split())


async def handed_over(pilot, screen) -> Driver:
    """The game's first screen, its hand-over passed (after `ROUND_1`: to Jack)."""
    await settle.settle(pilot)
    driver = Driver(pilot, screen)
    await driver.pass_handover()
    return driver


# -- 1. a rotation and an exchange by names --------------------------------------------


async def test_p5_an_exchange_is_two_names_and_enter(tmp_path):
    """PN: "An exchange takes 4 to 7 keys."  `3 a 1 c 3 Enter` swaps a1 and
    c3 (before: `3 ↑ ← Enter → → ↓ ↓ Enter`): the first name takes a1, the
    second shows the swap, and Enter plays it, as every action ends."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await handed_over(pilot, screen)  # the investigator, first in round 1
        await settle.press(pilot, "3", "a", "1")
        assert screen.choice.mode == Mode.EXCHANGE and screen.choice.first == 0
        await settle.press(pilot, "c", "3")
        assert screen.candidate() == Exchange(0, 8) and game.history == []  # shown, not played
        assert "Swap a1 (" in prompt(screen) and "c3 (" in prompt(screen)
        await settle.press(pilot, "enter")
        assert game.history == [Exchange(0, 8)]


async def test_p5_a_rotation_is_a_name_a_turn_and_enter(tmp_path):
    """PN: "Turning a1 ... takes `3 ↑ ← Enter ↑ Enter`, which is 6 keys."
    `3 a 1` takes a1 as the cursor on it and Enter would (now where its
    wall will face), `r` turns it, Enter plays: 5 keys, and the arrows
    still turn it after a typed name (`3 a 1 ↓ Enter`)."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    game = screen.source.game
    for text in ROUND_1:
        game.play(text)
    wall = DIRECTIONS.index(game.view("jack").tiles[0].wall)
    async with app.run_test(size=(80, 24)) as pilot:
        await handed_over(pilot, screen)
        await settle.press(pilot, "3", "a", "1")
        assert screen.choice.mode == Mode.ORIENT and screen.choice.cursor == 0
        assert len(game.history) == 4 and "Rotate a1 (" in prompt(screen)
        await settle.press(pilot, "r", "enter")
        assert game.history[-1] == Rotate(0, (wall + 1) % 4)
        await Driver(pilot, screen).pass_handover()  # the investigator: H W and the other R
        await settle.press(pilot, "4", "c", "2", "down", "enter")
        assert game.history[-1] == Rotate(5, 2)


async def test_p5_a_name_retyped_takes_another_tile_and_the_arrows_and_clicks_still_work(
    tmp_path,
):
    """A tile taken, another name typed takes that one instead (its wall
    chosen afresh); an arrow or a click after a half-typed name drops it
    and does its own work."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    game = screen.source.game
    for text in ROUND_1:
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = await handed_over(pilot, screen)
        await settle.press(pilot, "3", "a", "1", "r", "b", "3")
        choice = screen.choice
        assert (choice.mode, choice.cursor, choice.wall) == (Mode.ORIENT, 7, None)
        await settle.press(pilot, "escape", "c", "left")  # back to the tiles; c, then ←
        assert (choice.mode, choice.cursor, choice.typed) == (Mode.TILE, 6, None)
        await settle.press(pilot, "a")
        await driver.click_tile(2)
        assert (choice.cursor, choice.typed) == (2, None)
        assert len(game.history) == 4


# -- 2. half a name changes nothing --------------------------------------------------


async def test_p5_half_a_name_is_said_and_esc_or_backspace_drops_it(tmp_path):
    """The letter alone moves nothing: the prompt says what is typed and
    what comes next; Esc drops the letter alone (the token stays chosen),
    Backspace too (a capital letter counts), and a digit after that is a
    token's again."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    game = screen.source.game
    for text in ROUND_1:
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        await handed_over(pilot, screen)
        await settle.press(pilot, "3")
        before = prompt(screen)
        await settle.press(pilot, "b")
        choice = screen.choice
        assert "b…: now its row, 1-3" in prompt(screen)
        assert (choice.mode, choice.cursor, screen.candidate()) == (Mode.TILE, 4, None)
        await settle.press(pilot, "escape")
        assert (choice.mode, choice.token, choice.typed) == (Mode.TILE, 2, None)
        assert prompt(screen) == before
        await settle.press(pilot, "C")  # either case
        assert choice.typed == "c" and "c…: now its row" in prompt(screen)
        await settle.press(pilot, "backspace")
        assert (choice.mode, choice.typed) == (Mode.TILE, None) and prompt(screen) == before
        await settle.press(pilot, "1")  # Holmes's token, not b1 or c1
        assert choice.mode == Mode.MOVE and choice.token == 0
        assert len(game.history) == 4


async def test_p5_a_row_that_is_not_one_says_so_and_keeps_the_token(tmp_path):
    """`a 4`: no row 4.  The sentence says the rows; the letter stays, and
    token 4 is not taken (it would be, a letter not typed)."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    game = screen.source.game
    for text in ROUND_1:
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        await handed_over(pilot, screen)
        await settle.press(pilot, "3", "a", "4")
        assert "There is no row 4: a1, a2 or a3." in prompt(screen)
        assert (screen.choice.mode, screen.choice.token, screen.choice.typed) == (
            Mode.TILE,
            2,
            "a",
        )
        await settle.press(pilot, "2")
        assert (screen.choice.mode, screen.choice.cursor) == (Mode.ORIENT, 3)
        assert len(game.history) == 4


# -- 3. a tile that cannot be taken --------------------------------------------------


async def test_p5_a_tile_rotated_this_round_typed_says_so_and_nothing_is_played(tmp_path):
    """Jack turned a3; the investigator's `a 3` gets the sentence Enter on
    a3 gets, and the cursor goes on a3, nothing taken or played; a turn key
    typed after it turns nothing (tester QM, round 20: his `e` turned b2,
    where the cursor had stayed)."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    game = screen.source.game
    for text in (*ROUND_1, "Ra3N"):
        game.play(text)
    sentence = "This tile (↻) was rotated this round: choose another one."
    async with app.run_test(size=(80, 24)) as pilot:
        await handed_over(pilot, screen)  # the investigator's two actions
        await settle.press(pilot, "4", "a", "3")
        assert sentence in prompt(screen)
        choice = screen.choice
        assert (choice.mode, choice.cursor, choice.wall, choice.typed) == (Mode.TILE, 6, None, None)
        assert screen.candidate() is None and len(game.history) == 5
        await settle.press(pilot, "e")
        assert "cannot be rotated now" in prompt(screen)
        assert choice.wall is None and screen.candidate() is None
        await settle.press(pilot, "left", "down", "enter")  # the cursor's Enter on it
        assert sentence in prompt(screen) and choice.mode == Mode.TILE
        assert len(game.history) == 5


async def test_p5_an_exchanges_second_name_the_first_again_says_so(tmp_path):
    """`3 a 1 a 1`: the second tile cannot be the first; Enter on it says
    "Choose a different second tile." and so does its name."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await handed_over(pilot, screen)
        await settle.press(pilot, "3", "a", "1", "b", "2", "a", "1")
        assert "Choose a different second tile." in prompt(screen)
        assert screen.choice.cursor == 4 and screen.candidate() == Exchange(0, 4)
        await settle.press(pilot, "enter")
        assert game.history == [Exchange(0, 4)]


async def test_p5_in_a_puzzle_a_is_a_column_and_u_tries_again():
    """Puzzle 5: while a tile is chosen `a` starts a name (a2, turned this
    round, refused); `u` tries again (tester PO, round 8: with `a` for it,
    "3a1" typed fast restarted the puzzle)."""
    app = WhitechapelApp(start=PuzzleScreen(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await settle.press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await settle.press(pilot, "4", "a")
        assert app.screen is screen and "a…: now its row" in prompt(screen)
        await settle.press(pilot, "2")
        assert "This tile (↻) was rotated this round" in prompt(screen)
        await settle.press(pilot, "b", "2", "left", "enter")  # the solution, Rb2W
        assert screen.verdict is not None and screen.verdict.met
    app = WhitechapelApp(start=PuzzleScreen(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "4", "escape")
        first = app.screen
        assert isinstance(first, PuzzleScreen) and first.choice.mode == Mode.TOKEN
        await settle.press(pilot, "a")  # a column alone: nothing restarts
        assert app.screen is first
        await settle.press(pilot, "escape", "u")  # try again, its lesson first
        assert isinstance(app.screen, LessonScreen) and first not in app.screen_stack


# -- 4. the bench's keys -------------------------------------------------------------


def test_the_benchs_keys_type_a_name_where_it_is_fewer():
    """An exchange a1 ↔ c3: `3 a 1 c 3 Enter`, 6 keys (9 with the arrows);
    each tile by the arrows where they are as few.  A rotation's tile is as
    near by the arrows from b2 (at most 2) as by its name (2), so its keys
    keep the arrows."""
    game = PocketGame(SETUPS["lestrade"])  # the investigator's X is his token 3
    assert keys_for(game, Exchange(0, 8)) == ["3", "a", "1", "c", "3", "enter"]
    assert keys_for(game, Exchange(3, 4)) == ["3", "left", "enter", "right", "enter"]
    assert keys_for(game, Exchange(1, 6)) == ["3", "up", "enter", "a", "3", "enter"]
    for seed in range(3):
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            for action in game.legal_actions():
                keys = keys_for(game, action)
                if isinstance(action, Exchange):
                    assert 4 <= len(keys) <= 6, (action, keys)
                elif isinstance(action, Rotate):
                    assert not set(keys) & set("abc"), (action, keys)
            game.advance(rng.choice(game.legal_actions()))
