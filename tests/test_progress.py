"""Progress on long commands (issue 27, core/progress.py): a bar on a
terminal, plain lines when piped, nothing with --json; the result on
standard output is the same whichever."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from whitechapel.cli import main
from whitechapel.core.progress import Progress


def plain(total: int, steps: list[int], **kwargs) -> list[str]:
    stream = io.StringIO()
    with Progress("whitechapel tool", total, "games", stream=stream, **kwargs) as shown:
        for count in steps:
            shown.advance(count)
    return stream.getvalue().splitlines()


def test_piped_progress_is_a_plain_line_at_every_tenth():
    lines = plain(300, [1] * 300)
    assert len(lines) == 10
    assert lines[0] == "whitechapel tool: 30 of 300 games"
    assert lines[-1] == "whitechapel tool: 300 of 300 games"


def test_few_or_lumpy_steps_are_each_told_once():
    assert plain(3, [1, 1, 1]) == [f"whitechapel tool: {n} of 3 games" for n in (1, 2, 3)]
    assert plain(100, [45, 55]) == [
        "whitechapel tool: 45 of 100 games",
        "whitechapel tool: 100 of 100 games",
    ]


def test_quiet_progress_says_nothing():
    assert plain(300, [1] * 300, quiet=True) == []


def test_on_a_terminal_it_is_a_bar_that_goes_away():
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80)
    with Progress("whitechapel tool", 4, "games", console=console) as shown:
        assert shown.bar is not None
        shown.advance(2, "game 3")
        shown.bar.refresh()
        assert "whitechapel tool: game 3" in screen.getvalue()
        assert "2/4" in screen.getvalue()
        shown.advance(2)
    assert "of 4 games" not in screen.getvalue()  # no plain lines on a terminal


COMMANDS = [
    ["pocket", "selfplay", "--games", "20"],
    ["lfw", "selfplay", "--games", "3", "--map", "tutorial"],
    ["pocket", "arena", "--games", "4", "--jack", "random", "--investigator", "random"],
    [
        "pocket",
        "arena",
        "--games",
        "4",
        "--jack",
        "random",
        "--investigator",
        "easy",
        "--jobs",
        "2",
    ],
    ["lfw", "arena", "--games", "2", "--map", "tutorial", "--jack", "random", "--police", "random"],
    ["map", "check", "tutorial"],
    ["bench", "lfw.map.load", "--quick"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_long_commands_tell_their_progress_when_piped_and_not_with_json(argv, capsys):
    assert main(argv) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert lines and all(line.startswith("whitechapel ") for line in lines), err
    total = lines[-1].split(" of ")[1].split()[0]
    assert lines[-1].split(": ")[1].startswith(f"{total} of {total} ")  # to the end
    assert not any(line in out for line in lines)  # standard output: the result alone
    if argv[0] == "bench":
        return  # bench's --json is tested with its figures
    assert main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    json.loads(out)
