"""A lesson over the Pocket board: a puzzle's, before it is played
(`puzzles.py`), or the first word of a game with hints (`screen.py`,
"Learn by playing").  A modal box: Enter starts (True), Esc goes back
(False); what going back means is the caller's.  Longer than the window,
it scrolls (the arrows, the wheel), and its keys stay in sight on its
bottom border (at 80×24 the guided game's first word as Jack is longer
than the window: "Enter: start" was below the fold)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class LessonScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    LessonScreen { align: center middle; }
    LessonScreen > VerticalScroll {
        width: 90%; max-width: 76; height: auto; max-height: 100%;
        border: heavy $accent; background: $surface; padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    LessonScreen > VerticalScroll { border-subtitle-color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "start", "Start", show=True, id="pocket.lesson_start"),
        Binding("escape", "back", "Back", show=True, id="pocket.lesson_puzzles"),
    ]

    def __init__(self, text: str, keys: str = "Enter: start") -> None:
        super().__init__()
        self.text, self.keys = text, keys

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:  # a long lesson scrolls (↑ ↓) on a small screen
            box.border_subtitle = self.keys
            yield Static(self.text, id="lesson")

    def on_mount(self) -> None:
        box = self.query_one(VerticalScroll)
        self.watch(box, "scroll_y", lambda _y: self.say_more(), init=False)
        self.call_after_refresh(self.say_more)

    def on_resize(self) -> None:
        self.call_after_refresh(self.say_more)

    def say_more(self) -> None:
        """The bottom border says when the lesson goes on below it (tester
        PV, round 12: at 80×24 the guided game's first word ended
        mid-sentence, its keys below the fold, and nothing said so: a
        scrollbar is colour alone)."""
        box = self.query_one(VerticalScroll)
        if self.below() and self.reads_on:
            rest = self.keys.partition(" · ")[2]  # Enter reads on; its other keys stay
            box.border_subtitle = "↓ more below: Enter, ↓ or PgDn reads on" + (
                f" · {rest}" if rest else ""
            )
        elif self.below():
            box.border_subtitle = f"↓ more below (↓, PgDn) · {self.keys}"
        else:
            box.border_subtitle = self.keys

    def below(self) -> bool:
        box = self.query_one(VerticalScroll)
        return box.max_scroll_y > 0 and box.scroll_y < box.max_scroll_y

    def action_start(self) -> None:
        """Enter: the next page while the lesson goes on below (tester QN,
        round 21: at 80×24 Enter started the guided game as Jack before
        he had read its last lines, on the race), then what it does."""
        if self.below() and self.reads_on:
            self.query_one(VerticalScroll).scroll_page_down(animate=False)
            return
        self.dismiss(True)

    @property
    def reads_on(self) -> bool:
        """Does Enter read on before it starts?  A lesson before a game or
        a puzzle, yes; one read after (the review: "Enter: close") closes
        at once, as its player chose."""
        return self.keys.startswith("Enter: start")

    def action_back(self) -> None:
        self.dismiss(False)
