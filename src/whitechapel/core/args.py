"""Argument types the command line shares (one clear line for a bad value).

A bad value a person types is a usage error (exit status 2), found while the
command line is parsed, before anything runs: argparse's own types, these,
and `checked`, which makes one from any check that raises a
`WhitechapelError` (an unknown computer level, optional rule or board)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from whitechapel.core.errors import WhitechapelError


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def count(text: str) -> int:
    """A whole number from 0 up."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below 0")
    return value


def seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not a whole number") from None


def seconds(text: str) -> float:
    """A number of seconds from 0 up (a computer's budget)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 up")
    return value


def checked(check: Callable[[str], object]) -> Callable[[str], str]:
    """An argparse type from `check`, which raises a `WhitechapelError` for
    a bad value: the text as typed when it passes, else a usage error whose
    sentence is the check's (`whitechapel lfw: argument --jack: there is no
    'godlike' computer player ...`, exit status 2)."""

    def parse(text: str) -> str:
        try:
            check(text)
        except WhitechapelError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return text

    parse.__name__ = getattr(check, "__name__", "value")
    return parse


def player(game: str) -> Callable[[str], str]:
    """A player as `--jack`/`--police` take it: a person's name, or
    `computer[:LEVEL]` with a level `game` has."""

    def level(text: str) -> object:
        from whitechapel.core.players import computer_level

        return computer_level(text, game)

    return checked(level)


def arena_level(game: str, side: str) -> Callable[[str], str]:
    """A computer player of `game` for `side` (the arena's `--SIDE LEVEL`):
    a level it offers, a frozen reference, or a player the arena alone
    plays (LfW's `homeward` Jack): whatever `players.new_player` makes."""

    def level(text: str) -> object:
        from whitechapel.core.players import new_player

        return new_player(game, text, side, 0)

    return checked(level)


def examples(rows: list[tuple[str, str]]) -> str:
    """A command's `--help` examples (its parser's epilog, shown as written
    with `argparse.RawDescriptionHelpFormatter`): each command and what it
    does, side by side when they fit in 80 columns, else one under the other."""
    width = max(len(command) for command, _ in rows)
    if 2 + width + 2 + max(len(what) for _, what in rows) < 80:
        lines = [f"  {command:<{width}}  {what}" for command, what in rows]
    else:
        lines = [f"  {command}\n      {what}" for command, what in rows]
    return "examples:\n" + "\n".join(lines)


def with_examples(
    sub: argparse._SubParsersAction[Any],
    name: str,
    help: str,
    rows: list[tuple[str, str]],
    description: str | None = None,
) -> argparse.ArgumentParser:
    """A subcommand whose `--help` ends with its examples (`examples`)."""
    return sub.add_parser(
        name,
        help=help,
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples(rows),
    )


def describe(parser: argparse.ArgumentParser) -> None:
    """Each subcommand's page (`whitechapel X --help`) opens with its one-line
    description, the line its parent's list shows."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            lines = {choice.dest: choice.help for choice in action._choices_actions}
            for name, sub in action.choices.items():
                if sub.description is None and lines.get(name):
                    text = str(lines[name])
                    sub.description = text[0].upper() + text[1:] + "."
                describe(sub)
