"""What the games' setup screens share."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from textual.screen import Screen
from textual.widgets import Input

from whitechapel.core import config


def typed_names(screen: Screen, fields: dict[str, str]) -> dict[str, str]:
    """Each side's player name as typed in its Input (`fields`: side -> the
    Input's selector), the empty ones left out."""
    names = {side: screen.query_one(selector, Input).value.strip() for side, selector in fields.items()}
    return {side: name for side, name in names.items() if name}


def last_choices(game: str, offered: Mapping[str, Collection[str]]) -> dict[str, str]:
    """A setup's last choices (core/config.py), the names as typed; a choice
    in `offered` (key -> the values still offered) that is no longer offered
    is left out, so its default stands."""
    values = config.load().settings.game(game)
    for key, allowed in offered.items():
        if values.get(key) not in allowed:
            values.pop(key, None)
    return values
