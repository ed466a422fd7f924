"""The 80×24 guard: a cover over any screen while the terminal is smaller."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Shown instead of the game when the terminal is below 80×24."""

    DEFAULT_CSS = """
    TooSmall {
        display: none; dock: top; width: 100%; height: 100%; content-align: center middle;
        text-align: center; background: $background; layer: guard;
    }
    """

    def __init__(self) -> None:
        super().__init__(
            f"The window is too small.\n\nMake it at least {MIN_WIDTH}×{MIN_HEIGHT} to play.",
            id="too-small",
        )


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class SizeGuard(Screen[Any]):
    """The base of every screen that yields a `TooSmall`: it covers the
    screen while the terminal is below 80×24."""

    def on_resize(self, event: events.Resize) -> None:
        for guard in self.query(TooSmall):
            guard.display = too_small(event.size.width, event.size.height)

    def guarded(self) -> bool:
        """Is the screen covered by the guard now?  (Not before the screen is
        composed: its keys may be asked about while it mounts or leaves.)"""
        return any(guard.display for guard in self.query(TooSmall))
