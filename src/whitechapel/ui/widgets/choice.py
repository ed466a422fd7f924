"""The row of choice buttons under a game screen."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget


class Choice(Widget):
    """A choice for the mouse, in a fixed row of them: relabelled, never
    remounted, restyled or resized (it draws its own face, so a new label
    costs no layout), and never given the focus, so Enter stays the
    screen's Confirm key.  Unlike Textual's Button it takes every click,
    however quick (a double click on "Rotate" turns the tile twice)."""

    class Pressed(Message):
        def __init__(self, choice: str) -> None:
            super().__init__()
            self.choice = choice

    DEFAULT_CSS = """
    Choice { width: 14; height: 3; margin-right: 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choice = ""  # what pressing it does: "tok-0", "dig-1", "do-confirm", ...
        self.label = ""

    def show(self, label: str, choice: str) -> None:
        if (label, choice) != (self.label, self.choice):
            self.label, self.choice = label, choice
            self.refresh()

    def watch_mouse_hover(self, _hover: bool) -> None:
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        self._width, self._height = self.size  # once per repaint: it is not free
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """A face with a top and a bottom edge, or (one row high, in a short
        window) the label alone on the face."""
        width = self._width
        if not self.choice:  # a spare: the row's own ground (a blank with no
            return Strip.blank(width, self.rich_style)  # style breaks NO_COLOR's filter)
        colours = self.app.theme_variables
        face = colours["primary"] if self.mouse_hover else colours["panel"]
        edge = Style.parse(f"{colours['panel-lighten-2']} on {face}")
        flat = self._height < 3
        if y == 0 and not flat:
            return Strip([Segment("▔" * width, edge)], width)
        if y == 2:
            return Strip([Segment("▁" * width, edge)], width)
        label = self.label if len(self.label) <= width else self.label[: width - 1] + "…"
        text = label.center(width)
        return Strip([Segment(text, Style.parse(f"bold {colours['foreground']} on {face}"))], width)

    def on_click(self) -> None:
        if self.choice:
            self.post_message(self.Pressed(self.choice))

    @staticmethod
    def fill(row: Any, specs: list[tuple[str, str]]) -> None:
        """Relabel the `Choice`s of a row with (label, choice) pairs; the
        spares are emptied."""
        for k, button in enumerate(row.query(Choice)):
            button.show(*specs[k]) if k < len(specs) else button.show("", "")
