"""Round 29's findings on the review (issue 44; play-testers RD and RE,
docs/playtests/2026-12-07-pocket-round29-*.md): the turning point is the
decision that cost most of the chance to win the game, each checked as a
player would notice it."""

from __future__ import annotations

import random
import re

from whitechapel.pocket import ahead, hints, review
from whitechapel.pocket.actions import ALIBI_ACTION
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.setup import random_setup


def _finished(seed: int) -> PocketGame:
    game, rng = PocketGame(random_setup(seed)), random.Random(seed)
    while game.outcome is None:
        game.advance(rng.choice(game.legal_actions()))
    return game


def _after(lines: list[str], head: str) -> str:
    assert head in lines, lines
    return lines[lines.index(head) + 1]


def _review(seed: int, side: str, winner: str) -> str:
    """The sentence under the review's last heading, for `side` in the
    random game of `seed`, which `winner` won: "Where you risked most:" in a
    game the side won, else "The turning point:"."""
    game = _finished(seed)
    assert game.outcome.winner == winner
    lines = review.review_lines(game.view(side), review.public_views(game), side)
    return _after(lines, "Where you risked most:" if winner == side else "The turning point:")


CHANCES = re.compile(
    r"after your line's call: (about \d+ games in 100|almost none|almost every game); "
    r"after the better one's: (about \d+|almost none|almost every game)"
)
WORDS = {"almost none": 0, "almost every game": 100}  # (tester RN, round 34: "about 0 in 100")


def chances(said: str) -> tuple[int, int]:
    found = CHANCES.search(said)
    assert found, said
    mine, better = (WORDS[g] if g in WORDS else int(g.split()[1]) for g in found.groups())
    return mine, better


def test_p8_the_turning_point_is_the_decision_that_cost_most_of_the_game():
    """RE: "'The turning point' was round 1 (8 suspects left against 7 in
    the suggested line).  The game was really decided in rounds 4-5: I let
    it reach 2 suspects at the start of an odd round."  In this game Jack's
    round-3 move risked most at its own call (the last suspect, at worst),
    but his round-2 move had let a call see him with two suspects left,
    where Watson's longer walk kept him unseen among seven: the review names
    round 2 and says what each line left him."""
    said = _review(11, JACK, INVESTIGATOR)
    assert said.startswith("Round 2: your move, Watson 1 step (5 → 6)"), said
    assert "Better: Watson 2 steps (5 → 7): whatever he answered, you stay unseen, 7" in said
    mine, better = chances(said)
    assert (mine, better) == (3, 45)


def test_p8_no_decision_that_hardly_mattered_is_named():
    """Better moves that would have changed the game's chance by a few in
    100 are not a turning point: the review says none mattered much."""
    said = _review(4, INVESTIGATOR, INVESTIGATOR)
    assert said.startswith("No decision of yours changed your chance to win by much"), said
    assert "at most 1 in 100" in said


def test_p8_a_move_whose_feared_answer_never_came_is_not_blamed():
    """RF (round 30): "it named my round-1 rotation as the turning point …
    But Jack did not answer that way: the call cleared 3, exactly what the
    suggested 'better' move would have given."  A decision whose call went
    as well as the better move made sure of cost nothing in the game
    played: where every such decision did, the review says so."""
    said = _review(7, INVESTIGATOR, INVESTIGATOR)
    game = _finished(7)
    assert said.startswith(
        "None of your moves was punished: where a safer one was there, the other "
        "side did not find the answer that would have punished yours."
    ), said
    # never "cost you", which read oddly after a loss (tester RM, round 33)
    assert "cost you" not in said
    # the riskiest named (tester RI, round 31: "does not name which move")
    assert re.search(r"The riskiest: round \d, .+, where .+ was safer\.", said), said
    facts = {r.round: r for r in review.rounds(game.view(INVESTIGATOR))}
    judged = review.decisions(game.view(JACK), review.public_views(game), INVESTIGATOR)
    better = [t for t in judged if t.lost > 1e-6 and not review.alike(t)]
    assert better and all(facts[t.view.round].cleared >= t.best.call.least for t in better)


def test_p8_a_won_game_names_where_the_winner_risked_most_not_a_turning_point():
    """RD: "The guided Jack game, which I won, blames my round-3 choice."
    A game the learner won has no turning point of his: the review says
    where he risked most and it cost him (here he was seen with three
    suspects left, where Watson's step kept him unseen among four); his
    round-4 swap, which risked more but went unpunished, is not named."""
    said = _review(3, JACK, JACK)
    assert said.startswith("Round 2: your move, turn b3 (Gull) so its wall faces west"), said


def test_p8_every_named_turning_point_moved_the_chance_most():
    """Over whole games, for both sides: a named decision's two chances
    differ by at least `MATTERS`, and no other decision of the learner's
    moved his chance more."""
    for seed in range(6):
        game = _finished(seed)
        views = review.public_views(game)
        for side in (INVESTIGATOR, JACK):
            final = game.view(side)
            turn = review.turning_point(final, views, side)
            judged = review.decisions(final, views, side)
            facts = {r.round: r for r in review.rounds(final)}
            stakes = [
                t.stake
                for t in judged
                if t.lost > 1e-6 and not review.alike(t) and not review.spared(t, facts)
            ]
            if turn is None or (review.hopeless(turn) and turn.stake < review.MATTERS):
                assert all(s < review.MATTERS for s in stakes), (seed, side, stakes)
                continue
            assert turn.stake >= review.MATTERS
            assert turn.stake == max(stakes), (seed, side, stakes)
            said = review.turning_sentence(final, views, side)
            mine, better = chances(said)
            assert better - mine >= 100 * review.MATTERS - 1, said


# -- the race (RD) ------------------------------------------------------------------------


def _race_choice() -> PocketGame:
    """A random game (seed 79) at round 7 of the race: the investigator to
    choose a token, the alibi among them, Jack to play after him."""
    game, rng = PocketGame(random_setup(79)), random.Random(79)
    while len(game.history) < 24:
        game.advance(rng.choice(game.legal_actions()))
    view = game.view(INVESTIGATOR)
    assert view.race and (view.round, view.step) == (7, 0) and game.to_act == INVESTIGATOR
    return game


def test_p8_in_the_race_the_alibi_is_worth_no_more_than_a_move():
    """RD: "the hint said 'Best: the Alibi token. Then the best for your
    card'.  When I took Toby instead, it said 'Better: the alibi'.  In a
    race the alibi card cannot matter."  In the race (P8) Jack's card
    draws no hourglass that counts and the investigator's clears nobody:
    the look-ahead values the alibi no higher than Watson's walk, and the
    hint says what the card is worth there."""
    view = _race_choice().view(INVESTIGATOR)
    grading = ahead.grade(view, INVESTIGATOR)
    walk = next(a for a in grading.legal if str(a) == "W+1")
    assert grading.value(ALIBI_ACTION) <= grading.value(walk)
    assert grading.best().action != ALIBI_ACTION
    said = " ".join(hints.token_hint(view, INVESTIGATOR))
    assert "In the race the alibi's card changes nothing: one suspect is left." in said, said
    assert "the best for your card" not in said
    # a pass that leaves Jack a token that moves something: it keeps nothing from him
    assert "Taking it is a pass, and leaves Jack, who plays after you this round," in said, said
