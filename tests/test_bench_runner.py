"""`whitechapel bench` on a shared machine (issue 27): each figure says which
clock it was read on (the process's CPU clock, or the wall clock with the
load average beside it), "below target" is reported per figure, and only
--strict turns it into exit status 1."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from whitechapel.benchmarks import base, runner
from whitechapel.benchmarks.base import Benchmark
from whitechapel.cli import main

FAKE = [
    Benchmark(
        "fake.engine", "Fake: engine speed", "games/s", 100, True, lambda b: 250.0, clock="cpu"
    ),
    Benchmark("fake.latency", "Fake: key to frame, p95", "ms", 30, False, lambda b: 45.0),
    Benchmark("fake.memory", "Fake: memory", "MiB", 15, False, lambda b: 9.0, clock="none"),
]


@pytest.fixture
def fake(monkeypatch):
    monkeypatch.setattr(runner, "all_benchmarks", lambda: list(FAKE))
    monkeypatch.setattr(runner, "load", lambda: 3.5)
    monkeypatch.setattr(runner, "calibrate", lambda: 31.25)


def test_below_target_is_reported_per_figure_and_exits_0(fake, capsys):
    assert main(["bench"]) == 0
    out = capsys.readouterr().out.splitlines()
    engine, latency, memory = (next(line for line in out if line.startswith(b.title)) for b in FAKE)
    assert engine.endswith("ok           cpu, calib 31.2 M/s")
    assert "below target" in latency and latency.endswith("wall, load 3.5")
    assert memory.endswith("ok")
    assert "1 of 3 figures measured below target" in out[-1]
    assert "load of up to 3.5" in out[-1] and "--strict" in out[-1]


def test_strict_exits_1_for_a_figure_below_target(fake, capsys):
    assert main(["bench", "--strict"]) == 1
    assert main(["bench", "fake.engine", "--strict"]) == 0
    assert "all 1 figures measured on target" in capsys.readouterr().out


def test_json_says_each_figures_clock_and_load(fake, capsys):
    assert main(["bench", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress either
    figures = {f["name"]: f for f in json.loads(out)}
    assert figures["fake.engine"]["clock"] == "cpu" and figures["fake.engine"]["load"] is None
    assert figures["fake.engine"]["calibration"] == 31.25
    assert all(f.pop("seconds") >= 0 for f in figures.values())  # how long each took
    assert figures["fake.latency"] == {
        "name": "fake.latency",
        "figure": 45.0,
        "unit": "ms",
        "target": 30,
        "higher_is_better": False,
        "meets": False,
        "clock": "wall",
        "load": 3.5,
    }


def test_rate_reads_the_process_cpu_clock(monkeypatch):
    """A rate is things per second of this process's CPU time: the wall
    clock, which other people's work lengthens, is never read."""
    ticks = iter(range(100))

    def wall():
        raise AssertionError("the wall clock was read")

    monkeypatch.setattr(
        base, "time", SimpleNamespace(process_time=lambda: next(ticks) * 0.5, perf_counter=wall)
    )
    # the clock says 0, then 0.5 after each step: 4 steps of 10 things in 2 CPU seconds
    assert base.rate(lambda: 10, budget=2.0) == 20.0


def test_every_figure_says_which_clock_it_is_read_on():
    benches = runner.all_benchmarks()
    assert len({b.name for b in benches}) == len(benches)
    assert {b.clock for b in benches} == {"cpu", "wall", "none"}
    by_name = {b.name: b.clock for b in benches}
    assert by_name["pocket.games"] == "cpu" and by_name["net.duel_p95"] == "wall"


def test_the_ssh_figures_are_skipped_without_the_server_extra(monkeypatch, capsys):
    monkeypatch.setattr(
        runner,
        "all_benchmarks",
        lambda: [*FAKE[:1], Benchmark("ssh.fake", "SSH: fake", "s", 1, False, lambda b: 1 / 0)],
    )
    monkeypatch.setattr(runner.importlib.util, "find_spec", lambda name: None)
    assert main(["bench"]) == 0
    out = capsys.readouterr().out
    assert "SSH: fake" not in out
    assert "skipped 1 SSH figures" in out and "'.[server]'" in out


def test_a_figure_with_no_sample_says_so_and_is_no_miss(fake, monkeypatch, capsys):
    """A benchmark that took no sample in its time (a machine too busy to
    let it: inf) says "no sample (machine too busy)" and is not counted
    below target, with or without --strict."""
    starved = Benchmark(
        "fake.starved", "Fake: starved p95", "ms", 100, False, lambda b: base.p95([])
    )
    monkeypatch.setattr(runner, "all_benchmarks", lambda: [FAKE[0], starved])
    assert main(["bench", "--strict"]) == 0
    out = capsys.readouterr().out.splitlines()
    line = next(line for line in out if line.startswith("Fake: starved"))
    assert "no sample (machine too busy)" in line and "below target" not in line
    assert "1 with no sample (machine too busy): fake.starved" in out
    assert out[-1].startswith("all 1 figures measured on target")
    assert main(["bench", "--json"]) == 0
    figures = {f["name"]: f for f in json.loads(capsys.readouterr().out)}
    assert figures["fake.starved"]["figure"] is None and figures["fake.starved"]["meets"] is None


def test_calibration_is_a_rate_of_plain_python_on_the_cpu_clock(monkeypatch):
    ticks = iter([10.0, 10.1])
    monkeypatch.setattr(base, "time", SimpleNamespace(process_time=lambda: next(ticks)))
    assert base.calibrate(steps=1_000_000) == pytest.approx(10.0)  # 1 M steps in 0.1 s
