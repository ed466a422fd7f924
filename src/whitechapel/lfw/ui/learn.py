"""Learning Letters from Whitechapel inside the program: the learn screen
(the menu's "Learn … by playing", `whitechapel lfw learn`), where the
player picks a side for a guided first night or opens the notebook
puzzles; and the guided game's screen.

The guided game is a game on the tutorial board against the easy computer,
with the `hints` setting on (kept in its record: Continue keeps them).  The first
time each kind of decision comes up (lfw/hints.py) its hint comes up over
the board (Enter or Esc closes it) and stays at the top of the notebook
panel while that decision lasts.  Every hint is computed from the view at
the keyboard (the secrecy rule), and shown only on the learner's turn.

Why the tutorial board and not the 1888 one (docs/lfw-learn.md): on the
1888 board the easy Jack hides next to a red circle, kills there and is
home at his first move, so a police learner meets no Hunt on his first
night (8 games of 8); on the tutorial board its first night lasts 6 to 15
moves.  The whole board also fits a usual window.  It is a teaching board:
there the police win most games.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.widgets.option_list import Option

from whitechapel.core.settings import value_of
from whitechapel.core.store import Store
from whitechapel.lfw import hints
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.lfw.views import LfwView
from whitechapel.ui.screens.puzzles import ListScreen
from whitechapel.ui.source import Source
from whitechapel.ui.widgets.text import TextPanel

LEVEL = "easy"  # the computer a learner plays against
BOARD = "tutorial"  # a first night with a Hunt in it, the whole board in sight
LEARNER = "You"
GUIDED_SETTINGS = {"hints": "first"}
OTHER = {JACK: POLICE, POLICE: JACK}
SIDE_CHOICES = (
    (
        POLICE,
        "Play the police: a guided first night",
        "the computer (easy) plays Jack; you place the patrols, move the "
        "policemen, search and arrest",
    ),
    (
        JACK,
        "Play Jack: a guided first night",
        "the computer (easy) plays the police; you choose your hideout, kill and escape",
    ),
)


def guided_game(side: str, seed: int | None = None, store: Store | None = None) -> GuidedScreen:
    """A new game with hints: `side` the learner's, the other the easy
    computer's, on the tutorial board."""
    from whitechapel.core.chance import new_seed
    from whitechapel.core.players import computer_name
    from whitechapel.core.record import record_of
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.options import Options
    from whitechapel.ui.source import LocalSource

    board = load_board(BOARD)
    seed = new_seed() if seed is None else seed
    game = LfwGame.new(seed, Options(), board)
    players = {side: LEARNER, OTHER[side]: computer_name(LEVEL)}
    record = record_of(game, seed=seed, players=players, settings=dict(GUIDED_SETTINGS))
    return GuidedScreen(LocalSource(game, record, store or Store()), board)


def hints_on(source: Source) -> bool:
    return value_of(RULES.settings, source.settings, "hints") != "off"


class HintBox(ModalScreen[None]):
    """A hint over the board, the first time its decision comes up."""

    DEFAULT_CSS = """
    HintBox { align: center middle; }
    HintBox > Vertical {
        width: 90%; max-width: 76; height: auto; max-height: 100%;
        border: heavy $success; background: $surface; padding: 0 1;
    }
    HintBox #hint-keys { margin-top: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "close", "Continue", id="lfw.hint_close"),
        Binding("escape", "close", "Continue", show=False, id="lfw.hint_escape"),
    ]

    def __init__(self, hint: hints.Hint) -> None:
        super().__init__()
        self.hint = hint

    def compose(self) -> ComposeResult:
        h = self.hint
        with Vertical():
            yield Static(
                f"[b]Hint · {h.tag} · {escape(h.title)}[/b]\n\n{escape(h.rule)}\n\n"
                f"[b]Keys:[/b] {escape(h.keys)}",
                id="hint",
            )
            yield Static("Enter: continue (the hint stays beside the map)", id="hint-keys")

    def action_close(self) -> None:
        self.dismiss(None)


class GuidedScreen(LfwScreen):
    """The LfW game screen with hints (the `hints` setting)."""

    def __init__(self, source: Source, board: Any) -> None:
        super().__init__(source, board)
        self.hints = hints_on(source)
        self.hinted: set[str] = set()  # the kinds whose box came up

    def hint_now(self, view: LfwView | None = None) -> hints.Hint | None:
        """The hint of the decision at the keyboard, if any (from its view)."""
        if not self.hints or not self.can_act() or self.source.outcome is not None:
            return None
        return hints.hint(view if view is not None else self.current_view())

    def refresh_all(self) -> None:
        super().refresh_all()
        hint = self.hint_now()
        if hint is None:
            return
        notes = self.query_one("#notes", TextPanel)
        line = f"[b green]Hint ({hint.tag}):[/b green] {escape(hint.text)}\n\n"
        notes.set(line + notes.markup)
        if hint.kind not in self.hinted:
            self.hinted.add(hint.kind)
            self.call_after_refresh(self.app.push_screen, HintBox(hint))


class LearnScreen(ListScreen, scope="lfw"):
    """The learn screen: a guided first night as either side, or the puzzles."""

    STEM = "learn"

    def __init__(self) -> None:
        heading = (
            "[b]Learn Letters from Whitechapel[/b]\nA first night on the small tutorial "
            "board against the easy computer, with a hint each time a new kind of "
            "decision comes up; or short notebook puzzles."
        )
        options = [
            Option(f"{title}\n   [dim]{escape(what)}[/dim]", id=f"side-{side}")
            for side, title, what in SIDE_CHOICES
        ]
        options.append(
            Option(
                "Notebook puzzles\n   [dim]where Jack can be, where to search, "
                "which arrest can succeed[/dim]",
                id="puzzles",
            )
        )
        super().__init__(heading, options)

    def chosen(self, option: str) -> None:
        if option == "puzzles":
            from whitechapel.lfw.ui.puzzles import PuzzleList

            self.app.push_screen(PuzzleList())
        elif option.startswith("side-"):
            self.app.switch_screen(guided_game(option[5:]))
