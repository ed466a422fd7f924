"""The setup of a Pocket game: every chance event, decided before play (P3).

A setup pins the tile layout and orientations, Jack's identity, the order of
the alibi deck and the four throws of the action tokens (rounds 1, 3, 5, 7;
even rounds turn the tokens over, P4).  `random_setup(seed)` draws one as the
rulebook's setup does; an explicit setup can also move the detectives off
their starting positions and name suspects already cleared, for puzzles and
worked examples (P10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.core.errors import RecordError
from whitechapel.pocket.pieces import (
    CHARACTER_INDEX,
    CHARACTERS,
    DETECTIVES,
    DIRECTIONS,
    POSITION_LINES,
    SQUARES,
    START_POSITIONS,
    TOKENS,
)

THROWS = 4  # rounds 1, 3, 5 and 7


@dataclass(frozen=True, slots=True)
class Setup:
    tiles: tuple[int, ...]  # character index on each square, reading order
    walls: tuple[int, ...]  # wall direction of each square's tile
    jack: int  # character index of Jack's identity
    deck: tuple[int, ...]  # the alibi deck, top card first (8 cards, Jack's not among them)
    throws: tuple[tuple[int, ...], ...]  # per odd round, the face (0/1) of each token
    detectives: tuple[int, int, int] = START_POSITIONS
    cleared: tuple[int, ...] = ()  # suspects already cleared (puzzles only)

    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": [
                f"{SQUARES[sq]}:{CHARACTERS[c].id}:{DIRECTIONS[self.walls[sq]]}"
                for sq, c in enumerate(self.tiles)
            ],
            "jack": CHARACTERS[self.jack].id,
            "alibi_deck": [CHARACTERS[c].id for c in self.deck],
            "throws": ["".join(TOKENS[t][f] for t, f in enumerate(th)) for th in self.throws],
            "detectives": dict(zip(DETECTIVES, self.detectives, strict=True)),
            "cleared": [CHARACTERS[c].id for c in self.cleared],
        }

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """Read a setup, refusing anything that is not a legal one."""
        if not isinstance(data, dict):
            raise RecordError("a Pocket setup is a JSON object")
        tiles_in = _field(data, "tiles", list)
        if len(tiles_in) != 9:
            raise RecordError(f"a Pocket setup has 9 tiles, not {len(tiles_in)}")
        tiles, walls = [0] * 9, [0] * 9
        for sq, entry in enumerate(tiles_in):
            parts = entry.split(":") if isinstance(entry, str) else []
            if len(parts) != 3 or parts[0] != SQUARES[sq]:
                raise RecordError(
                    f"tile {sq + 1} should read '{SQUARES[sq]}:<character>:<wall N/E/S/W>', "
                    f"not {entry!r}"
                )
            tiles[sq] = _character(parts[1], f"tile {SQUARES[sq]}")
            if len(parts[2]) != 1 or parts[2] not in DIRECTIONS:
                raise RecordError(f"tile {SQUARES[sq]} has wall {parts[2]!r}; use N, E, S or W")
            walls[sq] = DIRECTIONS.index(parts[2])
        if len(set(tiles)) != 9:
            raise RecordError("the nine tiles must be nine different characters")
        jack = _character(_field(data, "jack", str), "jack")
        deck = tuple(_character(c, "alibi_deck") for c in _field(data, "alibi_deck", list))
        if sorted(deck) != sorted(set(range(9)) - {jack}):
            raise RecordError("the alibi deck must hold the eight characters other than Jack")
        throws_in = _field(data, "throws", list)
        if len(throws_in) != THROWS:
            raise RecordError(f"a Pocket setup has {THROWS} token throws, not {len(throws_in)}")
        throws = tuple(_throw(t) for t in throws_in)
        det_in = data.get("detectives", dict(zip(DETECTIVES, START_POSITIONS, strict=True)))
        if not isinstance(det_in, dict) or set(det_in) != set(DETECTIVES):
            raise RecordError("'detectives' names the positions of holmes, watson and toby")
        detectives = tuple(det_in[d] for d in DETECTIVES)
        for name, pos in zip(DETECTIVES, detectives, strict=True):
            if not isinstance(pos, int) or isinstance(pos, bool) or pos not in POSITION_LINES:
                raise RecordError(f"{name} stands on position 1..12, not {pos!r}")
        cleared_in = data.get("cleared", [])
        if not isinstance(cleared_in, list):
            raise RecordError("'cleared' is a list of characters")
        cleared = tuple(sorted({_character(c, "cleared") for c in cleared_in}))
        if jack in cleared:
            raise RecordError("Jack cannot start cleared")
        return cls(tuple(tiles), tuple(walls), jack, deck, throws, detectives, cleared)


def _field(data: dict, key: str, kind: type) -> Any:
    if key not in data:
        raise RecordError(f"the Pocket setup is missing {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise RecordError(f"the Pocket setup's {key!r} should be a {kind.__name__}")
    return value


def _character(name: Any, where: str) -> int:
    try:
        return CHARACTER_INDEX[name]
    except (KeyError, TypeError):
        known = ", ".join(c.id for c in CHARACTERS)
        raise RecordError(f"{where}: unknown character {name!r} (one of {known})") from None


def _throw(text: Any) -> tuple[int, ...]:
    faces = [t[0] + "/" + t[1] for t in TOKENS]
    if not isinstance(text, str) or len(text) != len(TOKENS):
        raise RecordError(f"a token throw is four face letters ({' '.join(faces)}), not {text!r}")
    out = []
    for (front, back), letter in zip(TOKENS, text, strict=True):
        if letter not in (front, back):
            raise RecordError(f"token throw {text!r}: {letter!r} is not a face of {front}/{back}")
        out.append(0 if letter == front else 1)
    return tuple(out)


def random_setup(seed: int) -> Setup:
    """P3: shuffle the tiles, orient them at random, turn the three tiles next to
    the detectives to face them, draw Jack; shuffle the deck; throw the tokens
    for every odd round."""
    chance = Chance(seed)
    tiles = chance.shuffled(range(9))
    walls = [chance.below(4) for _ in range(9)]
    for pos in START_POSITIONS:
        squares, facing, _far = POSITION_LINES[pos]
        walls[squares[0]] = facing
    jack = chance.below(9)
    deck = chance.shuffled([c for c in range(9) if c != jack])
    throws = tuple(tuple(chance.below(2) for _ in TOKENS) for _ in range(THROWS))
    return Setup(tuple(tiles), tuple(walls), jack, tuple(deck), throws)
