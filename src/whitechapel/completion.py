"""Shell completion and the manual page, both made from the command line's
own parser (`cli.build_parser`), so they never drift from `--help`:

- `whitechapel completion bash|zsh|fish` prints a completion script
  (shtab), to be saved where the shell looks for it (`INSTALL`);
- `whitechapel man` prints the manual page in troff (argparse-manpage),
  for `man -l -` or a `man1/` folder.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from whitechapel import __version__

SHELLS = ("bash", "zsh", "fish")

# Where each shell looks for a completion script of the user's own, and
# what else it needs.
INSTALL = {
    "bash": (
        "whitechapel completion bash > ~/.local/share/bash-completion/completions/whitechapel",
        "bash: complete commands and options (in new shells)",
    ),
    "zsh": (
        "whitechapel completion zsh > ~/.zfunc/_whitechapel",
        "zsh: the same, with fpath+=(~/.zfunc) before compinit in ~/.zshrc",
    ),
    "fish": (
        "whitechapel completion fish > ~/.config/fish/completions/whitechapel.fish",
        "fish: the same",
    ),
}
MAN_INSTALL = "whitechapel man > ~/.local/share/man/man1/whitechapel.1"

# Arguments that name a file (a record, a map, a key file): the shell
# completes paths there.
FILE_METAVARS = {"FILE", "RECORD", "BOARD"}


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of `shell` for every command and option."""
    import shtab

    if shell not in SHELLS:
        raise ValueError(shell)
    for action in _actions(parser):
        if action.metavar in FILE_METAVARS:
            action.complete = shtab.FILE  # type: ignore[attr-defined]
    return str(shtab.complete(parser, shell=shell))


def man_page(parser: argparse.ArgumentParser) -> str:
    """The manual page (troff, section 1) of every command: each page's
    description, options and examples."""
    from argparse_manpage.manpage import Manpage  # type: ignore[import-untyped]

    page = Manpage(
        parser,
        _data={
            "project_name": "whitechapel",
            "version": __version__,
            "manual_title": "whitechapel manual",
            "description": "two hidden-information board games about Jack the Ripper",
        },
    )
    return str(page)


def _actions(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    """Every argument of every command, the subcommands' too."""
    for action in parser._actions:
        yield action
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _actions(sub)
