"""The Letters from Whitechapel screen's keys and clicks: how a choice is
made, word by word, and sent (the screen itself draws: screen.py).

What each printable key means is `Picking.press` (picking.py): a target's
one-key label picks it, digits pick words (0: everyone still to act stays
or passes), B Y N R G give a later policeman the turn (T2, T3, below) or
else select one, numbers and ids are typed and Enter takes them.  A word
that is not a choice gets a sentence about the game from
`refusals.why_not`, computed from the view and its legal actions:
nothing is played to find out why.

"Everyone stays" / "everyone passes" (key 0) sends the acting policeman's
stay or pass, then the same for each policeman after him, one action at a
time: at the hot seat at once, at a network seat each after the server's
new state, and only while that state still offers it (`rest`).

A later policeman's key (B Y N R G) as the acting one's choice begins,
in T2 or T3, first only says what it would do (`arm`: "Y: skip Blue and
Brown (they pass: no search, no arrest) and Yellow acts now — Y again:
yes; Esc: no"); the same letter again does
it (`fold`), and any other key, click or button calls it off with nothing
done (`cancel`, `disarm`).  A fold goes the same way as key 0 but stops
at him: the ones before him stay (pass), one action at a time, and he
acts now; a notification then says who stayed (passed).  The engine's order (the
Chief first, then clockwise) is kept: T2's order "matters only for the
interface".

"Search all" (T3: key 1 as a policeman's action begins, key 0 in a search
under way) goes the same way: the likeliest circle left
(`Picking.next_search`), then the next after each name that found
nothing, while the same policeman's search goes on (the engine ends it at
the first clue, T3).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events

from whitechapel.core.errors import WhitechapelError
from whitechapel.lfw.actions import Pass, PoliceMove
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.ui import refusals, sentences, streets, sweep, wretched
from whitechapel.lfw.ui.choosing import HOME, THROUGH, node_of
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.panels import untagged
from whitechapel.lfw.ui.picking import (
    ARMED_KEYS,
    SWEEP,
    Picking,
    hunt_letters,
    known_tonight,
    picking_for,
)
from whitechapel.lfw.views import LfwView
from whitechapel.ui.widgets.choice import Choice

HINT_ROWS = 3  # the prompt's rows for its keys line, at most (its guide takes one or two)
PROMPT_ROWS = (2, 5)  # the prompt's rows: what its text needs, between these
WRAP_MARGIN = 8  # columns a row may lose to a word wrapped whole


def bring_into_sight(map_view: MapView, node: Any, around: Sequence[Any] = ()) -> None:
    """Centre the map on `node` (with as many of the nodes `around`, his
    targets, as fit) unless it is already in the middle half of the view
    (where what is around it shows too) and every one of `around` is in
    sight: a policeman after another nearby keeps the map still, and the
    map is not repainted for nothing."""
    region = map_view.scrollable_content_region
    lab = map_view.canvas.labels.get(node)
    if lab is not None and region.area:
        x, y = lab.x0 - int(map_view.scroll_x), lab.y - int(map_view.scroll_y)
        w, h = region.width, region.height
        middle = w // 4 <= x < w - w // 4 and h // 4 <= y < h - h // 4
        if middle and all(map_view.in_sight(v) for v in around):
            return
    if around:
        map_view.centre_on_first([node], around)
    else:
        map_view.centre_on(node)


LEAVE_WORDS = "Nothing to take back. ctrl+p, then 'Back to the menu' (it asks first)."


class LfwKeys:
    """Mixed into `LfwScreen` (a `GameScreen`): its input."""

    picking: Picking
    rest: tuple[str, str] | None = None  # key 0 under way: (phase, "stay" or "pass")
    fold_to: str | None = None  # a later policeman's key under way: he acts next
    folded: tuple[str, ...] = ()  # the policemen who stayed or passed for it
    sweep_reasons: tuple[str, ...] = ()  # key 9: why it passed those it passed
    sweep_stop: str = ""  # key 9: why it stopped before the acting policeman
    # key 9: the circles known written tonight when it began (a clue on one
    # of them tells nothing new; tester M4, LfW round 47)
    sweep_known: frozenset[int] = frozenset()
    # the street inspector (key /, streets.py): the number being typed, or
    # None; the circle whose streets are lit, or None
    inspect_typed: str | None = None
    inspected: int | None = None

    # -- the keys ------------------------------------------------------------------------

    async def on_key(self: Any, event: events.Key) -> None:
        """Printable keys are `Picking.press`'s.  The screen's other keys
        run here too, in the order they came (`run_key`), so that `93⏎` in
        one burst types 93 before Enter."""
        char = event.character or ""
        if self.inspect_key(event, char):
            return
        typing = bool(char) and char.isprintable() and char not in " ?"
        if not typing or event.key == "question_mark":
            await self.run_key(event)
            return
        if self.curtain_up or self.guarded():
            return
        event.stop()
        event.prevent_default()
        if self.source.outcome is not None:
            self.night_shown(char)
            return
        if not self.can_act():
            return
        p = self.picking
        press = p.press(char)
        self.notice = ""
        if press.kind == "pick":
            self.choose(press.value)
            return
        if press.kind == "play":  # as Enter: the forced action (play-tester J, round 5)
            self.send(p.complete() or "")
            return
        if press.kind == "rest":
            self.start_rest(press.value)
            return
        if press.kind == "fold":
            self.start_fold(press.value)
            return
        if press.kind in ("arm", "cancel", "same"):  # asked once / called off / chosen already
            self.notice = press.value
            self.refresh_all()
            return
        if press.kind == "select":
            self.select(press.value)
            return
        if press.kind == "refuse":
            self.notice = press.value
        elif press.kind == "typed":
            # a target typed whole: the map brings it into sight (not "4"
            # on the way to 43: tester P, round 8, lost Jack's corner to it)
            typed = p.typed.lower()
            target = next((o for o in p.node_options() if o.lower() == typed), None)
            if target is not None:
                bring_into_sight(self.query_one(MapView), node_of(target))
        self.refresh_all()

    def night_shown(self: Any, char: str) -> None:
        """The game over: keys 1-4 show Jack's path night by night, 0 all."""
        if char in "01234":
            self.end_night = int(char)
            self.refresh_all()

    # -- the street inspector (streets.py) ------------------------------------------------

    def inspect_key(self: Any, event: events.Key, char: str) -> bool:
        """`/` asks for a circle whose streets to light; its number typed
        lights them as it goes, Enter keeps them lit (and brings them into
        sight), Esc or Backspace on nothing typed gives up.  Any other key
        leaves the typing and does what it does.  True if the key was the
        inspector's."""
        if self.curtain_up:
            return False
        if char == "/":
            self.inspect_typed = ""
        elif self.inspect_typed is None:
            return False
        elif char.isdigit():
            self.inspect_typed = (self.inspect_typed + char)[-3:]
            self.inspected = self.inspect_circle(self.inspect_typed)
        elif event.key == "backspace" and self.inspect_typed:
            self.inspect_typed = self.inspect_typed[:-1]
            self.inspected = self.inspect_circle(self.inspect_typed)
        elif event.key == "enter" and self.inspected is not None:
            self.inspect_typed = None
            near = streets.streets_of(self.board, self.inspected).near
            map_view = self.query_one(MapView)
            if not map_view.fits_all([self.inspected, *near]):
                map_view.centre_on_all([self.inspected, *near])
        elif event.key in ("escape", "backspace", "enter"):
            self.inspect_typed = self.inspected = None
        else:
            self.inspect_typed = None
            return False
        event.stop()
        event.prevent_default()
        self.refresh_all()
        return True

    def inspect_circle(self: Any, typed: str) -> int | None:
        """The circle typed, None if there is no such circle on the board."""
        return int(typed) if typed.isdigit() and int(typed) in self.board.circles else None

    def inspect_prompt(self: Any, view: Any) -> str:
        """The prompt while a circle's number is typed for the inspector."""
        movers, letters = self.inspect_movers(view)
        typed = self.inspect_typed or ""
        return streets.prompt(self.board, view.police, typed, self.inspected, movers, letters)

    def inspect_text(self: Any, view: Any) -> str:
        """The notebook's first lines while a circle's streets are lit."""
        if self.inspected is None or self.inspect_typed is not None:
            return ""
        movers, letters = self.inspect_movers(view)
        return streets.notes(self.board, view.police, self.inspected, movers, letters)

    def inspect_movers(self: Any, view: Any) -> tuple[list[str] | None, dict[str, str]]:
        """The policemen whose reach the inspector says: in the police's own
        T2, those still to move (the acting one first) and his crossings'
        keys; else every policeman (their next move), no keys."""
        if view.phase.key != Phase.HUNT or view.acting_colour is None or not self.can_act():
            return None, {}
        movers = [view.acting_colour, *sentences.still_to_act(view)]
        return movers, hunt_letters(view, self.board)

    def disarmed(self: Any) -> bool:
        """A key or click other than the armed policeman's letter again:
        the fold is called off and that is all it does (True)."""
        if not self.picking.disarm():
            return False
        self.notice = self.picking.cancelled()
        self.refresh_all()
        return True

    def prompt_room(self: Any) -> int:
        """The rows the prompt may grow to: where the whole board shows
        beside the panels, two and the rows the board leaves spare (tester
        G4, LfW round 44: at 120 columns the tutorial board fits, and the
        keys line was cut where at 80 it wraps)."""
        if not self.has_class("fits"):
            return PROMPT_ROWS[1]
        spare = max(0, self.size.height - self.fit_size[1])
        return min(PROMPT_ROWS[1], PROMPT_ROWS[0] + spare)

    def hint_room(self: Any, guide: str = "") -> int | None:
        """The characters the prompt's keys line has at this size (None
        before it is laid out): the rows the prompt may grow to
        (`prompt_room`), less the `guide`'s (tester Y2, round 27: a
        three-row guide at 80×24 left the keys line two rows, and its list
        was cut with no "…"); a margin for words wrapped whole.  One row
        while the legend (F3) is under the map: its rows are the legend's."""
        width = self.query_one("#prompt").size.width
        if not width:
            return None
        room = self.prompt_room()
        under = self.has_class("legend") and not self.has_class("legend-beside")
        rows = 1 if under else max(1, min(HINT_ROWS, room - 1))
        if guide and rows > 1:
            said = len(textwrap.wrap(Text.from_markup(guide).plain, width)) or 1
            rows = max(1, min(rows, room - said))
        return rows * (width - WRAP_MARGIN)

    def action_erase(self: Any) -> None:
        if self.disarmed():
            return
        if self.picking.typed:
            self.picking.typed = self.picking.typed[:-1]
            self.refresh_all()

    def action_cycle(self: Any, step: int) -> None:
        if not self.can_act() or self.disarmed() or not self.picking.options():
            return
        self.picking.cycle(step)
        self.refresh_all()
        self.centre_on_targets()

    def confirm(self: Any) -> None:
        p = self.picking
        if p.armed in ARMED_KEYS:  # Enter after key 0's or 9's question: yes (T2, T3)
            word, p.armed = p.armed, None
            self.start_rest(word)
            return
        if self.disarmed():
            return
        p = self.picking
        if p.typed:
            typed, p.typed = p.typed, ""
            found = p.matches(typed)
            if len(found) == 1:
                self.choose(found[0])
            elif p.forced() and typed.lower() in (n.lower() for n in p.auto_nodes()):
                self.send(p.complete() or "")  # the forced action's own circle, typed
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
        elif p.options():
            self.notice = f"Enter alone chooses nothing yet: {p.keys_hint(plain=True)}."
            self.refresh_all()

    def action_back(self: Any) -> None:
        """Esc: the last word picked taken back; on a finished board, where
        there is none, back to the screen below or the menu, as the
        footer's "Back" says (play-tester J, round 5, found Esc dead there)."""
        if self.inspected is not None and not self.curtain_up:  # the streets lit go first
            self.inspected = None
            self.refresh_all()
            return
        if self.disarmed():
            return
        if self.source.outcome is not None and not self.curtain_up:
            self.app.call_later(self.app.action_back)
            return
        if not self.picking.can_back() and not self.picking.typed and not self.curtain_up:
            # nothing to take back: say how to leave (tester M4, LfW round 47:
            # "Esc there did nothing. I only got out through the palette"); the
            # palette's way, m being a letter of the map's (S4, round 50)
            self.notify(LEAVE_WORDS, timeout=4)
            return
        self.picking.back()
        self.notice = ""
        self.refresh_all()

    def on_map_view_node_clicked(self: Any, message: MapView.NodeClicked) -> None:
        word = str(message.node)
        p = self.picking
        if (  # a circle that is no choice now: its streets lit (streets.py)
            isinstance(message.node, int)
            and not self.curtain_up
            and not (self.can_act() and word in p.options())
        ):
            self.inspect_typed, self.inspected = None, message.node
            if not self.can_act() or self.disarmed():
                self.refresh_all()
                return
        if not self.can_act() or self.disarmed():
            return
        if word in p.options():
            self.choose(word)
            return
        colour = refusals.whose(self.current_view(), word)
        if colour is not None:
            self.select(colour)
        elif p.forced() or p.placed_all():
            self.notice = p.stray_key(word)
            self.refresh_all()
        else:
            self.explain(word, [])

    def on_choice_pressed(self: Any, event: Choice.Pressed) -> None:
        if not self.can_act() or self.disarmed():
            return
        p = self.picking
        if event.choice == "*done":
            self.send(p.complete() or "")
        elif event.choice == "*back":
            self.action_back()
        elif event.choice == "*rest" and (word := p.rest_word()) is not None:
            self.start_rest(word)
        elif event.choice == "*sweep" and p.sweep_offered():
            self.start_rest(SWEEP)
        else:
            self.choose(event.choice)

    # -- choosing ------------------------------------------------------------------------

    def select(self: Any, colour: str) -> None:
        """A policeman's letter or a click on him: the map centres on him;
        another than the one acting is told when his turn comes."""
        view = self.current_view()
        where = view.police.get(colour)
        if where is not None:
            self.query_one(MapView).centre_on(where)
        acting = view.acting_colour
        if view.phase.key in sentences.POLICE_PHASES and acting not in (None, colour):
            self.notice = refusals.turn_order(view, colour)
        self.refresh_all()

    def explain(self: Any, word: str, found: list[str]) -> None:
        """Why a typed or clicked word is not a choice now, in the game's words."""
        p = self.picking
        if len(found) > 1:
            self.notice = f"'{word}' could be {', '.join(found)}: type more."
        elif p.forced() or p.placed_all():
            self.notice = p.stray_key(word)
        elif p.options() == [HOME, THROUGH]:  # T1: on the hideout, the two words only
            self.notice = f"On your hideout: {p.keys_hint(plain=True)}."
        else:
            picked = [str(w) for w in getattr(p.chooser, "picked", [])]
            self.notice = refusals.why_not(
                self.current_view(), self.board, picked, word, p.options()
            )
        self.refresh_all()

    def choose(self: Any, word: str) -> None:
        if self.picking.starts_search_all(word):
            self.start_rest("search")
            return
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

    def centre_on_targets(self: Any) -> None:
        """The highlighted target in sight; else, while a policeman acts, the
        policeman himself (his move starts where he stands)."""
        p = self.picking
        hi = p.highlighted()
        if hi is not None and p.is_node(hi):
            self.query_one(MapView).centre_on(node_of(hi))
            return
        view = self.current_view()
        acting = view.acting_colour
        where = view.police.get(acting) if acting else None
        if where is not None and self.can_act() and view.phase.key in sentences.POLICE_PHASES:
            targets = [node_of(o) for o in p.node_options()]
            bring_into_sight(self.query_one(MapView), where, targets)

    # -- key 0: the rest of the phase ----------------------------------------------------

    def start_rest(self: Any, word: str) -> None:
        """Key 0: the acting policeman stays (passes), then each after him;
        or his search names every circle left, likeliest first.  Key 9
        (`SWEEP`): each searches or passes as sweep.py says."""
        if word == SWEEP:
            view = self.current_view()
            # his search under way too
            text = sweep.step(view, self.board, view.acting_colour, self.aids)
            if text is None:
                return
            self.fold_to, self.folded = None, ()
            self.rest = (view.acting_colour or "", SWEEP)
            self.sweep_known = frozenset(known_tonight(view))
            self.note_sweep_pass(text)
            self.send(text)
            return
        if word == "search":
            text = self.picking.next_search()
            if text is None:
                return
            self.rest = (self.picking.acting() or "", word)
            self.send(text)
            return
        if word == wretched.WORD:
            text = self.wretched_step(self.current_view())
            if text is None:
                return
            self.fold_to, self.folded = None, ()
            self.rest = (Phase.WRETCHED, word)
            self.send(text)
            return
        self.fold_to, self.folded = None, ()
        self.rest = (self.picking.phase(), word)
        self.send(f"{self.picking.acting()} {word}")

    def wretched_step(self: Any, view: LfwView) -> str | None:
        """Key 0's next Wretched walk (H6), weighed on the notebook's
        hideouts where the notebook is on."""
        return wretched.step(view, self.board, self.deduce(view) if self.aids else None)

    def start_fold(self: Any, colour: str) -> None:
        """A later policeman's key (T2, T3): the acting one stays (passes),
        then each after him up to `colour`, who acts next."""
        word, acting = self.picking.idle_word(), self.picking.acting()
        if word is None or acting is None:
            return
        self.rest = (self.picking.phase(), word)
        self.fold_to, self.folded = colour, (acting,)
        self.send(f"{acting} {word}")

    def next_of_rest(self: Any) -> str | None:
        """The next action of a key 0 (or a fold) under way, if the state
        still offers it."""
        if self.rest is None or self.source.outcome is not None or not self.can_act():
            return None
        view = self.current_view()
        phase, word = self.rest
        colour = view.acting_colour
        if word == "search":  # `phase` holds the policeman searching
            if colour != phase or view.phase.key != Phase.SEARCHING:
                return None
            # the notebook off: not asked (tester D3)
            return picking_for(view, self.board, self.aids).next_search()
        if word == wretched.WORD:  # H6: the next Wretched, until Jack's turn
            return self.wretched_step(view)
        if word == SWEEP:  # `phase` holds the policeman who acted last
            # a clue found: the next policeman may rather arrest (tester L4, LfW
            # round 46: "Blue's search found a clue on 126 and Red went straight
            # on to search 125"); his arrest may win (tester R4, LfW round 49)
            stop = sweep.stop_before(view, self.board, phase, self.sweep_known, self.aids)
            if stop:
                self.sweep_stop = stop
                return None
            text = sweep.step(view, self.board, phase, self.aids)
            if text is not None and colour is not None:
                self.rest = (colour, SWEEP)
            return text
        if colour is None or view.phase.key != phase or colour == self.fold_to:
            return None
        rest = PoliceMove(colour, None) if word == "stay" else Pass(colour)
        return str(rest) if rest in legal(view) else None

    def send_rest(self: Any, text: str) -> None:
        """The next action of a key 0 or a fold, sent (a fold counts it; key
        9 keeps why it passes a policeman, if it has a why)."""
        if self.fold_to is not None:
            self.folded = (*self.folded, text.split()[0])
        self.note_sweep_pass(text)
        self.send(text)

    def note_sweep_pass(self: Any, text: str) -> None:
        # (without the notebook, 9 passes only where every clue is known: no why)
        if self.aids and self.rest is not None and self.rest[1] == SWEEP and text.endswith(" pass"):
            reason = sweep.pass_reason(self.current_view(), self.board)
            if reason:
                self.sweep_reasons = (*self.sweep_reasons, reason)

    def end_rest(self: Any) -> None:
        """Key 0 or a fold is over: a fold says who stayed (passed) and
        who acts now (the log lists each stay or pass too); key 9 why it
        passed a policeman beside a circle Jack can be on (`sweep.pass_reason`)."""
        folded, self.folded, self.fold_to = self.folded, (), None
        word = self.rest[1] if self.rest is not None else ""
        self.rest = None
        reasons, self.sweep_reasons = self.sweep_reasons, ()
        stop, self.sweep_stop = self.sweep_stop, ""
        if not self.is_mounted or self.curtain_up:  # no toast over it (9's why is on it)
            return
        if reasons:
            self.notify(untagged(". ".join(reasons) + "."), timeout=8)
        if stop and self.can_act():  # said where the next key is chosen, not in a toast
            self.notice = untagged(stop) + "."
            self.picking.sweep_resumes = True  # "9 again searches on": one 9
            self.show_prompt()
        if folded:
            acting = self.current_view().acting_colour if self.can_act() else None
            undo = word == "stay" and self.free_take_back() is not None
            self.notify(untagged(sentences.fold_sentence(folded, word, acting, undo)), timeout=6)

    def after_action(self: Any, side: str | None) -> None:
        text = self.next_of_rest()
        if text is None:
            super().after_action(side)  # type: ignore[misc]
            self.end_rest()
            return
        self.send_rest(text)

    def remote_state(self: Any, msg: dict[str, Any]) -> None:
        super().remote_state(msg)  # type: ignore[misc]
        if self.rest is None or self.source.waiting:  # (a state saying only who is away)
            return
        text = self.next_of_rest()
        if text is None:
            self.end_rest()
        elif self.is_mounted:
            self.send_rest(text)

    def refused(self: Any, reason: str) -> None:
        """A refusal by the engine or the server (a network seat's stale
        choice): its sentence without the action's text it starts with."""
        head, sep, why = reason.partition(": ")
        if sep and why:
            try:
                parse_action(head)
            except WhitechapelError:
                pass
            else:
                reason = sentences.capital(why)
        super().refused(untagged(reason))  # type: ignore[misc]

    def choice_refused(self: Any) -> None:
        self.rest, self.fold_to, self.folded = None, None, ()
        self.reset_choice()
