"""Timing the Textual app for the benchmarks: a cold start to a first
screen, and frames after key presses.

A headless app skips turning its frames into the terminal's bytes; the
frame timer does that work too (what a real terminal would cost), then
notes the time."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple

COLD_START = """
from whitechapel.app import WhitechapelApp
from {module} import {screen}


class FirstScreen(WhitechapelApp):
    def on_ready(self) -> None:
        self.done_when_up()

    def done_when_up(self) -> None:
        if isinstance(self.screen, {screen}) and self.screen.is_mounted:
            self.exit()
        else:
            self.call_after_refresh(self.done_when_up)


FirstScreen({start}).run(headless=True, size=(80, 24))
"""


def cold_start(module: str, screen: str, start: str, budget: float) -> float:
    """Seconds from starting Python to the first frame of `screen` (median of
    a few fresh processes); `start` is the app's `start=` argument, as code."""
    script = COLD_START.format(module=module, screen=screen, start=start)
    times = []
    for _ in range(5 if budget >= 2 else 3):
        begin = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", script],
            check=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            timeout=60,
        )
        times.append(time.perf_counter() - begin)
    return statistics.median(times)


class Took(NamedTuple):
    """A key's time to its frame on both clocks: the wall clock (a latency
    a person waits through) and the process's CPU clock (`time.process_time`:
    the work of the key alone, the same on a loaded machine)."""

    wall: float
    cpu: float


class FrameTimer:
    """Times frames after key presses, on the wall clock and the CPU clock at once."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.frames: list[Took] = []
        display = app._display

        def timed_display(on: Any, update: Any) -> None:
            display(on, update)
            if update is not None:
                if hasattr(update, "render_segments"):
                    update.render_segments(app.console)
                self.frames.append(Took(time.perf_counter(), time.process_time()))

        app._display = timed_display

    async def press(
        self, pilot: Any, key: str, handled: Callable[[], float | None] | None = None
    ) -> Took | None:
        """Time from sending `key` to the last frame it caused (None: no frame).

        With `handled` (the wall-clock time its own handler ran, or None): to
        the first frame drawn after the handler, for a screen where other
        things draw frames meanwhile (the computer's move): the frame that
        shows the key, whatever else it was waiting behind."""
        self.frames.clear()
        start = Took(time.perf_counter(), time.process_time())
        await pilot.press(key)
        await pilot.pause()
        if handled is not None:
            at = handled()
            after = [frame for frame in self.frames if at is not None and frame.wall >= at]
            frame = after[0] if after else None
        else:
            frame = self.frames[-1] if self.frames else None
        return None if frame is None else Took(frame.wall - start.wall, frame.cpu - start.cpu)
