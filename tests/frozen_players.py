"""Frozen references: a level kept as it played at a date (`hard-2026-12`),
so that progress is measured against it (core/players.py, `references`).

A reference is a name in a game's `PLAYERS`; its code is a versioned
configuration of players that are still used (or a frozen copy of them),
and this harness holds it to what it played when it was frozen: games
recorded then, with no time limit (budget 0: each search to its own end,
which is deterministic), are played again by the reference and must be
the very same games, action by action.

Freezing a level (any game with players):

    python tests/frozen_players.py GAME LEVEL NAME [--options NAME ...]

plays the recorded games with today's LEVEL (both sides, and each side
against `random`, on setup seeds 0, 1, 2, …) and writes them to
`tests/data/frozen/GAME-NAME.json`; then add NAME to the game's `PLAYERS`
and a test calling `check(GAME, NAME)` (test_pocket_players.py has one).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from whitechapel.core import players
from whitechapel.core.arena import player_seed
from whitechapel.core.registry import rules_for

DATA = Path(__file__).parent / "data" / "frozen"


def play(
    game: str,
    levels: dict[str, str],
    seed: int,
    options: dict[str, Any] | None = None,
    table: Any = None,
) -> list[str]:
    """The actions of one game from setup seed `seed`, each side played by
    its level with no time limit, asked as the arena asks."""
    rules = rules_for(game)
    options = rules.check_options(options or {})
    state = rules.start(rules.random_setup(seed, options, table), options)
    known = players.table_of(game, state)
    seats = {
        side: players.new_player(game, level, side, player_seed(seed, side), known)
        for side, level in levels.items()
    }
    out = []
    while state.outcome is None:
        side = state.to_act
        answer = players.choose(seats[side], game, state.view(side), 0)
        out.append(answer.action)
        state.play(answer.action, side)
    return out


def pairings(game: str, level: str) -> list[dict[str, str]]:
    """The level against itself, then each side against `random`."""
    sides = rules_for(game).sides
    return [
        {side: level for side in sides},
        *({side: (level if side == mine else "random") for side in sides} for mine in sides),
    ]


def record(game: str, level: str, name: str, games: int, options: dict[str, Any]) -> Path:
    rules = rules_for(game)
    first = rules.start(rules.random_setup(0, rules.check_options(options), None), options)
    table = players.table_of(game, first)  # the board the games were played on
    out = []
    for pairing in pairings(game, level):
        for seed in range(games):
            actions = play(game, pairing, seed, options)
            out.append({"levels": pairing, "seed": seed, "actions": actions})
            print(f"{pairing} seed {seed}: {len(actions)} actions", file=sys.stderr)
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"{game}-{name}.json"
    data = {
        "game": game,
        "level": level,
        "name": name,
        "options": options,
        "table": table,
        "games": out,
    }
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path


def recorded(game: str, name: str) -> dict[str, Any]:
    return json.loads((DATA / f"{game}-{name}.json").read_text())


def check(game: str, name: str, per_pairing: int | None = None) -> int:
    """Play the recorded games (the first `per_pairing` of each pairing, or
    all) with the reference `name` in place of the level it froze; returns
    how many were compared (an AssertionError names the first that differs)."""
    data = recorded(game, name)
    compared = 0
    for entry in data["games"]:
        if per_pairing is not None and entry["seed"] >= per_pairing:
            continue
        levels = {
            side: (name if level == data["level"] else level)
            for side, level in entry["levels"].items()
        }
        again = play(game, levels, entry["seed"], data["options"], data.get("table"))
        assert again == entry["actions"], (
            f"{name} as {entry['levels']}, seed {entry['seed']}: "
            f"{len(again)} actions, first difference at "
            f"{next((i for i, (a, b) in enumerate(zip(again, entry['actions'], strict=False)) if a != b), min(len(again), len(entry['actions'])))}"
        )
        compared += 1
    return compared


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="record a level's games, to freeze it as NAME")
    parser.add_argument("game")
    parser.add_argument("level")
    parser.add_argument("name")
    parser.add_argument("--games", type=int, default=4, help="games per pairing (default 4)")
    parser.add_argument("--options", nargs="*", default=[], help="the game's optional rules, on")
    args = parser.parse_args()
    opts = {o: True for o in args.options}
    print(record(args.game, args.level, args.name, args.games, opts))
