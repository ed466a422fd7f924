"""The action a Pocket player is choosing on the game screen: a token,
then its target (a step, the joker's detective, a tile and its new
orientation, two tiles to exchange, or an alibi card).

Every token's target is chosen the same way: the arrows move a cursor
that always stands on something -- a detective's steps, the joker's
detective, a tile, the side a tile's wall faces -- whose result the board
shows, and Enter takes it.  (Digits, h w t 0, r and e are shortcuts; a
tile is also taken by typing its name, a1 to c3: `PocketChoice.typed`.)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from whitechapel.pocket.actions import MOVE_FACES, Action, Exchange, Joker, Move, Rotate
from whitechapel.pocket.pieces import DETECTIVE_LETTERS, SQUARE_INDEX


class Mode(StrEnum):
    """What the next key chooses."""

    TOKEN = "token"  # an action token (1-4)
    MOVE = "move"  # how far the detective walks (1-2)
    JOKER = "joker"  # which detective the joker moves, or nobody
    ALIBI = "alibi"  # Enter draws an alibi card
    TILE = "tile"  # a tile to rotate (or the first of an exchange)
    ORIENT = "orient"  # where the wall of the tile to rotate will face
    EXCHANGE = "exchange2"  # the second tile of an exchange


T = TypeVar("T")
START_TILE = 4  # b2, the centre: every tile is at most two arrows away
COLUMNS = "abc"  # a tile's name: its column's letter, then its row's digit (1-3)
MODE_OF_FACE = {"H": Mode.MOVE, "W": Mode.MOVE, "T": Mode.MOVE, "J": Mode.JOKER, "A": Mode.ALIBI}


@dataclass(slots=True)
class PocketChoice:
    mode: Mode = Mode.TOKEN
    token: int | None = None  # the token chosen (0-3)
    cursor: int = START_TILE  # the tile under the cursor (0-8): set when a tile token is taken
    first: int | None = None  # the first tile of an exchange
    wall: int | None = None  # the orientation chosen for the tile under the cursor
    steps: int | None = None  # the steps chosen for a detective's move (previewed)
    joker: str | None = None  # the joker's detective (H W T, or - for nobody), previewed
    preset: bool = False  # the steps or the joker's detective chosen for the player, not by him
    typed: str | None = None  # a tile's name half typed: its column's letter (a b c), no row yet

    def restart(self) -> None:
        """Back to choosing a token; the cursor stays where it was."""
        self.mode, self.token, self.first, self.wall = Mode.TOKEN, None, None, None
        self.steps = self.joker = self.typed = None
        self.preset = False

    def step_back(self) -> bool:
        """Esc: undo the last choice of this action (the steps, the joker's
        detective, the new orientation, the first tile), else back to the
        tokens (also from a target chosen for the player when the token was
        taken).  A half-typed tile's name goes first, alone.  False when
        there was nothing to undo."""
        if self.typed is not None:
            self.typed = None
        elif self.preset:  # a target the player did not choose: back to the tokens
            self.restart()
        elif self.steps is not None or self.joker is not None:
            self.steps = self.joker = None
        elif self.mode == Mode.EXCHANGE:
            if self.first is not None:
                self.cursor = self.first
            self.mode, self.first = Mode.TILE, None
        elif self.mode == Mode.ORIENT:
            self.mode, self.wall = Mode.TILE, None
        elif self.mode == Mode.TILE and self.wall is not None:
            self.wall = None
        elif self.mode != Mode.TOKEN:
            self.restart()
        else:
            return False
        return True

    def rotate(self, turn: int, current: int) -> int:
        """Turn the tile under the cursor a quarter clockwise (turn 1) or
        counter-clockwise (-1) from the orientation chosen so far, or from its
        own (`current`) at first; never back to its own (P5: a rotation must
        change the tile)."""
        start = current if self.wall is None else self.wall
        wall = (start + turn) % 4
        if wall == current:
            wall = (wall + turn) % 4
        self.wall = wall
        return wall

    def take(self, token: int, face: str) -> None:
        self.restart()
        self.token, self.mode = token, MODE_OF_FACE.get(face, Mode.TILE)

    @property
    def on_tiles(self) -> bool:
        """Is the cursor on the tiles (a rotation's, an exchange's)?"""
        return self.mode in (Mode.TILE, Mode.ORIENT, Mode.EXCHANGE)

    def move(self, dx: int, dy: int) -> None:
        x, y = self.cursor % 3, self.cursor // 3
        self.cursor = max(0, min(2, y + dy)) * 3 + max(0, min(2, x + dx))
        self.wall = self.typed = None

    def type_column(self, letter: str) -> bool:
        """The first character of a tile's name (a b c, either case), kept
        until its row comes: nothing else changes.  Another letter takes its
        place.  False for any other character."""
        letter = letter.lower()
        if len(letter) != 1 or letter not in COLUMNS or not self.on_tiles:
            return False
        self.typed = letter
        return True

    def type_row(self, digit: str) -> int | None:
        """The row's digit after a column's letter: the square named (a1 is
        0, c3 is 8), the half-typed name gone; None, and nothing changes,
        without a letter before it or for a digit that is no row."""
        square = SQUARE_INDEX.get(f"{self.typed}{digit}") if self.typed else None
        if square is not None:
            self.typed = None
        return square

    def candidate(self, face: str | None) -> Action | None:
        """The action chosen so far, once it is one."""
        if self.mode == Mode.MOVE and self.steps is not None and face in MOVE_FACES:
            return Move(MOVE_FACES.index(face), self.steps)
        if self.mode == Mode.JOKER and self.joker is not None:
            return joker_action(self.joker)
        if self.mode in (Mode.TILE, Mode.ORIENT) and face == "R" and self.wall is not None:
            return Rotate(self.cursor, self.wall)
        if self.mode == Mode.EXCHANGE and self.first is not None and self.first != self.cursor:
            return Exchange(min(self.first, self.cursor), max(self.first, self.cursor))
        return None


def cycle(options: Sequence[T], current: T | None, turn: int) -> T:
    """The option `turn` places after `current` (before it, for a negative
    `turn`), round the list; the first when nothing is chosen."""
    if current not in options:
        return options[0]
    return options[(options.index(current) + turn) % len(options)]


def joker_action(who: str) -> Joker:
    """The joker moving the detective of letter `who` (H W T), or nobody (-)."""
    return Joker(None if who == "-" else DETECTIVE_LETTERS.index(who))


def step_options(legal: Sequence[Action], face: str | None) -> list[int]:
    """The steps the detective of `face` may walk now (1, 2)."""
    if face not in MOVE_FACES:
        return []
    who = MOVE_FACES.index(face)
    return [s for s in (1, 2) if Move(who, s) in legal]


def joker_options(legal: Sequence[Action]) -> list[str]:
    """The joker's choices now, as keys: h w t, and - (nobody: Jack only)."""
    return [
        "-" if a.detective is None else DETECTIVE_LETTERS[a.detective]
        for a in legal
        if isinstance(a, Joker)
    ]


def start_tile() -> int:
    """Where the tile cursor starts for a rotation or an exchange: on b2,
    the centre, every time (one or two arrows reach any tile), and the
    prompt names it.  A start remembered from the side's last tile made a
    quick `4 r` preview turning a tile the player had not looked at
    (testers PI and PJ, round 5); a start on "the first tile free" took
    players by surprise too (tester PA).  A tile that may not turn now is
    dimmed there and the prompt says so."""
    return START_TILE
