"""The lobby's finished games: the server's records, newest first, and one
record's final position as every side may see it after the end."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from whitechapel.core.registry import title_of


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
        yield Label("[b]Finished games[/b] on this server, newest first (Enter shows one, Esc goes back)")
        options = [Option(escape(record_line(r)), id=str(r.get("id"))) for r in self.records]
        yield OptionList(*options) if options else Label("No game has finished here yet.")
        yield Footer()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            await self.choose(event.option.id)


def record_summary(text: str) -> str:
    """A fetched record's final position and result, from the public view
    (at the end it holds what the end reveals to every side), as Markdown."""
    from whitechapel.core.errors import WhitechapelError
    from whitechapel.core.game import PUBLIC
    from whitechapel.core.record import Record, replay
    from whitechapel.core.registry import rules_for

    try:
        record = Record.loads(text)
        game = replay(record)
    except WhitechapelError as e:
        return f"This record cannot be shown: {e}"
    summary = rules_for(record.game).summary(game.view(PUBLIC), record.players, len(record.actions))
    return f"# {rules_for(record.game).title}\n\n```text\n{summary}\n```\n"
