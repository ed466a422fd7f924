"""Issue 43, round 6: the guided first nights last and teach (play-testers
I and J, round 5: both guided nights ended after one move; "caught at the
first move with no word why"; Esc dead on the finished board after the
puzzles).

- The guided Jack night's police are the teaching police
  (players/teaching_police.py): no arrest in night 1's first three Hunts,
  the easy police's searches, the easy police from night 2.
- The guided police night's teaching Jack opens with a coach and takes an
  alley soon after (players/teaching.py): no lucky arrest at his first move.
- The lesson's end says why the game ended on night 1, in the learner's
  terms, and offers R: try again; it fits 80×24.
- Esc on the finished guided board goes back to the menu, after the
  puzzles too.
"""

from __future__ import annotations

import pytest
from rich.text import Text

import settle
from snapshots import screen_text
from test_lfw_learn import other_hideout, unpaced  # noqa: F401  (unpaced: the fixture used)
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw import hints
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.legal import legal
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.players import PLAYERS
from whitechapel.lfw.rulebook import ARRESTED, JACK, POLICE
from whitechapel.lfw.setup import table_of
from whitechapel.lfw.ui import learn
from whitechapel.lfw.ui.learn import GuidedScreen, LessonOverBox
from whitechapel.lfw.ui.puzzles import PuzzleList
from whitechapel.ui.source import LocalSource
from whitechapel.ui.widgets.text import TextPanel

SEEDS = range(1, 41)
BOARD = load_board("tutorial")


def night_one(seed: int, jack: str, police: str) -> LfwGame:
    """Night 1 on the tutorial board, each side a computer level (the
    learner scripted by a level: the easy Jack's moves, the easy police's)."""
    game = LfwGame.new(seed, Options(), BOARD)
    table = table_of(game.setup)
    players = {JACK: PLAYERS[jack](JACK, seed, table), POLICE: PLAYERS[police](POLICE, seed, table)}
    while game.outcome is None and game.night <= 1:
        side = game.to_act
        assert side is not None
        view = game.view(side)
        game.play(players[side].choose(view, [str(a) for a in legal(view)]))
    return game


def night_one_events(game: LfwGame) -> list[tuple[str, int]]:
    """Night 1's public moves and arrests, in order: (kind, Jack's moves so far)."""
    out: list[tuple[str, int]] = []
    moves = 0
    for e in game.view("public").log:
        if e.night != 1:
            continue
        if e.event == "move":
            moves += 1
            out.append((e.how or "", moves))
        elif e.event == "arrest":
            out.append(("arrest", moves))
    return out


def ended_before_third_move(game: LfwGame) -> bool:
    moves = [m for kind, m in night_one_events(game) if kind != "arrest"]
    return game.outcome is not None and len(moves) < 3


# -- 1. the teaching police --------------------------------------------------------------


@pytest.mark.parametrize("learner", ["easy", "teaching"])
def test_t3_the_teaching_police_arrest_no_one_in_night_1s_first_three_hunts(learner):
    """Play-testers I and J: the easy police arrested the learner's Jack at
    his first step.  The teaching police make no arrest before his fourth
    move; they still search and find clues.  (Learner: the easy Jack's
    moves, or a Jack who keeps out three moves, the teaching Jack's.)"""
    early_easy = early_teaching = clues = 0
    for seed in SEEDS:
        easy = night_one(seed, learner, "easy")
        early_easy += any(k == "arrest" and m < 3 for k, m in night_one_events(easy))
        game = night_one(seed, learner, "teaching")
        arrests = [m for k, m in night_one_events(game) if k == "arrest"]
        assert all(m > 3 for m in arrests), (seed, night_one_events(game))
        early_teaching += ended_before_third_move(game) and game.outcome is not None
        log = game.view("public").log
        clues += any(e.event == "search" and e.clue and e.night == 1 for e in log)
    assert early_easy >= 5, early_easy  # what the learner met before (7 and 40 of 40)
    assert early_teaching == 0
    assert clues >= 10, clues  # the learner sees clues found


def test_the_teaching_police_are_the_easy_police_from_night_2():
    for seed in (2, 5):
        game = LfwGame.new(seed, Options(), BOARD)
        table = table_of(game.setup)
        jack = PLAYERS["easy"](JACK, seed, table)
        teaching = PLAYERS["teaching"](POLICE, seed, table)
        easy = PLAYERS["easy"](POLICE, seed, table)
        compared = 0
        while game.outcome is None and game.night <= 3:
            view = game.view(game.to_act)
            texts = [str(a) for a in legal(view)]
            if game.to_act == JACK:
                game.play(jack.choose(view, texts))
                continue
            mine, theirs = teaching.choose(view, texts), easy.choose(view, texts)
            if game.night >= 2:
                assert mine == theirs, (seed, game.night, mine, theirs)
                compared += 1
            game.play(mine)
        assert compared >= 5 or game.night <= 2, compared


def test_the_teaching_police_read_only_their_view():
    """Twins whose Jack lives elsewhere: while the public views agree the
    teaching police play the same (the secrecy rule, like the hints')."""
    for seed in (1, 4, 7):
        real = LfwGame.new(seed, Options(), BOARD)
        twin = LfwGame.new(seed, Options(), BOARD)
        table = table_of(real.setup)
        police = PLAYERS["teaching"](POLICE, seed, table)
        jack = PLAYERS["teaching"](JACK, seed, table)
        compared = 0
        while real.outcome is None and real.night <= 1:
            if real.view("public") != twin.view("public"):
                break
            view = real.view(real.to_act)
            texts = [str(a) for a in legal(view)]
            if real.to_act == POLICE:
                action = police.choose(view, texts)
                twin_view = twin.view(POLICE)
                assert police.choose(twin_view, [str(a) for a in legal(twin_view)]) == action
                compared += 1
                real.play(action)
                twin.play(action)
            else:
                action = jack.choose(view, texts)
                real.play(action)
                try:
                    twin.play(other_hideout(twin, action))
                except WhitechapelError:
                    break  # Jack goes home: his twin lives elsewhere
        assert compared >= 3, compared


def test_the_guided_jack_night_is_played_by_the_teaching_police():
    screen = learn.guided_game(JACK, 5)
    assert screen.turns.computers == {POLICE: "teaching"}
    assert screen.source.record.players[POLICE] == "computer:easy"  # the record replays
    police_night = learn.guided_game(POLICE, 5)
    assert police_night.turns.computers == {JACK: "teaching"}


# -- 2. the teaching Jack's coach and alley ---------------------------------------------------


def test_t1_the_teaching_jack_opens_with_a_coach_and_takes_an_alley_soon():
    """Play-tester I: the police learner arrested the teaching Jack at his
    first move (one circle in three).  Now his first move is a coach and
    one of the next two an alley: the notebook widens, the learner sees
    both tokens, and night 1 rarely ends before his third move (the easy
    police as the learner)."""
    coach_first = alley_soon = early = 0
    for seed in SEEDS:
        game = night_one(seed, "teaching", "easy")
        kinds = [k for k, _ in night_one_events(game) if k != "arrest"]
        assert len(kinds) >= 2 or game.outcome is None, (seed, kinds)  # never at his first
        coach_first += kinds[0] == "coach"
        alley_soon += "alley" in kinds[1:3]
        early += ended_before_third_move(game)
    assert coach_first == len(SEEDS)
    assert alley_soon >= len(SEEDS) // 2, alley_soon
    assert early <= len(SEEDS) // 3, early  # before: 40 of 40


# -- 3. the lesson's end says why, and offers to try again ----------------------------------


def caught_on_night_1(learner: str, want=lambda game: True) -> LfwGame:
    """A game whose night 1 ends in an arrest: a Jack learner (the easy
    Jack) caught by the easy police, or the teaching Jack by a police
    learner (the easy police)."""
    jack, police = ("easy", "easy") if learner == JACK else ("teaching", "easy")
    for seed in range(1, 200):
        game = night_one(seed, jack, police)
        if game.outcome is not None and game.outcome.reason == ARRESTED and want(game):
            return game
    raise AssertionError("no such game")


def arrest_of(game: LfwGame):
    return next(e for e in game.view("public").log if e.event == "arrest" and e.success)


def test_the_lesson_over_says_why_a_jack_learner_was_caught():
    """Play-tester J: caught, "no word on why" (two policemen had moved
    next to his circle)."""

    def two_near(game: LfwGame) -> bool:
        circle = arrest_of(game).circles[0]
        police = game.view(JACK).police.values()
        return sum(circle in BOARD.direct_circles(x) for x in police) >= 2

    game = caught_on_night_1(JACK, two_near)
    arrest = arrest_of(game)
    circle, who = arrest.circles[0], arrest.colour.capitalize()
    hint = hints.lesson_over(game.view(JACK), BOARD)
    assert hint is not None and hint.kind == "lesson_over"
    text = hint.text
    assert f"{who} arrested you on {circle}" in text
    assert "may arrest on any circle next to his crossing" in text
    assert f"stood next to {circle}" in text
    assert "a circle or more between you and the policemen" in text
    assert "coach or an alley" in text
    assert f"{hints.KEYS['try_again']}: try again" in hint.keys
    # the police's side of the same game: well done, and what a night shows
    police = hints.lesson_over(game.view(POLICE), BOARD)
    assert police is not None and "Well done" in police.text and "arrested you" not in police.text


def test_the_lesson_over_names_the_clue_that_told_the_police():
    def clue_there(game: LfwGame) -> bool:
        circle = arrest_of(game).circles[0]
        log = game.view("public").log
        return any(e.event == "search" and e.clue and e.circle == circle for e in log)

    game = caught_on_night_1(JACK, clue_there)
    text = hints.lesson_over(game.view(JACK), BOARD).text
    assert "found a clue, so the police knew you had been there" in text


def test_the_lesson_over_praises_a_police_learner_who_caught_jack_early():
    game = caught_on_night_1(POLICE)
    arrest = arrest_of(game)
    text = hints.lesson_over(game.view(POLICE), BOARD).text
    assert f"Well done: {arrest.colour.capitalize()} arrested Jack on {arrest.circles[0]}" in text
    assert "What won it" in text and "arrested you" not in text  # the police's own words


def guided_over(learner: str, tmp_path) -> GuidedScreen:
    game = caught_on_night_1(learner)
    players = {learner: learn.LEARNER, learn.OTHER[learner]: "computer:easy"}
    record = record_of(game, seed=1, players=players, settings=dict(learn.GUIDED_SETTINGS))
    return GuidedScreen(LocalSource(game, record, Store(tmp_path)), BOARD)


def box_text(app) -> str:
    """The text inside the box over the board (between its ┃ borders)."""
    inside = []
    for line in screen_text(app).splitlines():
        if line.count("┃") >= 2:
            inside.append(line[line.index("┃") + 1 : line.rindex("┃")].strip())
    return " ".join(" ".join(inside).split())


@pytest.mark.parametrize("learner", [JACK, POLICE])
@pytest.mark.usefixtures("unpaced")
async def test_the_lesson_over_box_fits_80x24_and_r_tries_again(learner, tmp_path):
    screen = guided_over(learner, tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        box = app.screen
        assert isinstance(box, LessonOverBox)
        shown = box_text(app)
        for part in (box.hint.rule, box.hint.keys):
            assert " ".join(part.split()) in shown, (part, shown)  # nothing cut off
        assert "┗" in screen_text(app)  # its bottom border in sight
        await settle.press(pilot, "r")
        await settle.settle(pilot)
        fresh = app.screen_stack[-2] if not isinstance(app.screen, GuidedScreen) else app.screen
        assert isinstance(fresh, GuidedScreen) and fresh is not screen
        assert fresh.turns.human == learner and fresh.source.outcome is None
        log = fresh.source.game.view("public").log
        assert fresh.source.game.night <= 1 and not any(e.event == "kill" for e in log)


# -- 4. Esc on the finished board, after the puzzles ------------------------------------------


@pytest.mark.usefixtures("unpaced")
async def test_esc_on_the_finished_board_after_the_puzzles_goes_to_the_menu(tmp_path):
    """Play-tester J: P from the lesson's box, Esc back from the puzzles,
    and then Esc ("esc Back" in the footer) did nothing on the finished
    board; only ctrl+q left.  Since round 49 (M4, N4) Esc from the puzzles
    is the menu itself: the finished lesson was left when they opened."""
    screen = guided_over(JACK, tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonOverBox)
        await settle.press(pilot, "p")
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_two_quick_keys_over_a_hint_box_go_to_the_board_and_keep_the_game(tmp_path):
    """Play-tester K (round 6): two keys arriving while a hint box was open
    closed it twice, the second time the game screen under it, and the app
    quit ("ScreenStackError: Can't pop screen").  Both keys go on to the
    board, in order."""
    from textual import events

    from whitechapel.lfw.ui.learn import HintBox

    screen = learn.guided_game(JACK, seed=3, store=Store(tmp_path))
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        box = app.screen
        assert isinstance(box, HintBox)  # S1: the hideout's hint
        for ch in "18":  # at once, as a fast typist's keys come
            app.post_message(events.Key(ch, ch))
        await settle.settle(pilot)
        assert app.screen is screen
        assert screen.picking.typed == "18"
        await settle.press(pilot, "enter")  # the hideout: 18; then the women's hint
        box2 = app.screen
        assert isinstance(box2, HintBox)
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key("enter", "\r"))
        await settle.settle(pilot)
        assert app.screen is screen


def test_t3_the_search_puzzle_asks_a_search_where_no_arrest_can_win():
    """Play-tester M (round 7): puzzle 3 taught a search where, after one
    move, an arrest on the same circle tells as much and can win; C2 and D2
    (round 15) read its explanation saying so.  Now its position is after a
    coach: no arrest can win, a search can find a clue."""
    from whitechapel.lfw.puzzles import puzzle

    explained = " ".join(puzzle(3).explanation.split())
    assert "no arrest of Red's can succeed" in explained


@pytest.mark.usefixtures("unpaced")
async def test_r_on_the_finished_board_brings_back_the_lessons_ways_on(tmp_path):
    """Tester A3 (round 28): Enter on the lesson's end looked at the board,
    and then the finished board offered no "try again" ("keys 1-4 show the
    path, ctrl+s saves, ctrl+q quits").  The board says the ways on, and
    R there tries again: a new guided night of the same side."""
    screen = guided_over(JACK, tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonOverBox)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert app.screen is screen
        notes = Text.from_markup(screen.query_one("#notes", TextPanel).markup).plain
        said = " ".join(notes.split())
        assert "The lesson is over: R: try again, O: the other side, P: the puzzles" in said
        assert "R: try again" in screen_text(app)
        await settle.press(pilot, "r")
        await settle.settle(pilot)
        fresh = app.screen_stack[-2] if not isinstance(app.screen, GuidedScreen) else app.screen
        assert isinstance(fresh, GuidedScreen) and fresh is not screen
        assert fresh.source.outcome is None
        assert fresh.turns.human == JACK


@pytest.mark.usefixtures("unpaced")
@pytest.mark.parametrize("key", ["o", "p"])
async def test_o_and_p_on_the_finished_board_do_what_the_board_says(tmp_path, key):
    """Tester F3 (round 30): "the side panel says 'R: try again, the other
    side or the puzzles'. Pressing O on the board did nothing"."""
    from whitechapel.lfw.ui.puzzles import PuzzleList

    screen = guided_over(JACK, tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert app.screen is screen
        await settle.press(pilot, key)
        await settle.settle(pilot)
        if key == "p":
            assert isinstance(app.screen, PuzzleList), app.screen
        else:
            fresh = next(s for s in app.screen_stack if isinstance(s, GuidedScreen))
            assert fresh is not screen and fresh.turns.human == POLICE


@pytest.mark.usefixtures("unpaced")
async def test_ctrl_z_over_the_lessons_end_takes_the_last_move_back(tmp_path):
    """The lesson's end box swallowed ctrl+z (the key is the board's, and
    the box a screen of its own): it closes the box and takes back the
    learner's last move, the game going on from before it."""
    screen = guided_over(JACK, tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonOverBox)
        played = len(screen.source.game.history)
        await settle.press(pilot, "ctrl+z")
        await settle.settle(pilot)
        assert not isinstance(app.screen, LessonOverBox)  # the board, or its next hint
        assert screen.source.outcome is None and len(screen.source.game.history) < played
