"""Players' display names: just names.

A name is 1 to `MAX_NAME` printable characters: control and format
characters (escapes, bidirectional overrides, zero-width joiners) and line
breaks are dropped, other spaces become a plain space, and a longer name is
cut, never refused.  A name is shown as it is written, never read as markup
(the screens escape it with `rich.markup.escape`).
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 24  # characters of a player's display name


def clean_name(text: str, limit: int = MAX_NAME) -> tuple[str, bool]:
    """`text` as a display name (possibly empty), and whether it was cut."""
    kept = []
    for c in text:
        kind = unicodedata.category(c)
        if kind[0] == "C" or kind in ("Zl", "Zp"):
            continue
        kept.append(" " if kind == "Zs" else c)
    name = " ".join("".join(kept).split())
    if len(name) <= limit:
        return name, False
    return name[:limit].rstrip(), True


def numbered(name: str, taken: set[str], limit: int = MAX_NAME) -> str:
    """`name`, or `name (2)`, `name (3)`… when it is `taken` (in one room)."""
    if name not in taken:
        return name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[: limit - len(suffix)].rstrip() + suffix
        if candidate not in taken:
            return candidate
        n += 1
