"""What both games' screens use: the hand-over curtain, help, the window
size guard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def handover_text(to: str, away: str, note: str = "") -> str:
    text = f"[b]Pass to {to}[/b]\n\n{away}, look away.\n\n"
    if note:
        text += f"{note}\n\n"
    return text + "Press [b]Enter[/b] when ready."


class Curtain(Static):
    """An opaque cover over a whole game screen: the hand-over prompt, or
    Jack's cards alone.  Cheaper than pushing a screen on every change of
    side, and shown or hidden by visibility, which needs no new layout;
    whatever is under it was cleared of secrets before it rose."""

    @property
    def up(self) -> bool:
        return self.styles.visibility != "hidden"

    def raise_(self, text: str) -> None:
        self.update(text)
        self.styles.visibility = "visible"

    def lower(self) -> None:
        self.styles.visibility = "hidden"
        self.update("")  # nothing secret lingers, even hidden

    DEFAULT_CSS = """
    Curtain {
        visibility: hidden; layer: curtain; dock: top; width: 100%; height: 100%;
        background: $background; content-align: center middle; text-align: center;
    }
    """

    def on_click(self) -> None:
        self.screen.lift_curtain()  # type: ignore[attr-defined]


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
