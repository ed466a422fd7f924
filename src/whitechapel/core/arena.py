"""The arena: computer players of given levels play many games of one game
against each other, and the figures that measure them (`whitechapel pocket
arena`).  Any game with computer players (`core/players.py`) plays here;
each game's command line adds the command (`core/arena_command.py`).

Game `i` of a run starts from setup seed `seed + i`, and each side's player
from a seed drawn from it, so a run is repeatable and its games can be
shared among processes (`jobs`) in any order.  Players are asked exactly as
every host asks them (`players.choose`: the side's view and its legal
actions, nothing else), with the time budget given (CPU seconds: see
`core/players.py`, "Time").

Each decision is timed on both clocks: the CPU time of the process that
thought (what a budget counts) and the wall-clock time (what a person
waits), and a decision the wall-clock ceiling ended before its budget was
spent is counted (`ceiling_reached`): on a loaded machine those decisions
thought less than the level's budget, and the figures say so.

A player may keep its own account of its decisions (`audit(view, action)`:
named counts, such as the LfW police's T2 stays and wasted T3 actions,
judged from its view alone); the arena adds them up per side, outside the
decisions' times (`ArenaStats.audit`).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.core.figures import figures_text
from whitechapel.core.registry import rules_for

Z95 = 1.959963984540054


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of wins."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], share: float) -> float:
    """By nearest rank: the value `share` of the values do not exceed."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


CLOCKS = ("cpu", "wall")
Timings = dict[str, dict[str, list[float]]]  # clock -> side -> seconds


@dataclass
class GameResult:
    seed: int
    winner: str
    reason: str
    actions: int
    # per clock ("cpu", "wall"), per side: each decision's seconds, and each
    # turn's (a side's decisions in a row)
    times: Timings
    turns: Timings
    measures: dict[str, float] = field(default_factory=dict)  # the game's own (Rules.measures)
    ceiling_reached: dict[str, int] = field(default_factory=dict)  # per side
    audit: dict[str, dict[str, float]] = field(
        default_factory=dict
    )  # per side: the player's counts

    def row(self) -> dict[str, Any]:
        """How the game ended, as one JSON object (`--games-out`): its seed,
        winner, reason, actions, the game's own measures."""
        return {
            "seed": self.seed,
            "winner": self.winner,
            "reason": self.reason,
            "actions": self.actions,
            **self.measures,
        }


def cut_by_ceiling(answer: players.Answer, budget: float | None) -> bool:
    """Did the wall-clock ceiling end this decision before its CPU budget was
    spent (a loaded machine)?"""
    limit = players.Deadline(budget)
    if limit.ceiling is None or limit.budget is None:
        return False
    return answer.wall >= 0.98 * limit.ceiling and answer.cpu < 0.98 * limit.budget


def player_seed(seed: int, side: str) -> int:
    """A side's player seed in the game of setup seed `seed`."""
    return Chance(seed * 7919 + sum(map(ord, side))).below(2**48)


def play_one(
    game: str,
    levels: dict[str, str],
    seed: int,
    budget: float | None = None,
    options: dict[str, Any] | None = None,
    table: Any = None,
) -> GameResult:
    """One game from setup seed `seed` with these optional rules on this
    table (LfW's board), each side played by its level."""
    rules = rules_for(game)
    options = rules.check_options(options or {})
    setup = rules.random_setup(seed, options, table)
    state = rules.start(setup, options)
    known = players.table_of(game, state)
    seats = {
        side: players.new_player(game, level, side, player_seed(seed, side), known)
        for side, level in levels.items()
    }
    times: Timings = {clock: {side: [] for side in levels} for clock in CLOCKS}
    turns: Timings = {clock: {side: [] for side in levels} for clock in CLOCKS}
    cut = {side: 0 for side in levels}
    counted: dict[str, Counter[str]] = {side: Counter() for side in levels}
    last = None  # the side of the turn under way: its decisions in a row add up
    while state.outcome is None:
        side = state.to_act
        assert side is not None
        view = state.view(side)
        answer = players.choose(seats[side], game, view, budget)
        audit = getattr(seats[side], "audit", None)  # the player's own account, if it keeps one
        if audit is not None:
            counted[side].update(audit(view, answer.action))
        for clock, seconds in (("cpu", answer.cpu), ("wall", answer.wall)):
            times[clock][side].append(seconds)
            if side == last:
                turns[clock][side][-1] += seconds
            else:
                turns[clock][side].append(seconds)
        own = players.own_budget(seats[side]) if budget is None else budget
        cut[side] += cut_by_ceiling(answer, own)
        last = side
        state.play(answer.action, side)
    outcome = state.outcome
    return GameResult(
        seed,
        outcome.winner,
        outcome.reason,
        len(state.history),
        times,
        turns,
        measures=dict(getattr(rules, "measures", lambda s: {})(state)),
        ceiling_reached=cut,
        audit={side: dict(counts) for side, counts in counted.items()},
    )


_Work = tuple[str, dict[str, str], list[int], float | None, dict[str, Any] | None, Any]


def _play_many(args: _Work) -> list[GameResult]:
    game, levels, seeds, budget, options, table = args
    return [play_one(game, levels, s, budget, options, table) for s in seeds]


@dataclass
class ArenaStats:
    game: str
    levels: dict[str, str]  # side -> level
    games: int
    seed: int
    jobs: int
    budget: float | None
    wins: dict[str, int]
    interval: dict[str, tuple[float, float]]  # 95 % Wilson interval of each side's share
    # Each decision's time, per side, in seconds: CPU time of the process
    # that thought (what a budget counts) ...
    decision_mean: dict[str, float]
    decision_p95: dict[str, float]
    decision_max: dict[str, float]
    decisions: dict[str, int]
    seconds: float
    games_per_second: float
    reasons: dict[str, int] = field(default_factory=dict)
    # the game's own figures, each a mean over the games (LfW: nights, moves a night)
    measures: dict[str, float] = field(default_factory=dict)
    # what a turn costs where one side decides many times in a row (LfW's police turn)
    turn_p95: dict[str, float] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    # ... and on the wall clock (what a person waits)
    wall_mean: dict[str, float] = field(default_factory=dict)
    wall_p95: dict[str, float] = field(default_factory=dict)
    wall_max: dict[str, float] = field(default_factory=dict)
    turn_wall_p95: dict[str, float] = field(default_factory=dict)
    # decisions the wall-clock ceiling ended before their budget was spent
    ceiling_reached: dict[str, int] = field(default_factory=dict)
    # per side: the player's own counts (its `audit`), summed over the games
    audit: dict[str, dict[str, float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["interval"] = {s: list(v) for s, v in self.interval.items()}
        return data

    def summary(self) -> str:
        rows = []
        for side, level in self.levels.items():
            low, high = self.interval[side]
            share = self.wins[side] / self.games if self.games else 0.0
            rows.append(
                (
                    f"{side} ({level}) wins",
                    f"{self.wins[side]:>6}  {100 * share:5.1f}%  "
                    f"(95% interval {100 * low:.1f}–{100 * high:.1f}%)",
                )
            )
        for side, level in self.levels.items():
            for clock, means, p95s, most in (
                ("CPU", self.decision_mean, self.decision_p95, self.decision_max),
                ("wall", self.wall_mean, self.wall_p95, self.wall_max),
            ):
                rows.append(
                    (
                        f"{side} ({level}) decisions, {clock}",
                        f"{self.decisions[side]:>6}  mean {1000 * means[side]:.1f} ms, "
                        f"p95 {1000 * p95s[side]:.1f} ms, max {1000 * most[side]:.1f} ms",
                    )
                )
            cut = self.ceiling_reached.get(side, 0)
            if cut:
                rows.append(
                    (
                        f"{side} ({level}) ended by the wall-clock ceiling",
                        f"{cut:>6}  (a loaded machine: less CPU than the budget)",
                    )
                )
        for side, p95 in self.turn_p95.items():
            wall = self.turn_wall_p95.get(side, 0.0)
            rows.append(
                (
                    f"{side} ({self.levels[side]}) whole turn p95",
                    f"{1000 * p95:>9.1f} ms CPU, {1000 * wall:.1f} ms wall",
                )
            )
        for side, counts in self.audit.items():
            for name, value in sorted(counts.items()):
                rows.append((f"{side} ({self.levels[side]}) {name}", f"{value:>9.0f}"))
        for name, value in self.measures.items():
            rows.append((name, f"{value:>9.2f}"))
        rows.append(("games per second", f"{self.games_per_second:>9.2f}"))
        rows.append(
            ("time", f"{self.seconds:>9.1f} s ({self.jobs} process{'es' if self.jobs > 1 else ''})")
        )
        title = f"{self.games} games of {rules_for(self.game).title}, seeds {self.seed}–{self.seed + self.games - 1}"
        return figures_text(title, rows, self.reasons)


def _chunks(seeds: list[int], jobs: int) -> Iterator[list[int]]:
    size = max(1, min(20, len(seeds) // (jobs * 4) or 1))
    for i in range(0, len(seeds), size):
        yield seeds[i : i + size]


def arena(
    game: str,
    levels: dict[str, str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    budget: float | None = None,
    options: dict[str, Any] | None = None,
    table: Any = None,
    each: Callable[[GameResult], None] | None = None,
) -> ArenaStats:
    """Play `games` games (setup seeds `seed`, `seed + 1`, …) between the
    levels given per side, in `jobs` processes, with these optional rules on
    this table (LfW's board; None: the game's default).  `each` is given
    each game's result as it ends (in several processes, in the order they
    end): a progress bar, a file of the games."""
    for side, level in levels.items():
        players.new_player(game, level, side, 0)  # an unknown level fails here, once
    seeds = list(range(seed, seed + games))
    ended = each or (lambda result: None)
    start = time.perf_counter()
    results: list[GameResult] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            work = [(game, levels, c, budget, options, table) for c in _chunks(seeds, jobs)]
            for done in as_completed([pool.submit(_play_many, w) for w in work]):
                part = done.result()
                results += part
                for result in part:
                    ended(result)
        results.sort(key=lambda r: r.seed)  # the figures add up in the same order every run
    else:
        for s in seeds:
            results.append(play_one(game, levels, s, budget, options, table))
            ended(results[-1])
    elapsed = time.perf_counter() - start
    wins = {side: 0 for side in levels}
    reasons: dict[str, int] = {}
    times: Timings = {clock: {side: [] for side in levels} for clock in CLOCKS}
    turns: Timings = {clock: {side: [] for side in levels} for clock in CLOCKS}
    cut = {side: 0 for side in levels}
    sums: dict[str, float] = {}
    counted: dict[str, Counter[str]] = {}
    for r in results:
        for side, counts in r.audit.items():
            counted.setdefault(side, Counter()).update(counts)
        wins[r.winner] += 1
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        for clock in CLOCKS:
            for side, ts in r.times[clock].items():
                times[clock][side].extend(ts)
            for side, ts in r.turns[clock].items():
                turns[clock][side].extend(ts)
        for side, count in r.ceiling_reached.items():
            cut[side] += count
        for name, value in r.measures.items():
            sums[name] = sums.get(name, 0.0) + value
    cpu, wall = times["cpu"], times["wall"]
    several = [s for s in levels if len(turns["cpu"][s]) < len(cpu[s])]  # turns of many decisions
    return ArenaStats(
        game=game,
        levels=dict(levels),
        games=games,
        seed=seed,
        jobs=jobs,
        budget=budget,
        wins=wins,
        interval={side: wilson(wins[side], games) for side in levels},
        decision_mean={s: _mean(t) for s, t in cpu.items()},
        decision_p95={s: percentile(t, 0.95) for s, t in cpu.items()},
        decision_max={s: max(t, default=0.0) for s, t in cpu.items()},
        decisions={s: len(t) for s, t in cpu.items()},
        seconds=elapsed,
        games_per_second=games / elapsed if elapsed > 0 else 0.0,
        reasons=reasons,
        measures={name: total / games for name, total in sums.items()},
        turn_p95={s: percentile(turns["cpu"][s], 0.95) for s in several},
        options=dict(options or {}),
        wall_mean={s: _mean(t) for s, t in wall.items()},
        wall_p95={s: percentile(t, 0.95) for s, t in wall.items()},
        wall_max={s: max(t, default=0.0) for s, t in wall.items()},
        turn_wall_p95={s: percentile(turns["wall"][s], 0.95) for s in several},
        ceiling_reached=cut,
        audit={side: dict(counts) for side, counts in counted.items() if counts},
    )


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
