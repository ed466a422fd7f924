"""Letters from Whitechapel engine speed (issue: the complete rules engine)."""

from __future__ import annotations

import time

from whitechapel.benchmarks.base import Benchmark, rate
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.hunt import legal_escape
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.selfplay import random_game


def four_night_game(budget: float) -> float:
    """Milliseconds for a full random 4-night game on the 1888 board: random
    legal play with every check, Jack mostly heading home so games last;
    measured per night played and scaled to four nights."""
    board = load_board()
    chance = Chance(1888)
    nights = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget or nights < 20:
        game = random_game(seed, chance, Options(), board, jack="homeward")
        nights += game.night
        seed += 1
    return (time.perf_counter() - start) / nights * 4 * 1000


def escape_moves(budget: float) -> float:
    """Positions per second for which the engine lists Jack's legal T1 moves
    (normal, coach, alley) with five policemen on the board."""
    board = load_board()
    chance = Chance(7)
    positions: list[LfwGame] = []
    seed = 0
    while len(positions) < 300:
        game = random_game(seed, chance, Options(), board, jack="homeward")
        seed += 1  # replay the game and keep its T1 positions
        again = LfwGame(game.setup, Options(), board)
        for action in game.history:
            if again.phase == Phase.ESCAPE:
                positions.append(again.clone())
            again.apply(action)

    def step() -> int:
        for g in positions:
            legal_escape(g)
        return len(positions)

    return rate(step, budget)


BENCHMARKS = [
    Benchmark("lfw.game", "LfW: a full random 4-night game", "ms", 20, False, four_night_game),
    Benchmark(
        "lfw.escape",
        "LfW: Jack's T1 moves, five policemen",
        "positions/s",
        20000,
        True,
        escape_moves,
    ),
]
