"""Learning Mr. Jack Pocket by puzzles (`pocket/puzzles.py`): their list,
the lesson before each, and the game screen a puzzle is played on.

A puzzle is played on the Pocket game screen with a source that stops after
the player's moves and saves nothing.  The player holds one side's keyboard
throughout, so there is no hand-over, and the screen shows that side's view
only: playing the investigator, Jack's identity is as hidden as in a game.
The lesson comes first, over the board; the goal stays on the banner.  Once
the moves are played the verdict (met or not, in a sentence) takes the
prompt line, beside the board as it then stands, with the round's summary in
the side panel if the witness call came: Enter goes on to the next puzzle
(or tries again after a miss), `a` tries again, `p` lists the puzzles.
"""

from __future__ import annotations

import dataclasses
import weakref
from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from whitechapel.core.record import record_of
from whitechapel.core.solved import remember_solved, solved
from whitechapel.pocket import hints
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.goals import Attempt, Verdict
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.puzzles import PUZZLES, Puzzle, puzzle
from whitechapel.pocket.sentences import character_name
from whitechapel.pocket.sightlines import sightings_at_call
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.lesson import LessonScreen
from whitechapel.pocket.ui.screen import PocketScreen, key
from whitechapel.pocket.views import PocketView
from whitechapel.ui.screens.game import GameScreen
from whitechapel.ui.screens.puzzles import PuzzleListScreen, back_to_list
from whitechapel.ui.source import LocalSource
from whitechapel.ui.widgets.choice import Choice

SIDE_WORDS = {JACK: "Jack", "investigator": "the investigator"}
GAME = "pocket"  # its puzzles' numbers in the data folder's list of those solved
# The puzzles solved in each app's session: an SSH session's player is a
# stranger on the host, whose progress is not written to its data folder.
_SOLVED: weakref.WeakKeyDictionary[Any, set[int]] = weakref.WeakKeyDictionary()


def solved_here(app: Any) -> set[int]:
    """The puzzles solved: in this session, and (at home) in earlier ones."""
    here = _SOLVED.setdefault(app, set())
    return set(here) if getattr(app, "ssh", False) else here | solved(GAME)


def note_solved(app: Any, number: int) -> str | None:
    """Puzzle `number` solved: ticked from now on; a sentence if it could
    not be remembered for later starts."""
    _SOLVED.setdefault(app, set()).add(number)
    return None if getattr(app, "ssh", False) else remember_solved(GAME, number)


class PuzzleSource(LocalSource):
    """The puzzle's game at one keyboard: the player's side only, for the
    puzzle's moves, and nothing saved (a puzzle is not a saved game)."""

    saves = False

    def __init__(self, the_puzzle: Puzzle) -> None:
        game = the_puzzle.start()
        super().__init__(game, record_of(game))
        self.seat_side = the_puzzle.side  # the keyboard's side, from the start
        self.limit = len(game.history) + the_puzzle.moves

    @property
    def finished(self) -> bool:
        return self.game.outcome is not None or len(self.game.history) >= self.limit

    def may_act(self, side: str | None) -> bool:
        return not self.finished and super().may_act(side)

    def autosave(self) -> None:
        return None

    def save_copy(self) -> None:
        return None


def goal_sentence(p: Puzzle) -> str:
    return p.goal[0].upper() + p.goal[1:] + "."


def lesson_text(number: int) -> str:
    p = puzzle(number)
    return (
        f"[b]Puzzle {number} of {len(PUZZLES)} · {escape(p.name)}[/b]\n\n"
        f"{escape(p.lesson)}\n\n"
        f"[b]Your goal:[/b] {escape(goal_sentence(p))}"
    )


def solution_words(p: Puzzle) -> str:
    """The puzzle's solution in a player's words, each action on the board
    it is played on: "turn a1 (Goodley) so its wall faces west, then …"."""
    game = p.start()
    words = []
    for text in p.solution:
        action = parse_action(text)
        words.append(hints.move_words(game.view(p.side), action)[0])
        game.apply(action)
    return ", then ".join(words)


class PuzzleScreen(PocketScreen):
    """Puzzle `number` (from 1) on the Pocket game screen."""

    BINDINGS = [
        key("n", "next_puzzle", "Next puzzle", "next_puzzle", show=True),
        # u, not a: a is a tile's column (tester PO, round 8: "3a1" typed
        # fast restarted the puzzle)
        key("u", "retry", "Try again", "retry", show=True),
        key("p", "puzzles", "Puzzles", "puzzles", show=True),
    ]

    def __init__(self, number: int) -> None:
        self.number = number
        self.puzzle = puzzle(number)
        super().__init__(PuzzleSource(self.puzzle))
        self.verdict: Verdict | None = None
        self._start = self.source.view(self.puzzle.side)
        self._before = self._start  # the view before the player's last action

    def on_mount(self) -> None:
        self.reset_choice()
        super().on_mount()
        lesson = LessonScreen(lesson_text(self.number), "Enter: start · Esc: the list of puzzles")
        self.app.push_screen(lesson, self._lesson_read)

    def _lesson_read(self, start: bool | None) -> None:
        if not start:
            self.action_puzzles()

    # -- playing -------------------------------------------------------------------

    def send(self, text: str, *, computer: bool = False) -> None:
        self._before = self.current_view()
        super().send(text, computer=computer)

    def after_action(self, side: str | None) -> None:
        """After each of the player's moves: the next one, or the verdict."""
        source = self.source
        assert isinstance(source, PuzzleSource)
        if not source.finished:
            self.reset_choice()
            self.refresh_all()
            self.centre_on_targets()
            return
        history = source.game.history
        played = tuple(history[len(self.puzzle.opening) :])
        after = self.source.view(self.puzzle.side)
        self.verdict = self.puzzle.judge(Attempt(self._start, self._before, played, after))
        if self.verdict.met:
            problem = note_solved(self.app, self.number)  # the list ticks it
            if problem:
                self.notify(problem[:1].upper() + problem[1:] + ".", severity="warning")
        self.reset_choice()
        self.refresh_all()

    # -- drawing -------------------------------------------------------------------

    def banner_text(self, view: PocketView, turn: str, winner: str | None) -> str:
        return f"Puzzle {self.number} · Goal: {escape(self.puzzle.goal)}"

    def prompt_text(self) -> str:
        if self.verdict is None:
            return super().prompt_text()
        if self.verdict.met:
            head = "[b green]✔ Goal met.[/b green]"
        else:
            head = "[b red]✘ Not this time.[/b red]"
        said = f"{head} {escape(self.verdict.sentence)}"
        jack = self.current_view().jack
        if self.source.outcome is not None and jack is not None and self.puzzle.side != JACK:
            # the game is over: who Jack was is shown to both (P8; tester
            # PI, round 5: "Jack is identified" named nobody)
            said += f"\nJack was [b]{escape(character_name(jack.identity))}[/b]."
        return said

    def logged(self, view: PocketView) -> PocketView:
        """The log from the round the player takes over: the rounds before
        it are made up for the position (its lesson tells them), and their
        witness calls read as if nobody had been cleared (tester PI, round
        5: "cleared nobody new" in round 1 with seven suspects cleared)."""
        start = self._start.round
        kept = tuple(e for e in view.log if e.round >= start)
        return view if len(kept) == len(view.log) else dataclasses.replace(view, log=kept)

    def notes_blocks(self, view: PocketView) -> list[tuple[str, ...]]:
        """At the end, the summary of a round the puzzle ended, first."""
        blocks = super().notes_blocks(view)
        if self.verdict is not None and not self.verdict.met:
            # a way that meets the goal, after a miss (tester RL, Pocket round
            # 33: "no 'why' and no 'show me the answer'"), beside the board
            way = escape(solution_words(self.puzzle))
            blocks.insert(0, (f"[b]One way to meet the goal:[/b] {way}.\n", f"One way: {way}.\n"))
        ended = panels.last_round_ended(view)
        if self.verdict is not None and ended and ended > panels.last_round_ended(self._start):
            seen = sightings_at_call(view, ended)  # the puzzle stops at the call
            brief = (panels.round_brief(view, ended, seen=seen), panels.round_brief(view, ended))
            blocks.insert(0, brief)
        return blocks

    def rebuild_choices(self) -> None:
        if self.verdict is None:
            super().rebuild_choices()
            return
        first = ("Next puzzle", "do-next") if self.verdict.met else ("Try again", "do-retry")
        second = ("Try again", "do-retry") if self.verdict.met else ("Next puzzle", "do-next")
        specs = [first, second, ("Puzzles", "do-list")]
        if specs != self._choices:
            self._choices = specs
            Choice.fill(self.query_one("#choices"), specs)

    # -- keys ----------------------------------------------------------------------

    def action_confirm(self) -> None:
        """Enter, once the verdict is in: the next puzzle, or another try."""
        if self.verdict is not None and not self.curtain_up:
            (self.action_next_puzzle if self.verdict.met else self.action_retry)()
        else:
            super().action_confirm()

    def action_back(self) -> None:
        """Esc, once the verdict is in: the list of puzzles."""
        if self.verdict is not None:
            self.action_puzzles()
        else:
            super().action_back()

    def action_retry(self) -> None:
        self.app.switch_screen(PuzzleScreen(self.number))

    def action_next_puzzle(self) -> None:
        if self.number < len(PUZZLES):
            self.app.switch_screen(PuzzleScreen(self.number + 1))
        else:
            self.action_puzzles()

    def action_puzzles(self) -> None:
        """Back to the list: the one below, or a new one in this one's place."""
        back_to_list(self, PuzzleList, self.number)

    def action_help(self) -> None:
        """F1: the puzzle's lesson first, then the rules of the moment and the keys."""
        from whitechapel.ui.screens.game import help_text
        from whitechapel.ui.screens.help import HelpScreen

        p = self.puzzle
        face = self.face() if self.can_act() else None
        lesson = (
            f"## Puzzle {self.number} · {p.name}\n\n{p.lesson}\n\n"
            f"**Your goal:** {goal_sentence(p)}\n\n---\n\n"
        )
        now = panels.phase_help(self.current_view(), face)
        self.app.push_screen(HelpScreen(lesson + now + help_text(self.HELP)))

    def on_choice_pressed(self, event: Choice.Pressed) -> None:
        action = {
            "do-next": self.action_next_puzzle,
            "do-retry": self.action_retry,
            "do-list": self.action_puzzles,
        }.get(event.choice)
        if action is not None:
            action()
        else:
            super().on_choice_pressed(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("save", "secrets", "rematch", "swap_rematch", "lobby"):
            return False  # nothing to save, no hand-over, no server
        if action in ("confirm", "back") and self.verdict is not None:
            return GameScreen.check_action(self, action, parameters)  # next / the list
        return super().check_action(action, parameters)


def entry(number: int, done: bool) -> Table:
    """A puzzle's entry in the list: its number (ticked when solved), its
    name and side, its goal under the name; every wrapped row stays under
    its text (tester PG, round 4: item 4's second row went to the left
    edge), in a grid whose first column holds the number."""
    p = puzzle(number)
    grid = Table.grid()
    grid.add_column(width=5, no_wrap=True)
    grid.add_column(ratio=1)
    mark = "[green]✔[/green] " if done else "  "
    name = f"{escape(p.name)} [dim](you play {SIDE_WORDS[p.side]})[/dim]"
    grid.add_row(Text.from_markup(f"{mark}{number}."), Text.from_markup(name))
    grid.add_row("", Text.from_markup(f"[dim]{escape(goal_sentence(p))}[/dim]"))
    return grid


class PuzzleList(PuzzleListScreen, scope="pocket"):
    """The puzzles, each with the rules it teaches and the side played."""

    def __init__(self, highlight: int = 1) -> None:
        title = (
            "[b]Mr. Jack Pocket — puzzles[/b]\nShort positions, each teaching a rule: "
            "lines of sight, the witness call, the end of the game."
        )
        options = [self.option(n) for n in range(1, len(PUZZLES) + 1)]
        super().__init__(title, options, highlight)

    @staticmethod
    def option(number: int) -> Option:
        return Option(entry(number, False), id=str(number))

    def open_puzzle(self, number: int) -> None:
        self.app.push_screen(PuzzleScreen(number))

    def on_mount(self) -> None:
        super().on_mount()
        self.tick()

    def on_screen_resume(self) -> None:
        self.tick()  # back from a puzzle: solved since

    def tick(self) -> None:
        """Tick the puzzles solved (tester PD, issue 44: the list did not)."""
        done = solved_here(self.app)
        options = self.query_one(OptionList)
        for number in range(1, len(PUZZLES) + 1):
            options.replace_option_prompt(str(number), entry(number, number in done))


def learn_screen(number: int | None = None) -> Any:
    """The list of puzzles, or puzzle `number` itself."""
    return PuzzleList() if number is None else PuzzleScreen(number)
