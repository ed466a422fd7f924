"""Hard Jack's playouts (issue 30, `players/rollout.py`): each round's last
action is played for the witness call that follows it (P7), so what the
playout believes a call will see must be what the rules' call sees."""

from __future__ import annotations

import random

from whitechapel.pocket import playout
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.players import rollout
from whitechapel.pocket.playout import EXCHANGE_END


def _at_last_action(rng: random.Random) -> playout.Position:
    """A random game played at random up to some round's fourth action."""
    bits = rng.getrandbits
    while True:
        pos = playout.random_position(bits)
        stop = rng.randrange(1, 9)
        over = False
        while not over and not (pos.rnd == stop and pos.step == 3):
            codes = playout.legal_codes(pos)
            over = playout.play(pos, codes[rng.randrange(len(codes))]) is not None
        if not over:
            return pos


def test_the_playouts_foresee_the_witness_call_the_rules_make_p7():
    rng = random.Random(30)
    checked = 0
    for _ in range(150):
        pos = _at_last_action(rng)
        before = pos.cleared
        for code in playout.legal_codes(pos):
            if code == EXCHANGE_END:  # the alibi: its card clears a suspect too
                continue
            squares, tiles = rollout._seen_after(pos, code)
            seen = {tiles[sq] for sq in range(9) if squares >> sq & 1}
            jack_seen = pos.jack in seen
            after = pos.copy()
            playout.play(after, code)  # the fourth action, then P7's call
            cleared = {c for c in range(9) if (after.cleared & ~before) >> c & 1}
            left = {c for c in range(9) if not before >> c & 1}
            assert cleared == (left - seen if jack_seen else left & seen)
            checked += 1
    assert checked > 200


def test_jack_takes_a_last_action_that_wins_at_the_call_p8():
    """Where one of Jack's last actions of a round wins the game at its
    witness call (unseen with his sixth hourglass, or the last round), his
    playouts take one that wins."""
    rng = random.Random(7)
    found = 0
    while found < 40:
        pos = _at_last_action(rng)
        if not playout.jack_to_act(pos):
            continue
        wins = []
        for code in playout.legal_codes(pos):
            after = pos.copy()
            outcome = playout.play(after, code)
            wins.append(outcome is not None and outcome.winner == JACK)
        if not any(wins) or all(wins):
            continue
        chosen = rollout.last_action(pos, jack=True)
        assert wins[playout.legal_codes(pos).index(chosen)]
        found += 1
