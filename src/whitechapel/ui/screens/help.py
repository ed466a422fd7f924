"""F1 / ?: the rules summary and the keys, over any screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen


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
        Binding("escape", "close", "Close", show=True, id="help.close"),
        Binding("f1", "close", "Close", show=False, id="help.close_f1"),
        Binding("question_mark", "close", "Close", show=False, id="help.close_question"),
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
