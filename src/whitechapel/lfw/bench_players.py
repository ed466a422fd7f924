"""The computer players' speed (issue 19: computer players for LfW).

Hard Jack against hard police on the 1888 board, options on in every other
game: each of Jack's decisions, and each whole police turn (the decisions
the police make in a row: T2 and T3 for five policemen, or the Chief's
placements), in CPU seconds of the thinking process, so that other work on
a shared machine does not count.  The players are asked as every host asks
them (`players.choose`: the side's view and its legal actions)."""

from __future__ import annotations

import time

from whitechapel.benchmarks.base import Benchmark, p95
from whitechapel.core import players
from whitechapel.core.arena import player_seed
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.rules import RULES


def _level() -> str:
    """The strongest level there is (hard, once it is written)."""
    return players.levels("lfw")[-1]


def _games(count: int) -> dict[str, list[float]]:
    level = _level()
    times: dict[str, list[float]] = {JACK: [], POLICE: []}  # Jack's decisions, police turns
    for seed in range(count):
        game = LfwGame.new(seed, Options.from_names(["all"] if seed % 2 else []))
        table = RULES.table_of(game)
        seats = {s: players.new_player("lfw", level, s, player_seed(seed, s), table)
                 for s in game.sides}  # fmt: skip
        last = None
        while game.outcome is None:
            side = game.to_act
            assert side is not None
            view = game.view(side)
            start = time.process_time()
            action = players.choose(seats[side], "lfw", view).action
            spent = time.process_time() - start
            if side == POLICE and last == POLICE:
                times[POLICE][-1] += spent
            else:
                times[side].append(spent)
            last = side
            game.play(action, side)
    return times


_CACHE: dict[float, dict[str, list[float]]] = {}


def _measured(budget: float) -> dict[str, list[float]]:
    if budget not in _CACHE:
        _CACHE[budget] = _games(6 if budget >= 2 else 2)
    return _CACHE[budget]


def jack_p95(budget: float) -> float:
    return 1000 * p95(_measured(budget)[JACK])


def police_turn_p95(budget: float) -> float:
    return 1000 * p95(_measured(budget)[POLICE])


BENCHMARKS = [
    Benchmark("lfw.jack_decision_p95", "LfW: hard Jack's decision, p95", "ms", 500, False,
              jack_p95, clock="cpu"),
    Benchmark("lfw.police_turn_p95", "LfW: hard police's whole turn (T2 and T3), p95", "ms",
              2000, False, police_turn_p95, clock="cpu"),
]  # fmt: skip
