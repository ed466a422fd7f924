"""The menu's "Continue a saved game": games under way first, a game saved
twice as it stands once (play-tester L of issue 43)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from whitechapel.app import continue_order
from whitechapel.core.store import SavedGame


def _save(name: str, modified: float, actions: int, over: bool) -> SavedGame:
    record = SimpleNamespace(
        game="lfw",
        started="2026-12-05T07:19:00",
        players={"jack": "computer:hard"},
        actions=[None] * actions,
        outcome="jack" if over else None,
    )
    return SavedGame(Path(name), modified, record)  # type: ignore[arg-type]


def test_games_under_way_first_and_a_game_saved_twice_once():
    saves = [  # newest first, as the store lists them
        _save("autosave-finished.json", 9.0, 300, True),
        _save("record-finished.json", 8.0, 300, True),
        _save("autosave-going.json", 7.0, 40, False),
    ]
    assert [s.path.name for s in continue_order(saves)] == [
        "autosave-going.json",
        "autosave-finished.json",
    ]
