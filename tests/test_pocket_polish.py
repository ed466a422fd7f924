"""Issue 44, the blind play-testers' first round (PA, PB): the Pocket
screen as a Board Game Arena player expects it.

- The tile cursor of a rotation or an exchange starts on b2 every time
  (not on the last tile used), and the prompt names it; the second tile of
  an exchange starts on the first (each arrow from it shows a swap).
- Enter never turns a tile: it takes the tile, then the arrows or r / e
  turn it, and only then does Enter play (a quick double Enter played a
  quarter-turn nobody chose).
- A finished game at one keyboard goes back to the menu on Esc or `m`,
  said on the keys line and the prompt.
"""

from __future__ import annotations

import settle
from pocket_app_play import SETUPS, Driver, button_names, plan_game, pocket_app
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.choosing import Mode
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.source import LocalSource

PLAYERS = {"jack": "Ann", "investigator": "Bob"}


def flat(app) -> str:
    return " ".join(screen_text(app).split())


async def test_p5_the_tile_cursor_starts_on_b2_every_time(tmp_path):
    """Round 1 the investigator turned c2; in round 2 his exchange still
    starts on b2 (testers PI and PJ, round 5: a cursor that started on the
    last tile touched turned the wrong tile after a quick key; tester PG
    had asked for it), and its second tile starts on the first."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 2: A T X R
    game = screen.source.game
    for text in ("H+1", "W+1", "J:-", "Rc2E", "A", "T+1"):
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen).pass_handover()
        view = game.view(JACK)
        exchange = next(i for i, t in enumerate(view.tokens) if t.up == "X" and not t.used)
        await settle.press(pilot, str(exchange + 1))
        assert screen.choice.cursor == 4
        await settle.press(pilot, "left")
        assert screen.choice.cursor == 3
        assert f"Exchange: first tile {panels.tile_words(view, 3)}?" in flat(app)
        await settle.press(pilot, "down", "enter")  # the first tile
        assert screen.choice.first == 6 and screen.choice.cursor == 6
        assert screen.candidate() is None  # nothing proposed for the second
        assert f"Swap {panels.tile_words(view, 6)} with…? Arrows from it" in flat(app)
        await settle.press(pilot, "enter")  # the first again: no swap, in words
        assert "Choose a different second tile." in flat(app) and len(game.history) == 6
        await settle.press(pilot, "escape", "escape", "3")  # back out, take the token again
        assert screen.choice.cursor == 4


async def test_p5_enter_takes_the_tile_and_never_turns_it(tmp_path):
    """A rotation: Enter, Enter plays nothing (the second names what to
    do); r turns the tile a quarter clockwise, e back, and Enter plays what
    the board shows."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3", "enter", "enter", "enter")
        assert game.history == [] and screen.choice.mode == Mode.ORIENT
        assert screen.choice.wall is None and screen.query_one("District").preview is None
        assert "arrows point its wall" in flat(app)  # tester QV, round 25
        current = "NESW".index(game.view(JACK).tiles[4].wall)
        await settle.press(pilot, "r", "r", "e")
        assert screen.choice.wall == (current + 1) % 4
        await settle.press(pilot, "enter")
        assert [str(a) for a in game.history] == [f"Rb2{'NESW'[(current + 1) % 4]}"]


def finished_screen(tmp_path) -> PocketScreen:
    plan, _ = plan_game(SETUPS["gull"], 664)
    game = PocketGame(SETUPS["gull"])
    for action in plan:
        game.play(str(action))
    assert game.outcome is not None
    record = record_of(game, seed=None, players=PLAYERS, settings={"handover": "always"})
    return PocketScreen(LocalSource(game, record, Store(tmp_path)))


async def test_a_finished_game_goes_back_to_the_menu_on_escape(tmp_path):
    """Tester PA: "A finished local game has no 'back to menu': Esc does
    nothing".  The prompt and the keys line say it; Esc opens the menu."""
    screen = finished_screen(tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "Esc or m the menu" in flat(app)
        bottom = [row for row in screen_text(app).split("\n") if row.strip()][-1]
        assert "^q Quit" in bottom  # still whole at 80 columns
        assert "do-menu" in button_names(screen)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_m_goes_back_to_the_menu_under_the_game_and_esc_mid_game_does_not(tmp_path):
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        _, playing = pocket_app(SETUPS["goodley"], tmp_path)
        await app.push_screen(playing)
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "escape")  # a game on: Esc does not leave it
        assert app.screen is playing
        await settle.press(pilot, "m")  # m asks first (issue 44, round 2); Esc: no
        await settle.settle(pilot)
        assert app.screen is not playing
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert app.screen is playing
        await app.push_screen(finished_screen(tmp_path))
        await settle.settle(pilot)
        await settle.press(pilot, "m")
        await settle.settle(pilot)
        assert app.screen is menu


async def test_esc_over_the_last_rounds_summary_goes_to_the_menu(tmp_path):
    """QD (round 16): "The footer says 'Esc or m the menu', but both are
    ignored while the end-of-round summary is up (Enter first)"."""
    from whitechapel.pocket.ui.screen import SUMMARY

    plan, _ = plan_game(SETUPS["gull"], 664)
    game = PocketGame(SETUPS["gull"])
    for action in plan[:-1]:
        game.play(str(action))
    record = record_of(game, seed=None, players=PLAYERS, settings={"handover": "secrets"})
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await app.push_screen(screen)
        await settle.settle(pilot)
        while screen.curtain_up:
            await settle.press(pilot, "enter")
        screen.send(str(plan[-1]))
        await settle.settle(pilot)
        assert game.outcome is not None
        assert screen.curtain_up and screen.curtain_kind == SUMMARY
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
