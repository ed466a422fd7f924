"""What the terminal the program runs in can show.

The full-screen app needs a terminal that takes cursor movement and colour:
a stream that is not a terminal (a pipe, a file) or `TERM=dumb` (Emacs'
shell, some screen readers' consoles) gets the plain prompt instead, or one
sentence saying how (cli.py).  The plain prompt writes no escape codes
there: its clear-screen between sides becomes a rule of dashes.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

# Control sequences: CSI (cursor, erase, colour) and OSC (title), and any
# other two-character escape.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]")
RULE = "-" * 40


def full_screen_problem() -> str | None:
    """Why the full screen cannot be shown here (one clause), or None."""
    if os.environ.get("TERM", "") == "dumb":
        return "this terminal (TERM=dumb) cannot show the full screen"
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        return "the full screen needs a terminal, and standard input or output is not one"
    return None


def escapes_shown() -> bool:
    """Whether standard output takes escape codes (a terminal, not dumb)."""
    return sys.stdout.isatty() and os.environ.get("TERM", "") != "dumb"


def plain_write() -> Callable[[str], None]:
    """The plain prompt's writer: `print` on a terminal; elsewhere `print`
    without escape codes, a clear screen written as a rule."""
    if escapes_shown():
        return print

    def write(text: str) -> None:
        cleared = text.startswith("\x1b[H")
        text = ESCAPES.sub("", text)
        print(f"{RULE}\n{text}" if cleared else text)

    return write
