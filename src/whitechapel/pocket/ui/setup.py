"""The setup screen of a Mr. Jack Pocket hot-seat game: the players' names,
the game's settings (the hand-over mode: `pocket/rules.py` declares them),
and whether the computer plays one side (and how well).  `whitechapel
pocket` starts the game directly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Label

from whitechapel.core import config
from whitechapel.core.chance import new_seed
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.players import computer_level, computer_name, default_level, levels
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket.rules import RULES
from whitechapel.pocket.ui.sides import OTHER_SIDE, SIDE_NAMES, who_sentence
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
    from whitechapel.pocket.ui.screen import PocketScreen


def remembered() -> dict[str, str]:
    """This setup's last choices (core/config.py): the names, the settings,
    who plays (`play`: 'people', or the computer's 'side:level', as every
    version has written it) and the computer's level (`level`, kept also
    when two people played)."""
    offered = {"play": {value for _, value in opponents()}, "level": set(levels("pocket"))}
    return last_choices("pocket", offered, RULES.settings)


def check_players(players: dict[str, str]) -> None:
    """A computer named with an unknown level, or on both sides, is a
    one-line error (the arena plays computers against each other)."""
    computers = [name for name in players.values() if computer_level(name, "pocket")]
    if len(computers) == 2:
        raise WhitechapelError(
            "the computer can play one side only; 'whitechapel pocket arena' plays it against itself"
        )


def opponents() -> list[tuple[str, str]]:
    """Every way of playing, as remembered (`play`): two people, or the
    computer at one side and one level (value 'side:level')."""
    out = [("Two people at this keyboard", "people")]
    for side in ("investigator", "jack"):
        out += [
            (f"The computer plays {SIDE_NAMES[side]} ({level})", f"{side}:{level}")
            for level in levels("pocket")
        ]
    return out


# Who plays (tester PD, issue 44: one row of nine, cycled from last time's,
# started a game against 'normal' meant as 'hard'): a short list, the
# computer's level on a row of its own.  The value is the computer's side.
WHO = [("Two people", "people"), ("You as investigator", "jack"), ("You as Jack", "investigator")]


def split_play(play: str, level: str | None = None) -> tuple[str, str]:
    """A remembered `play` ('people' or 'side:level') as the two rows:
    (who plays: 'people' or the computer's side, the computer's level);
    `level` the remembered one, for 'people'."""
    side, _, chosen = play.partition(":")
    offered = levels("pocket")
    fallback = level if level in offered else default_level("pocket")
    if side not in OTHER_SIDE:
        return "people", fallback
    return side, chosen if chosen in offered else fallback


def pocket_screen(
    seed: int | None = None,
    players: dict[str, str] | None = None,
    settings: dict[str, str] | None = None,
) -> PocketScreen:
    """A new hot-seat game's screen (the setup's, and `whitechapel pocket`'s),
    played with `settings` (kept in its record).  (The game screen is
    imported here: the setup screen comes up before it.)"""
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.screen import PocketScreen
    from whitechapel.ui.source import LocalSource

    check_players(players or {})
    seed = new_seed() if seed is None else seed
    game = PocketGame.new(seed)
    record = record_of(game, seed=seed, players=players or {}, settings=settings)
    return PocketScreen(LocalSource(game, record, Store()))


GUIDED = {"jack": "computer:easy"}  # 'Learn by playing': the learner plays the investigator


def guided_screen(seed: int | None = None) -> PocketScreen:
    """'Learn by playing': a new game against the easy computer, the player
    the investigator (who opens round 1), with hints in each token's first
    round (the `hints` setting, kept in the record: Continue keeps them)."""
    return pocket_screen(seed, dict(GUIDED), {"hints": "first"})


NAME_FIELDS = {"jack": "#jack-name", "investigator": "#inv-name"}  # each side's name field


class PocketSetup(Screen):
    BINDINGS = [
        Binding("escape", "back", "Back", id="app.back"),
        # Enter starts the game from any row; Up and Down go between rows,
        # Left and Right (and Space) change a choice.
        Binding("enter", "start", "Start", priority=True, id="pocket.start"),
        Binding("down", "app.focus_next", "Next row", show=False, id="pocket.setup.next_row"),
        *tab_bindings("pocket.setup"),  # Tab before the keys typed after it
        Binding(
            "up", "app.focus_previous", "Previous row", show=False, id="pocket.setup.previous_row"
        ),
    ]
    DEFAULT_CSS = """
    PocketSetup { align: center middle; }
    PocketSetup #setup-box { width: 68; height: auto; border: heavy $accent; padding: 0 2; }
    PocketSetup .setting-row { height: auto; }
    PocketSetup Input, PocketSetup Picker { margin-bottom: 1; }
    PocketSetup .row-label { color: $text-muted; }
    PocketSetup #opponent { margin-bottom: 0; }
    PocketSetup #level-row { height: 1; margin-bottom: 1; }
    PocketSetup #level-row Label { width: auto; }
    PocketSetup #level { margin-bottom: 0; }
    PocketSetup #play-sentence { text-style: bold; margin-bottom: 1; }
    """

    def compose(self) -> ComposeResult:
        last = remembered()
        with Vertical(id="setup-box"):
            yield Label("[b]Mr. Jack Pocket[/b] — a new game")
            # Who plays first, with the focus: the row every game changes
            # (testers QD and QE, round 16: the form opened in Jack's name
            # field, at 80×24 scrolled out of sight, and a first Space or →
            # went into it)
            who, level = split_play(last.get("play", "people"), last.get("level"))
            yield Label("Who plays", classes="row-label")
            yield Picker(WHO, who, id="opponent")
            # Only for a game against the computer: with two people the row is
            # hidden (tester PI, round 5: "Computer's level" stood there).
            with Horizontal(id="level-row") as row:
                row.display = who != "people"
                yield Label("Computer's level: ", classes="row-label")
                offered = [(name, name) for name in levels("pocket")]
                yield Picker(offered, level, id="level", disabled=who == "people")
            yield Label(who_sentence(who, level), id="play-sentence")
            # each box says whose it is in its border, typed in or not (testers
            # QS and QT, rounds 23-24: once "Ann" and "Bob" were typed, only
            # the placeholders had said which box was Jack's)
            jack = Input(
                last.get("jack", ""), placeholder="Jack's player (optional)", id="jack-name"
            )
            jack.border_title = "Jack"
            yield jack
            inv = Input(
                last.get("investigator", ""),
                placeholder="The investigator's player (optional)",
                id="inv-name",
            )
            inv.border_title = "The investigator"
            yield inv
            for setting in RULES.settings:
                with Vertical(id=f"{setting.name}-row", classes="setting-row") as row:
                    row.display = not (setting.people and who != "people")
                    yield Label(setting.label, classes="row-label")
                    yield setting_picker(setting, last.get(setting.name))
            yield Center(Label("Tab or ↑ ↓: rows · ← → Space: choose · Enter: start"))
        yield KeyFooter()

    def on_mount(self) -> None:
        computer_names(self, NAME_FIELDS, self.opponent)
        self.query_one("#opponent", Picker).focus()

    def chosen_play(self) -> tuple[str, str]:
        """(who plays: 'people' or the computer's side, the computer's level)."""
        return self.query_one("#opponent", Picker).value, self.query_one("#level", Picker).value

    @property
    def opponent(self) -> str:
        """Who plays, as remembered: 'people', or the computer's 'side:level'."""
        who, level = self.chosen_play()
        return who if who == "people" else f"{who}:{level}"

    def on_picker_changed(self, event: Picker.Changed) -> None:
        """The sentence under the rows says the game they now make; the level
        row is only for a game against the computer (hidden for two people)."""
        who, level = self.chosen_play()
        computer_names(self, NAME_FIELDS, self.opponent)
        self.query_one("#level", Picker).disabled = who == "people"
        self.query_one("#level-row").display = who != "people"
        for setting in RULES.settings:  # a hand-over means nothing against the computer
            if setting.people:
                self.query_one(f"#{setting.name}-row").display = who == "people"
        self.query_one("#play-sentence", Label).update(who_sentence(who, level))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        players = typed_names(self, NAME_FIELDS)
        settings = chosen_settings(self, RULES.settings)
        opponent = self.opponent
        if opponent != "people":
            side, _, level = opponent.partition(":")
            players[side] = computer_name(level)
        try:
            screen = pocket_screen(players=players, settings=settings)
        except WhitechapelError as e:  # 'computer' typed as both names
            self.notify(str(e), severity="error")
            return
        unremembered = self.remember()
        if unremembered:
            self.notify(config.notice(unremembered), severity="warning", timeout=8)
        self.app.switch_screen(screen)

    def remember(self) -> str | None:
        """The names typed, the settings, who plays whom and the level, for
        the next setup (`config.remember`'s answer)."""
        typed = {
            side: self.query_one(f"#{wid}", Input).value.strip()
            for side, wid in (("jack", "jack-name"), ("investigator", "inv-name"))
        }
        settings = chosen_settings(self, RULES.settings)
        level = self.chosen_play()[1]
        return config.remember("pocket", **typed, **settings, play=self.opponent, level=level)

    async def action_back(self) -> None:
        """Esc: back, the choices made kept for the next setup (as LfW's)."""
        self.remember()
        await self.app.run_action("app.back")
