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
    same at worst, the hint's best is one that comes to most over every
    suspect Jack may be (`hope_of`; QY, round 26: not the better branch of
    each call, `test_pocket_round26`)."""
    checked = 0
    for seed in (14, 18, 20, 26):  # first decisions with such ties
        game = PocketGame(random_setup(seed))
        side = game.to_act
        view = game.view(side)
        grading = ahead.grade(view, side)
        values = {a: grading.value(a) for a in grading.legal}
        top = max(values.values())
        tied = [a for a, v in values.items() if abs(v - top) < ahead.TIE]
        hopes = {a: grading.hope_of(a) for a in tied}
        if max(hopes.values()) == min(hopes.values()):
            continue
        best = grading.best()
        assert best is not None and best.action in tied
        assert hopes[best.action] == max(hopes.values()), (seed, best.action, hopes)
        checked += 1
    assert checked >= 3


async def test_p7_over_a_rounds_summary_the_top_line_names_that_round(tmp_path):
    """PV and PY: "while the round-2 summary is on screen the title
    already says 'round 3 of 8 — the investigator to play'".  Over a
    round's summary the top line names the round of its witness call; once
    it is gone, the next round and who plays."""
    import random

    import settle
    from pocket_app_play import SETUPS, Driver, choose, pocket_app
    from whitechapel.pocket.ui.screen import is_handover, is_summary

    app, screen = pocket_app(SETUPS["gull"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(3))
        game = screen.source.game
        while not is_summary(app.screen):
            if is_handover(app.screen):
                await driver.pass_handover()
                continue
            await driver.keys_for(choose(game, driver.rng))
        if game.outcome is None:
            banner = screen.query_one("#banner").render().plain
            assert "round 1 of 8 — the witness call" in banner, banner
            await settle.press(pilot, "enter")
            while is_handover(app.screen):
                await driver.pass_handover()
            banner = screen.query_one("#banner").render().plain
            assert "round 2 of 8" in banner and "to play" in banner, banner


async def test_p7_v_over_the_last_summary_shows_the_review(tmp_path):
    """PY: "'v' (review) did nothing while the final 'Press Enter to go on'
    summary was up; Enter then opened the review"."""
    import random

    import settle
    from pocket_app_play import SETUPS, Driver, plan_game, pocket_app
    from snapshots import screen_text
    from whitechapel.pocket.ui.lesson import LessonScreen
    from whitechapel.pocket.ui.screen import is_handover, is_summary

    plan, _ = plan_game(SETUPS["lestrade"], 253)  # test_pocket_app's short game
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(253))
        await driver.play_game(plan[:-1])
        while is_handover(app.screen):
            await driver.pass_handover()
        await driver.keys_for(plan[-1])
        assert screen.source.outcome is not None and is_summary(app.screen)
        await settle.press(pilot, "v")
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonScreen), app.screen
        assert "The game in review" in screen_text(app)


def test_p4_where_every_move_comes_to_the_same_the_hint_names_none():
    """PX: "Round 1, Toby forced: 'Hint: Best: moving Toby 1 step: the
    call clears nobody' reads oddly; 'every move clears nobody' would be
    honest"; PY: "'Best: moving Watson 1 step: the call loses' (= you lose
    whatever you do)".  Where every move of a small choice comes to the
    same, the hint says so and names no best."""
    import random

    from whitechapel.pocket import hints
    from whitechapel.pocket.legal import legal

    seen = 0
    for seed in range(4):
        rng, game = random.Random(seed), PocketGame(random_setup(seed))
        while game.outcome is None and game.to_act:
            side = game.to_act
            view = game.view(side)
            grading = ahead.grade(view, side)
            best = grading.best()
            moves = legal(view)
            if best is not None and 1 < len(moves) <= hints.ALIKE:
                values = {grading.value(a) for a in moves}
                sentence, row = hints.ahead_lines(view, side, None)
                if max(values) - min(values) < ahead.TIE:
                    assert "whatever you play" in sentence and "Best" not in row, (sentence, row)
                    assert hints.lead_rows(view, side, None, None)[0].startswith(
                        "Whatever you play"
                    )
                    seen += 1
                else:
                    assert "best" in sentence.lower(), sentence
            game.advance(rng.choice(moves))
    assert seen >= 2


def test_p8_the_race_is_said_to_begin_where_it_is_not_on_yet():
    """PY and PZ: "'the race goes on' said one round before the race had
    begun".  A line whose call starts the race says it begins; only in the
    race does it go on."""
    import random

    from whitechapel.pocket import hints
    from whitechapel.pocket.legal import legal
    from whitechapel.pocket.pieces import JACK

    said = {False: set(), True: set()}
    for seed in range(30):
        rng, game = random.Random(seed), PocketGame(random_setup(seed))
        while game.outcome is None and game.to_act:
            view = game.view(game.to_act)
            if game.to_act == JACK and game.round >= 4:
                grading = ahead.grade(view, JACK)
                for action in legal(view):
                    graded = grading.of(action)
                    if graded.call.end == ahead.RACE and graded.call.kept <= 1:
                        short = hints.said(view, graded, JACK)[1]
                        said[view.race].add("begins" if "race begins" in short else short)
            game.advance(rng.choice(legal(view)))
        if said[False]:
            break
    assert said[False] == {"begins"}, said
    assert all("race begins" not in s for s in said[True]), said


def test_p8_a_clocks_time_out_is_said_on_the_top_line():
    """QA (round 14), as PW (round 12): when the chess clock ran out "the
    board says 'time ran out for jack', but it never says who won, and both
    title bars still read 'Jack to play'".  The room's result stands on the
    top line: who won, and at the losing seat "you lose"."""
    from whitechapel.core.game import Outcome
    from whitechapel.pocket.ui import panels

    view = PocketGame(random_setup(3)).view("investigator")
    assert view.outcome is None  # the engine's game goes on: the clock ended it
    timeout = Outcome("investigator", "time ran out for jack")
    won = panels.banners(view, "Jack", "you (the investigator)", False, timeout)
    assert "game over" in won[0] and "win" in won[0] and "to play" not in won[0], won
    assert "time ran out for jack" in won[0]
    lost = panels.banners(view, "Jack", "the investigator", True, timeout)
    assert all("you lose" in line for line in lost) and "to play" not in lost[0], lost
