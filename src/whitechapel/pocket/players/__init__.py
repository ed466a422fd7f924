"""Mr. Jack Pocket's computer players (the contract: `core/players.py`).

Each level is a factory `(side, seed) -> player`; a player reads only its
side's view and the legal actions, and none of these modules imports the
engine's state (`tests/test_engine_imports.py`): the search looks ahead on
possible games built from the view (`pocket/worlds.py`).

`teaching` is not a level a person picks (`core/players.levels` lists only
the four): it is the guided game's computer ("Learn by playing",
`teaching.py`), which the guided screen puts in the easy computer's seat."""

from __future__ import annotations

from whitechapel.pocket.players.hard import hard
from whitechapel.pocket.players.search import hard_2026_12, normal
from whitechapel.pocket.players.simple import EasyPlayer, RandomPlayer
from whitechapel.pocket.players.teaching import teaching_player

PLAYERS = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": normal,
    "hard": hard,
    "hard-2026-12": hard_2026_12,  # a frozen reference (core/players.py, `references`)
    "teaching": teaching_player,  # the guided game's computer, never offered (teaching.py)
}
