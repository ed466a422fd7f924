"""The Letters from Whitechapel game screen, at the hot seat or at a network
seat (its `Source` says which: `ui/source.py`).

The map is the centre; the panels around it read one side's view.  Every
choice is a word of an action's text: the legal actions come from the
view (`choosing.Chooser`, or `Placer` for H2/H3), the player picks the
next word on the map (a target's one-key label, a click, a circle's number
typed, or Tab through the highlighted targets) or among the keyword
choices, and the finished text is sent.  The keys and clicks are keys.py's
(`LfwKeys`); a word that is not a choice gets a sentence about the game
(refusals.py), and a refusal by the engine or the server changes nothing.

Secrecy (§9): the side at the keyboard is `holder`; at the hot seat every
change of side goes through the curtain, and before it rises every panel
is redrawn from the public view, so nothing secret stays under it.  A
network seat holds its own side all game, and so does the one person
playing against the computer at the hot seat (no curtain, the screen drawn
from that person's side's view).

Against the computer, its actions come one at a time and stay listed
under the map until the person acts (solo.py).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer

from whitechapel.core.game import PUBLIC
from whitechapel.core.settings import value_of
from whitechapel.lfw.notebook import Notebook
from whitechapel.lfw.notebook import notebook as deduce
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import DOUBLE_EVENT_NIGHT, JACK, POLICE, SIDES
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.ui import (
    computer,
    deduction,
    jackturn,
    mapstyle,
    nightend,
    notebook,
    panels,
    placenames,
    refusals,
    streets,
)
from whitechapel.lfw.ui.choosing import Placer, node_of
from whitechapel.lfw.ui.keys import PROMPT_ROWS, LfwKeys
from whitechapel.lfw.ui.mapcanvases import whole_window
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import RANK, mark_named, marks_for
from whitechapel.lfw.ui.panels import untagged
from whitechapel.lfw.ui.picking import MORE, Picking, picking_for
from whitechapel.lfw.ui.solo import LfwSolo
from whitechapel.lfw.views import LfwView
from whitechapel.ui.screens.game import GameScreen, SidePanels, help_text
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.source import LocalSource, Source
from whitechapel.ui.turns import PASS, handover_text
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.text import TextPanel

# What each phase asks of the player, in the rulebook's words.
GUIDE = {
    # the house rules said where they bite (tester B3, round 28: "on the
    # main game's own screens, not only in the tutorial"): S1's red circles,
    # H6's extra space and the move every Wretched must make
    "hideout": (
        "Choose your hideout: a circle, not a red one (its number, a click, or Tab). "
        "Policemen on all its ways in bar it."
    ),
    "women": "Place the women tokens on red circles: {what}.",
    "patrols": "Place the patrol markers on yellow crossings: {what}.",
    # H3, nights 2-4: five where the policemen ended, two on yellow crossings
    "patrols_later": "Patrol markers, real or fake, go on seven places: {places}. Now {what}.",
    "letter": "You may send a letter, or no letter.",
    "saucy": "Saucy Jacky: move the two markers Jack named to free yellow crossings.",
    "kill": "Kill: choose a marked woman's circle, or wait.",
    "wretched": (
        "Jack waited: one more space for his escape. Move each Wretched (a woman he may "
        "kill) one circle, if she can."
    ),
    "reveal": "Reveal a face-down patrol marker.",
    "escape": "Move: step to a circle, take a coach (two steps), or an alley.",
    "graffito": "Goulston Street graffito: name a policeman, or no letter.",
    "graffito_chief": "The Chief chooses which policeman goes to Goulston Street.",
    "hunt": "Move {who}: up to two crossings, or stay.",
    "false_clue": "You may place a false clue.",
    "clues": "{who}: search circles, arrest at one, or the other actions.",
    "searching": "{who}: name the next circle to search (until a clue or all named).",
}
# T1 where policemen bar every street from Jack's circle
NO_STEP = "Move: policemen bar every street from here: take a coach (two steps) or an alley."


def move_guide(coaches: int, alleys: int) -> str:
    """T1's guide, naming only the kinds of move Jack has left tonight
    (tester K4, LfW round 46: "with no coach or alley left, the prompt still
    says 'step to a circle, take a coach (two steps), or an alley'")."""
    if coaches and alleys:
        return GUIDE["escape"]
    if coaches:
        return "Move: step to a circle, or take a coach (two steps); no alley left tonight."
    if alleys:
        return "Move: step to a circle, or take an alley; no coach left tonight."
    return "Move: step to a circle (no coach or alley left tonight)."


COMPACT_HEIGHT = 30  # rows: below this the notebook and the log take turns (F5)
# The whole board beside the panels (lfw.tcss, "fits"): the side column's
# width, and the rows that are not map: the banner, the prompt's two lines,
# the choices on one line, the footer.
SIDE_WIDTH = 36
FIT_ROWS = 5
NARROW_WIDTH = 120  # columns: below this the footer is compact
# the keys a wide footer leaves out, first to last, where it has no room
# for all (F1 says them; F3 names F7)
SPARED = ("tab", "enter", "slash", "ctrl+p", "f7")
LOG_ENTRIES = 60  # the newest log entries the log panel is given (it shows their end)
LOG_ROWS = 4  # the fewest rows the log's panel gives the notebook's (`fit_notes`)


def seat_name(seat: str | None) -> str:
    """A seat as players say it: Jack, police seat 2."""
    if seat is None:
        return "the other side"
    if seat == JACK:
        return "Jack"
    return f"police seat {seat.removeprefix('police')}"


def whole_board_size(board: Any) -> tuple[int, int]:
    """The smallest window that shows the whole board, every circle's
    number whole, beside the panels (`mapcanvases.whole_window`)."""
    return whole_window(board, SIDE_WIDTH, FIT_ROWS)


def size_sentence(board: Any) -> str:
    """The one sentence F1, F4 and the toasts say about sizes."""
    w, h = whole_board_size(board)
    return f"A window of {w}×{h} or larger shows the whole board beside the panels."


SIZE_SENTENCE = re.compile(
    r"A window of \d+×\d+ or larger shows the whole board beside the panels\."
)


def set_rows(panel: TextPanel, rows: int) -> None:
    """A panel `rows` tall (a new height only when it changes: each asks
    for a layout of the screen)."""
    if panel.styles.height is None or panel.styles.height.value != rows:
        panel.styles.height = rows


# `/` named where the police plan their moves, where the prompt has room
# (tester K3, round 33: "nothing on a police turn points you to it")
STREETS_NOTE = " / and a circle's number: its streets."

# F6's round: the setup's view of the notebook, the other one, off
VIEW_NAMES = {"possible": "the possible circles", "heat": "the heat map"}
OTHER_VIEW = {"possible": "heat", "heat": "possible"}


def key(keys: str, action: str, description: str, name: str, **kw: Any) -> Binding:
    return Binding(keys, action, description, id=f"lfw.{name}", **kw)


# The footer's mark of a switch's state (F4, F5, F6): the parameter of its
# shown binding says which state it stands for.
SWITCH_ON, SWITCH_OFF = "●", "○"
OFF_SHOWN, ON_SHOWN = 1, 2
SWITCHES = ("whole", "log", "deduction")  # F4, F5, F6's actions


PLACEMENTS = (Phase.WOMEN, Phase.PATROLS)  # H2, H3: tokens go on places all over the board
SPREAD = (Phase.KILL, Phase.REVEAL)  # H5, H7: Jack's targets, wherever the women and markers are


# F6's label says the notebook's mode (tester H4, LfW round 44: "Notebook●"
# whatever the mode): a word after "Notebook", the word alone in a narrow
# footer; each a shown binding of its own, its parameter from `MODE_SHOWN`
MODE_WORDS = {"possible": "circles", "heat": "heat map", deduction.HIDEOUTS: "hideouts"}
MODE_SHOWN, NARROW_SHOWN = 10, 10


def deduction_keys() -> list[Binding]:
    """F6's bindings: the unshown one that does it, the one shown while the
    notebook's marks are off, and for each mode one for a wide footer and
    one for a narrow (`LfwScreen.shown_switch` keeps the one that is true)."""
    keys = switch_keys("f6", "deduction", "Notebook")[:2]
    for n, (mode, word) in enumerate(MODE_WORDS.items()):
        wide, narrow = MODE_SHOWN + n, MODE_SHOWN + NARROW_SHOWN + n
        keys += [
            key(
                "f6",
                f"deduction({wide})",
                f"Notebook: {word}{SWITCH_ON}",
                f"deduction_{mode}",
                priority=True,
            ),
            key(
                "f6",
                f"deduction({narrow})",
                word.capitalize() + SWITCH_ON,
                f"deduction_{mode}_narrow",
                priority=True,
            ),
        ]
    return keys


def switch_keys(keys: str, action: str, name: str) -> list[Binding]:
    """A switch's key: the unshown binding that does it (first: `run_key`
    takes it), and one shown binding per state, its label the switch's name
    and the state's mark (`LfwScreen.check_action` keeps the one that is
    true, so the footer changes only when the state does)."""
    return [
        key(keys, action, name, action, show=False),
        key(keys, f"{action}({OFF_SHOWN})", name + SWITCH_OFF, f"{action}_off", priority=True),
        key(keys, f"{action}({ON_SHOWN})", name + SWITCH_ON, f"{action}_on", priority=True),
    ]


RULES_HEAD = "## The rules\n"
# the fewest characters a keys line takes ("a letter on the map chooses its
# crossing; Esc back") with a note's " · " after it
KEYS_LEAST = 54
ON_THE_RIGHT_WORDS = "on the right"  # the keys line's lists beside the map (picking.py)
AFTER_F2_WORDS = "after F2"  # ... where the overview has the panel's place
AFTER_F5_WORDS = "after F5"  # ... where the log has it in a short window


def rules_last(text: str) -> str:
    """The help's "The rules" section moved to its end."""
    start = text.find(RULES_HEAD)
    if start < 0:
        return text
    end = text.find("\n## ", start + len(RULES_HEAD))
    if end < 0:
        return text
    rules = text[start : end + 1]
    return text[:start] + text[end + 1 :].rstrip("\n") + "\n\n" + rules


POLICE_TURN_HEAD, JACK_TURN_HEAD = "## A police turn", "## A Jack turn"


def jack_turn_first(text: str) -> str:
    """The help with its section on Jack's turn before the one on the
    police's (tester S2, round 23: on Jack's turn F1 opened on the police's
    keys)."""
    police, jack = text.find(POLICE_TURN_HEAD), text.find(JACK_TURN_HEAD)
    if police < 0 or jack < police:
        return text
    end = text.find("\n## ", jack + len(JACK_TURN_HEAD))
    end = len(text) if end < 0 else end + 1
    section = text[jack:end].rstrip("\n") + "\n\n"
    return text[:police] + section + text[police:jack] + text[end:]


class LfwScreen(LfwKeys, LfwSolo, GameScreen):
    CSS_PATH = "lfw.tcss"
    SIDES = SIDES
    TITLES = {JACK: "Jack", POLICE: "the police"}
    PANELS = ("track", "police", "notes", "log")  # notes: Jack's sheet (his only), notebook
    CHOICES = 7
    HELP = "whitechapel.lfw.ui"
    FREE_TAKE_BACK = "Only this turn's police moves can be taken back, before any search or arrest."
    BINDINGS = [
        key("tab", "cycle(1)", "Next", "next"),
        key("shift+tab", "cycle(-1)", "Previous", "previous", show=False),
        key("enter", "confirm", "Choose", "choose"),
        key("escape", "back", "Back", "back"),
        key("backspace", "erase", "Erase", "erase", show=False),
        *[
            key(d, f"pan({dx},{dy})", "Pan", f"pan_{d}", show=False)
            for d, dx, dy in (("up", 0, -3), ("down", 0, 3), ("left", -6, 0), ("right", 6, 0))
        ],
        # F1 before the view keys: a footer too narrow for them all cuts the
        # last (tester F2, round 16, at 120 columns: "f7 Police view  f1 He")
        key("f1", "help", "Help", "help"),
        key("question_mark", "help", "Help", "help_alt", show=False),
        key("f2", "overview", "Overview", "overview"),
        key("f3", "legend", "Legend", "legend"),
        # the street inspector (streets.py): `/` is typed (LfwKeys.inspect_key);
        # this binding names it in a footer wide enough, and a click on it asks
        key("slash", "inspect", "Streets", "inspect"),
        # F4, F5, F6 are switches: the unshown binding (first, the one
        # `run_key` takes) does it; the footer shows the one for the
        # switch's state, its label the switch's name and ● on, ○ off
        # (play-testers O and P, round 8, read "f6 Notebook" as "show me").
        # F6 is in F1's help, and in the footer where it has room
        # (play-tester I, round 5, read "F6" in a puzzle and found no such key)
        *switch_keys("f4", "whole", "Map"),
        *switch_keys("f5", "log", "Log"),
        *deduction_keys(),
        # Jack's screen: his move targets or the police's view of him (one at a
        # time).  In the footer where it has room: a narrow footer holds no
        # more keys, so there the unshown binding (first, the one `run_key`
        # takes) does it, and the legend (F3) names it.
        key("f7", "jack_overlay", "Police view", "jack_overlay_key", show=False),
        key("f7", "jack_overlay(1)", "Police view", "jack_overlay", priority=True),
        key("f8", "crossing_labels", "Crossing ids", "crossing_labels", show=False),  # in F3
        key("f9", "hideouts", "Hideouts", "hideouts", show=False),  # in F3 and the notebook
        key("pageup", "log_scroll(1)", "Older log", "log_older", show=False),
        key("pagedown", "log_scroll(-1)", "Newer log", "log_newer", show=False),
        key("ctrl+s", "save", "Save", "save", show=False),  # autosaved anyway; in F1
        key("space", "no_pauses", "No pauses", "no_pauses", show=False),  # the computer's; in F1
        key("ctrl+l", "lobby", "Lobby", "lobby"),
    ]

    def __init__(self, source: Source, board: Any) -> None:
        super().__init__(source)
        self.board = board
        self.end_night = 0  # at the end: the night whose path the map shows (0: all)
        self.picking = Picking(board)  # the choice of the moment
        self.log_back = 0  # how many of the newest log entries are scrolled out of sight
        self._log_length = -1  # the log's entries when it was last shown
        # The notebook (deduction.py): its mode as the setup or the network
        # room chose it, F6 hides and shows it; the last one is kept so the
        # next is brought up to date cheaply.
        self.notebook_setting = value_of(RULES.settings, source.settings, "notebook")
        self.deduction_mode = self.notebook_setting
        self.deduction_shown = self.deduction_mode != "off"
        # the notebook set off is the box: Jack's aids go with it (the
        # counts home, who can reach a circle, the warnings)
        self.aids = self.notebook_setting != "off"
        self.deduced: Notebook | None = None
        self._deduced_for: LfwView | None = None  # the view it was deduced from
        self.whole_noted = False  # F4: the window's size was judged
        self.fit_size = whole_board_size(board)  # the window that shows it all ("fits")
        self.candidates_for: tuple[int, int] | None = None  # the police turn shown them
        self.police_eye = False  # F7: Jack's map shows the police's view, not his moves
        self.choice_start = 0  # the first choice on the buttons ("+N more" pages on)
        self._prompt_rows: tuple[Size, int] | None = None  # the window, the prompt's rows in it
        self._bindings_for: str | None = None  # the holder the footer's keys were checked for
        self._switches: tuple[object, ...] | None = None  # F4-F6's states the footer shows
        # Each side's own display modes at a hot seat two people share: F5
        # (the log in the notebook's place) and F6 (the deduction shown),
        # kept for it while the other side holds the keyboard.
        self.modes: dict[str, tuple[bool, bool]] = {}
        self._modes_for: str | None = None
        # Each side's log length at its last action: the police's prompt
        # opens with what Jack did since (`computer.since_line`).
        self.news_from: dict[str, int] = {}
        self._notes_tail = ""  # the choices at the log's foot (`fit_notes`)
        self.log_notes: dict[int, str] = {}  # log index -> the computer's note (solo.py)
        # The last night whose summary each side has seen (nightend.py): a
        # game taken up again does not tell its past nights over.
        told = nightend.ended_night(source.view(PUBLIC))
        self.nights_told = {side: told for side in SIDES}
        self.seat_solo()

    def centre(self) -> Widget:
        """The map, under it what the computer played (against the computer)
        and the legend (F3)."""
        played = TextPanel(id="played")
        played.keep_end = True  # the newest line in sight
        return Vertical(MapView(self.board, id="map"), played, TextPanel(id="legend"), id="centre")

    # -- the layout ----------------------------------------------------------------
    # Classes on the screen choose what the .tcss shows: "compact" (a short
    # window: the notebook or the log), "log-only" (F5), "legend" (F3),
    # "whole" (F4: the whole board, side panels folded), "o2" (a line for
    # the false clue tokens), "fits" (a window that shows the whole board
    # beside the panels: the choices on one line, what the computer played
    # in the log only), "overview" (F2: nothing under the map).  Each
    # changes the layout once, when set.

    def on_mount(self) -> None:
        self.query_one("#log", TextPanel).keep_end = True  # the newest entry stays in sight
        self.set_class(self.current_view().options.false_clues, "o2")
        # F3 where the whole board fits beside the panels: the legend in the
        # notebook's place, so the map keeps every row the board needs
        self.query_one("#side").mount(TextPanel(id="side_legend"), before="#notes")

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height < COMPACT_HEIGHT, "compact")
        w, h = self.fit_size
        self.set_class(event.size.width >= w and event.size.height >= h, "fits")
        footer = self.query_one(Footer)  # narrow: every key in sight, no palette hint
        narrow = event.size.width < NARROW_WIDTH
        footer.compact = narrow
        footer.show_command_palette = not narrow
        self.refresh_bindings()  # read when the footer composes again; its keys spared
        if self.has_class("legend"):
            self.call_after_refresh(self.show_legend)  # its columns for the new width
        # the prompt's keys line and the buttons' labels for the new width,
        # and the prompt's and the police panel's rows for that text
        self.call_after_refresh(self.refresh_all)

    @property
    def compact(self) -> bool:
        return self.has_class("compact")

    # -- the view and the choice of the moment ---------------------------------------

    def current_view(self) -> LfwView:
        """The view the screen shows (typed: `views.py`)."""
        view: LfwView = super().current_view()
        return view

    def view_side(self) -> str:
        if self.holder is None and self.source.outcome is None:
            return PUBLIC
        return self.holder or JACK  # at the end both see all

    def reset_choice(self) -> None:
        """The choices offered to the side at the keyboard, if it is to act."""
        self.notice = ""
        self.choice_start = 0
        if self.source.outcome is None and self.holder == self.source.to_act:
            # the side at the keyboard is the one to act
            self.picking = picking_for(self.current_view(), self.board, self.aids)
            return
        self.picking = Picking(self.board)

    def waiting_for(self) -> str:
        return seat_name(self.source.seat_to_act)

    # -- drawing ---------------------------------------------------------------------

    def refresh_all(self) -> None:
        if self._modes_for != self.holder:
            self.modes_for_holder()
        view = self.current_view()
        p = self.picking
        p.notebook_on = self.deduction_shown  # T2's letters by the notebook's circles
        p.notebook_odds = self.deduction_shown and self.deduction_mode == "heat"
        targets = [node_of(o) for o in p.node_options()] if self.can_act() else []
        hi = p.highlighted() if self.can_act() else None
        cursor = node_of(hi) if hi is not None and p.is_node(hi) else None
        shown = self.end_of_game_view(view) if view.outcome and view.jack else view
        labels = p.map_labels() if self.can_act() else {}
        # Jack's map shows one overlay (F7): his moves while he must act, or
        # the police's view of him (the notebook, from public facts alone)
        moves = self.holder != JACK or (self.can_act() and not self.police_eye)
        marks, texts = marks_for(
            shown,
            targets=targets if moves else [],
            cursor=cursor,
            labels=labels if moves else {},
        )
        if self.can_act():
            p.placing_marks(marks, texts)
            if self.holder == JACK and not targets and moves:  # T1: where each move takes him
                for c, tag in jackturn.reach_marks(view).items():
                    if RANK.get(marks.get(c, ""), -1) < RANK[tag]:
                        marks[c] = tag
        nb = self.deduce(view) if self.deduction_shown else None
        if self.holder != JACK or not moves:  # the tint is under every other mark
            deduction.put_tint(marks, texts, deduction.tint_marks(nb, self.deduction_mode))
        prompt = self.prompt_text(view)
        named = prompt + "\n" + (panels.event_text(view.log[-1]) if view.log else "")
        mark_named(marks, placenames.named_crossings(named, self.board))
        lit: dict[frozenset[Any], str] = {}
        if self.inspected is not None:  # the street inspector's (streets.py)
            found = streets.streets_of(self.board, self.inspected)
            for node, tag in streets.node_marks(found).items():
                if RANK.get(marks.get(node, ""), -1) < RANK[tag]:
                    marks[node] = tag
            lit = streets.street_marks(found)
        elif self.can_act() and moves:
            lit = self.choice_streets(view, targets)
        self.query_one(MapView).show(marks, texts, lit)
        turn = self.player_name(view.to_act) if view.to_act else ""
        won = self.source.player(view.outcome.winner) if view.outcome else None
        banner = panels.banner(view, turn, escape(won) if won else None)
        self.query_one("#banner", TextPanel).set(banner + self.clock_text())
        self.query_one("#track", TextPanel).set(untagged(panels.track_text(view)))
        police = panels.police_text(view, compact=self.compact, board=self.board)
        self.query_one("#police", TextPanel).set(untagged(police))
        self.fit_police()
        self.show_notes_and_log(view, nb)
        if self.has_class("legend"):
            self.show_legend()
        self.show_played(view)
        self.show_prompt(prompt)
        switches = self.footer_states()
        if self._bindings_for != self.holder or switches != self._switches:
            # F7 is Jack's key only; F4-F6's labels show their states
            if self._bindings_for not in (None, self.holder):
                self.map_for_holder(view)
            self._bindings_for, self._switches = self.holder, switches
            self.refresh_bindings()
        self.rebuild_choices()
        if self.turns.shared and self.holder is not None and not self.curtain_up:
            self.tell_night(self.holder)  # after its own curtain: a night ended since

    def choice_streets(self, view: LfwView, targets: list[Any]) -> dict[frozenset[Any], str]:
        """The streets the choice of the moment touches, lit on the map
        (`streets.choice_marks`): each crossing offered to the circles
        beside it (T2, H3); in T3 the acting policeman's crossing to the
        circles he may name; on Jack's T1, on his screen only, his circle's
        streets out to where a walk goes."""
        crossings = [t for t in targets if isinstance(t, str)]
        phase = view.phase.key
        acting = view.acting_colour
        if phase in (Phase.CLUES, Phase.SEARCHING) and acting is not None and acting in view.police:
            crossings = [view.police[acting]]
        circle = None
        if self.holder == JACK and phase == Phase.ESCAPE and view.jack is not None:
            circle = view.jack.position
        return streets.choice_marks(self.board, crossings, circle)

    def show_notes_and_log(self, view: LfwView, nb: Any) -> None:
        """The notebook's panel (Jack's sheet on his screen, the deduction,
        the notebook) and the log's; and every choice the keys line could
        not hold, at the foot of the log's panel (the top of the notebook's
        where the log is folded away): below the notebook it was cut at the
        panel's foot (testers K and L, round 6), and the log is what a
        decision needs least."""
        p = self.picking
        sheet = ""
        if view.jack and view.outcome:
            sheet = panels.jack_sheet(view.jack, reveal=True) + "\n\n"
        elif view.jack and self.holder == JACK:
            sheet = jackturn.jack_text(view, self.board, self.aids) + "\n\n"
        found = deduction.deduction_text(
            nb,
            jack=self.holder == JACK,
            key="F9",
            shares=self.deduction_mode == "heat",
            searched=view.searched,
        )
        facts = notebook.notebook_text(view, self.board, compact=self.compact)
        if found:
            facts = f"{found}\n{facts}" if facts else found
        inspected = self.inspect_text(view)
        if inspected:
            sheet = f"{inspected}\n\n{sheet}"
        choices = ""
        if p.cut and self.can_act() and not self.log_over_choices():
            choices = placenames.in_words(p.choices_text(self.compact), self.board)
        # the log's panel is shown but at 80x24 without F5 (tester K, round
        # 6: with F5 the notebook's panel and the list in it were hidden)
        log_shown = not self.has_class("compact")
        beside_log = bool(choices) and log_shown
        if choices and not beside_log:  # no blank row between in a short window (round 27)
            sheet = f"{sheet}{choices}" + ("\n" if self.has_class("compact") else "\n\n")
        self.query_one("#notes", TextPanel).set(untagged(sheet + facts))
        self._notes_tail = choices if beside_log else ""
        self.fit_notes()
        if len(view.log) != self._log_length:  # a new entry: back to the newest (tester Q2,
            self._log_length, self.log_back = len(view.log), 0  # round 22: still N1 in night 2)
        self.log_back = min(self.log_back, max(0, len(view.log) - 1))
        log = self.query_one("#log", TextPanel)
        # as many whatever the panel's rows now: `fit_notes` may change them after
        entries = LOG_ENTRIES  # (each entry takes a row or more: its end is shown)
        tail = f"\n\n{choices}" if beside_log else ""  # the panel shows its end
        # the computer police's notes say what they believe (a likely
        # hideout): Jack reads them once the game is over (tester V, round 11)
        notes = self.log_notes if view.outcome is not None else None
        log.set(untagged(panels.log_text(view, entries, self.log_back, self.board, notes) + tail))

    # -- the end of a night (nightend.py) ----------------------------------------------------

    def after_action(self, side: str | None) -> None:
        """At the end of a night, a pause with its summary before anything
        else happens.  At the game's end, for both (every view shows all
        then); against the computer, the person's, before the computer plays
        on; at a hot seat two people share, each side's on its own screen
        after its own curtain (`refresh_all`: the side that acted has the
        keyboard still, the other one sees its summary when it takes it)."""
        go_on = lambda: super(LfwScreen, self).after_action(side)  # noqa: E731
        # Jack went home: his summary, then the police's on their own screen
        # (play-testers G and I waited for theirs until their next turn)
        shared = self.turns.shared and self.source.outcome is None
        if shared and self.night_untold(POLICE) and self.tell_night(JACK, self.tell_police):
            return
        if self.source.hot_seat and self.source.outcome is not None:
            if self.tell_night(JACK, go_on):
                self.nights_told = dict.fromkeys(SIDES, self.nights_told[JACK])
                return
        elif self.turns.human is not None and self.tell_night(self.turns.human, go_on):
            return
        go_on()

    def night_untold(self, side: str) -> bool:
        """Has a night ended that `side` has not been told of?"""
        return nightend.ended_night(self.source.view(side)) > self.nights_told.get(side, 0)

    def tell_police(self) -> None:
        """At a hot seat, after Jack's summary of the night: the keyboard to
        the police (the curtain first) for theirs, then back to Jack, who
        acts next."""
        turns = self.turns
        turns.holder = None
        self.reset_choice()
        self.refresh_all()
        away = self.player_name(JACK, capital=True)

        def ready() -> None:
            turns.holder = POLICE
            self.reset_choice()
            self.tell_night(POLICE, turns.pass_keyboard)
            self.refresh_all()

        note = "The night is over: the police's summary."
        turns.show_curtain(PASS, handover_text(self.player_name(POLICE), away, note), ready)

    def tell_night(self, side: str, then: Any = None) -> bool:
        """If a night ended that `side` has not been told of, its summary
        over the screen, from that side's view alone (§9), until Enter;
        then `then` (by default the screen drawn again for the keyboard)."""
        view = self.source.view(side)
        night = nightend.ended_night(view)
        if night <= self.nights_told.get(side, 0):
            return False
        self.nights_told[side] = night
        hideouts = None
        if self.deduction_mode != "off" and view.outcome is None:
            hideouts = len(deduce(view, self.board).hideouts)
        reader = side if side == self.turns.human else None
        text = nightend.night_summary(
            view, night, hideouts=hideouts, reader=reader, end_words=self.end_words(view)
        )
        self.turns.show_curtain(nightend.NIGHT_END, untagged(text), then or self.redraw, held=True)
        return True

    def end_words(self, view: LfwView) -> str:
        """What Enter on the game's last summary leads to."""
        return "see the board"

    def redraw(self) -> None:
        self.reset_choice()
        self.refresh_all()
        self.centre_on_targets()

    def modes_for_holder(self) -> None:
        """A hand-over: the display modes the last holder chose are kept for
        it, and the new holder finds its own (at first: the notebook in
        its place, the deduction as the game was set up).  Under the
        curtain nobody's."""
        if self._modes_for is not None:
            self.modes[self._modes_for] = (self.has_class("log-only"), self.deduction_shown)
        self._modes_for = self.holder
        self.inspect_typed = self.inspected = None  # another's streets are not his
        first = (False, self.deduction_mode != "off")
        log_only, shown = self.modes.get(self.holder, first) if self.holder else first
        self.set_class(log_only, "log-only")
        self.deduction_shown = shown

    def map_for_holder(self, view: LfwView) -> None:
        """At a hand-over, the map's place chosen from the new holder's view
        alone: where the last side left it says what that side worked on
        (the police place their two fake markers last).  Jack's map opens on
        his circle (or his hideout), anyone else's at the board's corner;
        the turn's own centring follows (`centre_on_targets`)."""
        m = self.query_one(MapView)
        jack = view.jack if self.holder == JACK else None
        mine = jack and (jack.position or jack.hideout)
        if mine:
            m.centre_on(mine)
        else:
            m.scroll_to(0, 0, animate=False)

    def deduce(self, view: LfwView) -> Notebook | None:
        """The notebook of the side's view (the same public answer from any
        view), brought up to date from the last one.  At the end it says
        so: the night's finished state, no current set."""
        if self._deduced_for is not view:  # views are built once per state and side
            self.deduced = deduce(view, self.board, self.deduced)
            self._deduced_for = view  # kept: a key press in the same state reuses it
        return self.deduced

    def end_of_game_view(self, view: LfwView) -> LfwView:
        """At the end the map shows Jack's path: of the night chosen with 1-4,
        or of every night (0).  The map draws "tonight's" path, so the chosen
        night is made tonight."""
        assert view.jack is not None  # the end shows it to every side
        rows = view.jack.path
        k = self.end_night
        clues = notebook.clues_by_night(view.log)
        failed = view.failed_arrests
        if 1 <= k <= len(rows):
            path, night = rows[:k], k
            tonight = clues.get(k, [])  # that night's clues; earlier ones by night
        else:
            path, night = (tuple(e for row in rows for e in row),), 1
            tonight = list(dict.fromkeys(c for n in sorted(clues) for c in clues[n]))
            failed = tuple(replace(a, night=night) for a in failed)  # every night's, as the path
        where = path[-1][-1].circle if path and path[-1] else None
        jack = replace(view.jack, path=path, position=where)
        searched = view.searched if night == view.night else ()
        return replace(
            view,
            night=night,
            jack=jack,
            clues=tuple(tonight),
            searched=searched,
            failed_arrests=failed,
        )

    def guide_text(self, view: LfwView) -> str:
        """The prompt's guide for the phase, before its notes: the forced
        action's words, else the phase's (`GUIDE`)."""
        p = self.picking
        forced = p.forced_text()
        if forced:
            return forced
        key: str = view.phase.key
        if key == Phase.ESCAPE and not p.can_step():
            return NO_STEP  # (tester O3, round 35: "Move: step…" with no step offered)
        if key == Phase.ESCAPE and view.jack is not None:
            return move_guide(view.coaches_left, view.alleys_left)
        if key == "patrols" and view.night > 1:
            key = "patrols_later"
        who = (view.acting_colour or "").capitalize() or "The police"
        what = p.chooser.what_next() if isinstance(p.chooser, Placer) else ""
        places = p.later_places() if key == "patrols_later" else ""
        return GUIDE.get(key, "").format(who=who, what=what, places=places)

    def prompt_text(self, view: LfwView) -> str:
        if self.inspect_typed is not None:
            return self.inspect_prompt(view)
        outcome = self.source.outcome
        if outcome:
            return (
                f"Game over: {outcome.reason}. Keys 1-4 show Jack's path night by night, "
                "0 all nights.\n"
                + (  # ctrl+s's "Record saved as …" where the keys are said
                    f"{refusals.notice_line(self.notice, None)} · ctrl+q quits."
                    if self.notice
                    else self.end_keys() or "ctrl+s saves the record, ctrl+q quits."
                )
            )
        waiting = self.waiting_text()
        if waiting is not None:
            return waiting
        if not self.can_act():
            return ""
        p = self.picking
        key: str = view.phase.key
        guide = self.guide_text(view)
        if key == Phase.HUNT and not self.compact and not p.forced_text():
            guide += STREETS_NOTE
        if view.phase.key in PLACEMENTS and self.places_out_of_sight():
            guide += " Tab: the next on the map, F2: all."
        if (
            key == Phase.HUNT
            and view.night == DOUBLE_EVENT_NIGHT
            and not any(e.event == "move" and e.night == view.night for e in view.log)
        ):  # tester M, round 7: nothing said why the police moved before Jack
            # which of the two was second the police do not know (tester C3,
            # round 29, arrested on the one he read as "the second victim's")
            guide += (
                " The double event: Jack stands on one of the two crime scenes (the second"
                " he killed; the police do not know which), and the police move first."
            )
        line2 = self.keys_line(guide)
        if self.notice:
            line2 = refusals.notice_line(self.notice, p, self.hint_room())  # the keys kept
        line1 = p.so_far()
        if not line1:
            line1 = self.with_news(view, guide, line2)
        return f"{line1}\n{line2}"

    def keys_line(self, guide: str) -> str:
        """The prompt's keys line under `guide`: what is typed, else the
        keys, and the choice's note (`Picking.choice_note`) where keys and
        note fit together."""
        p = self.picking
        note = p.choice_note()  # the hideout's ways in (S1), the fakes placed by themselves
        room = whole = self.hint_room(guide)  # `whole`: the keys and the note together

        if note and room is not None:
            # measured as shown, crossings said in words (K3, N3, rounds 33-34)
            shown = len(placenames.in_words(note, self.board))
            if shown + KEYS_LEAST > room:
                note = p.choice_note(short=True)  # letters alone, no reason
                shown = len(placenames.in_words(note, self.board))
            # the note's room comes out of the keys' (tester N2, round 20: cut at 200 columns)
            room = max(1, room - shown - 3) if note else room
        line2 = f"Typed: [b]{escape(p.typed)}[/b]▏" if p.typed else p.keys_hint(room=room)
        if note:
            for said in (note, p.choice_note(short=True), ""):
                # the keys and the note together within the row(s) (tester R4,
                # round 49: "…(Jack may be there: 1 of his 4" cut at 200 columns)
                joined = f"{line2} · [b]{escape(said)}[/b]" if said else line2
                shown_all = untagged(placenames.in_words(joined, self.board))
                if whole is None or len(Text.from_markup(shown_all).plain) <= whole:
                    break
            line2 = joined
        if self.log_over_choices():
            line2 = line2.replace(ON_THE_RIGHT_WORDS, AFTER_F5_WORDS)
        elif self.has_class("compact") and self.has_class("overview"):
            # the overview has the panel's place: its lists come back with F2
            # (tester R4, round 49: "the side panel is hidden, yet prompts
            # still say '(all listed on the right)'")
            line2 = line2.replace(ON_THE_RIGHT_WORDS, AFTER_F2_WORDS)
        return line2

    def with_news(self, view: LfwView, guide: str, keys: str) -> str:
        """The prompt's first line: what Jack did since the police's last
        action, then the guide; the news gives way, its oldest first, where
        the whole prompt would not fit its rows (tester V, round 11, at
        80×24: the keys line was cut mid-sentence under a long news line)."""
        panel = self.query_one("#prompt", TextPanel)
        width = panel.size.width
        room = self.prompt_room()  # `fit_prompt`
        for shown in range(computer.NEWS_SHOWN, -1, -1):
            news = self.news_line(view, shown) if shown else ""
            line1 = f"{news} · {guide}" if news else guide
            shown_text = untagged(placenames.in_words(f"{line1}\n{keys}", self.board))
            if not width or self.wrapped_rows(shown_text, width) <= room:
                return line1
        return guide

    def show_prompt(self, prompt: str | None = None) -> None:
        """The prompt panel: `prompt`, else the prompt of now."""
        if prompt is None:
            prompt = self.prompt_text(self.current_view())
        prompt = untagged(placenames.in_words(prompt, self.board))
        self.query_one("#prompt", TextPanel).set(prompt)
        self.fit_prompt()

    def handover_note(self, side: str) -> str:
        """The hand-over curtain to Jack after the police's turn: what their
        searches and arrests found, from the police's view (public: both
        sides read the curtain).  Tester R, round 8: the curtain came down
        on the police's last search before they saw "a clue!".  With it
        why key 9 passed a policeman, said there, not in a toast over the
        curtain (tester G4, LfW round 44; `end_rest`)."""
        if side != JACK:
            return ""
        found = untagged(computer.results_line(self.source.view(POLICE).log, self.board))
        if not self.sweep_reasons:
            return found
        why = untagged(". ".join(self.sweep_reasons) + ".")
        return f"{found}\n{why}" if found else why

    def news_line(self, view: LfwView, shown: int | None = None) -> str:
        """What the other side did since this side's last action, the
        newest `shown` of it: on the police's prompt Jack's actions
        (`computer.since_line`); on Jack's the marker he just turned, else
        what the police's searches and arrests found (`computer.found_line`)."""
        if view.side == JACK:  # his own marker's face, which his next choice hangs on
            return self.reveal_news(view) or computer.found_line(view.log, shown)
        if view.side != POLICE:
            return ""
        start = self.news_from.setdefault(POLICE, len(view.log))
        return computer.since_line(view.log[start:], self.board, shown)

    def reveal_news(self, view: LfwView) -> str:
        """H7 then H5: the marker Jack just turned, on his own prompt (tester
        W, round 12: at 80×24 only F5's log said what it was, and kill or
        wait hangs on it)."""
        last = view.log[-1] if view.log else None
        if last is None or last.event != "reveal":
            return ""
        return "[b]You turned:[/b] " + panels.event_text(last, self.board)

    def person_acted(self) -> None:
        super().person_acted()
        self.news_from[self.view_side()] = len(self.current_view().log)

    def fit_prompt(self) -> None:
        """The prompt's rows: as many as its text needs at this width
        (between 2 and 5), so its second line (the keys) is never cut; where
        the whole board shows beside the panels, no more than the board
        leaves (`prompt_room`).  The rows only grow
        while the window keeps its size: a prompt that shrank and grew again
        at each action would lay the whole screen out anew each time (the
        map one row taller or shorter: 35 ms a key at 120×40)."""
        panel = self.query_one("#prompt", TextPanel)
        width = panel.size.width
        if not width:
            return
        room = self.prompt_room()
        rows = max(PROMPT_ROWS[0], min(room, self.wrapped_rows(panel.markup, width)))
        if self._prompt_rows is not None and self._prompt_rows[0] == self.size:
            rows = min(room, max(rows, self._prompt_rows[1]))
        self._prompt_rows = (self.size, rows)
        set_rows(panel, rows)

    def prompt_top(self) -> int | None:
        """The prompt's first row once its rows are laid out (`fit_prompt`
        may have given it more than it has yet: a guided night's hint box
        over the screen stops above it, learn.hint_spot); None before the
        prompt has a place."""
        panel = self.query_one("#prompt", TextPanel)
        if not panel.region.height:
            return None
        rows = self._prompt_rows[1] if self._prompt_rows else panel.region.height
        return panel.region.y - max(0, rows - panel.region.height)

    def fit_police(self) -> None:
        """The police panel's rows: as many as its text needs at its width,
        wrapped lines included, so no policeman is ever below its edge (a
        text panel's height is not laid out again when its text changes:
        a Chief's line that wraps later would push the fifth one out)."""
        panel = self.query_one("#police", TextPanel)
        if panel.size.width:
            set_rows(panel, self.wrapped_rows(panel.markup, panel.size.width))

    def on_side_panels_resized(self, event: SidePanels.Resized) -> None:
        self.fit_notes()

    def fit_notes(self) -> None:
        """The notebook's panel as tall as its text where it has more than
        its share (3 of 5 of the rows under the police), the log's panel
        giving up rows for it down to `LOG_ROWS` (and the rows of the
        choices at its foot, with the newest entry's); else the shares of
        lfw.tcss.  Asked when the texts are set, and when the side is laid
        out at a new size (`SidePanels.Resized`: the prompt under it grew).
        Tester V4, LfW round 51, at 120×40: the deduction's "Jack can be on 14 circles
        (…)" went on below the notebook's panel, only its first words in
        sight, over a log the turn needed less."""
        notes, log = self.query_one("#notes", TextPanel), self.query_one("#log", TextPanel)
        side = self.query_one("#side")
        width = notes.size.width
        both = log.display and notes.display and not self.has_class("log-only")
        if not width or not both or not side.size.height:
            return
        taken = sum(
            w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
            for w in side.children
            if w.display and w not in (notes, log)
        )
        margins = sum(w.styles.margin.top + w.styles.margin.bottom for w in (notes, log))
        room = side.content_size.height - taken - margins  # theirs, however shared
        if room < 2:
            return
        need = self.wrapped_rows(notes.markup, width)
        if need <= room * 3 // 5:
            for panel in (notes, log):
                if panel.styles.height is not None and panel.styles.height.unit != Unit.FRACTION:
                    panel.styles.height = None  # the stylesheet's shares
            return
        tail = self._notes_tail
        kept = self.wrapped_rows(tail, width) + LOG_ROWS if tail else LOG_ROWS
        rows = min(max(kept, room - need), room - 1)  # (a side too short: the notebook a row)
        set_rows(log, rows)
        set_rows(notes, room - rows)

    def wrapped_rows(self, markup: str, width: int) -> int:
        """The rows `markup` takes wrapped at `width` cells."""
        return len(Text.from_markup(markup).wrap(self.app.console, width))

    def rebuild_choices(self) -> None:
        """The choice buttons: every label whole at the buttons' width (a
        shorter word where it is not), and where the choices are more than
        the buttons, a "+N more" button that shows the next ones."""
        specs: list[tuple[str, str]] = []
        if self.can_act():
            width = self.query_one("#choices").query(Choice).first().size.width
            specs = self.picking.choice_specs(self.CHOICES, width or None, self.choice_start)
            specs = [(untagged(label), choice) for label, choice in specs]
        Choice.fill(self.query_one("#choices"), specs)

    def on_choice_pressed(self, event: Choice.Pressed) -> None:
        """ "+N more": the next choices on the buttons (keys.py takes the rest)."""
        if event.choice.startswith(MORE):
            event.prevent_default()
            self.choice_start = int(event.choice.removeprefix(MORE))
            self.rebuild_choices()

    def cover(self, text: str | None) -> None:
        """The curtain up or down, and the toasts said before it gone: they
        were said to the side at the keyboard before it (tester G4, LfW
        round 44: "Green, Blue, Yellow and Brown pass; Red acts now." drawn
        over the hand-over).  Those said in the same step as it rose are
        not shown yet: they go once shown."""
        self.app.clear_notifications()
        if text is not None:
            self.app.call_later(self.app.clear_notifications)
        super().cover(text)

    # -- keys: keys.py (LfwKeys), but for the map's own ------------------------------------

    def on_handover(self) -> bool:
        """Is a hand-over's curtain down?  The view keys (F2-F9, the arrows,
        PgUp, PgDn) do nothing behind it, and nothing of theirs shows on it
        (tester K2, round 19: F5's toast over the curtain)."""
        return self.curtain_kind == PASS

    def action_pan(self, dx: int, dy: int) -> None:
        if self.on_handover():
            return
        self.query_one(MapView).scroll_relative(dx, dy, animate=False)

    def action_overview(self) -> None:
        """F2: the overview, every circle a cell (fitted into the map's
        place where the half-scale one does not fit), and back."""
        if self.on_handover():
            return
        m = self.query_one(MapView)
        if m.whole:
            self.remove_class("whole")
            self.sync_switches()  # F4's mark in the footer: off
        self.set_class(not m.overview, "overview")
        m.set_overview(not m.overview)
        self.show_prompt()

    def centre_on_targets(self) -> None:
        """At the start of each police turn (T2's first move), the map on
        the acting policeman, as many of his targets as fit with him, and
        then as many of the circles where Jack can be (the police's
        notebook: their view, the same answer from any view); a window that
        shows them all shows them all.  The policeman first: at 80×24 the
        circles alone left the one who had to move out of sight (tester P,
        round 8).  Else the target of the moment or the acting policeman
        and his targets (keys.py)."""
        view = self.current_view()
        if self.placing_in_sight(view):
            return
        turn = (view.night, len(view.track))
        if (
            self.holder == POLICE
            and self.can_act()
            and view.phase.key == "hunt"
            and turn != self.candidates_for
        ):
            self.candidates_for = turn
            nb = self.deduce(view) if self.deduction_mode != "off" else None
            acting = view.police.get(view.acting_colour or "")
            if nb is not None and nb.counts and not (nb.home or nb.over) and acting is not None:
                p = self.picking
                targets = [node_of(o) for o in p.node_options()]
                m = self.query_one(MapView)
                m.centre_on_first([acting], targets, list(nb.possible))
                return
        if self.holder == JACK and self.can_act() and self.centre_on_jack(view):
            return
        p = self.picking
        if view.phase.key == Phase.WRETCHED and self.can_act() and not p.cycled and not p.typed:
            # H6: the Wretched to move (or where the one chosen may go), the
            # first and as many as fit with her (tester T, round 10, at
            # 80×24: the woman being moved was off the map)
            targets = [node_of(o) for o in p.node_options()]
            if targets:
                self.query_one(MapView).centre_on_first(targets[:1], targets[1:])
                return
        if view.phase.key in SPREAD and self.can_act() and not p.cycled and not p.typed:
            # H5, H7: the women to kill, the markers to turn, as many in sight
            # as fit (tester A2, round 14, at 80×24: Jack's map stayed in the
            # north-west while they were elsewhere)
            targets = [node_of(o) for o in p.node_options()]
            if not targets and view.phase.key == Phase.KILL:  # kill or wait: the Wretched
                targets = list(view.wretched)
            if targets:
                self.query_one(MapView).centre_on_most(targets)
                return
        super().centre_on_targets()

    def placing_in_sight(self, view: LfwView) -> bool:
        """H2 and H3 (the women, the patrol markers): the map, streets and
        numbers, with as many of the places the tokens may go as fit in
        sight, each with its letter; Tab brings each other one into sight,
        F2 shows them all on the overview.  Not once Tab or typing picked a
        place (that one is brought into sight).  Tester O, round 8, at
        80×24: one yellow crossing of seven in sight; tester S, round 10:
        the overview then opened for it was "an unreadable dot overview"."""
        p = self.picking
        if view.phase.key not in PLACEMENTS or not self.can_act() or p.cycled or p.typed:
            return False
        targets = [node_of(o) for o in p.node_options()]
        if not targets:
            return False
        m = self.query_one(MapView)

        def once_laid_out() -> None:  # the prompt says then if some are out of sight
            m.centre_on_most(targets)
            self.show_prompt()

        if not m.when_laid_out(once_laid_out):
            m.centre_on_most(targets)
        return True

    def places_out_of_sight(self) -> bool:
        """Does the map (not the overview, not the whole board) show fewer
        than all the places of the placement?"""
        m = self.query_one(MapView)
        targets = [node_of(o) for o in self.picking.node_options()]
        return not (m.overview or m.whole) and m.fits_all(targets) is False

    def centre_on_jack(self, view: LfwView) -> bool:
        """Jack's turn, on his screen only (his view: his circle is his
        secret): the map on his circle and, where they fit with it, the
        circles his moves reach (or the targets of the moment).  Not once
        Tab or typing picked a target: that one is brought into sight.
        False where he stands nowhere yet (H1, the kill)."""
        p = self.picking
        where = view.jack.position if view.jack else None
        if where is None or p.cycled or p.typed:
            return False
        targets = [node_of(o) for o in p.node_options()] or list(jackturn.reach_marks(view))
        self.query_one(MapView).centre_on_all([where], targets)
        return True

    def action_help(self) -> None:
        """F1: the help, its sentence about sizes for this board; in a game
        the turns' keys first and the whole rules last (round 18's testers
        looked for a turn's keys; the menu's "Rules of …" opens on the
        rules, testers O2 and P2, round 21)."""
        text = untagged(SIZE_SENTENCE.sub(size_sentence(self.board), help_text(self.HELP)))
        if self.holder == JACK:
            text = jack_turn_first(text)
        self.app.push_screen(HelpScreen(rules_last(text)))

    # -- the switches: F4, F5, F6 ------------------------------------------------------
    # Each press says what is on now and what the key does next (play-testers
    # O and P, round 8: "each press seemed to break something"); the footer
    # shows each one's state (● on, ○ off: `switch_keys`).

    def switch_states(self) -> tuple[bool, bool, bool]:
        """F4 (the map alone), F5 (the log in the notebook's place), F6 (the
        notebook's deduction shown): on or off."""
        return (
            self.has_class("whole"),
            self.has_class("log-only"),
            self.deduction_shown and self.deduction_mode != "off",
        )

    def switch_on(self, action: str) -> bool:
        return self.switch_states()[SWITCHES.index(action)]

    def footer_states(self) -> tuple[object, ...]:
        """What the footer's F4-F6 labels show: the switches, F6's mode."""
        return (*self.switch_states(), self.deduction_mode)

    def shown_switch(self, action: str) -> int:
        """The parameter of the switch's binding the footer shows now: its
        state's (`switch_keys`); F6 on, its mode's (`deduction_keys`)."""
        on = self.switch_on(action)
        if action != "deduction" or not on:
            return ON_SHOWN if on else OFF_SHOWN
        modes = list(MODE_WORDS)
        n = modes.index(self.deduction_mode) if self.deduction_mode in modes else 0
        return MODE_SHOWN + n + (NARROW_SHOWN if self.size.width < NARROW_WIDTH else 0)

    def say_switch(self, text: str, timeout: float = 3) -> None:
        """A switch's new state, in a short toast."""
        self.notify(untagged(text), timeout=timeout)

    def deduction_name(self) -> str:
        """What F6 shows: the notebook's mode in the setup's words."""
        if self.deduction_mode == deduction.HIDEOUTS:
            return "the hideout candidates"
        return VIEW_NAMES.get(self.deduction_mode, VIEW_NAMES["possible"])

    def action_whole(self, _shown: int = 0) -> None:
        """F4: the whole board with every number, the side panels folded
        away and the choices on one line (the map is drawn for its new size
        once it has it).  A window too small for it says what size it needs."""
        if self.on_handover():
            return
        m = self.query_one(MapView)
        on = not self.has_class("whole")
        self.set_class(on, "whole")
        if not on:  # (on: said once the map is drawn, with what size it needs)
            self.say_switch("F4: the side panels back (F4 again: the map alone).")
        self.sync_switches()
        if on:
            self.whole_noted = False
            self.call_after_refresh(m.set_whole, True)
        else:
            m.set_whole(False)
        if self.has_class("legend"):  # under the map or beside it (legend_beside)
            self.call_after_refresh(self.show_legend)

    def on_map_view_whole_shown(self, _message: MapView.WholeShown) -> None:
        """Once per F4, in one toast: what is on now, and where the whole
        board does not fit the window, what size it needs.  The map is
        drawn again when the layout gives it its new size; a drawing made
        before (the panels not folded yet) is not what the player sees, so
        it says nothing."""
        m = self.query_one(MapView)
        if self.whole_noted or not m.whole or m.size.width < self.size.width:
            return
        self.whole_noted = True
        said = "F4: the map alone, the side panels folded (F4 again: the panels back)."
        if m.whole_cut:
            said += f" {size_sentence(self.board)} In this one the map scrolls."
        self.say_switch(said, timeout=6 if m.whole_cut else 3)

    def action_legend(self) -> None:
        if self.on_handover():
            return
        on = not self.has_class("legend")
        if on:
            self.show_legend()
        self.set_class(on, "legend")
        self.refresh_all()  # the prompt's keys line: one row under a legend

    def legend_markup(self, width: int) -> str:
        """The legend (F3) of what the map shows now, laid out for `width`,
        for the side at the keyboard (marks only the other side's secrets
        make are never in it: the map's marks are from its view)."""
        shown = self.query_one(MapView)
        marks = shown.marks
        return mapstyle.legend_markup(
            width,
            dark=self.app.current_theme.dark,
            tags={*marks.values(), *shown.lit.values()},
            side=None if self.source.outcome is not None else self.holder,
            marks=marks,
            nights=self.legend_nights(),
        )

    def legend_nights(self) -> dict[str, str]:
        """Once the game is over, the night of the marks the legend calls
        tonight's: the clues, failed arrests and Jack's path of the night
        keys 1-4 show, or of every night (key 0; tester K2, round 19: the
        clues of nights 1-4 were listed as night 4's)."""
        if self.source.outcome is None:
            return {}
        view = self.current_view()
        if view.jack is None:  # the map shows the view as it is (`end_of_game_view`)
            shown = f"night {view.night}"
        elif 1 <= self.end_night <= len(view.jack.path):
            shown = f"night {self.end_night}"
        else:
            shown = "every night"
        return {"clue": shown, "arrest-failed": shown, "path": shown}

    def legend_beside(self) -> bool:
        """Is the legend (F3) in the side column, in the notebook's place?
        Where the whole board shows beside the panels (and they are not
        folded away, F4) and a legend under the map would take rows the
        board needs: the map would scroll, its east cut off (the 1888 board
        at 200×60).  A smaller board keeps it under the map."""
        if not self.has_class("fits") or self.has_class("whole"):
            return False
        centre = self.query_one("#centre").size
        if not centre.height:
            return True
        text = self.legend_markup(centre.width - 2)
        under = self.wrapped_rows(text, centre.width - 2) + 1
        return centre.height - under < self.fit_size[1] - FIT_ROWS

    def show_legend(self) -> None:
        """The legend of what the map shows now, for the side at the keyboard
        (marks only the other side's secrets make are never in it).  Its
        height follows its lines: a new count of lines asks for a layout."""
        beside = self.legend_beside()
        self.set_class(beside, "legend-beside")
        if beside:
            legend = self.query_one("#side_legend", TextPanel)
            width = legend.size.width or SIDE_WIDTH - 3  # its padding and the line left of it
        else:
            legend = self.query_one("#legend", TextPanel)
            width = self.query_one("#centre").size.width - 2
        text = self.legend_markup(width)
        lines = legend.markup.count("\n")
        legend.set(untagged(text))
        if text.count("\n") != lines:
            legend.refresh(layout=True)

    def action_deduction(self, _shown: int = 0) -> None:
        """F6: the notebook's deduction (tint and panel lines) in the
        setup's mode, then in the other one (the possible circles, the
        heat map), then off, and round again; unless the game was set up
        without it.  Tester G3 (round 31): "F6 only switches between off
        and possible circles, so I never found the heat map"."""
        if self.on_handover():
            return
        if self.deduction_mode == "off":
            self.notify("This game was set up without the notebook's deduction.")
            return
        setup = self.notebook_setting
        other = OTHER_VIEW.get(setup)
        if not self.deduction_shown:
            self.deduction_shown, self.deduction_mode = True, setup
            then = VIEW_NAMES.get(other or "", "off")
            said = f"F6: the notebook's marks on: {self.deduction_name()} (F6 again: {then})."
        elif self.deduction_mode == setup and other is not None:
            self.deduction_mode = other
            said = f"F6: the notebook's marks: {self.deduction_name()} (F6 again: off)."
        else:  # the other view, or the hideouts (F9)
            self.deduction_shown, self.deduction_mode = False, setup
            said = f"F6: the notebook's marks off (F6 again: {self.deduction_name()})."
        self.say_switch(said)
        self.refresh_all()

    def sync_switches(self) -> None:
        """The footer's marks of F4-F6 for their states, where one changed
        outside `refresh_all` (which checks them too)."""
        if self.footer_states() != self._switches:
            self._switches = self.footer_states()
            self.refresh_bindings()

    def action_hideouts(self) -> None:
        """F9: the map tints the hideout candidates, and back to the
        notebook's setting."""
        if self.on_handover():
            return
        if self.deduction_mode == "off":
            self.notify("This game was set up without the notebook's deduction.")
            return
        hideouts = self.deduction_mode == deduction.HIDEOUTS
        self.deduction_mode = self.notebook_setting if hideouts else deduction.HIDEOUTS
        self.deduction_shown = True
        self.refresh_all()

    def free_take_back(self) -> str | None:
        """T2: a policeman's move of this turn, until the police's first
        action on circles (tester X3, round 39: a later policeman's letter
        pressed twice left the ones before him where they stood, and "Esc
        does not bring them back").  Those moves tell Jack nothing and he
        has not acted since, so taking them back tells the police nothing.
        From the police's view alone."""
        source = self.source
        if not isinstance(source, LocalSource) or POLICE in source.computers:
            return None
        if source.outcome is not None:
            return None
        view = source.view(POLICE)
        if view.to_act != POLICE or not view.log or view.log[-1].event != "police_move":
            return None
        return POLICE

    def footer_spared(self) -> tuple[str, ...]:
        """The keys a narrow footer leaves out (`KeyFooter`), so that F6 is
        in sight on either side's screen (testers E3 and F3, round 30: "the
        key bar loses F6 Notebook at this width"): Tab and Enter, which
        every player tries (F1 says them).  A wide footer leaves out as few
        of `SPARED` as keep the rest whole, the quit key last (tester G4,
        LfW round 44: "f6 Notebook● ^▏" at 120 columns)."""
        width = self.size.width
        if width < NARROW_WIDTH:
            return ("tab", "enter")
        palette = self.app.COMMAND_PALETTE_BINDING
        shown: dict[str, int] = {}  # each key's cells: its padding, key and words
        for _node, binding, _enabled, _tooltip in self.active_bindings.values():
            if binding.show or binding.key == palette:
                cells = len(self.app.get_key_display(binding)) + len(binding.description) + 3
                shown[binding.key] = cells + (binding.key == palette)  # the line left of it
        need = sum(shown.values())
        spared = []
        for spare in SPARED:
            if need <= width:
                break
            if spare in shown:
                spared.append(spare)
                need -= shown[spare]
        return tuple(spared)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "inspect" and self.size.width < NARROW_WIDTH:
            return False  # F6 keeps its place in a narrow footer; `/` is in F1
        if action == "jack_overlay" and (
            self.holder != JACK or (parameters and self.size.width < NARROW_WIDTH)
        ):
            return False  # the police have one view of Jack: the notebook
        if action in SWITCHES and parameters:  # the shown one for the state
            return parameters[0] == self.shown_switch(action)
        return super().check_action(action, parameters)

    def action_inspect(self) -> None:
        """The footer's "/ Streets" clicked: ask for a circle (LfwKeys)."""
        if not self.curtain_up:
            self.inspect_typed = ""
            self.refresh_all()

    def action_jack_overlay(self, _shown: int = 0) -> None:
        """F7, Jack's screen: his move targets or the police's view of him."""
        if self.on_handover():
            return
        self.police_eye = not self.police_eye
        if self.police_eye:
            said = "The map shows what the police can know of you (F7: your moves)."
        elif self.can_act():
            said = "The map shows where you can move (F7: the police's view)."
        else:
            said = "Your moves show on your turn; until then, what the police can know."
        self.notify(said, timeout=4)
        self.refresh_all()

    def action_crossing_labels(self) -> None:
        """F8: each crossing's id (as records write it) beside it on the map."""
        if self.on_handover():
            return
        m = self.query_one(MapView)
        m.set_crossing_labels(not m.crossing_labels)

    def log_over_choices(self) -> bool:
        """In a short window with F5 on, the log has the side panel to
        itself: the list of choices waits for F5 again, the keys line says
        so (tester T4, LfW round 50: at 80×24 "F5 is marked on, but during
        a police move the panel keeps showing the letter list, so the log
        never appeared")."""
        return self.has_class("compact") and self.has_class("log-only")

    def action_log(self, _shown: int = 0) -> None:
        """F5: the log in the notebook's place (in a short window the only
        way to see it), and back; the list of choices goes with it."""
        if self.on_handover():
            return
        self.toggle_class("log-only")
        self.say_switch(
            "F5: the log in the notebook's place (F5 again: the notebook)."
            if self.has_class("log-only")
            else "F5: the notebook back in its place (F5 again: the log)."
        )
        self.refresh_all()

    def action_log_scroll(self, older: int) -> None:
        """PgUp / PgDn: the log a page of entries older or newer."""
        if self.on_handover():
            return
        page = max(self.query_one("#log", TextPanel).size.height - 2, 1)
        back = max(0, min(self.log_back + older * page, len(self.current_view().log) - 1))
        if back != self.log_back:
            self.log_back = back
            self.refresh_all()


def is_handover(screen: object) -> bool:
    return isinstance(screen, LfwScreen) and screen.curtain_up
