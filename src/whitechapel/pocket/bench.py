"""Mr. Jack Pocket engine speed (issue: foundation and Pocket engine)."""

from __future__ import annotations

from whitechapel.benchmarks.base import Benchmark, rate
from whitechapel.core.chance import Chance
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.selfplay import play_randomly, random_game
from whitechapel.pocket.setup import random_setup


def random_games(budget: float) -> float:
    """Full random games (setup, legal actions, apply with every check,
    witness calls) per second on one core."""
    chance = Chance(2026)
    seeds = iter(range(10**9))

    def step() -> int:
        for _ in range(50):
            random_game(next(seeds), chance)
        return 50

    return rate(step, budget)


def legal_and_apply(budget: float) -> float:
    """Legal-action generation followed by one apply, per second."""
    chance = Chance(7)
    setups = [random_setup(s) for s in range(64)]
    state = {"i": 0}

    def step() -> int:
        n = 0
        for _ in range(20):
            state["i"] += 1
            game = play_randomly(PocketGame(setups[state["i"] % 64]), chance)
            n += len(game.history)
        return n

    return rate(step, budget)


BENCHMARKS = [
    Benchmark("pocket.games", "Pocket: random full games", "games/s", 5000, True, random_games, clock="cpu"),
    # The issue asks for this figure to be reported; the target is ours:
    # 5,000 games of about 18 actions need about 90,000 actions a second.
    Benchmark(
        "pocket.actions",
        "Pocket: legal actions + apply",
        "actions/s",
        90000,
        True,
        legal_and_apply,
        clock="cpu",
    ),
]
