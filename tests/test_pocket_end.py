"""P8: the end of the game, judged only after a witness call.

Positions: walls all south, so Holmes (12) and Watson (4) look along row 1
and see Pizer, Gull and Bert; Toby faces the wall of b3 (or a3 after moving
to 9) and sees nobody.  Lestrade (a2) and Stealthy (b2) are never seen.
"""

from __future__ import annotations

import pytest

from pocket_positions import ALL, game, jump_to_round, suspects
from whitechapel.pocket import end as rules
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.views import RaceBegins, Secrets

LAYOUT = "pizer:S gull:S bert:S lestrade:S stealthy:S madame:S smith:S goodley:S lane:S"
# Odd rounds show Alibi, Toby, Rotation, Joker; round 8 turns round 7's
# Holmes, Watson, Exchange, Rotation into the same four.
THROWS = ("ATRJ", "ATRJ", "ATRJ", "HWXR")
ODD_ROUND_JACK_DRAWS = ("T+1", "A", "J:-", "Rc3N")  # investigator, Jack, Jack, investigator
ROUND_8_JACK_DRAWS = ("A", "T+1", "J:H", "Rc3N")  # Jack, investigator, investigator, Jack


def position(jack: str, left: tuple[str, ...], rnd: int, jack_tokens: int, card: str = "goodley"):
    """Only `left` (with Jack) are still suspects; Jack's next alibi is `card`."""
    cleared = tuple(c for c in ALL if c not in left and c != jack)
    g = game(LAYOUT, jack=jack, deck_top=(card,), throws=THROWS, cleared=cleared)
    return jump_to_round(g, rnd, jack_tokens)


def play_round(g, actions):
    for text in actions[:-1]:
        g.play(text)
        assert g.outcome is None  # P8: nothing is decided before the witness call
    g.play(actions[-1])


def test_P8_only_the_investigators_goal_wins():
    g = position("pizer", ("lestrade",), rnd=1, jack_tokens=0)
    play_round(g, ODD_ROUND_JACK_DRAWS)
    assert suspects(g) == {"pizer"}
    assert (g.outcome.winner, g.outcome.reason) == (INVESTIGATOR, rules.ONE_SUSPECT)


def test_P8_only_jacks_goal_wins():
    g = position("lestrade", ("pizer", "stealthy"), rnd=5, jack_tokens=3, card="madame")
    play_round(g, ODD_ROUND_JACK_DRAWS)  # 3 tokens + Madame's 2 + this round's token
    assert g.jack_hourglasses() == 6 and len(suspects(g)) == 2
    assert (g.outcome.winner, g.outcome.reason) == (JACK, rules.SIX_HOURGLASSES)


def test_P8_victory_is_checked_only_after_the_witness_call():
    # Jack reaches six hourglasses with his alibi in the middle of the round,
    # then is seen and identified: the investigator wins, not Jack.
    g = position("pizer", ("lestrade",), rnd=5, jack_tokens=4, card="madame")
    g.play("T+1")
    g.play("A")
    assert g.jack_hourglasses() == 6 and g.outcome is None
    g.play("J:-")
    g.play("Rc3N")
    assert g.outcome.winner == INVESTIGATOR


def test_P8_both_goals_before_round_8_and_jack_seen_the_investigator_wins_at_once():
    g = position("pizer", ("lestrade",), rnd=5, jack_tokens=4, card="madame")
    play_round(g, ODD_ROUND_JACK_DRAWS)
    assert (g.outcome.winner, g.outcome.reason) == (INVESTIGATOR, rules.SEEN_AT_BOTH_GOALS)
    assert not g.race


def test_P8_both_goals_before_round_8_and_jack_unseen_starts_the_race():
    g = position("lestrade", ("pizer",), rnd=5, jack_tokens=4, card="madame")
    play_round(g, ODD_ROUND_JACK_DRAWS)
    assert g.outcome is None and g.race and g.race_round == 5
    assert suspects(g) == {"lestrade"} and g.jack_hourglasses() == 7
    assert g.view(INVESTIGATOR).race is True
    assert RaceBegins(5) in g.view(JACK).log
    assert {"round": 5, "race": "both goals reached: the race begins"} in g.view(JACK).to_json()[
        "log"
    ]


@pytest.mark.parametrize("seed", range(30))
def test_P8_the_race_ends_at_the_first_round_jack_is_seen_or_after_round_8(seed):
    import random

    g = position("lestrade", ("pizer",), rnd=5, jack_tokens=4, card="madame")
    play_round(g, ODD_ROUND_JACK_DRAWS)
    rng = random.Random(seed)
    while g.outcome is None:
        g.advance(rng.choice(g.legal_actions()))
    later = [seen for seen, _ in g.witnesses[5:]]
    if any(later):
        assert (g.outcome.winner, g.outcome.reason) == (INVESTIGATOR, rules.RACE_SEEN)
        assert g.round == 6 + later.index(True)
    else:
        assert (g.outcome.winner, g.outcome.reason) == (JACK, rules.RACE_UNSEEN)
        assert g.round == 8


def test_P8_the_race_is_won_by_the_investigator_when_jack_is_seen_in_round_8():
    g = position("lestrade", (), rnd=8, jack_tokens=6)
    g.race_round = 6
    # Holmes goes to 1, above column a; Jack turns Pizer's wall (a1) out of
    # the way, and Holmes sees down to Lestrade on a2.
    play_round(g, ("A", "T+1", "J:H", "Ra1E"))
    assert g.witnesses[-1][0] is True
    assert (g.outcome.winner, g.outcome.reason) == (INVESTIGATOR, rules.RACE_SEEN)


def test_P8_both_goals_in_round_8_are_decided_by_sight_seen():
    g = position("pizer", ("lestrade",), rnd=8, jack_tokens=4, card="madame")
    play_round(g, ROUND_8_JACK_DRAWS)
    assert g.jack_hourglasses() == 6 and suspects(g) == {"pizer"}
    assert (g.outcome.winner, g.outcome.reason) == (INVESTIGATOR, rules.SEEN_AT_BOTH_GOALS)


def test_P8_both_goals_in_round_8_are_decided_by_sight_unseen():
    g = position("lestrade", ("pizer",), rnd=8, jack_tokens=5)
    play_round(g, ROUND_8_JACK_DRAWS)
    assert g.jack_hourglasses() == 6 and suspects(g) == {"lestrade"}
    assert (g.outcome.winner, g.outcome.reason) == (JACK, rules.UNSEEN_AT_BOTH_GOALS)


def test_P8_nobody_at_a_goal_after_round_8_means_jack_wins():
    g = position("lestrade", ("pizer", "stealthy"), rnd=8, jack_tokens=2)
    play_round(g, ROUND_8_JACK_DRAWS)
    assert g.jack_hourglasses() == 3 and suspects(g) == {"lestrade", "stealthy"}
    assert (g.outcome.winner, g.outcome.reason) == (JACK, rules.TIME_UP)
    assert g.legal_actions() == []


def test_P8_the_end_reveals_jacks_identity_and_cards_to_both_sides():
    g = position("lestrade", ("pizer", "stealthy"), rnd=8, jack_tokens=2, card="smith")
    assert g.view(INVESTIGATOR).jack is None
    play_round(g, ROUND_8_JACK_DRAWS)
    revealed = g.view(INVESTIGATOR).jack
    assert revealed == Secrets("lestrade", ("smith",), 4)
