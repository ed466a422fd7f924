"""A game's settings: how a game is played that is not a rule.

A rule changes what may be played (LfW's optional rules O1-O6: a game's
`options`, which its engine reads).  A setting changes only how the game is
shown and handed around: Pocket's hand-over prompt at the hot seat, what
LfW's police notebook shows.  The engine never reads one; the screens do.

Each game declares its settings in its rules (`Rules.settings`, a schema:
each one's name, label, choices and default), and everything else is
generic: a record keeps the settings chosen (`Record.settings`), a network
room its creator's (`create` and `state` messages' `settings`), the setup
screen and the lobby draw a row for each from the schema, and the settings
file remembers the last choices.  `core/`, `net/` and `ui/` name no setting
of any game.

Settings are kept as a mapping of name to value, text both; one left out
is at its default (`value_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from whitechapel.core.errors import RecordError

MAX_SETTINGS = 16  # settings in one mapping (a room's `create`)
MAX_TEXT = 40  # characters of a setting's name or value


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of a game: its `name` (as records, the protocol and the
    settings file carry it), its `label` (the setup screen's and the lobby's
    row), its `choices` as (value, label) in the order shown, its `default`,
    and whether a network room may choose it (`rooms`: it then holds at
    every seat; else it belongs to the hot seat alone); `people`: it means
    something only where two people share the keyboard (a setup hides it
    for a game against the computer)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str
    rooms: bool = False
    people: bool = False

    def __post_init__(self) -> None:
        if self.default not in self.values:
            raise ValueError(f"setting {self.name!r}: its default is not one of its choices")

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _ in self.choices)

    def label_of(self, value: str) -> str:
        return dict(self.choices).get(value, value)


Schema = Sequence[Setting]


def value_of(schema: Schema, settings: Mapping[str, str], name: str) -> str:
    """The value of setting `name`: the one chosen, else its default."""
    setting = next(s for s in schema if s.name == name)
    value = settings.get(name)
    return value if value in setting.values else setting.default


def for_rooms(schema: Schema) -> tuple[Setting, ...]:
    """The settings a network room's creator may choose."""
    return tuple(s for s in schema if s.rooms)


def check_settings(schema: Schema, data: Any, *, title: str, rooms: bool = False) -> dict[str, str]:
    """`data` as settings of the game `title`: a JSON object whose keys are
    settings of `schema` (of a network room's, with `rooms`) and whose
    values are among their choices; anything else is a `RecordError` with
    one sentence."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise RecordError("settings should be a JSON object")
    offered = {s.name: s for s in (for_rooms(schema) if rooms else schema)}
    out: dict[str, str] = {}
    for name, value in data.items():
        setting = offered.get(name) if isinstance(name, str) else None
        if setting is None:
            where = "a network room of " if rooms else ""
            known = ", ".join(offered) or "none"
            raise RecordError(
                f"{where}{title} has no setting {str(name)[:MAX_TEXT]!r} (its settings: {known})"
            )
        if value not in setting.values:
            choices = " or ".join(f"'{v}'" for v in setting.values)
            raise RecordError(f"the setting '{name}' should be {choices}")
        out[name] = value
    return out


# The player's own setting at a network seat, not a game's: when the turn
# passes to this seat from another, the terminal's bell rings and its title
# says so until the seat has played (issue 50: a window in the background).
# Chosen on the lobby's row, remembered in the settings file's `[network]`
# table (core/config.py; never in an SSH session, which writes nothing).
TURN_BELL = Setting(
    "turn_bell",
    "At your turn",
    (("on", "bell and title"), ("off", "nothing")),
    "on",
)
NETWORK = "network"  # the settings file's table of the player's network settings
