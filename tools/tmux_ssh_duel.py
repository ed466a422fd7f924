"""Play a whole Mr. Jack Pocket duel over SSH, two real terminals (tmux),
key by key, and check that neither player's screen shows the other's
secrets.

    python3 tools/tmux_ssh_duel.py --sizes 80x24 200x60

A game server with its SSH gateway runs on loopback in a throw-away data
folder (`--open`: any key gets in); OpenSSH clients log in as ann and bob,
each in its own tmux session of the size given.  Ann opens a duel from the
lobby, Bob joins it by its code.  Then, until the game ends: the room is
read from the server's data folder (this harness may know everything), one
of the legal actions is chosen at random, and the keys a player would press
are sent to the terminal of the side to act.  After each action the
investigator's screen must not show Jack's identity or his alibi cards.
For developers: how a change to the server, the gateway or the network
screens is played by hand before a stop.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from tmuxkeys import capture, press, tmux

SSH_PORT, GAME_PORT = 12222, 17888


def send(name: str, *keys: str, gap: float = 0.08) -> None:
    for key in keys:
        press(name, key)
        time.sleep(gap)


def wait_for(name: str, words: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = capture(name)
        if words in screen:
            return screen
        time.sleep(0.1)
    raise SystemExit(f"{words!r} never showed on {name}'s screen:\n{capture(name)}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", nargs=2, default=["80x24", "200x60"], help="Ann's and Bob's")
    parser.add_argument(
        "--seed", type=int, default=1, help="the harness's choices (the server draws the game)"
    )
    args = parser.parse_args()
    from whitechapel.net.roomstore import RoomStore
    from whitechapel.pocket.ui.bench import keys_for

    rng = random.Random(args.seed)
    data = Path(tempfile.mkdtemp(prefix="wcssh-"))
    for name in ("ann", "bob"):  # each player her own key: her own identity
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(data / name)], check=True
        )
    for name in ("srv", "ann", "bob"):
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
    tmux(
        "new-session",
        "-d",
        "-s",
        "srv",
        "-x",
        "120",
        "-y",
        "20",
        f"env WHITECHAPEL_DATA_DIR={data} whitechapel serve --port {GAME_PORT} "
        f"--ssh {SSH_PORT} --open; sleep 600",
    )
    wait_for("srv", "players run:", timeout=60)
    time.sleep(1)
    ssh = (
        f"ssh -tt -p {SSH_PORT} -o StrictHostKeyChecking=no "
        "-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
    )
    for name, size in zip(("ann", "bob"), args.sizes, strict=True):
        width, height = size.split("x")
        tmux(
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            width,
            "-y",
            height,
            f"{ssh} -i {data / name} {name}@127.0.0.1; sleep 600",
        )
        wait_for(name, "Connected.", timeout=30)
    send("ann", "n")
    wait_for("ann", "Action tokens")
    store = RoomStore(data)
    code = next(iter(store.load_all()))
    wait_for("bob", code)
    send("bob", "j", *code, "enter")
    wait_for("bob", "Action tokens")
    actions, checked, outcome = 0, 0, None

    def played() -> int:  # actions in the room, or -1 once it has become a record
        room = store.load_all().get(code)
        return -1 if room is None else len(room.game.history)

    while True:
        room = store.load_all().get(code)
        if room is None:  # finished: the room became a record and left the table
            outcome = json.loads(store.record_text(code) or "{}").get("outcome")
            break
        game = room.game
        seat_of = {side: name for side, name in room.names.items()}
        investigator = seat_of["investigator"]
        screen = capture(investigator)
        for word in ("You are", "Your alibi cards", "Jack only"):
            assert word not in screen, f"{word!r} on the investigator's screen:\n{screen}"
        checked += 1
        side = game.to_act
        action = rng.choice(game.legal_actions())
        before = len(game.history)
        send(seat_of[side], *keys_for(game, action))
        deadline = time.monotonic() + 10
        while played() == before:
            if time.monotonic() > deadline:
                print(
                    f"{action} was not played; {seat_of[side]}'s screen:\n{capture(seat_of[side])}"
                )
                return 1
            time.sleep(0.05)
        actions += 1
        time.sleep(0.3)
    time.sleep(1)
    for name in ("ann", "bob"):
        print(f"--- {name}'s screen at the end ---\n{capture(name)}")
    print(
        f"SSH duel: {actions} actions, outcome {outcome}, {checked} investigator screens "
        "checked for secrets"
    )
    for name in ("ann", "bob", "srv"):
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
