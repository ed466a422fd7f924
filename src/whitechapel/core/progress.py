"""How far a long command has got (arena, selfplay, bench, map check).

On a terminal, a `rich.progress` bar on standard error, gone when the
command ends; when standard error is piped, plain lines at every tenth of
the way ("whitechapel lfw arena: 30 of 300 games"); with `--json`
(`quiet`), nothing.  Standard output carries only the command's result
either way, so `> figures.txt` or `| jq` see nothing of the progress.  The
work itself reports through a callback (`advance`) and knows nothing of
this module: engines do not print.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress


class Progress:
    """`with Progress("whitechapel lfw arena", 300, "games") as p: … p.advance(n)`.

    `stream` is where it shows (standard error by default); it is drawn as a
    bar when that is a terminal, else as plain lines."""

    def __init__(
        self,
        what: str,
        total: int,
        unit: str,
        *,
        quiet: bool = False,
        stream: TextIO | None = None,
        console: Console | None = None,
    ) -> None:
        self.what, self.total, self.unit = what, max(0, total), unit
        self.done = 0
        self.quiet = quiet
        self.stream = stream if stream is not None else sys.stderr
        self.console = console
        self.bar: RichProgress | None = None
        self.task: TaskID | None = None
        self.reported = 0  # plain lines: the tenths already told

    def __enter__(self) -> Progress:
        if self.quiet or self.total == 0:
            return self
        console = self.console or Console(file=self.stream)
        if console.is_terminal:
            # Output written meanwhile to standard error, or to a standard
            # output that is the same terminal, is drawn above the bar; to a
            # file or a pipe it goes there untouched.
            self.bar = RichProgress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(self.unit),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=console,
                transient=True,
                redirect_stdout=sys.stdout.isatty(),
                redirect_stderr=True,
            )
            self.task = self.bar.add_task(self.what, total=self.total)
            self.bar.start()
        return self

    def advance(self, count: int = 1, note: str | None = None) -> None:
        """`count` more done; `note`: what is under way now (a bar shows it)."""
        self.done = min(self.total, self.done + count)
        if self.quiet or self.total == 0:
            return
        if self.bar is not None and self.task is not None:
            description = f"{self.what}: {note}" if note else self.what
            self.bar.update(self.task, completed=self.done, description=description)
            return
        tenths = self.done * 10 // self.total
        if tenths > self.reported:
            self.reported = tenths
            print(
                f"{self.what}: {self.done} of {self.total} {self.unit}",
                file=self.stream,
                flush=True,
            )

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.bar is not None:
            self.bar.stop()
