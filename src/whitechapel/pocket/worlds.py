"""Possible games behind a side's view: the computer players' one way to
the rules engine.

A computer player is given its side's view, never the engine
(`core/players.py`).  To look ahead it needs states to play on: this module
builds them from the view alone, drawing what the side does not know —
Jack's identity among the suspects left and his alibi cards (for the
investigator), the order of the cards nobody has drawn, the throws of the
rounds to come — from the player's own chance.  Every world it builds shows
the side exactly the view it was built from (`tests/test_pocket_players.py`),
and it is played by the same engine as the real game (`PocketGame`): no
second set of rules.

The search's other needs live here too, beside the engine they touch: the
same board judged for another Jack (`judged`), the next alibi card chosen
(`with_next_card`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTER_INDEX, DIRECTIONS, INVESTIGATOR, JACK
from whitechapel.pocket.setup import THROWS, Setup
from whitechapel.pocket.views import PocketView, RaceBegins


def known(view: PocketView) -> dict[str, Any]:
    """What a view says, as engine indices: tiles, walls, detectives,
    suspects, cleared, the cards shown, Jack's (his view only)."""
    jack = view.jack
    return {
        "tiles": [t.index for t in view.tiles],
        "walls": [DIRECTIONS.index(t.wall) for t in view.tiles],
        "cleared": sum(1 << t.index for t in view.tiles if t.cleared),
        "suspects": [t.index for t in view.tiles if not t.cleared],
        "detectives": list(view.detectives),
        "shown": [CHARACTER_INDEX[c] for c in view.investigator_alibis],
        "identity": CHARACTER_INDEX[jack.identity] if jack else None,
        "jack_cards": [CHARACTER_INDEX[c] for c in jack.alibis] if jack else None,
    }


def sample(view: PocketView, chance: Chance, jack: int | None = None) -> PocketGame:
    """A game consistent with `view` (Jack's or the investigator's, not over):
    what the side knows copied, the rest drawn from `chance`.  `jack` pins
    the identity drawn for the investigator (one of the suspects left)."""
    k = known(view)
    side = view.side
    if side == JACK:
        identity, jack_cards = k["identity"], list(k["jack_cards"])
        pool = [c for c in range(9) if c != identity and c not in k["shown"] and c not in jack_cards]
    elif side == INVESTIGATOR:
        identity = jack if jack is not None else chance.choice(k["suspects"])
        if identity not in k["suspects"]:
            raise ValueError("Jack is one of the suspects left")
        pool = [c for c in range(9) if c != identity and c not in k["shown"]]
        chance.shuffle(pool)
        count = view.jack_alibi_count
        jack_cards, pool = pool[:count], pool[count:]
    else:
        raise ValueError(f"a world is built from Jack's or the investigator's view, not {side!r}")
    deck = chance.shuffled(pool)
    faces = [t.faces.index(t.up) for t in view.tokens]
    throws = [tuple(chance.below(2) for _ in range(4)) for _ in range(THROWS)]
    setup = Setup(tuple(k["tiles"]), tuple(k["walls"]), identity, tuple(deck),
                  tuple(throws), tuple(k["detectives"]))  # fmt: skip
    game = PocketGame(setup)
    game.cleared = k["cleared"]
    game.round, game.step = view.round, view.step
    game.faces = sum(f << t for t, f in enumerate(faces))
    game.used = sum(1 << t for t, token in enumerate(view.tokens) if token.used)
    game.rotated = sum(1 << CHARACTER_INDEX[c] for c in view.rotated_this_round)
    game.jack_alibis = jack_cards
    game.investigator_alibis = list(k["shown"])
    game.witnesses = [(side_ == INVESTIGATOR, ()) for side_ in view.round_tokens]
    game.race_round = next((e.round for e in view.log if isinstance(e, RaceBegins)), 0)
    return game


def judged(game: PocketGame, jack: int) -> PocketGame:
    """A copy of `game`, held before its witness call (`apply(…, call=False)`),
    with the call made as if Jack were `jack`."""
    out = game.clone()
    s = out.setup
    out.setup = Setup(s.tiles, s.walls, jack, s.deck, s.throws, s.detectives, s.cleared)
    out.witness_call()
    return out


def with_next_card(game: PocketGame, card: int) -> PocketGame:
    """A copy of `game` whose next alibi card is `card`, the others in their
    order.  A card this world had put in Jack's hand (the investigator's
    guess at it) changes places with the top of the deck."""
    out = game.clone()
    s = out.setup
    deck = list(s.deck)
    if card in out.jack_alibis:
        out.jack_alibis[out.jack_alibis.index(card)] = deck[out.deck_pos]
        deck[out.deck_pos] = card
    at = deck.index(card, out.deck_pos)
    deck[out.deck_pos], deck[at] = deck[at], deck[out.deck_pos]
    out.setup = Setup(s.tiles, s.walls, s.jack, tuple(deck), s.throws, s.detectives, s.cleared)
    return out


def undrawn(game: PocketGame) -> Sequence[int]:
    """The cards nobody has drawn, in this world."""
    return game.setup.deck[game.deck_pos :]
