"""Round 29's findings (issue 44; play-tester RE,
docs/playtests/2026-12-07-pocket-round29-RE.md), each checked as a player
would notice it."""

from __future__ import annotations

import settle
from pocket_app_play import pocket_app
from test_pocket_round2_text import LANE_OPEN, flat
from whitechapel.pocket.actions import Rotate


async def test_p5_any_arrow_turns_lanes_open_crossroads(tmp_path):
    """RE: "Rotate c3 (Lane): no wall; r/e turn it", then Right said "Its
    wall faces east already: a rotation must change the tile" on a tile
    with no wall.  On the crossroads every arrow turns it."""
    app, screen = pocket_app(LANE_OPEN, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3", "right", "down", "enter")  # c3 to rotate
        assert "Rotate c3 (Lane)" in flat(app)
        n = len(screen.source.game.history)
        await settle.press(pilot, "left")  # the side its hidden wall faces (lane:W)
        assert "already" not in flat(app), flat(app)
        await settle.press(pilot, "enter")
        played = screen.source.game.history[n:]
        assert played and isinstance(played[0], Rotate), played
