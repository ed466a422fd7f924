"""Letters from Whitechapel's commands: `whitechapel lfw [--map FILE|…]`,
`whitechapel lfw selfplay`, `whitechapel lfw arena`, `whitechapel lfw
notebook`, `whitechapel lfw learn` and `whitechapel map check|show`.  Added to the
command line through the game registry; engines, boards and screens are
imported only when a command runs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from whitechapel.core.arena_command import add_arena_command
from whitechapel.core.args import checked, count, player, positive, seed, with_examples
from whitechapel.core.errors import UsageError
from whitechapel.lfw.map.shipped import BOARD_HELP, board_id
from whitechapel.lfw.rulebook import SIDES


def board(text: str) -> str:
    """`--map`: a shipped board's name (its short names too: `board_id`) or
    a map file's path.  A name that names no board and no file (`nowhere`,
    `1888@9`) is a usage error; a file that exists but cannot be read or
    used is refused when the board is loaded (exit status 1)."""
    from whitechapel.lfw.map.maps import EDITIONS, load_board, split_id

    text = board_id(text)
    if split_id(text) is not None or Path(text).exists():
        return text
    if text.partition("@")[0] in EDITIONS or (Path(text).suffix == "" and "/" not in text):
        checked(load_board)(text)  # its sentence: the boards there are
    return text


def _option(text: str) -> object:
    """One of `--options`' words (O1..O6, an option's name, all)."""
    from whitechapel.lfw.options import Options

    return Options.from_names([text])


option = checked(_option)
_player = player("lfw")


def _puzzle_number(text: str) -> int:
    """`learn --puzzle N`: a puzzle there is."""
    from whitechapel.lfw.puzzles import puzzle

    number = positive(text)
    checked(lambda _: puzzle(number))(text)
    return number


EXAMPLES = [
    ("whitechapel lfw", "a Letters from Whitechapel game: its setup screen first"),
    ("whitechapel lfw --police computer:hard", "you play Jack, the computer the police"),
    ("whitechapel lfw --map tutorial --no-setup", "start at once on the small tutorial board"),
    ("whitechapel lfw --options O1 O3 --seed 5", "optional rules O1 and O3, a pinned seed"),
    ("whitechapel lfw notebook FILE --at 40", "the police notebook of a saved game"),
    ("whitechapel lfw learn", "learn LfW: a guided first night, or notebook puzzles"),
    ("whitechapel map check FILE", "validate a map of your own and print its figures"),
]


def add_commands(sub: Any) -> None:
    lfw = with_examples(
        sub,
        "lfw",
        "play Letters from Whitechapel hot-seat (or run its tools)",
        EXAMPLES,
    )
    lfw.add_argument(
        "--seed",
        type=seed,
        dest="game_seed",
        metavar="N",
        help="seed (the Chief tokens' order; default: a fresh one)",
    )
    lfw.add_argument("--map", metavar="BOARD", dest="game_map", type=board, help=BOARD_HELP)
    lfw.add_argument(
        "--options",
        nargs="*",
        default=[],
        metavar="OPT",
        type=option,
        dest="game_options",
        help="optional rules: O1..O6 or all (they can be changed on the setup screen)",
    )
    lfw.add_argument(
        "--jack",
        metavar="NAME",
        default="",
        type=_player,
        dest="jack_name",
        help="the name of Jack's player, or computer[:LEVEL] to play against"
        " the computer (default level: normal, or the strongest there is)",
    )
    lfw.add_argument(
        "--police",
        metavar="NAME",
        default="",
        type=_player,
        dest="police_name",
        help="the name of the police's player(s), or computer[:LEVEL]",
    )
    lfw.add_argument("--load", metavar="FILE", help="continue the game in this record")
    lfw.add_argument(
        "--no-setup", action="store_true", help="start at once, without the setup screen"
    )
    lfw.add_argument(
        "--plain",
        action="store_true",
        help="play at a plain prompt instead of the full screen (screen readers)",
    )
    lfw_sub = lfw.add_subparsers(dest="lfw_command", metavar="TOOL")
    lself = with_examples(
        lfw_sub,
        "selfplay",
        "random legal play on both sides",
        [
            ("whitechapel lfw selfplay", "100 random games on the 1888 board"),
            ("whitechapel lfw selfplay --map tutorial --jack homeward", "Jack heads home"),
            ("whitechapel lfw selfplay --games 20 --options all --json", "every optional rule"),
        ],
    )
    lself.add_argument(
        "--games",
        type=positive,
        default=100,
        metavar="N",
        help="how many games to play (default 100)",
    )
    lself.add_argument(
        "--seed",
        type=seed,
        default=0,
        metavar="N",
        help="the seed the games are drawn from (default 0)",
    )
    lself.add_argument("--map", metavar="BOARD", type=board, help=BOARD_HELP)
    lself.add_argument(
        "--options",
        nargs="*",
        default=[],
        metavar="OPT",
        type=option,
        help="optional rules: O1..O6 or all",
    )
    lself.add_argument(
        "--jack",
        choices=("random", "homeward"),
        default="random",
        help="Jack's play: random, or heading home most of the time (reaches later nights)",
    )
    lself.add_argument("--json", action="store_true", help="print the figures as JSON")

    arena = add_arena_command(lfw_sub, "lfw", SIDES)
    arena.add_argument("--map", metavar="BOARD", dest="arena_map", type=board, help=BOARD_HELP)
    arena.add_argument(
        "--options",
        nargs="*",
        default=[],
        metavar="OPT",
        type=option,
        dest="arena_options",
        help="optional rules: O1..O6 or all",
    )
    arena.set_defaults(run=_lfw_arena)

    note = with_examples(
        lfw_sub,
        "notebook",
        "the police notebook of a saved game",
        [
            ("whitechapel lfw notebook FILE", "the notebook at the end of the record FILE"),
            ("whitechapel lfw notebook FILE --at 40", "after its 40th action"),
            ("whitechapel lfw notebook FILE --json", "as JSON"),
        ],
    )
    note.add_argument("file", metavar="RECORD", help="a saved game (record)")
    note.add_argument("--at", type=count, metavar="N", help="after the record's N-th action")
    note.add_argument("--json", action="store_true", help="print the notebook as JSON")

    learn = with_examples(
        lfw_sub,
        "learn",
        "learn the game: a guided first night against the computer, or puzzles",
        [
            ("whitechapel lfw learn", "choose a lesson: the guided night or a puzzle"),
            ("whitechapel lfw learn --side police", "the guided first night, as the police"),
            ("whitechapel lfw learn --list", "print the notebook puzzles"),
            ("whitechapel lfw learn --puzzle 1", "play puzzle 1 at once"),
        ],
    )
    learn.add_argument("--list", action="store_true", help="print the puzzles and exit")
    learn.add_argument(
        "--puzzle", type=_puzzle_number, metavar="N", help="play puzzle N (see --list)"
    )
    learn.add_argument(
        "--side",
        choices=SIDES,
        help="start the guided first night at once, playing this side",
    )
    learn.add_argument(
        "--seed", type=seed, dest="learn_seed", metavar="N", help="the guided game's seed"
    )
    learn.set_defaults(run=_lfw_learn)

    maps = with_examples(
        sub,
        "map",
        "check or draw a Letters from Whitechapel map",
        [
            ("whitechapel map check FILE", "validate a map of your own and print its figures"),
            ("whitechapel map show tutorial", "draw the tutorial board"),
        ],
    )
    map_sub = maps.add_subparsers(dest="map_command", metavar="TOOL", required=True)
    check = with_examples(
        map_sub,
        "check",
        "validate a map and print its figures",
        [
            ("whitechapel map check FILE", "every problem of the map FILE, or its figures"),
            ("whitechapel map check 1888 --json", "the 1888 board's figures, as JSON"),
        ],
    )
    show = with_examples(
        map_sub,
        "show",
        "draw a map in the terminal",
        [
            ("whitechapel map show", "draw the 1888 board"),
            ("whitechapel map show FILE --ascii", "draw the map FILE in plain ASCII"),
        ],
    )
    for tool in (check, show):
        tool.add_argument("file", nargs="?", metavar="BOARD", type=board, help=BOARD_HELP)
    check.add_argument("--json", action="store_true", help="print the figures as JSON")
    show.add_argument("--ascii", action="store_true", help="plain ASCII lines")

    # What each command shows (cli.py, where no terminal can show the full
    # screen): "plain" (it can be played at the plain prompt), "screen"
    # (only the full screen), None (no screen at all).
    lfw.set_defaults(run=_lfw_app, full_screen=_screen_of_play, check=_check_play)
    lself.set_defaults(run=_lfw_selfplay, full_screen=None)
    arena.set_defaults(full_screen=None)
    note.set_defaults(run=_lfw_notebook, full_screen=None)
    learn.set_defaults(full_screen=lambda args: None if args.list else "screen", check=_check_learn)
    maps.set_defaults(run=_map, full_screen=None)


def _check_play(args: argparse.Namespace) -> None:
    """`whitechapel lfw`'s options that do not go together (usage errors,
    found before anything starts)."""
    from whitechapel.core.players import computer_level

    computers = [n for n in (args.jack_name, args.police_name) if n and computer_level(n, "lfw")]
    if len(computers) > 1:
        from whitechapel.lfw.ui.setup import BOTH

        raise UsageError(BOTH)
    if computers and args.plain:
        raise UsageError("the plain prompt is for people; drop --plain to play the computer")


def _check_learn(args: argparse.Namespace) -> None:
    if args.list:  # the list is printed whatever else is given
        return
    if args.puzzle is not None and args.side is not None:
        raise UsageError("--puzzle and --side are two lessons: choose one")
    if args.learn_seed is not None and args.side is None:
        raise UsageError("--seed is the guided game's: give --side too")


def _not_of_lfw(path: str, game: str) -> UsageError:
    """`--load` of another game's record."""
    return UsageError(
        f"{path} is a record of {game!r}, not of LfW: try 'whitechapel {game} --load'"
    )


def _screen_of_play(args: argparse.Namespace) -> str | None:
    """`whitechapel lfw`: the plain prompt takes people's games, not the
    computer's."""
    from whitechapel.core.players import computer_level

    if args.plain:
        return None
    if any(computer_level(n, "lfw") for n in (args.jack_name, args.police_name) if n):
        return "screen"
    return "plain"


def _map(args: argparse.Namespace) -> int:
    from whitechapel.core.errors import MapError
    from whitechapel.core.progress import Progress
    from whitechapel.lfw.map import mapcheck
    from whitechapel.lfw.map.maps import load_board

    check = args.map_command == "check"
    problems: list[str] = []
    # A big map takes a while to check: its stages (read and derive, the
    # figures, the drawing's legibility) are shown as they pass.
    with Progress("whitechapel map check", 3, "steps", quiet=not check or args.json) as shown:
        shown.advance(0, "reading the map")
        try:
            board = load_board(args.file)
        except MapError as e:
            if not (check and len(e.problems) > 1):
                raise
            problems = e.problems
        if check and not problems:
            shown.advance(1, "its figures")
            stats = mapcheck.statistics(board)
            shown.advance(1, "how legible its drawing is")
            notes = [] if args.json else mapcheck.drawing_notes(board)
            shown.advance(1)
    for problem in problems:
        print(f"whitechapel: {problem}", file=sys.stderr)
    if problems:
        return 1
    if check:
        if args.json:
            print(json.dumps(mapcheck.stats_json(stats), indent=1))
        else:
            print(mapcheck.stats_text(stats))
            for note in notes:
                print(f"drawing: {note}")
        return 0
    from rich.console import Console

    from whitechapel.lfw.ui.mapdraw import print_map

    print_map(board, Console(), glyphs="ascii" if args.ascii else "lines", places=True)
    return 0


def _lfw_plain(args: argparse.Namespace) -> int:
    """`whitechapel lfw --plain`: a game at a plain prompt (lfw/ui/console.py)."""
    from whitechapel.core.chance import new_seed
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store, load_game
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.options import Options
    from whitechapel.lfw.ui.console import LfwConsole

    _check_play(args)
    if args.load:
        record, game = load_game(args.load)
        if record.game != "lfw":
            raise _not_of_lfw(args.load, record.game)
    else:
        seed = args.game_seed if args.game_seed is not None else new_seed()
        game = LfwGame.new(seed, Options.from_names(args.game_options), load_board(args.game_map))
        names = {"jack": args.jack_name, "police": args.police_name}
        record = record_of(game, seed=seed, players={k: v for k, v in names.items() if v})
    from whitechapel.terminal import plain_write

    return LfwConsole(game, record, Store(), write=plain_write()).run()  # type: ignore[arg-type]


def _lfw_app(args: argparse.Namespace) -> int:
    if args.plain:
        return _lfw_plain(args)
    from whitechapel.app import WhitechapelApp
    from whitechapel.lfw.options import Options
    from whitechapel.lfw.ui.setup import LfwSetup, lfw_screen, players_for

    if args.load:
        from whitechapel.core.store import Store, load_game
        from whitechapel.lfw.ui.entry import SCREENS

        record, game = load_game(args.load)
        if record.game != "lfw":
            raise _not_of_lfw(args.load, record.game)
        screen = SCREENS.local_screen(game, record, Store())
    else:
        options = Options.from_names(args.game_options)
        names = {"jack": args.jack_name, "police": args.police_name}
        # A computer's unknown level, or the computer on both sides, is refused here.
        players = players_for({side: name for side, name in names.items() if name})
        if args.game_map:
            from whitechapel.lfw.map.maps import load_board

            load_board(args.game_map)  # a bad map is refused here, with its problems
        if args.no_setup:
            # What the command line does not say is what the setup chose last
            # time (core/config.py): the names, the settings (the notebook's mode).
            from whitechapel.core import config
            from whitechapel.core.players import computer_level
            from whitechapel.lfw.rules import RULES
            from whitechapel.lfw.ui.setup import remembered

            last = remembered()
            at_once = {side: name or last.get(side, "") for side, name in names.items()}
            screen = lfw_screen(
                args.game_seed,
                options,
                args.game_map,
                players_for({side: name for side, name in at_once.items() if name}),
                settings={s.name: last[s.name] for s in RULES.settings if s.name in last},
            )
            config.remember(
                "lfw",
                **{
                    side: name
                    for side, name in names.items()
                    if name and not computer_level(name, "lfw")
                },
            )
        else:
            screen = LfwSetup(args.game_seed, options, args.game_map, players)
    return WhitechapelApp(start=screen).play()


def _lfw_selfplay(args: argparse.Namespace) -> int:
    from whitechapel.core.progress import Progress
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.options import Options
    from whitechapel.lfw.selfplay import selfplay

    options = Options.from_names(args.options)
    board = load_board(args.map)
    with Progress("whitechapel lfw selfplay", args.games, "games", quiet=args.json) as shown:
        stats = selfplay(args.games, args.seed, options, board, args.jack, progress=shown.advance)
    print(json.dumps(stats.to_json(), indent=1) if args.json else stats.summary())
    return 0


def _lfw_arena(args: argparse.Namespace) -> int:
    from whitechapel.core.arena_command import run_arena
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.options import Options
    from whitechapel.lfw.setup import random_setup, table_of

    options = Options.from_names(args.arena_options).to_json()
    table = table_of(random_setup(0, load_board(args.arena_map)))  # a bad map is refused here
    return run_arena("lfw", args, options, table)


def _lfw_notebook(args: argparse.Namespace) -> int:
    from whitechapel.lfw.notebook import record_notebook
    from whitechapel.lfw.render import notebook_text

    if args.at is not None:  # a point the record does not reach: a usage error
        from whitechapel.core.store import read_record

        record = read_record(args.file)
        if record.game == "lfw" and args.at > len(record.actions):
            raise UsageError(f"--at {args.at}: {args.file} has only {len(record.actions)} actions")
    nb, where = record_notebook(args.file, args.at)
    print(json.dumps(nb.to_json(), indent=1) if args.json else notebook_text(nb, where))
    return 0


def _lfw_learn(args: argparse.Namespace) -> int:
    """`whitechapel lfw learn`: the learn screen, a guided game, a puzzle,
    or (`--list`) the puzzles printed."""
    from whitechapel.lfw.puzzles import PUZZLES, puzzle

    if args.list:
        for number, p in enumerate(PUZZLES, start=1):
            side = "Jack" if p.side == "jack" else "the police"
            print(f"{number}. {p.title} (you play {side})")
        print("Play one with: whitechapel lfw learn --puzzle N")
        return 0
    _check_learn(args)
    from whitechapel.app import WhitechapelApp

    if args.puzzle is not None:
        puzzle(args.puzzle)  # out of range: a one-line error, before the app starts
        from whitechapel.lfw.ui.puzzles import PuzzleScreen

        return WhitechapelApp(start=PuzzleScreen(args.puzzle)).play()
    if args.side is not None:
        from whitechapel.lfw.ui.learn import guided_game

        return WhitechapelApp(start=guided_game(args.side, args.learn_seed)).play()
    from whitechapel.lfw.ui.learn import LearnScreen

    return WhitechapelApp(start=LearnScreen()).play()
