"""The Textual app: the menu, and switching between the games' screens."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from whitechapel import __version__
from whitechapel.core.chance import new_seed
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.record import record_of
from whitechapel.core.registry import rules_for
from whitechapel.core.store import Store, load_game
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.widgets.guard import SizeGuard, TooSmall

RULES = """# whitechapel

Two games about Jack the Ripper. Use **F1** on a game screen for its rules
and keys; **ctrl+p** opens the command palette, **ctrl+q** quits (games are
saved after every action).
"""


def pocket_screen(seed: int | None = None, players: dict | None = None, handover="always"):
    from whitechapel.pocket.game import PocketGame

    seed = new_seed() if seed is None else seed
    game = PocketGame.new(seed)
    record = record_of(game, seed=seed, players=players or {})
    return rules_for("pocket").local_screen(game, record, Store(), handover=handover)


class MenuScreen(SizeGuard, Screen):
    DEFAULT_CSS = """
    MenuScreen { align: center middle; layers: base guard; }
    MenuScreen #menu-box { width: 50; height: auto; border: heavy $accent; padding: 1 2; }
    MenuScreen #title { text-align: center; width: 100%; margin-bottom: 1; }
    MenuScreen OptionList { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(f"[b]whitechapel[/b] {__version__}\nJack the Ripper, twice", id="title")
            yield OptionList(
                Option("Letters from Whitechapel", id="lfw"),
                Option("Mr. Jack Pocket", id="pocket"),
                Option("Continue a saved game", id="continue"),
                Option("Load a record", id="load"),
                Option("Rules", id="rules"),
                Option("Quit", id="quit"),
                id="menu",
            )
        yield Footer()
        yield TooSmall()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "pocket":
            self.app.push_screen(PocketSetup())
        elif choice == "lfw":
            from whitechapel.lfw.ui.setup import LfwSetup

            self.app.push_screen(LfwSetup())
        elif choice == "continue":
            self.app.push_screen(ContinueScreen())
        elif choice == "load":
            self.app.push_screen(LoadScreen())
        elif choice == "rules":
            from whitechapel.ui.screens.game import help_text

            games = [help_text(f"whitechapel.{kind}.ui") for kind in ("lfw", "pocket")]
            self.app.push_screen(HelpScreen("\n".join([RULES, *games])))
        elif choice == "quit":
            self.app.exit()


class PocketSetup(Screen):
    BINDINGS = [Binding("escape", "app.back", "Back", id="app.back")]
    DEFAULT_CSS = """
    PocketSetup { align: center middle; }
    PocketSetup #setup-box { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    PocketSetup Input, PocketSetup Select { margin-bottom: 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="setup-box"):
            yield Label("[b]Mr. Jack Pocket[/b] — a new game")
            yield Input(placeholder="Jack's player (optional)", id="jack-name")
            yield Input(placeholder="The investigator's player (optional)", id="inv-name")
            yield Select(
                [("Hand-over prompt at every change of side", "always"),
                 ("Hand-over prompt only around Jack's cards", "secrets")],
                value="always", allow_blank=False, id="handover",
            )  # fmt: skip
            yield Center(Label("Enter to start, Esc to go back"))
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        players = {}
        if j := self.query_one("#jack-name", Input).value.strip():
            players["jack"] = j
        if i := self.query_one("#inv-name", Input).value.strip():
            players["investigator"] = i
        handover = str(self.query_one("#handover", Select).value)
        self.app.switch_screen(pocket_screen(players=players, handover=handover))


class ContinueScreen(Screen):
    BINDINGS = [Binding("escape", "app.back", "Back", id="app.back")]
    DEFAULT_CSS = "ContinueScreen OptionList { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Label("[b]Saved games[/b], newest first (Enter opens, Esc goes back)")
        saves = Store().list()
        options = []
        for i, s in enumerate(saves):
            if s.record is None:
                options.append(
                    Option(
                        f"[red]unreadable[/red] {s.path.name}: {s.problem}",
                        id=f"bad-{i}",
                        disabled=True,
                    )
                )
                continue
            r = s.record
            state = "finished" if r.outcome else f"{len(r.actions)} actions"
            names = ", ".join(f"{k}: {v}" for k, v in r.players.items())
            options.append(Option(f"{r.game} · {r.started[:16]} · {state} {names}", id=str(s.path)))
        yield OptionList(*options) if options else Static("No saved games yet.")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        open_record(self.app, Path(event.option.id or ""))


class LoadScreen(Screen):
    BINDINGS = [Binding("escape", "app.back", "Back", id="app.back")]

    def compose(self) -> ComposeResult:
        yield Label("[b]Load a record[/b]: type its path and press Enter (Esc goes back)")
        yield Input(placeholder="path/to/game.json", id="path")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        open_record(self.app, Path(event.value.strip()))


def open_record(app: App, path: Path) -> None:
    try:
        record, game = load_game(path)
    except WhitechapelError as e:
        app.notify(str(e), severity="error", timeout=8)
        return
    app.push_screen(rules_for(record.game).local_screen(game, record, Store()))


class WhitechapelApp(App):
    TITLE = "whitechapel"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="app.quit"),
        Binding("f1", "rules", "Help", show=False, id="app.rules"),
    ]

    def __init__(self, start: Screen | None = None) -> None:
        super().__init__()
        self.start = start

    def on_mount(self) -> None:
        # Started at a game or setup screen, the menu is not built until it is
        # needed (a quicker start): "back" from the first screen opens it.
        self.push_screen(self.start if self.start is not None else MenuScreen())

    def action_back(self) -> None:
        """Back from a setup or list screen: to the screen below, or the menu."""
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:
            self.switch_screen(MenuScreen())

    def action_rules(self) -> None:
        self.push_screen(HelpScreen(RULES))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New Mr. Jack Pocket game", "Start a hot-seat game", self.new_pocket)
        yield SystemCommand(
            "New Letters from Whitechapel game", "Start a hot-seat game", self.new_lfw
        )
        yield SystemCommand(
            "Continue a saved game",
            "Pick an autosaved game",
            lambda: self.push_screen(ContinueScreen()),
        )
        yield SystemCommand(
            "Load a record", "Open a game record file", lambda: self.push_screen(LoadScreen())
        )
        yield SystemCommand("Rules", "The rules summary", self.action_rules)
        if hasattr(screen, "action_save"):
            yield SystemCommand("Save record", "Save this game's record", screen.action_save)

    def new_pocket(self) -> None:
        self.push_screen(PocketSetup())

    def new_lfw(self) -> None:
        from whitechapel.lfw.ui.setup import LfwSetup

        self.push_screen(LfwSetup())
