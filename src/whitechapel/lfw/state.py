"""The state of a Letters from Whitechapel game, and what can be read from it.

`LfwState` is data and questions about it; the rules that change it live in
`hell.py`, `letters.py` and `hunt.py`, and `flow.py` moves it from phase to
phase.  `game.LfwGame` puts them together behind the engine contract.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from whitechapel.core.game import Outcome
from whitechapel.lfw.actions import Action
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import police_order
from whitechapel.lfw.setup import Setup


@dataclass
class Marker:
    """A patrol marker: its colour (None for a fake) and whether Jack turned it."""

    colour: str | None
    revealed: bool = False


class LfwState:
    def __init__(self, setup: Setup, options: Options | None = None, board: Board | None = None):
        """`board` saves loading it again; it must be the setup's board."""
        self.setup = setup
        self.options = options or Options()
        self.board = board or setup.board()
        if board is not None and (setup.map_data is None) != bool(board.builtin_name):
            raise ValueError("the board given is not the setup's board")
        if board is not None and board.builtin_name and board.builtin_id != setup.map_name:
            raise ValueError("the board given is not the setup's board")
        self.phase = Phase.HIDEOUT
        self.night = 0
        self.hideout: int | None = None  # secret
        self.women: dict[int, bool] = {}  # circle -> marked (the marks are secret)
        self.wretched: list[int] = []
        self.to_move: list[int] = []  # Wretched not yet moved in this H6
        self.crime_scenes: list[tuple[int, int]] = []  # (night, circle)
        self.crime_space: int | None = None  # where the Time of the Crime marker stands
        self.chief: str | None = None
        self.markers: dict[str, Marker] = {}  # crossing -> marker (colours secret from Jack)
        self.police: dict[str, str] = {}  # colour -> crossing: where each ended or stands
        self.police_on_board = False
        # Jack's sheet, one row per night: (space, circle, how) -- circles secret.
        self.rows: list[list[tuple[int, int, str]]] = []
        self.coaches = 0
        self.alleys = 0
        self.clues: list[int] = []  # tonight's clue markers, in the order found
        self.searched: list[int] = []  # tonight's circles searched with no clue
        self.arrests: list[
            tuple[int, str, tuple[int, ...]]
        ] = []  # failed: (night, colour, circles)
        self.pending: list[str] = []  # policemen still to act in T2 / T3, in order
        self.search: tuple[str, tuple[int, ...]] | None = None  # a search under way
        self.false_clue_tokens = 0
        self.false_clues: list[int] = []  # placed tonight
        self.clues_tonight = 0
        self.letters: list[tuple[int, str]] = []  # (night, letter) played
        self.saucy: tuple[str, ...] = ()  # the two markers Jack picked
        self.graffito: str | None = None  # the colour Jack named
        self.know_used = False
        self._outcome: Outcome | None = None
        self.history: list[Action] = []
        self.events: list[tuple] = []  # the public log, as compact tuples

    # -- reading the state ---------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def row(self) -> list[tuple[int, int, str]]:
        return self.rows[-1] if self.rows else []

    @property
    def jack(self) -> int | None:
        """Jack's circle (secret), once he has killed tonight."""
        return self.row[-1][1] if self.row else None

    def next_space(self) -> int:
        return self.row[-1][0] + 1 if self.row else (self.crime_space or 0)

    def path_circles(self) -> set[int]:
        return {c for _, c, _ in self.row}

    def police_order(self) -> list[str]:
        """T2/T3: the Chief first, then clockwise."""
        return list(police_order(self.chief))

    def police_mask(self) -> int:
        return self.board.police_mask(self.police.values()) if self.police_on_board else 0

    def letters_open(self) -> bool:
        """O1: a letter may be sent from night 2, one a night."""
        return (
            self.options.letters
            and self.night >= 2
            and not any(n == self.night for n, _ in self.letters)
        )

    # -- the end -----------------------------------------------------------------

    def end(self, winner: str, reason: str) -> None:
        self._outcome = Outcome(winner, reason, f"night {self.night}")
        self.events.append(("end", self.night, winner, reason))

    # -- copies and comparison -----------------------------------------------

    def clone(self) -> Self:
        new = type(self).__new__(type(self))
        d = dict(self.__dict__)
        for key in ("women", "police"):
            d[key] = dict(d[key])
        d["markers"] = {x: Marker(m.colour, m.revealed) for x, m in self.markers.items()}
        for key in (
            "wretched",
            "to_move",
            "crime_scenes",
            "clues",
            "searched",
            "arrests",
            "pending",
            "false_clues",
            "letters",
            "history",
            "events",
        ):
            d[key] = list(d[key])
        d["rows"] = [list(r) for r in self.rows]
        new.__dict__.update(d)
        return new

    def _key(self) -> dict:
        d = {k: v for k, v in self.__dict__.items() if k not in ("board",)}
        return d

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LfwState):
            return NotImplemented
        return self._key() == other._key()

    # Unhashable, since it is mutable and compares by value.  typeshed types
    # object.__hash__ as a method, so the checker cannot accept the None that the
    # data model uses for this (typeshed's own list does the same with an ignore).
    __hash__ = None  # type: ignore[assignment]
