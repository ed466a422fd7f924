"""The terminal the program finds (issue 50): `TERM=dumb` or a stream that
is not a terminal gets the plain prompt (or one sentence saying how), never
the full-screen app in 24-bit colour; `--plain` writes no escape codes into
a pipe.  Each runs the program itself, as a subprocess, with one line of
input (an Enter, then the end of input: the game is left, saved)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from whitechapel.terminal import plain_write


def whitechapel(tmp_path, *argv: str, term: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "TERM": term,
        "WHITECHAPEL_DATA_DIR": str(tmp_path / "data"),
        "WHITECHAPEL_CONFIG_DIR": str(tmp_path / "config"),
    }
    return subprocess.run(
        [sys.executable, "-m", "whitechapel", *argv],
        input="\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("argv", "prompt"),
    [
        (["pocket", "--seed", "3"], "Pass the keyboard to"),
        (["lfw", "--map", "tutorial", "--seed", "3"], "Jack>"),
    ],
)
def test_term_dumb_starts_the_plain_prompt(tmp_path, argv, prompt):
    done = whitechapel(tmp_path, *argv, term="dumb")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        "whitechapel: this terminal (TERM=dumb) cannot show the full screen: playing at the "
        "plain prompt (--plain)"
    )
    assert prompt in done.stdout and "Game left unfinished; it is saved in" in done.stdout
    assert "\x1b" not in done.stdout + done.stderr


@pytest.mark.parametrize("game", [["pocket"], ["lfw", "--map", "tutorial"]])
def test_plain_into_a_pipe_writes_no_escape_codes(tmp_path, game):
    done = whitechapel(tmp_path, *game, "--plain", "--seed", "3", term="xterm-256color")
    assert done.returncode == 0, done.stderr
    assert "Game left unfinished" in done.stdout
    assert "\x1b" not in done.stdout
    assert "-" * 40 in done.stdout  # each clear screen is a rule instead


@pytest.mark.parametrize(
    "argv",
    [[], ["lfw", "--police", "computer:easy"], ["pocket", "puzzles"], ["lfw", "learn"]],
    ids=["menu", "computer", "puzzles", "learn"],
)
def test_a_full_screen_only_command_in_a_pipe_is_one_sentence(tmp_path, argv):
    done = whitechapel(tmp_path, *argv, term="xterm-256color")
    assert done.returncode == 1
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("whitechapel: the full screen needs a terminal")
    assert "'whitechapel pocket --plain'" in line and "'whitechapel lfw --plain'" in line


def test_commands_that_show_no_screen_run_in_a_pipe(tmp_path):
    done = whitechapel(tmp_path, "map", "check", "tutorial", "--json", term="dumb")
    assert done.returncode == 0 and '"circles"' in done.stdout


def test_the_plain_writer_turns_a_clear_screen_into_a_rule(capsys, monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    plain_write()("\x1b[H\x1b[2J\x1b[3JRound 1\x1b[1m!\x1b[0m")
    assert capsys.readouterr().out == f"{'-' * 40}\nRound 1!\n"
