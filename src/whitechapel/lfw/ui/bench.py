"""The Letters from Whitechapel screens' speed (issue: LfW hot-seat play).

- Cold start to the setup screen: wall-clock time of a fresh `python -c`
  that imports the app, opens `whitechapel lfw`'s setup screen headless at
  80×24, and exits once its first frame is drawn.  Median of a few runs.
- Key press to repainted screen during the police turn: a headless app
  (`run_test`, 120×40) plays real games on the 1888 board by keys (random
  legal actions turned into the keys a player presses; Enter on each
  hand-over).  For every key pressed while the police hold the keyboard in
  the Hunt (T2 moves, T3 searches and arrests), the time from sending it to
  the last frame it caused, the frame also turned into the terminal's
  bytes.  The first ten such keys warm up and are not counted.  p95 in ms.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from whitechapel.benchmarks import frames
from whitechapel.benchmarks.base import Benchmark, p95
from whitechapel.benchmarks.frames import FrameTimer

KEY_NAMES = {"-": "minus", ".": "full_stop", "_": "underscore"}
WARM_UP = 10


def cold_start(budget: float) -> float:
    """Seconds from starting Python to the setup screen's first frame (median)."""
    return frames.cold_start("whitechapel.lfw.ui.setup", "LfwSetup", "start=LfwSetup()", budget)


def keys_for(game, text: str) -> list[str]:
    """The keys a player presses on the screen to play the action `text`:
    a node's number or id and Enter, a digit for a word among words only,
    the word and Enter beside nodes, Enter alone for "done"."""
    from whitechapel.lfw.ui.choosing import Chooser, words_of

    view = game.view(game.to_act)
    if "placement" in view:
        keys: list[str] = []
        for word in text.split()[1:]:
            if word != "/":
                keys += [*(KEY_NAMES.get(c, c) for c in word), "enter"]
        return keys
    board = game.board
    chooser = Chooser(view["legal"])
    target = words_of(text)
    keys = []
    while len(chooser.picked) < len(target):
        word = target[len(chooser.picked)]
        opts = chooser.options()
        nodes = [
            o for o in opts if (o.isdigit() and board.is_circle(int(o))) or board.is_crossing(o)
        ]
        if nodes:
            keys += [*(KEY_NAMES.get(c, c) for c in word), "enter"]
        else:
            keys.append(str([o for o in opts if o not in nodes].index(word) + 1))
        chooser.pick(word)
    if chooser.options() or not keys:
        keys.append("enter")  # complete (or the only action there is): Enter alone plays it
    return keys


async def _police_key_latencies(presses: int, deadline: float) -> list[float]:
    from whitechapel.app import WhitechapelApp
    from whitechapel.core.chance import Chance
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.phases import JACK, POLICE, Phase
    from whitechapel.lfw.rules import RULES
    from whitechapel.lfw.selfplay import homeward_action
    from whitechapel.lfw.ui.screen import LfwScreen

    chance = Chance(2026)
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))

        def new_screen() -> LfwScreen:
            game = LfwGame.new(chance.below(10**6))
            return RULES.local_screen(game, record_of(game), store)

        screen = new_screen()
        app = WhitechapelApp(start=screen)
        async with app.run_test(size=(120, 40)) as pilot:
            timer = FrameTimer(app)
            await pilot.pause()
            warm_up = WARM_UP
            while len(latencies) < presses and (len(latencies) < 30 or time.time() < deadline):
                game = screen.source.game
                if game.outcome is not None:
                    screen = new_screen()
                    app.switch_screen(screen)
                    await pilot.pause()
                    continue
                if screen.curtain_up:
                    await pilot.press("enter")
                    continue
                if game.to_act == JACK:
                    text = str(homeward_action(game.clone(), chance))
                else:
                    text = str(game.random_action(chance))
                timed = game.to_act == POLICE and game.phase in (
                    Phase.HUNT,
                    Phase.CLUES,
                    Phase.SEARCHING,
                )
                for key in keys_for(game, text):
                    took = await timer.press(pilot, key)
                    if not timed or took is None:
                        continue
                    if warm_up:
                        warm_up -= 1
                    else:
                        latencies.append(took)
    return latencies


def police_key_p95(budget: float) -> float:
    presses = 150 if budget >= 2 else 40
    latencies = asyncio.run(_police_key_latencies(presses, time.time() + budget * 8))
    return 1000 * p95(latencies)


BENCHMARKS = [
    Benchmark("lfw.cold_start", "LfW: cold start to the setup screen", "s", 1.0, False, cold_start),
    Benchmark(
        "lfw.police_key_p95",
        "LfW: key press to repainted screen, police turn, p95",
        "ms",
        50.0,
        False,
        police_key_p95,
    ),
]
