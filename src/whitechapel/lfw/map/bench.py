"""Letters from Whitechapel map speed (issue: the map model)."""

from __future__ import annotations

import statistics
import time

from whitechapel.benchmarks.base import Benchmark, rate
from whitechapel.core.chance import Chance
from whitechapel.lfw.map.board import DEFAULT_MAP, Board


def load_default(budget: float) -> float:
    """CPU milliseconds to read, parse and derive every relation of the 1888
    board (median of repeated loads)."""
    times: list[float] = []
    deadline = time.perf_counter() + budget
    while time.perf_counter() < deadline or len(times) < 5:
        start = time.process_time()
        Board.builtin(DEFAULT_MAP)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def jack_moves(budget: float) -> float:
    """Positions per second for which Jack's legal moves are listed: normal
    moves with five policemen on the board, coach routes and alleys."""
    board = Board.builtin(DEFAULT_MAP)
    chance = Chance(5)
    positions = []
    for _ in range(500):
        police = board.police_mask(chance.shuffled(board.crossings)[:5])
        positions.append((chance.choice(board.circles), police))

    def step() -> int:
        for circle, police in positions:
            board.jack_moves(circle, police)
            board.coach_routes(circle, police)
            board.alley_destinations(circle)
        return len(positions)

    return rate(step, budget)


BENCHMARKS = [
    Benchmark(
        "lfw.map.load",
        "LfW: load and derive the 1888 board",
        "ms",
        150,
        False,
        load_default,
        clock="cpu",
    ),
    Benchmark(
        "lfw.map.jack",
        "LfW: Jack's legal moves, five policemen",
        "positions/s",
        20000,
        True,
        jack_moves,
        clock="cpu",
    ),
]
