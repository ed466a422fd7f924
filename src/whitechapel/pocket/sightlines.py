"""Who sees what, detective by detective (P6), from a side's view alone.

The engine needs only the union of what the three detectives see
(`sight.py`, its hot path); players need to know *which* detective sees
along which street: the board draws each detective's line in his own
colour and glyph, the tiles say who sees them, and a round's summary says
who saw whom at the witness call (P7).  Everything here reads a view (its
tiles and detectives), never the engine's state: the secrecy rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from whitechapel.pocket.pieces import DETECTIVES, POSITION_LINES
from whitechapel.pocket.views import Detectives, PocketView, RaceBegins, Tile, WitnessCall

# How a line of sight ends (P6).
FACING = "facing"  # a wall facing the detective hides the next tile and all beyond
FAR = "far"  # the last tile seen has its wall on the far side: sight stops at it
OPEN = "open"  # no wall stopped it: it runs out of the district


@dataclass(frozen=True, slots=True)
class SightLine:
    """One detective's line of sight: the squares he sees, nearest first,
    and how it ends (`FACING`, `FAR` or `OPEN`)."""

    detective: int  # index into `pieces.DETECTIVES`
    position: int  # 1-12 (P2)
    squares: tuple[int, ...]  # square indices, nearest first
    ends: str

    @property
    def name(self) -> str:
        return DETECTIVES[self.detective]


def line_of(tiles: Sequence[Tile], detective: int, position: int) -> SightLine:
    """Detective `detective`'s line from `position` over `tiles` (P6)."""
    squares, facing, far = POSITION_LINES[position]
    seen: list[int] = []
    ends = OPEN
    for sq in squares:
        wall = tiles[sq].sight_wall
        if wall == facing:
            ends = FACING
            break
        seen.append(sq)
        if wall == far:
            ends = FAR
            break
    return SightLine(detective, position, tuple(seen), ends)


def lines_of(tiles: Sequence[Tile], detectives: Detectives) -> tuple[SightLine, ...]:
    """The three detectives' lines of sight, in `DETECTIVES` order."""
    return tuple(line_of(tiles, d, p) for d, p in enumerate(detectives))


def sight_lines(view: PocketView) -> tuple[SightLine, ...]:
    return lines_of(view.tiles, view.detectives)


def watchers(lines: Sequence[SightLine]) -> tuple[tuple[int, ...], ...]:
    """For each square (a1 .. c3): the detectives who see it, in order."""
    out: list[list[int]] = [[] for _ in range(9)]
    for line in lines:
        for sq in line.squares:
            if line.detective not in out[sq]:
                out[sq].append(line.detective)
    return tuple(tuple(sorted(w)) for w in out)


def sightings(tiles: Sequence[Tile], detectives: Detectives) -> tuple[tuple[str, ...], ...]:
    """For each detective: the suspects (characters not cleared) he sees,
    nearest first."""
    return tuple(
        tuple(tiles[sq].character for sq in line.squares if not tiles[sq].cleared)
        for line in lines_of(tiles, detectives)
    )


def board_at_call(view: PocketView, rnd: int) -> tuple[Tile, ...] | None:
    """The tiles as round `rnd`'s witness call (P7) looked at them: the
    view's, with the suspects the call cleared back on the board (Joseph
    Lane's wall back in place).  Only while nothing has been played since
    the call (the detectives stand where they stood); else None."""
    index = next(
        (i for i, e in enumerate(view.log) if isinstance(e, WitnessCall) and e.round == rnd), None
    )
    if index is None or not all(isinstance(e, RaceBegins) for e in view.log[index + 1 :]):
        return None
    call = view.log[index]
    assert isinstance(call, WitnessCall)
    tiles = [
        dataclasses.replace(t, cleared=False) if t.character in call.cleared else t
        for t in view.tiles
    ]
    seen = watchers(lines_of(tiles, view.detectives))
    return tuple(dataclasses.replace(t, seen=bool(seen[sq])) for sq, t in enumerate(tiles))


def sightings_at_call(view: PocketView, rnd: int) -> tuple[tuple[str, ...], ...] | None:
    """Who saw whom at round `rnd`'s witness call, detective by detective
    (see `board_at_call`: None once the board has moved on)."""
    tiles = board_at_call(view, rnd)
    return None if tiles is None else sightings(tiles, view.detectives)
