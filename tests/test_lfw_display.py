"""What the Letters from Whitechapel screen shows, as a player sees it: the
map's rows repainted when they change, the legend, clues of every night,
the notebook and the log, the whole board, the 80×24 layout, Jack's turn
(issue: LfW play, the display's part)."""

from __future__ import annotations

from pathlib import Path

import pytest

from snapshots import screen_text
from vterm import VirtualTerminal
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.source import LocalSource

PLAYERS = {"jack": "Ann", "police": "Bob"}


def app_for(game: LfwGame, tmp_path: Path) -> tuple[WhitechapelApp, LfwScreen]:
    record = record_of(game, players=PLAYERS, started="2026-01-01T00:00:00+00:00")
    screen = LfwScreen(LocalSource(game, record, Store(tmp_path)), game.board)
    return WhitechapelApp(start=screen), screen


SEED_11_KEYS = [
    "enter", *"93", "enter",  # the hand-over to Jack, his hideout
    *[k for w in "3 21 65 84 158 27 147 149".split() for k in (*w, "enter")],
    "enter",  # to the police
    *[k for w in "x58 x53 x127 x185 x64 x184 x181".split() for k in (*w, "enter")],
]


@pytest.mark.parametrize("size", [(200, 60), (120, 40)], ids=["200x60", "120x40"])
async def test_no_map_row_keeps_an_old_frame_seed_11(tmp_path, size):
    """The issue's reproduction: seed 11 on the 1888 board, hideout 93, women
    3 21 65 84 158 / 27 147 149, patrols x58 x53 x127 x185 x64 / x184 x181,
    Jack's H5 screen, then the default choices into the Hunt.  After every
    key the terminal shows exactly what a fresh frame shows: no row (the
    map's last one was never repainted) keeps an old highlight or a removed
    `?` until the map pans."""
    app, screen = app_for(LfwGame.new(11, Options(), load_board(None)), tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        vt = VirtualTerminal(app)
        game = screen.source.game

        async def press(key: str) -> None:
            await pilot.press(key)
            await pilot.pause()
            assert not vt.stale_cells(), f"after {key!r} in {game.phase}: {vt.describe_stale()}"

        for key in [*SEED_11_KEYS, "enter"]:
            await press(key)
        assert "H5 Blood on the streets" in screen_text(app)
        for _ in range(16):  # the default choices: the first legal action each time
            keys = ["enter"] if screen.curtain_up else keys_for(game, str(game.legal_actions()[0]))
            for key in keys:
                await press(key)
        assert game.phase in ("hunt", "clues", "searching", "escape")
        assert vt.frames > 60
