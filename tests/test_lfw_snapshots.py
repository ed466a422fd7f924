"""Snapshots of the Letters from Whitechapel screens at 80×24 and 160×50
(see tests/snapshots.py): the setup screen, a hand-over, the police turn on
the map, Jack's turn behind the hide screen, and the end.  Games are played
by the engine from fixed seeds, so the screens repeat exactly;
`UPDATE_SNAPSHOTS=1` rewrites the baselines after a deliberate change."""

from __future__ import annotations

import pytest

import settle
from lfw_app_play import PLAYERS
from snapshots import screen_text, snapshot  # noqa: F401 (a fixture)
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.lfw.ui.setup import LfwSetup
from whitechapel.ui.source import LocalSource

STARTED = "2026-01-01T00:00:00+00:00"


def played_until(seed: int, stop, board: str = "tutorial") -> LfwGame:
    """A game played by the engine (Jack mostly heading home) until `stop(game)`."""
    chance = Chance(seed)
    game = LfwGame.new(seed, Options(), load_board(board))
    while game.outcome is None and not stop(game):
        if game.to_act == JACK:
            game.apply(homeward_action(game, chance, eager=0.9))
        else:
            game.apply(game.random_action(chance))
    return game


def screen_for(game: LfwGame, tmp_path) -> LfwScreen:
    record = record_of(game, players=PLAYERS, started=STARTED)
    return LfwScreen(LocalSource(game, record, Store(tmp_path)), game.board)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_main_screens(tmp_path, snapshot, size):  # noqa: F811
    app = WhitechapelApp(start=LfwSetup(seed=7, map_name="tutorial", players=PLAYERS))
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        snapshot.check(app, "setup")

        # The police turn (T2), on the map: after the hand-over to the police.
        game = played_until(7, lambda g: g.phase == "hunt" and g.night == 1)
        screen = screen_for(game, tmp_path)
        app.switch_screen(screen)
        await settle.settle(pilot)
        assert screen.curtain_up
        snapshot.check(app, "handover-to-the-police")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert screen.holder == POLICE
        assert "Hunting the monster" in screen_text(app)
        snapshot.check(app, "police-turn")

        # Jack's turn (T1), behind the hide screen he was handed.
        game = played_until(7, lambda g: g.phase == "escape" and len(g.row) == 2)
        screen = screen_for(game, tmp_path)
        app.switch_screen(screen)
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert screen.holder == JACK and "Secret — Jack only" in screen_text(app)
        snapshot.check(app, "jack-turn")

        # The end: the result and Jack's path, night by night.
        game = played_until(4, lambda g: False)
        screen = screen_for(game, tmp_path)
        app.switch_screen(screen)
        await settle.settle(pilot)
        await settle.press(pilot, "2")
        await settle.settle(pilot)
        assert "game over" in screen_text(app)
        snapshot.check(app, "end")
