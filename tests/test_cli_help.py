"""`--help` a person can read (issue 27): every option says what it does with
a metavar that is a word (never an internal name like SELFPLAY_SEED); every
command has its one-line description; the five most used commands show
examples, and every example is a command the parser takes."""

from __future__ import annotations

import argparse
import re
import shlex

import pytest

from whitechapel.cli import build_parser, main

MOST_USED = ["", "pocket", "lfw", "serve", "join"]


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """Every (command path, parser) of the tree, the top first."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


ALL = list(commands(build_parser()))


def arguments(parser: argparse.ArgumentParser):
    skip = (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)
    return [a for a in parser._actions if not isinstance(a, skip)]


@pytest.mark.parametrize(
    ("path", "parser"),
    ALL,
    ids=lambda x: " ".join(x) or "whitechapel" if isinstance(x, tuple) else "",
)
def test_every_command_and_option_says_what_it_is(path, parser):
    assert parser.description, f"whitechapel {' '.join(path)} has no description"
    for action in arguments(parser):
        name = action.option_strings or action.dest
        assert action.help, f"whitechapel {' '.join(path)} {name}: no help text"
        if action.nargs == 0:
            continue  # a flag: no value
        assert action.metavar or action.choices, f"{name}: no metavar"
        if action.metavar:
            assert re.fullmatch(r"[A-Z][A-Z:]*|[a-z|]+", action.metavar), action.metavar


def test_each_subcommand_has_its_line_in_its_parents_list():
    for path, parser in ALL:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                lines = {c.dest: c.help for c in action._choices_actions}
                assert set(lines) == set(action.choices) and all(lines.values()), path


@pytest.mark.parametrize("command", MOST_USED)
def test_the_most_used_commands_show_examples_that_parse(command, capsys):
    with pytest.raises(SystemExit) as done:
        main([*command.split(), "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "examples:" in text
    examples = [
        line.strip()
        for line in text.split("examples:")[1].splitlines()
        if line.strip().startswith("whitechapel")
    ]
    assert len(examples) >= 2
    if command:
        assert all(e.startswith(f"whitechapel {command}") or "map" in e for e in examples)
    for example in examples:
        argv = shlex.split(example)[1:]
        if "COMMAND" in argv:
            continue
        # FILE stands for a file's path (a bare word that names no board is a usage error)
        argv = ["FILE.json" if word == "FILE" else word for word in argv]
        build_parser().parse_args(argv)  # a usage error would exit here


def test_no_internal_names_show_anywhere_in_the_help(capsys):
    for path, _ in ALL:
        with pytest.raises(SystemExit):
            main([*path, "--help"])
        text = capsys.readouterr().out
        # ($WHITECHAPEL_PASSWORD and the like are the environment's names: a person types them)
        assert not re.search(r"(?<![$\w])[A-Z]+_[A-Z_]+\b", text), text
