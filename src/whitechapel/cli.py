"""The `whitechapel` command and its subcommands.

Every error a player can cause prints one line and exits non-zero; no
traceback reaches a player.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import NoReturn

from whitechapel import __version__
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.registry import entries


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one clear line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="whitechapel",
        description=" and ".join(e.title for e in entries()) + " in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"whitechapel {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for entry in entries():  # each game's own commands (`whitechapel pocket …`)
        import_module(entry.cli).add_commands(sub)

    replay = sub.add_parser("replay", help="print the final position and outcome of a record")
    replay.add_argument("file", metavar="FILE")
    sides = list(dict.fromkeys(["public", *(side for e in entries() for side in e.sides)]))
    replay.add_argument(
        "--side",
        choices=sides,
        default="public",
        help="whose view to print: public (default: what every side may see) or one of "
        "the game's sides",
    )
    replay.add_argument("--json", action="store_true", help="print the view as JSON")

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
    serve.add_argument(
        "--gateway-secret",
        metavar="SECRET",
        help="the secret a gateway on another machine proves itself with over TCP "
        "(default: $WHITECHAPEL_GATEWAY_SECRET; none: only the local socket)",
    )
    serve.add_argument(
        "--server",
        metavar="HOST:PORT",
        help="run only the SSH gateway, into this remote game server (needs --ssh and "
        "--gateway-secret)",
    )

    join = sub.add_parser("join", help="play on a game server: its lobby in this terminal")
    join.add_argument("address", metavar="HOST:PORT", nargs="?", default="")
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
    except BrokenPipeError:  # `| head` stopped reading: nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as e:  # a full disk, a folder we may not write to
        where = f" ({e.filename})" if e.filename else ""
        print(f"whitechapel: {e.strerror or e}{where}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _dispatch(args: argparse.Namespace) -> int:
    if args.command is None:
        from whitechapel.app import WhitechapelApp

        return WhitechapelApp().play()
    if getattr(args, "run", None) is not None:  # a game's command
        return int(args.run(args))
    if args.command == "replay":
        return _replay(args)
    if args.command == "serve":
        from whitechapel.net.run import run_serve

        keys = Path(args.authorized_keys) if args.authorized_keys else None
        if keys is not None and not keys.is_file():
            raise WhitechapelError(f"{keys}: no such file of authorized keys")
        return run_serve(
            host=args.host, port=args.port, ssh_port=args.ssh, password=args.password,
            authorized_keys=keys, open_access=args.open, insecure_raw_port=args.insecure_raw_port,
            server_address=args.server,
            gateway_secret=args.gateway_secret or os.environ.get("WHITECHAPEL_GATEWAY_SECRET"),
        )  # fmt: skip
    if args.command == "join":
        from whitechapel.net.run import run_join

        return run_join(args.address, args.name, args.password)
    if args.command == "bench":
        from whitechapel.benchmarks.runner import run_benchmarks

        return run_benchmarks(args.names, as_json=args.json, quick=args.quick)
    raise AssertionError(args.command)


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


