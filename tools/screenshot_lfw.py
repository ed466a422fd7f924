"""An SVG screenshot of the Letters from Whitechapel screen on the 1888 board,
for the README (`docs/lfw-board.svg`): a game played by the engine from a
fixed seed to the police's first turn of night 1, shown in a 200×60
terminal, with the map centred on Gardiner's Corner.

    PYTHONPATH=src python tools/screenshot_lfw.py [--out docs/lfw-board.svg]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.source import LocalSource
from whitechapel.ui.turns import TurnControl

SEED = 1888
SIZE = (200, 60)


def police_turn(seed: int) -> LfwGame:
    chance = Chance(seed)
    game = LfwGame.new(seed, Options(), load_board())
    while game.outcome is None and not (game.phase == "hunt" and game.night == 1):
        if game.to_act == JACK:
            game.apply(homeward_action(game, chance, eager=0.9))
        else:
            game.apply(game.random_action(chance))
    return game


async def shoot(out: Path) -> None:
    TurnControl.hold = 0.0  # the hand-over takes the Enter at once: this one is meant
    game = police_turn(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        record = record_of(
            game, players={"jack": "Mary", "police": "Fred"}, started="2026-01-01T00:00:00+00:00"
        )
        screen = LfwScreen(LocalSource(game, record, Store(Path(tmp))), game.board)
        app = WhitechapelApp(start=screen)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the police take the keyboard
            await pilot.pause()
            app.screen.query_one(MapView).centre_on(65)
            await pilot.pause()
            svg = app.export_screenshot(title="Letters from Whitechapel — the 1888 board")
    out.write_text(svg, encoding="utf-8")
    print("wrote", out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).parents[1] / "docs" / "lfw-board.svg"))
    args = ap.parse_args(argv)
    asyncio.run(shoot(Path(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
