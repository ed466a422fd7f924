"""A list to choose from, in a box in the middle of the screen under its
title, Esc going back (`ListScreen`); and on it the list of a game's
puzzles (`PuzzleListScreen`).  Each game gives the title, the options, the
one highlighted, its bindings' scope (`class PuzzleList(PuzzleListScreen,
scope=...)`, the game's name) and what choosing opens: this module names
no game.

The ids are the class's `STEM`'s: `#<stem>-box`, `#<stem>-title` and the
list, `#<stem>`; the back key's binding is `<scope>.<stem>_back`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from whitechapel.ui.widgets.footer import KeyFooter


class ListScreen(Screen):
    """`heading` (markup) over `options`; choosing one calls `chosen` with
    its id.  `highlight` is the index of the option highlighted first."""

    STEM: ClassVar[str] = "list"
    AGAIN_FROM_THE_TOP: ClassVar[bool] = False
    DEFAULT_CSS = """
    ListScreen { align: center middle; }
    ListScreen .list-box { width: 90%; max-width: 76; height: auto; border: heavy $accent;
                           padding: 0 1; }
    ListScreen .list-title { margin-bottom: 1; }
    ListScreen OptionList { height: auto; max-height: 20; }
    """

    def __init_subclass__(cls, scope: str | None = None, **kwargs: Any) -> None:
        if scope is not None:  # Esc: back, under the game's scope (a keymap can rebind it)
            cls.BINDINGS = [Binding("escape", "app.back", "Back", id=f"{scope}.{cls.STEM}_back")]
        super().__init_subclass__(**kwargs)

    def __init__(self, heading: str, options: Sequence[Option], highlight: int = 0) -> None:
        super().__init__()
        self.heading = heading
        self.options = list(options)
        self.highlight_index = highlight

    def compose(self) -> ComposeResult:
        with Vertical(id=f"{self.STEM}-box", classes="list-box"):
            yield Static(self.heading, id=f"{self.STEM}-title", classes="list-title")
            yield OptionList(*self.options, id=self.STEM)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = self.highlight_index

    def on_screen_resume(self) -> None:
        """Back on the list from what a choice opened: a menu of choices
        (`AGAIN_FROM_THE_TOP`) highlights its first again (tester PL, round
        6: back from the puzzles, Up from "The puzzles" started a guided
        game as the wrong side); a list walked in order keeps its place."""
        if self.AGAIN_FROM_THE_TOP and self.is_mounted:
            self.query_one(OptionList).highlighted = self.highlight_index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.chosen(event.option.id or "")

    def chosen(self, option: str) -> None:
        """The option whose id is `option` was chosen."""
        raise NotImplementedError


class PuzzleListScreen(ListScreen):
    """A game's puzzles, numbered from 1, option N's id "N"; `highlight` is
    the number of the puzzle highlighted first."""

    STEM = "puzzles"

    def __init__(self, heading: str, options: Sequence[Option], highlight: int = 1) -> None:
        super().__init__(heading, options, highlight - 1)
        self.highlight = highlight

    def chosen(self, option: str) -> None:
        self.open_puzzle(int(option or 1))

    def open_puzzle(self, number: int) -> None:
        """Puzzle `number` was chosen: open it."""
        raise NotImplementedError


def back_to_list(screen: Screen, puzzle_list: Callable[[int], Screen], number: int) -> None:
    """From puzzle `number`'s `screen` back to the list: the one below it, or
    a new one in its place (`puzzle_list(number)`, that puzzle highlighted)."""
    stack = screen.app.screen_stack
    if len(stack) > 1 and isinstance(stack[-2], PuzzleListScreen):
        screen.app.pop_screen()
    else:
        screen.app.switch_screen(puzzle_list(number))
