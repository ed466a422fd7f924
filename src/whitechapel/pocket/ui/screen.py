"""The Mr. Jack Pocket game screen (hot seat).

The screen reads views and sends action text to the engine; it never
decides a rule.  Choosing an action goes: a token (1-4), then its target.
Previews follow the secrecy rule: `pocket.preview` computes them from the
view of the side at the keyboard and the candidate action, never from the
engine, so a preview cannot show a witness call's result.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.record import Record, record_of
from whitechapel.core.store import Store
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import (
    DETECTIVES,
    DIRECTIONS,
    INVESTIGATOR,
    JACK,
    SQUARES,
)
from whitechapel.pocket.preview import preview
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.district import District
from whitechapel.pocket.ui.handover import PocketHandOvers
from whitechapel.ui.records import RecordKeeping
from whitechapel.ui.screens.handover import HandOvers
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.guard import SizeGuard, TooSmall
from whitechapel.ui.widgets.text import Curtain, TextPanel

MOVERS = {"H": 0, "W": 1, "T": 2}


def help_text() -> str:
    return resources.files("whitechapel.pocket.ui").joinpath("help.md").read_text()


CHOICES = 6  # at most: four tokens, or joker targets with Back


class PocketScreen(SizeGuard, PocketHandOvers, HandOvers, RecordKeeping, Screen):
    CSS_PATH = "pocket.tcss"
    BINDINGS = [
        Binding("1", "digit(1)", "1", show=False),
        Binding("2", "digit(2)", "2", show=False),
        Binding("3", "digit(3)", "3", show=False),
        Binding("4", "digit(4)", "4", show=False),
        Binding("h", "joker('H')", "Holmes", show=False),
        Binding("w", "joker('W')", "Watson", show=False),
        Binding("t", "joker('T')", "Toby", show=False),
        Binding("0", "joker('-')", "Nobody", show=False),
        Binding("up", "cursor(0,-1)", "Tile", show=False),
        Binding("down", "cursor(0,1)", "Tile", show=False),
        Binding("left", "cursor(-1,0)", "Tile", show=False),
        Binding("right", "cursor(1,0)", "Tile", show=False),
        Binding("r", "rotate", "Rotate"),
        Binding("enter", "confirm", "Confirm"),
        Binding("escape", "back", "Back"),
        Binding("s", "secrets", "Jack's cards"),
        Binding("ctrl+s", "save", "Save record"),
        Binding("n", "rematch", "Rematch"),
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
    ]

    def __init__(
        self,
        game: PocketGame,
        record: Record,
        store: Store | None = None,
        handover: str = "always",
    ) -> None:
        super().__init__()
        self.game = game
        self.record = record
        self.store = store or Store()
        self.handover = handover  # "always", or "secrets": only around Jack's cards
        self.holder: str | None = None  # who holds the keyboard (after a hand-over)
        self.mode = "token"
        self.token: int | None = None
        self.cursor = 4
        self.first: int | None = None
        self.wall: int | None = None
        self.notice = ""

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TextPanel(id="banner")
        with Horizontal(id="main"):
            yield District(id="district")
            with Vertical(id="side"):
                yield TextPanel(id="tokens")
                yield TextPanel(id="rounds")
                yield TextPanel(id="notes")  # Jack's cards (his screens only), the log
        yield TextPanel(id="prompt")
        with Horizontal(id="choices"):
            for _ in range(CHOICES):
                yield Choice()
        yield Footer()
        yield Curtain(id="curtain")
        yield TooSmall()

    def on_mount(self) -> None:
        self.refresh_all()
        if self.game.outcome is None:
            self.autosave()  # in the store from its first screen: Continue finds it
            self.call_after_refresh(self.pass_keyboard)

    # -- drawing -------------------------------------------------------------------

    def view_side(self) -> str:
        return self.holder or INVESTIGATOR  # nobody at the keyboard: the public view

    def refresh_all(self) -> None:
        game = self.game
        view = self.current_view()
        preview, moving, picked = self.preview()
        district = self.query_one(District)
        cursor = self.cursor if self.mode in ("tile", "exchange2") else None
        district.show(view, preview=preview, cursor=cursor, picked=picked, moving=moving)
        turn = self.player_name(view["to_act"]) if view["to_act"] else ""
        self.query_one("#banner", TextPanel).set(panels.banner(view, turn))
        self.query_one("#tokens", TextPanel).set(panels.tokens_text(view, self.token))
        self.query_one("#rounds", TextPanel).set(panels.rounds_text(view))
        # One panel of fixed size for Jack's cards and the log: showing or hiding
        # the cards changes no widget's size, so a key costs one frame.
        notes = self.query_one("#notes", TextPanel)
        cards = ""
        jack = game.view(JACK).get("jack") if game.outcome or self.holder == JACK else None
        if game.outcome and jack:
            cards = panels.reveal_text(jack) + "\n\n"
        elif self.holder == JACK:
            cards = "[b red]Secret — Jack only[/b red]\n" + panels.secret_text(jack) + "\n\n"
        room = max(2, notes.size.height - cards.count("\n") - 1) if notes.size.height else 6
        notes.set(cards + panels.log_text(view, room))
        self.query_one("#prompt", TextPanel).set(self.prompt_text())
        self.rebuild_choices()
        # The footer is costly to rebuild: it changes with the side at the keyboard
        # and the end of the game; the prompt line gives each step's own keys.
        keys = (game.outcome is None, self.handover)
        if keys != getattr(self, "_keys_state", None):
            self._keys_state = keys
            self.refresh_bindings()

    def prompt_text(self) -> str:
        game = self.game
        if game.outcome:
            return (
                f"Game over: {game.outcome.reason}.\n"
                "ctrl+s saves the record, n starts a rematch, ctrl+q quits."
            )
        if self.handover == "always" and self.holder != game.to_act:
            return ""
        text = panels.step_prompt(self.mode, self.face(), game.to_act == JACK)
        return text + (f"\n[red]{self.notice}[/red]" if self.notice else "")

    def rebuild_choices(self) -> None:
        """The choice buttons for the mouse.  A fixed row of buttons is relabelled
        and shown or hidden: mounting new ones on every key costs a layout."""
        specs: list[tuple[str, str]] = []
        if self.game.outcome:
            specs = [("Save record", "do-save"), ("Rematch", "do-rematch")]
        elif self.can_act():
            tokens = self.current_view()["tokens"]
            specs = panels.choice_specs(self.mode, self.face(), tokens, self.game.to_act == JACK)
        if specs == getattr(self, "_choices_key", None):
            return
        self._choices_key = specs
        Choice.fill(self.query_one("#choices"), specs)

    # -- choosing ------------------------------------------------------------------

    def face(self) -> str | None:
        if self.token is None:
            return None
        return self.current_view()["tokens"][self.token]["up"]

    def current_view(self) -> dict[str, Any]:
        """The view of the side at the keyboard, built once per state."""
        key = (len(self.game.history), self.view_side())
        if getattr(self, "_view_key", None) != key:
            self._view_key, self._view = key, self.game.view(self.view_side())
        return self._view

    def can_act(self) -> bool:
        """May the keyboard play now?  Not behind the curtain: there only Enter
        (or a click) means something, and it lifts the curtain."""
        game = self.game
        if self.curtain_kind:
            return False
        return game.outcome is None and (self.handover != "always" or self.holder == game.to_act)

    def preview(self):
        """The board after the action being chosen, from the view at the
        keyboard alone: new walls, positions and sight lines."""
        picked = {self.first} if self.first is not None else set()
        candidate = self.candidate()
        if candidate is None:
            return None, None, picked
        moving = None
        if candidate[0] in MOVERS and candidate[1] == "+":
            moving = DETECTIVES[MOVERS[candidate[0]]]
        return preview(self.current_view(), candidate), moving, picked

    def candidate(self) -> str | None:
        if self.mode == "tile" and self.face() == "R" and self.wall is not None:
            return f"R{SQUARES[self.cursor]}{DIRECTIONS[self.wall]}"
        if self.mode == "exchange2" and self.first is not None and self.first != self.cursor:
            return f"X{SQUARES[self.first]}{SQUARES[self.cursor]}"
        return None

    def action_digit(self, n: int) -> None:
        if not self.can_act():
            return
        if self.mode == "token":
            self.choose_token(n - 1)
        elif self.mode == "move" and n in (1, 2):
            self.send(f"{self.face()}+{n}")

    def choose_token(self, index: int) -> None:
        view = self.current_view()
        tokens = view["tokens"]
        if not 0 <= index < 4 or tokens[index]["used"]:
            self.notice = "That token was played this round."
            self.refresh_all()
            return
        # Two Rotation tokens are the same action: mark the one the engine plays.
        index = next(
            i for i, t in enumerate(tokens) if not t["used"] and t["up"] == tokens[index]["up"]
        )
        self.token, self.notice = index, ""
        face = view["tokens"][index]["up"]
        self.mode = {"H": "move", "W": "move", "T": "move", "J": "joker", "A": "alibi"}.get(
            face, "tile"
        )
        self.wall = None
        self.first = None
        self.refresh_all()

    def action_joker(self, who: str) -> None:
        if self.can_act() and self.mode == "joker":
            self.send(f"J:{who}")

    def action_cursor(self, dx: int, dy: int) -> None:
        if not self.can_act() or self.mode not in ("tile", "exchange2"):
            return
        x, y = self.cursor % 3, self.cursor // 3
        self.cursor = max(0, min(2, y + dy)) * 3 + max(0, min(2, x + dx))
        self.wall = None
        self.refresh_all()

    def on_district_tile_clicked(self, message: District.TileClicked) -> None:
        if not self.can_act() or self.mode not in ("tile", "exchange2"):
            return
        if self.cursor == message.square and self.candidate():
            self.action_confirm()
            return
        self.cursor = message.square
        self.wall = None
        self.refresh_all()

    def action_rotate(self) -> None:
        """Cycle through the orientations the rules allow for this tile."""
        if not self.can_act() or self.mode != "tile" or self.face() != "R":
            return
        legal = [str(a) for a in self.game.legal_actions()]
        options = [w for w in range(4) if f"R{SQUARES[self.cursor]}{DIRECTIONS[w]}" in legal]
        if not options:
            self.notice = "This tile cannot be rotated now (it was rotated this round)."
        else:
            self.notice = ""
            current = self.wall if self.wall in options else None
            self.wall = (
                options[(options.index(current) + 1) % len(options)]
                if current is not None
                else options[0]
            )
        self.refresh_all()

    def action_confirm(self) -> None:
        if self.curtain_kind:
            self.lift_curtain()
            return
        if not self.can_act():
            return
        if self.mode == "alibi":
            self.send("A")
        elif self.mode == "tile" and self.face() == "X":
            self.first, self.mode = self.cursor, "exchange2"
            self.cursor = (self.cursor + 1) % 9
            self.refresh_all()
        elif self.mode in ("tile", "exchange2"):
            candidate = self.candidate()
            if candidate is None:
                self.notice = (
                    "Press r to choose a new orientation first."
                    if self.face() == "R"
                    else "Choose a different second tile."
                )
                self.refresh_all()
            else:
                self.send(candidate)

    def action_back(self) -> None:
        if self.mode != "token":
            self.mode, self.token, self.first, self.wall, self.notice = (
                "token",
                None,
                None,
                None,
                "",
            )
            self.refresh_all()

    def on_choice_pressed(self, event: Choice.Pressed) -> None:
        bid = event.choice
        if bid.startswith("tok-"):
            self.action_digit(int(bid[4:]) + 1)
        elif bid.startswith("dig-"):
            self.action_digit(int(bid[4:]))
        elif bid.startswith("jok-"):
            self.action_joker(bid[4:])
        elif bid == "do-rotate":
            self.action_rotate()
        elif bid == "do-confirm":
            self.action_confirm()
        elif bid == "do-back":
            self.action_back()
        elif bid == "do-save":
            self.action_save()
        elif bid == "do-rematch":
            self.action_rematch()

    def send(self, text: str) -> None:
        """Hand the action to the engine; a refusal is shown, nothing changes."""
        side = self.game.to_act
        try:
            self.game.play(text, side)
        except WhitechapelError as e:
            self.notice = str(e)
            self.refresh_all()
            return
        self.mode, self.token, self.first, self.wall, self.notice = "token", None, None, None, ""
        self.saved_later()
        if self.game.outcome is not None:
            self.holder = None
            self.refresh_all()
        elif self.game.to_act != side:
            self.pass_keyboard()
        else:
            self.refresh_all()

    # -- records -------------------------------------------------------------------

    def action_rematch(self) -> None:
        if self.game.outcome is None:
            return
        from whitechapel.core.chance import new_seed

        seed = new_seed()
        game = PocketGame.new(seed)
        record = record_of(game, seed=seed, players=self.record.players)
        self.app.switch_screen(PocketScreen(game, record, self.store, self.handover))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(help_text()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer only the keys that mean something now; behind the
        'too small' guard no game key works."""
        if self.query_one(TooSmall).display and action not in ("help",):
            return False
        if action in ("rotate", "confirm", "back"):
            return self.game.outcome is None  # each does nothing where it means nothing
        if action == "secrets":
            return self.handover != "always" and self.game.outcome is None
        if action == "rematch":
            return self.game.outcome is not None
        return True


def is_handover(screen: object) -> bool:
    """Is the curtain (a hand-over prompt, or Jack's cards) covering this
    screen?  For tests and benchmarks."""
    return getattr(screen, "curtain_kind", None) is not None


def is_cards(screen: object) -> bool:
    """Are Jack's cards alone on this screen?"""
    return getattr(screen, "curtain_kind", None) == "cards"
