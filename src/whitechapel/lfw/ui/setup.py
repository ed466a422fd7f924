"""The setup screen of a Letters from Whitechapel game: players, board,
optional rules O1–O6, seed, the game's settings (what the notebook shows:
`lfw/rules.py` declares them), and who plays: two people, or
the computer at one side and one level (named `computer:LEVEL` in the
record's players, so Continue plays it again).  `whitechapel lfw` opens it
pre-filled from its command-line options.

Once it is drawn, while the player reads it, a thread prepares what the
start needs first (`prepare`): the game screen's modules, the board and
its drawings (docs/lfw.md, "Opening screens")."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label

from whitechapel.core import config
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.players import computer_level, computer_name, levels
from whitechapel.lfw.options import OPTION_NAMES, OPTIONS, Options
from whitechapel.lfw.rulebook import SIDES
from whitechapel.lfw.rules import RULES
from whitechapel.ui.screens.setup import (
    chosen_settings,
    computer_names,
    last_choices,
    setting_picker,
    typed_names,
)
from whitechapel.ui.widgets.fields import tab_bindings
from whitechapel.ui.widgets.footer import KeyFooter
from whitechapel.ui.widgets.picker import Picker

if TYPE_CHECKING:
    from whitechapel.core.store import Store
    from whitechapel.lfw.ui.screen import LfwScreen

SIDE_NAMES = {"jack": "Jack", "police": "the police"}
BOTH = "the computer can play one side only; 'whitechapel lfw arena' plays it against itself"


def players_for(players: dict[str, str]) -> dict[str, str]:
    """The players, a computer named as records name it (`computer:LEVEL`;
    the bare word `computer`: the default level).  A level LfW does not
    offer, or the computer on both sides, is a one-line error."""
    out, computers = {}, 0
    for side, name in players.items():
        level = computer_level(name, "lfw")
        if level is not None:
            computers += 1
            name = computer_name(level)
        out[side] = name
    if computers > 1:
        raise WhitechapelError(BOTH)
    return out


def remembered() -> dict[str, str]:
    """This setup's last choices (core/config.py): the names, the settings
    and who plays (`play`: 'people' or 'side:level')."""
    return last_choices("lfw", {"play": {value for _, value in opponents()}}, RULES.settings)


def opponents() -> list[tuple[str, str]]:
    """Who plays: two people, or the computer at one side and one level
    (value 'side:level'), for every level LfW offers."""
    out = [("Two people at this keyboard", "people")]
    for side in SIDES:
        out += [
            (f"The computer plays {SIDE_NAMES[side]} ({level})", f"{side}:{level}")
            for level in levels("lfw")
        ]
    return out


# What a seed pins, checked in the code (tester G2, round 17, read "the order
# of the Chief tokens" against the README's "pinned"): the setup's only chance
# (S2, lfw/setup.py); a computer player draws its own seed at each game
# (ui/turns.py), so its choices are not pinned.
SEED_HINT = "optional: pins the Chief tokens' order"
SEED_COMPUTER = "; the computer varies"  # said where the computer plays (T4, round 50)


def seed_hint(opponent: str) -> str:
    """The seed field's placeholder where `opponent` plays (`opponents`)."""
    return SEED_HINT + ("" if opponent == "people" else SEED_COMPUTER)


def lfw_screen(
    seed: int | None = None,
    options: Options | None = None,
    map_name: str | None = None,
    players: dict[str, str] | None = None,
    store: Store | None = None,
    settings: dict[str, str] | None = None,
) -> LfwScreen:
    """A new game's screen, played with `settings` (kept in its record).
    Raises WhitechapelError for a bad map.  (The
    engine and the board are imported here, not at the top: the setup screen
    comes up before them.)"""
    from whitechapel.core.chance import new_seed
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.ui.screen import LfwScreen
    from whitechapel.ui.source import LocalSource

    players = players_for(players or {})
    board = load_board(map_name or None)
    seed = new_seed() if seed is None else seed
    game = LfwGame.new(seed, options or Options(), board)
    record = record_of(game, seed=seed, players=players, settings=settings)
    return LfwScreen(LocalSource(game, record, store or Store()), board)


def prepare(map_name: str | None = None) -> None:
    """What starting a game on a shipped board needs first, done ahead (the
    setup runs it in a thread once drawn): the game screen's modules
    imported, the board loaded and its drawings measured and built, each
    kept per process (`maps.load_board`, `mapcanvases`).  A player's own map
    file is not read here: the start reads and checks it.  Nothing here is
    needed: if it fails or has not finished, the start does the same work
    (and reports any error)."""
    from whitechapel.lfw.map.maps import is_shipped, load_board

    if map_name is not None and not is_shipped(map_name):
        return
    import whitechapel.lfw.ui.screen  # noqa: F401  (its modules: a third of the start)
    from whitechapel.lfw.ui.mapcanvases import canvases, least_whole
    from whitechapel.lfw.ui.picking import crossing_letters

    board = load_board(map_name)
    canvases(board)
    least_whole(board)
    crossing_letters(board)  # each crossing's own letter (78 ms on the 1888 board)


def _quietly(work: Callable[[], None]) -> None:
    with contextlib.suppress(Exception):  # only a head start: the start does it again
        work()


NAME_FIELDS = {"jack": "#jack-name", "police": "#police-name"}  # each side's name field


class LfwSetup(Screen):
    BINDINGS = [
        Binding("escape", "back", "Back", id="app.back"),
        Binding("ctrl+g", "start", "Start", id="lfw.setup.start"),
        # Enter starts from any row (an Input's own Enter does the same);
        # Up and Down go between rows, Left and Right within one.
        Binding("enter", "start", "Start", show=False, id="lfw.setup.enter"),
        Binding("down", "app.focus_next", "Next row", show=False, id="lfw.setup.next_row"),
        *tab_bindings("lfw.setup"),  # Tab before the keys typed after it
        Binding(
            "up", "app.focus_previous", "Previous row", show=False, id="lfw.setup.previous_row"
        ),
    ]
    DEFAULT_CSS = """
    LfwSetup { align: center middle; }
    LfwSetup #setup-box { width: 76; height: auto; border: heavy $accent; padding: 0 1; }
    LfwSetup .field { height: 1; margin-bottom: 1; }
    LfwSetup #seed-field { margin-bottom: 0; }
    LfwSetup #opponent { width: 1fr; }
    LfwSetup .field-label { width: 8; }
    LfwSetup Input { width: 1fr; }
    LfwSetup #options { height: 8; border: round $primary; }
    LfwSetup .setting-field { height: 1; margin-bottom: 0; }
    LfwSetup .field Picker { margin-left: 1; }
    LfwSetup #start { width: 100%; margin-bottom: 0; }
    """

    def __init__(
        self,
        seed: int | None = None,
        options: Options | None = None,
        map_name: str | None = None,
        players: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.prepared: threading.Thread | None = None  # `prepare`, once drawn
        self.seed = seed
        self.options = options or Options()
        self.map_name = map_name
        # A computer named on the command line is chosen in "who plays";
        # what the command line does not say is what was chosen last time.
        last = remembered()
        self.last_settings = {s.name: last[s.name] for s in RULES.settings if s.name in last}
        self.opponent = "people" if players else last.get("play", "people")
        self.players = {side: last[side] for side in SIDE_NAMES if last.get(side)}
        offered = {value for _, value in opponents()}
        for side, name in (players or {}).items():
            try:
                level = computer_level(name, "lfw")
            except WhitechapelError:
                level = None  # a level LfW does not offer: the start says so
            if level is not None and f"{side}:{level}" in offered:
                self.opponent = f"{side}:{level}"
            else:
                self.players[side] = name

    def compose(self) -> ComposeResult:
        with Vertical(id="setup-box") as box:
            box.border_subtitle = "Tab or ↓: next row · ← → Space: choose · Enter: start"
            yield Label("[b]Letters from Whitechapel[/b] — a new game")
            # who plays whom first: the choice is remembered, and three testers
            # found it at the foot, seven rows down, set to the computer
            with Horizontal(classes="field", id="opponent-field"):
                yield Label("Play", classes="field-label")
                yield Picker(opponents(), self.opponent, id="opponent")
            fields = [
                ("Jack", self.players.get("jack", ""), "jack-name", "Jack's player (optional)"),
                (
                    "Police",
                    self.players.get("police", ""),
                    "police-name",
                    "the police's player(s) (optional)",
                ),
                (
                    "Board",
                    self.map_name or "",
                    "map",
                    "empty: the 1888 board; 'tutorial'; or a map file",
                ),
                (
                    "Seed",
                    "" if self.seed is None else str(self.seed),
                    "seed",
                    seed_hint(self.opponent),
                ),
            ]
            for label, value, wid, hint in fields:
                with Horizontal(classes="field", id=f"{wid}-field"):
                    yield Label(label, classes="field-label")
                    yield Input(value, placeholder=hint, id=wid, compact=True)
            chosen = self.options.to_json()
            rules = Picker(
                [(OPTION_NAMES[name], name) for name in OPTIONS],
                [name for name in OPTIONS if chosen[name]],
                multiple=True,
                vertical=True,
                id="options",
            )
            rules.border_title = "Optional rules (↑ ↓, Space: on \\[x] or off \\[ ])"
            yield rules
            for setting in RULES.settings:
                with Horizontal(classes="field setting-field", id=f"{setting.name}-field"):
                    yield Label(setting.label, classes="field-label")
                    yield setting_picker(setting, self.last_settings.get(setting.name))
            yield Button("Start the game", id="start", variant="primary", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#opponent", Picker).focus()
        self.computer_side()
        self.call_after_refresh(self.prepare_start)

    def prepare_start(self) -> None:
        """After the first frame: `prepare` the board named on the command
        line (or the 1888 board) in a thread of its own.  A daemon thread:
        quitting at once does not wait for it (a Textual worker's would);
        an error in it is dropped, the start meets it again and says it."""
        self.prepared = threading.Thread(
            target=_quietly, args=(partial(prepare, self.map_name or None),), daemon=True
        )
        self.prepared.start()

    def on_picker_changed(self, event: Picker.Changed) -> None:
        """The computer's side has no name to type (`computer_names`)."""
        if event.picker.id == "opponent":
            self.computer_side()

    def computer_side(self) -> None:
        opponent = self.query_one("#opponent", Picker).value
        computer_names(self, NAME_FIELDS, opponent)
        self.query_one("#seed", Input).placeholder = seed_hint(opponent)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        players = typed_names(self, NAME_FIELDS)
        opponent = self.query_one("#opponent", Picker).value
        if opponent != "people":
            side, _, level = opponent.partition(":")
            players[side] = computer_name(level)
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.isdigit():
            self.notify("The seed is a whole number (or leave it empty).", severity="error")
            return
        seed = int(seed_text) if seed_text else None
        chosen = set(self.query_one("#options", Picker).selected)
        options = Options(**{name: name in chosen for name in OPTIONS})
        map_name = self.query_one("#map", Input).value.strip() or None
        settings = chosen_settings(self, RULES.settings)
        try:
            screen = lfw_screen(seed, options, map_name, players, settings=settings)
        except (WhitechapelError, OSError) as e:
            self.notify(str(e).splitlines()[0], severity="error", timeout=8)
            return
        unremembered = self.remember()
        if unremembered:
            self.notify(config.notice(unremembered), severity="warning", timeout=8)
        self.app.switch_screen(screen)

    def remember(self) -> str | None:
        """The names typed, the settings and who plays whom, for the next
        setup (`config.remember`'s answer: None, or what could not be kept)."""
        typed = {side: self.query_one(f"#{side}-name", Input).value.strip() for side in SIDE_NAMES}
        settings = chosen_settings(self, RULES.settings)
        opponent = self.query_one("#opponent", Picker).value
        return config.remember("lfw", **typed, **settings, play=opponent)

    async def action_back(self) -> None:
        """Esc: back, the choices made kept for the next setup (tester T2,
        round 23: back in the setup, the play row had gone back to the
        hot seat, and ctrl+g started a game he did not mean)."""
        self.remember()
        await self.app.run_action("app.back")
