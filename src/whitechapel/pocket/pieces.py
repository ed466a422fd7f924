"""The components of Mr. Jack Pocket (P2) and the names the notation uses.

Squares of the 3×3 district are named like a chess board turned to reading
order: columns a b c from west to east, rows 1 2 3 from north to south, so
a1 is the top-left tile and c3 the bottom-right one.  Index 0..8 in reading
order is the internal form.

Directions are 0 north, 1 east, 2 south, 3 west; a tile's orientation is the
direction its wall faces.  `NO_WALL` is Joseph Lane's empty crossroads.
"""

from __future__ import annotations

from typing import NamedTuple

JACK = "jack"
INVESTIGATOR = "investigator"
SIDES = (JACK, INVESTIGATOR)


def other_side(side: str) -> str:
    return INVESTIGATOR if side == JACK else JACK


class Character(NamedTuple):
    id: str
    name: str
    colour: str
    hourglasses: int


# P2: the nine suspects with their alibi hourglasses, in a fixed index order.
CHARACTERS: tuple[Character, ...] = (
    Character("madame", "Madame", "pink", 2),
    Character("lestrade", "Inspector Lestrade", "blue", 0),
    Character("goodley", "Sergeant Goodley", "black", 0),
    Character("pizer", "John Pizer", "white", 1),
    Character("gull", "William Gull", "purple", 1),
    Character("stealthy", "Miss Stealthy", "green", 1),
    Character("bert", "Jeremy Bert", "orange", 1),
    Character("smith", "John Smith", "yellow", 1),
    Character("lane", "Joseph Lane", "grey", 1),
)
CHARACTER_INDEX = {c.id: i for i, c in enumerate(CHARACTERS)}
LANE = CHARACTER_INDEX["lane"]
HOURGLASSES = tuple(c.hourglasses for c in CHARACTERS)
ALL_CHARACTERS_MASK = (1 << len(CHARACTERS)) - 1

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
NO_WALL = -1
DIRECTIONS = "NESW"

SQUARES = tuple(f"{'abc'[i % 3]}{i // 3 + 1}" for i in range(9))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}

# The three detectives, in the order used everywhere (views, notation).
DETECTIVES = ("holmes", "watson", "toby")
DETECTIVE_LETTERS = "HWT"
DETECTIVE_NAMES = ("Sherlock Holmes", "Dr. Watson", "Toby")
# P3: Holmes left of a1, Watson right of c1, Toby below b3.
START_POSITIONS = (12, 4, 8)
POSITIONS = tuple(range(1, 13))


def _position_lines() -> dict[int, tuple[tuple[int, int, int], int, int]]:
    """For each detective position (P2: 1-3 top left to right, 4-6 right top to
    bottom, 7-9 bottom right to left, 10-12 left bottom to top): the squares it
    looks along, nearest first, the side of a tile that faces the detective, and
    the far side."""
    lines = {}
    for p in range(1, 4):
        col = p - 1
        lines[p] = ((col, col + 3, col + 6), NORTH, SOUTH)
    for p in range(4, 7):
        row = p - 4
        lines[p] = ((row * 3 + 2, row * 3 + 1, row * 3), EAST, WEST)
    for p in range(7, 10):
        col = 9 - p
        lines[p] = ((col + 6, col + 3, col), SOUTH, NORTH)
    for p in range(10, 13):
        row = 12 - p
        lines[p] = ((row * 3, row * 3 + 1, row * 3 + 2), WEST, EAST)
    return lines


POSITION_LINES = _position_lines()


def step_clockwise(position: int, steps: int) -> int:
    return (position - 1 + steps) % 12 + 1


# P2: the four double-sided action tokens.  Face letters are the notation's.
HOLMES, ALIBI, WATSON, TOBY, ROTATION, EXCHANGE, JOKER = "H", "A", "W", "T", "R", "X", "J"
TOKENS: tuple[tuple[str, str], ...] = (
    (HOLMES, ALIBI),
    (WATSON, TOBY),
    (ROTATION, EXCHANGE),
    (ROTATION, JOKER),
)
FACE_NAMES = {
    HOLMES: "Holmes",
    ALIBI: "Alibi",
    WATSON: "Watson",
    TOBY: "Toby",
    ROTATION: "Rotation",
    EXCHANGE: "Exchange",
    JOKER: "Joker",
}
LAST_ROUND = 8
JACK_GOAL_HOURGLASSES = 6

# P4: who plays each of the four actions of a round, by the round's parity.
TURN_ORDER: dict[int, tuple[str, str, str, str]] = {
    1: (INVESTIGATOR, JACK, JACK, INVESTIGATOR),  # odd rounds: magnifying glass
    0: (JACK, INVESTIGATOR, INVESTIGATOR, JACK),  # even rounds: knife
}
