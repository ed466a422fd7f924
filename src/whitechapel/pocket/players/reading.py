"""What the Pocket players read in a view: the suspects, who is seen, the
cards still unknown, and a position's worth in a few figures.  From the
view alone, like everything a player uses."""

from __future__ import annotations

import math
from collections.abc import Sequence

from whitechapel.pocket.actions import Action, parse_action
from whitechapel.pocket.pieces import CHARACTER_INDEX, HOURGLASSES, JACK
from whitechapel.pocket.views import PocketView, Tile

# What an hourglass is worth against a suspect cleared, in the easy player's
# scale: log2 of the suspects left.  Six hourglasses win; so does halving the
# suspects three or four times.
HOURGLASS = 0.6


def actions(legal: Sequence[str]) -> list[Action]:
    """The legal actions a player is asked with (`core/players.py`: their
    texts), as actions: read once, where they come in."""
    return [parse_action(text) for text in legal]


def suspects(view: PocketView) -> list[int]:
    return [t.index for t in view.tiles if not t.cleared]


def seen_suspects(tiles: Sequence[Tile]) -> set[int]:
    return {t.index for t in tiles if t.seen and not t.cleared}


def identity(view: PocketView) -> int | None:
    return CHARACTER_INDEX[view.jack.identity] if view.jack else None


def unknown_cards(view: PocketView) -> list[int]:
    """The cards this side has not seen: for Jack, those nobody drew; for the
    investigator, those he did not draw (Jack's among them), Jack's identity
    possibly among them too."""
    shown = {CHARACTER_INDEX[c] for c in view.investigator_alibis}
    jack = view.jack
    if view.side == JACK and jack:
        own = {CHARACTER_INDEX[c] for c in jack.alibis} | {CHARACTER_INDEX[jack.identity]}
        return [c for c in range(9) if c not in shown and c not in own]
    return [c for c in range(9) if c not in shown]


def log2(n: int) -> float:
    return math.log2(n) if n > 0 else 0.0


def split_score(n: int, seen: int) -> float:
    """The investigator's expected log2 of the suspects left after a witness
    call that sees `seen` of `n` suspects, Jack being any of them alike, and
    the chance Jack is unseen (his hourglass)."""
    if n == 0:
        return 0.0
    p_seen = seen / n
    left = p_seen * log2(seen) + (1 - p_seen) * log2(n - seen if seen < n else n)
    return -left - HOURGLASS * (1 - p_seen)


def jack_score(n: int, seen: int, jack_seen: bool) -> float:
    """Jack's side of the same call: the log2 of the suspects he leaves, and
    the hourglass when unseen."""
    if jack_seen:
        return log2(seen)
    return log2(n - seen) + HOURGLASS


def alibi_worth(view: PocketView, side: str) -> float:
    """What drawing a card is worth now, in the same scale: for Jack, its
    expected hourglasses; for the investigator, the chance it clears a
    suspect (log2 of one fewer) and the hourglasses it keeps from Jack."""
    cards = unknown_cards(view)
    if not cards:
        return 0.0
    glasses = sum(HOURGLASSES[c] for c in cards) / len(cards)
    if side == JACK:
        return HOURGLASS * glasses
    left = suspects(view)
    n = len(left)
    # Jack's own card is not in the deck: one of the suspects is never drawn.
    hits = max(0, sum(1 for c in cards if c in left) - 1)
    gain = hits / len(cards) * (log2(n) - log2(n - 1)) if n > 1 else 0.0
    return gain + HOURGLASS * glasses * 0.5
