"""Which games exist, found by the name a record carries.

Modules are imported only when a game is asked for, so starting the program
or reading a record of one game never imports the other.
"""

from __future__ import annotations

from importlib import import_module

from whitechapel.core.errors import RecordError
from whitechapel.core.game import Rules

_GAMES = {
    "pocket": "whitechapel.pocket.rules",
    "lfw": "whitechapel.lfw.rules",
}


def game_names() -> tuple[str, ...]:
    return tuple(_GAMES)


def rules_for(name: str) -> Rules:
    try:
        module = _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise RecordError(f"unknown game {name!r} (this program knows: {known})") from None
    return import_module(module).RULES
