"""What a benchmark is: a name, a target, how to measure it, and which clock
its figure is read on.

On a shared machine the wall clock counts other people's work too, so a
figure of work done by this process alone (the engines, the players, a
repaint) is timed on the process's CPU clock, `time.process_time`: the
same on an idle machine and a loaded one.  A latency a person waits
through (a key to its frame, an action to its view over the network, a
cold start) can only be read on the wall clock: the runner prints the load
average beside it, so that a figure below target on a busy machine says
why.  Memory and counts are read on no clock."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Clock = Literal["cpu", "wall", "none"]


@dataclass(frozen=True)
class Benchmark:
    name: str
    title: str
    unit: str
    target: float
    higher_is_better: bool
    run: Callable[[float], float]  # given a time budget in seconds, returns the figure
    # "cpu": the process's CPU time (time.process_time); "wall": a latency on
    # the wall clock, the load average printed beside it; "none": not a time
    clock: Clock = "wall"

    def meets(self, figure: float) -> bool:
        return figure >= self.target if self.higher_is_better else figure <= self.target


def sampled(figure: float) -> bool:
    """Whether a figure was measured: a benchmark that took no sample in the
    time it was given (a machine too busy to let it) returns inf or nan,
    which says nothing of the code and is no miss."""
    return math.isfinite(figure)


CALIBRATION_STEPS = 200_000  # one calibration: a plain Python loop of this many steps


def calibrate(steps: int = CALIBRATION_STEPS) -> float:
    """This process's speed at plain Python, in million loop steps per CPU
    second: printed beside every CPU figure, so that a reader can tell a
    slow machine (both low) from slow code (the figure alone low)."""
    start = time.process_time()
    total = 0
    for i in range(steps):
        total += i & 7
    spent = time.process_time() - start
    return steps / spent / 1e6 if spent > 0 else math.inf


def rate(step: Callable[[], int], budget: float) -> float:
    """Calls `step` (which returns how many things it did) until `budget`
    seconds of this process's CPU time have passed; returns things per CPU
    second."""
    done = 0
    start = time.process_time()
    deadline = start + budget
    while True:
        done += step()
        now = time.process_time()
        if now >= deadline:
            return done / (now - start)


def p95(values: list[float]) -> float:
    """The 95th percentile by nearest rank (the value 95 % of the values
    do not exceed); inf when there are none."""
    ordered = sorted(values)
    if not ordered:
        return math.inf
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


async def steady(read: Callable[[], float], most: float = 2.5, every: float = 0.25) -> float:
    """Read a figure (a process tree's memory) every `every` seconds until two
    reads in a row agree within 1 %, or `most` seconds have passed; the last read."""
    waited, last = 0.0, read()
    while waited < most:
        await asyncio.sleep(every)
        waited += every
        now = read()
        if abs(now - last) <= 0.01 * max(abs(last), 1.0):
            return now
        last = now
    return last
