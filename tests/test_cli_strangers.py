"""Issue 50, what strangers still trip on at the command line:

- every usage error -- a bad value typed (an unknown computer level,
  optional rule, board name, puzzle, limit) or options that do not go
  together -- exits 2 with one sentence naming the command's `--help`,
  before anything starts; a real failure (a file that cannot be read) stays
  at exit 1;
- every help page ends with examples, each a command line the real parser
  takes; the cheap and safe ones run;
- every file error names its path ("could not write /x/y.json: No space
  left on device"), the disk's own message naming none.
"""

from __future__ import annotations

import argparse
import errno
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from lfw_random import play_some
from whitechapel.cli import build_parser, main
from whitechapel.core.chance import Chance
from whitechapel.core.files import WriteFailed
from whitechapel.core.record import record_of
from whitechapel.core.store import Store, atomic_write_text
from whitechapel.lfw.map.shipped import maps_dir
from whitechapel.lfw.options import Options
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.selfplay import play_randomly

# -- fixtures: records of each game, nothing that starts --------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> dict[str, str]:
    """An LfW record of some 60 actions and a Pocket record, saved as files."""
    store = Store(tmp_path_factory.mktemp("records"))
    lfw = play_some(7, "tutorial", Options(), 60)
    pocket = play_randomly(PocketGame.new(3), Chance(3), limit=5)
    return {
        "lfw": str(store.save(record_of(lfw, seed=7), "lfw")),
        "pocket": str(store.save(record_of(pocket, seed=3), "pocket")),
        "lfw actions": str(len(lfw.history)),
    }


@pytest.fixture
def nothing_starts(monkeypatch):
    """No screen, server or game runs: what reaches one says so (exit 99),
    so a check that let a bad line through fails here instead of hanging."""
    from whitechapel.app import WhitechapelApp

    monkeypatch.setattr(WhitechapelApp, "play", lambda self: 99)
    monkeypatch.setattr("whitechapel.gateway.serve.run_serve", lambda **_: 99)
    monkeypatch.setattr("whitechapel.lfw.ui.console.LfwConsole.run", lambda self: 99)
    monkeypatch.setattr("whitechapel.pocket.ui.console.ConsoleGame.run", lambda self: 99)


def run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as done:  # argparse's own usage errors
        return int(done.code or 0)


# -- 1. every usage error exits 2 ---------------------------------------------------


BAD_VALUES = [
    (["lfw", "--jack", "computer:godlike"], "there is no 'godlike' computer player"),
    (["lfw", "--police", "computer:godlike"], "there is no 'godlike' computer player"),
    (["lfw", "--options", "O9"], "unknown option 'O9'"),
    (["lfw", "--options", "O1", "O3", "chaos"], "unknown option 'chaos'"),
    (["lfw", "--map", "nowhere"], "nowhere: no board of that name and no such file"),
    (["lfw", "--map", "1888@9"], "has no edition '9'"),
    (["lfw", "selfplay", "--options", "O9"], "unknown option 'O9'"),
    (["lfw", "selfplay", "--map", "nowhere"], "no board of that name"),
    (["lfw", "arena", "--police", "godlike"], "there is no 'godlike' computer player"),
    (["lfw", "arena", "--options", "O9"], "unknown option 'O9'"),
    (["lfw", "arena", "--map", "nowhere"], "no board of that name"),
    (["lfw", "arena", "--budget", "-1"], "'-1' is not a number of seconds from 0 up"),
    (["lfw", "arena", "--budget", "nan"], "is not a number of seconds from 0 up"),
    (["lfw", "learn", "--puzzle", "99"], "there is no puzzle 99"),
    (["map", "check", "nowhere"], "no board of that name"),
    (["map", "show", "nowhere"], "no board of that name"),
    (["pocket", "--jack", "computer:godlike"], "there is no 'godlike' computer player"),
    (["pocket", "--investigator", "computer:9"], "there is no '9' computer player"),
    (["pocket", "--puzzle", "99"], "choose one from 1 to"),
    (["pocket", "arena", "--jack", "godlike"], "there is no 'godlike' computer player"),
    (["pocket", "arena", "--budget", "soon"], "'soon' is not a number of seconds"),
    (["serve", "--limit", "foo"], "--limit takes NAME=NUMBER"),
    (["serve", "--limit", "nope.live=3"], "no door is called 'nope'"),
    (["serve", "--limit", "ssh.live=0"], "the limit ssh.live must be a positive number"),
    (["web", "--limit", "web.live=many"], "the limit web.live must be a positive number"),
]

NOT_TOGETHER = [
    (["lfw", "--jack", "computer", "--police", "computer:easy"], "the computer can play one side"),
    (["lfw", "--jack", "computer:easy", "--plain"], "drop --plain to play the computer"),
    (["pocket", "--jack", "computer", "--investigator", "computer"], "one side only"),
    (["pocket", "--puzzle", "2", "--seed", "0"], "--puzzle cannot be combined with --seed"),
    (["serve", "--host", "0.0.0.0", "--open"], "add --insecure-raw-port if you mean it"),
    (["serve", "--server", "127.0.0.1:7888"], "give --ssh PORT and --gateway-secret"),
]


@pytest.mark.parametrize(
    ("argv", "problem"),
    BAD_VALUES + NOT_TOGETHER,
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_a_usage_error_exits_2_in_one_sentence(argv, problem, capsys, nothing_starts):
    assert run(argv) == 2
    out, err = capsys.readouterr()
    (line,) = err.splitlines()
    tools = ("selfplay", "arena", "learn", "check", "show")
    command = " ".join(argv[:2] if argv[1] in tools else argv[:1])
    assert line.startswith(f"whitechapel {command}: "), line
    assert problem in line
    assert line.endswith(f"(see 'whitechapel {command} --help')")
    assert "Traceback" not in err and out == ""


def test_values_that_only_a_record_tells_apart_are_usage_errors(records, capsys, nothing_starts):
    cases = [
        (["replay", records["pocket"], "--side", "police"], "has no side 'police'"),
        (["lfw", "notebook", records["lfw"], "--at", "999"], f"has only {records['lfw actions']}"),
        (["lfw", "--load", records["pocket"]], "not of LfW: try 'whitechapel pocket --load'"),
        (["pocket", "--load", records["lfw"]], "not of Pocket: try 'whitechapel lfw --load'"),
    ]
    for argv, problem in cases:
        assert run(argv) == 2, argv
        (line,) = capsys.readouterr().err.splitlines()
        assert problem in line and line.endswith("--help')"), line


def test_real_failures_stay_at_exit_1(records, tmp_path, capsys, nothing_starts):
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    missing = str(tmp_path / "missing.json")
    cases = [
        (["lfw", "--load", missing], f"{missing}: no such file"),
        (["replay", missing], f"{missing}: no such file"),
        (["lfw", "--map", missing, "--no-setup"], f"{missing}: no such file"),  # a path: read
        (["map", "check", str(broken)], str(broken)),
        (["serve", "--authorized-keys", missing], f"{missing}: no such file of authorized keys"),
    ]
    for argv, problem in cases:
        assert run(argv) == 1, argv
        (line,) = capsys.readouterr().err.splitlines()
        assert line.startswith("whitechapel: ") and problem in line, line


def test_a_usage_error_comes_before_the_terminal_is_looked_at():
    """Piped, `whitechapel lfw` would be played at the plain prompt (one
    line says so); a bad value is refused first, alone, exit 2."""
    done = subprocess.run(
        [sys.executable, "-m", "whitechapel", "lfw", "--jack", "computer:godlike"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "there is no 'godlike' computer player" in line
    assert done.stdout == ""


# -- 2. an example on every help page ---------------------------------------------


def pages(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from pages(sub, (*path, name))


def examples_of(path: tuple[str, ...], capsys) -> list[str]:
    """The command lines under the page's "examples:", as printed."""
    with pytest.raises(SystemExit) as done:
        main([*path, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "examples:" in text, f"whitechapel {' '.join(path)} --help shows no examples"
    block = text.split("examples:")[-1]
    assert text.rfind("examples:") > text.rfind("options:"), "the examples close the page"
    return [
        line.strip().split("  ")[0]
        for line in block.splitlines()
        if line.strip().startswith("whitechapel")
    ]


PAGES = [path for path, _ in pages(build_parser())]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: " ".join(p) or "whitechapel")
def test_every_help_page_ends_with_examples_the_parser_takes(path, capsys, tmp_path):
    found = examples_of(path, capsys)
    assert found, f"whitechapel {' '.join(path)}: an examples block with no command"
    for example in found:
        argv = runnable(example, tmp_path)
        args = build_parser().parse_args(argv)  # a usage error would exit 2 here
        check = getattr(args, "check", None)
        if callable(check):  # options that do not go together
            check(args)


def runnable(example: str, tmp_path: Path, records: dict[str, str] | None = None) -> list[str]:
    """An example's arguments with its placeholders filled in: a file of
    the kind the command takes, a host; cut at a shell's `>` or `|`."""
    words = shlex.split(example)[1:]
    for cut in (">", "|"):
        if cut in words:
            words = words[: words.index(cut)]
    if words[:1] == ["COMMAND"]:  # `whitechapel COMMAND --help`: a command's page
        words = ["lfw"]
    files = {
        "map": str(Path(str(maps_dir())) / "tutorial.json"),
        "serve": str(tmp_path / "authorized_keys"),
    }
    record = (records or {}).get("lfw", str(tmp_path / "record.json"))
    fill = files.get(words[0] if words else "", record)
    return [
        fill if w == "FILE" else w.replace("HOST:", "127.0.0.1:").replace("HOST", "127.0.0.1")
        for w in words
    ]


# Examples that show no screen, open no connection and end in a moment: run.
SAFE = [
    "whitechapel config",
    "whitechapel config path",
    "whitechapel config reset",
    "whitechapel completion bash",
    "whitechapel completion zsh",
    "whitechapel completion fish",
    "whitechapel man",
    "whitechapel lfw learn --list",
    "whitechapel pocket puzzles --list",
    "whitechapel map check FILE",
    "whitechapel map check 1888 --json",
    "whitechapel map show",
    "whitechapel map show tutorial",
    "whitechapel map show FILE --ascii",
    "whitechapel lfw notebook FILE",
    "whitechapel lfw notebook FILE --at 40",
    "whitechapel lfw notebook FILE --json",
    "whitechapel replay FILE",
    "whitechapel replay FILE --side jack",
    "whitechapel replay FILE --json",
    "whitechapel pocket selfplay --games 50 --seed 7 --json",
]


def test_the_safe_examples_run(records, tmp_path, capsys):
    shown = {e.split(" > ")[0].split(" | ")[0] for path in PAGES for e in examples_of(path, capsys)}
    assert set(SAFE) <= shown, set(SAFE) - shown  # each is still an example somewhere
    for example in SAFE:
        argv = runnable(example, tmp_path, records)
        assert main(argv) == 0, example
        assert capsys.readouterr().out.strip(), f"{example} printed nothing"


# -- 3. every file error names its path ----------------------------------------------


def disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_saved_game_that_cannot_be_written_names_its_file(tmp_path, monkeypatch, failing):
    from whitechapel.core import store as store_module

    store = Store(tmp_path)
    record = record_of(play_randomly(PocketGame.new(3), Chance(3), limit=5), seed=3)
    monkeypatch.setattr(store_module.os, failing, disk_full)
    with pytest.raises(OSError) as caught:
        store.save(record, "game")
    target = tmp_path / "saves" / "game.json"
    assert str(caught.value) == f"could not write {target}: No space left on device"
    assert caught.value.errno == errno.ENOSPC and caught.value.filename == str(target)


def test_a_folder_that_cannot_be_made_names_the_file(tmp_path, monkeypatch):
    from whitechapel.core import store as store_module

    monkeypatch.setattr(store_module.tempfile, "mkstemp", disk_full)
    with pytest.raises(WriteFailed, match=r"could not write .*settings\.toml: No space left"):
        atomic_write_text(tmp_path / "settings.toml", "x = 1\n")


def test_the_settings_that_cannot_be_written_name_their_file(monkeypatch):
    from whitechapel.core import config
    from whitechapel.core import store as store_module

    monkeypatch.setattr(store_module.os, "fsync", disk_full)
    problem = config.remember("pocket", jack="Ann")
    assert problem is not None and str(config.config_path()) in problem
    assert "No space left on device" in problem


def test_a_rooms_journal_that_cannot_be_written_names_its_file(tmp_path, monkeypatch):
    from whitechapel.net import roomstore

    rooms = roomstore.RoomStore(tmp_path)
    monkeypatch.setattr(roomstore.os, "write", disk_full)
    with pytest.raises(OSError) as caught:
        rooms.write_line("K7QX", b'{"room": "K7QX"}\n', True)
    assert str(caught.value) == f"could not write {rooms.journal('K7QX')}: No space left on device"


def test_the_arena_games_file_that_cannot_be_written_names_it(tmp_path, monkeypatch, capsys):
    out = tmp_path / "games.jsonl"
    real_open = Path.open

    class Full:
        def __init__(self, file):
            self.file = file

        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            pass

        def close(self):
            self.file.close()

    def opening(self, *args, **kwargs):
        file = real_open(self, *args, **kwargs)
        return Full(file) if self == out else file

    monkeypatch.setattr(Path, "open", opening)
    argv = ["pocket", "arena", "--games", "1", "--jack", "random", "--investigator", "random"]
    assert main([*argv, "--games-out", str(out)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1] == f"whitechapel: could not write {out}: No space left on device"


def test_output_that_cannot_be_written_names_where_it_went(monkeypatch, capsys):
    class Full:
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            pass

        def fileno(self):
            raise OSError(errno.EBADF, "no descriptor")

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["completion", "bash"]) == 1
    err = capsys.readouterr().err
    assert err == "whitechapel: could not write standard output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("argv", [["man"], ["completion", "zsh"], ["config", "path"]])
def test_a_full_disk_behind_a_redirection_is_named(argv):
    """`whitechapel man > FILE` on a full disk: /dev/full is one."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "whitechapel", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr == "whitechapel: could not write /dev/full: No space left on device\n"
