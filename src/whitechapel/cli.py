"""The `whitechapel` command and its subcommands.

Every error a player can cause prints one line and exits non-zero; no
traceback reaches a player.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from whitechapel import __version__
from whitechapel.core.errors import WhitechapelError


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one clear line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not a whole number") from None


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="whitechapel",
        description="Letters from Whitechapel and Mr. Jack Pocket in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"whitechapel {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    pocket = sub.add_parser("pocket", help="play Mr. Jack Pocket hot-seat (or run its tools)")
    pocket.add_argument("--seed", type=_seed, help="seed for the setup (default: a fresh one)")
    pocket.add_argument("--jack", metavar="NAME", default="", help="the name of Jack's player")
    pocket.add_argument(
        "--investigator", metavar="NAME", default="", help="the name of the investigator's player"
    )
    pocket.add_argument("--load", metavar="FILE", help="continue the game in this record")
    pocket.add_argument(
        "--handover",
        choices=("always", "secrets"),
        default="always",
        help="hand-over prompt at every change of side, or only around Jack's cards",
    )
    pocket.add_argument(
        "--plain", action="store_true", help="play at a plain prompt instead of the full screen"
    )
    pocket_sub = pocket.add_subparsers(dest="pocket_command", metavar="TOOL")
    selfplay = pocket_sub.add_parser("selfplay", help="random legal play on both sides")
    selfplay.add_argument("--games", type=_positive, default=1000)
    selfplay.add_argument("--seed", type=_seed, default=0, dest="selfplay_seed")
    selfplay.add_argument("--json", action="store_true", help="print the figures as JSON")

    lfw = sub.add_parser("lfw", help="play Letters from Whitechapel hot-seat (or run its tools)")
    lfw.add_argument("--seed", type=_seed, dest="game_seed", help="seed (the Chief tokens' order)")
    lfw.add_argument(
        "--map", metavar="FILE", dest="game_map", help="a map file, or 'tutorial' (default: 1888)"
    )
    lfw.add_argument(
        "--options", nargs="*", default=[], metavar="OPT", dest="game_options",
        help="optional rules: O1..O6 or all (they can be changed on the setup screen)",
    )  # fmt: skip
    lfw.add_argument("--jack", metavar="NAME", default="", dest="jack_name",
                     help="the name of Jack's player")  # fmt: skip
    lfw.add_argument("--police", metavar="NAME", default="", dest="police_name",
                     help="the name of the police's player(s)")  # fmt: skip
    lfw.add_argument("--load", metavar="FILE", help="continue the game in this record")
    lfw.add_argument(
        "--no-setup", action="store_true", help="start at once, without the setup screen"
    )
    lfw_sub = lfw.add_subparsers(dest="lfw_command", metavar="TOOL")
    lself = lfw_sub.add_parser("selfplay", help="random legal play on both sides")
    lself.add_argument("--games", type=_positive, default=100)
    lself.add_argument("--seed", type=_seed, default=0)
    lself.add_argument("--map", metavar="FILE", help="a map file, or 'tutorial' (default: 1888)")
    lself.add_argument(
        "--options", nargs="*", default=[], metavar="OPT", help="optional rules: O1..O6 or all"
    )
    lself.add_argument(
        "--jack",
        choices=("random", "homeward"),
        default="random",
        help="Jack's play: random, or heading home most of the time (reaches later nights)",
    )
    lself.add_argument("--json", action="store_true", help="print the figures as JSON")

    replay = sub.add_parser("replay", help="print the final position and outcome of a record")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument(
        "--side",
        choices=("public", "jack", "investigator", "police"),
        default="public",
        help="whose view to print: public (default: what both may see), jack, "
        "investigator (Pocket) or police (Letters from Whitechapel)",
    )
    replay.add_argument("--json", action="store_true", help="print the view as JSON")

    maps = sub.add_parser("map", help="check or draw a Letters from Whitechapel map")
    map_sub = maps.add_subparsers(dest="map_command", metavar="TOOL", required=True)
    check = map_sub.add_parser("check", help="validate a map and print its figures")
    show = map_sub.add_parser("show", help="draw a map in the terminal")
    for tool in (check, show):
        tool.add_argument(
            "file", nargs="?", metavar="FILE", help="a map file, or 'tutorial' (default: 1888)"
        )
    check.add_argument("--json", action="store_true", help="print the figures as JSON")
    show.add_argument("--ascii", action="store_true", help="plain ASCII lines")

    serve = sub.add_parser("serve", help="run a game server (and an SSH gateway with --ssh)")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)"
    )
    serve.add_argument("--port", type=_port, default=7888, help="game protocol port (default 7888)")
    serve.add_argument("--ssh", type=_port, metavar="PORT", help="also serve the app over SSH here")
    access = serve.add_mutually_exclusive_group()
    access.add_argument("--password", help="the SSH access password (default: a new one, printed)")
    access.add_argument("--authorized-keys", metavar="FILE", help="SSH keys allowed in")
    access.add_argument("--open", action="store_true", help="SSH open to anyone, no password")
    serve.add_argument(
        "--insecure-raw-port",
        action="store_true",
        help="beyond loopback, serve the raw protocol port without a password (unencrypted)",
    )

    join = sub.add_parser("join", help="play on a game server: its lobby in this terminal")
    join.add_argument("address", metavar="HOST:PORT")
    join.add_argument("--name", default="", help="your name in the lobby")
    join.add_argument(
        "--password", help="the server's password, if it asks (or $WHITECHAPEL_PASSWORD)"
    )

    bench = sub.add_parser("bench", help="run the speed benchmarks against their targets")
    bench.add_argument(
        "names", nargs="*", metavar="NAME", help="only benchmarks whose name has this"
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--quick", action="store_true", help="shorter runs, rougher figures")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _dispatch(args)
    except WhitechapelError as e:
        print(f"whitechapel: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # a full disk, a folder we may not write to
        where = f" ({e.filename})" if e.filename else ""
        print(f"whitechapel: {e.strerror or e}{where}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _dispatch(args: argparse.Namespace) -> int:
    if args.command is None:
        from whitechapel.app import WhitechapelApp

        WhitechapelApp().run()
        return 0
    if args.command == "pocket":
        if getattr(args, "pocket_command", None) == "selfplay":
            return _selfplay(args)
        if args.plain:
            return _play_pocket(args)
        return _pocket_app(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "lfw":
        if getattr(args, "lfw_command", None) == "selfplay":
            return _lfw_selfplay(args)
        return _lfw_app(args)
    if args.command == "map":
        return _map(args)
    if args.command == "serve":
        from whitechapel.net.run import run_serve

        keys = Path(args.authorized_keys) if args.authorized_keys else None
        if keys is not None and not keys.is_file():
            raise WhitechapelError(f"{keys}: no such file of authorized keys")
        return run_serve(
            host=args.host, port=args.port, ssh_port=args.ssh, password=args.password,
            authorized_keys=keys, open_access=args.open, insecure_raw_port=args.insecure_raw_port,
        )  # fmt: skip
    if args.command == "join":
        from whitechapel.net.run import run_join

        return run_join(args.address, args.name, args.password)
    if args.command == "bench":
        from whitechapel.benchmarks.runner import run_benchmarks

        return run_benchmarks(args.names, as_json=args.json, quick=args.quick)
    raise AssertionError(args.command)


def _play_pocket(args: argparse.Namespace) -> int:
    from whitechapel.core.chance import new_seed
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store, load_game
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.console import ConsoleGame

    if getattr(args, "load", None):
        record, game = load_game(args.load)
        if record.game != "pocket":
            raise WhitechapelError(f"{args.load} is a record of {record.game!r}, not of Pocket")
    else:
        seed = args.seed if getattr(args, "seed", None) is not None else new_seed()
        game = PocketGame.new(seed)
        names = {
            "jack": getattr(args, "jack", ""),
            "investigator": getattr(args, "investigator", ""),
        }
        players = {side: name for side, name in names.items() if name}
        record = record_of(game, seed=seed, players=players)
    return ConsoleGame(game, record, Store()).run()  # type: ignore[arg-type]


def _pocket_app(args: argparse.Namespace) -> int:
    from whitechapel.app import WhitechapelApp, pocket_screen

    if args.load:
        from whitechapel.core.store import Store, load_game
        from whitechapel.pocket.ui.screen import PocketScreen

        record, game = load_game(args.load)
        if record.game != "pocket":
            raise WhitechapelError(f"{args.load} is a record of {record.game!r}, not of Pocket")
        screen = PocketScreen(game, record, Store(), args.handover)  # type: ignore[arg-type]
    else:
        names = {"jack": args.jack, "investigator": args.investigator}
        players = {side: name for side, name in names.items() if name}
        screen = pocket_screen(args.seed, players, args.handover)
    WhitechapelApp(start=screen).run()
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    from whitechapel.pocket.selfplay import selfplay

    stats = selfplay(args.games, args.selfplay_seed)
    print(json.dumps(stats.to_json(), indent=1) if args.json else stats.summary())
    return 0


def _replay(args: argparse.Namespace) -> int:
    """One side's view of a record, built from that side's view alone: an
    unknown side, or a side of the other game, is refused in one line."""
    from whitechapel.core.game import PUBLIC
    from whitechapel.core.registry import rules_for
    from whitechapel.core.store import load_game

    record, game = load_game(args.file)
    rules = rules_for(record.game)
    sides = (PUBLIC, *rules.sides)
    if args.side not in sides:
        raise WhitechapelError(
            f"{rules.title} has no side {args.side!r}: choose one of {', '.join(sides)}"
        )
    view = game.view(args.side)
    if args.json:
        print(json.dumps(view, indent=1))
    else:
        print(rules.summary(view, record.players, len(record.actions)))
    return 0


def _map(args: argparse.Namespace) -> int:
    from whitechapel.core.errors import MapError
    from whitechapel.lfw.map import mapcheck
    from whitechapel.lfw.map.maps import load_board

    try:
        board = load_board(args.file)
    except MapError as e:
        if args.command == "map" and args.map_command == "check" and len(e.problems) > 1:
            for problem in e.problems:
                print(f"whitechapel: {problem}", file=sys.stderr)
            return 1
        raise
    if args.map_command == "check":
        stats = mapcheck.statistics(board)
        if args.json:
            print(json.dumps(mapcheck.stats_json(stats), indent=1))
        else:
            print(mapcheck.stats_text(stats))
            for note in mapcheck.drawing_notes(board):
                print(f"drawing: {note}")
        return 0
    from rich.console import Console

    from whitechapel.lfw.ui.mapdraw import print_map

    print_map(board, Console(), glyphs="ascii" if args.ascii else "lines", places=True)
    return 0


def _lfw_app(args: argparse.Namespace) -> int:
    from whitechapel.app import WhitechapelApp
    from whitechapel.lfw.options import Options
    from whitechapel.lfw.ui.setup import LfwSetup, lfw_screen

    if args.load:
        from whitechapel.core.store import Store, load_game
        from whitechapel.lfw.ui.screen import LfwScreen

        record, game = load_game(args.load)
        if record.game != "lfw":
            raise WhitechapelError(f"{args.load} is a record of {record.game!r}, not of LfW")
        screen = LfwScreen(game, record, Store())  # type: ignore[arg-type]
    else:
        options = Options.from_names(args.game_options)
        names = {"jack": args.jack_name, "police": args.police_name}
        players = {side: name for side, name in names.items() if name}
        if args.game_map:
            from whitechapel.lfw.map.maps import load_board

            load_board(args.game_map)  # a bad map is refused here, with its problems
        if args.no_setup:
            screen = lfw_screen(args.game_seed, options, args.game_map, players)
        else:
            screen = LfwSetup(args.game_seed, options, args.game_map, players)
    WhitechapelApp(start=screen).run()
    return 0


def _lfw_selfplay(args: argparse.Namespace) -> int:
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.options import Options
    from whitechapel.lfw.selfplay import selfplay

    options = Options.from_names(args.options)
    stats = selfplay(args.games, args.seed, options, load_board(args.map), args.jack)
    print(json.dumps(stats.to_json(), indent=1) if args.json else stats.summary())
    return 0
