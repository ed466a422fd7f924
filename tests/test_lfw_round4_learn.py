"""Issue 43, round 4: the guided night and the puzzles, as the play-testers
found them (docs/playtests/).

- The guided police night reaches the police's Hunt (T2, T3) on night 1:
  the teaching Jack keeps out for his first moves (players/teaching.py),
  an honest player whose record replays.
- The lesson says when it has ended, for both sides, and its keys do what
  it says (play on, the menu, the puzzles); a game over on night 1 too.
- A hint box never swallows a key: any key but its own closes it and goes
  on to the board.
- The puzzles speak board terms: no crossing id (`x23`) in anything a
  player reads; a wrong answer empties the line; a set left short gets a
  hint before the circle; solved puzzles are ticked.
"""

from __future__ import annotations

import re

import pytest

import settle
from snapshots import screen_text
from test_lfw_learn import notes, unpaced, waited  # noqa: F401  (unpaced: the fixture used)
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.cli import main
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw import hints
from whitechapel.lfw.actions import Arrest
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.legal import legal
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import PLAYERS
from whitechapel.lfw.puzzles import EVERY, PUZZLES, puzzle
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.setup import table_of
from whitechapel.lfw.ui import learn
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.learn import GuidedScreen, HintBox, LearnScreen, LessonOverBox
from whitechapel.lfw.ui.puzzles import PuzzleList, PuzzleScreen
from whitechapel.ui.source import LocalSource

CROSSING_ID = re.compile(r"\bx\d+\b")
HUNT = (Phase.HUNT, Phase.CLUES, Phase.SEARCHING)


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def learner_action(game: LfwGame, chance: Chance) -> str:
    """The learner's action: Jack heads home; the police play at random but
    never arrest (so the night is Jack's to end)."""
    if game.to_act == JACK:
        return str(homeward_action(game.clone(), chance, eager=0.9))
    if game.view(POLICE).phase.key in HUNT:
        actions = [a for a in game.legal_actions() if not isinstance(a, Arrest)]
        return str(actions[chance.below(len(actions))])
    return str(game.random_action(chance))


async def play_first_night(pilot, screen, chance: Chance) -> tuple[list[hints.Hint], set[int]]:
    """The guided first night by keys, every hint box closed with Enter:
    the boxes seen, and the police's Hunt turns (the track's length at each
    T2 the learner played on night 1)."""
    app, game = pilot.app, screen.source.game
    boxes: list[hints.Hint] = []
    hunts: set[int] = set()
    while game.outcome is None and game.night <= 1:
        await waited(pilot, screen)
        if isinstance(app.screen, HintBox):
            boxes.append(app.screen.hint)
            await settle.press(pilot, "enter")
            continue
        if game.outcome is not None or game.night > 1:
            break
        view = game.view(screen.turns.human)
        if view.side == POLICE and view.phase.key == Phase.HUNT:
            hunts.add(len(view.track))
        n = len(game.history)
        for key in keys_for(game, learner_action(game, chance)):
            await settle.press(pilot, key)
        assert len(game.history) > n, screen.notice
    if screen.curtain_up:  # the night's summary (nightend.py), then the lesson's end
        await settle.press(pilot, "enter")
    await waited(pilot, screen)
    return boxes, hunts


# -- finding 1: the guided police night reaches the Hunt on night 1 -----------------------


@pytest.mark.parametrize("seed", [11, 2, 6])
@pytest.mark.usefixtures("unpaced")
async def test_h_t2_t3_the_guided_police_night_has_hunts_and_their_hints_on_night_1(seed):
    """Play-testers A, C, E: the easy Jack went home at his first move and
    the police learner met no Hunt on the guided night.  Now the learner
    moves, searches (and may arrest) on night 1, and the T2 and T3 hints
    come then, saying the keys of search and arrest."""
    screen = learn.guided_game(POLICE, seed)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        boxes, hunts = await play_first_night(pilot, screen, Chance(seed))
        assert len(hunts) >= 2, hunts  # two police Hunt turns at least, on night 1
        kinds = [b.kind for b in boxes]
        assert {"patrols", "police_moves", "search"} <= set(kinds), kinds
        search = next(b for b in boxes if b.kind == "search")
        assert "arrest" in search.rule and hints.KEYS["arrest"] in search.keys
        assert "search" in search.rule
        notebook = [b for b in boxes if b.kind == "notebook"]
        assert all(b.tag == "T2" for b in notebook)  # shown in T2, headed so (B, round 1)
        # the record replays: the teaching Jack plays the rules' game
        game = screen.source.game
        again = LfwGame.new(seed, Options(), load_board("tutorial"))
        for action in game.history:
            again.play(str(action))
        assert again.view("public") == game.view("public")
        assert screen.source.record.players[JACK] == "computer:easy"


def test_the_teaching_jack_keeps_out_on_night_1_and_plays_only_legal_actions():
    """Whatever the seeds, on night 1 he makes three moves at least before
    he is home (unless caught), each from his view's legal actions."""
    board = load_board("tutorial")
    nights: list[int] = []
    for seed in range(1, 13):
        game = LfwGame.new(seed, Options(), board)
        jack = PLAYERS["teaching"](JACK, seed, table_of(game.setup))
        chance = Chance(seed)
        while game.outcome is None and game.night <= 1:
            if game.to_act == JACK:
                view = game.view(JACK)
                game.play(jack.choose(view, [str(a) for a in legal(view)]))
            else:
                game.play(learner_action(game, chance))
        moves = [e for e in game.view(POLICE).log if e.event == "move" and e.night == 1]
        if game.outcome is None:
            nights.append(len(moves))
    assert nights and min(nights) >= 4, nights  # three roundabout moves, then home
    assert max(nights) <= 12, nights  # not the easy Jack's wander to space 15


# -- finding 2: the lesson says when it has ended -------------------------------------------


@pytest.mark.parametrize("side", [POLICE, JACK])
@pytest.mark.usefixtures("unpaced")
async def test_the_lesson_says_it_is_over_when_the_first_night_ends(side):
    screen = learn.guided_game(side, 11)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await play_first_night(pilot, screen, Chance(1))
        game = screen.source.game
        assert game.outcome is None and game.night == 2
        assert isinstance(app.screen, LessonOverBox), type(app.screen)
        text = flat(app)
        assert "The lesson is over" in text and "play on" in text
        assert "Esc: back to the menu" in text and "P: the notebook puzzles" in text
        await settle.press(pilot, "enter")  # play on: the board, and night 2's hint
        assert app.screen is screen or isinstance(app.screen, HintBox)
        assert not isinstance(app.screen, LessonOverBox)
        assert "The lesson is over" in notes(screen)  # beside the map while it lasts


@pytest.mark.parametrize("key", ["escape", "p", "P"])
@pytest.mark.usefixtures("unpaced")
async def test_the_lesson_over_box_leads_to_the_menu_or_the_puzzles(key):
    screen = learn.guided_game(JACK, 11)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await play_first_night(pilot, screen, Chance(1))
        assert isinstance(app.screen, LessonOverBox)
        await settle.press(pilot, "a")  # a stray key leaves nothing: the box stays
        assert isinstance(app.screen, LessonOverBox)
        await settle.press(pilot, key)
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen if key == "escape" else PuzzleList)
        if key != "escape":  # "P", as the box says, or "p" (play-tester H)
            # back from the puzzles: the menu, the finished lesson left
            # (testers M4 and N4, round 47: "Esc out of the puzzle list went
            # back to the finished guided game, not to the menu")
            await settle.press(pilot, "escape")
            assert isinstance(app.screen, MenuScreen) and screen not in app.screen_stack


async def test_a_game_over_on_night_1_closes_the_lesson_too(tmp_path):
    """Jack caught on the guided night: the game is over, and the box says
    the lesson is over and what is left to do."""
    board = load_board("tutorial")
    for seed in range(1, 40):
        game = LfwGame.new(seed, Options(), board)
        jack = PLAYERS["teaching"](JACK, seed, table_of(game.setup))
        chance = Chance(seed)
        while game.outcome is None and game.night <= 1:
            view = game.view(game.to_act)
            if game.to_act == JACK:
                game.play(jack.choose(view, [str(a) for a in legal(view)]))
            else:
                game.play(str(game.random_action(chance)))
        if game.outcome is not None and game.outcome.winner == POLICE:
            break
    else:
        raise AssertionError("no game where the police win on night 1")
    players = {POLICE: learn.LEARNER, JACK: "computer:easy"}
    record = record_of(game, seed=seed, players=players, settings=dict(learn.GUIDED_SETTINGS))
    screen = GuidedScreen(LocalSource(game, record, Store(tmp_path)), board)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonOverBox)
        text = flat(app)
        assert "The lesson is over" in text and "so is the game" in text
        assert game.outcome.reason in text.replace("  ", " ") or "arrested" in text


def test_lesson_over_comes_at_no_other_moment():
    game = LfwGame.new(3, Options(), load_board("tutorial"))
    chance = Chance(3)
    while game.night <= 1 and game.outcome is None:
        for side in (JACK, POLICE):
            assert hints.lesson_over(game.view(side)) is None
        game.play(learner_action(game, chance))


# -- finding 4: a hint box never swallows a key ------------------------------------------------


@pytest.mark.usefixtures("unpaced")
async def test_a_key_pressed_over_a_hint_box_closes_it_and_acts():
    """Play-tester B: with the hint up, his key was lost.  Now it closes
    the box and does what it does on the board."""
    screen = learn.guided_game(JACK, 11)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, HintBox) and app.screen.hint.kind == "hideout"
        await settle.press(pilot, "9")
        assert app.screen is screen
        await settle.press(pilot, "enter")
        assert [str(a) for a in screen.source.game.history] == ["hideout 9"]


# -- finding 3: the puzzles speak board terms ---------------------------------------------------


def puzzle_texts(number: int) -> list[str]:
    """Every text puzzle `number` can show a player: its title, lesson,
    question and explanation, and its answer to every circle of the board,
    to its right answer and to a set left short."""
    p = puzzle(number)
    texts = [p.title, p.lesson, p.question, p.explanation]
    answers = [str(c) for c in sorted(p.board.circles)]
    right = sorted(p.right)
    answers.append(" ".join(map(str, right)))
    if p.ask in EVERY:
        answers += [" ".join(map(str, right[1:])), " ".join(map(str, [*right, 99]))]
    for answer in answers:
        verdict = p.judge(answer)
        texts += [verdict.sentence, verdict.reveal]
    return texts


@pytest.mark.parametrize("number", range(1, len(PUZZLES) + 1))
def test_no_puzzle_text_names_a_crossing_by_its_id(number):
    found = [t for t in puzzle_texts(number) if CROSSING_ID.search(t)]
    assert not found, found


@pytest.mark.parametrize("number", range(1, len(PUZZLES) + 1))
async def test_no_puzzle_screen_shows_a_crossing_id(number):
    p = puzzle(number)
    wrong = next(c for c in sorted(p.board.circles) if c not in p.right)
    app = WhitechapelApp(start=PuzzleScreen(number))
    async with app.run_test(size=(200, 60)) as pilot:
        await settle.settle(pilot)
        shown = [flat(app)]
        await settle.press(pilot, *str(wrong), "enter")
        shown.append(flat(app))
        await settle.press(pilot, *" ".join(map(str, sorted(p.right))), "enter")
        shown.append(flat(app))
        assert "✔ Right" in shown[-1]
    assert not [s for s in shown if CROSSING_ID.search(s)], shown


def test_learn_list_shows_no_crossing_id(capsys):
    assert main(["lfw", "learn", "--list"]) == 0
    assert not CROSSING_ID.search(capsys.readouterr().out)


def test_a_set_left_short_gets_a_hint_before_the_circle():
    """Play-tester A: a partly right answer gave the missing circle away."""
    p = puzzle(2)
    right = sorted(p.right)
    short = p.judge(" ".join(map(str, right[1:])))
    assert not short.right and str(right[0]) not in short.sentence.split()
    assert "more" in short.sentence and str(right[0]) in short.reveal


async def test_a_puzzle_wrong_answer_empties_the_line_and_solved_ones_are_ticked():
    """Play-testers A, B (round 1): the wrong answer stayed in the line, the
    list ticked nothing, and the last puzzle said "Enter: the list; Esc:
    the list"."""
    app = WhitechapelApp(start=PuzzleList())
    last = len(PUZZLES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, *["down"] * (last - 1), "enter")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.number == last
        await settle.press(pilot, "2", "3", "enter")
        answer = screen.query_one("#answer")
        assert answer.value == "" and "✘ Not 23" in flat(app) and "you typed: 23" in flat(app)
        await settle.press(pilot, *screen.puzzle.answer_text(), "enter")
        text = flat(app)
        assert "Enter or Esc: the list" in text and "Esc: the list." not in text.replace(
            "Enter or Esc: the list.", ""
        )
        await settle.press(pilot, "escape")
        assert isinstance(app.screen, PuzzleList)
        listed = flat(app)
        assert f"✔ {last}." in listed and "✔ 1." not in listed


async def test_the_learn_menu_descriptions_keep_their_indent_when_they_wrap():
    """Play-tester D: the two-line descriptions lost their hanging indent."""
    app = WhitechapelApp(start=LearnScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        lines = screen_text(app).splitlines()
        start = next(i for i, line in enumerate(lines) if "Play the police" in line)
        column = lines[start].index("Play the police")
        below = lines[start + 1 : start + 3]
        assert all(line[column : column + 3] == "   " and line[column + 3] != " " for line in below)
