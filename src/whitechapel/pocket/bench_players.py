"""The computer players' speed (issue: computer players for Pocket).

- Playouts: random games played to their end from possible games built from
  a side's view (`pocket/worlds.py`: the search's one way to the engine),
  per second on one core: the simulation path, on the rules engine itself.
- Search positions: the positions (an action applied to a copy, or a
  witness call judged) the hard player's round search goes through per
  second of its thinking.
- The hard player's playouts per decision: the random games (on the
  playout path, `pocket/playout.py`) with which it chooses among the
  actions its round search finds equal (about half its decisions).
- The hard player's decision time, median and 95th percentile, over the
  positions of a few games (both sides, every step of a round), each
  decision with the level's own budget.  CPU time of the thinking thread,
  so that other work on a shared machine does not count.
"""

from __future__ import annotations

import time

from whitechapel.benchmarks.base import Benchmark, p95, rate
from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.pocket import worlds
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.selfplay import play_randomly
from whitechapel.pocket.views import PocketView


def _positions(count: int, seed: int = 2026) -> list[PocketView]:
    """Views of the side to act, from games of easy players."""
    chance = Chance(seed)
    out: list[PocketView] = []
    game_seed = seed
    while len(out) < count:
        game = PocketGame.new(game_seed)
        game_seed += 1
        seats = {s: players.new_player("pocket", "easy", s, game_seed) for s in game.sides}
        while game.outcome is None and len(out) < count:
            side = game.to_act
            assert side is not None
            view = game.view(side)
            if chance.below(3) == 0:
                out.append(view)
            game.play(players.choose(seats[side], "pocket", view).action, side)
    return out


def playouts(budget: float) -> float:
    """Random games to the end from worlds sampled from views, per second."""
    views = _positions(40)
    chance = Chance(7)
    state = {"i": 0}

    def step() -> int:
        for _ in range(20):
            state["i"] += 1
            world = worlds.sample(views[state["i"] % len(views)], chance)
            play_randomly(world, chance)
        return 20

    return rate(step, budget)


def _hard_decisions(budget: float) -> tuple[list[float], int, float, int]:
    """Decision CPU seconds of the hard player, positions searched and the
    CPU time of the round searches alone (not the playouts after them),
    random games played (the playouts that choose among the best actions)."""
    views = _positions(24 if budget >= 2 else 8)
    times: list[float] = []
    nodes = games = 0
    searching = 0.0
    for i, view in enumerate(views):
        player = players.new_player("pocket", "hard", view.side, i)
        start = time.process_time()
        player.choose(view, view.legal)
        times.append(time.process_time() - start)
        nodes += getattr(player, "nodes", 0)
        searching += getattr(player, "search_cpu", 0.0)
        games += getattr(player, "playouts", 0)
    return times, nodes, searching, games


_CACHE: dict[float, tuple[list[float], int, float, int]] = {}


def _hard(budget: float) -> tuple[list[float], int, float, int]:
    if budget not in _CACHE:
        _CACHE[budget] = _hard_decisions(budget)
    return _CACHE[budget]


def search_positions(budget: float) -> float:
    _, nodes, seconds, _ = _hard(budget)
    return nodes / seconds if seconds else 0.0


def hard_playouts(budget: float) -> float:
    """Random games the hard player plays a decision, on average."""
    times, _, _, games = _hard(budget)
    return games / len(times) if times else 0.0


def hard_p50(budget: float) -> float:
    times = sorted(_hard(budget)[0])
    return 1000 * times[len(times) // 2]


def hard_p95(budget: float) -> float:
    return 1000 * p95(_hard(budget)[0])


BENCHMARKS = [
    Benchmark(
        "pocket.playouts",
        "Pocket: random playouts from a view's worlds",
        "games/s",
        4000,
        True,
        playouts,
        clock="cpu",
    ),
    Benchmark(
        "pocket.search",
        "Pocket: hard search, positions",
        "pos/s",
        20000,
        True,
        search_positions,
        clock="cpu",
    ),
    Benchmark(
        "pocket.hard_playouts",
        "Pocket: hard player's playouts per decision",
        "games",
        1000,
        True,
        hard_playouts,
        clock="none",
    ),
    Benchmark(
        "pocket.hard_p50",
        "Pocket: hard player's decision, median",
        "ms",
        300,
        False,
        hard_p50,
        clock="cpu",
    ),
    Benchmark(
        "pocket.hard_p95",
        "Pocket: hard player's decision, p95",
        "ms",
        1000,
        False,
        hard_p95,
        clock="cpu",
    ),
]
