"""The Textual app's speed (issue: the Textual app, and Mr. Jack Pocket
hot-seat play with hide screens).

- Cold start: wall-clock time of a fresh `python -c` that imports
  `whitechapel.app`, runs the app headless at 80×24 until the menu is
  mounted and its first frame drawn (Textual's `Ready` event), and exits.
  Median of a few runs.
- Key press to repainted screen: a headless app (`run_test`) plays real
  Pocket games by keys (the keys a player presses for random legal actions,
  and Enter on each hand-over screen).  For each key, the time from sending
  it to the last frame it caused; a frame is timed after it is also turned
  into the terminal's bytes, which a headless app would skip.  The first
  ten keys warm up (first use of each code path and style) and are not
  counted.  The figure is the 95th percentile, in milliseconds.  The
  same at 200×60 (issue 29: the largest tiles, every detective's line of
  sight drawn), on the wall clock and on the process's CPU clock.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

from whitechapel.benchmarks import frames
from whitechapel.benchmarks.base import Benchmark, p95
from whitechapel.benchmarks.frames import FrameTimer, Took


def cold_start(budget: float) -> float:
    """Seconds from starting Python to the menu's first frame (median)."""
    return frames.cold_start("whitechapel.app", "MenuScreen", "", budget)


WARM_UP = 10  # key presses not counted


def _walk(cursor: int, square: int) -> list[str]:
    x, y, tx, ty = cursor % 3, cursor // 3, square % 3, square // 3
    return ["right" if tx > x else "left"] * abs(tx - x) + ["down" if ty > y else "up"] * abs(
        ty - y
    )


def _fewer(walk: list[str], name: str) -> list[str]:
    """The arrows' keys (`walk`) or a tile's name typed, whichever are
    fewer keys (the arrows when as few)."""
    return walk if len(walk) <= len(name) else list(name)


def keys_for(game, action) -> list[str]:
    """The keys that play `action` on the game screen (a rotation or an
    exchange: its tile cursor starts where `choosing.start_tile` puts it;
    a tile's name is typed where that is fewer keys than the arrows)."""
    from whitechapel.pocket.actions import Alibi, Exchange, Joker, Move, Rotate
    from whitechapel.pocket.pieces import SQUARES
    from whitechapel.pocket.ui.choosing import start_tile

    view = game.view("investigator")
    tokens = view.tokens
    token = next(i for i, t in enumerate(tokens) if not t.used and t.up == action.face)
    keys = [str(token + 1)]
    cursor = start_tile()  # as the screen starts it
    if isinstance(action, Move):
        keys += [str(action.steps), "enter"]  # a preview, then played
    elif isinstance(action, Joker):
        keys += ["0" if action.detective is None else "hwt"[action.detective], "enter"]
    elif isinstance(action, Rotate):
        # r turns the tile under the cursor at once: the arrows (at most two
        # from b2) are never more keys than its name
        turns = (action.wall - game.walls[action.square]) % 4  # r: clockwise, e: back
        keys += _walk(cursor, action.square) + (["r"] * turns if turns <= 2 else ["e"])
        keys.append("enter")
    elif isinstance(action, Exchange):
        # the first tile: the arrows and Enter, or its name (taken at once)
        keys += _fewer([*_walk(cursor, action.first), "enter"], SQUARES[action.first])
        # the second from the first, the swap shown: Enter plays
        keys += [*_fewer(_walk(action.first, action.second), SQUARES[action.second]), "enter"]
    elif isinstance(action, Alibi):
        keys.append("enter")
    return keys


async def _key_latencies(
    presses: int, deadline: float, size: tuple[int, int] = (80, 24)
) -> list[Took]:
    from whitechapel.app import WhitechapelApp, as_first_app
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.screen import PocketScreen, is_handover
    from whitechapel.ui.source import LocalSource
    from whitechapel.ui.turns import TurnControl

    as_first_app()  # as in a player's process, whatever this one ran before
    rng = random.Random(2026)
    TurnControl.hold = 0.0  # the bench's keys are deliberate (ui/turns.py); before any screen
    latencies: list[Took] = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))

        def new_screen() -> PocketScreen:
            game = PocketGame.new(rng.randrange(10**6))
            return PocketScreen(LocalSource(game, record_of(game), store))

        screen = new_screen()
        app = WhitechapelApp(start=screen)
        async with app.run_test(size=size) as pilot:
            timer = FrameTimer(app)
            await pilot.pause()
            pending: list[str] = []
            warm_up = WARM_UP
            while len(latencies) < presses and (len(latencies) < 30 or time.time() < deadline):
                if screen.source.outcome is not None:
                    screen = new_screen()
                    app.switch_screen(screen)
                    await pilot.pause()
                    pending = []
                    continue
                if is_handover(app.screen):
                    key = "enter"
                else:
                    if not pending:
                        source = screen.source
                        assert isinstance(source, LocalSource)
                        legal = source.game.legal_actions()
                        face = rng.choice(sorted({a.face for a in legal}))
                        action = rng.choice([a for a in legal if a.face == face])
                        pending = keys_for(source.game, action)
                    key = pending.pop(0)
                took = await timer.press(pilot, key)
                if took is not None and warm_up:
                    warm_up -= 1
                elif took is not None:
                    latencies.append(took)
    return latencies


LATENCIES: dict[tuple[int, int], list[Took]] = {}  # a size's keys, timed once for both clocks


def _latencies(budget: float, size: tuple[int, int]) -> list[Took]:
    if size not in LATENCIES:
        presses = 100 if budget >= 2 else 30
        LATENCIES[size] = asyncio.run(_key_latencies(presses, time.time() + budget * 5, size))
    return LATENCIES[size]


def key_to_frame_p95(budget: float) -> float:
    """95th percentile of key press to repainted screen, in milliseconds."""
    return 1000 * p95([took.wall for took in _latencies(budget, (80, 24))])


def large_key_p95(budget: float) -> float:
    """95th percentile of key press to repainted screen at 200×60 (the
    largest tiles, every detective's line of sight drawn), in milliseconds,
    on the wall clock: what a person waits."""
    return 1000 * p95([took.wall for took in _latencies(budget, (200, 60))])


def large_key_cpu_p95(budget: float) -> float:
    """The same keys' CPU time (`time.process_time`) to their repainted
    screens at 200×60: the work of the app's own process, which other work
    on a loaded machine does not lengthen."""
    return 1000 * p95([took.cpu for took in _latencies(budget, (200, 60))])


THINKING = 1.0  # s the computer thinks each time, in the benchmark (its search, over and over)


def think_for(seconds: float, *ask):
    """In the worker process: the seat's search, over and over for `seconds`
    (so that keys land while it searches); the first answer."""
    from whitechapel.core.thinking import _choose

    until = time.perf_counter() + seconds
    answer = _choose(*ask)
    while time.perf_counter() < until:
        _choose(*ask)
    return answer


def _thinking_class():
    from whitechapel.core.thinking import OtherProcess

    class Thinking(OtherProcess):
        """The worker process's search, asked again there until THINKING seconds passed."""

        def ask(self, side, view):
            level, seed = self.levels[side], self.seed_of(side)
            ask = (self.key, self.game, level, side, seed, view)
            return self.workers.call(self.key, think_for, THINKING, *ask)

    return Thinking


async def _thinking_latencies(presses: int, deadline: float) -> list[float]:
    """Key to frame while the hard computer thinks (the person plays Jack):
    PgUp and PgDn scroll the log, which redraws the screen as a game key
    does, while the computer's process searches.  The computer's search is
    run over and over for THINKING seconds each turn, so that the keys land
    while it searches; games follow one another until enough keys.  A key's
    time runs to the first frame after its handler (the log scrolled): when
    the computer's move arrives meanwhile, the key waits behind it (that
    counts), but the move's own frames after the key's are not the key's."""
    from whitechapel.app import WhitechapelApp, as_first_app
    from whitechapel.pocket.ui.screen import is_handover
    from whitechapel.pocket.ui.setup import pocket_screen
    from whitechapel.ui.turns import TurnControl

    as_first_app()
    rng = random.Random(7)
    TurnControl.hold = 0.0  # the bench's keys are deliberate (ui/turns.py); before any screen
    latencies: list[float] = []
    Thinking = _thinking_class()
    handled: list[float] = []

    def last_handled() -> float | None:
        return handled[-1] if handled else None

    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("WHITECHAPEL_DATA_DIR", folder)

        def new_screen():
            screen = pocket_screen(rng.randrange(10**6), {"investigator": "computer:hard"})
            screen.turns.make_thinker = Thinking
            scroll = screen.action_log

            def action_log(older: int) -> None:
                scroll(older)
                handled.append(time.perf_counter())

            screen.action_log = action_log
            return screen

        screen = new_screen()
        app = WhitechapelApp(start=screen)
        async with app.run_test(size=(80, 24)) as pilot:
            timer = FrameTimer(app)
            warm_up = 4
            back = False
            while len(latencies) < presses and time.time() < deadline:
                game = screen.source.game
                if game.outcome is not None:
                    screen = new_screen()
                    app.switch_screen(screen)
                    await pilot.pause()
                    continue
                if screen.turns.thinking and len(game.history) >= 2 and app.screen is screen:
                    handled.clear()
                    key = "pagedown" if back else "pageup"
                    took = await timer.press(pilot, key, last_handled)
                    back = not back
                    if took is not None and warm_up:
                        warm_up -= 1
                    elif took is not None:
                        latencies.append(took.wall)
                elif is_handover(app.screen):  # a round's summary
                    await pilot.press("enter")
                elif not screen.can_act():
                    await pilot.pause(0.01)
                else:
                    if back:  # the log back on its newest line
                        await pilot.press("pagedown")
                        back = False
                    action = rng.choice(game.legal_actions())
                    for key in keys_for(game, action):
                        await pilot.press(key)  # the last one plays: the computer thinks now
    return latencies


def thinking_key_p95(budget: float) -> float:
    """95th percentile of key press to repainted screen while the computer
    thinks, in milliseconds."""
    presses = 60 if budget >= 2 else 20
    latencies = asyncio.run(_thinking_latencies(presses, time.time() + budget * 10))
    return 1000 * p95(latencies)


BENCHMARKS = [
    Benchmark(
        "app.cold_start",
        "Pocket: cold start to first interactive screen",
        "s",
        1.0,
        False,
        cold_start,
    ),
    Benchmark(
        "app.key_p95",
        "Pocket: key press to repainted screen, p95",
        "ms",
        30.0,
        False,
        key_to_frame_p95,
    ),
    Benchmark(
        "app.key_p95_200x60",
        "Pocket at 200×60, sight lines drawn: key to repainted screen, p95",
        "ms",
        30.0,
        False,
        large_key_p95,
    ),
    Benchmark(
        "app.key_cpu_p95_200x60",
        "Pocket at 200×60, sight lines drawn: a key's CPU time to repaint, p95",
        "ms",
        30.0,
        False,
        large_key_cpu_p95,
        clock="cpu",
    ),
    Benchmark(
        "app.key_p95_thinking",
        "Pocket: key to screen while the computer thinks, p95",
        "ms",
        30.0,
        False,
        thinking_key_p95,
    ),
]
