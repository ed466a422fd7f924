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


async def test_one_action_is_said_in_the_singular(tmp_path, monkeypatch):
    """Tester PE (issue 44, round 3): the saved-games list said "1 actions"."""
    import settle
    from snapshots import screen_text
    from whitechapel.app import ContinueScreen, WhitechapelApp
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.rules import RULES

    game = PocketGame.new(3)
    game.apply(game.legal_actions()[0])
    assert RULES.summary(game.view("jack"), {}, 1).startswith("Mr. Jack Pocket, 1 action\n")
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    players = {"jack": "computer:hard", "investigator": "Ann"}
    Store(tmp_path).save(record_of(game, players=players), "one")
    app = WhitechapelApp(start=ContinueScreen())
    async with app.run_test(size=(120, 24)) as pilot:
        await settle.settle(pilot)
        text = screen_text(app)
        assert "· 1 action " in text and "1 actions" not in text, text
        # testers QD and QE (Pocket round 16): "3 actions jack: computer:hard",
        # no separator and the record's notation
        assert "· 1 action · jack: Hard computer, investigator: Ann" in text, text


async def test_a_finished_game_says_who_won(tmp_path, monkeypatch):
    """Tester D4 (LfW round 42): "Saved-game list says 'finished' but not
    who won"."""
    import settle
    from snapshots import screen_text
    from whitechapel.app import ContinueScreen, WhitechapelApp
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.pocket.game import PocketGame

    game = PocketGame.new(3)
    while game.outcome is None:
        if game.unresolved:
            game.resolve()
            continue
        game.apply(game.legal_actions()[0])
    assert game.outcome is not None
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    Store(tmp_path).save(record_of(game, players={"jack": "computer:hard"}), "over")
    app = WhitechapelApp(start=ContinueScreen())
    async with app.run_test(size=(120, 24)) as pilot:
        await settle.settle(pilot)
        text = screen_text(app)
        assert f"· finished, {game.outcome.winner} won ·" in text, text
