"""Who sits where in a network room: the seats of a game and the side each
plays, the seat to act, and whether a seat may send an action now.

A game's registry entry gives its `Seating` (`Rules.seating(count)`); the
server and the rooms know seats only through it, never a game's own words.
`OneSeatPerSide` is the plain case: a seat per side, named as the side.
"""

from __future__ import annotations

from typing import Any, Protocol

from whitechapel.core.errors import WhitechapelError


class SeatingError(WhitechapelError):
    """A seat count the game does not allow."""


class Seating(Protocol):
    count: int | None  # what a room stores to build this seating again
    seats: tuple[str, ...]

    def side_of(self, seat: str) -> str:
        """The side the seat plays (its view is that side's)."""
        ...

    def to_act(self, game: Any) -> str | None:
        """The seat to act now, or None when nobody acts."""
        ...

    def refusal(self, game: Any, seat: str, text: str) -> str | None:
        """Why `seat` may not send `text` now (a sentence), or None: the
        engine judges the action itself."""
        ...


class OneSeatPerSide:
    """A seat per side, named as the side: whoever's side acts sends."""

    def __init__(self, sides: tuple[str, ...], count: int | None = None, *, game: str) -> None:
        if count is not None:
            raise SeatingError(f"{game} has one seat per side: 'seats' cannot be chosen")
        self.count = None
        self.seats = sides

    def side_of(self, seat: str) -> str:
        return seat

    def to_act(self, game: Any) -> str | None:
        return game.to_act

    def refusal(self, game: Any, seat: str, text: str) -> str | None:
        acting = self.to_act(game)
        return None if seat == acting else f"it is not your turn: the {acting} is to act"
