"""The computer players' time (core/players.py, "Time"): a budget is CPU time
of the thinking process, under a wall-clock ceiling; every host times each
answer on both clocks, and the arena reports both and counts the decisions
the ceiling ended."""

from __future__ import annotations

import time

import pytest

from whitechapel.core import players
from whitechapel.core.arena import arena


class Clock:
    def __init__(self) -> None:
        self.now, self.reads = 0.0, 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now


def test_a_budget_is_cpu_time_and_the_ceiling_wall_time():
    cpu, wall = Clock(), Clock()
    limit = players.Deadline(0.5, cpu=cpu, wall=wall)
    assert limit.ceiling == players.CEILING * 0.5
    wall.now = cpu.now = 0.49
    assert not limit.passed()
    cpu.now, wall.now = 0.5, 0.6  # the budget spent: done
    assert limit.passed()
    cpu.now = wall.now = 0.0  # a loaded machine: little CPU, and the ceiling comes first
    limit = players.Deadline(0.5, cpu=cpu, wall=wall)
    wall.now, cpu.now = players.CEILING * 0.5 - 0.125, 0.125
    assert not limit.passed()
    wall.now = players.CEILING * 0.5
    assert limit.passed()


def test_the_cpu_clock_is_read_only_when_the_budget_may_be_spent():
    """The CPU clock is a system call: while the wall clock has not moved
    as far as the budget, the CPU time cannot have either."""
    cpu, wall = Clock(), Clock()
    limit = players.Deadline(1.0, cpu=cpu, wall=wall)
    before = cpu.reads
    for step in range(99):
        wall.now = step / 100
        cpu.now = step / 300  # a third of a core
        assert not limit.passed()
    assert cpu.reads == before and wall.reads == 100
    wall.now, cpu.now = 1.2, 0.4
    assert not limit.passed() and cpu.reads == before + 1


@pytest.mark.parametrize("budget", [None, 0, -1])
def test_no_budget_or_zero_means_no_deadline(budget):
    cpu, wall = Clock(), Clock()
    limit = players.Deadline(budget, cpu=cpu, wall=wall)
    cpu.now = wall.now = 10**9
    assert not limit.passed() and not limit.bounded and limit.ceiling is None


def test_the_level_s_own_budget_unless_the_host_gives_one():
    assert players.deadline(None, 0.4).budget == 0.4
    assert players.deadline(0.2, 0.4).budget == 0.2
    assert players.deadline(0, 0.4).budget is None  # the search to its own end
    assert players.deadline(0.01).shorter_than(0.03)
    assert not players.deadline(0).shorter_than(0.03)


class Sleeper:
    """Waits for its deadline asleep: no CPU spent, so only the wall-clock
    ceiling can end its decisions (a thinking process that gets no CPU)."""

    level = "sleeper"
    budget = 0.004

    def __init__(self, side: str, seed: int, table: object = None) -> None:
        self.side = side

    def choose(self, view, legal, budget=None):
        limit = players.deadline(budget, self.budget)
        while not limit.passed():
            time.sleep(0.001)
        return legal[0]


def test_the_arena_reports_both_clocks_and_the_decisions_the_ceiling_ended(monkeypatch):
    real = players.players_of("pocket")
    monkeypatch.setattr(players, "players_of", lambda game: {**real, "sleeper": Sleeper})
    stats = arena("pocket", {"jack": "sleeper", "investigator": "random"}, 2, seed=3)
    decisions = stats.decisions["jack"]
    assert decisions > 0
    assert stats.ceiling_reached == {"jack": decisions, "investigator": 0}
    assert stats.wall_p95["jack"] >= players.CEILING * Sleeper.budget
    assert stats.decision_p95["jack"] < Sleeper.budget  # its CPU: asleep
    assert "ended by the wall-clock ceiling" in stats.summary()
    data = stats.to_json()
    assert {"wall_mean", "wall_p95", "wall_max", "ceiling_reached"} <= set(data)
