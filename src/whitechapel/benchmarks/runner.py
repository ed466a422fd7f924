"""Run the benchmarks and print each figure beside its target.

Each line ends with the figure's verdict ("ok" or "below target") and its
clock: "cpu" (the process's CPU time: other work on the machine does not
count) with this process's speed at plain Python measured just before
("calib", million loop steps a CPU second: a slow machine lowers both, slow
code the figure alone), "wall" with the load average at that moment (a
latency, which a busy machine lengthens), or nothing (memory, counts).  A
figure below target is reported, not fatal: `bench` exits 1 for it only
with `--strict`.  A benchmark that took no sample in its time says "no
sample (machine too busy)": no figure, and no miss.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
from importlib import import_module
from typing import Any

from whitechapel.benchmarks.base import Benchmark, calibrate, sampled
from whitechapel.core.registry import entries

# The SSH gateway's figures need the server extra (asyncssh); the web
# gateway's the web extra, Playwright and Debian's chromium.
NEEDS_SERVER_EXTRA = "ssh."
NEEDS_A_BROWSER = "web."


def all_benchmarks() -> list[Benchmark]:
    """Each game's benchmarks (its registry entry names their modules), then
    the server's and the gateways'."""
    from whitechapel.benchmarks import net, ssh, web

    games = [import_module(m) for e in entries() for m in e.benchmarks]
    return [b for module in (*games, net, ssh, web) for b in module.BENCHMARKS]


def missing(bench: Benchmark) -> str | None:
    """What a benchmark needs and this machine has not, as the summary says
    it; None when it can run."""
    if bench.name.startswith(NEEDS_SERVER_EXTRA) and importlib.util.find_spec("asyncssh") is None:
        return "SSH figures: they need the server extra (python3 -m pip install '.[server]')"
    if bench.name.startswith(NEEDS_A_BROWSER):
        if any(
            importlib.util.find_spec(m) is None for m in ("aiohttp", "textual_serve", "playwright")
        ):
            return (
                "web figures: they need the web extra and Playwright (python3 -m pip install "
                "'.[web]' playwright)"
            )
        from whitechapel.benchmarks.browser import chromium

        if chromium() is None:
            return "web figures: they need Debian's chromium (apt-get install chromium)"
    return None


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def load() -> float | None:
    """The 1-minute load average (None where the system has none)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


NO_SAMPLE = "no sample (machine too busy)"

Result = tuple[Benchmark, float, float | None]  # the benchmark, its figure, the load or calib


def clock_note(bench: Benchmark, at_load: float | None) -> str:
    """The clock a figure was read on; `at_load` is the load average for a
    wall-clock figure, the calibration for a CPU one."""
    if bench.clock == "cpu":
        return "cpu" if at_load is None else f"cpu, calib {at_load:.1f} M/s"
    if bench.clock == "wall":
        return "wall" if at_load is None else f"wall, load {at_load:.1f}"
    return ""


def line(bench: Benchmark, figure: float, at_load: float | None, width: int = 56) -> str:
    sign = ">=" if bench.higher_is_better else "<="
    if not sampled(figure):
        return (
            f"{bench.title:<{width}} {'—':>9} {bench.unit:<11} target {sign} "
            f"{_fmt(bench.target):>6}  {NO_SAMPLE}  {clock_note(bench, at_load)}"
        ).rstrip()
    verdict = "ok" if bench.meets(figure) else "below target"
    return (
        f"{bench.title:<{width}} {_fmt(figure):>9} {bench.unit:<11} target {sign} "
        f"{_fmt(bench.target):>6}  {verdict:<12} {clock_note(bench, at_load)}"
    ).rstrip()


def run_benchmarks(
    names: list[str], *, as_json: bool = False, quick: bool = False, strict: bool = False
) -> int:
    chosen = [b for b in all_benchmarks() if not names or any(n in b.name for n in names)]
    if not chosen:
        known = ", ".join(b.name for b in all_benchmarks())
        print(
            f"whitechapel bench: no benchmark matches {' '.join(names)!r} (known: {known})",
            file=sys.stderr,
        )
        return 2
    from whitechapel.core.progress import Progress

    skipped = {b.name: why for b in chosen if (why := missing(b)) is not None}
    chosen = [b for b in chosen if b.name not in skipped]
    budget = 0.5 if quick else 3.0
    results: list[Result] = []
    took: dict[str, float] = {}  # each figure's seconds, wall clock (the JSON says them)
    start = time.perf_counter()
    width = max((len(b.title) for b in chosen), default=0)
    if not as_json:
        at_start = load()
        print(
            f"# {os.cpu_count() or 1} cores"
            + ("" if at_start is None else f", load {at_start:.1f} at the start")
            + "; cpu: timed on this process's CPU "
            "clock; wall: on the wall clock, which other work lengthens",
            flush=True,
        )
    with Progress("whitechapel bench", len(chosen), "figures", quiet=as_json) as shown:
        for bench in chosen:
            shown.advance(0, bench.name)
            calib = calibrate() if bench.clock == "cpu" else None
            began = time.perf_counter()
            figure = bench.run(budget)
            took[bench.name] = time.perf_counter() - began
            at_load = load() if bench.clock == "wall" else calib
            shown.advance(1)
            results.append((bench, figure, at_load))
            if not as_json:
                print(line(bench, figure, at_load, width), flush=True)
    below = [b for b, f, _ in results if sampled(f) and not b.meets(f)]
    if as_json:
        print(
            json.dumps(
                [{**_json(b, f, at), "seconds": round(took[b.name], 2)} for b, f, at in results],
                indent=1,
            )
        )
    else:
        print(_summary(results, below, skipped, time.perf_counter() - start, strict))
    return 1 if strict and below else 0


def _json(bench: Benchmark, figure: float, at_load: float | None) -> dict[str, Any]:
    """A figure as JSON: `figure` and `meets` null when no sample was taken;
    `load` for a wall-clock figure, `calibration` (M steps/s) for a CPU one."""
    out: dict[str, Any] = {
        "name": bench.name,
        "figure": figure if sampled(figure) else None,
        "unit": bench.unit,
        "target": bench.target,
        "higher_is_better": bench.higher_is_better,
        "meets": bench.meets(figure) if sampled(figure) else None,
        "clock": bench.clock,
        "load": at_load if bench.clock == "wall" else None,
    }
    if bench.clock == "cpu":
        out["calibration"] = at_load
    return out


def _summary(
    results: list[Result],
    below: list[Benchmark],
    skipped: dict[str, str],
    seconds: float,
    strict: bool,
) -> str:
    cores = os.cpu_count() or 1
    lines = []
    for why in dict.fromkeys(skipped.values()):
        lines.append(f"skipped {sum(w == why for w in skipped.values())} {why}")
    unsampled = [b.name for b, f, _ in results if not sampled(f)]
    if unsampled:
        lines.append(f"{len(unsampled)} with {NO_SAMPLE}: {', '.join(unsampled)}")
    measured = len(results) - len(unsampled)
    if not below:
        lines.append(f"all {measured} figures measured on target ({seconds:.0f} s)")
        return "\n".join(lines)
    wall = [at for b, _, at in results if b in below and b.clock == "wall" and at is not None]
    why = ""
    if wall and max(wall) >= cores * 0.7:
        why = (
            f"; the wall-clock ones ran at a load of up to {max(wall):.1f} on {cores} "
            "cores, where other work lengthens them"
        )
    lines.append(
        f"{len(below)} of {measured} figures measured below target ({seconds:.0f} s){why}; "
        + ("exit status 1 (--strict)" if strict else "exit status 0 (--strict makes it 1)")
    )
    return "\n".join(lines)
