"""The Textual app: the menu, and switching between the games' screens."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

from rich.markup import escape
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from whitechapel import __version__
from whitechapel.core import config, players
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.registry import entries
from whitechapel.core.store import SavedGame, Store, load_game
from whitechapel.ui.games import screens_for
from whitechapel.ui.screens.game import GameScreen
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.screens.quit import QuitScreen
from whitechapel.ui.titles import terminal_title
from whitechapel.ui.widgets.footer import KeyFooter
from whitechapel.ui.widgets.guard import SizeGuard, TooSmall

RULES = """# whitechapel

Two games about Jack the Ripper. The menu's "Rules of …" entries give each
game's rules; **F1** on a game screen gives its rules and keys; **ctrl+p**
opens the command palette, **ctrl+q** quits (games are saved after every
action).
"""


class MenuScreen(SizeGuard, Screen):
    DEFAULT_CSS = """
    MenuScreen { align: center middle; layers: base guard; }
    MenuScreen #menu-box { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    MenuScreen #title { text-align: center; width: 100%; margin-bottom: 1; }
    MenuScreen OptionList { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(f"[b]whitechapel[/b] {__version__}\nJack the Ripper, twice", id="title")
            # one Rules entry a game, each opening on that game's rules alone (docs/app.md)
            options = [
                *(Option(f"Rules of {e.title}", id=f"rules-{e.name}") for e in entries()),
                Option("Quit", id="quit"),
            ]
            if not getattr(self.app, "ssh", False):  # hot-seat games and files: at home only
                options[:0] = [
                    *(Option(e.title, id=f"game-{e.name}") for e in entries()),
                    *(
                        Option(f"Learn {e.title} by playing", id=f"guided-{e.name}")
                        for e in entries()
                        if e.guided
                    ),
                    *(
                        Option(f"Learn {e.title}: puzzles", id=f"learn-{e.name}")
                        for e in entries()
                        if e.learn
                    ),
                    Option("Continue a saved game", id="continue"),
                    Option("Load a record", id="load"),
                ]
            yield OptionList(*options, id="menu")
        yield KeyFooter()
        yield TooSmall()

    def on_screen_resume(self) -> None:
        """Back at the menu, its highlight stays on the entry last opened
        (testers QH, QJ, QK, QN and QO, issue 44: "I pressed ↑×4 expecting
        'Pocket puzzles' and landed on 'Load a record'"; PE and PH had
        asked for the top, where it starts)."""
        menu = self.query_one("#menu", OptionList)
        if menu.highlighted is None:
            menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith(("game-", "learn-", "guided-", "rules-")):
            # its rules first on the page of every game's (F1 here, the palette's Rules)
            setattr(self.app, "chosen_game", choice.split("-", 1)[1])  # noqa: B010
        if choice.startswith("game-"):
            self.app.push_screen(screens_for(choice[5:]).setup_screen())
        elif choice.startswith("learn-"):
            self.app.push_screen(screens_for(choice[6:]).learn_screen())
        elif choice.startswith("guided-"):
            self.app.push_screen(screens_for(choice[7:]).guided_screen())
        elif choice == "continue":
            self.app.push_screen(ContinueScreen())
        elif choice == "load":
            self.app.push_screen(LoadScreen())
        elif choice.startswith("rules-"):
            self.app.push_screen(HelpScreen(screens_for(choice[6:]).help_text()))
        elif choice == "quit":
            self.app.exit()


def first_game(app: App) -> str | None:
    """The game whose rules come first: the one being played (a game's
    screen on the stack), else the one last chosen in the menu."""
    for screen in reversed(app.screen_stack):
        module = getattr(screen, "HELP", None)
        game = next((e.name for e in entries() if module and e.screens.startswith(module)), None)
        if game is not None:
            return game
    chosen: str | None = getattr(app, "chosen_game", None)
    return chosen


def rules_page(app: App) -> str:
    """The page of every game's rules (F1 at the menu, the palette's Rules;
    the menu's entries give one game's each), the one being played or last
    chosen in the menu first (tester PG, issue 44: from Pocket it opened on
    the other game's rules)."""
    first = first_game(app)
    names = sorted((e.name for e in entries()), key=lambda name: name != first)
    games = [screens_for(name).help_text() for name in names]
    return "\n".join([*games[:1], RULES, *games[1:]] if first in names else [RULES, *games])


class ContinueScreen(Screen):
    BINDINGS = [Binding("escape", "app.back", "Back", id="app.back")]
    DEFAULT_CSS = "ContinueScreen OptionList { height: 1fr; }"

    def compose(self) -> ComposeResult:
        # under 80 columns whole (tester N, round 7, found a longer one cut)
        yield Label("[b]Saved games[/b]: under way first, newest first (Enter opens, Esc back)")
        saves = continue_order(Store().list())
        options = []
        for i, s in enumerate(saves):
            if s.record is None:
                options.append(
                    Option(
                        f"[red]unreadable[/red] {escape(s.path.name)}: {escape(s.problem)}",
                        id=f"bad-{i}",
                        disabled=True,
                    )
                )
                continue
            r = s.record
            n = len(r.actions)
            state = f"{n} action{'' if n == 1 else 's'}"
            if r.outcome:  # who won, as the game's end said it (tester D4, LfW round 42)
                state = f"finished, {r.outcome.winner} won" if r.outcome.winner else "finished"
            names = escape(players_words(r))
            said = listed_words(r)
            where = f" · {escape(said)}" if said else ""
            who = f" · {names}" if names else ""
            options.append(
                Option(f"{r.game} · {r.started[:16]}{where} · {state}{who}", id=str(s.path))
            )
        yield OptionList(*options) if options else Static("No saved games yet.")
        yield KeyFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        open_record(self.app, Path(event.option.id or ""))


def players_words(record: Any) -> str:
    """A saved game's players as the game screens name them: "jack: Ann,
    investigator: Hard computer" (testers QD and QE, Pocket round 16: "3
    actions jack: computer:hard", no separator and the record's notation)."""
    try:
        computers = players.computer_seats(record.game, record.players)
    except WhitechapelError:
        computers = {}
    return ", ".join(
        f"{side}: {players.computer_title(computers[side]) if side in computers else name}"
        for side, name in record.players.items()
    )


def listed_words(record: Any) -> str:
    """What a saved game's own rules say of it in a few words ("night 2,
    Whitechapel 1888 board"; tester G2, round 17, could not tell saved games
    apart), from its public view alone: the list is shown to anyone at this
    computer.  "" for a game whose rules say nothing (`listed` is optional)
    or a record that does not replay (opening it says why)."""
    from whitechapel.core.game import PUBLIC
    from whitechapel.core.record import replay
    from whitechapel.core.registry import rules_for

    try:
        listed = getattr(rules_for(record.game), "listed", None)
        if listed is None:
            return ""
        return str(listed(replay(record).view(PUBLIC)))
    except Exception:  # a damaged record: listed without words, its opening says why
        return ""


def continue_order(saves: list[SavedGame]) -> list[SavedGame]:
    """The saved games to offer: the games under way first, then the
    finished ones, each newest first, and a game saved twice as it stands
    (its autosave and a record saved with ctrl+s) once (play-tester L of
    issue 43 found finished games listed first, some twice)."""
    seen: set[tuple] = set()
    out = []
    for s in saves:  # newest first
        r = s.record
        if r is not None:
            same = (r.game, r.started, tuple(sorted(r.players.items())), len(r.actions))
            if same in seen:
                continue
            seen.add(same)
        out.append(s)
    return sorted(out, key=lambda s: s.record is not None and s.record.outcome is not None)


class LoadScreen(Screen):
    BINDINGS = [Binding("escape", "app.back", "Back", id="app.back")]

    def compose(self) -> ComposeResult:
        yield Label("[b]Load a record[/b]: type its path and press Enter (Esc goes back)")
        yield Input(placeholder="path/to/game.json", id="path")
        yield KeyFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        open_record(self.app, Path(event.value.strip()))


def open_record(app: App, path: Path) -> None:
    try:
        record, game = load_game(path)
    except WhitechapelError as e:
        app.notify(str(e), severity="error", timeout=8)
        return
    app.push_screen(screens_for(record.game).local_screen(game, record, Store()))


class SharedParses:
    """Parsed CSS shared by every app in this process.

    Textual parses the app's CSS and every widget's DEFAULT_CSS anew for each
    `App` (a cache per stylesheet), which is a good part of the CPU a new SSH
    session pays before its first frame.  The gateway's fork server runs the
    app once before forking its sessions (net/forkserver.py); with this cache
    in place of the stylesheet's own, every forked session finds the rules
    already parsed.  A parse depends on the CSS variables (the theme), so
    they are part of the key; the stylesheet's `clear()` on a theme change
    is then not needed and does nothing.  The rule sets are only read once
    parsed, as they are when one stylesheet reparses from its own cache."""

    LIMIT = 512
    entries: dict[tuple, Any] = {}

    def __init__(self, stylesheet: Any) -> None:
        self.stylesheet = stylesheet
        self._variables: Any = None
        self._frozen: tuple = ()

    def _key(self, key: tuple) -> tuple:
        variables = self.stylesheet._variables
        if variables is not self._variables:
            self._variables, self._frozen = variables, tuple(sorted(variables.items()))
        return (self._frozen, key)

    def __getitem__(self, key: tuple) -> Any:
        return self.entries[self._key(key)]

    def __setitem__(self, key: tuple, rules: Any) -> None:
        if len(self.entries) >= self.LIMIT:
            self.entries.clear()
        self.entries[self._key(key)] = rules

    def clear(self) -> None:
        pass


_FROZEN = False


def freeze_once() -> None:
    """Once the first screen is up, everything alive so far (the imports,
    Textual, the styles, the first widgets) is moved out of the garbage
    collector's sight (`gc.freeze`): a full collection then walks only what
    came after, a millisecond or two instead of some 50 ms in the middle of
    a key press (the 200×60 board's repaints were its trigger).  Once per
    process: a test run's later apps are collected as usual."""
    global _FROZEN
    if not _FROZEN:
        _FROZEN = True
        gc.freeze()


def as_first_app() -> None:
    """For a benchmark that runs several apps in one process: what the
    earlier ones left is collected, and the next app freezes its start as
    the first app of a process does (a player's app is always the first)."""
    global _FROZEN
    gc.unfreeze()
    gc.collect()
    _FROZEN = False


class WhitechapelApp(App):
    TITLE = "whitechapel"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="app.quit"),
        Binding("f1", "rules", "Help", show=False, id="app.rules"),
    ]
    chosen_game: str | None = None  # the game last chosen in the menu: its rules first

    def __init__(self, start: Screen | None = None, *, ssh: bool | None = None) -> None:
        """`ssh`: a session of the SSH gateway (default: `WHITECHAPEL_SSH=1`),
        whose player is a stranger on this machine: no hot-seat game, no
        saved game, no record loaded or saved, no file at all -- the menu
        and the command palette do not offer them."""
        super().__init__()
        self.stylesheet._parse_cache = SharedParses(self.stylesheet)  # type: ignore[assignment]
        self.start = start
        self.ssh = os.environ.get("WHITECHAPEL_SSH") == "1" if ssh is None else ssh
        self.shown_title = ""

    def play(self, **run: Any) -> int:
        """Run the app; the program's exit status: 0 when the player quit,
        non-zero when the app stopped on an error (Textual has printed it)."""
        self.run(**run)
        return self.return_code or 0

    def on_mount(self) -> None:
        if not self.ssh:  # a stranger's session neither reads nor writes the host's settings
            self.apply_settings()
        else:  # a gateway's terminal, or a browser's page, is titled by what it shows
            self.screen_change_signal.subscribe(self, self.show_title)
        # Started at a game or setup screen, the menu is not built until it is
        # needed (a quicker start): "back" from the first screen opens it.
        self.push_screen(self.start if self.start is not None else MenuScreen())
        self.call_after_refresh(freeze_once)

    def show_title(self, screen: Screen | None = None) -> None:
        """The terminal's title (OSC 2; a browser's page takes it as its
        own): the game and the room shown, or the lobby.  Public facts only."""
        title = terminal_title(self.screen_stack)
        if title != self.shown_title and self._driver is not None and not self.is_headless:
            self.shown_title = title
            self._driver.write(f"\x1b]2;{title}\x07")

    def apply_settings(self) -> None:
        """The remembered theme (core/config.py), and from now on each theme
        chosen (ctrl+p, "Change theme") remembered; a settings file that
        cannot be read is one notice, and the defaults."""
        loaded = config.load()
        if loaded.problem is not None:
            self.notify(
                config.notice(loaded.problem), title="Settings", severity="warning", timeout=12
            )
        theme = loaded.settings.theme
        if theme is not None and theme != self.theme:
            if theme in self.available_themes:
                self.theme = theme
            else:
                self.notify(
                    f"The remembered theme {theme!r} is not one this version has: "
                    "the default is used.",
                    title="Settings",
                    severity="warning",
                )
        self.theme_changed_signal.subscribe(self, self.remember_theme)

    def remember_theme(self, theme: Any) -> None:
        problem = config.remember(theme=theme.name)
        if problem is not None:
            self.notify(config.notice(problem), title="Settings", severity="warning", timeout=8)

    async def action_quit(self) -> None:
        """ctrl+q: a game in progress asks once, saying where it is kept
        (`quit_question`); ctrl+q again, or anywhere else, quits at once."""
        if not isinstance(self.screen, QuitScreen):
            for screen in reversed(self.screen_stack):
                question = getattr(screen, "quit_question", None)
                if question is not None and (text := question()) is not None:
                    self.push_screen(QuitScreen(text))
                    return
        self.exit()

    async def action_back(self) -> None:
        """Back from a setup or list screen: to the screen below, or the menu."""
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:
            self.switch_screen(MenuScreen())

    def action_rules(self) -> None:
        self.push_screen(HelpScreen(rules_page(self) if first_game(self) else RULES))

    def action_menu(self) -> None:
        """The menu: the one below in the stack (what is over it goes), else
        a new one in the top screen's place (a game started from the
        command line has no menu under it)."""
        if any(isinstance(s, MenuScreen) for s in self.screen_stack[:-1]):
            while not isinstance(self.screen, MenuScreen):
                self.pop_screen()
        else:
            self.switch_screen(MenuScreen())

    def screen_key_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The keys the screen's footer shows, each a command of the palette
        under its own words and key ("Notebook● (f6)"), so that a player who
        looks for a view there finds it (tester Y3, LfW round 40: "heat",
        "note" found nothing).  What the key does now, no more."""
        for active in screen.active_bindings.values():
            binding = active.binding
            if active.node is not screen or not active.enabled or not binding.show:
                continue
            if not binding.description:
                continue
            key = self.get_key_display(binding)
            yield SystemCommand(
                f"{binding.description} ({key})",
                binding.tooltip or f"The key {key} on this screen",
                partial(self.run_action, binding.action, screen),
            )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if self.ssh and command.title == "Screenshot":  # writes a file, shows its path
                continue
            yield command
        yield from self.screen_key_commands(screen)
        if self.ssh:
            yield SystemCommand("Rules", "The rules summary", self.action_rules)
            return
        for e in entries():
            yield SystemCommand(
                f"New {e.title} game",
                "Choose the players and settings of a new game",
                partial(self.new_game, e.name),
            )
            if e.guided:
                yield SystemCommand(
                    f"Learn {e.title} by playing",
                    "A guided game against the computer",
                    partial(self.guided, e.name),
                )
            if e.learn:
                yield SystemCommand(
                    f"Learn {e.title}: puzzles",
                    "Puzzles that teach the rules",
                    partial(self.learn, e.name),
                )
        yield SystemCommand(
            "Continue a saved game",
            "Pick an autosaved game",
            partial(self.from_menu, ContinueScreen),
        )
        yield SystemCommand(
            "Load a record", "Open a game record file", partial(self.from_menu, LoadScreen)
        )
        yield SystemCommand("Rules", "The rules summary", self.action_rules)
        if getattr(screen, "may_leave", lambda: False)():  # a game kept here
            yield SystemCommand(
                "Back to the menu",
                "Leave this game (it is saved: Continue takes it up again)",
                screen.action_leave,  # type: ignore[attr-defined]
            )
        if hasattr(screen, "action_save"):
            yield SystemCommand("Save record", "Save this game's record", screen.action_save)

    def new_game(self, name: str) -> None:
        self.from_menu(screens_for(name).setup_screen)

    def learn(self, name: str) -> None:
        self.from_menu(screens_for(name).learn_screen)

    def guided(self, name: str) -> None:
        self.from_menu(screens_for(name).guided_screen)

    def from_menu(self, make: Any) -> None:
        """A screen the command palette opens as the menu would (a new
        game's setup, a lesson, the saved games): over the menu, where a
        game kept at this keyboard is open, that game left first (asked
        while it is under way, as "Back to the menu" asks; it is saved).
        Pushed over the game, it left the game under it, and Esc from a
        lesson's puzzles fell back into it (tester V4, LfW round 51)."""
        game = next(
            (s for s in self.screen_stack if isinstance(s, GameScreen) and s.may_leave()), None
        )
        if game is None:
            self.push_screen(make())
        else:  # left as "Back to the menu" leaves it, then the screen over the menu
            game.leave_for_menu(then=lambda: self.push_screen(make()))
