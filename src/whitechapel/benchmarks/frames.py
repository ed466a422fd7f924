"""Timing frames in a headless Textual app, for the key-press benchmarks.

A headless app skips turning its frames into the terminal's bytes; the
timer does that work too (what a real terminal would cost), then notes the
time.  `frames` holds the times of the frames since it was last cleared."""

from __future__ import annotations

import time
from typing import Any


class FrameTimer:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.frames: list[float] = []
        display = app._display

        def timed_display(on: Any, update: Any) -> None:
            display(on, update)
            if update is not None:
                if hasattr(update, "render_segments"):
                    update.render_segments(app.console)
                self.frames.append(time.perf_counter())

        app._display = timed_display

    async def press(self, pilot: Any, key: str) -> float | None:
        """Seconds from sending `key` to the last frame it caused (None: no frame)."""
        self.frames.clear()
        start = time.perf_counter()
        await pilot.press(key)
        await pilot.pause()
        return self.frames[-1] - start if self.frames else None
