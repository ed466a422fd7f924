"""Letters from Whitechapel's computer players (the contract: `core/players.py`).

Each level is a factory `(side, seed, table) -> player`: `table` is the
board (`setup.table_of`), which every side knows; a player then reads only
its side's view and the legal actions.  Jack's levels are in `jack.py`, the
police's in `police.py`; a level's factory makes the one its side asks for.
None of these modules imports the engine's state
(`tests/test_engine_imports.py`): the police's deduction is the notebook
(`lfw/notebook.py`), which reads views.

`homeward` is not a level a person picks (`core/players.levels` lists only
the four): it is the arena's yardstick, the Jack of `whitechapel lfw
selfplay --jack homeward` as a player.  Nor is `teaching`, each side's
player of the guided first night (`teaching.py`, `teaching_police.py`),
which the guided screen puts in the easy computer's seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitechapel.core.players import Player, PlayerError, RandomPlayer
from whitechapel.lfw.players.jack import JACKS
from whitechapel.lfw.players.police import POLICE_LEVELS
from whitechapel.lfw.players.simple import HomewardJack
from whitechapel.lfw.players.teaching import TeachingJack
from whitechapel.lfw.players.teaching_police import TeachingPolice
from whitechapel.lfw.rulebook import JACK, POLICE

Make = Callable[[str, int, Any], Player]
BY_SIDE: dict[str, dict[str, Make]] = {
    JACK: {"random": RandomPlayer, **JACKS, "homeward": HomewardJack, "teaching": TeachingJack},
    POLICE: {"random": RandomPlayer, **POLICE_LEVELS, "teaching": TeachingPolice},
}


def _level(level: str) -> Make:
    def make(side: str, seed: int, table: Any = None) -> Player:
        made = BY_SIDE.get(side, {}).get(level)
        if made is None:
            raise PlayerError(f"there is no {level!r} computer player for the {side}")
        return made(side, seed, table)

    make.__name__ = f"lfw_{level}"
    return make


PLAYERS = {level: _level(level) for side in BY_SIDE.values() for level in side}
