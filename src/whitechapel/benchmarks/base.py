"""What a benchmark is: a name, a target, and how to measure it."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    name: str
    title: str
    unit: str
    target: float
    higher_is_better: bool
    run: Callable[[float], float]  # given a time budget in seconds, returns the figure

    def meets(self, figure: float) -> bool:
        return figure >= self.target if self.higher_is_better else figure <= self.target


def rate(step: Callable[[], int], budget: float) -> float:
    """Calls `step` (which returns how many things it did) until `budget`
    seconds have passed; returns things per second."""
    done = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        done += step()
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def p95(values: list[float]) -> float:
    """The 95th percentile by nearest rank (the value 95 % of the values
    do not exceed); inf when there are none."""
    ordered = sorted(values)
    if not ordered:
        return math.inf
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
