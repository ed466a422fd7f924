"""Letters from Whitechapel's entry in the game registry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.lfw.actions import Action, parse_action
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.legal import legal_texts
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import SIDES
from whitechapel.lfw.seats import LfwSeating
from whitechapel.lfw.setup import Setup, board_of_table, random_setup, table_of
from whitechapel.lfw.views import LfwView, view_from_json


class LfwRules:
    name = "lfw"
    title = "Letters from Whitechapel"
    sides = SIDES
    default_clock = None  # a ninety-minute game: no chess clock unless a room asks

    def seating(self, count: int | None = None) -> LfwSeating:
        return LfwSeating(count)

    def check_options(self, options: Any) -> dict[str, Any]:
        return Options.from_json(options).to_json()

    def setup_from_json(self, data: Any, options: dict[str, Any]) -> Setup:
        return Setup.from_json(data)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return setup.to_json()

    def random_setup(self, seed: int, options: dict[str, Any], table: Any = None) -> Setup:
        """On the board `table` names (`table_of`; None: the 1888 board)."""
        return random_setup(seed, None if table is None else board_of_table(table))

    def table_of(self, game: LfwGame) -> dict[str, Any]:
        """The board, which every side knows and views only name (core/players.py)."""
        return table_of(game.setup)

    def legal_in_view(self, view: LfwView) -> Sequence[str]:
        """The texts of the actions of the view's side, from the view alone
        (placements too, listed lazily): `legal.legal(view)`."""
        return legal_texts(view)

    def measures(self, game: LfwGame) -> dict[str, float]:
        """What the arena averages over its games: nights played, Jack's moves a night."""
        moves = sum(1 for e in game.events if e[0] == "move")
        return {"nights played": game.night, "Jack's moves a night": moves / max(game.night, 1)}

    def start(self, setup: Setup, options: dict[str, Any]) -> LfwGame:
        return LfwGame(setup, Options.from_json(options))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def view_from_json(self, data: Any) -> LfwView:
        """A view received as JSON (a network seat's, a record's), typed as
        `view(side)` gives it; ValueError for data that is not one."""
        return view_from_json(data)

    def summary(self, view: LfwView, players: dict[str, str], actions: int) -> str:
        from whitechapel.lfw.render import render_summary

        return render_summary(view, players)

    def setup_screen(self) -> Any:
        """The screen that starts a new hot-seat game (the menu's entry)."""
        from whitechapel.lfw.ui.setup import LfwSetup

        return LfwSetup()

    def help_text(self) -> str:
        """The rules and keys of the game's screens (F1), as Markdown."""
        from whitechapel.ui.screens.game import help_text

        return help_text("whitechapel.lfw.ui")

    def local_screen(self, game: Any, record: Any, store: Any = None, **options: Any) -> Any:
        """The hot-seat screen of a game."""
        from whitechapel.lfw.ui.screen import LfwScreen
        from whitechapel.ui.source import LocalSource

        return LfwScreen(LocalSource(game, record, store), game.board)

    def remote_screen(self, link: Any, room: str, seat: str | None, first: dict[str, Any]) -> Any:
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
            raise MapError(f"this room's board {str(name)[:40]!r} is not one shipped with this program")
        board = load_board(name)
        return LfwScreen(RemoteSource(link, room, seat, first), board)


RULES = LfwRules()
