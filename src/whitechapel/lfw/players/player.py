"""What every Letters from Whitechapel computer player shares: the
contract's `choose` (core/players.py: the side's view and the legal
actions' texts in, one of those texts out) around `decide`, which reads
the typed view and the typed legal actions (`legal.legal(view)`, the texts'
own actions) and answers one of those actions.  No player reads an
action's text: its text is made here, once, from the action chosen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.lfw.actions import Action
from whitechapel.lfw.legal import legal
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.setup import board_of_table
from whitechapel.lfw.views import LfwView


class LfwPlayer:
    """A computer player at one side of one game on one board (the table)."""

    level = "?"

    def __init__(self, side: str, seed: int, table: Any = None) -> None:
        self.side = side
        self.seed = seed
        self.board: Board = board_of_table(table)  # None: the default board

    def choose(self, view: LfwView, legal_texts: Sequence[str], budget: float | None = None) -> str:
        """The contract: `legal_texts` are the texts of `legal(view)`, which
        `decide` reads typed."""
        return str(self.decide(view, legal(view), budget))

    def decide(self, view: Any, actions: Sequence[Action], budget: float | None) -> Action:
        """One of `actions`, chosen from `view` alone, within about `budget` seconds."""
        raise NotImplementedError
