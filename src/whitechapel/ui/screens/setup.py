"""What the games' setup screens share: the names typed, the last choices
remembered (core/config.py), and a row for each of the game's settings,
drawn from the schema its rules declare (core/settings.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from textual.screen import Screen
from textual.widgets import Input

from whitechapel.core import config
from whitechapel.core.settings import Schema, Setting
from whitechapel.ui.widgets.picker import Picker


def typed_names(screen: Screen, fields: dict[str, str]) -> dict[str, str]:
    """Each side's player name as typed in its Input (`fields`: side -> the
    Input's selector), the empty ones left out."""
    names = {
        side: screen.query_one(selector, Input).value.strip() for side, selector in fields.items()
    }
    return {side: name for side, name in names.items() if name}


def computer_names(screen: Screen, fields: dict[str, str], play: str) -> None:
    """The name field of the side the computer plays (`play`, the Play row's
    value: 'people', or the computer's 'side' or 'side:level') is not the
    player's to type: its row is hidden (its field when the field has no
    row of its own) and disabled, the others shown and open.  Disabled
    alone was not enough: tester A3 (round 28) saw the row still asking
    for "Jack's player" while Tab passed it, and typed his own name there,
    so each name landed one row down (Z2, round 27, had typed his into
    it)."""
    computer = None if play == "people" else play.partition(":")[0]
    for side, selector in fields.items():
        field = screen.query_one(selector, Input)
        field.disabled = side == computer
        row = (
            field.parent if field.parent is not None and field.parent.has_class("field") else field
        )
        row.display = side != computer


def last_choices(
    game: str, offered: Mapping[str, Collection[str]], schema: Schema = ()
) -> dict[str, str]:
    """A setup's last choices (core/config.py), the names as typed; a choice
    in `offered` (key -> the values still offered), or a setting of
    `schema`, whose value is no longer offered is left out, so its default
    stands."""
    values = config.load().settings.game(game)
    offered = {**offered, **{s.name: s.values for s in schema}}
    for key, allowed in offered.items():
        if values.get(key) not in allowed:
            values.pop(key, None)
    return values


def setting_picker(setting: Setting, value: str | None) -> Picker:
    """A setting's row of choices (id: the setting's name), `value` chosen
    (its default when `value` is not one of its choices)."""
    chosen = value if value in setting.values else setting.default
    return Picker([(label, v) for v, label in setting.choices], chosen, id=setting.name)


def chosen_settings(screen: Screen, schema: Schema) -> dict[str, str]:
    """The value of each setting's row (`setting_picker`) on `screen`."""
    return {s.name: screen.query_one(f"#{s.name}", Picker).value for s in schema}
