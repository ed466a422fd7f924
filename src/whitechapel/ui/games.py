"""Each game's screens, found by the game's name: the interface's half of
the game registry.

The registry (`core/registry.py`) names two modules per game: its rules
(`<game>/rules.py`, the engine's entry, which the server, records and
players use) and its screens (`<game>/ui/entry.py`, its `SCREENS`).  Only
the interface imports the second, here, and only when a game's screen is
asked for: the app's menu, the lobby, Continue and the command line reach a
game's screens through `screens_for`, and name none.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from textual.screen import Screen

from whitechapel.core.game import Game
from whitechapel.core.record import Record
from whitechapel.core.registry import entry_of
from whitechapel.core.store import Store


class GameScreens(Protocol):
    """What a game's `<game>/ui/entry.py` gives the app (its `SCREENS`)."""

    def setup_screen(self) -> Screen[Any]:
        """The screen that starts a new hot-seat game (the menu's entry)."""
        ...

    def local_screen(self, game: Game, record: Record, store: Store | None = None) -> Screen[Any]:
        """The hot-seat game screen of `game` and its `record` (its settings
        say how it is played: `Record.settings`), autosaved in `store`."""
        ...

    def remote_screen(
        self, link: Any, room: str, seat: str | None, first: dict[str, Any]
    ) -> Screen[Any]:
        """The game screen of a seat at a game server (`seat` None: a
        spectator), from the room's first `state` message; a room this
        program cannot show is a `WhitechapelError`."""
        ...

    def learn_screen(self, number: int | None = None) -> Screen[Any]:
        """The screen that teaches the game (its puzzles), or lesson `number`
        itself.  Only the games whose registry entry says `learn` have one."""
        ...

    def guided_screen(self) -> Screen[Any]:
        """A first game that teaches: against the computer, with hints.
        Only the games whose registry entry says `guided` have one."""
        ...

    def help_text(self) -> str:
        """The rules and keys of the game's screens (F1), as Markdown."""
        ...

    def said(self, game: Game, before: Any, after: Any) -> list[str]:
        """What happened between two public views of `game` (a replay's
        step), in the sentences of the game's log, as plain text: built
        from the views alone."""
        ...


def screens_for(name: str) -> GameScreens:
    """The screens of the game `name` (a `RecordError` for a game this
    program does not know)."""
    screens: GameScreens = import_module(entry_of(name).screens).SCREENS
    return screens
