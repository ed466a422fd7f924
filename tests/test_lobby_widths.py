"""Issue 44: the lobby's keys are never cut, whatever the width from 80
columns (in a browser 1280 pixels wide its footer ended "v Fi"): each
game's keys on a line that wraps, the lobby's own in the footer."""

from __future__ import annotations

import pytest

import settle
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.registry import entries
from whitechapel.ui.lobby import Link, LobbyScreen


@pytest.mark.parametrize("width", [80, 120, 150, 200])
async def test_every_lobby_key_shows_whole_at_every_width(width):
    app = WhitechapelApp(start=LobbyScreen(Link("127.0.0.1", 9, "ann")))  # nothing listens
    async with app.run_test(size=(width, 32)) as pilot:
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        for e in entries():
            assert f"{e.room_key} {e.room_label}" in text, text
            if e.computer_key:
                assert f"{e.computer_key} {e.computer_label}" in text, text
        footer = screen_text(app).splitlines()[-1]
        for words in ("j Join by code", "w Watch", "r Refresh", "v Finished games", "^q Quit"):
            assert words in footer, footer
