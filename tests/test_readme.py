"""The README tells the truth (issue 27): every command of its table runs.

The table is read from README.md and each command is made concrete the way
a reader would type it: every optional part `[...]` included (its first
alternative where it offers several), placeholders filled in (FILE, RECORD,
N, P, NAME, HOST:PORT; the FILE an arena writes is a file of its own), counts made small (`--games 2`), the server's ports
left to the system (0) so that no other server on this machine is in the
way.  The commands that open the app run it headless until its first screen
is up; `serve` runs in its own process and `join` goes to its lobby.  Each
must exit 0 without a traceback.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import whitechapel.app
from polling import until
from snapshots import screen_text
from whitechapel.cli import main
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.selfplay import play_randomly

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
LFW_RECORD = Path(__file__).parent / "data" / "lfw_records_ed1" / "midgame.json"
MAP_FILE = ROOT / "assets" / "maps" / "tutorial.json"
PASSWORD = "readme-221b"
SMALL = {"--games": "2"}
# Arenas of the hard level: each decision's budget cut, so that two games stay cheap.
ARENA_BUDGET = ["--budget", "0.02"]
# Optional parts left out: bench's --strict would make a figure below its
# target (a slow or loaded machine) fail the test, which checks that the
# command runs; speed is `whitechapel bench`'s to judge, not a test's.
LEFT_OUT = {"--strict"}


def table_commands() -> list[str]:
    """The first cell of every row of the table of commands, as written."""
    rows = re.findall(r"^\| `(whitechapel[^`]*)` \|", README, flags=re.M)
    return [row.replace("\\|", "|") for row in rows]


def concrete(command: str, files: dict[str, Path], address: str = "") -> list[str]:
    """The argument list a reader would type for `command` (without the
    leading `whitechapel`)."""

    # Each optional part included (but those `LEFT_OUT`), its first alternative
    # where it offers several.
    def optional(m: re.Match) -> str:
        part = m.group(1).split("|")[0].strip()
        return "" if part in LEFT_OUT else part

    text = re.sub(r"\[([^\]]*)\]", optional, command)
    words = text.split()[1:]
    out: list[str] = []
    for i, word in enumerate(words):
        before = words[i - 1] if i else ""
        if before in SMALL:
            word = SMALL[before]
        elif before in ("--port", "--ssh", "--game-port"):
            word = "0"  # the system's choice: nothing else here is disturbed
        elif word == "FILE" and before == "--games-out":
            word = str(files["games"])  # written: a file of its own, never a record the tests read
        elif word == "FILE":
            word = str(files["map" if words[0] == "map" else words[0]])
        elif word == "RECORD":
            word = str(files["lfw"])
        elif word == "N":
            word = {"--at": "5", "--puzzle": "1"}[before]
        elif word == "P":
            word = PASSWORD
        elif word == "HOST:PORT":
            word = address
        elif word == "NAME" and words[0] == "bench":
            word = "lfw.map.load"  # a benchmark of a second (CPU-timed, far under its target)
        out.append(word)
    if "arena" in out:
        out += ARENA_BUDGET
    unfilled = [w for w in out if re.fullmatch(r"[A-Z][A-Z:]*", w) and w not in ("O1", "O3")]
    assert not unfilled, f"{command}: placeholders the test does not know: {unfilled}"
    return out


@pytest.fixture
def files(tmp_path) -> dict[str, Path]:
    pocket = tmp_path / "pocket.json"
    game = play_randomly(PocketGame.new(3), Chance(3), limit=6)
    pocket.write_text(record_of(game, seed=3, players={"jack": "Ann"}).dumps(), encoding="utf-8")
    games = tmp_path / "games.jsonl"
    return {"pocket": pocket, "replay": pocket, "lfw": LFW_RECORD, "map": MAP_FILE, "games": games}


@pytest.fixture
def apps(monkeypatch) -> list[str]:
    """Run each app the command line starts headless, until its first screen
    is up (the lobby: until it is connected); the screens' text, in order."""
    shown: list[str] = []

    async def look(pilot) -> None:
        app = pilot.app
        await until(
            lambda: app.screen.is_mounted and screen_text(app).strip(),
            what="a first screen",
            pilot=pilot,
        )
        if type(app.screen).__name__ == "LobbyScreen":
            await until(
                lambda: "Connected" in screen_text(app), what="the lobby connected", pilot=pilot
            )
        shown.append(screen_text(app))
        app.exit()

    def run(self) -> None:
        whitechapel.app.App.run(self, headless=True, size=(100, 30), auto_pilot=look)

    monkeypatch.setattr(whitechapel.app.WhitechapelApp, "run", run)
    return shown


def test_the_table_lists_the_commands_the_issue_names():
    commands = table_commands()
    assert len(commands) >= 20
    for needed in ("pocket arena", "pocket --puzzle N", "config", "bench", "serve", "join"):
        assert any(needed in c for c in commands), needed


OTHERS = [
    c
    for c in table_commands()
    if not c.startswith(("whitechapel serve", "whitechapel join", "whitechapel web"))
]


@pytest.mark.parametrize("command", OTHERS)
def test_a_command_of_the_readme_runs(command, files, apps, capsys):
    argv = concrete(command, files)
    record = LFW_RECORD.read_bytes()
    assert main(argv) == 0, capsys.readouterr().err
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert out.strip() or apps, f"{command}: nothing shown"
    assert LFW_RECORD.read_bytes() == record, f"{command}: wrote over the tests' record"
    if "--games-out" in argv:  # an arena's games, a JSON line each
        assert len(files["games"].read_text(encoding="utf-8").splitlines()) == 2


def test_serve_and_join_of_the_readme(files, apps, tmp_path, capsys):
    (serve,) = [c for c in table_commands() if c.startswith("whitechapel serve")]
    (join,) = [c for c in table_commands() if c.startswith("whitechapel join")]
    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path / "server")}
    server = subprocess.Popen(
        [sys.executable, "-m", "whitechapel", *concrete(serve, files)],
        env=env,
        text=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        said = []
        while not any("SSH on" in line for line in said):
            line = server.stdout.readline()  # type: ignore[union-attr]
            assert line, server.stderr.read()  # type: ignore[union-attr]
            said.append(line)
        port = re.search(r"game server on 127\.0\.0\.1:(\d+)", "".join(said)).group(1)
        assert main(concrete(join, files, address=f"127.0.0.1:{port}")) == 0
        assert "Connected" in apps[-1]
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0, err
    assert "stopped cleanly" in out and "Traceback" not in err


def test_web_of_the_readme(files, tmp_path):
    """The web command as the README writes it: its login page served, a
    clean stop (the browser's side: test_web_browser.py)."""
    import urllib.request

    (command,) = [c for c in table_commands() if c.startswith("whitechapel web")]
    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path / "server")}
    server = subprocess.Popen(
        [sys.executable, "-m", "whitechapel", *concrete(command, files)],
        env=env,
        text=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        said = []
        while not any("players open" in line for line in said):
            line = server.stdout.readline()  # type: ignore[union-attr]
            assert line, server.stderr.read()  # type: ignore[union-attr]
            said.append(line)
        url = re.search(r"players open (http://\S+)", said[-1]).group(1)
        with urllib.request.urlopen(url, timeout=60) as page:  # a safety net
            assert 'name="password"' in page.read().decode()
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0, err
    assert "stopped cleanly" in out and "Traceback" not in err
