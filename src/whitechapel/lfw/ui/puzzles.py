"""The notebook puzzles' screens (`lfw/puzzles.py`): their list, and a
puzzle: the board as the puzzle's side sees it, the question, what to
know first, and a line where the answer is typed (circle numbers, then
Enter).  A wrong answer says why and the player tries again; the right one
is followed by its explanation, and Enter then goes on to the next puzzle.
Esc goes back to the list.  The map shows the puzzle side's view only
(`marks_for`), never the answer: the notebook's tint is not drawn.

After a wrong answer the line is emptied for the next try (the verdict
says what was typed); an answer that leaves circles out gets a hint first,
the circle itself at the next such answer.  The list ticks the puzzles
solved in this session (play-testers A, B, round 1).
"""

from __future__ import annotations

import weakref
from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from whitechapel.lfw.puzzles import EVERY, PUZZLES, Puzzle, Verdict, puzzle
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import COLOUR_LETTERS, marks_for
from whitechapel.lfw.ui.panels import untagged
from whitechapel.lfw.ui.placenames import crossing_name
from whitechapel.ui.screens.puzzles import PuzzleListScreen, back_to_list
from whitechapel.ui.widgets.footer import KeyFooter

SIDE_WORDS = {JACK: "Jack", "police": "the police"}
# The puzzles solved, per app (a server's sessions may share a process).
_SOLVED: weakref.WeakKeyDictionary[Any, set[int]] = weakref.WeakKeyDictionary()


def solved(app: Any) -> set[int]:
    """The numbers of the puzzles solved in `app`'s session."""
    return _SOLVED.setdefault(app, set())


def before_text(p: Puzzle) -> str:
    """Where the policemen who have moved since Jack's move stood when he
    moved ("" if none did): his step was blocked there, and the map shows
    each by his small letter (`before_marks`; tester G2, round 17: puzzle
    4's explanation needed Green where the map showed nobody)."""
    if not p.moved_since:
        return ""
    where = [
        f"{c.capitalize()} stood on {crossing_name(p.board, x)}"
        for c, x in sorted(p.moved_since.items())
    ]
    stood = where[0] if len(where) == 1 else ", ".join(where[:-1]) + " and " + where[-1]
    letters = "his small letter" if len(where) == 1 else "their small letters"
    return f"When Jack moved, {stood} ({letters} on the map)."


def before_marks(p: Puzzle, marks: dict[Any, str], texts: dict[Any, str]) -> None:
    """Each policeman who has moved since Jack's move, by his small letter
    where he stood then (the mark of a revealed patrol marker: where a
    policeman stood, no longer stands)."""
    for colour, x in p.moved_since.items():
        if x not in marks:
            marks[x] = f"revealed-{colour}"
            texts[x] = COLOUR_LETTERS[colour].lower()


def heading(number: int, p: Puzzle) -> str:
    return f"Puzzle {number} of {len(PUZZLES)} · {p.title} (you play {SIDE_WORDS[p.side]})"


class PuzzleScreen(Screen):
    """Puzzle `number` (from 1)."""

    BINDINGS = [
        Binding("escape", "puzzles", "Puzzles", id="lfw.puzzle_list"),
        Binding("ctrl+n", "next_puzzle", "Next puzzle", id="lfw.puzzle_next"),
        # the map where the answer's line keeps the keyboard: F2 the whole
        # board, the arrows with Shift to pan (tester H4, LfW round 44: at
        # 80×24 puzzle 2's circle 13 sat at the edge, and neither F2 nor
        # panning did anything)
        Binding("f2", "overview", "Overview", id="lfw.puzzle_overview"),
        *[
            Binding(f"shift+{d}", f"pan({dx},{dy})", "Pan", id=f"lfw.puzzle_pan_{d}", show=False)
            for d, dx, dy in (("up", 0, -3), ("down", 0, 3), ("left", -6, 0), ("right", 6, 0))
        ],
    ]
    DEFAULT_CSS = """
    PuzzleScreen #puzzle-head { height: auto; padding: 0 1; background: $boost; }
    PuzzleScreen MapView { height: 1fr; }
    PuzzleScreen #puzzle-lesson { height: auto; padding: 0 1; color: $text-muted; }
    PuzzleScreen #puzzle-question { height: auto; padding: 0 1; }
    PuzzleScreen #puzzle-before { height: auto; padding: 0 1; }
    PuzzleScreen #puzzle-verdict { height: auto; padding: 0 1; }
    PuzzleScreen Input { margin: 0 1; }
    """

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
        self.puzzle = puzzle(number)
        self.verdict: Verdict | None = None
        self.tries = 0
        self.short = 0  # answers that left circles out

    def compose(self) -> ComposeResult:
        p = self.puzzle
        yield Static(f"[b]{escape(heading(self.number, p))}[/b]", id="puzzle-head")
        yield MapView(p.board, id="map")
        yield Static(escape(untagged(p.lesson)), id="puzzle-lesson")
        yield Static(f"[b]{escape(untagged(p.question))}[/b]", id="puzzle-question")
        if before_text(p):
            yield Static(escape(untagged(before_text(p))), id="puzzle-before")
        yield Static(self.prompt(), id="puzzle-verdict")
        yield Input(placeholder=self.placeholder(), id="answer")
        yield KeyFooter()

    def placeholder(self) -> str:
        if self.puzzle.ask in EVERY:
            return "every circle, spaces between (e.g. 3 12 20), then Enter"
        return "one circle's number, then Enter"

    def prompt(self) -> str:
        return "Type your answer below; F2 the whole board, Shift+arrows pan; Esc: the list of puzzles."

    def on_mount(self) -> None:
        view = self.puzzle.view
        marks, texts = marks_for(view)
        before_marks(self.puzzle, marks, texts)
        m = self.query_one(MapView)
        m.show(marks, texts)
        known, _ = self.puzzle.before_move
        self.call_after_refresh(m.centre_on, known)
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.verdict is not None and self.verdict.right:
            self.action_next_puzzle()
            return
        self.answer(event.value)

    def answer(self, text: str) -> Verdict:
        """Judge the answer typed and say so (the engine and the notebook
        judge: lfw/puzzles.py)."""
        verdict = self.puzzle.judge(text)
        self.tries += 1
        line = self.query_one("#puzzle-verdict", Static)
        if verdict.right:
            self.verdict = verdict
            solved(self.app).add(self.number)
            keys = (
                "Enter: the next puzzle; Esc: the list."
                if self.number < len(PUZZLES)
                else "Enter or Esc: the list."
            )
            line.update(f"[b green]✔ {escape(untagged(verdict.sentence))}[/b green]\n{keys}")
            return verdict
        sentence = verdict.sentence
        if verdict.reveal:
            self.short += 1
            if self.short > 1:
                sentence = verdict.reveal
        typed = " ".join(text.split())
        line.update(
            f"[b red]✘ {escape(untagged(sentence))}[/b red] Try again"
            + (f" (you typed: {escape(typed)})." if typed else ".")
        )
        self.query_one(Input).value = ""
        return verdict

    def action_overview(self) -> None:
        """F2: the whole board, every circle a cell, and back."""
        m = self.query_one(MapView)
        m.set_overview(not m.overview)

    def action_pan(self, dx: int, dy: int) -> None:
        self.query_one(MapView).scroll_relative(dx, dy, animate=False)

    def action_next_puzzle(self) -> None:
        if self.number < len(PUZZLES):
            self.app.switch_screen(PuzzleScreen(self.number + 1))
        else:
            self.action_puzzles()

    def action_puzzles(self) -> None:
        """Back to the list: the one below, or a new one in this one's place."""
        back_to_list(self, PuzzleList, self.number)


class PuzzleList(PuzzleListScreen, scope="lfw"):
    """The puzzles, each with the rule it teaches and the side played."""

    def __init__(self, highlight: int = 1) -> None:
        title = (
            "[b]Letters from Whitechapel — notebook puzzles[/b]\nShort positions on "
            "the tutorial board: Jack's step, where he can be, the search and "
            "the arrest."
        )
        options = [self.option(n) for n in range(1, len(PUZZLES) + 1)]
        super().__init__(title, options, highlight)

    def on_screen_resume(self) -> None:
        """Back from a puzzle: the ticks brought up to date."""
        done = solved(self.app)
        options = self.query_one("#puzzles", OptionList)
        for number in range(1, len(PUZZLES) + 1):
            options.replace_option_prompt(str(number), self.prompt(number, number in done))

    def on_mount(self) -> None:
        super().on_mount()
        self.on_screen_resume()

    @staticmethod
    def prompt(number: int, done: bool = False) -> str:
        p = puzzle(number)
        tick = "[green]✔[/green] " if done else "  "
        side = f"(you play {SIDE_WORDS[p.side]})".replace(" ", "\u00a0")  # wraps whole (K)
        return f"{tick}{number}. {escape(p.title)} [dim]{side}[/dim]"

    @classmethod
    def option(cls, number: int) -> Option:
        return Option(cls.prompt(number), id=str(number))

    def open_puzzle(self, number: int) -> None:
        self.app.push_screen(PuzzleScreen(number))


def learn_screen(number: int | None = None) -> Any:
    """The list of puzzles, or puzzle `number` itself."""
    return PuzzleList() if number is None else PuzzleScreen(number)
