"""Every file the app reads is read through `core/files.py`'s bounded reader:
a device, a FIFO, a folder or a huge file is one sentence, with no hang and
no memory growth (`/dev/zero` once grew the app past 1.2 GB)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import LoadScreen, WhitechapelApp
from whitechapel.cli import main
from whitechapel.core.errors import MapError, RecordError
from whitechapel.core.files import MAX_PLAYER_FILE, read_player_file
from whitechapel.core.store import load_game
from whitechapel.lfw.map.maps import load_board

SRC = str(Path(__file__).resolve().parents[1] / "src")


def test_devices_fifos_folders_and_huge_files_are_one_sentence(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_PLAYER_FILE + 1)  # sparse: nothing written
    cases = {
        "/dev/zero": "is not a regular file",
        str(fifo): "is not a regular file",  # no writer: must not hang either
        str(tmp_path): "is a folder",
        str(big): "is too large",
        str(tmp_path / "none.json"): "no such file",
    }
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for path, words in cases.items():
        with pytest.raises(RecordError, match=words):
            load_game(path)
        with pytest.raises(MapError, match=words):
            load_board(path)
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kib < 64 * 1024  # the 4 MiB file is refused, not held many times over
    exact = tmp_path / "exact.bin"
    exact.write_bytes(b"x" * 1000)
    assert read_player_file(exact, RecordError, "record", limit=1000) == b"x" * 1000
    with pytest.raises(RecordError, match="too large"):
        read_player_file(exact, RecordError, "record", limit=999)


def test_replay_of_dev_zero_is_one_line(capsys):
    assert main(["replay", "/dev/zero"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "whitechapel: /dev/zero: is not a regular file, not a game record"


def test_replay_of_dev_zero_as_a_process_stays_small():
    done = subprocess.run(
        [sys.executable, "-m", "whitechapel", "replay", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "not a regular file" in done.stderr


async def test_the_load_screen_refuses_dev_zero_in_one_sentence(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("WHITECHAPEL_SSH", raising=False)
    app = WhitechapelApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        app.push_screen(LoadScreen())
        await settle.settle(pilot)
        load = app.screen
        load.query_one("#path").value = "/dev/zero"
        await settle.press(pilot, "enter")
        await until(
            lambda: "not a regular file" in " ".join(screen_text(app).split()),
            what="the refusal",
            pilot=pilot,
        )
        assert app.screen is load


def test_a_server_cannot_name_a_path_for_a_rooms_board():
    from whitechapel.ui.games import screens_for

    first = {
        "type": "state",
        "room": "K7QX",
        "seat": None,
        "to_act": None,
        "view": {"game": "lfw", "board": "/dev/zero"},
    }
    with pytest.raises(MapError, match="not one shipped"):
        screens_for("lfw").remote_screen(None, "K7QX", None, first)
