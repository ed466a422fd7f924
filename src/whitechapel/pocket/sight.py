"""Line of sight (P6) and the visible suspects it gives.

A detective looks along his row or column from the tile next to him: a wall
on the side facing him hides that tile and everything beyond; otherwise the
tile is seen, and a wall on the far side stops sight after it.  Walls on the
two other sides do not block; Joseph Lane's empty crossroads has no wall.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from whitechapel.pocket.pieces import POSITION_LINES

# Per position: ((square, facing, far), ...) flattened for the hot loop.
_LINES = {
    p: tuple((sq, facing, far) for sq in squares)
    for p, (squares, facing, far) in POSITION_LINES.items()
}


def seen_by(walls: Sequence[int], position: int) -> int:
    """Bit mask of the squares a detective on `position` sees."""
    mask = 0
    for sq, facing, far in _LINES[position]:
        w = walls[sq]
        if w == facing:
            break
        mask |= 1 << sq
        if w == far:
            break
    return mask


def seen_by_all(walls: Sequence[int], positions: Iterable[int]) -> int:
    mask = 0
    for p in positions:
        mask |= seen_by(walls, p)
    return mask
