"""The review of a finished game in any game, not only the guided one
(tester PP, Pocket round 8: "A newcomer will be crushed by 'hard' with no
hint why. The game-end review exists only in the guided game"): `v`, or
its button, once the game is over; never in a puzzle, which has no other
side to review."""

from __future__ import annotations

from pathlib import Path

import settle
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import Record, replay
from whitechapel.core.store import Store
from whitechapel.pocket.pieces import INVESTIGATOR
from whitechapel.pocket.ui.lesson import LessonScreen
from whitechapel.pocket.ui.puzzles import PuzzleScreen
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.source import LocalSource

DATA = Path(__file__).parent / "data"


def words(app) -> str:
    return " ".join(screen_text(app).split())


async def test_p7_a_finished_game_against_the_hard_computer_is_reviewed_on_v(tmp_path):
    record = Record.loads((DATA / "pocket-round8-po-end.json").read_text())
    game = replay(record)
    assert game.outcome is not None and record.players["jack"] == "computer:hard"
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    assert not screen.hints  # an ordinary game, not the guided one
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        said = words(app)
        assert "v the review" in said and "Review" in said  # the key, and its button
        await settle.press(pilot, "v")
        assert isinstance(app.screen, LessonScreen)
        said = words(app)
        assert "The game in review" in said and "What decided it" in said
        # the player's own decisions graded: where he risked most, in a
        # game he won (tester RD, round 29), else where it turned
        won = game.outcome.winner == INVESTIGATOR
        assert ("Where you risked most" if won else "The turning point") in said
        assert "guided game" not in said  # the guided game's "what next" is its own
        await settle.press(pilot, "enter")
        assert app.screen is screen


async def test_a_puzzle_has_no_review_key(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    screen = PuzzleScreen(1)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert not screen.opponent_here()
        assert screen.check_action("review", ()) is False
