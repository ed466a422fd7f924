"""Learning Letters from Whitechapel inside the program: the guided first
night for each side from the menu, by keys, against the easy computer
(hints at each new kind of decision: S1, H2, H3, H5, H6, T1, T2, T3, the
notebook); the hints read the learner's view only (the other side's
secrets changed, the hints stay the same); the notebook puzzles, each
answer judged by the engine and the notebook, a wrong one refused with a
reason; `whitechapel lfw learn --list`."""

from __future__ import annotations

import pytest

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.cli import main
from whitechapel.core.chance import Chance
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.thinking import InProcess
from whitechapel.lfw import hints
from whitechapel.lfw.actions import Hideout, Patrols
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.options import Options
from whitechapel.lfw.puzzles import EVERY, PUZZLES, puzzle
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import learn
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.learn import GuidedScreen, HintBox, LearnScreen
from whitechapel.lfw.ui.puzzles import PuzzleList, PuzzleScreen
from whitechapel.ui import turns as computer_turns
from whitechapel.ui.widgets.text import TextPanel

OTHER = {JACK: POLICE, POLICE: JACK}
# The kinds of decision each side meets on a first night, whatever is played
# (the Wretched and the reveal only if Jack waits; home only if he gets there).
EXPECTED = {
    JACK: {"hideout", "women", "kill", "moves", "notebook"},
    # the teaching Jack waits twice (H5): the Wretched (H6), a marker turned (H7)
    POLICE: {"patrols", "wretched", "reveal_seen", "police_moves", "search", "notebook"},
}


@pytest.fixture
def unpaced(monkeypatch, tmp_path):
    """No pauses between the computer's actions, its chance pinned, its
    players in this process from a fixed seed (their own budgets), the
    autosaves in a temporary folder."""
    from whitechapel.lfw.ui.screen import LfwScreen

    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(LfwScreen, "PACE", 0.0)
    monkeypatch.setattr(computer_turns, "new_seed", lambda: 3)
    real = learn.guided_game

    def guided(side, seed=None, store=None):
        screen = real(side, 11 if seed is None else seed, store)
        screen.turns.make_thinker = lambda game, levels, _seed, table: InProcess(
            game, levels, 7, table
        )
        return screen

    monkeypatch.setattr(learn, "guided_game", guided)


def notes(screen) -> str:
    return " ".join(screen.query_one("#notes", TextPanel).markup.split())


async def waited(pilot, screen) -> None:
    """Until the computer has played what it is to play (and a hint box,
    if one is coming, is up)."""
    source = screen.source

    def done() -> bool:
        return screen.turns.thinking is None and (
            source.outcome is not None or source.to_act == screen.turns.human
        )

    await until(done, what="the computer's turn", pilot=pilot)
    await settle.settle(pilot)


@pytest.mark.parametrize("side", [POLICE, JACK])
async def test_the_guided_first_night_from_the_menu_to_its_end_by_keys(unpaced, side):
    app = WhitechapelApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "Learn Letters from Whitechapel: puzzles" in screen_text(app)
        menu = app.screen.query_one("#menu")
        entry = menu.get_option("guided-lfw").prompt
        assert str(entry) == "Learn Letters from Whitechapel by playing"
        menu.highlighted = menu.get_option_index("guided-lfw")
        await settle.press(pilot, "enter")
        assert isinstance(app.screen, LearnScreen)
        options = app.screen.query_one("#learn")
        options.highlighted = options.get_option_index(f"side-{side}")
        await settle.press(pilot, "enter")
        screen = app.screen_stack[-2] if isinstance(app.screen, HintBox) else app.screen
        assert isinstance(screen, GuidedScreen) and screen.hints
        assert screen.source.computers == {OTHER[side]: "easy"} and screen.turns.human == side
        assert screen.source.record.settings == {"hints": "first"}
        game = screen.source.game
        assert game.board.builtin_id.startswith("tutorial")
        chance = Chance(5)
        boxes: list[str] = []
        while game.outcome is None and game.night <= 1:
            await waited(pilot, screen)
            if isinstance(app.screen, HintBox):
                box = app.screen
                assert box.hint == screen.hint_now()  # the decision at hand
                assert box.hint.text in " ".join(screen_text(app).split()) or box.hint.title in (
                    screen_text(app)
                )
                boxes.append(box.hint.kind)
                await settle.press(pilot, "enter")
                continue
            if game.outcome is not None or game.night > 1:
                break
            assert game.to_act == side and screen.can_act()
            hint = screen.hint_now()
            if hint is not None:  # its box came once; the hint stays beside the map
                assert hint.kind in boxes and "Hint · " in notes(screen)
            else:
                assert "Hint · " not in notes(screen)
            if side == JACK:
                action = str(homeward_action(game.clone(), chance, eager=0.9))
            else:
                action = str(game.random_action(chance))
            n = len(game.history)
            for key in keys_for(game, action):
                await settle.press(pilot, key)
            # the keys played it (in T3 a circle's letter may name the next ones too:
        # picking.py), never nothing
        assert len(game.history) > n, (action, screen.notice)
        assert game.outcome is not None or game.night == 2  # the first night ended
        assert EXPECTED[side] <= set(boxes), boxes
        assert len(boxes) == len(set(boxes))  # each box once


# -- the hints read the learner's view only ------------------------------------------------


def play_twins(seed: int, learner: str, twin_secret) -> int:
    """A game and its twin whose other side's secret differs (`twin_secret`
    rewrites that side's secret action), the same actions otherwise; at
    every decision of the learner while the public views agree, the hints
    must be the same.  Returns how many decisions were compared."""
    board = load_board(None)
    real = LfwGame.new(seed, Options(), board)
    twin = LfwGame.new(seed, Options(), board)
    chance = Chance(seed)
    compared = 0
    kinds = set()
    while real.outcome is None and real.night <= 1:
        if real.view("public") != twin.view("public"):
            break  # the twins part in public: a clue, a turned marker, the police's places
        if real.to_act == learner:
            mine = hints.hint(real.view(learner))
            assert mine == hints.hint(twin.view(learner)), (len(real.history), mine)
            kinds.add(mine.kind if mine else None)
            compared += 1
        if real.to_act == JACK:
            action = str(homeward_action(real.clone(), chance, eager=0.9))
        else:
            action = str(real.random_action(chance))
        mover = real.to_act
        real.play(action)
        try:
            twin.play(action if mover == learner else twin_secret(twin, action))
        except WhitechapelError:
            break  # Jack goes home: his twin lives elsewhere (the views part then)
    assert len(kinds - {None}) >= 2, kinds
    return compared


def other_hideout(twin: LfwGame, text: str) -> str:
    action = parse_action(text)
    if isinstance(action, Hideout):
        return next(str(a) for a in twin.view(JACK).legal if a != action)
    return text


def other_markers(twin: LfwGame, text: str) -> str:
    """The Chief's markers on the same crossings, a fake and a real one swapped."""
    action = parse_action(text)
    if isinstance(action, Patrols):
        real, fakes = list(action.real), list(action.fakes)
        real[0], fakes[0] = fakes[0], real[0]
        return str(Patrols(tuple(real), tuple(sorted(fakes))))
    return text


@pytest.mark.parametrize("seed", [1, 4])
def test_the_police_hints_are_the_same_wherever_jack_lives(seed):
    assert play_twins(seed, POLICE, other_hideout) >= 10


@pytest.mark.parametrize("seed", [1, 4])
def test_jacks_hints_are_the_same_whichever_markers_are_real(seed):
    assert play_twins(seed, JACK, other_markers) >= 3


def test_t2_t3_the_hunt_hints_come_in_the_first_hunt_even_on_night_2():
    """A play-tester's finding: Jack home at his first move on night 1 (the
    police had no Hunt), and night 2's first police moves and searches came
    without a hint.  The Hunt's hints come in the police's first Hunt."""
    board = load_board("tutorial")
    chance = Chance(9)  # Jack announces home at his first move on night 1
    game = LfwGame.new(9, Options(), board)
    seen: list[tuple[int, str]] = []
    while game.outcome is None and len(seen) < 2:
        side = game.to_act
        hint = hints.hint(game.view(POLICE)) if side == POLICE else None
        kinds = ("police_moves", "search")
        if hint is not None and hint.kind in kinds and (game.night, hint.kind) not in seen:
            seen.append((game.night, hint.kind))
        if side == JACK:
            game.apply(homeward_action(game, chance, eager=0.9))
        else:
            game.apply(game.random_action(chance))
    log = game.view(POLICE).log
    assert [e.event for e in log if e.night == 1 and e.event in ("move", "home")] == [
        "move",
        "home",
    ]
    assert seen == [(2, "police_moves"), (2, "search")]


def test_a_hint_says_the_rule_and_its_keys():
    game = LfwGame.new(3, Options(), load_board(None))
    first = hints.hint(game.view(JACK))
    assert first is not None and first.kind == "hideout" and first.tag == "S1"
    assert "not red" in first.rule and hints.KEYS["circle"] in first.keys
    assert hints.hint(game.view(POLICE)) is None  # not the police's turn
    search = hints._clues()
    assert "one at a time" in search.rule and f"{hints.KEYS['rest']}: everyone" in search.keys


# -- the puzzles ---------------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, len(PUZZLES) + 1))
def test_each_puzzle_takes_its_answer_and_refuses_a_wrong_one_with_a_reason(number):
    p = puzzle(number)
    view = p.start().view(p.side)
    assert view.to_act == p.side
    right = sorted(p.right)
    assert right
    if p.side == POLICE:  # the notebook's answer: where Jack can be (or passed: a search)
        possible = set(notebook(view, p.board).possible) | set(p.passed)
        assert set(right) <= possible
    answer = " ".join(map(str, right)) if p.ask in EVERY else str(right[0])
    verdict = p.judge(answer)
    assert verdict.right and verdict.sentence.startswith("Right:")
    assert p.explanation in verdict.sentence
    # a circle of the board that is not an answer: refused, with its reason
    wrong = next(c for c in sorted(p.board.circles) if c not in p.right and c != right[0])
    refused = p.judge(str(wrong) if p.ask not in EVERY else " ".join(map(str, [*right, wrong])))
    assert not refused.right and refused.sentence.startswith(f"Not {wrong}:")
    assert len(refused.sentence) > len(f"Not {wrong}: ") + 10
    assert not p.judge("north").right and "Type" in p.judge("north").sentence
    assert "no circle 999" in p.judge("999").sentence
    if p.ask in EVERY and len(right) > 1:
        short = p.judge(" ".join(map(str, right[1:])))  # a hint first, the circle next
        assert not short.right and str(right[0]) in short.reveal


def test_the_puzzles_reasons_name_the_rule_at_play():
    assert "passes a policeman (Yellow)" in puzzle(1).judge("16").sentence  # a blocked step (T1)
    assert "not next to Red's crossing" in puzzle(3).judge("21").sentence
    assert "tonight's crime scene" in puzzle(3).judge("22").sentence
    assert "not next to Green's crossing: he may name only 16, 21" in (
        puzzle(4).judge("23").sentence
    )
    assert "passes a policeman (Yellow)" in puzzle(4).judge("16").sentence


async def test_a_puzzle_by_keys_wrong_then_right_then_the_next(tmp_path):
    app = WhitechapelApp(start=PuzzleList())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "Which arrest can succeed?" in screen_text(app)
        await settle.press(pilot, "down", "down", "enter")  # puzzle 3
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.number == 3
        await settle.press(pilot, "2", "1", "enter")
        text = " ".join(screen_text(app).split())
        assert "✘ Not 21" in text and "Try again" in text and screen.verdict is None
        screen.query_one("#answer").value = ""
        await settle.press(pilot, "2", "3", "enter")
        text = " ".join(screen_text(app).split())
        assert "✔ Right: 23." in text
        await settle.press(pilot, "enter")
        assert isinstance(app.screen, PuzzleScreen) and app.screen.number == 4
        await settle.press(pilot, "escape")
        assert isinstance(app.screen, PuzzleList)


def test_learn_list_prints_the_puzzles(capsys):
    assert main(["lfw", "learn", "--list"]) == 0
    out = capsys.readouterr().out
    assert all(p.title in out for p in PUZZLES) and "--puzzle N" in out
    try:
        code = main(["lfw", "learn", "--puzzle", str(len(PUZZLES) + 1)])
    except SystemExit as done:  # refused while the command line is read (issue 50)
        code = int(done.code or 0)
    assert code == 2
    assert "there is no puzzle" in capsys.readouterr().err
