"""`whitechapel pocket arena`: computer players against each other, the wins
of each side with their 95 % interval, decision times and games per second;
a run is repeatable, in one process or several."""

from __future__ import annotations

import json
import re

import pytest

from whitechapel.cli import main
from whitechapel.core.arena import arena, wilson


def arena_json(capsys, *args: str) -> dict:
    assert main(["pocket", "arena", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_arena_prints_wins_intervals_and_decision_times(capsys):
    argv = ["pocket", "arena", "--jack", "easy", "--investigator", "random", "--games", "40"]
    assert main([*argv, "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "40 games of Mr. Jack Pocket, seeds 5–44" in out
    jack = re.search(
        r"jack \(easy\) wins\s+(\d+)\s+([\d.]+)%\s+\(95% interval ([\d.]+)–([\d.]+)%\)", out
    )
    inv = re.search(r"investigator \(random\) wins\s+(\d+)", out)
    assert jack and inv
    assert int(jack.group(1)) + int(inv.group(1)) == 40
    assert float(jack.group(3)) <= float(jack.group(2)) <= float(jack.group(4))
    assert re.search(r"jack \(easy\) decisions, CPU\s+\d+\s+mean [\d.]+ ms, p95 [\d.]+ ms", out)
    assert re.search(r"jack \(easy\) decisions, wall\s+\d+\s+mean [\d.]+ ms, p95 [\d.]+ ms", out)
    assert re.search(r"games per second\s+[\d.]+", out)
    assert "how games ended:" in out


def test_the_arena_is_repeatable_and_the_same_in_several_processes(capsys):
    args = ("--jack", "random", "--investigator", "easy", "--games", "24", "--seed", "9")
    one = arena_json(capsys, *args)
    again = arena_json(capsys, *args)
    two = arena_json(capsys, *args, "--jobs", "2")
    assert one["wins"] == again["wins"] == two["wins"]
    assert one["reasons"] == two["reasons"]
    assert one["decisions"] == two["decisions"]
    assert sum(one["wins"].values()) == one["games"] == 24
    assert one["levels"] == {"jack": "random", "investigator": "easy"}
    assert two["jobs"] == 2
    low, high = one["interval"]["investigator"]
    assert low <= one["wins"]["investigator"] / 24 <= high


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_arena_writes_each_game_as_it_ends(capsys, tmp_path, jobs):
    """`--games-out FILE`: one JSON line a game (seed, winner, reason,
    actions), the same games as the figures count, in one process or two."""
    path = tmp_path / "games.jsonl"
    args = ("--jack", "random", "--investigator", "easy", "--games", "12", "--seed", "9")
    stats = arena_json(capsys, *args, "--jobs", jobs, "--games-out", str(path))
    games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert sorted(g["seed"] for g in games) == list(range(9, 21))
    for side in ("jack", "investigator"):
        assert sum(g["winner"] == side for g in games) == stats["wins"][side]
    for reason, count in stats["reasons"].items():
        assert sum(g["reason"] == reason for g in games) == count
    assert all(g["actions"] > 0 for g in games)


def test_a_games_file_that_cannot_be_written_is_one_line_before_any_game(capsys, tmp_path):
    where = tmp_path / "no such folder" / "games.jsonl"
    argv = ["pocket", "arena", "--games", "500", "--games-out", str(where)]
    assert main(argv) == 1
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "games.jsonl" in err[0] and "Traceback" not in captured.err
    assert captured.out == ""  # no figures: no game was played
    assert not where.exists()


def test_an_unknown_level_is_one_line(capsys):
    with pytest.raises(SystemExit) as done:  # a usage error (issue 50): exit 2
        main(["pocket", "arena", "--jack", "grandmaster", "--games", "2"])
    assert done.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no 'grandmaster' computer player" in err[0]
    assert "random, easy" in err[0]


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (970, 1000, 0.9574, 0.9790)],
)
def test_the_interval_is_wilsons(wins, games, low, high):
    lo, hi = wilson(wins, games)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_the_arena_counts_each_sides_decisions():
    stats = arena("pocket", {"jack": "random", "investigator": "random"}, 10, seed=1)
    assert sum(stats.wins.values()) == 10
    assert stats.decisions["jack"] > 0 and stats.decisions["investigator"] > 0
    assert stats.decision_p95["jack"] <= stats.decision_max["jack"]


@pytest.mark.parametrize("side", ["jack", "investigator"])
def test_the_frozen_reference_is_a_level_the_arena_seats_on_either_side(capsys, side):
    """`hard-2026-12` (issue 30) is measured against on both sides: the
    arena seats it by name against today's hard."""
    other = "investigator" if side == "jack" else "jack"
    out = arena_json(
        capsys,
        f"--{side}",
        "hard-2026-12",
        f"--{other}",
        "hard",
        "--games",
        "1",
        "--budget",
        "0.02",
    )
    assert out["levels"] == {side: "hard-2026-12", other: "hard"}
    assert out["games"] == 1
