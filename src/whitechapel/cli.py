"""The `whitechapel` command and its subcommands.

Every error a player can cause prints one line and exits non-zero; no
traceback reaches a player.
"""

from __future__ import annotations

import argparse
import errno
import importlib.util
import ipaddress
import json
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from whitechapel import __version__
from whitechapel.core.args import checked, describe, examples, with_examples
from whitechapel.core.errors import UsageError, WhitechapelError
from whitechapel.core.registry import entries

if TYPE_CHECKING:
    from whitechapel.net.admission import AdmissionLimits


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one clear line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _address(text: str) -> str:
    """HOST:PORT (or HOST alone) as `join` takes it: a bad one is a usage
    error (exit status 2), before anything connects."""
    from whitechapel.net.access import parse_address

    try:
        parse_address(text, 0)
    except WhitechapelError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def _room_code(text: str) -> str:
    """A room's code as `join` takes it (issue 50's invite line): letters
    and digits, any case; a bad one is a usage error."""
    code = text.strip().upper()
    if not (code.isascii() and code.isalnum() and 0 < len(code) <= 12):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a room's code (as K7QX)")
    return code


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return int(text)


SERVE_EXAMPLES = [
    ("whitechapel serve --ssh 2222", "a server on this machine; players run ssh -p 2222 NAME@HOST"),
    ("whitechapel serve --host 0.0.0.0 --ssh 2222", "the same, reached from the local network"),
    ("whitechapel serve --ssh 2222 --authorized-keys FILE", "only these SSH keys get in"),
    ("whitechapel serve --port 7888", "the game server alone: players run whitechapel join"),
]
WEB_EXAMPLES = [
    ("whitechapel web", "the lobby in a browser, at http://127.0.0.1:8888/ (a password, printed)"),
    ("whitechapel web --host 0.0.0.0 --password P", "the same, for the local network"),
    ("whitechapel web --server 127.0.0.1:7888", "the lobby of a game server already running here"),
]
JOIN_EXAMPLES = [
    ("whitechapel join 127.0.0.1:7888 --name Ann", "the lobby of a server on this machine"),
    ("whitechapel join HOST:7888 --name Ann", "a server elsewhere: it asks for its password"),
]
MORE_EXAMPLES = [
    ("whitechapel", "the menu: every game, Continue, Learn, Rules"),
    ("whitechapel COMMAND --help", "what a command does, its options and examples"),
    ("whitechapel config", "what is remembered between starts (names, levels, theme)"),
    ("whitechapel completion bash", "the script of tab completion for bash (or zsh, fish)"),
    ("whitechapel man", "the manual page: every command's help in one"),
]


def build_parser() -> argparse.ArgumentParser:
    games = [import_module(entry.cli) for entry in entries()]
    parser = _Parser(
        prog="whitechapel",
        description=" and ".join(e.title for e in entries()) + " in the terminal.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples(
            [
                MORE_EXAMPLES[0],
                *(row for game in games for row in game.EXAMPLES[:2]),
                JOIN_EXAMPLES[0],
                SERVE_EXAMPLES[0],
                *MORE_EXAMPLES[1:],
            ]
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"whitechapel {__version__}",
        help="print the version installed and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for game in games:  # each game's own commands (`whitechapel pocket …`)
        game.add_commands(sub)

    replay = with_examples(
        sub,
        "replay",
        "print the final position and outcome of a record",
        [
            ("whitechapel replay FILE", "what every side may see of the record FILE"),
            ("whitechapel replay FILE --side jack", "what Jack's side sees"),
            ("whitechapel replay FILE --json", "the public view, as JSON"),
        ],
    )
    replay.add_argument("file", metavar="FILE", help="a game record (a saved game)")
    sides = list(dict.fromkeys(["public", *(side for e in entries() for side in e.sides)]))
    replay.add_argument(
        "--side",
        choices=sides,
        default="public",
        help="whose view to print: public (default: what every side may see) or one of "
        "the game's sides",
    )
    replay.add_argument("--json", action="store_true", help="print the view as JSON")

    serve = with_examples(
        sub,
        "serve",
        "run a game server (and an SSH gateway with --ssh)",
        SERVE_EXAMPLES,
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="HOST",
        help="address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every network)",
    )
    serve.add_argument(
        "--port",
        type=_port,
        default=7888,
        metavar="PORT",
        help="the game protocol's port, for whitechapel join (default 7888)",
    )
    serve.add_argument("--ssh", type=_port, metavar="PORT", help="also serve the app over SSH here")
    access = serve.add_mutually_exclusive_group()
    access.add_argument(
        "--password",
        metavar="PASSWORD",
        help="the SSH access password (default: a new one, printed)",
    )
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
        type=_address,
        metavar="HOST:PORT",
        help="run only the SSH gateway, into this remote game server (needs --ssh and "
        "--gateway-secret)",
    )
    _limit_option(serve)
    serve.set_defaults(check=_check_serve)

    web = with_examples(
        sub,
        "web",
        "serve a game server's lobby to web browsers",
        WEB_EXAMPLES,
        description="Serve the lobby of a game server to web browsers: each page is a player, "
        "as an SSH session is. Needs the web extra.",
    )
    web.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="HOST",
        help="address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every network)",
    )
    web.add_argument(
        "--port", type=_port, default=8888, metavar="PORT", help="the web port (default 8888)"
    )
    web_access = web.add_mutually_exclusive_group()
    web_access.add_argument(
        "--password", metavar="PASSWORD", help="the login password (default: a new one, printed)"
    )
    web_access.add_argument("--open", action="store_true", help="open to anyone, no password")
    web.add_argument(
        "--game-port",
        type=_port,
        default=7888,
        metavar="PORT",
        help="the game server's port on 127.0.0.1, for whitechapel join (default "
        "7888; 0: any free one)",
    )
    web.add_argument(
        "--server",
        type=_address,
        metavar="HOST:PORT",
        help="serve the lobby of this game server instead of running one",
    )
    web.add_argument(
        "--gateway-secret",
        metavar="SECRET",
        help="with --server elsewhere: the game server's gateway secret (default: "
        "$WHITECHAPEL_GATEWAY_SECRET)",
    )
    web.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name browsers reach this server by (repeatable; IP addresses "
        "and localhost always work)",
    )
    web.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy's address or network (e.g. 127.0.0.1, 10.0.0.0/8; "
        "repeatable): its X-Forwarded-For / Forwarded header gives the browser's address",
    )
    _limit_option(web)

    join = with_examples(
        sub,
        "join",
        "play on a game server: its lobby in this terminal",
        JOIN_EXAMPLES,
    )
    join.add_argument(
        "address",
        type=_address,
        metavar="HOST:PORT",
        help="the game server's address and port (its port: 7888 if left out)",
    )
    join.add_argument(
        "room",
        nargs="?",
        type=_room_code,
        metavar="ROOM",
        help="a room's code (as K7QX): joined at once, as an invite line says",
    )
    join.add_argument("--name", default="", metavar="NAME", help="your name in the lobby")
    join.add_argument(
        "--password",
        metavar="PASSWORD",
        help="the server's password, if it asks (or $WHITECHAPEL_PASSWORD)",
    )

    config = with_examples(
        sub,
        "config",
        "what whitechapel remembers between starts: show it, where it is, forget it",
        [
            ("whitechapel config", "the settings in effect"),
            ("whitechapel config path", "where the settings file is"),
            ("whitechapel config reset", "forget every choice"),
        ],
        description="Names, computer levels, theme and each game's settings are "
        "remembered in a settings file (TOML) each time you start a game.",
    )
    config.add_argument(
        "action",
        nargs="?",
        choices=("show", "path", "reset"),
        default="show",
        metavar="show|path|reset",
        help="show: print the settings (default); path: where the file is; reset: remove it, "
        "so every choice is back at its default",
    )

    bench = with_examples(
        sub,
        "bench",
        "run the speed benchmarks against their targets",
        [
            ("whitechapel bench --quick", "every benchmark, shorter runs"),
            ("whitechapel bench lfw --strict", "those named lfw; exit 1 below a target"),
        ],
        description="Run the speed benchmarks and print each figure beside its target. Work "
        "done by this process is timed on its CPU clock ('cpu'); latencies on the wall clock, "
        "with the load average beside them ('wall'). A figure below target is reported; only "
        "--strict makes it an exit status of 1.",
    )
    bench.add_argument(
        "names", nargs="*", metavar="NAME", help="only benchmarks whose name has this"
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--quick", action="store_true", help="shorter runs, rougher figures")
    bench.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 if any figure is below its target (default: report it, exit 0)",
    )
    _add_completion_commands(sub)
    describe(parser)
    return parser


def _add_completion_commands(sub: argparse._SubParsersAction[_Parser]) -> None:
    """`whitechapel completion SHELL` and `whitechapel man` (completion.py)."""
    from whitechapel.completion import INSTALL, MAN_INSTALL, SHELLS

    completion = with_examples(
        sub,
        "completion",
        "print the shell completion script (bash, zsh or fish)",
        list(INSTALL.values()),
    )
    completion.add_argument("shell", choices=SHELLS, metavar="bash|zsh|fish", help="the shell")
    man = with_examples(
        sub,
        "man",
        "print the manual page (troff), every command's help in one",
        [
            ("whitechapel man | man -l -", "read it now"),
            (MAN_INSTALL, "for man whitechapel (with ~/.local/share/man in the manual path)"),
        ],
    )
    man.set_defaults(shell=None)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line read.  `join`'s room code may come after its
    options as well as before them (tester PX, Pocket round 13: `join HOST
    --name Ann GUJQ` was refused as "unrecognized arguments"; argparse
    gives an optional positional its turn only once)."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    joining = getattr(args, "command", None) == "join" and args.room is None
    if joining and len(extra) == 1 and not extra[0].startswith("-"):
        try:
            args.room = _room_code(extra[0])
        except argparse.ArgumentTypeError as e:
            parser.error(f"argument ROOM: {e}")
        return args
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    try:
        # The program itself fits its terminal (a test's main([...]) drives
        # none); `join` first says whether the server can be reached.
        args.fit_terminal = argv is None
        check = getattr(args, "check", None)
        if callable(check):  # options that do not go together: before anything starts
            check(args)
        if args.fit_terminal and args.command != "join":
            _fit_the_terminal(args)
        code = _dispatch(args)
        from whitechapel.core.files import write_out

        write_out("")  # what is left of the output, its failure said here, not at exit
        return code
    except UsageError as e:  # parts that do not go together: a usage error, as argparse's
        prog = " ".join(["whitechapel", *([args.command] if args.command else [])])
        print(f"{prog}: {e} (see '{prog} --help')", file=sys.stderr)
        return 2
    except WhitechapelError as e:
        print(f"whitechapel: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `| head` stopped reading: nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as e:  # a full disk, a folder we may not write to: the file named
        print(f"whitechapel: {_os_problem(e)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


# A disk that is full, over quota or past a file's size: only writes fail so.
_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


def _os_problem(error: OSError) -> str:
    """An OSError that reached the command line, as one sentence naming its
    file: a write's names the file meant (core/files.py, `WriteFailed`);
    one the system met elsewhere names its file when it has one."""
    from whitechapel.core.files import WriteFailed, standard_output, write_failed

    if isinstance(error, WriteFailed):
        return str(error)
    if error.filename is None and error.errno in _FULL:  # no file opened: a write's
        return str(write_failed(error, standard_output()))  # to standard output
    reason = error.strerror or (os.strerror(error.errno) if error.errno else str(error))
    return f"{error.filename}: {reason}" if error.filename else reason


def _fit_the_terminal(args: argparse.Namespace) -> None:
    """Where no terminal can show the full screen (a pipe, `TERM=dumb`),
    a game that can be played at the plain prompt is played there, said in
    one line; any other full-screen command is one sentence saying how to
    play there.  Commands that show no screen run as they are."""
    from whitechapel.terminal import full_screen_problem

    if args.command is None:
        shows: str | None = "screen"
    else:
        judge = getattr(args, "full_screen", None)
        shows = judge(args) if callable(judge) else None
    if shows is None:
        return
    problem = full_screen_problem()
    if problem is None:
        return
    if shows == "plain":
        args.plain = True
        print(f"whitechapel: {problem}: playing at the plain prompt (--plain)", file=sys.stderr)
        return
    plain = " or ".join(f"'whitechapel {e.name} --plain'" for e in entries())
    raise WhitechapelError(f"{problem}: two people can play at the plain prompt with {plain}")


def _dispatch(args: argparse.Namespace) -> int:
    if args.command is None:
        from whitechapel.app import WhitechapelApp

        return WhitechapelApp().play()
    if getattr(args, "run", None) is not None:  # a game's command
        return int(args.run(args))
    if args.command == "replay":
        return _replay(args)
    if args.command == "serve":
        if args.ssh is not None:
            _need_server_extra()
        from whitechapel.gateway.serve import run_serve

        if args.server is not None:
            _reachable(args.server)
        keys = Path(args.authorized_keys) if args.authorized_keys else None
        if keys is not None and not keys.is_file():
            raise WhitechapelError(f"{keys}: no such file of authorized keys")
        return run_serve(
            admission=_admission(args.limit),
            host=args.host,
            port=args.port,
            ssh_port=args.ssh,
            password=args.password,
            authorized_keys=keys,
            open_access=args.open,
            insecure_raw_port=args.insecure_raw_port,
            server_address=args.server,
            gateway_secret=_gateway_secret(args),
        )
    if args.command == "web":
        _need_web_extra()
        if args.server is not None:
            _reachable(args.server)
        from whitechapel.web.serve import run_web

        return run_web(
            admission=_admission(args.limit),
            trusted_proxies=_networks(args.trusted_proxy),
            host=args.host,
            port=args.port,
            password=args.password,
            open_access=args.open,
            game_port=args.game_port,
            server_address=args.server,
            gateway_secret=args.gateway_secret or os.environ.get("WHITECHAPEL_GATEWAY_SECRET"),
            allow_hosts=tuple(args.allow_host),
        )
    if args.command == "join":
        from whitechapel.join import run_join

        return run_join(
            args.address,
            args.name,
            args.password,
            room=args.room,
            fit_terminal=args.fit_terminal,
        )
    if args.command == "config":
        return _config(args.action)
    if args.command in ("completion", "man"):
        from whitechapel.completion import completion_script, man_page
        from whitechapel.core.files import write_out

        parser = build_parser()
        # sent to a file (`> FILE`), a full disk is said naming that file
        write_out(completion_script(parser, args.shell) if args.shell else man_page(parser))
        return 0
    if args.command == "bench":
        from whitechapel.benchmarks.runner import run_benchmarks

        return run_benchmarks(args.names, as_json=args.json, quick=args.quick, strict=args.strict)
    raise AssertionError(args.command)


def _reachable(address: str) -> None:
    """A gateway into a game server elsewhere (`--server HOST:PORT`) starts
    only if that server can be reached now: one sentence and exit status 1
    if not, as `join` does (join.py, `first_contact`)."""
    import socket

    from whitechapel.join import FIRST_CONTACT_SECONDS
    from whitechapel.net.access import parse_address
    from whitechapel.net.server import DEFAULT_PORT

    host, port = parse_address(address, DEFAULT_PORT)
    try:
        with socket.create_connection((host, port), timeout=FIRST_CONTACT_SECONDS):
            pass
    except socket.gaierror:
        raise WhitechapelError(
            f"cannot reach the game server at {host}:{port}: there is no host named {host!r}"
        ) from None
    except OSError as e:
        said = os.strerror(e.errno) if e.errno else str(e) or "no answer"
        raise WhitechapelError(
            f"cannot reach the game server at {host}:{port}: {said.lower()}"
        ) from None


SERVER_EXTRA = (
    "serving over SSH needs the server extra (asyncssh): run python3 -m pip install "
    "'.[server]' in whitechapel's folder (or uv tool install '.[server]', or pipx install "
    "--force '.[server]')"
)


def _one_limit(text: str) -> object:
    """One `--limit`: a limit there is, with a value it takes."""
    from whitechapel.net.admission import AdmissionLimits, parse_limit

    name, value = parse_limit(text)
    return AdmissionLimits().with_settings({name: value})


def _limit_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--limit",
        action="append",
        default=[],
        type=checked(_one_limit),
        metavar="LIMIT",
        help="an admission limit as DOOR.NAME=N (repeatable), e.g. web.pending=512 or ssh.live=200; "
        'also the settings file\'s [limits] table (docs/hosting.md, "Admission")',
    )


def _admission(given: list[str]) -> AdmissionLimits:
    """The admission limits: the defaults, then the settings file's
    `[limits]`, then each `--limit`; one sentence for a bad one."""
    from whitechapel.core.config import config_path, host_limits
    from whitechapel.net.admission import AdmissionLimits, parse_limit

    try:
        limits = AdmissionLimits().with_settings(host_limits())
    except WhitechapelError as e:
        raise WhitechapelError(f"{config_path()}: [limits]: {e}") from None
    return limits.with_settings(dict(parse_limit(text) for text in given))


def _networks(given: list[str]) -> tuple[str, ...]:
    """`--trusted-proxy` values, each an address or a network."""
    for text in given:
        try:
            ipaddress.ip_network(text, strict=False)
        except ValueError:
            raise UsageError(
                f"--trusted-proxy {text!r} is not an address or a network (e.g. 127.0.0.1, "
                "10.0.0.0/8, ::1)"
            ) from None
    return tuple(given)


def _check_serve(args: argparse.Namespace) -> None:
    """`whitechapel serve`'s options that do not go together."""
    from whitechapel.net.access import raw_port_password

    if args.server is not None and (args.ssh is None or not _gateway_secret(args)):
        raise UsageError("--server runs only the SSH gateway: give --ssh PORT and --gateway-secret")
    try:  # --open beyond loopback, without --insecure-raw-port
        raw_port_password(
            args.host, args.password, open_access=args.open, insecure=args.insecure_raw_port
        )
    except WhitechapelError as e:
        raise UsageError(str(e)) from None


def _gateway_secret(args: argparse.Namespace) -> str | None:
    return args.gateway_secret or os.environ.get("WHITECHAPEL_GATEWAY_SECRET")


def _need_server_extra() -> None:
    """Only a host needs asyncssh (`pip install '.[server]'`): without it,
    `serve --ssh` is one sentence naming the command, before anything
    listens.  `join` and the raw server never import it."""
    if importlib.util.find_spec("asyncssh") is None:
        raise WhitechapelError(SERVER_EXTRA)


WEB_EXTRA = (
    "serving to web browsers needs the web extra (textual-serve, aiohttp): run python3 -m pip "
    "install '.[web]' in whitechapel's folder (or uv tool install '.[web]', or pipx install "
    "--force '.[web]')"
)


def _need_web_extra() -> None:
    """`whitechapel web` without the web extra is one sentence naming the
    command, before anything listens."""
    if any(importlib.util.find_spec(name) is None for name in ("aiohttp", "textual_serve")):
        raise WhitechapelError(WEB_EXTRA)


def _config(action: str) -> int:
    from whitechapel.core import config

    if action == "path":
        print(config.config_path())
        return 0
    if action == "reset":
        path, existed = config.reset()
        if existed:
            print(f"whitechapel: removed {path}: every choice is back at its default")
        else:
            print(f"whitechapel: nothing to reset: there is no {path}")
        return 0
    loaded = config.load()
    if loaded.problem is not None:
        print(f"whitechapel: {loaded.problem}", file=sys.stderr)
    text = loaded.settings.to_toml().rstrip()
    if not text:
        where = (
            "" if loaded.problem else f" ({loaded.path}{'' if loaded.exists else ': no file yet'})"
        )
        print(f"# every choice is at its default{where}")
    else:
        print(f"# {loaded.path}\n{text}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    """One side's view of a record, built from that side's view alone: an
    unknown side, or a side of the other game, is refused in one line."""
    from whitechapel.core.game import PUBLIC, view_json
    from whitechapel.core.registry import rules_for
    from whitechapel.core.store import load_game

    record, game = load_game(args.file)
    rules = rules_for(record.game)
    sides = (PUBLIC, *rules.sides)
    if args.side not in sides:
        raise UsageError(
            f"{rules.title} has no side {args.side!r}: choose one of {', '.join(sides)}"
        )
    view = game.view(args.side)
    if args.json:
        print(json.dumps(view_json(view), indent=1))
    else:
        print(rules.summary(view, record.players, len(record.actions)))
    return 0
