"""Playing Mr. Jack Pocket against the computer at one keyboard, through a
Pilot: no hand-over screens, the computer's move shown (in words under the
board and marked on it) before the person acts, the screen still taking
keys while the computer thinks, and the computer's seat kept in the record
(Continue and a rematch play the computer again)."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import settle
from pocket_app_play import SETUPS, Driver, choose, curtain_text, widget_text
from polling import until
from snapshots import screen_text
from test_thinking import running
from whitechapel.app import WhitechapelApp
from whitechapel.cli import main
from whitechapel.core import players
from whitechapel.core.store import Store
from whitechapel.core.thinking import InProcess, OtherProcess
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui import computer
from whitechapel.pocket.ui.district import District
from whitechapel.pocket.ui.screen import PocketScreen, is_handover, is_summary
from whitechapel.pocket.ui.setup import PocketSetup, pocket_screen
from whitechapel.pocket.views import Token
from whitechapel.ui import turns as computer_turns
from whitechapel.ui.screens.help import HelpScreen

SRC = str(Path(__file__).resolve().parents[1] / "src")


async def computer_done(app, pilot) -> None:
    """Until the computer has played whatever it is to play."""
    screen = app.screen

    def done() -> bool:
        return not isinstance(screen, PocketScreen) or screen.turns.thinking is None

    await until(done, what="the computer's move", pilot=pilot)
    await settle.settle(pilot)


async def play_against_the_computer(app, pilot, human: str, rng: random.Random) -> dict:
    """The person at `human` plays random legal actions by keys until the
    end; every screen on the way is checked.  Returns what was seen."""
    screen = app.screen
    assert isinstance(screen, PocketScreen)
    game = screen.source.game
    driver = Driver(pilot, screen, rng)
    seen = {"summaries": 0, "computer_moves": 0, "marked": 0}
    while game.outcome is None:
        await computer_done(app, pilot)
        assert not is_handover(app.screen) or is_summary(app.screen), curtain_text(app)
        if is_summary(app.screen):
            seen["summaries"] += 1
            await settle.press(pilot, "enter")
            continue
        if game.outcome is not None:
            break
        assert game.to_act == human, "the computer did not play its turn"
        assert screen.holder == human and screen.can_act()
        # What the computer played since the person's last action is shown
        # before the person acts: in words, and marked on the board.
        mine = [a for s, a in screen.turns.computer_moves]
        theirs = [str(a) for a in game.history[len(game.history) - len(mine) :]]
        assert mine == theirs
        if mine and not (mine[-1] == "A" and human == JACK):
            seen["computer_moves"] += 1
            prompt = " ".join(widget_text(app).split())
            who = "Jack" if human != JACK else "The investigator"
            said = computer.moves_line(screen.current_view(), who, len(mine))
            assert " ".join(said.split()) in prompt or "showed an alibi card" in prompt, prompt
            assert f"played {mine[0]}" not in prompt  # in words, not notation
            district = app.screen.query_one(District)
            tiles, detectives = computer.marks([parse_action(a) for a in mine])
            assert district.played_tiles == tiles and district.played_detectives == detectives
            seen["marked"] += bool(tiles or detectives)
        action, before = choose(game, rng), len(game.history)
        await driver.keys_for(action)
        assert game.history[before] == action
    return seen


@pytest.mark.parametrize(("human", "level"), [(JACK, "easy"), (INVESTIGATOR, "random")])
async def test_a_whole_game_against_the_computer_without_hand_overs(
    tmp_path, monkeypatch, human, level
):
    # The computer's chance pinned (a fresh one could end the game in two rounds).
    monkeypatch.setattr(computer_turns, "new_seed", lambda: 3)
    other = INVESTIGATOR if human == JACK else JACK
    screen = pocket_screen(7, {human: "Ann", other: players.computer_name(level)})
    assert screen.turns.make_thinker is OtherProcess  # the computer thinks in the worker process
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert app.screen.handover is None and app.screen.turns.human == human
        seen = await play_against_the_computer(app, pilot, human, random.Random(3))
        assert seen["computer_moves"] >= 4 and seen["marked"] >= 1 and seen["summaries"] >= 1
        game = screen.source.game
        assert game.outcome is not None
        # The computer's seat is named in the record: a rematch plays it again.
        assert screen.source.record.players[other] == f"computer:{level}"
        name = f"{level.capitalize()} computer ({screen.TITLES[other]})"
        assert screen.player_name(other) == name
        assert name in screen_text(app) or "Ann" in screen_text(app)  # the winner's banner
        await settle.press(pilot, "n")
        again = app.screen
        assert isinstance(again, PocketScreen) and again is not screen
        assert again.source.computers == {other: level} and again.turns.human == human


async def test_jack_against_the_computer_sees_his_own_cards_and_nothing_else_hides_them():
    screen = pocket_screen(11, {INVESTIGATOR: "computer:easy"})
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_done(app, pilot)
        text = screen_text(app)
        assert "Secret — Jack only" in text and "You are" in text
        assert "s Jack's cards" not in text  # no secrets dance: nobody else looks
        assert app.screen.holder == JACK


async def test_the_screen_takes_keys_while_the_computer_thinks():
    """The computer thinks in a thread: help opens and closes, and the
    computer's move comes after, on the game as it was."""
    gate = threading.Event()
    screen = pocket_screen(5, {JACK: "Ann", INVESTIGATOR: "computer:easy"})
    screen.turns.thinker = InProcess("pocket", screen.turns.computers, 1)
    player = screen.turns.thinker.players[INVESTIGATOR]
    real = player.choose

    def slow(view, legal, budget=None):
        # thinks until the test lets it answer (the bound: a safety net, far
        # beyond what the test takes to get there on a loaded machine)
        assert gate.wait(600), "the test never let the computer answer"
        return real(view, legal, budget)

    player.choose = slow
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert screen.turns.thinking == INVESTIGATOR
        assert "is thinking…" in screen_text(app)
        assert not screen.can_act()
        await settle.press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await settle.press(pilot, "escape")
        assert app.screen is screen
        await settle.press(pilot, "1", "escape")  # no choice while the computer thinks
        assert screen.source.game.history == []
        gate.set()
        await computer_done(app, pilot)
        assert len(screen.source.game.history) == 1
        assert screen.can_act() and "The investigator rotated" in widget_text(app)


async def test_quitting_while_the_computer_thinks():
    gate = threading.Event()
    screen = pocket_screen(5, {JACK: "Ann", INVESTIGATOR: "computer:easy"})
    screen.turns.thinker = InProcess("pocket", screen.turns.computers, 1)
    player = screen.turns.thinker.players[INVESTIGATOR]
    real = player.choose
    player.choose = lambda view, legal, budget=None: (gate.wait(600), real(view, legal))[1]
    thinker, asked = screen.turns.thinker, []
    ask = thinker.ask
    thinker.ask = lambda side, view: asked.append(ask(side, view)) or asked[-1]
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert screen.turns.thinking == INVESTIGATOR
        await settle.press(pilot, "ctrl+q", "ctrl+q")  # asked once, then quits
    gate.set()  # the thread ends; its answer is dropped with the screen
    assert len(asked) == 1
    await asyncio.wait([asyncio.wrap_future(asked[0])])  # the answer came (or was cancelled) ...
    for _ in range(5):  # ... and whatever was waiting for it had its turn
        await asyncio.sleep(0)
    assert screen.source.game.history == []


QUIT_MID_THOUGHT = """
import asyncio, time
from whitechapel.app import WhitechapelApp
from whitechapel.core.thinking import OtherProcess
from whitechapel.pocket.ui.setup import pocket_screen


class Forever(OtherProcess):
    def ask(self, side, view):  # the worker process thinks for an hour
        return self.workers.call(self.key, time.sleep, 3600)


async def main():
    screen = pocket_screen(5, {"jack": "Ann", "investigator": "computer:hard"})
    screen.turns.make_thinker = Forever
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        while not (screen.turns.thinking and screen.turns.thinker and screen.turns.thinker.workers.pids()):
            await pilot.pause(0.05)
        print(*screen.turns.thinker.workers.pids(), flush=True)
        await pilot.press("ctrl+q", "ctrl+q")  # asked once, then quits


asyncio.run(main())
print("quit", flush=True)
"""


def test_quitting_while_the_worker_process_thinks_ends_the_program_and_the_worker(tmp_path):
    """ctrl+q while the computer's process is in the middle of a (very long)
    search: the program ends without waiting for it, and no computer's
    process is left behind.  (A program that waited would hang here, and the
    timeout below would fail the test.)"""
    env = dict(
        os.environ,
        WHITECHAPEL_DATA_DIR=str(tmp_path),
        PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    done = subprocess.run(
        [sys.executable, "-c", QUIT_MID_THOUGHT],
        env=env,
        timeout=120,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split()
    assert lines[-1] == "quit"
    workers = [int(pid) for pid in lines[:-1]]
    assert workers and not any(running(pid) for pid in workers)


async def test_the_setup_screen_starts_a_game_against_the_computer():
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "down", "enter")
        setup = app.screen
        assert isinstance(setup, PocketSetup)
        assert "Two people" in screen_text(app)
        # Who plays first, with the focus (testers QD and QE, round 16):
        # "You as Jack" (two Rights), then the level row: hard, the last;
        # then Jack's name
        await settle.press(pilot, "right", "right", "tab", "end", "tab", *"Ann")
        await settle.settle(pilot)
        assert "You are Jack against the computer's hard investigator." in screen_text(app)
        await settle.press(pilot, "enter")
        await computer_done(app, pilot)
        game_screen = app.screen
        assert isinstance(game_screen, PocketScreen)
        assert game_screen.source.record.players == {"jack": "Ann", "investigator": "computer:hard"}
        assert game_screen.turns.human == JACK and not is_handover(game_screen)
        assert len(game_screen.source.game.history) == 1  # the investigator opened round 1
        assert "played" in widget_text(app)  # the computer's opening, under the board


def _options():
    from whitechapel.pocket.ui.setup import opponents

    return opponents()


async def test_continue_plays_the_computer_again(tmp_path):
    screen = pocket_screen(9, {JACK: "computer:easy"})
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_done(app, pilot)
        game = screen.source.game
        driver = Driver(pilot, screen, random.Random(1))
        await driver.keys_for(choose(game, random.Random(1)))
        await computer_done(app, pilot)
        played = len(game.history)
    assert played >= 2
    record = screen.source.current_record()
    assert record.players == {"jack": "computer:easy"}
    from whitechapel.pocket.ui.entry import SCREENS

    again = SCREENS.local_screen(game.clone(), record, Store(tmp_path))
    app = WhitechapelApp(start=again)
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_done(app, pilot)
        assert again.turns.human == INVESTIGATOR and again.source.computers == {JACK: "easy"}


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["pocket", "--jack", "computer:grandmaster"], "no 'grandmaster' computer player"),
        (["pocket", "--jack", "computer", "--investigator", "computer:easy"], "one side only"),
    ],
)
def test_computer_seats_on_the_command_line_are_checked_in_one_line(capsys, argv, problem):
    try:
        code = main(argv)
    except SystemExit as stop:  # refused while the command line is read
        code = stop.code
    assert code == 2  # usage errors (issue 50)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0]


def test_the_computers_move_in_words():
    """What the computer played, on one line under the prompt: sentences
    naming the tiles and where the detectives went, shorter when several
    would not fit, never notation."""
    from whitechapel.pocket.game import PocketGame

    game = PocketGame(SETUPS["goodley"])  # round 1: H W R J
    for text in ("H+1", "W+2", "J:-"):
        game.play(text)
    view = game.view(INVESTIGATOR)
    assert computer.moves_line(view, "Jack", 1) == "Jack played the joker and moved nobody."
    assert computer.moves_line(view, "Jack", 2, width=120) == (
        "Jack moved Watson two steps clockwise (4→6), then played the joker and moved nobody."
    )
    assert computer.moves_line(view, "Jack", 2, width=78) == (
        "Jack moved Watson two steps (4→6), then played the joker and moved nobody."
    )
    # tester PB, round 1: no wording of both fits: the fewest words, both
    # actions still (tester PC, round 2: the newest alone lost the first)
    assert computer.moves_line(view, "Jack", 2, width=50) == (
        "Jack: Watson 4→6, then joker: nobody moved."
    )
    for width in range(10, 80):
        assert len(computer.moves_line(view, "Jack", 2, width=width)) <= width
    game.play("Rb2E")  # the round's last: the witness call follows
    game.play("A")  # round 2: Jack draws Madame
    line = computer.moves_line(game.view(INVESTIGATOR), "Jack", 1)
    assert line == "Jack drew an alibi card (kept secret)."
    played = [parse_action(t) for t in ("W+2", "Rb2E", "Xa1c3", "A", "J:T")]
    assert computer.marks(played) == ({4, 0, 8}, {1, 2})  # Watson and Toby


def test_the_worker_process_answers_as_the_player_in_this_process():
    """`OtherProcess` (the screens' thinker) runs the very player `InProcess`
    would: the same views, the same answers; `forget` drops the players."""
    from whitechapel.pocket.game import PocketGame

    levels = {JACK: "easy", INVESTIGATOR: "random"}
    here, there = InProcess("pocket", levels, 5), OtherProcess("pocket", levels, 5)
    game = PocketGame.new(3)
    answers = []
    while game.outcome is None and len(game.history) < 12:
        side = game.to_act
        view = game.view(side)
        mine, theirs = here.choose(side, view), there.choose(side, view)
        assert mine.action == theirs.action
        answers.append(mine.action)
        game.play(mine.action, side)
    assert len(answers) == 12
    there.forget()
    with pytest.raises(players.PlayerError):
        OtherProcess("pocket", {JACK: "grandmaster"}, 1)


async def test_after_the_computers_move_the_prompt_names_the_tokens_left():
    """Round 1 opens with the computer's investigator: Jack is offered the
    three tokens left, not 1-4; then two, then the round's last one."""
    screen = pocket_screen(11, {INVESTIGATOR: "computer:easy"})
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_done(app, pilot)
        game = screen.source.game
        driver = Driver(pilot, screen, random.Random(2))

        def offered() -> str:
            left = [str(i + 1) for i, t in enumerate(game.view(JACK).tokens) if not t.used]
            line = next(x for x in widget_text(app).splitlines() if "action token" in x)
            assert "1-4" not in line and all(n in line for n in left), line
            return line[line.index("Choose") :] if "Choose" in line else line

        assert offered().startswith("Choose an action token: ")
        assert len(game.history) == 1
        await driver.keys_for(choose(game, random.Random(1)))
        assert offered().startswith("Choose an action token: ")  # two left, Jack's again
        assert " or " in offered()
        await driver.keys_for(choose(game, random.Random(1)))
        await computer_done(app, pilot)
        # The computer played the round's last token; round 2 opens with Jack.
        assert game.view(JACK).round == 2
        if is_summary(app.screen):  # round 5: beside the board, its prompt asks for Enter
            assert "Press Enter to go on." in widget_text(app)
            await settle.press(pilot, "enter")
        assert "Choose an action token: 1-4" in widget_text(app)


def test_the_tokens_left_in_words():
    import dataclasses

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.choosing import PocketChoice
    from whitechapel.pocket.ui.panels import step_prompt, token_keys

    def tokens(*used: bool) -> list[Token]:
        return [Token(("H", "A"), "H", u) for u in used]

    assert token_keys(tokens(False, True, False, False)) == "1, 3 or 4"
    assert token_keys(tokens(False, False, False, False)) == "1-4"
    view = PocketGame.new(1).view(INVESTIGATOR)
    last = dataclasses.replace(view, tokens=tuple(tokens(True, True, True, False)))
    assert step_prompt(last, PocketChoice(), None, False).startswith("The last action token")
    two = dataclasses.replace(view, tokens=tuple(tokens(True, False, True, False)))
    assert "2 or 4" in step_prompt(two, PocketChoice(), None, True)


async def test_the_computers_two_actions_come_one_at_a_time_and_space_skips_the_pause():
    """Issue 44: the computer's two actions landed at once.  Each is held
    for its pause (`PocketScreen.PACE`) and shown, in words and marked on
    the board, before the next; Space plays the rest at once, and the
    pauses come back after the person's next action."""
    from pacing import HeldPauses

    screen = pocket_screen(5, {INVESTIGATOR: "Ann", JACK: "computer:easy"})
    screen.turns.thinker = InProcess("pocket", screen.turns.computers, 1)
    screen.turns.computer.pace = 600  # the test ends each pause itself
    timers = HeldPauses(screen)
    app = WhitechapelApp(start=screen)
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(1))
        assert game.to_act == INVESTIGATOR  # round 1: I, J, J, I
        await driver.keys_for(choose(game, random.Random(1)))
        assert len(game.history) == 1
        await until(lambda: timers.held, what="Jack's first action", pilot=pilot)
        assert len(game.history) == 1  # held: nothing played during the pause
        assert "is thinking… (Space: no pauses)" in screen_text(app)
        await timers.release(pilot)
        assert len(game.history) == 2
        district = screen.query_one(District)
        assert district.played_tiles or district.played_detectives  # marked on the board
        assert "Jack" in " ".join(widget_text(app).split())  # and said in words
        await until(lambda: timers.held, what="Jack's second action", pilot=pilot)
        assert len(game.history) == 2  # the first stays in sight alone
        await settle.press(pilot, "space")
        await computer_done(app, pilot)
        assert len(game.history) == 3 and game.to_act == INVESTIGATOR
        assert screen.turns.computer.pace_skipped
        await driver.keys_for(choose(game, random.Random(2)))  # the person acts
        assert len(game.history) == 4 and not screen.turns.computer.pace_skipped


def test_against_the_computer_its_actions_are_a_second_apart(monkeypatch):
    """The pace of the screen, as a person plays it (the tests' conftest
    plays the computer at once)."""
    monkeypatch.setattr(computer_turns.TurnControl, "pace_scale", 1.0)
    screen = pocket_screen(5, {INVESTIGATOR: "Ann", JACK: "computer:easy"})
    assert screen.turns.computer.pace == PocketScreen.PACE >= 0.5
