"""What both games' screens are, whichever way they are fed.

A game screen reads its game through a `Source` (`ui/source.py`) and sends
action texts through it: a `LocalSource` at the hot seat, a `RemoteSource`
at a network seat.  This base holds what does not depend on the game: the
layout (a banner, the game's centre widget and its side panels, the prompt
line, a fixed row of choices, the footer, the curtain, the 80×24 guard),
the start, sending an action and what follows it (the autosave, and what
the screen's `TurnControl` decides: the hand-over to the other side, the
computer's turn: ui/turns.py), the messages of the server, help and the
keys every game screen has.  Each game's screen adds its panels and how an
action is chosen.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from whitechapel.core.errors import WhitechapelError
from whitechapel.ui.screens.help import HelpScreen
from whitechapel.ui.source import LocalSource, RemoteSource, Sent, Source
from whitechapel.ui.titles import terminal_title
from whitechapel.ui.turns import TurnControl
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.footer import KeyFooter
from whitechapel.ui.widgets.guard import SizeGuard, TooSmall
from whitechapel.ui.widgets.text import Curtain, TextPanel

SAVE_DELAY = 0.04  # s: the autosave follows the frame that shows the move
BELL = "\a"
# xterm's title stack: the title the terminal had is pushed before a turn's
# title is first shown, and popped when the screen goes (issue 50); a
# terminal without the stack ignores both.
PUSH_TITLE, POP_TITLE = "\x1b[22;0t", "\x1b[23;0t"


def title_sequence(title: str) -> str:
    """OSC 2: the terminal's (or the browser page's) title; control
    characters left out, so a room's code or a name cannot end it early."""
    clean = "".join(c for c in title if c.isprintable())
    return f"\x1b]2;{clean}\x07"


def shown_folder(folder: Path) -> str:
    """A folder as a player reads it: "~/.local/share/whitechapel/saves"
    under the home directory, else the whole path."""
    home = Path.home()
    try:
        return f"~{os.sep}{folder.relative_to(home)}"
    except ValueError:
        return str(folder)


def name_rows(text: str, width: int) -> list[str]:
    """`text` (a file's name) in rows of at most `width` cells, broken only
    after a '-' (a row longer than `width` where no '-' comes soon enough)."""
    rows = [""]
    for part in text.replace("-", "-\n").split("\n"):
        if rows[-1] and len(rows[-1]) + len(part) > width:
            rows.append("")
        rows[-1] += part
    return rows


class SidePanels(Vertical):
    """The side's panels (`GameScreen.PANELS`), which say when they are laid
    out at a new size (`Resized`): a text panel's height comes from the
    stylesheet or the screen, never from its text (ui/widgets/text.py), so
    a screen that shares the side between its panels by their texts does it
    again then (the prompt under the side may have grown)."""

    class Resized(Message):
        pass

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())


class GameScreen(SizeGuard, Screen[None]):
    SIDES: ClassVar[tuple[str, str]]  # the first is Jack
    TITLES: ClassVar[dict[str, str]]  # each side as players say it
    PANELS: ClassVar[tuple[str, ...]]  # the ids of the side panels, top to bottom
    CHOICES: ClassVar[int]  # how many choice buttons
    HELP: ClassVar[str]  # the package whose help.md is the game's help
    PACE: ClassVar[float] = 0.0  # s: the least time from asking the computer to its action shown
    # Every game's screen has it (Textual merges a class's bindings with
    # its bases'): a finished game at a network seat, a rematch (issue 50).
    BINDINGS: ClassVar[list[Any]] = [
        Binding("ctrl+r", "net_rematch", "Rematch", id="app.net_rematch"),
        Binding("ctrl+z", "take_back", "Take back", show=False, id="app.take_back"),
    ]

    def __init__(self, source: Source) -> None:
        super().__init__()
        self.source = source
        # Who holds the keyboard, the curtain, the computer's turns (ui/turns.py).
        self.turns = TurnControl(self, source, self.SIDES, pace=self.PACE)
        self.notice = ""  # a refusal's reason, under the prompt
        self._view: tuple[tuple[int, str], Any] | None = None
        self._unsaved = False
        self.saved_to: Any = None  # where the autosave last wrote the game
        self.presence_note = ""  # a network seat: who came back, until the game moves on
        # A network seat (issue 50): the terminal's title says "your turn"
        # until the seat plays; `titled` pushed the terminal's own title once.
        self.turn_titled = False
        self.title_pushed = False
        # A finished game's rematch at a network seat: "" (none yet), "mine"
        # (offered here), "theirs" (offered there: ctrl+r agrees), "off",
        # or "started" (a new room has come); `offered_by`: who offered it
        # there, in words.
        self.rematch = ""
        self.offered_by = ""

    @property
    def holder(self) -> str | None:
        """Who holds the keyboard now (`TurnControl.holder`)."""
        return self.turns.holder

    @holder.setter
    def holder(self, side: str | None) -> None:
        self.turns.holder = side

    @property
    def curtain_up(self) -> bool:
        return self.turns.curtain_up

    @property
    def curtain_kind(self) -> str | None:
        """What the curtain shows while it is up, else None."""
        return self.turns.curtain_kind

    # -- layout -------------------------------------------------------------------

    def centre(self) -> Widget:
        """The game's centre widget (the district, the map)."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        yield TextPanel(id="banner")
        with Horizontal(id="main"):
            yield self.centre()
            with SidePanels(id="side"):
                for panel in self.PANELS:
                    yield TextPanel(id=panel)
        yield TextPanel(id="prompt")
        with Horizontal(id="choices"):
            for _ in range(self.CHOICES):
                yield Choice()
        yield KeyFooter()
        yield Curtain(id="curtain")
        yield TooSmall()

    def on_mount(self) -> None:
        if self.source.hot_seat:
            self.refresh_all()
            if self.source.outcome is None:
                self.autosave()  # in the store from its first screen: Continue finds it
                self.call_after_refresh(self.pass_keyboard)
        else:
            self.reset_choice()
            self.refresh_all()
            self.centre_on_targets()
            self.set_interval(1.0, self.tick)

    # -- what each game's screen gives ---------------------------------------------

    def refresh_all(self) -> None:
        raise NotImplementedError

    def reset_choice(self) -> None:
        """A new state, or a new side at the keyboard: the choice starts over."""
        raise NotImplementedError

    def choice_refused(self) -> None:
        """A refused action: what is kept of the choice (all of it, unless said)."""

    def centre_on_targets(self) -> None:
        """Bring the targets of the moment into sight (where they can be out of it)."""

    def confirm(self) -> None:
        """Enter, while the keyboard may play: take the choice of the moment."""
        raise NotImplementedError

    def view_side(self) -> str:
        """Whose view the screen shows now."""
        raise NotImplementedError

    def keyboard_side(self) -> str | None:
        """Whose actions the keyboard may send now."""
        return self.holder

    def curtain_at_every_change(self) -> bool:
        return True

    # -- what the turn control asks (ui/turns.py: TurnScreen) ---------------------------

    def cover(self, text: str | None) -> None:
        """The curtain raised with `text` over the game, or lowered (None).
        Behind it `#main` is made invisible too: the biggest part of the
        screen is not drawn only to be covered, and nothing of it could
        show through."""
        curtain = self.query_one(Curtain)
        if text is None:
            curtain.lower()
        else:
            curtain.raise_(text)
        self.query_one("#main").styles.visibility = "hidden" if text is not None else "visible"

    def on_curtain_clicked(self, _message: Curtain.Clicked) -> None:
        self.turns.lift_curtain()

    def computer_sends(self, text: str, note: str | None = None) -> None:
        """Play the computer's action (`send`, as a person's); a game that
        shows the player's `note` on it overrides this."""
        self.send(text, computer=True)

    def handover_note(self, side: str) -> str:
        """The hand-over curtain's public line to `side`: none unless a
        game says one."""
        return ""

    def computer_failed(self, message: str) -> None:
        self.notify(message, severity="error")
        self.refresh_all()

    def person_acted(self) -> None:
        """The person played: what the computer showed of its own goes, and
        the pauses come back."""
        self.turns.person_acted()

    def pass_keyboard(self) -> None:
        self.turns.pass_keyboard()

    def thinking_text(self) -> str | None:
        """While the computer thinks: who (and, where its actions are paced,
        the key that plays them without pauses)."""
        side = self.turns.thinking
        if side is None:
            return None
        text = f"{self.player_name(side, capital=True)} is thinking…"
        pacing = self.turns.computer
        if pacing.pace > 0 and not pacing.pace_skipped:
            text += " [dim](Space: no pauses)[/dim]"
        return text

    def action_no_pauses(self) -> None:
        """Space: the computer plays on without pauses until the person's next action."""
        if self.turns.thinking is not None and not self.turns.computer.pace_skipped:
            self.turns.computer.skip_pacing()
            self.refresh_all()

    # -- reading the source ------------------------------------------------------------

    def current_view(self) -> Any:
        """The view the screen shows, built once per state and side."""
        key = (self.source.version, self.view_side())
        if self._view is None or self._view[0] != key:
            self._view = (key, self.source.view(key[1]))
        return self._view[1]

    def can_act(self) -> bool:
        """May the keyboard play now?  Not behind the curtain: there only Enter
        (or a click) means something, and it lifts the curtain."""
        return not self.curtain_up and self.source.may_act(self.keyboard_side())

    def player_name(self, side: str, *, capital: bool = False) -> str:
        """The side as markup: its player's name (shown as written, never read
        as markup) and the side's title."""
        player = self.source.player(side)
        title = self.TITLES.get(side, side)
        if capital:
            first = player or title
            first = first[0].upper() + first[1:]
            player, title = (first, title) if player else (None, first)
        return f"{escape(player)} ({title})" if player else title

    def waiting_text(self) -> str | None:
        """While the computer thinks, or at a network seat that may not act:
        what the keyboard waits for."""
        thinking = self.thinking_text()
        if thinking is not None:
            return thinking
        source = self.source
        if not isinstance(source, RemoteSource):
            return None
        if source.displaced:
            return (
                f"You no longer hold this seat: {source.displaced}.\nctrl+l goes back to the lobby."
            )
        if self.source.outcome is not None or self.can_act():
            return None
        if self.source.seat_side is None:
            return "You are watching this game."
        if self.source.waiting:
            return "Sent; waiting for the server…"
        presence = self.presence_text()
        if source.seat_to_act in source.open_seats:  # nobody to wait for yet (tester RE)
            room = f" (room {source.room})" if source.room else ""
            said = (
                f"Nobody sits as {self.seat_title(source.seat_to_act)} yet: "
                f"waiting for a player to join{room}…"
            )
        else:
            said = f"Waiting for {self.waiting_for()} to play…"
        return said + (f"\n{presence}" if presence else "")

    def seat_title(self, seat: str | None) -> str:
        """A seat's name as players say it: "investigator", "Jack"."""
        return self.TITLES.get(seat or "", seat or "")

    def presence_text(self) -> str:
        """At a network seat, the other seats whose player's connection is
        gone, or who just came back (markup; "": nobody).  Tester PA, issue
        44: "the opponent should see 'Ann disconnected'"."""
        source = self.source
        if not isinstance(source, RemoteSource) or source.outcome is not None or source.displaced:
            return ""
        away = source.away
        if not away:
            return self.presence_note
        who = ", ".join(self.seat_words(seat, name) for seat, name in away.items())
        kept = "their seats are" if len(away) > 1 else "the seat is"
        # the clock runs on, as the server's rules say (net/rooms.py); tester
        # PV (Pocket round 12) watched it run with nothing said
        runs = "; the chess clock runs on" if source.state.get("clock") else ""
        return f"[yellow]{who} disconnected; {kept} kept{runs}.[/yellow]"

    def seat_words(self, seat: str, name: str) -> str:
        """A seat as players say it: "Ann (Jack)" (markup)."""
        title = self.TITLES.get(seat, seat)
        return f"{escape(name)} ({title})" if name else title[:1].upper() + title[1:]

    def waiting_for(self) -> str:
        return self.player_name(self.source.to_act or "")

    # -- sending ---------------------------------------------------------------------

    def send(self, text: str, *, computer: bool = False) -> None:
        """Hand the action to the source; a refusal is shown, nothing changes.
        A person's action puts away what the computer showed of its own."""
        side = self.source.to_act
        try:
            sent = self.source.send(text)
        except WhitechapelError as e:
            self.refused(str(e))
            return
        if not computer:
            self.person_acted()
            self.untitle()  # played: the turn's title goes
        if sent is Sent.PENDING:
            self.refresh_all()
            self.run_worker(self._deliver(text), group="send")
            return
        self._unsaved = True
        self.set_timer(SAVE_DELAY, self.save_if_unsaved)
        self.after_action(side)

    def after_action(self, side: str | None) -> None:
        """What follows an action `side` played here (`TurnControl.after_action`:
        the hand-over if the side to act changed, or the computer's turn,
        else the next choice)."""
        self.turns.after_action(side)

    async def _deliver(self, text: str) -> None:
        try:
            await self.source.deliver(text)
        except Exception as e:  # the connection is gone: say so, change nothing
            self.remote_error(f"Could not send: {e}")

    def refused(self, reason: str) -> None:
        self.choice_refused()
        self.notice = reason
        self.refresh_all()

    # -- what the server says ------------------------------------------------------------

    def remote_state(self, msg: dict[str, Any]) -> None:
        if isinstance(self.source, RemoteSource):
            source = self.source
            away, before = source.away, source.state
            was_to_act = source.seat_to_act
            moved = source.receive(msg)
            self.turn_signal(was_to_act)
            if not moved and msg is not before:
                # only who is connected changed: the choice being made stays
                back = [self.seat_words(s, n) for s, n in away.items() if s not in source.away]
                if back:
                    self.presence_note = f"[green]{', '.join(back)} came back.[/green]"
                if self.is_mounted:
                    with contextlib.suppress(NoMatches):
                        self.refresh_all()
                return
        self.presence_note = ""
        self.notice = ""
        if self.is_mounted:
            try:
                self.reset_choice()
                self.refresh_all()
                self.centre_on_targets()
            except NoMatches:  # its widgets are being taken down (the app quitting): kept unshown
                return

    # -- at a network seat: the turn's bell and title (issue 50) -------------------------

    def terminal_out(self, text: str) -> None:
        """Bytes for the terminal itself (the bell, its title), through the
        app's driver: a browser's page takes them too."""
        driver = self.app._driver
        if driver is not None:
            driver.write(text)

    def turn_signal(self, was_to_act: str | None) -> None:
        """When the turn passes to this seat from another (not at every
        state: a seat that was to act already is not rung again), the
        terminal's bell and its title say so, unless the player turned it
        off (`TURN_BELL`); once the turn has left the seat, the title is
        put back."""
        source = self.source
        if not isinstance(source, RemoteSource) or source.seat is None:
            return
        mine = source.seat_to_act == source.seat and source.outcome is None
        if not mine or source.displaced:
            self.untitle()
            return
        if was_to_act == source.seat or not getattr(source.link, "turn_bell", True):
            return
        pushed = "" if self.title_pushed or self.app_ssh() else PUSH_TITLE
        self.title_pushed = True
        self.turn_titled = True
        self.terminal_out(BELL)
        self.terminal_out(pushed + title_sequence(f"▶ your turn · {self.room_title()}"))

    def untitle(self) -> None:
        """The turn's title goes: the one of what is shown comes back."""
        if self.turn_titled:
            self.turn_titled = False
            self.terminal_out(title_sequence(self.room_title()))

    def room_title(self) -> str:
        """This screen's title as a gateway session shows it (app.py)."""
        return terminal_title([self])

    def app_ssh(self) -> bool:
        return bool(getattr(self.app, "ssh", False))

    # -- at a network seat: a rematch (issue 50) -------------------------------------

    def action_net_rematch(self) -> None:
        """ctrl+r after a game at a network seat: offer a rematch, sides
        swapped, or agree to the one offered."""
        source = self.source
        if not isinstance(source, RemoteSource) or source.outcome is None:
            return
        if self.rematch in ("off", "started"):
            self.notify("There is no rematch of this game any more.", timeout=4)
            return
        if self.rematch in ("mine", "agreed"):
            self.notify("Your rematch is offered: waiting for the other player.", timeout=4)
            return
        self.rematch = "mine" if self.rematch == "" else "agreed"
        self.refresh_all()  # the prompt says so
        self.run_worker(
            self._deliver_rematch({"type": "rematch", "room": source.room}), group="send"
        )

    async def _deliver_rematch(self, msg: dict[str, Any]) -> None:
        try:
            await self.source.link.send(msg)  # type: ignore[attr-defined]
        except Exception as e:  # the connection is gone: say so
            self.notify(f"Could not send: {e}", severity="error", markup=False)

    def remote_rematch(self, msg: dict[str, Any]) -> None:
        """A rematch offered (or agreed to) by a player of this finished game."""
        source = self.source
        if not isinstance(source, RemoteSource):
            return
        if msg.get("seat") == source.seat:
            return  # the prompt says it is offered
        if self.rematch == "":  # offered there first: ctrl+r agrees
            self.rematch = "theirs"
        # Said on the prompt line, where it stays until answered (tester PO,
        # round 8: a notice of it went unseen).
        name = str(msg.get("name") or "")
        self.offered_by = escape(name) if name else self.seat_words(str(msg.get("seat", "")), "")
        self.refresh_all()

    def remote_rematch_off(self, reason: str) -> None:
        """No rematch: declined, or a player left (the reason, said)."""
        self.rematch = "off"
        self.refresh_all()
        self.notify(reason[:1].upper() + reason[1:] + ".", timeout=10, markup=False)

    def rematch_pending(self) -> bool:
        """Is a rematch of this game offered here or there, not yet settled?"""
        return self.rematch in ("mine", "theirs", "agreed")

    def remote_error(self, message: str) -> None:
        self.source.waiting = False
        self.refused(message)

    def remote_left(self, reason: str) -> None:
        """The server says this seat is someone else's now (its rejoin code
        was used elsewhere): say so; no move is offered, no clock runs."""
        if isinstance(self.source, RemoteSource):
            self.source.leave(reason)
        self.reset_choice()
        if self.is_mounted:
            with contextlib.suppress(NoMatches):  # its widgets are being taken down
                self.refresh_all()

    def clock_text(self) -> str:
        """What follows the banner at a network seat: the seat's rejoin code
        (its way back from another session) and the chess clock."""
        source = self.source
        if not isinstance(source, RemoteSource):
            return ""
        return self.seat_text() + source.clock_text()

    def seat_text(self, short: bool = False, why: bool = False) -> str:
        """A network seat's words after the banner: its rejoin code, or that
        it was taken back elsewhere; `short`, fewer words; `why`, what the
        code is for (tester PG, Pocket round 4, had not kept it)."""
        source = self.source
        if not isinstance(source, RemoteSource):
            return ""
        if source.displaced:
            return "  · taken back elsewhere" if short else "  · seat taken back elsewhere"
        code = source.rejoin_code()
        if not code:
            return ""
        # As the lobby's join field takes it: the room, then the seat's code
        # (tester PA, Pocket round 1, typed the code alone: "there is no room")
        again = f"{source.room} {code}"
        if why:
            return f"  · if cut off, rejoin: {again}"
        return f"  · {again}" if short else f"  · rejoin: {again}"

    def fit_banner(self, heads: Sequence[str]) -> str:
        """The banner's line at this window's width: the longest of `heads`
        (the game's words, longest first) that fits with the seat's words
        and the clock after it; where none does, the seat's words go
        shorter, then away, before the clock does (issue 44: in a browser
        900 pixels wide the clocks were cut off the end of the line).  What
        the code is for is said where it costs none of those words."""
        source = self.source
        clock = source.clock_text() if isinstance(source, RemoteSource) else ""
        seats = [self.seat_text(), self.seat_text(short=True), ""]
        width = max(20, self.app.size.width - 2)
        # Whose turn it is (every head but the last says it) before the
        # seat's longer words (tester PR, Pocket round 9, at 80 columns:
        # "round 1/8 · if cut off, rejoin: …", and no "you to play").
        first = [(seat, head) for seat in seats[:2] for head in heads[:-1]]
        tries = dict.fromkeys([*first, *((seat, head) for seat in seats for head in heads)])
        for seat, head in tries:  # each pair once
            text = head + seat + clock
            if Text.from_markup(text).cell_len <= width:
                why = head + self.seat_text(why=True) + clock
                fits = seat == seats[0] and Text.from_markup(why).cell_len <= width
                return why if fits else text
        return heads[-1] + clock

    def show_clock(self) -> None:
        source = self.source
        clock = source.clock_text() if isinstance(source, RemoteSource) else ""
        if clock and self.is_mounted:
            banner = self.query_one("#banner", TextPanel)
            banner.set(banner.markup.split("  ⏱ ")[0] + clock)

    def tick(self) -> None:
        """Once a second: the running clock's new figure."""
        self.show_clock()

    async def run_key(self, event: events.Key) -> bool:
        """Run the screen's own binding for `event`'s key here, in the
        screen's queue, so that keys typed in a burst (a paste, a fast
        typist, SSH latency) act in the order they came: a binding left to
        the app would run when the key bubbles up to it, after keys the
        screen has already taken (typed digits).  Of the bindings of a key
        the first that `check_action` allows runs (the Pocket screen's `m`:
        the menu after a game, leaving mid-game).  The bindings are the
        screen's as Textual merged them from its classes' (tester QS, Pocket
        round 23: a puzzle's own three hid the game's digits from this, so
        `4 b 1 r` in a burst chose Holmes).  True if the key is one of the
        screen's."""
        found = False
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            found = True
            event.stop()
            event.prevent_default()
            _, name, params = parse_action(binding.action)
            if self.check_action(name, params) is not False:
                await self.run_action(binding.action)
                return True
        return found  # a key of the screen's that means nothing now: no one else's

    async def on_key(self, event: events.Key) -> None:
        """The screen's own bindings, run in the order the keys came
        (`run_key`); the games' screens see each key first (their typing,
        in their own `on_key`), and this runs after them unless they took
        it.  Tester QF (Pocket round 17): `4 b 3 e` in one burst chose the
        Exchange, not the Rotation: token 4's digit, a binding left to the
        app, ran after the screen had seen the tile's letter.  Not under a
        hand-over's curtain: its keys (and its guard against keys pressed
        too soon) are the curtain's own."""
        if not self.curtain_up:
            await self.run_key(event)

    def action_confirm(self) -> None:
        """Enter: lift the curtain if it is up (it takes nothing else), else
        take the choice of the moment."""
        if self.curtain_up:
            self.turns.lift_curtain()
        elif self.can_act():
            self.confirm()

    def action_lobby(self) -> None:
        """Back to the lobby; this game's notices go with it (tester PK,
        Pocket round 6: "Game over ... ctrl+r" stayed over the lobby)."""
        self.app.clear_notifications()
        self.app.pop_screen()

    # -- records -------------------------------------------------------------------

    def save_if_unsaved(self) -> None:
        if self._unsaved:
            self.autosave()

    def autosave(self) -> None:
        self._unsaved = False
        try:
            self.saved_to = self.source.autosave() or self.saved_to
        except (OSError, WhitechapelError) as e:
            self.notify(f"Could not autosave: {e}", severity="error")

    def action_save(self) -> None:
        if not self.source.saves:
            self.notify("The server keeps this game's record.", timeout=4)
            return
        try:
            path = self.source.save_copy()
        except (OSError, WhitechapelError) as e:
            self.notify(f"Could not save: {e}", severity="error")
            return
        if path is None:
            self.notify("The server keeps this game's record.", timeout=4)
            return
        # the folder and the name on lines of their own: a toast cut the one
        # long word of a whole path (tester N, round 7: "…d41838.")
        # the name broken after a '-' where the toast is narrower (tester PC,
        # round 2, at 80 columns: "…-df41" / "54.json", split mid-word)
        room = min(60, self.app.size.width // 2) - 3  # a toast's text (Textual: 60, 50%)
        name = "\n".join(name_rows("as " + path.name, room))
        self.notify(
            f"Record saved in {escape(str(path.parent))}{os.sep}\n{escape(name)}", timeout=6
        )
        # where the player looks, too (H2), with its folder (tester F3, round
        # 30: "'Record saved as game-lfw-…json' does not say which folder")
        self.notice = f"Record saved as {path.name} in {shown_folder(path.parent)}"
        self.refresh_all()

    def quit_question(self) -> str | None:
        """What ctrl+q asks before leaving this game (None: nothing to lose,
        quit at once): where the game is kept."""
        if self.source.outcome is not None:
            return None
        if not self.source.hot_seat:
            return "Quit? The server keeps this game: join it again to take your seat back."
        if not self.source.saves:
            return "Quit? This is not saved."
        self.save_if_unsaved()
        if self.saved_to is None:
            return "Quit? The game could not be saved."
        # the path last, on its own: in the middle, a long one wrapped so
        # that a line began with its colon (tester A3, LfW round 28)
        return (
            'Quit? The game is saved: "Continue a saved game" in the menu takes it up '
            f"again.\nThe game is saved in {self.saved_to}"
        )

    def may_leave(self) -> bool:
        """May this game be left for the menu (`action_leave`)?  A game kept
        at this keyboard: a network seat has its lobby (ctrl+l), a puzzle
        its list."""
        return self.source.hot_seat and self.source.saves

    def action_leave(self) -> None:
        """Back to the menu (tester PD, issue 44: mid-game, the only way out
        was ctrl+q).  Under way, asked first (`LeaveScreen`), saying where
        the game is kept; once over, at once."""
        self.leave_for_menu()

    def leave_for_menu(self, then: Callable[[], object] | None = None) -> None:
        """`action_leave`, and `then` at the menu once the game is left (the
        palette's new game or lesson: `App.from_menu`)."""
        from whitechapel.ui.screens.leave import QUESTION, LeaveScreen, to_menu

        if not self.may_leave():
            return
        app = self.app

        def go() -> None:
            to_menu(app)
            if then is not None:
                then()

        if self.source.outcome is not None:
            go()
            return
        self.save_if_unsaved()
        unsaved = "Leave this game for the menu? It could not be saved."
        question = QUESTION if self.saved_to is not None else unsaved

        def answered(leave: bool | None) -> None:
            if leave:
                go()

        self.app.push_screen(LeaveScreen(question=question), answered)

    def on_unmount(self) -> None:
        self.save_if_unsaved()  # leaving (or quitting) never loses the last action
        self.turns.leave()
        self.untitle()
        if self.title_pushed and not self.app_ssh():
            self.terminal_out(POP_TITLE)  # the terminal's own title, where it keeps one
        if self.source.room is not None:  # the lobby keeps the seat: Enter takes it back
            lobby = next((s for s in self.app.screen_stack if hasattr(s, "screen_closed")), None)
            if lobby is not None:
                lobby.screen_closed(self.source.room)
                if self.rematch_pending():  # left: the rematch is declined, the others told
                    getattr(lobby, "decline_rematch", lambda _room: None)(self.source.room)

    # -- keys ----------------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(help_text(self.HELP)))

    def end_keys(self) -> str:
        """At a network seat, a finished game's keys in words, for the
        prompt (testers PK, PM and PN, rounds 6 and 7: a notice saying them
        covered the side panel's tokens for twelve seconds); at a hot seat,
        empty (each game says its own)."""
        source = self.source
        if source.hot_seat:
            return ""
        seated = isinstance(source, RemoteSource) and source.seat is not None
        # one row at 80 columns (tester PO, round 8: the longer one was cut)
        lobby = "ctrl+l: back to the lobby."
        if not seated:
            return lobby
        if self.rematch == "theirs":
            return f"{self.offered_by} offers a rematch, sides swapped: ctrl+r accepts, ctrl+l declines."
        if self.rematch in ("mine", "agreed"):
            return f"Rematch offered: waiting for the other player · {lobby}"
        if self.rematch in ("off", "started"):
            return f"No rematch now · {lobby}"
        return f"ctrl+r: a rematch, sides swapped · {lobby}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Behind the 'too small' guard no game key works; the lobby key is a
        network seat's only."""
        if self.guarded() and action != "help":
            return False
        if action == "lobby":
            return not self.source.hot_seat
        if action == "net_rematch":
            return (
                isinstance(self.source, RemoteSource)
                and self.source.seat is not None
                and self.source.outcome is not None
            )
        if action == "take_back":
            return self.learner() is not None or (
                self.FREE_TAKE_BACK is not None and isinstance(self.source, LocalSource)
            )
        return True

    # -- taking back (a game against the computer at this keyboard) ----------------------

    def takes_back(self) -> bool:
        """Does this game take back moves (ctrl+z)?  A game that teaches
        (its hints on) says yes; a game played for real does not: a move
        taken back would tell what the other side hides."""
        return False

    # A game played for real at this keyboard may take back the actions
    # that told the other side nothing (`free_take_back`); this sentence
    # says which, where ctrl+z finds none (None: only a game that teaches
    # takes back)
    FREE_TAKE_BACK: ClassVar[str | None] = None

    def free_take_back(self) -> str | None:
        """The side whose last action ctrl+z may take back in a game played
        for real, because that action and everything after it told the
        other side nothing, else None."""
        return None

    def learner(self) -> str | None:
        """The one side a person plays against the computer in a game that
        takes back moves, else None (a hot seat of two people, a network
        seat, a game played for real: no take-back)."""
        source = self.source
        if not self.takes_back() or not isinstance(source, LocalSource) or not source.computers:
            return None
        people = [s for s in self.SIDES if s not in source.computers]
        return people[0] if len(people) == 1 else None

    def action_take_back(self) -> None:
        """ctrl+z: the player's last action taken back, with the computer's
        answers after it (testers PS and PU, issue 44: a learner's game could
        not take back a move).  While the computer plays, or before the
        player's first action, a sentence says why nothing changes."""
        side = self.learner()
        source = self.source
        if not isinstance(source, LocalSource):
            return
        if side is None and not self.curtain_up:
            side = self.free_take_back()
            if side is None:
                self.refused(self.FREE_TAKE_BACK or "Nothing to take back.")
                return
        if side is None:
            return
        if self.curtain_up and source.outcome is None:
            # a summary or hand-over covers the board: its key first, and
            # a word that says so (tester PV, Pocket round 12: ctrl+z on a
            # round's summary did nothing, silently)
            self.notify("Enter first (it lifts this screen); then ctrl+z takes back.", timeout=4)
            return
        if source.outcome is None and source.to_act != side:
            self.refused("The computer is playing: take back once it has played.")
            return
        taken = source.take_back(side)
        if not taken:
            self.refused("Nothing to take back: you have not played yet.")
            return
        self.turns.drop_curtain()  # the end's summary, where the game was over (tester A3)
        # the keyboard the learner's again: at the end nobody held it, and his
        # screen showed the public view with no choice to make (tester QC,
        # Pocket round 15: "the screen was dead ... Jack's secret panel gone")
        self.holder = side
        self.turns.computer_moves.clear()
        self.notice = ""
        self.reset_choice()
        self.refresh_all()
        self.centre_on_targets()
        self.autosave()
        answers = taken - 1
        after = f" and the computer's {answers} after it" if answers else ""
        self.notify(f"Taken back: your last action{after}.", timeout=3)


def help_text(package: str) -> str:
    """A game's rules summary and keys: `help.md` of its `ui` package."""
    return resources.files(package).joinpath("help.md").read_text()
