"""Round 13's findings (issue 44; play-testers PX and PY,
docs/playtests/2026-12-06-pocket-round13-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from whitechapel.pocket import ahead
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.setup import random_setup


def test_p8_of_equally_safe_moves_the_hint_picks_the_one_that_can_come_to_most():
    """PX: "The hint scores moves only by the worst case ('at least 1
    cleared'), so it breaks ties badly and can't see a chance to win" (it
    chose a turn that changed nothing over one that wins at once if Jack
    is one of two suspects).  Among the investigator's moves worth the
    same at worst, the hint's best is one whose better branch of the call
    (Jack seen or unseen, whoever he is) comes to most."""
    checked = 0
    for seed in (14, 18, 20, 26):  # first decisions with such ties
        game = PocketGame(random_setup(seed))
        side = game.to_act
        view = game.view(side)
        grading = ahead.grade(view, side)
        values = {a: grading.value(a) for a in grading.legal}
        top = max(values.values())
        tied = [a for a, v in values.items() if abs(v - top) < ahead.TIE]
        hope = ahead.Search(side, grading.order, grading.odds, grading.search.card, hope=True)
        hopes = {a: hope.child(a, *grading._after(a), 1, -ahead.BIG, ahead.BIG) for a in tied}
        if max(hopes.values()) == min(hopes.values()):
            continue
        best = grading.best()
        assert best is not None and best.action in tied
        assert hopes[best.action] == max(hopes.values()), (seed, best.action, hopes)
        checked += 1
    assert checked >= 3
