"""Mr. Jack Pocket's screens, as the interface finds them (`ui/games.py`,
by the module the registry names): a new game's setup, a game at one
keyboard, a network seat's, the puzzles that teach the game, a guided
first game, and its help.
The engine's own entry is `pocket/rules.py`, which imports nothing from
here.  Each screen's module is imported when it is asked for: the menu
lists the games without loading their screens."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from whitechapel.core.game import Game
from whitechapel.core.record import Record
from whitechapel.core.store import Store


class PocketScreens:
    def setup_screen(self) -> Screen[Any]:
        """The screen that starts a new hot-seat game (the menu's entry)."""
        from whitechapel.pocket.ui.setup import PocketSetup

        return PocketSetup()

    def local_screen(self, game: Game, record: Record, store: Store | None = None) -> Screen[Any]:
        """The hot-seat screen of a game, played as its record's settings say
        (its hand-over mode)."""
        from whitechapel.pocket.ui.screen import PocketScreen
        from whitechapel.ui.source import LocalSource

        return PocketScreen(LocalSource(game, record, store))

    def remote_screen(
        self, link: Any, room: str, seat: str | None, first: dict[str, Any]
    ) -> Screen[Any]:
        """A network seat's screen (a spectator's, `seat` None), fed by the server."""
        from whitechapel.pocket.ui.screen import PocketScreen
        from whitechapel.ui.source import RemoteSource

        return PocketScreen(RemoteSource(link, room, seat, first))

    def learn_screen(self, number: int | None = None) -> Screen[Any]:
        """The puzzles that teach the game (the menu's "Learn" entry), or
        puzzle `number` itself (`whitechapel pocket --puzzle N`)."""
        from whitechapel.pocket.ui.puzzles import learn_screen

        return learn_screen(number)

    def guided_screen(self) -> Screen[Any]:
        """'Learn by playing': a choice of side (or the puzzles) for a game
        against the computer, with hints at every decision and a review at
        the end (`learn.py`)."""
        from whitechapel.pocket.ui.learn import LearnScreen

        return LearnScreen()

    def help_text(self) -> str:
        """The rules and keys of the game's screens (F1), as Markdown."""
        from whitechapel.ui.screens.game import help_text

        return help_text("whitechapel.pocket.ui")

    def said(self, game: Game, before: Any, after: Any) -> list[str]:
        """The log's sentences the step added (a replay's header)."""
        from whitechapel.pocket.sentences import log_sentences

        return [text for _, text in log_sentences(after)[len(before.log) :]]


SCREENS = PocketScreens()
