"""ctrl+q in a game: asked once, saying where the game is kept."""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class QuitScreen(ModalScreen[bool]):
    """ "Quit? The game is saved in …": y or Enter (or ctrl+q again) quits,
    n or Esc goes back to the game.  ctrl+q itself is the app's key: pressed
    while this is up, it quits without asking again."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 90%; max-width: 100; height: auto; border: heavy $accent; background: $surface;
        padding: 1 2;
    }
    QuitScreen #quit-question { text-overflow: fold; }  /* a long path folds, whole */
    QuitScreen #quit-keys { margin-top: 1; }
    """
    BINDINGS = [
        Binding("y,enter", "quit", "Quit", id="quit.yes"),
        Binding("n,escape", "stay", "Back to the game", id="quit.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(escape(self.question), id="quit-question")
            yield Static(
                "[b]y[/b] or Enter: quit · [b]n[/b] or Esc: back to the game", id="quit-keys"
            )

    def action_quit(self) -> None:
        self.app.exit()

    def action_stay(self) -> None:
        self.dismiss(False)
