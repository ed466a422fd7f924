"""What an action would do to the board, computed from a side's view alone.

The secrecy rule (docs/architecture.md): a preview is a pure function of the
view the acting side holds and the candidate action.  It moves tiles, walls
and detectives and works out who would then be *seen* (P6) from those walls
and positions; it never runs the witness call (P7), draws an alibi card or
reads anything the view does not carry, so it cannot show who would be
cleared, which depends on Jack's identity.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from whitechapel.core.errors import NotationError
from whitechapel.pocket.actions import Exchange, Joker, Move, Rotate, parse_action
from whitechapel.pocket.pieces import (
    DETECTIVES,
    DIRECTIONS,
    NO_WALL,
    SQUARES,
    step_clockwise,
)
from whitechapel.pocket.sight import seen_by_all


def preview(view: Mapping[str, Any], action: str) -> dict[str, Any] | None:
    """The view as it would look after `action`, before anything else happens:
    the board moved, sight lines drawn anew, cleared suspects and everything
    else unchanged.  None for an action with nothing to show on the board (an
    alibi card, Jack's empty joker) or a text that is not an action."""
    try:
        act = parse_action(action)
    except NotationError:
        return None
    tiles = [dict(t) for t in view["tiles"]]
    detectives = dict(view["detectives"])
    if isinstance(act, Move):
        name = DETECTIVES[act.detective]
        detectives[name] = step_clockwise(detectives[name], act.steps)
    elif isinstance(act, Joker) and act.detective is not None:
        name = DETECTIVES[act.detective]
        detectives[name] = step_clockwise(detectives[name], 1)
    elif isinstance(act, Rotate):
        tiles[act.square]["wall"] = DIRECTIONS[act.wall]
    elif isinstance(act, Exchange):
        a, b = tiles[act.first], tiles[act.second]
        tiles[act.first] = {**b, "square": SQUARES[act.first]}
        tiles[act.second] = {**a, "square": SQUARES[act.second]}
    else:
        return None
    seen = seen_squares(tiles, detectives.values())
    for sq, tile in enumerate(tiles):
        tile["seen"] = bool(seen >> sq & 1)
    return {**view, "tiles": tiles, "detectives": detectives}


def seen_squares(tiles: list[dict[str, Any]], positions) -> int:
    """P6 from what a view shows: walls and detectives (Joseph Lane's tile,
    once cleared, is an empty crossroads that blocks nothing)."""
    walls = [
        NO_WALL if t["character"] == "lane" and t["cleared"] else DIRECTIONS.index(t["wall"])
        for t in tiles
    ]
    return seen_by_all(walls, positions)
