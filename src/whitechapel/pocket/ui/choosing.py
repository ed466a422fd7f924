"""The action a Pocket player is choosing on the game screen: a token,
then its target (a step, the joker's detective, a tile and its new
orientation, two tiles to exchange, or an alibi card)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from whitechapel.pocket.actions import MOVE_FACES, Action, Exchange, Joker, Move, Rotate
from whitechapel.pocket.pieces import DETECTIVE_LETTERS


class Mode(StrEnum):
    """What the next key chooses."""

    TOKEN = "token"  # an action token (1-4)
    MOVE = "move"  # how far the detective walks (1-2)
    JOKER = "joker"  # which detective the joker moves, or nobody
    ALIBI = "alibi"  # Enter draws an alibi card
    TILE = "tile"  # a tile to rotate (or the first of an exchange)
    EXCHANGE = "exchange2"  # the second tile of an exchange


MODE_OF_FACE = {"H": Mode.MOVE, "W": Mode.MOVE, "T": Mode.MOVE, "J": Mode.JOKER, "A": Mode.ALIBI}


@dataclass(slots=True)
class PocketChoice:
    mode: Mode = Mode.TOKEN
    token: int | None = None  # the token chosen (0-3)
    cursor: int = 4  # the tile under the cursor (0-8); back on b2 at each turn
    first: int | None = None  # the first tile of an exchange
    wall: int | None = None  # the orientation chosen for the tile under the cursor
    steps: int | None = None  # the steps chosen for a detective's move (previewed)
    joker: str | None = None  # the joker's detective (H W T, or - for nobody), previewed

    def restart(self) -> None:
        """Back to choosing a token; the cursor stays where it was."""
        self.mode, self.token, self.first, self.wall = Mode.TOKEN, None, None, None
        self.steps = self.joker = None

    def step_back(self) -> bool:
        """Esc: undo the last choice of this action (the steps, the joker's
        detective, the new orientation, the first tile), else back to the
        tokens.  False when there was nothing to undo."""
        if self.steps is not None or self.joker is not None:
            self.steps = self.joker = None
        elif self.mode == Mode.EXCHANGE:
            if self.first is not None:
                self.cursor = self.first
            self.mode, self.first = Mode.TILE, None
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
        return self.mode in (Mode.TILE, Mode.EXCHANGE)

    def move(self, dx: int, dy: int) -> None:
        x, y = self.cursor % 3, self.cursor // 3
        self.cursor = max(0, min(2, y + dy)) * 3 + max(0, min(2, x + dx))
        self.wall = None

    def candidate(self, face: str | None) -> Action | None:
        """The action chosen so far, once it is one."""
        if self.mode == Mode.MOVE and self.steps is not None and face in MOVE_FACES:
            return Move(MOVE_FACES.index(face), self.steps)
        if self.mode == Mode.JOKER and self.joker is not None:
            return joker_action(self.joker)
        if self.mode == Mode.TILE and face == "R" and self.wall is not None:
            return Rotate(self.cursor, self.wall)
        if self.mode == Mode.EXCHANGE and self.first is not None and self.first != self.cursor:
            return Exchange(min(self.first, self.cursor), max(self.first, self.cursor))
        return None


def joker_action(who: str) -> Joker:
    """The joker moving the detective of letter `who` (H W T), or nobody (-)."""
    return Joker(None if who == "-" else DETECTIVE_LETTERS.index(who))
