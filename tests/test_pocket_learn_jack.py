"""Issue 44, round 2 of the guided game: a teaching Jack who lasts into
the middle game (`players/teaching.py`), a guided game as Jack (the learn
screen's second side), hints that compare the move with the best available
with the tokens up, the suspect's own pronoun in the review, and a line on
what to do next."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import settle
from pocket_app_play import Driver, choose, read_lesson
from polling import until
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core.players import computer_level, levels, new_player
from whitechapel.core.thinking import InProcess
from whitechapel.pocket import ahead, hints, review
from whitechapel.pocket.actions import Alibi, parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTER_INDEX, INVESTIGATOR, JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui.learn import LearnScreen
from whitechapel.pocket.ui.lesson import LessonScreen
from whitechapel.pocket.ui.screen import PocketScreen, is_summary
from whitechapel.ui.widgets.text import TextPanel


def notes(screen: PocketScreen) -> str:
    return " ".join(screen.query_one("#notes", TextPanel).markup.split())


def jack_choice(game: PocketGame, rng: random.Random):
    """A learner at Jack's keyboard who follows his hints: the best split
    for him (`hints.worth`), the alibi when no token hides him."""
    view = game.view(JACK)
    scored = [
        (hints.worth(s, JACK), a)
        for a in game.legal_actions()
        for s in [hints.split_after(view, a)]
        if s is not None
    ]
    top = max((w for w, _ in scored), default=None)
    alibi = [a for a in game.legal_actions() if isinstance(a, Alibi)]
    if alibi and (top is None or top[1] == 0):
        return alibi[0]
    return rng.choice([a for w, a in scored if w == top]) if scored else choose(game, rng)


# -- the guided game as Jack, by keys, to its end -------------------------------------------


async def test_p8_guided_game_as_jack_from_the_menu_to_the_end_by_keys(tmp_path, monkeypatch):
    """The menu's "Learn ... by playing", the second side: the first word
    names Jack's identity and tells of the hourglasses, the alibi cards and
    the race; a hint at every decision of Jack's; the review, then what to
    do next (the investigator's guided game among it)."""
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    # one game whatever the run: a drawn seed made it end before round 3 at times
    monkeypatch.setattr("whitechapel.pocket.ui.setup.new_seed", lambda: 12)
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu")
        menu.highlighted = menu.get_option_index("guided-pocket")
        await settle.press(pilot, "enter")
        await until(lambda: isinstance(app.screen, LearnScreen), what="the sides", pilot=pilot)
        await settle.press(pilot, "down")
        await settle.press(pilot, "enter")
        await until(lambda: isinstance(app.screen, LessonScreen), what="the welcome", pilot=pilot)
        screen = app.screen_stack[-2]
        assert isinstance(screen, PocketScreen)
        game = screen.source.game
        welcome = " ".join(app.screen.text.split())
        name = hints.character_name(game.view(JACK).jack.identity)
        assert f"You play Jack, and Jack is {name}" in welcome
        assert "hourglasses" in welcome and "alibi" in welcome and "race" in welcome
        await read_lesson(pilot, app)
        assert app.screen is screen and screen.hints
        assert screen.source.computers == {INVESTIGATOR: "easy"}
        assert screen.turns.computers == {INVESTIGATOR: "teaching"}
        screen.turns.thinker = InProcess("pocket", screen.turns.computers, 7)
        rng = random.Random(3)
        driver = Driver(pilot, screen, rng)
        hinted: set[int] = set()
        while game.outcome is None:
            await until(lambda: screen.turns.thinking is None, what="the computer", pilot=pilot)
            await settle.settle(pilot)
            if is_summary(app.screen):
                await settle.press(pilot, "enter")
                continue
            if game.outcome is not None:
                break
            assert game.to_act == JACK and screen.can_act()
            assert "Hint:" in notes(screen), (game.round, notes(screen))
            hinted.add(game.round)
            await driver.keys_for(jack_choice(game, rng))
        assert hinted == set(range(1, game.round + 1)) and game.round >= 3, game.round
        await until(lambda: is_summary(app.screen), what="the last summary", pilot=pilot)
        await settle.press(pilot, "enter")
        await until(lambda: isinstance(app.screen, LessonScreen), what="the review", pilot=pilot)
        text = " ".join(app.screen.text.split())
        assert "What decided it:" in text
        assert "Next: the guided game as the investigator, the puzzles" in text
        await settle.press(pilot, "enter")
        assert app.screen is screen and "game over" in screen_text(app)
        assert screen.source.record.settings == {"hints": "first"}


# -- the teaching Jack ------------------------------------------------------------------------


class Learner:
    """A learner who follows the hints: the action with the most even split
    (the hints' "best split"), the alibi when no token clears more than 1."""

    def __init__(self, side: str) -> None:
        self.side = side

    def choose(self, view, legal, budget=None) -> str:
        best, top = None, -1
        for text in legal:
            action = parse_action(text)
            split = None if isinstance(action, Alibi) else hints.split_after(view, action)
            if split is not None and split.least > top:
                best, top = text, split.least
        if "A" in legal and top <= 1:
            return "A"
        return best or legal[0]


def teaching_game(seed: int, jack_level: str = "teaching") -> PocketGame:
    game = PocketGame.new(seed)
    players: dict[str, Any] = {
        JACK: new_player("pocket", jack_level, JACK, seed + 1),
        INVESTIGATOR: Learner(INVESTIGATOR),
    }
    while game.outcome is None:
        side = game.to_act
        assert side is not None
        text = players[side].choose(game.view(side), [str(a) for a in game.legal_actions()])
        game.advance(parse_action(text))
    return game


def test_p8_the_teaching_jack_lasts_past_round_3_and_can_be_beaten():
    """Against a learner who follows the hints, on fixed seeds: at most one
    game of 12 ends before round 4 (the easy Jack's: 3), most go to round 6
    or later, and the learner wins some (docs/app.md "Learn by playing":
    the figures over 40 seeds)."""
    seeds = range(12)
    games = [teaching_game(seed) for seed in seeds]
    rounds = [g.round for g in games]
    assert sum(r < 4 for r in rounds) <= 1 and sum(r >= 6 for r in rounds) >= 8, rounds
    # round 3 of issue 44: the teaching Jack keeps the race close (players/teaching.py):
    # this learner comes within two suspects of his goal (tests/test_pocket_teach_round4.py)
    assert sum(len(g.view(INVESTIGATOR).suspects) <= 3 for g in games) >= 8
    easy = [teaching_game(seed, "easy").round for seed in seeds]
    assert sum(r < 4 for r in easy) >= 3, easy  # what the teaching Jack is for


def test_p9_the_teaching_level_is_never_offered_and_replays_alike():
    assert "teaching" not in levels("pocket")
    assert computer_level("computer:easy", "pocket") == "easy"
    game = PocketGame.new(8)
    game.advance(game.legal_actions()[0])  # the investigator opens round 1; Jack next
    view, legal = game.view(JACK), [str(a) for a in game.legal_actions()]
    picks = {new_player("pocket", "teaching", JACK, 5).choose(view, legal) for _ in range(3)}
    assert len(picks) == 1  # the same view and seed, the same action: records replay


# -- hints against the best available -------------------------------------------------------


def test_p7_target_hint_compares_with_the_best_looking_to_the_call():
    """A poor target names the better move, looking to the call with the
    tokens left (`pocket/ahead.py`); the best says so (PC, PD round 2)."""
    game = PocketGame.new(5)
    view = game.view(INVESTIGATOR)
    best = ahead.grade(view, INVESTIGATOR).best()
    assert best is not None
    words, short = hints.move_words(view, best.action)
    move = next(a for a in game.legal_actions() if str(a) == "H+1")
    forms = hints.target_hint(view, INVESTIGATOR, "H", preview(view, move), move)
    if ahead.grade(view, INVESTIGATOR).of(move).value < best.value:
        assert f"Better: {words}" in forms[0] and short in forms[-1]
    forms = hints.target_hint(view, INVESTIGATOR, best.action.face, None, best.action)
    assert f"{words} is the best" in forms[0]
    assert len(forms[-1]) <= hints.SHORT


def test_p7_jack_target_hint_never_calls_alone_the_best():
    """On Jack's own screen: a line that leaves him alone on his side of
    the call (caught) is never graded above one with two or more."""
    for seed in range(10):
        g, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while g.outcome is None and g.round < 4:
            if g.to_act == JACK:
                grading = ahead.grade(g.view(JACK), JACK)
                top = grading.best(alibi=True)
                graded = [grading.of(a) for a in g.legal_actions()]
                if top is not None and any(not x.call.caught for x in graded):
                    assert not top.call.caught
            g.advance(rng.choice(g.legal_actions()))


def test_p9_investigator_best_available_is_the_same_whoever_jack_is():
    """The counterfactual: another Jack, the same investigator's view and
    the same comparison with the best available, at every decision."""
    for seed in range(8):
        real = random_setup(seed)
        other = next(c for c in range(9) if c != real.jack)
        deck = tuple(real.jack if c == other else c for c in real.deck)
        twin = dataclasses.replace(real, jack=other, deck=deck)
        g, t, rng = PocketGame(real), PocketGame(twin), random.Random(seed)
        while g.outcome is None and g.view(INVESTIGATOR).log == t.view(INVESTIGATOR).log:
            if g.to_act == INVESTIGATOR:
                v, w = g.view(INVESTIGATOR), t.view(INVESTIGATOR)
                assert hints.best_available(v, INVESTIGATOR) == hints.best_available(
                    w, INVESTIGATOR
                )
                for a in g.legal_actions()[:8]:
                    assert hints.target_hint(v, INVESTIGATOR, a.face, preview(v, a)) == (
                        hints.target_hint(w, INVESTIGATOR, a.face, preview(w, a))
                    )
            action = rng.choice(g.legal_actions())
            g.advance(action)
            t.advance(action)


# -- pronouns and what next -------------------------------------------------------------------


def finished_with_jack(jack: str, winner: str) -> PocketGame:
    """A random game to its end with `jack` as Jack, won by `winner`."""
    for seed in range(400):
        the_setup = random_setup(seed)
        who = CHARACTER_INDEX[jack]
        if the_setup.jack != who:
            deck = tuple(the_setup.jack if c == who else c for c in the_setup.deck)
            the_setup = dataclasses.replace(the_setup, jack=who, deck=deck)
        g, rng = PocketGame(the_setup), random.Random(seed)
        while g.outcome is None:
            g.advance(rng.choice(g.legal_actions()))
        if g.outcome.winner == winner:
            return g
    raise AssertionError("no such game")


def test_review_names_jack_with_her_own_pronoun():
    """Play-tester PA: 'only he was left', but Jack was Miss Stealthy."""
    for jack in ("stealthy", "madame"):
        g = finished_with_jack(jack, INVESTIGATOR)
        text = "\n".join(review.review_lines(g.view(INVESTIGATOR)))
        if g.view(INVESTIGATOR).suspects == (jack,):
            assert f"only {hints.short_name(jack)} was left" in text
        assert " he was left" not in text and " his " not in text
    for jack in ("stealthy", "madame"):
        g = finished_with_jack(jack, JACK)
        lines = review.review_lines(g.view(JACK))
        assert not any(" his " in line for line in lines), lines
    g = finished_with_jack("pizer", JACK)
    lines = review.review_lines(g.view(JACK))
    assert not any(" her " in line for line in lines)


def test_the_next_step_after_a_guided_game():
    assert "guided game as Jack" in review.next_line(INVESTIGATOR)
    assert "guided game as the investigator" in review.next_line(JACK)
    for side in (INVESTIGATOR, JACK, None):
        line = review.next_line(side)
        assert "puzzles" in line and "normal computer" in line
