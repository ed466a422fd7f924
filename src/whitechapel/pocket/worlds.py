"""Possible games behind a side's view: the computer players' one way to
the rules engine.

A computer player is given its side's view, never the engine
(`core/players.py`).  To look ahead it needs states to play on: this module
draws what the side does not know — Jack's identity among the suspects left
and his alibi cards (for the investigator), the order of the cards nobody
has drawn, the throws of the rounds to come — from the player's own chance,
and asks the engine for the game behind the view with those
(`PocketGame.behind`).  Every world shows the side exactly the view it was
built from, its log aside (`tests/test_pocket_players.py`), and it is played
by the same engine as the real game: no second set of rules.  The search
then uses the engine's own ways to the what-ifs it weighs: the round's
witness call made for another Jack (`with_jack`, `resolve`), another next
card (`with_next_card`).
"""

from __future__ import annotations

from whitechapel.core.chance import Chance
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTER_INDEX, CHARACTERS, INVESTIGATOR, JACK
from whitechapel.pocket.setup import THROWS
from whitechapel.pocket.views import PocketView


def sample(view: PocketView, chance: Chance, jack: int | None = None) -> PocketGame:
    """A game consistent with `view` (Jack's or the investigator's, not over):
    what the side knows copied, the rest drawn from `chance`.  `jack` pins
    the identity drawn for the investigator (one of the suspects left)."""
    shown = [CHARACTER_INDEX[c] for c in view.investigator_alibis]
    if view.side == JACK and view.jack is not None:
        identity = CHARACTER_INDEX[view.jack.identity]
        jack_cards = [CHARACTER_INDEX[c] for c in view.jack.alibis]
        held = {identity, *shown, *jack_cards}
        pool = [c for c in range(len(CHARACTERS)) if c not in held]
    elif view.side == INVESTIGATOR:
        suspects = [t.index for t in view.tiles if not t.cleared]
        identity = jack if jack is not None else chance.choice(suspects)
        pool = [c for c in range(len(CHARACTERS)) if c != identity and c not in shown]
        chance.shuffle(pool)
        count = view.jack_alibi_count
        jack_cards, pool = pool[:count], pool[count:]
    else:
        raise ValueError(f"a world is built from Jack's or the investigator's view: {view.side!r}")
    deck = chance.shuffled(pool)
    throws = [tuple(chance.below(2) for _ in range(4)) for _ in range(THROWS)]
    return PocketGame.behind(view, jack=identity, jack_alibis=jack_cards, deck=deck, throws=throws)
