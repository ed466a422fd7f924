"""Issue 44, round 2 of the blind tests (PC finding 2, PD F5): hints that
look ahead over the rest of the round (P4: the tokens each side still
plays) to the witness call (P7), and name the move to make, in every form
down to one row (`pocket/ahead.py`, `pocket/hints.py`)."""

from __future__ import annotations

import dataclasses
import random

from pocket_positions import every_hint
from whitechapel.pocket import ahead, hints
from whitechapel.pocket.actions import Joker
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.setup import random_setup

MOVE_WORDS = ("Holmes", "Watson", "Toby", "Joker", "joker", "turn", "swap", "Alibi", "Keep")


def pc_position() -> PocketGame:
    """Round 1 as PC met it: the investigator opened, Jack has the joker,
    Holmes and Toby; the joker moving nobody leaves him unseen now, but the
    investigator's last token (the one Jack leaves him) would see him."""
    g = PocketGame(random_setup(25))
    g.advance(random.Random(25).choice(g.legal_actions()))
    return g


def test_p4_p7_jack_joker_nobody_is_warned_of_the_last_token():
    g = pc_position()
    view = g.view(JACK)
    assert {t.up for t in view.tokens if not t.used} == {"H", "T", "J"}
    nobody = hints.target_hint(view, JACK, "J", None, Joker(None))
    grading = ahead.grade(view, JACK)
    assert grading.of(Joker(None)).call.jack  # seen at the call, whatever Jack plays next
    best = grading.best()
    assert best is not None and not best.call.jack  # a move keeps him unseen
    # the hint names the threat and the token to keep, and the better move
    assert "the investigator can answer Holmes" in nobody[0]
    assert "keep Holmes for yourself" in nobody[0]
    assert nobody[-1].startswith("Keep Holmes") and len(nobody[-1]) <= hints.SHORT
    # the token's hint before a target names the move to make
    token = hints.token_hint(view, JACK)
    assert token[-1].startswith(("Best: moving Holmes", "Moving Holmes"))


def twin(seed: int):
    real = random_setup(seed)
    other = next(c for c in range(9) if c != real.jack)
    deck = tuple(real.jack if c == other else c for c in real.deck)
    return real, dataclasses.replace(real, jack=other, deck=deck)


def test_p9_investigator_look_ahead_the_same_whoever_jack_is():
    """The counterfactual: another Jack, the same public game: the
    investigator's graded actions and hints are the same."""
    for seed in range(6):
        real, other = twin(seed)
        g, t, rng = PocketGame(real), PocketGame(other), random.Random(seed)
        while g.outcome is None and g.view(INVESTIGATOR).log == t.view(INVESTIGATOR).log:
            if g.to_act == INVESTIGATOR:
                v, w = g.view(INVESTIGATOR), t.view(INVESTIGATOR)
                a, b = ahead.grade(v, INVESTIGATOR), ahead.grade(w, INVESTIGATOR)
                assert a.best() == b.best()
                assert hints.token_hint(v, INVESTIGATOR) == hints.token_hint(w, INVESTIGATOR)
                for act in g.legal_actions()[:5]:
                    assert hints.target_hint(
                        v, INVESTIGATOR, act.face, preview(v, act), act
                    ) == hints.target_hint(w, INVESTIGATOR, act.face, preview(w, act), act)
            action = rng.choice(g.legal_actions())
            g.advance(action)
            t.advance(action)


def test_p4_every_one_row_form_names_a_move():
    """PD: 'Hints rarely say which move to make'; PC: 'Best split now:
    Watson (0 seen, 5 unseen)' for a move that splits nothing.  Where
    every move comes to the same, none is named (PX, PY, round 13: "Best:
    moving Watson 1 step: the call loses")."""
    alike = 0
    for _view, _side, forms in every_hint(range(8)):
        for f in forms:
            assert len(f[-1]) <= hints.SHORT, f[-1]
            if f[-1].startswith("Whatever you play"):
                alike += 1
                continue
            assert any(m in f[-1] for m in MOVE_WORDS), f[-1]
            assert "split now" not in f[0]


def test_p4_the_look_ahead_work_is_bounded_and_kept_per_decision():
    """Positions valued at the call, counted (not timed): at most `LIMIT`
    for a decision's token hint and a target's, whatever the step; a
    repaint (the same view again) values none."""
    limit = 30_000  # every answer looked at (round 6): at most ~160 ms of CPU, once a decision
    most = 0
    for seed in range(10):
        g, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while g.outcome is None:
            side = g.to_act
            view = g.view(side)
            ahead._CACHE.clear()
            hints.token_hint(view, side)
            act = g.legal_actions()[-1]
            hints.target_hint(view, side, act.face, preview(view, act), act)
            grading = ahead.grade(view, side)
            most = max(most, grading.work)
            assert grading.work <= limit, (seed, g.round, g.step, grading.work)
            before = grading.work
            hints.token_hint(view, side)  # a repaint
            assert ahead.grade(view, side).work == before
            g.advance(rng.choice(g.legal_actions()))
    assert most > 100  # the look-ahead did look


def plain_value(search: ahead.Search, state, faces, depth: int) -> float:
    """The round's minimax without bounds, table or any position merged:
    every token's every action, the alibi's cards weighed."""
    if depth == len(search.order):
        return search.leaf(state)
    mover = search.order[depth]
    values = []
    for t, face in enumerate(faces):
        if not face:
            continue
        rest = (*faces[:t], "", *faces[t + 1 :])
        if face == "A":
            draws = ahead.draws(state, mover, search.odds)
            values.append(sum(p * plain_value(search, s, rest, depth + 1) for p, s in draws))
            continue
        for action in ahead.actions_of(state, face, mover):
            values.append(plain_value(search, ahead.apply(state, action), rest, depth + 1))
    return max(values) if mover == search.side else min(values)


def test_p4_the_look_ahead_values_every_action_as_a_plain_minimax_does():
    """Tester PM, round 7: "whatever Jack answers: 1 seen / 1 not: you win",
    and Jack's joker moved Holmes 2→3, left him Holmes, and nobody was seen:
    the search had merged the joker's Holmes 2→3 with Holmes's own step (the
    same board, other tokens left) and never looked at it.  At positions of
    random games with three tokens left, both sides, every action's value
    is the plain minimax's."""
    compared = 0
    for seed in range(40):
        g = PocketGame(random_setup(seed))
        rng = random.Random(seed)
        while g.outcome is None and compared < 400:
            view = g.view(g.to_act)
            left = sum(not t.used for t in view.tokens)
            if left == 3:
                grading = ahead.Grading(view, g.to_act)
                for action in grading.legal:
                    after, rest = grading._after(action)
                    if action.face == "A":
                        continue  # a chance node: compared below its draws
                    want = plain_value(grading.search, after, rest, 1)
                    assert grading.value(action) == want, (seed, view.round, str(action))
                    compared += 1
            g.advance(rng.choice(g.legal_actions()))
    assert compared >= 400
