"""What the games' setup screens share."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Input


def typed_names(screen: Screen, fields: dict[str, str]) -> dict[str, str]:
    """Each side's player name as typed in its Input (`fields`: side -> the
    Input's selector), the empty ones left out."""
    names = {side: screen.query_one(selector, Input).value.strip() for side, selector in fields.items()}
    return {side: name for side, name in names.items() if name}
