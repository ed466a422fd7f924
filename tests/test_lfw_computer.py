"""Letters from Whitechapel against the computer.

At one keyboard: no hand-over ever comes down; the person's side's view
only (a police player never sees Jack's hideout, position, path or marked
women: the same game with another hideout shows the very same screens
until the table's facts part; a Jack never sees which face-down markers
are real); the computer's actions come one at a time, paced (Space: no
pauses), and stay listed under the map until the person acts; the screen
keeps taking keys while the computer thinks.  From the command line and
the setup screen, the computer's seat is named `computer:LEVEL` in the
record.  In a network room the server's computer takes every free seat
(Jack, or the police seats) and is asked with each seat's view alone.

Built on whatever levels LfW offers (`players.levels("lfw")`): the whole
games use the first (the quickest).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path

import pytest
from rich.text import Text

import settle
from lfw_app_play import JACK_ONLY_TAGS, widget_text
from pacing import HeldPauses
from polling import until
from snapshots import screen_text
from test_net_server import FAST, connect
from test_thinking import running
from whitechapel.app import WhitechapelApp
from whitechapel.cli import main
from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.core.store import Store
from whitechapel.core.thinking import InProcess, OtherProcess
from whitechapel.lfw.actions import Alley, Coach, Hideout, Step
from whitechapel.lfw.legal import legal_texts
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import computer, placenames
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import COLOUR_LETTERS
from whitechapel.lfw.ui.nightend import NIGHT_END
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.lfw.ui.setup import LfwSetup, lfw_screen, opponents, players_for
from whitechapel.lfw.view_parts import LogEntry
from whitechapel.lfw.views import LfwView
from whitechapel.net.server import GameServer
from whitechapel.ui import turns as computer_turns
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.widgets.text import TextPanel

SRC = str(Path(__file__).resolve().parents[1] / "src")
LEVELS = players.levels("lfw")
LEVEL = LEVELS[0]  # the quickest there is: whole games in seconds
COMPUTER = players.computer_name(LEVEL)
OTHER = {JACK: POLICE, POLICE: JACK}


def solo(seed: int, human: str, tmp_path, board: str = "tutorial") -> LfwScreen:
    """A hot-seat game: Ann at `human`, the computer at the other side."""
    screen = lfw_screen(
        seed, None, board, {human: "Ann", OTHER[human]: COMPUTER}, store=Store(tmp_path)
    )
    assert isinstance(screen, LfwScreen)
    return screen


@pytest.fixture
def unpaced(monkeypatch):
    """No pauses between the computer's actions, and its chance pinned."""
    monkeypatch.setattr(LfwScreen, "PACE", 0.0)
    monkeypatch.setattr(computer_turns, "new_seed", lambda: 3)


def played_panel(app) -> str:
    panel = app.screen.query_one("#played", TextPanel)
    return panel.render().plain if app.screen.has_class("played") else ""


def screen_seen(app) -> str:
    return screen_text(app) + "\n" + widget_text(app)


def shown(app) -> tuple:
    """What the screen shows, wherever the map is scrolled: every panel's
    text, and every mark and letter on the map."""
    view = app.screen.query_one(MapView)
    return (
        widget_text(app),
        sorted(map(str, view.marks.items())),
        sorted(map(str, view.texts.items())),
    )


async def computer_done(pilot, screen: LfwScreen) -> None:
    """Until the computer has played whatever it is to play."""
    source = screen.source

    def done() -> bool:
        return screen.curtain_up or (
            screen.turns.thinking is None
            and (source.outcome is not None or source.to_act == screen.turns.human)
        )

    await until(done, what="the computer's turn", pilot=pilot)
    await settle.settle(pilot)


def check_secrets(app, screen: LfwScreen, human: str) -> None:
    """Only the person's side's secrets ever show (§9); no hand-over
    curtain (a night's summary, the person's own, at most)."""
    assert screen.curtain_kind in (None, NIGHT_END)
    if screen.source.outcome is not None:
        return  # the end shows Jack's path to both
    assert screen.holder == human
    text = screen_seen(app)
    tags = set(screen.query_one(MapView).marks.values())
    if human == POLICE:
        assert "Jack only" not in text and "hideout:" not in text, text
        assert not tags & JACK_ONLY_TAGS, tags & JACK_ONLY_TAGS
    else:
        assert not {t for t in tags if t.startswith("marker-")}, "real markers shown to Jack"


def check_listed(app, moves: list[tuple[str, str]]) -> int:
    """Each of the computer's actions since the person's last is in the
    list under the map, as the table saw it; returns how many were checked."""
    panel = " ".join(played_panel(app).split())
    board = app.screen.board
    checked = 0
    for _side, text in moves:
        action = parse_action(text)
        words = text.split()
        if isinstance(action, Step | Coach | Alley):  # the police see the track, not the circle
            how = {Step: "Jack moves: space", Coach: "Jack takes a coach", Alley: "an alley"}
            assert how[type(action)] in panel, (text, panel)
        elif words[1:] == ["pass"]:
            assert f"{words[0].capitalize()} passes" in panel, (text, panel)
        elif len(words) == 2 and words[0] in COLOUR_LETTERS:  # a policeman's T2 move
            # the crossing in board terms (placenames.py), not its id
            where = "stays" if words[1] == "stay" else placenames.between(board, words[1])
            assert f"{COLOUR_LETTERS[words[0]]} {where}" in panel, (text, panel)
        elif len(words) == 3 and words[1] in ("search", "arrest"):
            assert words[0].capitalize() in panel and words[2] in panel, (text, panel)
        else:
            continue
        checked += 1
    return checked


class Person:
    """Ann plays her side by keys: Jack mostly heading home (so games reach
    later nights), the police at random; every screen on the way checked."""

    def __init__(self, app, pilot, screen: LfwScreen, seed: int) -> None:
        self.app, self.pilot, self.screen = app, pilot, screen
        self.game = screen.source.game
        self.chance = Chance(seed)
        self.human = screen.turns.human
        self.actions: list[str] = []  # what Ann played
        self.seen: list[tuple[int, str]] = []  # (actions so far, the screen) at each of her turns

    def choose(self) -> str:
        g = self.game
        if g.to_act == JACK:
            return str(homeward_action(g.clone(), self.chance, eager=0.9))
        return str(g.random_action(self.chance))

    async def play(self, text: str) -> None:
        n = len(self.game.history)
        listed = played_panel(self.app)
        for key in keys_for(self.game, text):
            await settle.press(self.pilot, key)
            check_secrets(self.app, self.screen, self.human)
            if len(self.game.history) == n:  # the list stays until she acts
                assert played_panel(self.app) == listed
        assert str(self.game.history[n]) == text, self.screen.notice
        self.actions.append(text)

    async def play_game(self, until_actions: int = 5000) -> dict[str, int]:
        counts = {"turns": 0, "listed": 0}
        while self.game.outcome is None and len(self.game.history) < until_actions:
            await computer_done(self.pilot, self.screen)
            check_secrets(self.app, self.screen, self.human)
            if self.screen.curtain_up:  # a night's summary: Enter goes on
                await settle.press(self.pilot, "enter")
                continue
            if self.game.outcome is not None:
                break
            assert self.game.to_act == self.human and self.screen.can_act()
            mine = self.screen.turns.computer_moves
            theirs = [str(a) for a in self.game.history[len(self.game.history) - len(mine) :]]
            assert [a for _, a in mine] == theirs  # the computer's since her last action
            counts["listed"] += check_listed(self.app, mine)
            self.seen.append((len(self.game.history), shown(self.app)))
            counts["turns"] += 1
            await self.play(self.choose())
        while self.screen.curtain_up:  # the last night's summary
            await settle.press(self.pilot, "enter")
        return counts


# -- at one keyboard ------------------------------------------------------------------


@pytest.mark.parametrize(("human", "seed"), [(JACK, 10), (POLICE, 0)])
async def test_a_whole_game_alone_against_the_computer_by_keys(tmp_path, unpaced, human, seed):
    screen = solo(seed, human, tmp_path)
    assert screen.turns.make_thinker is OtherProcess  # the computer thinks in the worker process
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        assert screen.turns.human == human and screen.source.computers == {OTHER[human]: LEVEL}
        person = Person(app, pilot, screen, seed)
        counts = await person.play_game()
        game = screen.source.game
        assert game.outcome is not None
        assert counts["turns"] >= 5 and counts["listed"] >= 3, counts
        await until(lambda: not screen._unsaved, what="the autosave", pilot=pilot)
        text = screen_text(app)
        assert "game over" in text
        name = f"{LEVEL.capitalize()} computer" if game.outcome.winner != human else "Ann"
        assert name in text  # the winner's banner
    record = Store(tmp_path).list()[0].record
    assert record is not None and record.actions == [str(a) for a in game.history]
    assert record.players == {human: "Ann", OTHER[human]: COMPUTER}
    assert 0 < len(person.actions) < len(game.history)  # both sides played


class Scripted:
    """A thinker whose Jack answers with given actions, one per question
    (the twin of a game, its Jack's secret choices changed)."""

    def __init__(self, answers: list[str]) -> None:
        self.levels = {JACK: LEVEL}
        self.answers = iter(answers)

    def ask(self, side, view) -> Future:
        future: Future = Future()
        future.set_result(players.Answer(next(self.answers), 0.0))
        return future

    def forget(self) -> None:
        pass


async def test_the_police_screens_are_the_same_whatever_the_hideout(tmp_path, unpaced):
    """Counterfactual: the police play the computer's Jack; the same game
    with Jack living elsewhere (every other action the same) shows the
    police exactly the same screens until the table's facts part (Jack
    announcing his hideout), so nothing on them comes from the hideout."""
    seed = 0
    screen = solo(seed, POLICE, tmp_path / "real")
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        person = Person(app, pilot, screen, seed)
        await person.play_game()
        real = [str(a) for a in screen.source.game.history]
        hideout = screen.source.game.hideout
    # The twin: another hideout, then the real game's actions, Jack's from a script.
    twin_game = solo(seed, POLICE, tmp_path / "twin").source.game
    other = next(str(a) for a in twin_game.view(JACK).legal if a != Hideout(hideout))
    assert isinstance(parse_action(other), Hideout)
    parting = next((i for i, a in enumerate(real) if a.endswith(" home")), len(real))
    twin = solo(seed, POLICE, tmp_path / "twin")
    twin.turns.thinker = Scripted(jack_actions(real, person.actions, other))
    app = WhitechapelApp(start=twin)
    compared = 0
    async with app.run_test(size=(100, 32)) as pilot:
        for (done, seen), action in zip(person.seen, person.actions, strict=True):
            if done >= parting or twin.source.game.outcome is not None:
                break
            await computer_done(pilot, twin)
            assert len(twin.source.game.history) == done
            assert twin.source.game.hideout != hideout
            assert shown(app) == seen, f"the screens part after {done} actions"
            compared += 1
            for key in keys_for(twin.source.game, action):
                await settle.press(pilot, key)
    assert compared >= 5


def jack_actions(real: list[str], police: list[str], hideout: str) -> list[str]:
    """Jack's actions of the real game, in order, the hideout changed: the
    real game's actions less the police person's."""
    out, theirs = [], list(police)
    for text in real:
        if theirs and text == theirs[0]:
            theirs.pop(0)
            continue
        out.append(hideout if isinstance(parse_action(text), Hideout) else text)
    return out


def in_sight(map_view: MapView, node) -> bool:
    """Is the node's label inside the map's window?"""
    label = map_view.canvas.labels[node]
    region = map_view.scrollable_content_region
    x, y = label.x0 - int(map_view.scroll_x), label.y - int(map_view.scroll_y)
    return 0 <= x < region.width and 0 <= y < region.height


async def test_the_computers_police_turn_is_shown_move_by_move(tmp_path, monkeypatch):
    """Each policeman's move is played on its own, the map redrawn with him
    on his new crossing and the list under the map one line longer, before
    the next; Space plays the rest without pauses; the list stays until
    Jack acts, and the pauses come back then."""
    monkeypatch.setattr(computer_turns, "new_seed", lambda: 3)
    screen = solo(5, JACK, tmp_path)
    screen.turns.computer.pace = 600  # the test ends each pause itself
    screen.turns.thinker = InProcess(
        "lfw", screen.turns.computers, 3, players.table_of("lfw", screen.source.game)
    )
    timers = HeldPauses(screen)
    app = WhitechapelApp(start=screen)
    game = screen.source.game
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        person = Person(app, pilot, screen, 5)
        while game.phase != "hunt":
            if game.to_act == JACK:
                await person.play(person.choose())
                continue
            await until(lambda: timers.held, what="the computer's answer", pilot=pilot)
            assert "is thinking… (Space: no pauses)" in widget_text(app)
            await timers.release(pilot)
        # T2: each move of the police on its own.
        for k in range(1, 3):
            before = len(game.history)
            await until(lambda: timers.held, what="a policeman's move", pilot=pilot)
            assert len(game.history) == before  # held: nothing played during the pause
            await timers.release(pilot)
            assert len(game.history) == before + 1
            colour, crossing = str(game.history[-1]).split()
            if crossing != "stay":
                assert screen.query_one(MapView).marks.get(crossing) == f"police-{colour}"
            assert played_panel(app).count("Moved:") == 1
            assert played_panel(app).split("Moved:")[1].count("·") == k - 1
        # Space: the rest at once, to Jack's next turn.
        await until(lambda: timers.held, what="the next move", pilot=pilot)
        await settle.press(pilot, "space")
        await computer_done(pilot, screen)
        assert game.to_act == JACK and not timers.held
        listed = played_panel(app)
        assert listed.startswith("The police since your move:") and "Moved:" in listed
        assert in_sight(screen.query_one(MapView), game.view(JACK).jack.position)
        assert check_listed(app, screen.turns.computer_moves) >= 5
        await person.play(person.choose())  # Jack moves: the list goes, the pauses come back
        if game.outcome is None and game.to_act == POLICE:
            await until(lambda: timers.held, what="the pause", pilot=pilot)
            assert "Moved:" not in played_panel(app)


async def test_the_screen_takes_keys_while_the_computer_thinks(tmp_path):
    gate = threading.Event()
    screen = solo(3, POLICE, tmp_path)
    screen.turns.thinker = InProcess(
        "lfw", screen.turns.computers, 1, players.table_of("lfw", screen.source.game)
    )
    player = screen.turns.thinker.players[JACK]
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
        assert screen.turns.thinking == JACK and not screen.can_act()
        assert "computer (Jack) is thinking…" in widget_text(app)
        await settle.press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await settle.press(pilot, "escape")
        assert app.screen is screen
        await settle.press(pilot, "f5")  # the log in the notebook's place
        assert screen.has_class("log-only")
        await settle.press(pilot, "1", "enter", "tab")  # no choice while the computer thinks
        assert screen.source.game.history == []
        gate.set()
        await computer_done(pilot, screen)
        assert screen.source.game.to_act == POLICE and screen.can_act()
        assert "Jack since your move:" in played_panel(app)
        gate.clear()  # the next question waits; ctrl+q does not
        await settle.press(pilot, "ctrl+q", "ctrl+q")  # asked once, then quits
    gate.set()  # the question left waiting ends


QUIT_MID_THOUGHT = """
import asyncio, time
from whitechapel.app import WhitechapelApp
from whitechapel.core.thinking import OtherProcess
from whitechapel.lfw.ui.setup import lfw_screen


class Forever(OtherProcess):
    def ask(self, side, view):  # the worker process thinks for an hour
        return self.workers.call(self.key, time.sleep, 3600)


async def main():
    screen = lfw_screen(5, None, "tutorial", {"police": "Ann", "jack": "computer:LEVEL"})
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


def test_quitting_while_the_computers_process_thinks_ends_both(tmp_path):
    env = dict(
        os.environ,
        WHITECHAPEL_DATA_DIR=str(tmp_path),
        PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    code = QUIT_MID_THOUGHT.replace("LEVEL", LEVEL)
    done = subprocess.run(
        [sys.executable, "-c", code],
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


# -- the command line, the setup screen, Continue -------------------------------------


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (
            ["lfw", "--police", "computer:grandmaster", "--no-setup"],
            f"there is no 'grandmaster' computer player (levels: {', '.join(LEVELS)})",
        ),
        (["lfw", "--jack", "computer:grandmaster"], "no 'grandmaster' computer player"),
        (
            ["lfw", "--jack", "computer", "--police", COMPUTER, "--no-setup"],
            "the computer can play one side only; 'whitechapel lfw arena' plays it against itself",
        ),
    ],
)
def test_the_computer_on_the_command_line_is_checked_in_one_line(capsys, argv, problem):
    try:
        code = main(argv)
    except SystemExit as done:  # refused while the command line is read
        code = int(done.code or 0)
    assert code == 2  # usage errors (issue 50)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0]


def test_the_computer_is_named_as_the_record_names_it():
    bare = players_for({"police": "Computer", "jack": "Ann"})
    assert bare == {"police": players.computer_name(players.default_level("lfw")), "jack": "Ann"}
    assert players.default_level("lfw") in LEVELS
    assert players_for({"jack": f"computer:{LEVEL.upper()}"}) == {"jack": COMPUTER}
    # A level LfW does not have is a player's name in a record, not a computer.
    assert players.computer_seats("lfw", {"jack": "computer:grandmaster"}) == {}


@pytest.mark.parametrize("side", [JACK, POLICE])
async def test_the_setup_screen_gives_a_side_to_the_computer(tmp_path, unpaced, side):
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        setup = app.screen
        assert "Two people at this keyboard" in screen_text(app)
        choices = [value for _, value in opponents()]
        assert choices[0] == "people" and {
            f"{s}:{lv}" for s in (JACK, POLICE) for lv in LEVELS
        } == set(choices[1:])
        assert setup.focused is setup.query_one("#opponent")  # "Play" comes first
        # The arrows choose within the row, each choice in words.
        await settle.press(pilot, *["right"] * choices.index(f"{side}:{LEVEL}"))
        assert (
            f"The computer plays {'Jack' if side == JACK else 'the police'} ({LEVEL})"
            in screen_text(app)
        )
        await pilot.click("#start")
        await settle.settle(pilot)
        screen = app.screen
        assert isinstance(screen, LfwScreen)
        assert screen.source.record.players == {side: COMPUTER}
        assert screen.turns.human == OTHER[side] and not screen.curtain_up
        await computer_done(pilot, screen)
        assert screen.source.game.to_act == OTHER[side] and screen.can_act()
    # The command line's computer comes up chosen, its name field left empty.
    app = WhitechapelApp(start=LfwSetup(seed=9, players={side: COMPUTER, OTHER[side]: "Ann"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        setup = app.screen
        assert setup.query_one("#opponent").value == f"{side}:{LEVEL}"
        assert setup.query_one(f"#{'jack' if side == JACK else 'police'}-name").value == ""


async def test_continue_plays_the_computer_again(tmp_path, unpaced):
    from whitechapel.app import open_record

    screen = solo(7, JACK, tmp_path)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        person = Person(app, pilot, screen, 7)
        while len(person.actions) < 3:  # the hideout, the women, into the night
            await computer_done(pilot, screen)
            await person.play(person.choose())
        await computer_done(pilot, screen)
        await until(lambda: not screen._unsaved, what="the autosave", pilot=pilot)
        history = [str(a) for a in screen.source.game.history]
    saved = Store(tmp_path).list()
    assert len(saved) == 1 and saved[0].record.players == {"jack": "Ann", "police": COMPUTER}
    app = WhitechapelApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        open_record(app, saved[0].path)
        await settle.settle(pilot)
        again = app.screen
        assert isinstance(again, LfwScreen)
        assert [str(a) for a in again.source.game.history] == history
        assert again.turns.human == JACK and again.source.computers == {POLICE: LEVEL}
        assert not again.curtain_up and again.can_act()
        assert played_panel(app) == ""  # nothing from before Continue is listed


def test_the_computers_actions_in_a_few_lines():
    entries = [
        LogEntry("move", 1, how="coach", space="3"),
        *(
            LogEntry("police_move", 1, colour=c, crossing=x)
            for c, x in (("blue", "x12"), ("yellow", None))
        ),
        LogEntry("search", 1, colour="blue", circle=65, clue=False),
        LogEntry("search", 1, colour="blue", circle=66, clue=True),
        LogEntry("search", 1, colour="yellow", circle=40, clue=False),
    ]
    lines = [Text.from_markup(line).plain for line in computer.played_lines(entries)]
    assert len(lines) == 4
    assert lines[0] == "Jack takes a coach: spaces 3 and 4"
    assert lines[1] == "Moved: B x12 · Y stays"
    assert "Blue searched 65, 66: " in lines[2] and "a clue on 66!" in lines[2]
    assert "Yellow searched 40: no clue" in lines[3]
    assert computer.touched("blue x12") == "x12" and computer.touched("red search 65") == "65"
    assert computer.touched("green stay") is None and computer.touched("step 66") is None


# -- a network room ---------------------------------------------------------------------


@pytest.fixture
async def server(tmp_path):
    srv = GameServer(tmp_path, limits=FAST, client_seeds=True)
    await srv.start()
    yield srv
    await srv.close()


@pytest.mark.parametrize(("seat", "seats"), [("jack", 2), ("police", 1)])
async def test_a_room_against_the_computer_plays_to_the_end(server, seat, seats):
    """The server's computer takes every free seat (both police seats, or
    Jack) and plays each from that seat's view alone; the person's states
    never hold Jack's secrets when she plays the police; the record names
    the computer `computer:LEVEL`."""
    asked: list[tuple[str, LfwView]] = []
    submit = server.computers.thinkers.submit

    def spy(key, game, level, side, seed, view, table=None):
        asked.append((side, view))
        return submit(key, game, level, side, seed, view, table)

    server.computers.thinkers.submit = spy  # type: ignore[method-assign]
    person = await connect(server, "Ann")
    created = await person.create("lfw", seat=seat, computer=LEVEL, seats=seats, seed=11)
    room, mine = created["room"], created["seat"]
    held = server.rooms[room].computers
    assert held == ({"police1": LEVEL, "police2": LEVEL} if seat == JACK else {JACK: LEVEL})
    state = await person.state(room)
    rng = random.Random(2)
    acted = 0
    while "result" not in state:
        if state["to_act"] == mine:
            legal = legal_texts(RULES.view_from_json(state["view"]))
            await person.send(
                {"type": "act", "room": room, "action": legal[rng.randrange(len(legal))]}
            )
            acted += 1
        state = await person.state(room, timeout=60)
        if seat == POLICE and "result" not in state:
            assert "jack" not in state["view"]  # the computer's secrets stay with the server
    assert state["result"]["winner"] in (JACK, POLICE) and acted >= 3
    await server.flush()
    record = json.loads((server.store.records / f"{room}.json").read_text())
    assert record["players"] == {seat: "Ann", OTHER[seat]: COMPUTER}
    other = OTHER[seat]
    assert len(asked) >= 3 and all(side == other for side, _ in asked)
    for _, view in asked:
        assert view.side == other and (view.jack is not None) == (other == JACK)


def test_the_computer_at_a_police_seat_is_offered_that_seats_actions_only():
    """O6: naming the hideout is the Chief's seat's decision; the computer
    at another police seat is not offered it (it would be refused)."""
    from whitechapel.net.rooms import Room

    rng = random.Random(1)
    for seed in range(20):
        room = Room.new("lfw", "R1", options={"know_where_you_live": True}, seats=2, seed=seed)
        while not room.over:
            seat = room.to_act()
            assert seat is not None
            legal = room.view_for(seat).get("legal", [])
            offered = legal_texts(room.view_to_play(seat))
            if any(t.startswith("know") for t in legal):
                if seat == room.seating.seat_of_colour(room.game.chief):
                    assert list(offered) == legal
                else:
                    assert list(offered) == [t for t in legal if not t.startswith("know")]
                    assert offered
                    return
            # Every action offered is one the room takes; the hideout is not named
            # here (it would end the game), so that the other policemen act too.
            quiet = [t for t in offered if not t.startswith("know")] if legal else offered
            room.act(seat, quiet[rng.randrange(len(quiet))])
    pytest.fail("no game reached a policeman's turn where another seat holds the Chief")


async def test_the_lobby_opens_a_room_against_the_computer(server):
    from whitechapel.ui.lobby import ComputerChoice, Link, LobbyScreen
    from whitechapel.ui.source import RemoteSource

    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        assert "a LfW against the computer" in " ".join(screen_text(app).split())
        await settle.press(pilot, "a")
        assert isinstance(app.screen, ComputerChoice)
        options = app.screen.query_one("#computer-options")
        wanted = next(
            i
            for i in range(options.option_count)
            if options.get_option_at_index(i).id == f"police:{LEVEL}"
        )
        while options.highlighted != wanted:
            await settle.press(pilot, "down")
        assert str(options.get_option_at_index(wanted).prompt) == (
            f"You play police; the computer plays jack ({LEVEL})"
        )
        await settle.press(pilot, "enter")
        await until(lambda: isinstance(app.screen, LfwScreen), what="the room", pilot=pilot)
        screen = app.screen
        assert isinstance(screen.source, RemoteSource) and screen.source.seat == "police1"
        room = next(iter(server.rooms.values()))
        # The default seat count (2): the computer holds Jack and the other police seat.
        assert room.computers == {JACK: LEVEL, "police2": LEVEL}
        # The computer's Jack (and its police seat) play until the person's turn.
        await until(lambda: screen.can_act(), what="the person's turn", pilot=pilot)
        assert room.game.history and room.game.to_act == POLICE
        assert "Jack only" not in screen_seen(app) and "hideout:" not in screen_seen(app)
