"""Issue 44: the guided game ("Learn by playing") teaches to its end -- a
hint at every decision of every round (the split P7, the answer P4, the
alibi P5, the end and the race P8), never naming Jack on the
investigator's screen, and a review of the game's turning points at the
end (`pocket/hints.py`, `pocket/review.py`)."""

from __future__ import annotations

import dataclasses
import random

import settle
from pocket_app_play import Driver, person_to_the_end, plan_game, read_lesson
from pocket_positions import setup
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.core.thinking import InProcess
from whitechapel.pocket import hints, review
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import CHARACTER_INDEX, CHARACTERS, INVESTIGATOR, JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui.lesson import LessonScreen
from whitechapel.pocket.ui.screen import PocketScreen, is_summary
from whitechapel.pocket.views import PocketView
from whitechapel.ui.source import LocalSource
from whitechapel.ui.widgets.text import TextPanel

GUIDED = {"jack": "computer:easy", "investigator": "Bob"}


def notes(screen: PocketScreen) -> str:
    return " ".join(screen.query_one("#notes", TextPanel).markup.split())


def hint_shown(screen: PocketScreen) -> str:
    """The hint in the notes panel, as the player reads it ('' if none)."""
    text = notes(screen)
    if "Hint:" not in text:
        return ""
    return text.split("Hint:[/b green]", 1)[1].split("Log", 1)[0].strip()


def guided_app(the_setup, tmp_path, players=GUIDED, handover="always"):
    game = PocketGame(the_setup)
    record = record_of(game, seed=None, players=dict(players), settings={"hints": "first"})
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    return WhitechapelApp(start=screen), screen


# -- the guided game by keys, to its end ---------------------------------------------------


async def test_p4_guided_game_hints_at_every_decision_of_every_round_then_a_review(tmp_path):
    """Against the easy computer, by keys, at 80×24: at every key press
    where the investigator chooses (a token, then its target), the notes
    panel holds a hint, in every round played (not only rounds 1-2); the
    last summary is followed by the review, a row for every round played
    and the rounds that decided the game."""
    app, screen = guided_app(random_setup(2044), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await read_lesson(pilot, app)  # the welcome
        assert app.screen is screen and screen.hints
        screen.turns.thinker = InProcess("pocket", screen.turns.computers, 7)
        game = screen.source.game
        decisions: dict[int, int] = {}
        hinted: dict[int, int] = {}
        bare: list[tuple[int, int, str]] = []

        def look(_: str) -> None:
            if app.screen is not screen or game.outcome is not None or not screen.can_act():
                return
            if game.to_act != INVESTIGATOR:
                return
            decisions[game.round] = decisions.get(game.round, 0) + 1
            if hint_shown(screen):
                hinted[game.round] = hinted.get(game.round, 0) + 1
            else:
                bare.append((game.round, game.step, notes(screen)))

        driver, rng = Driver(pilot, screen, random.Random(5), after_each=look), random.Random(5)
        await person_to_the_end(
            app, pilot, screen, driver, rng, lambda: look("the start of a decision")
        )
        assert not bare, bare[:3]
        played = game.round
        assert played >= 3, "a game long enough to pass the first two rounds"
        assert set(hinted) == set(range(1, played + 1)) == set(decisions)
        # The last round's summary, then the review over the board.
        await until(lambda: is_summary(app.screen), what="the last summary", pilot=pilot)
        await settle.press(pilot, "enter")
        await until(lambda: isinstance(app.screen, LessonScreen), what="the review", pilot=pilot)
        text = screen_text(app)  # all of it in sight at 80×24
        assert "The game in review" in text and "What decided it:" in text
        assert f"Round {played}:" in text and "Enter: close" in text  # the last call decided it
        rows = [line.strip() for line in app.screen.text.splitlines()]
        for rnd in range(1, played + 1):
            assert any(r.startswith(f"{rnd}  ") for r in rows), (rnd, rows)
        await settle.press(pilot, "enter")
        assert app.screen is screen and "game over" in screen_text(app)
        assert "Jack was" in notes(screen)  # the review closed, the reveal beside the board


# -- the secrecy rule: another Jack, the same hints ----------------------------------------


def twin_setups() -> tuple[object, object, list]:
    """A game and its twin with another Jack, the same public log to the
    end: the other Jack is a suspect still left when the game ends (so on
    the real Jack's side at every call), and the deck has the real Jack's
    card in his place."""
    for seed in range(100):
        real = random_setup(seed)
        actions, end = plan_game(real, seed)
        left = [CHARACTER_INDEX[c] for c in end.view(INVESTIGATOR).suspects]
        others = [c for c in left if c != real.jack]
        if not others or end.round < 4:
            continue
        other = others[0]
        if other in end.jack_alibis:
            continue
        deck = tuple(real.jack if c == other else c for c in real.deck)
        twin = dataclasses.replace(real, jack=other, deck=deck)
        _, twin_end = plan_game(twin, seed)
        if twin_end.view(INVESTIGATOR).log == end.view(INVESTIGATOR).log:
            return real, twin, actions
    raise AssertionError("no twin found")


async def hints_seen_by_investigator(the_setup, actions, tmp_path) -> list[str]:
    players = {"jack": "Ann", "investigator": "Bob"}
    app, screen = guided_app(the_setup, tmp_path, players=players)
    shown: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await read_lesson(pilot, app)
        game = screen.source.game

        def look(_: str) -> None:
            mine = app.screen is screen and screen.holder == INVESTIGATOR
            if mine and game.outcome is None and screen.can_act():
                shown.append(hint_shown(screen))

        driver = Driver(pilot, screen, random.Random(3), after_each=look)
        await driver.play_game(list(actions))
    return shown


async def test_p9_investigator_hints_the_same_whoever_jack_is(tmp_path):
    """The same game with another Jack gives the investigator the same
    hints at every key press of his, to the end (the hints are read from his
    view, never the engine)."""
    real, twin, actions = twin_setups()
    assert real.jack != twin.jack
    a = await hints_seen_by_investigator(real, actions, tmp_path / "a")
    b = await hints_seen_by_investigator(twin, actions, tmp_path / "b")
    assert a and all(a) and a == b
    for name in (CHARACTERS[real.jack].name, CHARACTERS[twin.jack].name):
        assert not any(f"you ({name.split()[-1]})" in h for h in a)


def test_p9_hint_functions_read_the_view_only():
    """Every hint of every decision of many random games is the same for
    the investigator with another Jack (until the public logs part), and
    Jack's own hints do name him."""
    for seed in range(12):
        real = random_setup(seed)
        others = [c for c in range(9) if c != real.jack]
        other = others[seed % len(others)]
        deck = tuple(real.jack if c == other else c for c in real.deck)
        twin_setup = dataclasses.replace(real, jack=other, deck=deck)
        g, t, rng = PocketGame(real), PocketGame(twin_setup), random.Random(seed)
        while g.outcome is None:
            v, w = g.view(INVESTIGATOR), t.view(INVESTIGATOR)
            if v.log != w.log or v.outcome != w.outcome:
                break
            if g.to_act == INVESTIGATOR:
                assert all_hints(v) == all_hints(w)
            action = rng.choice(g.legal_actions())
            g.advance(action)
            t.advance(action)


def all_hints(view: PocketView) -> list[list[str]]:
    side = view.to_act
    assert side is not None
    out = [hints.token_hint(view, side)]
    firsts = {a.face: a for a in reversed(legal(view))}  # one action of each face
    for action in firsts.values():
        out.append(hints.target_hint(view, side, action.face, preview(view, action)))
        out.append(hints.target_hint(view, side, action.face, None))
    return out


# -- the hints, unit by unit ---------------------------------------------------------------


def decisions(seeds=range(30)):
    """(view, side) at every decision of random games, both sides."""
    for seed in seeds:
        g, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while g.outcome is None:
            side = g.to_act
            yield g.view(side), side
            g.advance(rng.choice(g.legal_actions()))


def test_p4_a_hint_at_every_decision_in_forms_the_last_one_short():
    rounds = set()
    for view, _ in decisions():
        rounds.add(view.round)
        for forms in all_hints(view):
            assert len(forms) == 3 and all(forms), forms
            assert len(forms[-1]) <= hints.SHORT, forms[-1]
            assert len(forms[0]) >= max(len(forms[1]), len(forms[2])), forms
            assert "Xa" not in " ".join(forms) and "+1" not in " ".join(forms)
    assert rounds == set(range(1, 9))


BOARD = "pizer:S gull:N bert:E lestrade:W stealthy:S madame:N smith:E goodley:S lane:W"


def test_p7_the_split_half_and_half_lopsided_all_on_one_side():
    inv = hints.Split(4, 3)
    assert "about half are cleared whichever way" in hints.split_meaning(inv, INVESTIGATOR)
    assert hints.split_short(inv, INVESTIGATOR) == "4 seen, 3 not: good"
    assert hints.split_short(hints.Split(6, 1), INVESTIGATOR) == "6 seen, 1 not: poor"
    lop = hints.split_meaning(hints.Split(6, 1), INVESTIGATOR)
    assert lop.startswith("lopsided: if Jack is one of the seen, only 1 is cleared")
    assert "the worst" in hints.split_meaning(hints.Split(0, 7), INVESTIGATOR)
    assert "surely seen" in hints.split_meaning(hints.Split(7, 0), INVESTIGATOR)
    # Jack's own view: seen or not, and who stays with him.
    mine = hints.split_meaning(hints.Split(2, 5, jack=False), JACK)
    assert mine.startswith("you would be unseen, with 4 other suspects: the 2 seen cleared")
    assert hints.split_short(hints.Split(2, 5, jack=True), JACK) == "Seen, 2 would stay"
    # issue 44: against the best available with the tokens up
    best = hints.Split(4, 3)
    assert hints.split_short(hints.Split(6, 1), INVESTIGATOR, best) == "6 seen, 1 not; best 4/3"
    assert hints.split_short(inv, INVESTIGATOR, best) == "4 seen, 3 not: best"
    mine_best = hints.Split(2, 5, jack=False)
    assert (
        hints.split_short(hints.Split(2, 5, jack=True), JACK, mine_best) == "Seen, 2 stay; best 5"
    )
    # alone on his side of the call he is caught: never better than two with him
    alone, two = hints.Split(8, 1, jack=False), hints.Split(7, 2, jack=True)
    assert hints.worth(two, JACK) > hints.worth(alone, JACK)


def test_p7_the_best_split_of_a_token_from_the_view():
    game = PocketGame(setup(BOARD, jack="goodley", throws=("HWRR",) * 4))
    view = game.view(INVESTIGATOR)
    for face in "HWR":
        splits = [hints.split_after(view, a) for a in legal(view) if a.face == face]
        best = hints.best_split(view, face, INVESTIGATOR)
        assert best is not None and best.least == max(s.least for s in splits if s)
        for a in legal(view):
            if a.face == face:  # the fast split is the preview's
                after = preview(view, a)
                assert hints.split_after(view, a) == hints.split_of(after)


def test_p4_who_answers_with_which_tokens():
    game = PocketGame(setup(BOARD, jack="goodley", throws=("HWXR",) * 4))
    view = game.view(INVESTIGATOR)  # round 1, the investigator opens
    line = hints.answer_line(view, INVESTIGATOR, "H")
    assert line.startswith("Jack answers with two of Watson, the exchange and a rotation: ")
    assert line.endswith("you play the one he leaves.")
    game.advance(legal(view)[0])  # H+1: Jack's two
    jack = game.view(JACK)
    assert hints.answer_line(jack, JACK, "W").startswith(
        "Then you play one more, and the investigator the last, the one you leave him"
    )
    game.advance(next(a for a in legal(jack) if a.face == "W"))
    jack = game.view(JACK)
    assert (
        hints.answer_line(jack, JACK, "R")
        == "The investigator has the last token (Exchange): he can still swap two tiles."
    )
    game.advance(next(a for a in legal(jack) if a.face == "R"))
    last = game.view(INVESTIGATOR)
    assert hints.answer_line(last, INVESTIGATOR, "X").startswith("Yours is the last token")
    game.advance(legal(last)[0])
    even = game.view(game.to_act)  # round 2: Jack opens, the other faces up
    assert even.round == 2 and even.to_act == JACK
    assert hints.answer_line(even, JACK, "A").startswith(
        "The investigator answers with two of Toby, a rotation and the joker: he will try to split"
    )


def test_p5_the_alibi_for_each_side():
    game = PocketGame(setup(BOARD, jack="goodley", throws=("AWXR",) * 4))
    view = game.view(INVESTIGATOR)
    line = hints.alibi_line(view, INVESTIGATOR, hints.Split(0, 9))
    assert "(8 of the 8 cards it may be)" in line and line.endswith("take it.")
    line = hints.alibi_line(view, INVESTIGATOR, hints.Split(4, 5))
    assert "a token can split them 4 seen, 5 unseen (4 cleared at least)" in line
    # Jack: the cards left (not Goodley, his identity: 0-2, Madame's two).
    game.advance(next(a for a in game.legal_actions() if a.face == "W"))
    jack = game.view(JACK)
    assert sorted(hints.deck_values(jack)) == [0, 1, 1, 1, 1, 1, 1, 2]
    line = hints.alibi_line(jack, JACK, hints.Split(3, 6, jack=False))
    assert "0-2 hourglasses" in line and "you have 0" in line
    assert "Leave it and the investigator may take it" in line
    assert "A token can hide you now" in line


def test_p8_the_end_and_the_race():
    for view, side in decisions(range(60)):
        end = hints.end_line(view, side)
        if view.race:
            assert end is not None and "race" in end[0].lower(), end
        elif view.round == 8:
            assert end is not None and "Round 8" in end[0], end
        if side == INVESTIGATOR and len(view.suspects) == 2 and not view.race and view.round < 8:
            assert end is not None and end[0].startswith("Two suspects left"), end
    race = next(v for v, s in decisions(range(200)) if v.race and s == INVESTIGATOR)
    forms = hints.token_hint(race, INVESTIGATOR)
    assert "race is on" in forms[0]
    # issue 44 round 2 (PD): the race hint says how: it names the move
    assert any(m in forms[-1] for m in ("Holmes", "Watson", "Toby", "Joker", "turn", "swap"))


# -- the review ------------------------------------------------------------------------------


def test_p7_p8_review_of_a_played_game():
    for seed in range(20):
        g, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while g.outcome is None:
            g.advance(rng.choice(g.legal_actions()))
        view = g.view(INVESTIGATOR)
        facts = review.rounds(view)
        assert [f.round for f in facts] == list(range(1, g.round + 1))
        assert facts[-1].left == len(view.suspects)
        for f in facts:
            assert f.seen + f.unseen == f.before and f.cleared == (
                f.unseen if f.jack_seen else f.seen
            )
        assert facts[-1].hourglasses == g.jack_hourglasses()  # the cards revealed at the end
        lines = review.review_lines(view)
        # 8 rounds, the header, "What decided it:" and 2 rounds under it, and
        # Jack's cards where they won (tester QH, issue 44 round 18)
        assert lines[0] == review.HEADER and len(lines) <= 8 + 6
        assert all(len(line) <= 66 for line in lines), lines
        decided = lines[lines.index("What decided it:") + 1 :]
        if decided[-1].startswith("Jack's alibi card"):
            assert g.outcome.winner == JACK
            decided = decided[:-1]
        assert 1 <= len(decided) <= 2 and decided[-1].startswith(f"Round {g.round}:")
        if g.outcome.winner == JACK and not facts[-1].jack_seen and facts[-1].left > 1:
            assert "hourglass" in decided[-1]
