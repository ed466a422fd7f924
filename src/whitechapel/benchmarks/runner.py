"""Run the benchmarks and print each figure beside its target."""

from __future__ import annotations

import json
import sys
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


def all_benchmarks() -> list[Benchmark]:
    from whitechapel.benchmarks import app, lfw, lfw_app, lfw_map, lfw_ui, net, pocket, ssh

    return [
        *pocket.BENCHMARKS, *app.BENCHMARKS, *lfw_map.BENCHMARKS, *lfw.BENCHMARKS,
        *lfw_ui.BENCHMARKS, *lfw_app.BENCHMARKS, *net.BENCHMARKS, *ssh.BENCHMARKS,
    ]  # fmt: skip


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def run_benchmarks(names: list[str], *, as_json: bool = False, quick: bool = False) -> int:
    chosen = [b for b in all_benchmarks() if not names or any(n in b.name for n in names)]
    if not chosen:
        known = ", ".join(b.name for b in all_benchmarks())
        print(
            f"whitechapel bench: no benchmark matches {' '.join(names)!r} (known: {known})",
            file=sys.stderr,
        )
        return 2
    budget = 0.5 if quick else 3.0
    results = []
    for bench in chosen:
        figure = bench.run(budget)
        results.append((bench, figure))
        if not as_json:
            sign = ">=" if bench.higher_is_better else "<="
            verdict = "ok" if bench.meets(figure) else "BELOW TARGET"
            print(
                f"{bench.title:<46} {_fmt(figure):>12} {bench.unit:<10}"
                f" target {sign} {_fmt(bench.target)} {bench.unit:<10} {verdict}",
                flush=True,
            )
    if as_json:
        print(
            json.dumps(
                [
                    {
                        "name": b.name,
                        "figure": f,
                        "unit": b.unit,
                        "target": b.target,
                        "higher_is_better": b.higher_is_better,
                        "meets": b.meets(f),
                    }
                    for b, f in results
                ],
                indent=1,
            )
        )
    return 0 if all(b.meets(f) for b, f in results) else 1
