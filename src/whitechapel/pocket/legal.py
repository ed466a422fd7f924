"""The actions the side to act may play (P4, P5): one rule, read from the
engine's state or from any side's view.

What may be played is public: the faces up, the tokens already played this
round, the tiles and their walls, the tiles rotated this round.  So the
engine's `legal_actions()` (on its bit masks, the search's hot path) and
`legal(view)` (players, screens, the console: from a view alone) are the
same function, `actions_for`; a view's `legal` texts are the engine's list.

An action does not name its token: a face is played by the first unused
token showing it (`open_tokens`).  The actions of a face that do not depend
on the tiles are tabled by faces, tokens played and side.
"""

from __future__ import annotations

from collections.abc import Sequence

from whitechapel.pocket.actions import (
    ALIBI_ACTION,
    EXCHANGES,
    JOKERS,
    MOVES,
    ROTATIONS_FROM,
    Action,
)
from whitechapel.pocket.pieces import (
    ALIBI,
    CHARACTER_INDEX,
    DIRECTIONS,
    EXCHANGE,
    HOLMES,
    INVESTIGATOR,
    JACK,
    JOKER,
    ROTATION,
    SIDES,
    TOBY,
    TOKENS,
    WATSON,
)
from whitechapel.pocket.views import PocketView

# The actions a face offers that do not depend on the position, by side.
_STATIC: dict[str, dict[str, tuple[Action, ...]]] = {
    HOLMES: {JACK: MOVES[0:2], INVESTIGATOR: MOVES[0:2]},
    WATSON: {JACK: MOVES[2:4], INVESTIGATOR: MOVES[2:4]},
    TOBY: {JACK: MOVES[4:6], INVESTIGATOR: MOVES[4:6]},
    JOKER: {JACK: JOKERS, INVESTIGATOR: JOKERS[:3]},  # P5: only Jack may move nobody
    EXCHANGE: {JACK: EXCHANGES, INVESTIGATOR: EXCHANGES},
    ALIBI: {JACK: (ALIBI_ACTION,), INVESTIGATOR: (ALIBI_ACTION,)},
}


def faces_mask(faces: Sequence[int]) -> int:
    """The faces of the four tokens (0 front, 1 back) as a bit per token."""
    return sum(f << t for t, f in enumerate(faces))


def _open_tokens(faces: int, used: int) -> dict[str, int]:
    """Face -> the first unused token showing it, for token faces and used bits."""
    out: dict[str, int] = {}
    for t in range(4):
        if not used >> t & 1:
            out.setdefault(TOKENS[t][faces >> t & 1], t)
    return out


def _static_actions(faces: int, used: int, side: str) -> tuple[tuple[Action, ...], bool]:
    """The actions of the open tokens other than rotations, and whether a
    Rotation token is open (its actions depend on the tiles)."""
    open_ = _open_tokens(faces, used)
    static = tuple(a for f in open_ if f != ROTATION for a in _STATIC[f][side])
    return static, ROTATION in open_


# Both tables are indexed by faces | used << 4 (and the side for the second).
_OPEN = tuple(_open_tokens(k & 15, k >> 4) for k in range(256))
_LEGAL = {(k, side): _static_actions(k & 15, k >> 4, side) for k in range(256) for side in SIDES}


def open_tokens(faces: int, used: int) -> dict[str, int]:
    """Face -> the token that plays it now (the first unused one showing it)."""
    return _OPEN[faces | used << 4]


def actions_for(
    side: str, faces: int, used: int, tiles: Sequence[int], walls: Sequence[int], rotated: int
) -> list[Action]:
    """Every action `side` may play, in a stable order: the open tokens'
    actions in token order, rotations last (each tile not rotated this round
    to each orientation it does not have, P5).  `tiles`: the character on
    each square; `walls`: each square's wall; `faces`, `used`: a bit per
    token; `rotated`: a bit per character."""
    static, rotation = _LEGAL[faces | used << 4, side]
    out = list(static)
    if rotation:
        for sq, c in enumerate(tiles):
            if not rotated >> c & 1:
                out.extend(ROTATIONS_FROM[sq][walls[sq]])
    return out


def legal(view: PocketView) -> tuple[Action, ...]:
    """The actions the side to act may play now, from any side's view (they
    are public); none when the game is over."""
    if view.to_act is None or view.outcome is not None:
        return ()
    return tuple(
        actions_for(
            view.to_act,
            faces_mask([t.faces.index(t.up) for t in view.tokens]),
            sum(1 << t for t, token in enumerate(view.tokens) if token.used),
            [t.index for t in view.tiles],
            [DIRECTIONS.index(t.wall) for t in view.tiles],
            sum(1 << CHARACTER_INDEX[c] for c in view.rotated_this_round),
        )
    )
