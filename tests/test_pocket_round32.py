"""Round 32's findings (issue 44; play-testers RJ and RK,
docs/playtests/2026-12-07-pocket-round32-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import re

from test_pocket_round21 import QO_GUIDED
from test_pocket_round29_review import _finished
from whitechapel.pocket import ahead, hints
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK

WHATEVER_COUNTS = re.compile(r"whatever Jack answers, \d+ seen / \d+ not", re.IGNORECASE)


def test_p7_whatever_jack_answers_only_the_sure_part_follows_it():
    """RK: "Whatever Jack answers: 2 seen / 1 not: at least 1 cleared", and
    Jack's answer made it 1 seen / 2 not: "the '2 seen / 1 not' part is
    only the current count, yet it is written as a guarantee".  After
    "whatever Jack answers" comes what holds against every answer; the
    counts are said as his best answer's."""
    game = PocketGame(QO_GUIDED)
    view = game.view(INVESTIGATOR)
    grading = ahead.grade(view, INVESTIGATOR)
    best = grading.best()
    assert best is not None
    long, _ = hints.ahead_lines(view, INVESTIGATOR, None)
    assert re.search(r"at least \d+ cleared \(on his best answer, \d+ seen / \d+ not\)", long), long
    assert not WHATEVER_COUNTS.search(long), long
    for action in game.legal_actions():
        long, _ = hints.ahead_lines(view, INVESTIGATOR, action)
        assert not WHATEVER_COUNTS.search(long), long


async def test_the_last_rounds_summary_leaves_the_end_buttons_whole_at_80x24(tmp_path):
    """RF and RI (rounds 30-31): "At 80×24 the game-over button row shows
    `Review` with its right edge missing."  The round's summary beside the
    board stops above the buttons once the game is over."""
    import random

    import settle
    from pocket_app_play import SETUPS, Driver, is_summary, plan_game, pocket_app, visible_buttons
    from whitechapel.ui.widgets.text import Curtain

    plan, _ = plan_game(SETUPS["goodley"], 2866)
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(2866))
        await driver.play_game(plan[:-1])
        while not (driver.top() is screen and screen.can_act()):
            await driver.pass_handover()
        await driver.keys_for(plan[-1])
        await settle.settle(pilot)
        assert screen.source.outcome is not None and is_summary(driver.top())
        curtain = screen.query_one(Curtain)
        assert curtain.up and "End of round" in str(curtain.markup)
        names = [b.choice for b in visible_buttons(screen)]
        assert names[-1] == "do-review", names
        for button in visible_buttons(screen):
            assert not button.region.overlaps(curtain.region), (button.choice, curtain.region)


def test_the_guided_games_promise_no_length():
    """RM (round 33): "the guided games promise to run to late rounds; both
    of mine ended in rounds 4 and 5".  The menu says who plays gently, not
    how long the game lasts."""
    from whitechapel.pocket.ui.learn import CHOICES

    said = " ".join(what for _, _, what in CHOICES)
    assert "gentle Jack" in said and "gentle investigator" in said
    assert "later rounds" not in said and "runs to" not in said


def test_the_reviews_last_line_says_the_keys_of_the_board_after_it():
    """RL (round 33): "The review says 'Esc: the menu', but Esc only closes
    the review."  The line says Enter closes it, then the board's keys."""
    from whitechapel.pocket import review
    from whitechapel.pocket.pieces import JACK

    for side in (JACK, INVESTIGATOR, None):
        said = review.next_line(side)
        assert "Esc: the menu" not in said
        assert "Enter closes this; then m: the menu, n: a new game like this one" in said


def test_a_chance_of_none_is_said_in_words():
    """RN (round 34): "'about 0 games in 100' reads oddly; 'almost never'
    would be better"."""
    from whitechapel.pocket import review

    for seed in range(1, 40):
        game = _finished(seed)
        for side in (INVESTIGATOR, JACK):
            said = " ".join(review.review_lines(game.view(side), review.public_views(game), side))
            assert "about 0 games" not in said and "about 0 (" not in said, said
            assert "about 100 games" not in said and "about 100 (" not in said, said
