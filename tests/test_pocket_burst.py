"""Keys that arrive in one burst (a fast typist, a paste, SSH delivering
several keys in one packet) act in the order they came (tester QF, Pocket
round 17: "`4 b 3 e` in one burst opened the Exchange (token 3), not the
Rotation I chose": the token's digit, a binding, ran after the screen had
already seen the tile's letter, and the row's digit then chose a token)."""

from __future__ import annotations

import settle
from pocket_app_play import SETUPS, Driver, pocket_app
from test_lfw_burst import burst
from whitechapel.pocket.actions import Exchange, Rotate
from whitechapel.pocket.ui.choosing import Mode


async def test_p5_an_exchange_typed_in_one_burst_is_played_as_typed(tmp_path):
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen).pass_handover()
        burst(app, "3a1c3\r")
        await settle.settle(pilot)
        assert game.history == [Exchange(0, 8)]


async def test_p5_a_rotation_typed_in_one_burst_turns_the_tile_named(tmp_path):
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    game = screen.source.game
    for text in ("A", "T+1", "J:-", "Xa1c3"):  # round 2 opens on H W R R, Jack first
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen).pass_handover()
        burst(app, "3a1")
        await settle.settle(pilot)
        assert screen.choice.mode == Mode.ORIENT and screen.choice.cursor == 0
        burst(app, "r\r")
        await settle.settle(pilot)
        assert isinstance(game.history[-1], Rotate) and game.history[-1].square == 0


async def test_p5_a_puzzle_takes_a_burst_as_the_game_does():
    """Tester QS (round 23): `4 b 1 r` in one burst in puzzle 2 lost the
    4, and 1 chose Holmes: a puzzle's screen has bindings of its own (n,
    u, p), and only those were run in the order the keys came."""
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.ui.puzzles import PuzzleScreen

    app = WhitechapelApp(start=PuzzleScreen(2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the lesson read
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        burst(app, "4b1r")
        await settle.settle(pilot)
        choice = screen.choice
        assert choice.mode == Mode.ORIENT and choice.cursor == 1 and choice.wall is not None
