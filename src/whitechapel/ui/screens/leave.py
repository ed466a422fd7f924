"""Leaving a game for the menu, from any game's screen: the question asked
first while the game is under way (`LeaveScreen`), and the way to the menu
(`to_menu`).  Names no game: each game's screen says which key asks it."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

QUESTION = "Leave this game for the menu? It is saved: Continue takes it up again."


def to_menu(app: App) -> None:
    """The app's menu (`WhitechapelApp.action_menu`: the one below in the
    stack, else a new one), what was said about the game gone with it."""
    app.clear_notifications()
    menu = getattr(app, "action_menu", None)
    if menu is not None:
        menu()


class LeaveScreen(ModalScreen[bool]):
    """The question over the game: `key` again or Enter leaves (True), Esc
    (or n) stays (False).  `key` is the one that asked, so a second press
    of it is the yes a player expects."""

    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    LeaveScreen > Vertical {
        width: 90%; max-width: 76; height: auto; border: heavy $accent; background: $surface;
        padding: 1 2;
    }
    LeaveScreen #leave-keys { margin-top: 1; }
    """
    BINDINGS = [
        Binding("enter", "leave", "Leave", id="app.leave_yes"),
        Binding("n,escape", "stay", "Back to the game", id="app.leave_no"),
    ]

    def __init__(self, question: str = QUESTION, key: str = "m") -> None:
        super().__init__()
        self.question, self.key = question, key

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="leave-question", markup=False)
            yield Static(
                f"[b]{self.key}[/b] again or [b]Enter[/b]: yes · [b]Esc[/b]: no, back to the game",
                id="leave-keys",
            )

    def on_key(self, event) -> None:
        if event.key == self.key:
            event.stop()
            event.prevent_default()
            self.action_leave()

    def action_leave(self) -> None:
        self.dismiss(True)

    def action_stay(self) -> None:
        self.dismiss(False)
