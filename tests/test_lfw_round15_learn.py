"""Issue 43, round 15: the guided nights and the puzzles, as blind testers
C2 and D2 found them (docs/playtests/2026-12-05-lfw-round15-*.md).

- Each side's lesson ends in its own words: the police what won it, Jack
  what lost it; Jack home and the track run out too (C2: the police
  learner read Jack's "Brown arrested you on 30").
- The police's guided night has a Hell phase: the teaching Jack waits
  twice (H5), the learner moves the Wretched (H6, a hint naming key 0) and
  sees a marker turned (H7, a hint), then Jack kills (C2).
- Puzzle 3's answer is the best move by its own explanation (C2, D2).
- A hint's box never covers the side panel's deduction lines, and is on
  screen once (D2), at 200×60, 120×40 and 80×24.
- The police lesson's promise is true (D2), and the lesson's end says what
  comes next, with keys (D2).
"""

from __future__ import annotations

import pytest

import settle
from snapshots import screen_text
from test_lfw_learn import notes, unpaced  # noqa: F401  (unpaced: the fixture used)
from test_lfw_round6_learn import BOARD, guided_over, night_one
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw import hints
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.legal import legal
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import PLAYERS
from whitechapel.lfw.puzzles import ARREST, PUZZLES, SEARCH, puzzle
from whitechapel.lfw.routes import routes, watch
from whitechapel.lfw.rulebook import ARRESTED, JACK, OUT_OF_MOVES, POLICE
from whitechapel.lfw.setup import table_of
from whitechapel.lfw.ui import learn
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.learn import GuidedScreen, HintBox, LessonOverBox, hint_spot
from whitechapel.lfw.ui.setup import LfwSetup
from whitechapel.ui.source import LocalSource
from whitechapel.ui.widgets.text import TextPanel

# -- 1. each side's ending in its own words ----------------------------------------------------


@pytest.mark.usefixtures("unpaced")
async def test_a_police_learner_who_arrested_jack_reads_the_polices_words(tmp_path):
    """C2: "I played the police and arrested Jack. The closing box says:
    '... Brown arrested you on 30 ... Keep a circle or more between you and
    the policemen'" (a finished board shows Jack's view to both).  The
    learner's arrest is played by keys, as C2 played it."""
    seed, over = next(
        (seed, g)
        for seed, g in ((seed, night_one(seed, "teaching", "easy")) for seed in range(1, 200))
        if g.outcome is not None and g.outcome.reason == ARRESTED
    )
    *before, last = [str(a) for a in over.history]
    game = LfwGame.new(seed, Options(), BOARD)
    for text in before:
        game.play(text)
    players = {POLICE: learn.LEARNER, JACK: "computer:easy"}
    record = record_of(game, seed=seed, players=players, settings=dict(learn.GUIDED_SETTINGS))
    screen = GuidedScreen(LocalSource(game, record, Store(tmp_path)), BOARD)
    screen.hinted.update(hints.KINDS[:-1])  # every hint's box seen: the arrest is next
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        for key in keys_for(game, last):
            await settle.press(pilot, key)
        if screen.curtain_up:  # the night's summary, then the lesson's end
            await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert game.outcome is not None
        assert isinstance(app.screen, LessonOverBox), app.screen
        text = app.screen.hint.rule
        assert "Well done" in text and "What won it" in text
        assert "arrested you" not in text and "between you and the policemen" not in text


def night_two(seed: int) -> LfwGame | None:
    """A game whose night 1 ended with Jack home (the teaching Jack, the
    easy police), at night 2's first decision; None if he was caught."""
    game = night_one(seed, "teaching", "easy")
    return game if game.outcome is None and game.night == 2 else None


def test_jack_home_reads_differently_for_each_side():
    game = next(g for g in map(night_two, range(1, 30)) if g is not None)
    side = game.to_act
    view = game.view(side)
    mine = hints.lesson_over(view, BOARD, side)
    assert mine is not None
    other = hints.lesson_over(view, BOARD, learn.OTHER[side])
    texts = {s: h.rule for s, h in ((side, mine), (learn.OTHER[side], other)) if h}
    assert len(texts) == 2 and texts[JACK] != texts[POLICE]
    assert "You reached your hideout" in texts[JACK] and "What won it" in texts[JACK]
    assert "Jack reached his hideout" in texts[POLICE] and "got away" in texts[POLICE]
    assert "hideout can be" in texts[POLICE]  # what the police keep for night 2


def out_of_moves_on_night_1() -> LfwGame:
    for seed in range(1, 300):
        game = LfwGame.new(seed, Options(), BOARD)
        chance = Chance(seed)
        while game.outcome is None and game.night <= 1:
            game.apply(game.random_action(chance))
        if game.outcome is not None and game.outcome.reason == OUT_OF_MOVES:
            return game
    raise AssertionError("no such game")


def test_the_track_run_out_reads_differently_for_each_side():
    game = out_of_moves_on_night_1()
    view = game.view(JACK)  # the finished board: Jack's view, shown to both
    jack = hints.lesson_over(view, BOARD, JACK)
    police = hints.lesson_over(view, BOARD, POLICE)
    assert jack is not None and police is not None
    assert "What lost it" in jack.rule and "Well done" not in jack.rule
    assert "Well done" in police.rule and "What won it" in police.rule


# -- 2. the police's guided night has a Hell phase -----------------------------------------------


def test_h5_the_teaching_jack_waits_twice_before_he_kills_on_night_1():
    for seed in range(1, 13):
        game = night_one(seed, "teaching", "easy")
        log = [e.event for e in game.view("public").log if e.night == 1]
        assert log.count("wait") == 2, (seed, log)
        assert log.count("reveal") == 2 and log.count("wretched_move") >= 2
        assert log.index("kill") > max(i for i, e in enumerate(log) if e == "reveal")


def test_h6_h7_the_police_learner_gets_a_hint_to_move_the_wretched_and_one_for_the_marker():
    game = LfwGame.new(4, Options(), BOARD)
    jack = PLAYERS["teaching"](JACK, 4, table_of(game.setup))
    chance = Chance(4)
    seen: dict[str, hints.Hint] = {}
    while game.outcome is None and not any(e.event == "kill" for e in game.view("public").log):
        view = game.view(game.to_act)
        if game.to_act == JACK:
            game.play(jack.choose(view, [str(a) for a in legal(view)]))
            continue
        hint = hints.hint(view)
        if hint is not None:
            seen.setdefault(hint.kind, hint)
        game.play(str(game.random_action(chance)))
    assert {"wretched", "reveal_seen"} <= set(seen), set(seen)
    wretched, turned = seen["wretched"], seen["reveal_seen"]
    assert (
        "What it does" in wretched.rule and f"{hints.KEYS['rest']}: every Wretched" in wretched.keys
    )
    assert turned.tag == "H7" and "Jack turns" in turned.rule
    assert ("fake" in turned.rule) or ("his marker stays face up" in turned.rule)


# -- 3. puzzle 3: the answer is the best move by its explanation ------------------------------------


def test_t3_the_search_puzzle_answer_is_where_a_clue_can_be_and_no_arrest_can_win():
    """C2, D2: puzzle 3's explanation said an arrest on its answer "would
    tell as much and could win".  Now, by every path Jack can have taken
    (routes.py, the exact reference), no arrest of the policeman can
    succeed, and a clue can be found on the answer."""
    for number, p in enumerate(PUZZLES, 1):
        if p.ask not in (SEARCH, ARREST):
            continue
        game = p.start()
        paths = routes(BOARD, watch(game).nights[-1])
        ends = {r[-1] for r in paths}
        been = {c for r in paths for c in r[1:]}
        view = game.view(POLICE)
        near = set(BOARD.direct_circles(view.police[view.acting_colour]))
        if p.ask == SEARCH:
            assert not near & ends, (number, near & ends)  # an arrest cannot win here
            assert p.right and p.right <= been, (number, p.right)
        else:
            assert p.right and p.right <= ends, (number, p.right)
        assert "would tell as much" not in p.explanation
    assert "arrest only where he may be now" in puzzle(3).explanation


# -- 4. the hint's box and the deduction lines ---------------------------------------------------


def police_first_hunt() -> LfwGame:
    """Night 1 at the police's first T2 (the teaching Jack, the police at
    random, never arresting)."""
    game = LfwGame.new(11, Options(), BOARD)
    jack = PLAYERS["teaching"](JACK, 11, table_of(game.setup))
    chance = Chance(11)
    while not (game.to_act == POLICE and game.view(POLICE).phase.key == Phase.HUNT):
        view = game.view(game.to_act)
        if game.to_act == JACK:
            game.play(jack.choose(view, [str(a) for a in legal(view)]))
        else:
            game.play(str(game.random_action(chance)))
    return game


@pytest.mark.parametrize("size", [(200, 60), (120, 40), (80, 24)])
@pytest.mark.usefixtures("unpaced")
async def test_t2_the_hint_box_leaves_the_deduction_lines_in_sight_and_comes_once(size, tmp_path):
    game = police_first_hunt()
    players = {POLICE: learn.LEARNER, JACK: "computer:easy"}
    record = record_of(game, seed=11, players=players, settings=dict(learn.GUIDED_SETTINGS))
    screen = GuidedScreen(LocalSource(game, record, Store(tmp_path)), BOARD)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        box = app.screen
        assert isinstance(box, HintBox) and box.hint.kind == "police_moves"
        inner = box.query_one("Vertical").region
        side = screen.query_one("#side").region
        assert not inner.overlaps(side), (inner, side)
        assert "Deduction" in screen_text(app)
        assert "Hint · " not in notes(screen)  # one copy on screen: the box
        await settle.press(pilot, "enter")
        assert app.screen is screen and "Hint · The policemen move" in notes(screen)
        assert isinstance(screen.query_one("#notes"), TextPanel)


def test_a_hint_spot_is_beside_the_drawing_under_it_or_at_the_foot():
    beside = hint_spot((0, 1, 164, 55), (100, 26), (200, 60))
    assert beside.x >= 100 and beside.x + beside.width <= 164 and not beside.bottom
    under = hint_spot((0, 1, 84, 36), (84, 26), (120, 40))
    assert under.y >= 27 and under.width <= 84 and not under.bottom
    foot = hint_spot((0, 1, 44, 13), (84, 26), (80, 24))
    assert foot.bottom and foot.width <= 44


# -- 5 and 6. a true promise, and what comes next ---------------------------------------------------


def test_the_police_lesson_promises_nothing_untrue():
    police = next(what for side, _, what in learn.SIDE_CHOICES if side == POLICE)
    assert "at least three times" not in police and "his waits" in police
    assert "arrest ends the night sooner" in police
    # and no plan the learner should find himself (S3, round 37)
    assert "far from his hideout" not in police and "first three moves" not in police


@pytest.mark.parametrize("key", ["o", "n"])
@pytest.mark.usefixtures("unpaced")
async def test_the_lessons_end_offers_the_other_side_and_a_real_game(key, tmp_path):
    screen = guided_over(JACK, tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        box = app.screen
        assert isinstance(box, LessonOverBox)
        assert "O: the other side's guided night" in box.hint.keys
        assert "N: a new game against the normal computer" in box.hint.keys
        await settle.press(pilot, key)
        await settle.settle(pilot)
        if key == "o":
            fresh = next(s for s in reversed(app.screen_stack) if isinstance(s, GuidedScreen))
            assert fresh is not screen and fresh.turns.human == POLICE
            # the finished lesson is left, not kept under the new one (tester
            # M4, LfW round 47: Esc from the second lesson went back into the
            # first, where Esc did nothing)
            assert screen not in app.screen_stack, app.screen_stack
        else:
            setup = app.screen
            assert isinstance(setup, LfwSetup) and setup.opponent == "police:normal"


@pytest.mark.usefixtures("unpaced")
async def test_the_other_sides_lesson_from_the_board_leaves_the_first(tmp_path):
    """M4 (LfW round 47): "Pressing O (other side's lesson) and then Esc out
    of the second lesson put me back in the first lesson's game.  Esc there
    did nothing.  I only got out through the palette."  O on the board after
    the closing box leaves the finished lesson; Esc with nothing to take
    back says how to leave."""
    from whitechapel.app import MenuScreen

    screen = guided_over(JACK, tmp_path)
    app = WhitechapelApp(start=MenuScreen())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.push_screen(screen)
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonOverBox)
        await settle.press(pilot, "enter")  # the box closed: the board
        await settle.press(pilot, "o")
        await settle.settle(pilot)
        assert screen not in app.screen_stack, app.screen_stack
        while not isinstance(app.screen, GuidedScreen):  # the new lesson's opening box
            await settle.press(pilot, "escape")
        await settle.press(pilot, "escape")
        said = " ".join(n.message for n in app._notifications)
        # the palette's way: m is no key on the LfW board (S4, round 50:
        # "Esc says 'm: the menu', but then m says 'not a key here'")
        assert "Nothing to take back. ctrl+p, then 'Back to the menu'" in said, said
        await settle.press(pilot, "ctrl+p")
        await settle.settle(pilot)
        await pilot.press(*"Back to the menu")
        await settle.settle(pilot)
        assert "Back to the menu" in " ".join(screen_text(app).split())


@pytest.mark.usefixtures("unpaced")
async def test_esc_from_the_puzzles_after_a_lesson_goes_to_the_menu(tmp_path):
    """N4 (LfW round 47): "Esc out of the puzzle list went back to the
    finished guided game, not to the menu."  P at a lesson's end opens the
    puzzles in the finished night's place; Esc there is the menu."""
    from whitechapel.app import MenuScreen
    from whitechapel.lfw.ui.puzzles import PuzzleList

    screen = guided_over(JACK, tmp_path)
    app = WhitechapelApp(start=MenuScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen)
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonOverBox)
        await settle.press(pilot, "p")
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList), app.screen
        assert screen not in app.screen_stack, app.screen_stack
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen), app.screen_stack
