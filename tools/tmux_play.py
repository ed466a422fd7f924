"""Play a whole hot-seat game in a real terminal (tmux), key by key, and
check after every action that no secret shows on the other side's screen.

    python3 tools/tmux_play.py pocket --seed 7 --size 80x24
    python3 tools/tmux_play.py lfw --seed 5 --size 200x60 --map tutorial --options all
    python3 tools/tmux_play.py lfw --seed 5 --solo police --level random

`--solo SIDE` plays SIDE alone against the computer (`computer:LEVEL` at
the other side): the computer's actions are read from the autosave into
the replica as they come, the screen is captured while the computer plays
(every capture of the police's screen checked for secrets too), and no
hand-over may come down.

A replica engine (same seed) chooses each action; the keys a player would
press are sent one at a time through `tmux send-keys`; the game's autosave
must then hold exactly the replica's actions.  Whenever the curtain is down
or the side without secrets holds the keyboard, the captured screen must
not show the other side's secrets.  Prints keys per action and the number
of screens checked; exits non-zero on the first problem.  For developers:
it is how a change is played by hand before a stop (DEVELOPERS.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

from whitechapel.pocket.pieces import CHARACTERS

sys.path.insert(0, str(Path(__file__).parent))

from tmuxkeys import capture as tmuxkeys_capture
from tmuxkeys import press, tmux

from whitechapel.ui.turns import HOLD

SESSION = "wcplay"
KEEP = False  # --keep: the session stays open at the end
KEY_GAP = 0.06  # seconds between keys (--key-gap)


def capture() -> str:
    return tmuxkeys_capture(SESSION)


def settle(previous: str | None = None, timeout: float = 5.0) -> str:
    """The screen once it has stopped changing (and differs from `previous`
    if given, unless the timeout passes)."""
    deadline = time.monotonic() + timeout
    last, stable = capture(), 0
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = capture()
        stable = stable + 1 if now == last else 0
        last = now
        if stable >= 3 and (previous is None or now != previous):
            return now
    return last


def wait_for(text: str, timeout: float = 10.0, gone: bool = False) -> None:
    """Until `text` is on the screen (a screen that must come up), or with
    `gone` no longer on it."""
    deadline = time.monotonic() + timeout
    while (text in capture()) == gone:
        assert time.monotonic() < deadline, f"{text!r} never came or went:\n{capture()}"
        time.sleep(0.05)


def send(key: str) -> None:
    press(SESSION, key)
    time.sleep(KEY_GAP)  # one key at a time, as a person types


def saved_actions(data: Path) -> list[str]:
    saves = sorted((data / "saves").glob("autosave-*.json"), key=lambda p: p.stat().st_mtime)
    if not saves:
        return []
    try:
        return json.loads(saves[-1].read_text())["actions"]
    except (ValueError, KeyError):
        return []


class Pocket:
    # Jack's own lines ("You are John Pizer."), not the opening sentence
    # every side gets ("You are the investigator against ...")
    secret_words = (
        "Jack only",
        *(f"You are {c.name}" for c in CHARACTERS),
        "Your alibi cards",
    )
    open_side = "investigator"

    def __init__(self, seed: int) -> None:
        from whitechapel.pocket.game import PocketGame

        self.game = PocketGame.new(seed)
        self.rng = random.Random(seed)

    def command(self, seed: int, args) -> str:
        names = players(args, {"jack": "Ann", "investigator": "Bob"})
        return f"whitechapel pocket --seed {seed} --jack {names['jack']} --investigator {names['investigator']}"

    def choose(self):
        legal = self.game.legal_actions()
        face = self.rng.choice(sorted({a.face for a in legal}))
        return self.rng.choice([a for a in legal if a.face == face])

    def keys(self, action) -> list[str]:
        from whitechapel.pocket.ui.bench import keys_for

        return keys_for(self.game, action)


class Lfw:
    secret_words = ("Jack only", "hideout:")
    open_side = "police"

    def __init__(self, seed: int, board: str | None, options: list[str]) -> None:
        from whitechapel.core.chance import Chance
        from whitechapel.lfw.game import LfwGame
        from whitechapel.lfw.map.maps import load_board
        from whitechapel.lfw.options import Options

        self.game = LfwGame.new(seed, Options.from_names(options), load_board(board))
        self.chance = Chance(seed)

    def command(self, seed: int, args) -> str:
        extra = f" --map {args.map}" if args.map else ""
        extra += f" --options {' '.join(args.options)}" if args.options else ""
        names = players(args, {"jack": "Ann", "police": "Bob"})
        return (
            f"whitechapel lfw --seed {seed}{extra} --jack {names['jack']} "
            f"--police {names['police']} --no-setup"
        )

    def choose(self):
        from whitechapel.lfw.selfplay import homeward_action

        g = self.game
        return (
            homeward_action(g.clone(), self.chance)
            if g.to_act == "jack"
            else g.random_action(self.chance)
        )

    def keys(self, action) -> list[str]:
        from whitechapel.lfw.ui.bench import keys_for

        return keys_for(self.game, str(action))


def players(args, names: dict[str, str]) -> dict[str, str]:
    """The players' names; with --solo, the other side is the computer's."""
    if args.solo:
        for side in names:
            if side != args.solo:
                names[side] = f"computer:{args.level}"
    return names


def catch_up(game, data: Path) -> int:
    """The autosave's actions the replica has not played yet, played; how many."""
    saved = saved_actions(data)
    done = [str(a) for a in game.history]
    assert saved[: len(done)] == done, f"the autosave left the replica: {saved} vs {done}"
    for text in saved[len(done) :]:
        game.play(text)  # the action and what follows it by itself
    return len(saved) - len(done)


def main() -> int:
    global KEY_GAP, KEEP, SESSION
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=("pocket", "lfw"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--map")
    parser.add_argument("--options", nargs="*", default=[])
    parser.add_argument("--max", type=int, default=3000, help="at most this many actions")
    parser.add_argument("--key-gap", type=float, default=KEY_GAP, help="seconds between keys")
    parser.add_argument("--session", default=SESSION, help="the tmux session's name")
    parser.add_argument("--solo", metavar="SIDE", help="play SIDE alone against the computer")
    parser.add_argument("--level", default="random", help="the computer's level (with --solo)")
    parser.add_argument(
        "--keep", action="store_true", help="leave the tmux session open at the end, to look on"
    )
    args = parser.parse_args()
    KEY_GAP = args.key_gap
    SESSION = args.session
    KEEP = args.keep
    width, height = args.size.split("x")
    data = Path(tempfile.mkdtemp(prefix="wcplay-"))
    play = Pocket(args.seed) if args.game == "pocket" else Lfw(args.seed, args.map, args.options)
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
    env = f"WHITECHAPEL_DATA_DIR={data}"
    if os.environ.get("PYTHONPATH"):  # the tmux server has its own environment: pass ours
        paths = [str(Path(p).resolve()) for p in os.environ["PYTHONPATH"].split(os.pathsep)]
        env += f" PYTHONPATH={os.pathsep.join(paths)}"
    tmux(
        "new-session",
        "-d",
        "-s",
        SESSION,
        "-x",
        width,
        "-y",
        height,
        f"env {env} {play.command(args.seed, args)}; sleep 600",
    )
    game, checked, keys_per, handovers, summaries = play.game, 0, [], 0, 0
    deadline = time.monotonic() + 15
    while not capture().strip() and time.monotonic() < deadline:  # the app is starting
        time.sleep(0.1)
    if args.solo:
        return solo(args, play, data)
    screen = settle(timeout=8)
    while game.outcome is None and len(game.history) < args.max:
        passed = passes_over(play, screen)  # a screen between turns: Enter goes on
        if passed is not None:
            summaries += passed == "summary"
            handovers += passed == "curtain"
            if passed == "curtain" or "The end of night" in screen:
                time.sleep(HOLD)  # a hand-over's curtain, or a night's summary, takes no key
                # before (ui/turns.py)
            send("enter")
            if passed == "summary":
                wait_for("The end of night", gone=True)
            screen = settle(screen)
            continue
        if game.to_act == play.open_side:
            checked += 1
            for word in play.secret_words:
                assert word not in screen, f"{word!r} on the {play.open_side}'s screen:\n{screen}"
        action = play.choose()
        keys = play.keys(action)
        n, night = len(game.history), getattr(game, "night", None)
        for key in keys:
            send(key)
        game.advance(action)  # the action and what follows it by itself
        keys_per.append(len(keys))
        deadline = time.monotonic() + 10
        while saved_actions(data)[: n + 1] != [str(a) for a in game.history]:
            if time.monotonic() > deadline:
                print(f"action {n + 1} ({action}) was not played; the screen:\n{capture()}")
                return 1
            time.sleep(0.05)
        if night and game.outcome is None and game.night != night:  # a night ended
            wait_for("The end of night")  # Jack's, at once: he acts next
        screen = settle()
    final = settle()
    print(final)
    print(
        f"{args.game} seed {args.seed} at {args.size}: {len(game.history)} actions, "
        f"outcome {game.outcome}, median {median(keys_per):.0f} keys per action "
        f"(max {max(keys_per)}), {handovers} hand-overs, {summaries} round / night summaries, "
        f"{checked} {play.open_side} screens "
        "checked for secrets"
    )
    if not KEEP:
        tmux("kill-session", "-t", SESSION)
    return 0


def passes_over(play, screen: str) -> str | None:
    """What screen between two turns is up, checked for secrets: a round's
    or a night's summary, Jack's drawn card, the hand-over curtain; None
    for a turn's screen."""
    if "Press Enter to go on" in screen and "End of round" in screen:  # a round's summary
        for word in play.secret_words:
            assert word not in screen, f"{word!r} on a round's summary:\n{screen}"
        return "summary"
    if "The end of night" in screen and "Press Enter to" in screen:  # a night's summary
        if "Your hideout is" not in screen and "game is over" not in screen:
            for word in play.secret_words:  # the police's
                assert word not in screen, f"{word!r} on a night's summary:\n{screen}"
        return "summary"
    if "Press Enter to hide it" in screen:  # Jack's drawn card, before the screen passes
        assert "(Jack)" in screen, f"a drawn card shown to another than Jack:\n{screen}"
        return "card"
    if "Press Enter to pass the keyboard on" in screen:  # the investigator's card, shown to both
        for word in play.secret_words:
            assert word not in screen, f"{word!r} beside the investigator's card:\n{screen}"
        return "card"
    if "Pass to" in screen or "look away" in screen:  # the curtain is down
        for word in play.secret_words:
            assert word not in screen, f"{word!r} on the curtain:\n{screen}"
        return "curtain"
    return None


def solo(args, play, data: Path) -> int:
    """One person at `args.solo` against the computer: the person's actions
    by keys, the computer's read from the autosave as they come."""
    game, person = play.game, args.solo
    checked, keys_per, summaries, computer, screens = 0, [], 0, 0, set()
    police = person == play.open_side
    while game.outcome is None and len(game.history) < args.max:
        screen = capture()
        assert "Pass to" not in screen and "look away" not in screen, f"a hand-over:\n{screen}"
        if police and "game over" not in screen:  # every capture, the computer's turns too
            checked += 1
            for word in play.secret_words:
                assert word not in screen, f"{word!r} on the {person}'s screen:\n{screen}"
        if "Press Enter to" in screen and (
            "End of round" in screen or "The end of night" in screen
        ):
            summaries += 1
            if "The end of night" in screen:
                time.sleep(HOLD)  # a night's summary takes no key before (ui/turns.py)
            send("enter")
            settle(screen)
            continue
        if game.to_act != person:  # the computer's turn: watch it play
            if "since your move" in screen or "played" in screen:
                screens.add(screen)
            computer += catch_up(game, data)
            time.sleep(0.05)
            continue
        settle()
        if catch_up(game, data) or game.to_act != person:
            continue
        action = play.choose()
        keys = play.keys(action)
        n = len(game.history)
        for key in keys:
            send(key)
        keys_per.append(len(keys))
        deadline = time.monotonic() + 10
        while len(saved_actions(data)) <= n:
            if time.monotonic() > deadline:
                print(f"action {n + 1} ({action}) was not played; the screen:\n{capture()}")
                return 1
            time.sleep(0.05)
        catch_up(game, data)
        assert str(game.history[n]) == str(action), (game.history[n], action)
    time.sleep(1)
    final = settle()
    print(final)
    print(
        f"{args.game} seed {args.seed} at {args.size}, {person} against the {args.level} "
        f"computer: {len(game.history)} actions ({computer} the computer's), outcome "
        f"{game.outcome}, median {median(keys_per or [0]):.0f} keys per action, "
        f"{summaries} round summaries, {len(screens)} distinct screens while the computer "
        f"played, {checked} {play.open_side} screens checked for secrets"
    )
    if not KEEP:
        tmux("kill-session", "-t", SESSION)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("WHITECHAPEL_DATA_DIR", tempfile.mkdtemp(prefix="wcplay-"))
    sys.exit(main())
