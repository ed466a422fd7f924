"""The Letters from Whitechapel game screen (hot seat).

The map is the centre; the panels around it read one side's view.  Every
choice is a word of an action's text: the legal actions come from the
engine (`choosing.Chooser`, or `Placer` for H2/H3), the player picks the
next word on the map (click, type a circle's number or a crossing's id, or
Tab through the highlighted targets) or among the keyword choices, and the
finished text goes to the engine.  A refusal shows the engine's reason and
changes nothing.

Secrecy (§9): the side at the keyboard is `holder`; every change of side
goes through the curtain, and before it rises every panel is redrawn from
the public view, so nothing secret stays under it.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.record import Record
from whitechapel.core.store import Store
from whitechapel.lfw import views
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.phases import JACK, POLICE
from whitechapel.lfw.ui import panels
from whitechapel.lfw.ui.choosing import Chooser, Placer, node_of
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import marks_for
from whitechapel.lfw.ui.picking import Picking
from whitechapel.ui.records import RecordKeeping
from whitechapel.ui.screens.handover import HandOvers, handover_text
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.guard import SizeGuard, TooSmall
from whitechapel.ui.widgets.text import Curtain, TextPanel

CHOICES = 7

# What each phase asks of the player, in the rulebook's words.
GUIDE = {
    "hideout": "Choose your hideout: a circle (type its number, click it, or Tab).",
    "women": "Place the women tokens on red circles: {what}.",
    "patrols": "Place the patrol markers on yellow crossings: {what}.",
    "letter": "You may send a letter (O1), or no letter.",
    "saucy": "Saucy Jacky: move the two markers Jack named to free yellow crossings.",
    "kill": "Kill: choose a marked woman's circle, or wait.",
    "wretched": "Move each Wretched (a woman who waits) to a neighbouring circle.",
    "reveal": "Reveal a face-down patrol marker.",
    "escape": "Move: step to a circle, take a coach (two steps), or an alley.",
    "graffito": "Goulston Street graffito (O1): name a policeman, or no letter.",
    "graffito_chief": "The Chief chooses which policeman goes to Goulston Street.",
    "hunt": "Move {who}: up to two crossings, or stay.",
    "false_clue": "You may place a false clue (O2).",
    "clues": "{who}: search circles, arrest at one, or the other actions.",
    "searching": "{who}: name the next circle to search (T3: until a clue or all named).",
}


def help_text() -> str:
    return resources.files("whitechapel.lfw.ui").joinpath("help.md").read_text()


class LfwScreen(SizeGuard, HandOvers, RecordKeeping, Screen):
    CSS_PATH = "lfw.tcss"
    BINDINGS = [
        Binding("tab", "cycle(1)", "Next", priority=True),
        Binding("shift+tab", "cycle(-1)", "Previous", show=False, priority=True),
        Binding("enter", "confirm", "Choose"),
        Binding("escape", "back", "Back"),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("up", "pan(0,-3)", "Pan", show=False),
        Binding("down", "pan(0,3)", "Pan", show=False),
        Binding("left", "pan(-6,0)", "Pan", show=False),
        Binding("right", "pan(6,0)", "Pan", show=False),
        Binding("f2", "overview", "Overview"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
    ]

    def __init__(self, game: LfwGame, record: Record, store: Store | None = None) -> None:
        super().__init__()
        self.game = game
        self.record = record
        self.store = store or Store()
        self.holder: str | None = None
        self.notice = ""
        self.end_night = 0  # at the end: the night whose path the map shows (0: all)
        self.picking = Picking(game.board)

    # -- layout ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TextPanel(id="banner")
        with Horizontal(id="main"):
            yield MapView(self.game.board, id="map")
            with Vertical(id="side"):
                yield TextPanel(id="track")
                yield TextPanel(id="police")
                yield TextPanel(id="notes")  # Jack's sheet (his screens only), notebook, log
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
            self.autosave()
            self.call_after_refresh(self.pass_keyboard)

    # -- whose keyboard --------------------------------------------------------------

    def player_name(self, side: str) -> str:
        player = self.record.players.get(side)
        title = "Jack" if side == JACK else "the police"
        return f"{player} ({title})" if player else title

    def pass_keyboard(self) -> None:
        """Before a side acts: the public view under a hand-over curtain."""
        side = self.game.to_act
        if side is None or side == self.holder:
            return
        self.holder = None
        self.new_choice()
        self.refresh_all()
        other = POLICE if side == JACK else JACK
        away = self.player_name(other)
        away = away[0].upper() + away[1:]

        def ready() -> None:
            self.holder = side
            self.new_choice()
            self.refresh_all()
            self.centre_on_targets()

        self.show_curtain("handover", handover_text(self.player_name(side), away), ready)

    # -- the view and the choice of the moment ---------------------------------------

    def current_view(self) -> dict[str, Any]:
        key = (len(self.game.history), self.holder)
        if getattr(self, "_view_key", None) != key:
            if self.holder is None and self.game.outcome is None:
                view = views.public_view(self.game)
                view["side"] = None
            else:
                view = self.game.view(self.holder or JACK)  # at the end both see all
            self._view_key, self._view = key, view
        return self._view

    def can_act(self) -> bool:
        g = self.game
        return g.outcome is None and not self.curtain_up and self.holder == g.to_act

    def new_choice(self) -> None:
        """The engine's choices for the side at the keyboard, if it is to act."""
        self.notice = ""
        chooser: Chooser | Placer | None = None
        if self.game.outcome is None and self.holder == self.game.to_act:
            view = self.current_view()  # the side at the keyboard is the one to act
            if "placement" in view:
                chooser = Placer(self.game.phase, view["placement"])
            else:
                chooser = Chooser(view["legal"])
        self.picking = Picking(self.game.board, chooser)

    # -- drawing ---------------------------------------------------------------------

    def refresh_all(self) -> None:
        view = self.current_view()
        p = self.picking
        targets = [node_of(o) for o in p.node_options()] if self.can_act() else []
        hi = p.highlighted() if self.can_act() else None
        cursor = node_of(hi) if hi is not None and p.is_node(hi) else None
        shown = self.end_of_game_view(view) if view["outcome"] and view.get("jack") else view
        marks, texts = marks_for(shown, targets=targets, cursor=cursor)
        if self.can_act():
            p.placing_marks(marks, texts)
        self.query_one(MapView).show(marks, texts)
        turn = self.player_name(view["to_act"]) if view["to_act"] else ""
        self.query_one("#banner", TextPanel).set(panels.banner(view, turn))
        self.query_one("#track", TextPanel).set(panels.track_text(view))
        self.query_one("#police", TextPanel).set(panels.police_text(view))
        notes = self.query_one("#notes", TextPanel)
        sheet = ""
        if view.get("jack") and (self.holder == JACK or view["outcome"]):
            sheet = panels.jack_sheet(view["jack"], reveal=bool(view["outcome"])) + "\n\n"
        text = sheet + panels.notebook_text(view) + "\n\n"
        room = notes.size.height - text.count("\n") - 1 if notes.size.height else 6
        notes.set(text + panels.log_text(view, room))
        self.query_one("#prompt", TextPanel).set(self.prompt_text(view))
        self.rebuild_choices()

    def end_of_game_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """At the end the map shows Jack's path: of the night chosen with 1-4,
        or of every night (0).  The map draws "tonight's" path, so the chosen
        night is made tonight."""
        rows = view["jack"]["path"]
        k = self.end_night
        if 1 <= k <= len(rows):
            path, night = rows[:k], k
        else:
            path, night = [[e for row in rows for e in row]], 1
        where = path[-1][-1]["circle"] if path and path[-1] else None
        jack = {**view["jack"], "path": path, "position": where}
        return {**view, "night": night, "jack": jack}

    def prompt_text(self, view: dict[str, Any]) -> str:
        g = self.game
        if g.outcome:
            return (
                f"Game over: {g.outcome.reason}. Keys 1-4 show Jack's path night by night, "
                "0 all nights.\nctrl+s saves the record, ctrl+q quits."
            )
        if not self.can_act():
            return ""
        who = (g.acting_colour or "").capitalize() or "The police"
        p = self.picking
        what = p.chooser.what_next() if isinstance(p.chooser, Placer) else ""
        guide = GUIDE.get(g.phase, "").format(who=who, what=what)
        line2 = f"Typed: [b]{p.typed}[/b]▏" if p.typed else p.keys_hint()
        if self.notice:
            line2 = f"[red]{self.notice}[/red]"
        return f"{guide}{p.so_far()}\n{line2}"

    def rebuild_choices(self) -> None:
        specs = self.picking.choice_specs(CHOICES) if self.can_act() else []
        Choice.fill(self.query_one("#choices"), specs)

    def centre_on_targets(self) -> None:
        hi = self.picking.highlighted()
        if hi is not None and self.picking.is_node(hi):
            self.query_one(MapView).centre_on(node_of(hi))

    # -- keys ------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Printable keys are typed: a circle's number, a crossing's id or a
        keyword.  With only keyword choices, a digit picks one at once."""
        if self.curtain_up or self.query_one(TooSmall).display:
            return
        char = event.character
        if not char or not char.isprintable() or char in " ?" or event.key == "question_mark":
            return
        event.stop()
        event.prevent_default()
        if self.game.outcome is not None:
            if char in "01234":
                self.end_night = int(char)
                self.refresh_all()
            return
        if not self.can_act():
            return
        p = self.picking
        words, nodes = p.word_options(), p.node_options()
        if not p.typed and char.isdigit() and words and not nodes:
            k = int(char) - 1
            if 0 <= k < len(words):
                self.choose(words[k])
            return
        p.typed += char
        self.notice = ""
        typed, board = p.typed, self.game.board
        if (typed.isdigit() and board.is_circle(int(typed))) or board.is_crossing(typed):
            self.query_one(MapView).centre_on(node_of(typed))  # the map jumps to it
        self.refresh_all()

    def action_erase(self) -> None:
        if self.picking.typed:
            self.picking.typed = self.picking.typed[:-1]
            self.refresh_all()

    def action_cycle(self, step: int) -> None:
        if not self.can_act() or not self.picking.options():
            return
        self.picking.cycle(step)
        self.refresh_all()
        self.centre_on_targets()

    def action_pan(self, dx: int, dy: int) -> None:
        self.query_one(MapView).scroll_relative(dx, dy, animate=False)

    def action_overview(self) -> None:
        m = self.query_one(MapView)
        m.set_overview(not m.overview)

    def action_confirm(self) -> None:
        if self.curtain_up:
            self.lift_curtain()
            return
        if not self.can_act():
            return
        p = self.picking
        if p.typed:
            typed, p.typed = p.typed, ""
            found = p.matches(typed)
            if len(found) == 1:
                self.choose(found[0])
            else:
                self.explain(typed, found)
            return
        complete = p.complete()
        if complete is not None and not p.cycled:
            self.send(complete)
            return
        hi = p.highlighted()
        if hi is not None:
            self.choose(hi)

    def action_back(self) -> None:
        self.picking.back()
        self.notice = ""
        self.refresh_all()

    def on_map_view_node_clicked(self, message: MapView.NodeClicked) -> None:
        if not self.can_act():
            return
        word = str(message.node)
        if word in self.picking.options():
            self.choose(word)
        else:
            self.explain(word, [])

    def on_choice_pressed(self, event: Choice.Pressed) -> None:
        if not self.can_act():
            return
        if event.choice == "*done":
            self.send(self.picking.complete() or "")
        elif event.choice == "*back":
            self.action_back()
        else:
            self.choose(event.choice)

    # -- choosing --------------------------------------------------------------------

    def explain(self, word: str, found: list[str]) -> None:
        """Why a typed or clicked word is not a choice now: the engine's reason."""
        chooser = self.picking.chooser
        if len(found) > 1:
            self.notice = f"{word!r} could be {', '.join(found)}: type more."
        elif isinstance(chooser, Placer):
            what = chooser.what_next()
            self.notice = f"{word} is not a place for {what} (H2/H3: the highlighted ones are)."
        elif isinstance(chooser, Chooser):
            self.notice = self.engine_reason(chooser, word)
        self.refresh_all()

    def engine_reason(self, chooser: Chooser, word: str) -> str:
        trial = self.game.clone()
        try:
            trial.play(chooser.text_with(word), self.game.to_act)
        except WhitechapelError as e:
            return f"{word}: {e}"
        return f"{word} is not a choice here: the highlighted ones are."

    def choose(self, word: str) -> None:
        try:
            done = self.picking.pick(word)
        except ValueError:
            self.explain(word, [])
            return
        self.notice = ""
        if done is not None:
            self.send(done)
        else:
            self.refresh_all()
            self.centre_on_targets()

    def send(self, text: str) -> None:
        side = self.game.to_act
        try:
            self.game.play(text, side)
        except WhitechapelError as e:
            self.new_choice()
            self.notice = str(e)
            self.refresh_all()
            return
        self.saved_later()
        if self.game.outcome is not None:
            self.holder = None
            self.new_choice()
            self.refresh_all()
        elif self.game.to_act != side:
            self.pass_keyboard()
        else:
            self.new_choice()
            self.refresh_all()
            self.centre_on_targets()

    # -- records ---------------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(help_text()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (self.query_one(TooSmall).display and action != "help")


def is_handover(screen: object) -> bool:
    return isinstance(screen, LfwScreen) and screen.curtain_up
