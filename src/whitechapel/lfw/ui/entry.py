"""Letters from Whitechapel's screens, as the interface finds them
(`ui/games.py`, by the module the registry names): a new game's setup, a
game at one keyboard, a network seat's, the notebook puzzles, the learn
screen (a guided first night against the easy computer), and its help.  The engine's own
entry is `lfw/rules.py`, which imports nothing from here.  Each screen's
module is imported when it is asked for: the menu lists the games without
loading their screens."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from whitechapel.core.game import Game
from whitechapel.core.record import Record
from whitechapel.core.store import Store


class LfwScreens:
    def setup_screen(self) -> Screen[Any]:
        """The screen that starts a new hot-seat game (the menu's entry)."""
        from whitechapel.lfw.ui.setup import LfwSetup

        return LfwSetup()

    def local_screen(self, game: Game, record: Record, store: Store | None = None) -> Screen[Any]:
        """The hot-seat screen of a game, on its own board (with hints if
        its record's settings have them: a guided game continued)."""
        from whitechapel.lfw.game import LfwGame
        from whitechapel.lfw.ui.screen import LfwScreen
        from whitechapel.ui.source import LocalSource

        if not isinstance(game, LfwGame):
            raise TypeError(f"not a Letters from Whitechapel game: {game!r}")
        source = LocalSource(game, record, store)
        if record.settings.get("hints", "off") != "off":
            from whitechapel.lfw.ui.learn import GuidedScreen

            return GuidedScreen(source, game.board)
        return LfwScreen(source, game.board)

    def remote_screen(
        self, link: Any, room: str, seat: str | None, first: dict[str, Any]
    ) -> Screen[Any]:
        """A network seat's screen (a spectator's, `seat` None), fed by the
        server.  Raises WhitechapelError for a board this program does not have."""
        from whitechapel.core.errors import MapError
        from whitechapel.lfw.map.maps import is_shipped, load_board
        from whitechapel.lfw.ui.screen import LfwScreen
        from whitechapel.ui.source import RemoteSource

        # The server names the board; only a shipped one is loaded (a name is
        # never taken for a path on this machine).
        name = first.get("view", {}).get("board") or None
        if name is not None and not is_shipped(str(name)):
            raise MapError(
                f"this room's board {str(name)[:40]!r} is not one shipped with this program"
            )
        board = load_board(name)
        return LfwScreen(RemoteSource(link, room, seat, first), board)

    def learn_screen(self, number: int | None = None) -> Screen[Any]:
        """The notebook puzzles (the menu's "Learn …: puzzles"), or puzzle
        `number` itself (`whitechapel lfw learn --puzzle N`)."""
        from whitechapel.lfw.ui.puzzles import learn_screen

        return learn_screen(number)

    def guided_screen(self) -> Screen[Any]:
        """'Learn by playing': the learn screen, where the player picks a
        side for a guided first night against the easy computer (or the
        puzzles)."""
        from whitechapel.lfw.ui.learn import LearnScreen

        return LearnScreen()

    def help_text(self) -> str:
        """The rules and keys of the game's screens (F1), as Markdown."""
        from whitechapel.ui.screens.game import help_text

        return help_text("whitechapel.lfw.ui")

    def said(self, game: Game, before: Any, after: Any) -> list[str]:
        """The log's lines the step added (a replay's header), in words."""
        from rich.text import Text

        from whitechapel.lfw.ui.panels import log_line, untagged

        board = getattr(game, "board", None)
        lines = [log_line(e, board) for e in after.log[len(before.log) :]]
        return [Text.from_markup(untagged(line)).plain for line in lines]


SCREENS = LfwScreens()
