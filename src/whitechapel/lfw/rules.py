"""Letters from Whitechapel's entry in the game registry (records, replay,
players, the server): the engine's side.  Its screens are
`lfw/ui/entry.py`, which only the interface imports."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.core.settings import Setting
from whitechapel.lfw.actions import Action
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.legal import legal_texts
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import SIDES
from whitechapel.lfw.seats import LfwSeating
from whitechapel.lfw.setup import Setup, board_of_table, random_setup, table_of
from whitechapel.lfw.views import LfwView, view_from_json

# What the police notebook shows on every screen (core/settings.py: not a
# rule; the engine's notebook deduces the same either way): nothing, the
# circles where Jack can be, or those tinted by their share of his paths.
# A network room's creator chooses it for every seat.  The possible circles
# by default: what a box player works out with a pencil, no odds
# (docs/lfw.md, "The notebook").
# Its row is "Aids": the setting off takes Jack's aids away too (the counts
# home, who can reach a circle, the warnings; testers W3 and Y3, rounds 39-40,
# read "Notebook … off (the box, no aids)" as the police's alone and found
# "no switch for Jack's aids").
NOTEBOOK = Setting(
    "notebook",
    "Aids",
    (("off", "none (the box)"), ("possible", "possible circles"), ("heat", "heat map")),
    default="possible",
    rooms=True,
)

# Hints for a new player (lfw/hints.py): what each kind of decision does and
# its keys, the first time it comes up.  "Learn by playing" (lfw/ui/learn.py)
# starts a game with them; the hot seat only (a network room never has them).
HINTS = Setting(
    "hints",
    "Hints",
    (("off", "none"), ("first", "the first time each decision comes up")),
    default="off",
)


class LfwRules:
    name = "lfw"
    title = "Letters from Whitechapel"
    sides = SIDES
    default_clock = None  # a ninety-minute game: no chess clock unless a room asks
    settings = (NOTEBOOK, HINTS)

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

    def listed(self, view: LfwView) -> str:
        """A saved game in the Continue list, from its public view: the night
        and the board ("night 2, Whitechapel 1888 board")."""
        when = f"night {view.night}" if view.night else "before the first night"
        return f"{when}, {view.map} board"


RULES = LfwRules()
