"""Round 21's findings (issue 44; play-testers QN and QO,
docs/playtests/2026-12-07-pocket-round21-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import re

from pocket_app_play import SETUPS
from pocket_positions import setup, worst_call
from whitechapel.pocket import ahead, hints
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR

# QO's guided game (the record kept beside the report): Jack is Stealthy.
QO_GUIDED = setup(
    "stealthy:W madame:W lestrade:E pizer:S gull:S goodley:S bert:S lane:S smith:S",
    jack="stealthy",
    deck_top=("smith", "lestrade", "lane", "bert", "gull", "pizer", "goodley", "madame"),
    throws=("AWXR", "HTRR", "ATRR", "HWXJ"),
)


def claimed(text: str) -> int:
    found = re.search(r"at least (\d+) cleared|clears (\d+) or more", text)
    assert found, text
    return int(found.group(1) or found.group(2))


def test_p7_whatever_jack_answers_the_call_clears_at_least_what_the_hint_says():
    """QO: "Swap a1 (Stealthy) and c1 (Lestrade). Whatever Jack answers: 3
    seen / 6 not: at least 3 cleared", and Jack's Watson 2 steps and c3
    turned east left one seen.  The line the hint showed was Jack's best by
    the whole value (his alibi's hourglass counted); the number it says
    now holds against every answer."""
    game = PocketGame(QO_GUIDED)
    view = game.view(INVESTIGATOR)
    swap = parse_action("Xa1c1")  # the swap QO was told was best
    long, short, _ = hints.said(view, ahead.grade(view, INVESTIGATOR).of(swap), INVESTIGATOR)
    game.apply(swap)
    (truth,) = worst_call(game, INVESTIGATOR)
    assert truth == 1
    assert claimed(long) <= truth and claimed(short) <= truth, (long, short)
    for answer in ("W+2", "Rc3E"):  # what Jack played
        game.apply(parse_action(answer))
    split = hints.split_of(game.view(INVESTIGATOR))
    assert min(split.seen, split.unseen) >= claimed(long)
    # and what the hint calls best now holds as well
    game = PocketGame(QO_GUIDED)
    long, short = hints.ahead_lines(view, INVESTIGATOR, None)
    best = ahead.grade(view, INVESTIGATOR).best()
    assert best is not None
    game.apply(best.action)
    (truth,) = worst_call(game, INVESTIGATOR)
    assert claimed(long) <= truth and claimed(short) <= truth, (long, short)


def test_p7_the_guided_games_first_hint_holds_against_every_answer():
    """The guided game's first hint (Lestrade's setup) said "at least 4
    cleared"; Jack's joker for Watson and Toby's step leave two to clear.
    (Since round 27's tie-break, QY, the best is another swap, which clears
    three whatever Jack answers.)"""
    game = PocketGame(SETUPS["lestrade"])
    view = game.view(INVESTIGATOR)
    best = ahead.grade(view, INVESTIGATOR).best()
    assert best is not None
    long, _ = hints.ahead_lines(view, INVESTIGATOR, None)
    game.apply(best.action)
    assert claimed(long) <= worst_call(game, INVESTIGATOR)[0], long


def test_p8_jacks_words_name_the_answer_worst_for_him_not_the_investigators_best():
    """QN: "his best answer would make you the last suspect: you lose" for an
    answer that saw 1 suspect of 8: best only for one who knows who Jack
    is.  On Jack's view the look-ahead's answer is the worst for him, and
    the words say so."""
    from pocket_positions import graded_decisions
    from whitechapel.pocket.pieces import JACK

    found = 0
    for seed in range(40):
        for _game, view, side, graded in graded_decisions(seed):
            if side != JACK:
                continue
            for _action, g in graded:
                if not g.call.caught or len(g.line) < 2:
                    continue
                long, short, _tiny = hints.said(view, g, JACK)
                assert "his best answer" not in long + short, long
                assert "the answer worst for you" in long + short, (long, short)
                found += 1
        if found >= 3:
            break
    assert found >= 3


async def test_enter_reads_a_long_lesson_to_its_end_before_it_starts():
    """QN: "the guided-Jack intro card is taller than 24 rows, and Enter
    starts the game" before the last lines (on the race) were read.  While
    the lesson goes on below, Enter reads on; at its end, it starts."""
    import settle
    from snapshots import screen_text
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.ui.lesson import LessonScreen

    text = "\n\n".join(f"Paragraph {n}: the lesson goes on." for n in range(1, 30))
    lesson = LessonScreen(text, "Enter: start · Esc: back")
    app = WhitechapelApp(start=lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        shown = screen_text(app)
        assert "↓ more below: Enter, ↓ or PgDn reads on · Esc: back" in shown, shown
        for _ in range(10):
            if "Paragraph 29" in screen_text(app):
                break
            await settle.press(pilot, "enter")
            assert app.screen is lesson  # still reading
        shown = screen_text(app)
        assert "Paragraph 29" in shown and "Enter: start" in shown, shown
        await settle.press(pilot, "enter")
        assert app.screen is not lesson


async def test_p5_after_the_jokers_detective_1_is_his_one_step(tmp_path):
    """QO: "After 4 then h, typing 1 printed 'That token was played this
    round'": the help lists 1 and 2 as a detective's steps, and for the
    joker 1 was read as a token's key.  It is the joker's one step now:
    the choice stays, the screen says Enter plays it."""
    import settle
    from pocket_app_play import pocket_app
    from snapshots import screen_text
    from whitechapel.pocket.actions import Joker
    from whitechapel.pocket.pieces import JACK
    from whitechapel.pocket.ui.choosing import Mode

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "1", "enter", "enter", "4", "h", "1")
        assert screen.choice.mode == Mode.JOKER and screen.source.to_act == JACK
        assert screen.choice.joker == "H"
        assert "That token was played" not in screen_text(app)
        assert "The joker moves him one step: Enter plays it." in " ".join(screen_text(app).split())
        played = len(screen.source.game.history)
        await settle.press(pilot, "enter")
        assert len(screen.source.game.history) == played + 1
        assert screen.source.game.history[-1] == Joker(0)
