"""How long the Letters from Whitechapel screens take to open, in CPU
seconds (`time.process_time`: other work on the machine does not count).

Three figures, each read in a fresh Python process, as a player meets it
the first time in a session: our caches are cold (the board not loaded, its
drawings not built, the help not rendered) and the modules the step needs
not yet imported.  Every process is a headless app (`run_test`, 120×40) on
the 1888 board, two people at one keyboard, with no remembered settings
(a private settings and data folder).  Each step ends at the first frame
drawn while its screen is on top and mounted, that frame also turned into
the terminal's bytes (what a real terminal costs).

- `lfw.open_setup`: the app is up at its menu (Python, Textual and the
  menu's own modules imported: the player waited for those at start, the
  `lfw.cold_start` figure); from asking for the setup screen, as the menu's
  entry does (`screens_for("lfw").setup_screen()`), to its first frame.
  Counted: importing the engine and the setup screen, composing, the frame.
- `lfw.open_game`: the setup screen is up and idle; from its start (what
  Enter does) to the game screen's first frame: loading and checking the
  board, the new game, importing the game screen, composing it (the map's
  drawings), the frame.
- `lfw.open_help`: the game screen is up and idle, its first hand-over
  lifted (Jack's screen shows); from F1 (the screen's help action) to the
  help screen's first frame.

The figure is the median of a few such processes.  Starting each process
(Python, the app, the steps before the measured one) is not counted.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from whitechapel.benchmarks.base import Benchmark

SIZE = (120, 40)
# The screen each step opens, by its class's name (naming the class would
# import its module before the clock starts).
OPENS = {"setup": "LfwSetup", "game": "LfwScreen", "help": "HelpScreen"}
SEED = 5
MOST_PAUSES = 2_000  # a safety net: a screen that never draws is an error, not a figure

SCRIPT = """
import asyncio
from whitechapel.lfw.ui.bench_screens import cpu_to_open_here
print(asyncio.run(cpu_to_open_here({step!r})))
"""


class FirstFrame:
    """Notes the CPU time of the first frame drawn while a screen of class
    `name` is on top and mounted (the frame turned into the terminal's
    bytes, as `benchmarks/frames.py` does)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.name: str | None = None
        self.at: float | None = None
        display = app._display

        def timed_display(on: Any, update: Any) -> None:
            display(on, update)
            if update is None or self.name is None or self.at is not None:
                return
            if hasattr(update, "render_segments"):
                update.render_segments(app.console)
            screen = app.screen
            if type(screen).__name__ == self.name and screen.is_mounted:
                self.at = time.process_time()

        app._display = timed_display

    def expect(self, name: str) -> float:
        """Wait for the first frame of screen `name` from now; the CPU clock now."""
        self.name, self.at = name, None
        return time.process_time()


async def _idle(pilot: Any) -> None:
    """Let the app finish what the last step started (layouts, refreshes,
    its workers): the state a player who looked at the screen meets."""
    for _ in range(3):
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _drawn(pilot: Any, frame: FirstFrame) -> float:
    for _ in range(MOST_PAUSES):
        if frame.at is not None:
            return frame.at
        await pilot.pause()
    raise RuntimeError(f"the screen {frame.name} drew no frame")


async def cpu_to_open_here(step: str, size: tuple[int, int] = SIZE) -> float:
    """CPU seconds from asking for the screen of `step` ("setup", "game",
    "help") to its first frame, in this process (cold only in a fresh one:
    `cpu_to_open` starts one)."""
    if step not in OPENS:
        raise ValueError(f"no such step {step!r} (steps: {', '.join(OPENS)})")
    from textual.widgets import Input

    from whitechapel.app import WhitechapelApp
    from whitechapel.ui.games import screens_for
    from whitechapel.ui.turns import TurnControl

    app = WhitechapelApp()
    frame = FirstFrame(app)
    TurnControl.hold = 0.0  # the bench's keys are deliberate (ui/turns.py)
    async with app.run_test(size=size) as pilot:
        await _idle(pilot)
        start = frame.expect(OPENS["setup"])
        app.push_screen(screens_for("lfw").setup_screen())
        drawn = await _drawn(pilot, frame)
        if step == "setup":
            return drawn - start
        await _idle(pilot)
        from whitechapel.lfw.ui.setup import LfwSetup  # imported by now

        setup = app.screen
        assert isinstance(setup, LfwSetup)
        if setup.prepared is not None:  # what it prepares while a player reads it
            setup.prepared.join()
        setup.query_one("#seed", Input).value = str(SEED)
        start = frame.expect(OPENS["game"])
        setup.action_start()  # what Enter does
        drawn = await _drawn(pilot, frame)
        if step == "game":
            return drawn - start
        await _idle(pilot)
        await pilot.press("enter")  # the hand-over to Jack lifted: his screen
        await _idle(pilot)
        from whitechapel.lfw.ui.screen import LfwScreen  # imported by now

        screen = app.screen
        assert isinstance(screen, LfwScreen)
        start = frame.expect(OPENS["help"])
        screen.action_help()  # what F1 does
        drawn = await _drawn(pilot, frame)
        return drawn - start


def cpu_to_open(step: str, runs: int = 3) -> float:
    """The median of `cpu_to_open_here(step)` over `runs` fresh processes,
    each with its own empty settings and data folders."""
    figures = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            env = {
                **os.environ,
                "WHITECHAPEL_CONFIG_DIR": os.path.join(folder, "config"),
                "WHITECHAPEL_DATA_DIR": os.path.join(folder, "data"),
            }
            done = subprocess.run(
                [sys.executable, "-c", SCRIPT.format(step=step)],
                check=True,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                env=env,
                timeout=120,
            )
        figures.append(float(done.stdout.split()[-1]))
    return statistics.median(figures)


def _runs(budget: float) -> int:
    return 5 if budget >= 2 else 3


def open_setup(budget: float) -> float:
    return cpu_to_open("setup", _runs(budget))


def open_game(budget: float) -> float:
    return cpu_to_open("game", _runs(budget))


def open_help(budget: float) -> float:
    return cpu_to_open("help", _runs(budget))


TARGET = 0.25  # seconds of CPU (the issue: "fast screens")

BENCHMARKS = [
    Benchmark(
        "lfw.open_setup",
        "LfW: menu to the setup screen's first frame, first time",
        "s",
        TARGET,
        False,
        open_setup,
        clock="cpu",
    ),
    Benchmark(
        "lfw.open_game",
        "LfW: setup's start to the game screen's first frame, first time",
        "s",
        TARGET,
        False,
        open_game,
        clock="cpu",
    ),
    Benchmark(
        "lfw.open_help",
        "LfW: F1 to the help screen's first frame, first time",
        "s",
        TARGET,
        False,
        open_help,
        clock="cpu",
    ),
]

if __name__ == "__main__":  # python -m whitechapel.lfw.ui.bench_screens STEP
    print(asyncio.run(cpu_to_open_here(sys.argv[1] if len(sys.argv) > 1 else "setup")))
