"""What both games' screens use: the hand-over curtain, help, the window
size guard."""

from __future__ import annotations

from typing import Any

from rich.console import JustifyMethod
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def handover_text(to: str, away: str, note: str = "") -> str:
    text = f"[b]Pass to {to}[/b]\n\n{away}, look away.\n\n"
    if note:
        text += f"{note}\n\n"
    return text + "Press [b]Enter[/b] when ready."


class TextPanel(Widget):
    """Text that repaints without a new layout (its size comes from the
    .tcss, never from its text), and only when the text changed.  Its rows
    are rendered once per text and size and then handed out as they are:
    cheap on every key press and on every full repaint."""

    JUSTIFY: JustifyMethod = "left"
    MIDDLE = False  # centre the text vertically

    def __init__(self, markup: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._markup = markup
        self._text = Text.from_markup(markup, justify=self.JUSTIFY)
        self._rows: tuple[tuple[str, int, int], list[Strip]] | None = None

    @property
    def markup(self) -> str:
        return self._markup

    def set(self, markup: str) -> None:
        if markup != self._markup:
            self._markup = markup
            self._text = Text.from_markup(markup, justify=self.JUSTIFY)
            self.refresh()

    def render(self) -> Text:
        return self._text

    def render_lines(self, crop: Region) -> list[Strip]:
        self._content_size = self.size  # once per repaint: it is not free
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, height = self._content_size
        key = (self._markup, width, height)
        if self._rows is None or self._rows[0] != key:
            console = self.app.console
            lines = console.render_lines(
                self._text, console.options.update(width=max(1, width), height=None), pad=True
            )[:height]
            top = (height - len(lines)) // 2 if self.MIDDLE else 0
            strips = [Strip.blank(width)] * top + [Strip(line, width) for line in lines]
            strips += [Strip.blank(width)] * (height - len(strips))
            self._rows = (key, strips)
        rows = self._rows[1]
        return rows[y] if 0 <= y < len(rows) else Strip.blank(width)


class Curtain(TextPanel):
    """An opaque cover over a whole game screen: the hand-over prompt, or
    Jack's cards alone.  Cheaper than pushing a screen on every change of
    side: it stays in the layout, over everything, and is only made
    invisible when lowered, so nothing under it changes size.  Whatever is under it was cleared of secrets before it rose, and
    its own text is emptied when it is lowered."""

    DEFAULT_CSS = """
    Curtain {
        layer: curtain; dock: top; width: 100%; height: 100%; visibility: hidden;
        background: $background;
    }
    """
    JUSTIFY = "center"
    MIDDLE = True

    up = False

    def raise_(self, text: str) -> None:
        self.set(text)
        self.up = True
        self.styles.visibility = "visible"

    def lower(self) -> None:
        self.up = False
        self.styles.visibility = "hidden"
        self.set("")  # nothing secret lingers, even hidden

    def on_click(self) -> None:
        if self.up:
            self.screen.lift_curtain()  # type: ignore[attr-defined]


class HandOvers:
    """Mixed into a game screen with a `Curtain` and its game in `#main`:
    raising the curtain (a hand-over prompt, or Jack's cards alone) and
    lifting it, then going on with what comes after (`then`).  Behind the
    curtain `#main` is made invisible too: the biggest part of the screen is
    not drawn only to be covered, and nothing of it could show through."""

    _curtain_kind: str | None = None
    _curtain_then: Any = None

    @property
    def curtain_up(self) -> bool:
        return self.query_one(Curtain).up  # type: ignore[attr-defined]

    @property
    def curtain_kind(self) -> str | None:
        """What the curtain shows ('handover', 'cards') while it is up, else None."""
        return self._curtain_kind if self.curtain_up else None

    def show_curtain(self, kind: str, text: str, then: Any) -> None:
        self._curtain_kind, self._curtain_then = kind, then
        self.query_one(Curtain).raise_(text)  # type: ignore[attr-defined]
        self.query_one("#main").styles.visibility = "hidden"  # type: ignore[attr-defined]

    def lift_curtain(self) -> None:
        curtain = self.query_one(Curtain)  # type: ignore[attr-defined]
        if not curtain.up:
            return
        curtain.lower()
        self.query_one("#main").styles.visibility = "visible"  # type: ignore[attr-defined]
        then, self._curtain_then = self._curtain_then, None
        if then is not None:
            then()


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
        self._width = self.size.width  # once per repaint: it is not free
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self._width
        if not self.choice:
            return Strip.blank(width)
        colours = self.app.theme_variables
        face = colours["primary"] if self.mouse_hover else colours["panel"]
        edge = Style.parse(f"{colours['panel-lighten-2']} on {face}")
        if y == 0:
            return Strip([Segment("▔" * width, edge)], width)
        if y == 2:
            return Strip([Segment("▁" * width, edge)], width)
        text = self.label[:width].center(width)
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


class HelpScreen(ModalScreen[None]):
    """F1 / ?: the rules summary and the keys."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%; border: heavy $accent; background: $surface;
        padding: 0 1;
    }
    """
    BINDINGS = [
        Binding("escape", "close", "Close", show=True),
        Binding("f1", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # markdown-it and pygments: 0.1 s at start

        with VerticalScroll():
            yield Markdown(self.markdown)

    def action_close(self) -> None:
        self.dismiss(None)


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


class SizeGuard:
    """Mixed into every screen that yields a `TooSmall`: it covers the
    screen while the terminal is below 80×24."""

    def on_resize(self, event: Any) -> None:
        guard = self.query_one(TooSmall)  # type: ignore[attr-defined]
        guard.display = too_small(event.size.width, event.size.height)
