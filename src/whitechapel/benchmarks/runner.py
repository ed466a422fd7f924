"""Run the benchmarks and print each figure beside its target."""

from __future__ import annotations

import json
import sys
from importlib import import_module

from whitechapel.benchmarks.base import Benchmark
from whitechapel.core.registry import entries


def all_benchmarks() -> list[Benchmark]:
    """Each game's benchmarks (its registry entry names their modules), then
    the server's and the SSH gateway's."""
    from whitechapel.benchmarks import net, ssh

    games = [import_module(m) for e in entries() for m in e.benchmarks]
    return [b for module in (*games, net, ssh) for b in module.BENCHMARKS]


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
    from whitechapel.core.progress import Progress

    budget = 0.5 if quick else 3.0
    results = []
    with Progress("whitechapel bench", len(chosen), "figures", quiet=as_json) as shown:
        for bench in chosen:
            shown.advance(0, bench.name)
            figure = bench.run(budget)
            shown.advance(1)
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
