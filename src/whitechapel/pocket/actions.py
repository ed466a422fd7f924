"""Mr. Jack Pocket actions and their text form (see docs/pocket.md).

| action | text | meaning |
| --- | --- | --- |
| detective move (P5) | `H+1` `W+2` `T+1` | move Holmes/Watson/Toby 1 or 2 positions clockwise |
| joker (P5) | `J:H` `J:W` `J:T` `J:-` | move one detective 1 position; `J:-`: none (Jack only) |
| rotation (P5) | `Rb2E` | turn the tile on b2 so that its wall faces east |
| exchange (P5) | `Xa1c3` | swap the tiles on a1 and c3, each keeping its orientation |
| alibi (P5) | `A` | draw the top alibi card |

The whole action space is small (83 actions), so every action exists once,
built here; parsing is a lookup and actions compare by value.
"""

from __future__ import annotations

from dataclasses import dataclass

from whitechapel.core.errors import NotationError
from whitechapel.pocket.pieces import (
    ALIBI,
    DETECTIVE_LETTERS,
    DETECTIVES,
    DIRECTIONS,
    EXCHANGE,
    JOKER,
    ROTATION,
    SQUARES,
    TOBY,
    WATSON,
)
from whitechapel.pocket.pieces import HOLMES as HOLMES_FACE

MOVE_FACES = (HOLMES_FACE, WATSON, TOBY)  # the faces that move a detective, by index


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """Base of the Pocket actions; `face` is the token face that plays it."""

    def __str__(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    @property
    def face(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True, repr=False)
class Move(Action):
    detective: int  # index into DETECTIVES
    steps: int  # 1 or 2

    @property
    def face(self) -> str:
        return MOVE_FACES[self.detective]

    def __str__(self) -> str:
        return f"{DETECTIVE_LETTERS[self.detective]}+{self.steps}"


@dataclass(frozen=True, slots=True, repr=False)
class Joker(Action):
    detective: int | None  # None: Jack leaves every detective where he is

    @property
    def face(self) -> str:
        return JOKER

    def __str__(self) -> str:
        return "J:-" if self.detective is None else f"J:{DETECTIVE_LETTERS[self.detective]}"


@dataclass(frozen=True, slots=True, repr=False)
class Rotate(Action):
    square: int
    wall: int  # the direction the wall faces after the rotation

    @property
    def face(self) -> str:
        return ROTATION

    def __str__(self) -> str:
        return f"R{SQUARES[self.square]}{DIRECTIONS[self.wall]}"


@dataclass(frozen=True, slots=True, repr=False)
class Exchange(Action):
    first: int  # always the lower square index
    second: int

    @property
    def face(self) -> str:
        return EXCHANGE

    def __str__(self) -> str:
        return f"X{SQUARES[self.first]}{SQUARES[self.second]}"


@dataclass(frozen=True, slots=True, repr=False)
class Alibi(Action):
    @property
    def face(self) -> str:
        return ALIBI

    def __str__(self) -> str:
        return "A"


MOVES = tuple(Move(d, s) for d in range(3) for s in (1, 2))
JOKERS = (Joker(0), Joker(1), Joker(2), Joker(None))
ROTATIONS = tuple(tuple(Rotate(sq, w) for w in range(4)) for sq in range(9))
# For each square and current wall, the three rotations that change the tile.
ROTATIONS_FROM = tuple(
    tuple(tuple(r for r in ROTATIONS[sq] if r.wall != w) for w in range(4)) for sq in range(9)
)
EXCHANGES = tuple(Exchange(a, b) for a in range(9) for b in range(a + 1, 9))
ALIBI_ACTION = Alibi()
ALL_ACTIONS: tuple[Action, ...] = (
    MOVES + JOKERS + tuple(r for row in ROTATIONS for r in row) + EXCHANGES + (ALIBI_ACTION,)
)

_BY_TEXT: dict[str, Action] = {str(a).upper(): a for a in ALL_ACTIONS}
# Exchanges may be written in either order; joker targets may use full names.
for _x in EXCHANGES:
    _BY_TEXT[f"X{SQUARES[_x.second]}{SQUARES[_x.first]}".upper()] = _x
for _i, _name in enumerate(DETECTIVES):
    _BY_TEXT[f"J:{_name}".upper()] = JOKERS[_i]
    for _s in (1, 2):
        _BY_TEXT[f"{_name}+{_s}".upper()] = MOVES[_i * 2 + _s - 1]


def parse_action(text: str) -> Action:
    """The action whose text form is `text` (case and spaces do not matter)."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    key = "".join(text.split()).upper()
    try:
        return _BY_TEXT[key]
    except KeyError:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise NotationError(
            f"{shown!r} is not a Pocket action (examples: H+1, J:W, Rb2E, Xa1c3, A)"
        ) from None
