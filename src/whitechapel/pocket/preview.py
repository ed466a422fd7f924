"""What an action would do to the board, computed from a side's view alone.

The secrecy rule (docs/architecture.md): a preview is a pure function of the
view the acting side holds and the candidate action.  It moves tiles, walls
and detectives and works out who would then be *seen* (P6) from those walls
and positions; it never runs the witness call (P7), draws an alibi card or
reads anything the view does not carry, so it cannot show who would be
cleared, which depends on Jack's identity.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from whitechapel.pocket.actions import Action, Exchange, Joker, Move, Rotate
from whitechapel.pocket.pieces import DIRECTIONS, SQUARES
from whitechapel.pocket.sight import seen_by_all
from whitechapel.pocket.views import PocketView, Tile


def preview(view: PocketView, action: Action) -> PocketView | None:
    """The view as it would look after `action`, before anything else happens:
    the board moved, sight lines drawn anew, cleared suspects and everything
    else unchanged.  None for an action with nothing to show on the board (an
    alibi card, Jack's empty joker)."""
    tiles = list(view.tiles)
    detectives = view.detectives
    if isinstance(action, Move):
        detectives = detectives.moved(action.detective, action.steps)
    elif isinstance(action, Joker) and action.detective is not None:
        detectives = detectives.moved(action.detective, 1)
    elif isinstance(action, Rotate):
        turned = DIRECTIONS[action.wall]
        tiles[action.square] = dataclasses.replace(tiles[action.square], wall=turned)
    elif isinstance(action, Exchange):
        a, b = tiles[action.first], tiles[action.second]
        tiles[action.first] = dataclasses.replace(b, square=SQUARES[action.first])
        tiles[action.second] = dataclasses.replace(a, square=SQUARES[action.second])
    else:
        return None
    seen = seen_squares(tiles, detectives)
    shown = tuple(
        t if t.seen == bool(seen >> sq & 1) else dataclasses.replace(t, seen=not t.seen)
        for sq, t in enumerate(tiles)
    )
    return dataclasses.replace(view, tiles=shown, detectives=detectives)


def seen_squares(tiles: Sequence[Tile], positions: Iterable[int]) -> int:
    """P6 from what a view shows: walls and detectives (Joseph Lane's tile,
    once cleared, is an empty crossroads that blocks nothing)."""
    return seen_by_all([t.sight_wall for t in tiles], positions)
