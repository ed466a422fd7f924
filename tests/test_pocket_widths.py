"""Issue 44: layouts that fit at every width from 80 columns, a browser
page's too -- at a network seat the banner's clocks are never cut (in a
browser 900 pixels wide they were: the rejoin code and the game's name
pushed them off the end of the line)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import settle
from snapshots import screen_text
from test_pocket_replay import seat_state
from whitechapel.app import WhitechapelApp
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.source import RemoteSource


def clocked_state(game: PocketGame) -> dict:
    """The investigator's seat's state, with both sides' clocks stopped."""
    clock = {"remaining": {"jack": 301.0, "investigator": 290.0}, "running": None}
    return {**seat_state(game, INVESTIGATOR), "clock": clock}


@pytest.mark.parametrize("width", [80, 100, 110, 140, 200])
async def test_a_network_seats_banner_keeps_both_clocks_whole_at_every_width(width):
    game = PocketGame.new(5)
    link = SimpleNamespace(rejoin_code=lambda room: "K7QX-K7Q4XM")
    screen = PocketScreen(RemoteSource(link, "r1", INVESTIGATOR, clocked_state(game)))
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(width, 40)) as pilot:
        await settle.settle(pilot)
        top = screen_text(app).splitlines()[0]
        assert "⏱ jack 5:01  investigator 4:50" in top, top
        if width >= 140:  # room for the whole: the game's name and the code too
            assert "Mr. Jack Pocket" in top and "rejoin: r1 K7QX-K7Q4XM" in top, top
