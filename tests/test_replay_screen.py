"""The lobby's replay of a finished game, as a player steps through it
(ui/screens/records.py): the keys it shows do what they say at any size."""

from __future__ import annotations

import random

from settle import press
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import Record
from whitechapel.pocket.rules import RULES
from whitechapel.ui.screens.records import ReplayScreen


def finished_pocket_record(seed: int) -> str:
    """A whole random Pocket game's record, as a server keeps it."""
    setup = RULES.random_setup(seed, {})
    game = RULES.start(setup, {})
    rng = random.Random(seed)
    record = Record(
        "pocket", RULES.setup_to_json(setup), players={"jack": "a", "investigator": "b"}
    )
    while game.outcome is None:
        action = rng.choice(game.legal_actions())
        game.advance(action)
        record.actions.append(str(action))
    return record.dumps()


async def test_home_goes_to_the_start_even_where_the_board_scrolls():
    """Tester PK, round 6: at 80×24 Home did not go to the first action (the
    board, taller than the window, took the key to scroll itself)."""
    screen = ReplayScreen.of_text(finished_pocket_record(5))
    assert isinstance(screen, ReplayScreen)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot)
        assert "Action " in screen_text(app)  # it opens on the end
        await press(pilot, "home")
        assert "The start, before any action" in screen_text(app)
        await press(pilot, "right", "right")
        assert "Action 2 of" in screen_text(app)
        await press(pilot, "end")
        total = len(screen.record.actions)
        assert f"Action {total} of {total}" in screen_text(app)
