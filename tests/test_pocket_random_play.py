"""Random legal play over many seeds with invariants after every action, in
the spirit of OpenSpiel's random simulation test."""

from __future__ import annotations

import json
import random

import pytest

from whitechapel.core.record import Record, record_of, replay
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import HOURGLASSES, INVESTIGATOR, JACK
from whitechapel.pocket.setup import random_setup

TOTAL_HOURGLASSES = sum(HOURGLASSES)  # 8 on the nine alibi cards


def check_invariants(g: PocketGame, before: PocketGame, rng: random.Random) -> None:
    jack = g.setup.jack
    # One Jack, whose tile is never cleared; cleared suspects never come back.
    assert not g.cleared >> jack & 1
    assert before.cleared & ~g.cleared == 0
    assert 1 <= len(g.suspects()) <= 9
    # Hourglasses add up: every card is Jack's identity, in a hand or in the deck.
    cards = [jack, *g.jack_alibis, *g.investigator_alibis, *g.setup.deck[g.deck_pos :]]
    assert sorted(cards) == list(range(9))
    assert sum(HOURGLASSES[c] for c in cards) == TOTAL_HOURGLASSES
    jv, iv = g.view(JACK), g.view(INVESTIGATOR)
    assert jv.jack.hourglasses == jv.known_hourglasses + sum(HOURGLASSES[c] for c in g.jack_alibis)
    assert iv.known_hourglasses + iv.jack_alibi_count <= g.round + 4
    # No legal actions exactly when the game is over; the list is stable.
    legal = g.legal_actions()
    assert (legal == []) == (g.outcome is not None)
    assert legal == g.legal_actions() and len(set(legal)) == len(legal)
    if g.outcome is None:
        assert 1 <= g.round <= 8 and 0 <= g.step <= 3
        # The investigator's view holds no secret of Jack's; that no view
        # depends on the other side's secrets is test_secrecy.py's (replayed
        # games with other secrets, every outlet).
        assert iv.jack is None
    json.dumps(jv.to_json()), json.dumps(iv.to_json())  # plain data at the edges


def replays_identically(g: PocketGame, seed: int) -> None:
    text = record_of(g, seed=seed).dumps()
    again = replay(Record.loads(text))
    assert again == g
    assert again.view(JACK) == g.view(JACK) and again.view(INVESTIGATOR) == g.view(INVESTIGATOR)


@pytest.mark.parametrize("block", range(8))
def test_random_games_keep_every_invariant(block):
    rng = random.Random(block)
    for seed in range(block * 250, block * 250 + 250):
        g = PocketGame(random_setup(seed))
        stop_at = rng.randrange(1, 30)
        while g.outcome is None:
            before = g.clone()
            g.advance(rng.choice(g.legal_actions()))
            check_invariants(g, before, rng)
            assert g.clone() == g
            if len(g.history) == stop_at:
                replays_identically(g, seed)
        replays_identically(g, seed)
        assert g.outcome.winner in (JACK, INVESTIGATOR)


def test_random_play_reaches_every_ending():
    from whitechapel.pocket import end as rules
    from whitechapel.pocket.selfplay import selfplay

    stats = selfplay(3000, seed=99)
    assert set(stats.reasons) == {
        rules.ONE_SUSPECT,
        rules.SIX_HOURGLASSES,
        rules.SEEN_AT_BOTH_GOALS,
        rules.RACE_SEEN,
        rules.RACE_UNSEEN,
        rules.UNSEEN_AT_BOTH_GOALS,
        rules.TIME_UP,
    }
    assert stats.jack_wins + stats.investigator_wins == 3000
    assert 0 < stats.race_share < 0.5
