"""A session's terminal title: the game and room of the topmost game
screen, else the lobby (the SSH gateway's sessions and a network seat's
turn bell write it; app.py and ui/screens/game.py read it here, below both)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.screen import Screen

from whitechapel.core.registry import game_names, title_of


def terminal_title(stack: Iterable[Screen]) -> str:
    """What a gateway session's terminal is titled: the game and the room of
    the topmost game screen in `stack` (a help screen over it keeps it),
    else the lobby."""
    for screen in reversed(list(stack)):
        source = getattr(screen, "source", None)
        room = getattr(source, "room", None)
        if isinstance(room, str) and room.isalnum():
            game = str(getattr(source, "current", {}).get("game"))
            known = game in game_names()
            return f"{title_of(game) if known else 'whitechapel'} · room {room} — whitechapel"
    return "whitechapel — lobby"
