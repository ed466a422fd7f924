"""Mr. Jack Pocket's computer players (the contract: `core/players.py`).

Each level is a factory `(side, seed) -> player`; a player reads only its
side's view and the legal actions, and none of these modules imports the
engine's state (`tests/test_engine_imports.py`): the search looks ahead on
possible games built from the view (`pocket/worlds.py`)."""

from __future__ import annotations

from whitechapel.pocket.players.search import hard_2026_12, normal
from whitechapel.pocket.players.simple import EasyPlayer, RandomPlayer

PLAYERS = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": normal,
    "hard": hard_2026_12,
    "hard-2026-12": hard_2026_12,  # a frozen reference (core/players.py, `references`)
}
