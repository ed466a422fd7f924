"""The arena's command, `whitechapel GAME arena`, for every game with
computer players: each game's command line adds it (`add_arena_command`)
and runs it (`run_arena`); the games and the figures are `core/arena.py`'s.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import IO, Any

from whitechapel.core import players
from whitechapel.core.args import arena_level, positive, seconds, with_examples
from whitechapel.core.args import seed as seed_type
from whitechapel.core.files import write_failed
from whitechapel.core.registry import rules_for


def add_arena_command(sub: Any, game: str, game_sides: tuple[str, ...]) -> argparse.ArgumentParser:
    """Add `arena` to a game's subcommands: a `--SIDE LEVEL` per side, the
    number of games, the seed, processes, the budget, JSON, a file of each
    game.  The game's own command adds what else it takes (LfW's map and
    options) and calls `run_arena`."""
    first, second = game_sides[0], game_sides[-1]
    cmd = with_examples(
        sub,
        "arena",
        "computer players against each other: wins, decision times",
        [
            (
                f"whitechapel {game} arena --{first} hard --{second} normal --games 300",
                "300 games: the wins with 95 % intervals",
            ),
            (
                f"whitechapel {game} arena --games 100 --jobs 2 --json",
                "in two processes, as JSON",
            ),
            (
                f"whitechapel {game} arena --games-out games.jsonl",
                "also each game, a line each",
            ),
        ],
    )
    for side in game_sides:
        cmd.add_argument(
            f"--{side}",
            metavar="LEVEL",
            type=arena_level(game, side),
            default="normal",
            dest=f"arena_{side}",
            help=f"the level of the computer playing {side}: random, easy, normal, "
            "hard, or a frozen reference such as hard-2026-12 (default normal)",
        )
    cmd.add_argument(
        "--games",
        type=positive,
        default=100,
        metavar="N",
        help="how many games to play (default 100)",
    )
    cmd.add_argument(
        "--seed",
        type=seed_type,
        default=0,
        dest="arena_seed",
        metavar="N",
        help="game i is played from setup seed N + i (default 0)",
    )
    cmd.add_argument(
        "--jobs",
        type=positive,
        default=1,
        metavar="N",
        help="games played in this many processes at once (default 1)",
    )
    cmd.add_argument(
        "--budget",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="each decision's budget in seconds of CPU time, under a wall-clock "
        f"ceiling of {players.CEILING:g} times that (default: each level's own; 0: no limit, each "
        "search to its own end)",
    )
    cmd.add_argument("--json", action="store_true", help="print the figures as JSON")
    cmd.add_argument(
        "--games-out",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write each game to FILE as it ends, one JSON object a line: its seed, "
        "winner, reason, number of actions and the game's own measures",
    )
    return cmd


def run_arena(
    game: str, args: argparse.Namespace, options: dict[str, Any] | None = None, table: Any = None
) -> int:
    """Play the arena the command's arguments ask for and print its figures."""
    from whitechapel.core.arena import GameResult, arena
    from whitechapel.core.progress import Progress

    levels = {side: getattr(args, f"arena_{side}").lower() for side in rules_for(game).sides}
    for side, level in levels.items():
        players.new_player(game, level, side, 0)  # an unknown level: one line, before any bar
    out: IO[str] | None = None
    if args.games_out is not None:  # a file we may not write: one line, before any game
        try:
            out = args.games_out.open("w", encoding="utf-8")
        except OSError as e:
            raise write_failed(e, args.games_out) from None

    try:
        with Progress(f"whitechapel {game} arena", args.games, "games", quiet=args.json) as shown:

            def ended(result: GameResult) -> None:
                shown.advance(1)
                if out is not None:
                    try:
                        out.write(json.dumps(result.row()) + "\n")
                        out.flush()  # a run's games can be read while it plays
                    except OSError as e:  # a full disk names no file: this is the one
                        raise write_failed(e, args.games_out) from None

            stats = arena(
                game,
                levels,
                args.games,
                args.arena_seed,
                args.jobs,
                args.budget,
                options,
                table,
                each=ended,
            )
    finally:
        if out is not None:
            try:
                out.close()
            except OSError as e:  # what it still held could not be written either
                raise write_failed(e, args.games_out) from None
    print(json.dumps(stats.to_json(), indent=1) if args.json else stats.summary())
    return 0
