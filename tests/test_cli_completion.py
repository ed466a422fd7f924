"""What a command line is expected to come with (issue 50): shell completion
for bash, zsh and fish and a manual page, both made from the parser
(`whitechapel completion SHELL`, `whitechapel man`), and examples on every
`--help` page, each a command the parser takes."""

from __future__ import annotations

import argparse
import shlex
import shutil
import subprocess

import pytest

from whitechapel.cli import build_parser, main


def pages(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from pages(sub, (*path, name))


ALL = list(pages(build_parser()))
SUBCOMMANDS = [" ".join(path) for path, _ in ALL if path]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_script_is_made_for_each_shell(shell, capsys):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    # every command and option is in it
    for word in ("pocket", "lfw", "join", "serve", "--map", "--investigator", "completion"):
        assert word in script, word
    if shutil.which(shell):  # the shell itself reads it without a complaint
        check = {"bash": ["bash", "-n"], "zsh": ["zsh", "-n"], "fish": ["fish", "--no-execute"]}
        done = subprocess.run([*check[shell]], input=script, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_an_unknown_shell_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as done:
        main(["completion", "cmd.exe"])
    assert done.value.code == 2
    assert "cmd.exe" in capsys.readouterr().err


def test_the_manual_page_builds_with_every_command(capsys):
    assert main(["man"]) == 0
    page = capsys.readouterr().out
    assert page.startswith(".TH WHITECHAPEL")
    for command in SUBCOMMANDS:
        assert f"whitechapel {command}" in page.replace("\\-", "-"), command
    if shutil.which("man"):  # man itself formats it
        done = subprocess.run(["man", "-l", "-"], input=page, capture_output=True, text=True)
        assert done.returncode == 0 and "SYNOPSIS" in done.stdout


@pytest.mark.parametrize("path", [p for p, _ in ALL], ids=lambda p: " ".join(p) or "whitechapel")
def test_every_help_page_ends_with_examples_that_parse(path, capsys):
    with pytest.raises(SystemExit) as done:
        main([*path, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "\nexamples:\n" in text, f"whitechapel {' '.join(path)} --help shows no example"
    examples = [  # each command, without what it does beside it
        line.strip().split("  ")[0]
        for line in text.split("\nexamples:\n")[1].splitlines()
        if line.strip().startswith("whitechapel")
    ]
    assert examples
    for example in examples:
        argv = shlex.split(example.split(" > ")[0].split(" | ")[0])[1:]
        if "COMMAND" in argv:
            continue
        # FILE stands for a file's path (a bare word that names no board is a usage error)
        argv = ["FILE.json" if word == "FILE" else word for word in argv]
        build_parser().parse_args(argv)  # a usage error would exit here
