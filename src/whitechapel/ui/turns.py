"""Whose turn it is at a game screen's keyboard: who holds the keyboard, the
curtain between two sides sharing it, and the computer's turns.

A plain object (`TurnControl`) that every game screen holds as `turns` and
asks; it draws nothing itself, and asks its screen (`TurnScreen`) to draw.

- **Who holds the keyboard** (`holder`): at a network seat, the seat's
  side all game; against the computer, the one person's side all game
  (`human`); in a puzzle, its side; at a hot seat shared by two people,
  the side to act once it has taken the keyboard, and nobody (None) in
  between, while the screen shows the public view.
- **The curtain** (`show_curtain`, `lift_curtain`): an opaque cover over
  the screen, raised at every change of side at a shared keyboard (or as a
  game's own screens need: Pocket's round summary, Jack's cards), and
  lifted by Enter or a click, after which `then` runs.  Before it rises the
  screen is redrawn for nobody, so nothing secret is under it.  A
  hand-over's curtain takes no key for its first `hold` seconds, and an
  Enter (or a click) in that time starts the hold again: an Enter typed
  ahead by the side that just played (its last key, then Enter, in one
  burst, or a moment later as the prompts before asked) would otherwise
  lift it and show the other side's secrets to the wrong person
  (play-testers H, issue 43 round 4, and T, round 10).  Until the hold is
  over the curtain says keys are not taken yet (`hold_over`).
- **The computer's turns** (`computer`: `core/turns.py`'s `ComputerTurns`,
  as the server's seats use it): the sides the source gives the computer
  (`LocalSource.computers`, from the record) are played by
  `core/players.py`'s players, asked with the side's view only, in another
  process (`core/thinking.py`); the screen keeps drawing and taking keys
  while they think.  Their actions since the person's last one are kept
  (`computer_moves`) for the screen to show.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any, Protocol

from whitechapel.core import players, thinking
from whitechapel.core.chance import new_seed
from whitechapel.core.turns import ComputerTurns
from whitechapel.ui.source import LocalSource, Source

# The curtain's kinds: a hand-over of the keyboard ("pass"); a game adds its own.
PASS = "pass"
# s a hand-over's curtain takes no key (keys typed ahead never lift it); an
# Enter in that time starts it again.  0.6 s let tester T (issue 43, round
# 10) lift the curtain to Jack with the Enter he pressed 0.7 s after the
# police's last letter, twice in four tries: the police saw Jack's hideout.
HOLD = 1.5


def handover_text(to: str, away: str, note: str = "", *, ready: bool = True) -> str:
    """The curtain's words at a hand-over: who takes the keyboard, who looks
    away; while the hold lasts (`ready` False) that keys are not taken yet
    (tester Y, round 13: "Press Enter when ready" stood while Enter did
    nothing, and each press started the wait again)."""
    text = f"[b]Pass to {to}[/b]\n\n{away}, look away.\n\n"
    if note:
        text += f"{note}\n\n"
    if not ready:
        return text + "[dim]A moment… (keys pressed now are not taken)[/dim]"
    return text + "Press [b]Enter[/b] when ready."


class TurnScreen(Protocol):
    """What the turn control asks of its game screen."""

    def player_name(self, side: str, *, capital: bool = False) -> str:
        """The side as its players are named (markup)."""
        ...

    def reset_choice(self) -> None:
        """A new state, or a new side at the keyboard: the choice starts over."""
        ...

    def refresh_all(self) -> None: ...

    def handover_note(self, side: str) -> str:
        """A public line for the hand-over curtain to `side` (what the side
        that looks away just did, to read before passing the keyboard);
        empty: none."""
        ...

    def centre_on_targets(self) -> None: ...

    def curtain_at_every_change(self) -> bool:
        """Does a change of side at a shared keyboard lower the curtain?"""
        ...

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Any:
        """Call `callback` in `delay` seconds (Textual's)."""
        ...

    def cover(self, text: str | None) -> None:
        """Raise the curtain with `text` over the game, or lower it (None)."""
        ...

    def computer_sends(self, text: str, note: str | None = None) -> None:
        """Play the computer's action, as a person's is sent (`note`: the
        player's own sentence on it, `players.Answer.note`)."""
        ...

    def computer_failed(self, message: str) -> None:
        """The computer could not play: say so."""
        ...

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        """Run `callback` once the screen has handled the messages before it
        (never, if the screen closes first)."""
        ...

    def run_worker(self, work: Any, *, group: str = ..., exit_on_error: bool = ...) -> Any:
        """Await `work` on the screen's loop, cancelled when the screen or the app closes."""
        ...


class TurnControl:
    """The keyboard of one game screen: see the module's docstring.
    `make_thinker` makes where the computer thinks, at its first turn
    (tests give `thinking.InProcess`, or set `thinker` before it)."""

    pace_scale = 1.0  # times a screen's pace (tests: 0, the computer's actions at once)

    def __init__(
        self,
        screen: TurnScreen,
        source: Source,
        sides: Sequence[str],
        *,
        pace: float = 0.0,
        make_thinker: Callable[..., thinking.Thinker] = thinking.OtherProcess,
    ) -> None:
        self.screen, self.source, self.sides = screen, source, tuple(sides)
        self.computers: dict[str, str] = dict(source.computers) if source.hot_seat else {}
        humans = [side for side in self.sides if side not in self.computers]
        # One person against the computer: the keyboard is that person's throughout.
        self.human: str | None = humans[0] if self.computers and len(humans) == 1 else None
        self.holder: str | None = self.human or source.seat_side
        self.make_thinker = make_thinker
        self.thinker: thinking.Thinker | None = None  # made at the computer's first turn
        self.computer = ComputerTurns(
            self._computer_plays,
            version=lambda: source.version,
            pace=pace * self.pace_scale,
            failed=self._computer_failed,
            spawn=lambda work: screen.run_worker(work, group="computer", exit_on_error=False),
        )
        self.computer_moves: list[tuple[str, str]] = []  # (side, action) since the person's last
        self.computer_notes: list[str] = []  # the players' notes on them (`Answer.note`)
        # (kind, then, held): held, it takes no key for its first `hold` seconds
        self._curtain: tuple[str, Callable[[], None] | None, bool] | None = None
        self._raised_at = 0.0  # the clock's time the curtain rose
        self._ready_text = self._waiting_text = ""  # a hand-over's words, after and in its hold

    @property
    def shared(self) -> bool:
        """Do people take turns at this keyboard (a hot seat without the
        computer, not a puzzle)?  Only then are there hand-overs."""
        return self.source.hot_seat and self.human is None and self.source.seat_side is None

    # -- the curtain -------------------------------------------------------------------

    @property
    def curtain_up(self) -> bool:
        return self._curtain is not None

    @property
    def curtain_kind(self) -> str | None:
        """What the curtain shows while it is up (`PASS`, or a game's own
        kind), else None."""
        return self._curtain[0] if self._curtain is not None else None

    hold: float = HOLD  # tests set 0 (their keys are deliberate), or drive `clock`
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def show_curtain(
        self,
        kind: str,
        text: str,
        then: Callable[[], None] | None = None,
        held: bool | None = None,
    ) -> None:
        """Raise the curtain showing `text`; `then` runs once it is lifted.
        `held` (a hand-over's always): an Enter in its first `hold` seconds
        does not lift it; a hand-over's hold starts again (the other side's
        secrets are under it), a summary's runs on, so that Enters pressed
        now and then never keep it up (a summary after the key that ended
        a night: tester N3, issue 43 round 34, announced Jack's hideout with
        Enter and a second Enter skipped the night's summary unread)."""
        self._curtain = (kind, then, kind == PASS if held is None else held)
        self._raised_at = self.clock()
        self.screen.cover(text)

    def drop_curtain(self) -> None:
        """The curtain goes, and nothing that was to follow it (a move taken
        back at the game's end: its summary is no longer the state's)."""
        if self._curtain is not None:
            self._curtain = None
            self.screen.cover(None)

    def lift_curtain(self) -> None:
        """Enter or a click on the curtain: it goes, and what was to follow
        it comes; a hand-over's, only once it has been up `hold` seconds."""
        if self._curtain is None:
            return
        kind, then, held = self._curtain
        if held and self.clock() - self._raised_at < self.hold:
            if kind == PASS:  # typed ahead: the hold starts again, and says so
                self._raised_at = self.clock()
                self.screen.cover(self._waiting_text)
            return  # a summary's: the Enter is dropped, its hold runs on
        self._curtain = None
        self.screen.cover(None)
        if then is not None:
            then()

    # -- whose keyboard ----------------------------------------------------------------

    def _redraw(self) -> None:
        screen = self.screen
        screen.reset_choice()
        screen.refresh_all()
        screen.centre_on_targets()

    def pass_keyboard(self) -> None:
        """Before a side acts: the computer thinks; or the keyboard is that
        side's already (a network seat, one person against the computer);
        or every secret is cleared from the screen, then the hand-over."""
        side = self.source.to_act
        if self.human is not None:
            self.holder = self.human
        if self.computer_turn() or (side is not None and side == self.holder):
            self._redraw()
            return
        if side is None:
            return
        self.holder = None
        self.screen.reset_choice()
        self.screen.refresh_all()
        if not self.screen.curtain_at_every_change():
            return
        name = self.screen.player_name
        away = name(next(s for s in self.sides if s != side), capital=True)

        def ready() -> None:
            self.holder = side
            self._redraw()

        note = self.screen.handover_note(side)
        self._ready_text = handover_text(name(side), away, note)
        self._waiting_text = handover_text(name(side), away, note, ready=False)
        held = self.hold > 0
        self.show_curtain(PASS, self._waiting_text if held else self._ready_text, ready)
        if held:
            self.screen.set_timer(self.hold, self.hold_over)

    def hold_over(self) -> None:
        """The hand-over's hold may be over: its curtain says Enter now, or
        waits the rest of it (an Enter in the hold started it again)."""
        if self.curtain_kind != PASS:
            return
        left = self.hold - (self.clock() - self._raised_at)
        if left > 0:
            self.screen.set_timer(left, self.hold_over)
            return
        self.screen.cover(self._ready_text)

    def after_action(self, side: str | None) -> None:
        """What follows an action `side` played here: the hand-over if the
        side to act changed (or the computer's turn), else the next choice."""
        source = self.source
        if source.outcome is not None:
            self.holder = None
        elif source.to_act != side or source.to_act in self.computers:
            self.pass_keyboard()
            return
        self._redraw()

    # -- the computer's turns -------------------------------------------------------------

    @property
    def thinking(self) -> str | None:
        """The side the computer thinks for now (None: it does not)."""
        return self.computer.thinking

    def computer_turn(self) -> bool:
        """If the computer plays the side to act, let it think (once per
        state); True if it does."""
        source, side = self.source, self.source.to_act
        if source.outcome is not None or side is None or side not in self.computers:
            return False
        return self.computer.turn(side, lambda: self._ask(side))

    def _ask(self, side: str) -> Future[players.Answer]:
        if self.thinker is None:
            source = self.source
            assert isinstance(source, LocalSource)  # the computer plays at the hot seat only
            game = source.record.game
            table = players.table_of(game, source.game)  # public: the board
            self.thinker = self.make_thinker(game, self.computers, new_seed(), table)
        return self.thinker.ask(side, self.source.view(side))

    def _computer_plays(self, side: str, version: int, action: str) -> None:
        """The answer, played in its turn among the screen's messages: after
        a quit or a step back already asked for, it is not."""

        note = self.computer.note

        def play() -> None:
            if self.source.version == version and self.source.to_act == side:
                self.computer_moves.append((side, action))
                if note:
                    self.computer_notes.append(note)
                self.screen.computer_sends(action, note)

        self.screen.call_later(play)

    def _computer_failed(self, side: str, error: BaseException) -> None:
        self.screen.computer_failed(f"The computer could not play: {error}")

    def person_acted(self) -> None:
        """The person played: what the computer showed of its own goes, and
        the pauses come back."""
        self.computer_moves, self.computer_notes = [], []
        self.computer.person_acted()

    def leave(self) -> None:
        """The screen goes: the computer stops thinking, its players go."""
        self.computer.stop()
        if self.thinker is not None:
            self.thinker.forget()
