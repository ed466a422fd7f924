"""Snapshots of the main screens at 80×24, 120×40 and 160×50 (see tests/snapshots.py).

Fixed setups, actions and player names make them repeatable;
`UPDATE_SNAPSHOTS=1 python -m pytest tests/test_pocket_snapshots.py` rewrites
the baselines in tests/__snapshots__/ after a deliberate change.
"""

from __future__ import annotations

import pytest

import settle
from pocket_app_play import PLAYERS, SETUPS, plan_game
from snapshots import screen_text, snapshot  # noqa: F401 (a fixture)
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.ui.screen import PocketScreen, is_handover
from whitechapel.ui.source import LocalSource

# Goodley's game: round 1 (H W R J), then round 2 (A T X R) up to Jack's last
# action, after he drew Madame.
TO_JACKS_TURN = ("H+1", "W+1", "J:-", "Rb2E", "A", "T+1", "Xa1c3")


def game_screen(tmp_path, actions=()) -> PocketScreen:
    game = PocketGame(SETUPS["goodley"])
    for text in actions:
        game.play(text)
    record = record_of(game, players=PLAYERS, started="2026-01-01T00:00:00+00:00")
    return PocketScreen(LocalSource(game, record, Store(tmp_path)))


@pytest.mark.parametrize(
    "size", [(80, 24), (120, 40), (160, 50)], ids=["80x24", "120x40", "160x50"]
)
async def test_main_screens(tmp_path, snapshot, size):  # noqa: F811
    app = WhitechapelApp()
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        snapshot.check(app, "menu")

        screen = game_screen(tmp_path)
        app.push_screen(screen)
        await settle.settle(pilot)
        assert is_handover(app.screen)
        snapshot.check(app, "handover")

        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert "Choose an action token" in screen_text(app)
        snapshot.check(app, "investigator-token-choice")

        # Rotation: c2 turned twice (a preview; the cursor starts on b2).
        await settle.press(pilot, "3", "right", "r", "r")
        await settle.settle(pilot)
        assert screen.choice.mode == "tile" and screen.choice.wall is not None
        assert screen.choice.cursor == 5  # c2
        assert screen.source.game.history == []
        snapshot.check(app, "rotation-preview")

        # The last action of round 1, then its summary and the board after it.
        screen = game_screen(tmp_path, ("H+1", "W+1", "J:-"))
        app.switch_screen(screen)
        await settle.settle(pilot)
        # Rb2E: b2's wall S turned to E (the cursor starts on b2).
        await settle.press(pilot, "enter", "3", "e", "enter")
        await settle.settle(pilot)
        assert str(screen.source.game.history[-1]) == "Rb2E"
        assert "End of round 1" in screen_text(app)
        snapshot.check(app, "round-summary")
        await settle.press(pilot, "enter")  # the summary, then the hand-over to Jack
        await settle.settle(pilot)
        assert "Pass to Ann (Jack)" in screen_text(app)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert "round 2 of 8" in screen_text(app)
        snapshot.check(app, "board-after-a-round")

        screen = game_screen(tmp_path, TO_JACKS_TURN)
        assert screen.source.game.jack_alibis and screen.source.game.to_act == "jack"
        app.switch_screen(screen)
        await settle.settle(pilot)
        assert "Pass to Ann (Jack)" in screen_text(app)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert "Your alibi cards: Madame" in " ".join(screen_text(app).split())
        snapshot.check(app, "jack-with-his-cards")

        plan, _ = plan_game(SETUPS["goodley"], 2866)  # Jack wins in round 3
        screen = game_screen(tmp_path, [str(a) for a in plan])
        app.switch_screen(screen)
        await settle.settle(pilot)
        assert "game over: Ann (Jack) wins" in screen_text(app)
        snapshot.check(app, "end")
    snapshot.verify()


async def test_a_puzzle_screen(snapshot):  # noqa: F811
    """Puzzle 3 at 80×24: its lesson over the board, then the verdict beside
    the board with the round's summary."""
    from whitechapel.pocket.ui.puzzles import LessonScreen, PuzzleScreen

    app = WhitechapelApp(start=PuzzleScreen(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        snapshot.check(app, "puzzle-lesson")
        # The last token: b1 turned north (the cursor starts on b2).
        await settle.press(pilot, "enter", "3", "up", "e", "enter")
        await settle.settle(pilot)
        assert "Goal met" in screen_text(app)
        snapshot.check(app, "puzzle-verdict")
    snapshot.verify()
