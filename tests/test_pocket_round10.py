"""Round 10's findings (issue 44; play-testers PS and PT,
docs/playtests/2026-12-06-pocket-round10-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import random

from whitechapel.pocket import ahead, hints
from whitechapel.pocket.actions import Alibi
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK


def _decisions(side: str, seeds=range(80)):
    rng = random.Random(10)
    for seed in seeds:
        game = PocketGame.new(seed)
        while game.outcome is None and game.legal_actions():
            if game.to_act == side:
                yield game.view(side)
            game.advance(rng.choice(game.legal_actions()))


def test_p5_an_alibi_still_to_come_is_not_said_as_this_moves_reason():
    """PT: "Swap c1 and c2. Your alibi card may clear one." -- the reason
    belongs to the Alibi, played later in the line, not to the swap."""
    found = 0
    for view in _decisions(INVESTIGATOR):
        if len(view.suspects) < 2:
            continue
        grading = ahead.grade(view, INVESTIGATOR)
        for action in view_legal(view)[:12]:
            g = grading.of(action)
            later = any(who == INVESTIGATOR and isinstance(a, Alibi) for who, a in g.line[1:])
            if not later or isinstance(action, Alibi):
                continue
            call = hints.said(view, g, INVESTIGATOR)[0]
            assert not call.startswith("your alibi card may"), call
            assert "your alibi, still to play," in call, call
            found += 1
        if found >= 3:
            return
    raise AssertionError(found)


def view_legal(view):
    from whitechapel.pocket.legal import legal

    return list(legal(view))


def test_p8_at_jacks_last_action_a_lost_call_is_said_as_lost_not_as_his_answer():
    """PT: "Best: moving Toby 1 step: his best answer wins." at Jack's last
    action of a round: the investigator has no answer left."""
    found = 0
    for view in _decisions(JACK):
        if view.step != 3:
            continue
        grading = ahead.grade(view, JACK)
        best = grading.best()
        if best is None or not best.call.caught:
            continue
        call, short, tiny = hints.said(view, best, JACK)
        assert "answer" not in call + short + tiny, (call, short, tiny)
        assert "you lose" in call
        rows = hints.lead_rows(view, JACK, None, None)
        assert not any("whatever he answers" in r for r in rows), rows
        found += 1
        if found >= 2:
            return
    raise AssertionError(found)


def test_p5_the_answer_a_review_names_says_every_move_of_it():
    """PS: "the investigator could answer turn a1 (Smith)", where a1 held
    Lane: the answer's exchange, which put Smith there, was left unsaid.
    Every action of the answer that moves something is said, each named on
    the board it meets."""
    from whitechapel.pocket.actions import Exchange

    found = 0
    for view in _decisions(JACK):
        grading = ahead.grade(view, JACK)
        best = grading.best()
        if best is None:
            continue
        theirs = [a for who, a in best.line if who != JACK and not isinstance(a, Alibi)]
        if len(theirs) < 2 or not isinstance(theirs[0], Exchange):
            continue
        words, last = hints.threat(view, best, JACK)
        assert last == theirs[-1]
        assert words.count(", then ") == len(theirs) - 1, words
        assert words.startswith("swap"), words
        found += 1
        if found >= 2:
            return
    raise AssertionError(found)


def test_p8_no_rule_tag_reaches_a_hint_or_the_review():
    """PU: "an internal rule tag '(P8, the race)' shows in player text"."""
    import re

    from whitechapel.pocket.ui.panels import untagged

    tag = re.compile(r"\bP\d+\b")
    seen = 0
    for side in (INVESTIGATOR, JACK):
        for view in _decisions(side, range(20)):
            grading = ahead.grade(view, side)
            best = grading.best()
            if best is None:
                continue
            for text in (*hints.said(view, best, side), *hints.lead_rows(view, side, None, None)):
                assert not tag.search(untagged(text)), text
                seen += 1
    assert seen > 100


def test_p8_a_lost_call_before_his_answer_says_what_he_must_find_not_whatever():
    """PZ and QA (round 14), the guided game as Jack: "Best: the Alibi token:
    whatever he answers, his best answer wins" -- "it reads oddly" and
    "means 'you are lost against best play'. Say that plainly"."""
    found = 0
    for view in _decisions(JACK):
        if view.step == 3:
            continue
        best = ahead.grade(view, JACK).best()
        if best is None or not best.call.caught or len(best.line) < 2:
            continue
        long, short = hints.ahead_lines(view, JACK, None)
        for text in (long, short):
            assert "whatever he answers" not in text, text
            assert "best answer wins" not in text, text
        assert hints.BEST_ANSWER_WINS in short or "you lose" in short, short
        found += 1
        if found >= 3:
            return
    raise AssertionError(found)
