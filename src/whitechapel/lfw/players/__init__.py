"""Letters from Whitechapel's computer players (the contract: `core/players.py`).

Each level is a factory `(side, seed, table) -> player`: `table` is the
board (`setup.table_of`), which every side knows; a player then reads only
its side's view and the legal actions.  None of these modules imports the
engine's state (`tests/test_engine_imports.py`): the police's deduction is
the notebook (`lfw/notebook.py`), which reads views.

`homeward` is not a level a person picks: it is the arena's yardstick, the
Jack of `whitechapel lfw selfplay --jack homeward` as a player.
"""

from __future__ import annotations

from whitechapel.lfw.players.simple import HomewardJack, RandomPlayer

PLAYERS = {
    "random": RandomPlayer,
    "homeward": HomewardJack,
}
