"""Mr. Jack Pocket's commands: `whitechapel pocket [--plain|--load FILE|
--puzzle N|…]`, `whitechapel pocket puzzles [--list]` and `whitechapel
pocket selfplay` and `whitechapel pocket arena`.  Added to the command line through the
game registry; engines and screens are imported only when a command runs."""

from __future__ import annotations

import argparse
import json
from typing import Any

from whitechapel.core.arena_command import add_arena_command
from whitechapel.core.args import checked, player, positive, seed, with_examples
from whitechapel.core.errors import UsageError, WhitechapelError
from whitechapel.core.players import computer_level

_player = player("pocket")


def _puzzle_number(text: str) -> int:
    """`--puzzle N`: a puzzle there is."""
    from whitechapel.pocket.puzzles import puzzle

    number = positive(text)
    checked(lambda _: puzzle(number))(text)
    return number


EXAMPLES = [
    ("whitechapel pocket", "a Pocket game at this keyboard (the last names and mode)"),
    (
        "whitechapel pocket --investigator computer:hard",
        "you play Jack, the computer the investigator",
    ),
    ("whitechapel pocket --jack Ann --investigator Bob", "two players, named"),
    ("whitechapel pocket --handover secrets", "hand-over screens only around Jack's cards"),
    ("whitechapel pocket puzzles", "learn Pocket: six short puzzles"),
    ("whitechapel pocket arena --games 300 --jobs 2", "the computer's levels against each other"),
]


def add_commands(sub: Any) -> None:
    pocket = with_examples(
        sub,
        "pocket",
        "play Mr. Jack Pocket hot-seat (or run its tools)",
        EXAMPLES,
    )
    pocket.add_argument(
        "--seed", type=seed, metavar="N", help="seed for the setup (default: a fresh one)"
    )
    pocket.add_argument(
        "--jack",
        metavar="NAME",
        default="",
        type=_player,
        help="the name of Jack's player, or computer[:LEVEL] to play against the computer"
        " (levels: random, easy, normal, hard; default normal)",
    )
    pocket.add_argument(
        "--investigator",
        metavar="NAME",
        default="",
        type=_player,
        help="the name of the investigator's player, or computer[:LEVEL]",
    )
    pocket.add_argument("--load", metavar="FILE", help="continue the game in this record")
    pocket.add_argument(
        "--handover",
        choices=("always", "secrets"),
        default=None,
        help="hand-over prompt at every change of side, or only around Jack's cards"
        " (default: always, or the mode a loaded record was played in)",
    )
    pocket.add_argument(
        "--plain",
        action="store_true",
        help="play at a plain prompt instead of the full screen (screen readers;"
        " two people, or one against the computer)",
    )
    pocket.add_argument(
        "--puzzle",
        type=_puzzle_number,
        metavar="N",
        help="play puzzle N (see 'whitechapel pocket puzzles')",
    )
    pocket_sub = pocket.add_subparsers(dest="pocket_command", metavar="TOOL")
    puzzles = with_examples(
        pocket_sub,
        "puzzles",
        "puzzles that teach the rules: sight, the witness call, the end",
        [
            ("whitechapel pocket puzzles", "the puzzles' screen: choose one and play it"),
            ("whitechapel pocket puzzles --list", "print the puzzles, numbered"),
            ("whitechapel pocket --puzzle 2", "play puzzle 2 at once"),
        ],
    )
    puzzles.add_argument("--list", action="store_true", help="print the puzzles and exit")
    selfplay = with_examples(
        pocket_sub,
        "selfplay",
        "random legal play on both sides",
        [
            ("whitechapel pocket selfplay", "1000 random games: win rates, rounds, speed"),
            ("whitechapel pocket selfplay --games 50 --seed 7 --json", "50 games, as JSON"),
        ],
    )
    selfplay.add_argument(
        "--games",
        type=positive,
        default=1000,
        metavar="N",
        help="how many games to play (default 1000)",
    )
    selfplay.add_argument(
        "--seed",
        type=seed,
        default=0,
        dest="selfplay_seed",
        metavar="N",
        help="the seed the games are drawn from (default 0)",
    )
    selfplay.add_argument("--json", action="store_true", help="print the figures as JSON")

    arena = add_arena_command(pocket_sub, "pocket", ("jack", "investigator"))
    arena.set_defaults(run=_arena)

    # What each command shows (cli.py, where no terminal can show the full
    # screen): "plain" (it can be played at the plain prompt), "screen"
    # (only the full screen), None (no screen at all).
    pocket.set_defaults(run=_run, full_screen=_screen_of_play, check=_check_play)
    selfplay.set_defaults(run=_selfplay, full_screen=None)
    puzzles.set_defaults(run=_puzzles, full_screen=lambda args: None if args.list else "screen")
    arena.set_defaults(full_screen=None)


def _check_play(args: argparse.Namespace) -> None:
    """`whitechapel pocket`'s options that do not go together (usage
    errors, found before anything starts)."""
    if args.puzzle is not None:
        given = {"plain": args.plain, "load": args.load is not None, "seed": args.seed is not None}
        others = [name for name, there in given.items() if there]
        if others:
            raise UsageError(f"--puzzle cannot be combined with --{others[0]}")
    computers = [n for n in (args.jack, args.investigator) if computer_level(n, "pocket")]
    if len(computers) > 1:  # its sentence is the setup's
        from whitechapel.pocket.ui.setup import check_players

        try:
            check_players({"jack": args.jack, "investigator": args.investigator})
        except WhitechapelError as e:
            raise UsageError(str(e)) from None


def _not_of_pocket(path: str, game: str) -> UsageError:
    """`--load` of another game's record."""
    return UsageError(
        f"{path} is a record of {game!r}, not of Pocket: try 'whitechapel {game} --load'"
    )


def _screen_of_play(args: argparse.Namespace) -> str | None:
    """`whitechapel pocket`: the plain prompt can take a game, two people's
    or against the computer (tester RB, Pocket round 28), not a puzzle."""
    if args.plain:
        return None
    if args.puzzle is not None:
        return "screen"
    return "plain"


def _run(args: argparse.Namespace) -> int:
    if args.puzzle is not None:
        return _puzzle_app(args.puzzle, args)
    _check_play(args)
    return _play_pocket(args) if args.plain else _pocket_app(args)


def _puzzle_app(number: int | None, args: argparse.Namespace) -> int:
    from whitechapel.pocket.puzzles import puzzle

    if number is not None:
        puzzle(number)  # a number out of range is a one-line error, before the app starts
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.ui.entry import SCREENS

    return WhitechapelApp(start=SCREENS.learn_screen(number)).play()


def _puzzles(args: argparse.Namespace) -> int:
    if not args.list:
        return _puzzle_app(None, args)
    from whitechapel.pocket.puzzles import PUZZLES

    for number, p in enumerate(PUZZLES, start=1):
        side = "Jack" if p.side == "jack" else "the investigator"
        print(f"{number}. {p.name} (you play {side}): {p.goal}")
    print("Play one with: whitechapel pocket --puzzle N")
    return 0


def _play_pocket(args: argparse.Namespace) -> int:
    from whitechapel.core.chance import new_seed
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store, load_game
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.console import ConsoleGame

    if getattr(args, "load", None):
        record, game = load_game(args.load)
        if record.game != "pocket":
            raise _not_of_pocket(args.load, record.game)
    else:
        seed = args.seed if getattr(args, "seed", None) is not None else new_seed()
        game = PocketGame.new(seed)
        names = {
            "jack": getattr(args, "jack", ""),
            "investigator": getattr(args, "investigator", ""),
        }
        players = {side: name for side, name in names.items() if name}
        record = record_of(game, seed=seed, players=players)
    from whitechapel.terminal import plain_write

    return ConsoleGame(game, record, Store(), write=plain_write()).run()  # type: ignore[arg-type]


def _pocket_app(args: argparse.Namespace) -> int:
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.ui.setup import pocket_screen

    if args.load:
        from whitechapel.core.store import Store, load_game
        from whitechapel.pocket.ui.entry import SCREENS

        record, game = load_game(args.load)
        if record.game != "pocket":
            raise _not_of_pocket(args.load, record.game)
        if args.handover:  # the mode asked for, over the one it was played in
            record.settings["handover"] = args.handover
        screen = SCREENS.local_screen(game, record, Store())
    else:
        from whitechapel.core import config
        from whitechapel.pocket.ui.setup import remembered

        # What the command line does not say is what was chosen last time
        # (core/config.py): the players' names, the hand-over mode.
        given = {"jack": args.jack, "investigator": args.investigator}
        last = remembered()
        names = {side: name or last.get(side, "") for side, name in given.items()}
        players = {side: name for side, name in names.items() if name}
        handover = args.handover or last.get("handover", "always")
        screen = pocket_screen(args.seed, players, {"handover": handover})
        config.remember(
            "pocket",
            handover=args.handover,
            **{
                side: name
                for side, name in given.items()
                if name and not computer_level(name, "pocket")
            },
        )
    return WhitechapelApp(start=screen).play()


def _selfplay(args: argparse.Namespace) -> int:
    from whitechapel.core.progress import Progress
    from whitechapel.pocket.selfplay import selfplay

    with Progress("whitechapel pocket selfplay", args.games, "games", quiet=args.json) as shown:
        stats = selfplay(args.games, args.selfplay_seed, progress=shown.advance)
    print(json.dumps(stats.to_json(), indent=1) if args.json else stats.summary())
    return 0


def _arena(args: argparse.Namespace) -> int:
    from whitechapel.core.arena_command import run_arena

    return run_arena("pocket", args)
