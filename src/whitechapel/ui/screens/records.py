"""The lobby's finished games: the server's records, newest first, and one
record replayed step by step, as every side may see it.

A replay shows the public view (`core.game.PUBLIC`: neither side's secrets)
after each action, so stepping through a finished game shows what both
players saw at that moment on the shared board, and the last step shows what
the end reveals to everyone."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.game import PUBLIC
from whitechapel.core.record import Record, replay
from whitechapel.core.registry import rules_for, title_of
from whitechapel.ui.games import screens_for
from whitechapel.ui.widgets.footer import KeyFooter


def record_line(r: dict[str, Any]) -> str:
    """One finished game in the list, its words shown literally."""
    players = ", ".join(f"{side}: {name}" for side, name in (r.get("players") or {}).items())
    ended = str(r.get("ended") or "")[:16].replace("T", " ")
    result = f"{r.get('winner')} won: {r.get('reason')}" if r.get("winner") else "unfinished"
    return f"{r.get('id')}  {title_of(str(r.get('game')))}  ({players})  {result}  {ended}"


class RecordsScreen(Screen):
    """`v` in the lobby: Enter asks the server for the record highlighted."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="records.back")]
    DEFAULT_CSS = "RecordsScreen OptionList { height: 1fr; }"

    def __init__(
        self, records: list[dict[str, Any]], choose: Callable[[str], Awaitable[None]]
    ) -> None:
        """`choose(id)` asks the server for a record (the lobby's link)."""
        super().__init__()
        self.records = records
        self.choose = choose

    def compose(self) -> ComposeResult:
        yield Label(
            "[b]Finished games[/b] on this server, newest first (Enter replays one, Esc goes back)"
        )
        options = [Option(escape(record_line(r)), id=str(r.get("id"))) for r in self.records]
        yield OptionList(*options) if options else Label("No game has finished here yet.")
        yield KeyFooter()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            await self.choose(event.option.id)


class ReplayScreen(Screen):
    """One record, step by step: ← and → go back and forth one action, Home
    and End to the start and the end.  Every step is the game's own summary
    (`Rules.summary`) of the public view after that many actions."""

    BINDINGS = [
        # before the scrolling board's own (tester PK, round 6: at 80×24 the
        # board scrolls, and Home went to its top, not to the start)
        Binding("left,p", "step(-1)", "Back a step", id="replay.back", priority=True),
        Binding("right,n", "step(1)", "Next step", id="replay.next", priority=True),
        Binding("home", "jump(0)", "Start", id="replay.start", priority=True),
        Binding("end", "jump(-1)", "End", id="replay.end", priority=True),
        Binding("escape", "app.pop_screen", "Close", id="replay.close"),
    ]
    DEFAULT_CSS = """
    ReplayScreen #replay-step { height: auto; padding: 0 1; background: $boost; }
    ReplayScreen VerticalScroll { height: 1fr; }
    ReplayScreen #replay-board { padding: 0 1; }
    """

    def __init__(self, record: Any, game: Any) -> None:
        """`record` a checked `Record`; `game` its start (no action played):
        the screen plays the record's actions on it as the player steps."""
        super().__init__()
        self.record = record
        self.rules = rules_for(record.game)
        self.game = game
        self.views: list[dict[str, Any]] = [game.view(PUBLIC)]
        self.step = len(record.actions)

    @classmethod
    def of_text(cls, text: str) -> ReplayScreen | str:
        """A replay of the record `text`, or a sentence saying why it cannot be shown."""
        try:
            record = Record.loads(text)
            replay(record)  # checked whole before the first step is shown
            rules = rules_for(record.game)
            options = rules.check_options(record.options)
            game = rules.start(rules.setup_from_json(record.setup, options), options)
        except WhitechapelError as e:
            return f"This record cannot be shown: {e}"
        return cls(record, game)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-step", markup=False)
        with VerticalScroll():
            yield Static(id="replay-board", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    def view_at(self, step: int) -> dict[str, Any]:
        while len(self.views) <= step:
            text = self.record.actions[len(self.views) - 1]
            self.game.play(text)  # the action and what follows it by itself
            self.views.append(self.game.view(PUBLIC))
        return self.views[step]

    def show(self) -> None:
        total = len(self.record.actions)
        view = self.view_at(self.step)
        if self.step == 0:
            where = f"The start, before any action ({total} in all)"
        else:
            said = self.said(self.step)
            where = f"Action {self.step} of {total}: {said}"
        keys = "←/→ step · Home/End · Esc close"
        self.query_one("#replay-step", Static).update(f"{self.rules.title} — {where}    {keys}")
        board = self.rules.summary(view, self.record.players, self.step)
        self.query_one("#replay-board", Static).update(board)

    def said(self, step: int) -> str:
        """What action `step` did, in the words of the game's log (its
        screens' `said`, from the public views before and after), or its
        notation where the game has no words for it (tester PK, round 6,
        read "J:H" and "A")."""
        before, after = self.view_at(step - 1), self.view_at(step)
        told = getattr(screens_for(self.record.game), "said", None)
        lines = told(self.game, before, after) if told is not None else []
        return " ".join(lines) or self.record.actions[step - 1]

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(len(self.record.actions), self.step + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        self.step = len(self.record.actions) if where < 0 else 0
        self.show()
