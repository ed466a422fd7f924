"""The computer players' speed (issue 19: computer players for LfW).

Hard Jack against hard police on the 1888 board, options on in every other
game: each of Jack's decisions, and each whole police turn (the decisions
the police make in a row: T2 and T3 for five policemen, or the Chief's
placements), on both clocks: CPU seconds of the thinking process (what a
budget counts, the same on a shared machine as on an idle one) and the wall
clock (what a person waits, which other work lengthens).  The players are
asked as every host asks them (`players.choose`: the side's view and its
legal actions, the level's own budget)."""

from __future__ import annotations

from collections.abc import Callable

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


def _games(count: int) -> dict[tuple[str, str], list[float]]:
    """(side, clock) -> Jack's decisions, the police's whole turns."""
    level = _level()
    times: dict[tuple[str, str], list[float]] = {
        (side, clock): [] for side in (JACK, POLICE) for clock in ("cpu", "wall")
    }
    for seed in range(count):
        game = LfwGame.new(seed, Options.from_names(["all"] if seed % 2 else []))
        table = RULES.table_of(game)
        seats = {
            s: players.new_player("lfw", level, s, player_seed(seed, s), table) for s in game.sides
        }
        last = None
        while game.outcome is None:
            side = game.to_act
            assert side is not None
            answer = players.choose(seats[side], "lfw", game.view(side))
            for clock, spent in (("cpu", answer.cpu), ("wall", answer.wall)):
                if side == POLICE and last == POLICE:
                    times[POLICE, clock][-1] += spent
                else:
                    times[side, clock].append(spent)
            last = side
            game.play(answer.action, side)
    return times


_CACHE: dict[float, dict[tuple[str, str], list[float]]] = {}


def _measured(budget: float) -> dict[tuple[str, str], list[float]]:
    if budget not in _CACHE:
        _CACHE[budget] = _games(6 if budget >= 2 else 2)
    return _CACHE[budget]


def _p95(side: str, clock: str) -> Callable[[float], float]:
    def figure(budget: float) -> float:
        return 1000 * p95(_measured(budget)[side, clock])

    return figure


BENCHMARKS = [
    Benchmark(
        "lfw.jack_decision_p95",
        "LfW: hard Jack's decision, p95",
        "ms",
        500,
        False,
        _p95(JACK, "cpu"),
        clock="cpu",
    ),
    Benchmark(
        "lfw.jack_decision_wall_p95",
        "LfW: hard Jack's decision, p95 (wall)",
        "ms",
        500,
        False,
        _p95(JACK, "wall"),
        clock="wall",
    ),
    Benchmark(
        "lfw.police_turn_p95",
        "LfW: hard police's whole turn (T2 and T3), p95",
        "ms",
        2000,
        False,
        _p95(POLICE, "cpu"),
        clock="cpu",
    ),
    Benchmark(
        "lfw.police_turn_wall_p95",
        "LfW: hard police's whole turn, p95 (wall)",
        "ms",
        2000,
        False,
        _p95(POLICE, "wall"),
        clock="wall",
    ),
]
