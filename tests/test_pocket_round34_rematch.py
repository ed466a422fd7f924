"""Pocket play-test round 34 (tester RO): a rematch at one keyboard with
the sides swapped, as a network seat's ctrl+r offers."""

from __future__ import annotations

import settle
from pocket_app_play import PLAYERS, SETUPS, plan_game
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.source import LocalSource


def _finished(tmp_path, players=PLAYERS) -> tuple[WhitechapelApp, PocketScreen]:
    _, game = plan_game(SETUPS["gull"], 664)
    assert game.outcome is not None
    record = record_of(game, seed=None, players=dict(players), settings={"handover": "always"})
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    return WhitechapelApp(start=screen), screen


async def test_a_finished_hot_seat_duel_offers_a_rematch_with_the_sides_swapped(tmp_path):
    """RO: "Rematch (n) keeps the same sides. Over the network, ctrl+r swaps
    sides, which is what two friends want; hot-seat should offer that too."
    The game-over line says so, and ctrl+r starts a new duel with Ann and
    Bob each on the other side; n still keeps them where they were."""
    app, screen = _finished(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        if screen.curtain_up:  # the last round's summary
            await settle.press(pilot, "enter")
        text = " ".join(screen_text(app).split())
        assert "n rematch · ctrl+r sides swapped · Esc or m menu · ctrl+q quits" in text, text
        assert "^r Rematch swapped" in text
        await pilot.resize_terminal(120, 40)
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "n a rematch (ctrl+r: sides swapped), Esc or m the menu, ctrl+s saves" in text
        await settle.press(pilot, "ctrl+r")
        new = app.screen
        assert isinstance(new, PocketScreen) and new is not screen
        assert new.source.game.history == []
        assert new.source.record.players == {"jack": "Bob", "investigator": "Ann"}


async def test_against_the_computer_ctrl_r_gives_the_person_the_other_side(tmp_path):
    """The same against the computer: the person plays the side the
    computer played, the computer (same level) the other."""
    app, screen = _finished(tmp_path, {"jack": "Ann", "investigator": "computer:hard"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        if screen.curtain_up:
            await settle.press(pilot, "enter")
        await settle.press(pilot, "ctrl+r")
        new = app.screen
        assert isinstance(new, PocketScreen) and new is not screen
        assert new.source.record.players == {"jack": "computer:hard", "investigator": "Ann"}
        assert new.source.computers == {"jack": "hard"}
