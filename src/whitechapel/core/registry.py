"""Which games exist, found by the name a record carries.

Modules are imported only when a game is asked for, so starting the program
or reading a record of one game never imports the other.  Each game has two
entries: its rules (`<game>/rules.py`: the engine, its views and legal
actions, its settings, its players), which everything may use, and its
screens (`<game>/ui/entry.py`), which only the interface imports
(`ui/games.py`): the registry names both modules and imports only the first.  What the menu and
the lobby show of a game before it is chosen (its title, the lobby's key for
a new room, a room's own seat count) is kept here, beside the module's name,
so that listing the games imports none of them.  This is the one place
outside a game's folder that names it.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from whitechapel.core.errors import RecordError
from whitechapel.core.game import Rules


@dataclass(frozen=True)
class Entry:
    name: str  # as records and the protocol carry it
    title: str
    module: str  # where its `RULES` is (`<game>/rules.py`)
    screens: str  # where its `SCREENS` is (`<game>/ui/entry.py`, imported by ui/games.py only)
    cli: str  # where its commands are (`add_commands(subparsers)`)
    sides: tuple[str, ...]  # as its Rules name them (checked by a test)
    benchmarks: tuple[str, ...]  # modules with its `BENCHMARKS` for `whitechapel bench`
    room_key: str  # the lobby's key for a new room of this game
    room_label: str  # what that key does, in the lobby's footer
    seats_label: str = ""  # a room's own seat count, when the game has one (LfW's police)
    seat_counts: tuple[int, ...] = ()
    seats_default: int | None = None
    learn: bool = False  # its screens have a `learn_screen` (the menu's "Learn …: puzzles")
    guided: bool = False  # its screens have a `guided_screen` (the menu's "Learn … by playing")
    players: str = ""  # where its computer players' `PLAYERS` is (core/players.py), if any
    computer_key: str = ""  # the lobby's key for a room against the computer (with `players`)
    computer_label: str = ""


_ENTRIES = (
    Entry(
        "lfw",
        "Letters from Whitechapel",
        "whitechapel.lfw.rules",
        "whitechapel.lfw.ui.entry",
        "whitechapel.lfw.ui.cli",
        ("jack", "police"),
        (
            "whitechapel.lfw.map.bench",
            "whitechapel.lfw.bench",
            "whitechapel.lfw.ui.bench_map",
            "whitechapel.lfw.ui.bench",
            "whitechapel.lfw.ui.bench_screens",
            "whitechapel.lfw.bench_players",
        ),
        "l",
        "New LfW session",
        "police seats",
        (1, 2, 3, 4, 5),
        2,
        learn=True,
        guided=True,
        players="whitechapel.lfw.players",
        computer_key="a",
        computer_label="LfW against the computer",
    ),
    Entry(
        "pocket",
        "Mr. Jack Pocket",
        "whitechapel.pocket.rules",
        "whitechapel.pocket.ui.entry",
        "whitechapel.pocket.ui.cli",
        ("jack", "investigator"),
        (
            "whitechapel.pocket.bench",
            "whitechapel.pocket.bench_players",
            "whitechapel.pocket.ui.bench",
        ),
        "n",
        "New Pocket duel",
        learn=True,
        guided=True,
        players="whitechapel.pocket.players",
        computer_key="c",
        computer_label="Pocket against the computer",
    ),
)
_GAMES = {e.name: e.module for e in _ENTRIES}


def entries() -> tuple[Entry, ...]:
    """Every game, in the menu's order."""
    return _ENTRIES


def entry_of(name: str) -> Entry:
    for e in _ENTRIES:
        if e.name == name:
            return e
    known = ", ".join(sorted(_GAMES))
    raise RecordError(f"unknown game {name!r} (this program knows: {known})")


def title_of(name: str) -> str:
    return next((e.title for e in _ENTRIES if e.name == name), name)


def game_names() -> tuple[str, ...]:
    return tuple(_GAMES)


def rules_for(name: str) -> Rules:
    try:
        module = _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise RecordError(f"unknown game {name!r} (this program knows: {known})") from None
    return import_module(module).RULES
