"""The Letters from Whitechapel rules engine (§1–§9).

`LfwGame` is the state (`state.LfwState`) behind the engine contract: `apply`
performs a legal action in place or raises `IllegalAction` having changed
nothing, because every action is checked before anything moves.  The phase
table (`table.PHASES`) says who acts, with which actions, and what follows;
the rules of each phase live in `hell.py` (S1, H1–H9), `letters.py` (O1) and
`hunt.py` (T1–T3, O2–O6); `flow.py` runs the automatic steps (H1, H4, H9,
the end of a night) and is the only code that changes the phase.
"""

from __future__ import annotations

from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.core.errors import NotationError
from whitechapel.core.game import Engine
from whitechapel.lfw import actions, flow, viewing
from whitechapel.lfw.actions import Action
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import SIDES
from whitechapel.lfw.setup import random_setup
from whitechapel.lfw.state import LfwState
from whitechapel.lfw.views import LfwView


class LfwGame(LfwState, Engine):
    name = "lfw"
    sides = SIDES
    notation, views = actions, viewing  # Engine: play, view, reveal

    def view(self, side: str) -> LfwView:
        """`side`'s view: a `JackView`, `PoliceView` or `PublicView` (views.py)."""
        return viewing.view(self, side)

    @classmethod
    def new(cls, seed: int, options: Options | None = None, board: Board | None = None) -> LfwGame:
        return cls(random_setup(seed, board), options, board)

    # -- reading the state ---------------------------------------------------

    @property
    def to_act(self) -> str | None:
        return flow.to_act(self)

    @property
    def acting_colour(self) -> str | None:
        """The policeman whose turn it is in T2/T3, or the Chief for the
        Chief's decisions; None when Jack acts."""
        return flow.acting_colour(self)

    def legal_actions(self) -> list[Action]:
        return flow.legal_actions(self)

    def random_action(self, chance: Chance) -> Action:
        """A legal action drawn at random, without listing every action of the
        large placement phases."""
        return flow.random_action(self, chance)

    def options_json(self) -> dict[str, Any]:
        return self.options.to_json()

    # -- changing the state --------------------------------------------------

    def apply(self, action: Action, side: str | None = None) -> None:
        if not isinstance(action, Action):
            raise NotationError(f"{action!r} is not a Letters from Whitechapel action")
        flow.play(self, action, side)

    def __repr__(self) -> str:
        return f"<LfwGame night {self.night} {self.phase} to_act={self.to_act}>"
