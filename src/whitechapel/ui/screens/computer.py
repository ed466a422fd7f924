"""The computer at the hot seat: the sides a game screen's source gives to
the computer (`LocalSource.computers`) are played by `core/players.py`'s
players, asked exactly as every host asks them — the side's view and its
legal actions, nothing else.

The computer thinks in another process (`core/thinking.py`); the screen
awaits its answer in a Textual worker on its own event loop (no thread, so
nothing holds up leaving the screen or quitting): it keeps drawing and
taking keys (F1, the log, Esc, ctrl+q) while the computer thinks.  Its
answer is played only if the game is still where it was when it started
thinking.  With one person at the keyboard
there is no hand-over: the keyboard stays with that person's side, and the
computer's actions since that person's last one are kept (`computer_moves`)
for the game's screen to show before the person acts.

A game whose computer plays many actions in a row (LfW's police: five
moves, then the searches) paces them (`PACE`): each answer is played no
sooner than `PACE` seconds after the computer was asked (the thinking and
the pause overlap), so the person sees every action on the screen before
the next; `skip_pacing` plays on without pauses until the person's next
action.

Mixed into `GameScreen`.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from textual.worker import Worker, WorkerState

from whitechapel.core import players, thinking
from whitechapel.core.chance import new_seed


class ComputerSeats:
    source: Any
    holder: str | None
    SIDES: tuple[str, ...]

    THINKER: Any = thinking.OtherProcess  # where the players think (tests: InProcess)
    PACE = 0.0  # s: the least time from asking the computer to playing its answer

    def seat_computers(self) -> None:
        """The sides the computer plays, from the source (once, at the start)."""
        source = self.source
        self.computers: dict[str, str] = dict(source.computers) if source.hot_seat else {}
        self.game_name = getattr(getattr(source, "record", None), "game", "")
        self.thinker: thinking.Thinker | None = None  # made at the computer's first turn
        humans = [side for side in self.SIDES if side not in self.computers]
        # One person against the computer: the keyboard is that person's throughout.
        self.human: str | None = humans[0] if self.computers and len(humans) == 1 else None
        if self.human is not None:
            self.holder = self.human
        self.thinking: str | None = None  # the side the computer is thinking for
        self._thinking_at = -1  # the state's version it thinks about
        self.computer_moves: list[tuple[str, str]] = []  # (side, action) since the person's last
        self.pace_skipped = False  # the person asked for no pauses, until their next action
        self._asked = 0.0  # when the computer was asked (monotonic)
        self._held: Any = None  # the timer holding an answer back for the pace
        self._held_answer: tuple[str, int, str] | None = None  # (side, version, action)

    def computer_turn(self) -> bool:
        """If the computer plays the side to act, let it think (once); True
        if it does."""
        source = self.source
        side = source.to_act
        if source.outcome is not None or side not in self.computers:
            return False
        if self.thinking == side and self._thinking_at == source.version:
            return True
        self.thinking, self._thinking_at = side, source.version
        self._asked = time.monotonic()
        if self.thinker is None:
            table = players.table_of(self.game_name, source.game)  # public: the board
            self.thinker = self.THINKER(self.game_name, self.computers, new_seed(), table)
        future = self.thinker.ask(side, source.view(side))
        self.run_worker(asyncio.wrap_future(future), group="computer", exit_on_error=False)  # type: ignore[attr-defined]
        return True

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "computer" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        side, at = self.thinking, self._thinking_at
        if side is None or at != self.source.version or not self.is_mounted:  # type: ignore[attr-defined]
            return  # the game moved on (or the screen went): the answer is stale
        if event.state is WorkerState.ERROR:
            self.thinking = None
            self.notify(f"The computer could not play: {worker.error}", severity="error")  # type: ignore[attr-defined]
            self.refresh_all()  # type: ignore[attr-defined]
            return
        action = worker.result.action
        wait = 0.0 if self.pace_skipped else self._asked + self.PACE - time.monotonic()
        if wait > 0:  # the person sees the last action a moment before this one
            self._held_answer = (side, at, action)
            self._held = self.set_timer(wait, self._play_held)  # type: ignore[attr-defined]
            return
        self._play_answer(side, at, action)

    def _play_held(self) -> None:
        answer, self._held, self._held_answer = self._held_answer, None, None
        if answer is not None:
            self._play_answer(*answer)

    def _play_answer(self, side: str, at: int, action: str) -> None:
        if self.thinking != side or at != self.source.version or not self.is_mounted:  # type: ignore[attr-defined]
            return  # the game moved on meanwhile (or the screen went)
        self.thinking = None
        self.computer_moves.append((side, action))
        self.computer_sends(action)

    def skip_pacing(self) -> None:
        """No more pauses between the computer's actions until the person's
        next action; an answer held back is played now."""
        self.pace_skipped = True
        if self._held is not None:
            self._held.stop()
            self._play_held()

    def person_acted(self) -> None:
        """The person played: what the computer showed of its own goes, and
        the pauses come back."""
        self.computer_moves = []
        self.pace_skipped = False

    def computer_sends(self, text: str) -> None:
        """Play the computer's action (`GameScreen.send`, as a person's)."""
        self.send(text, computer=True)  # type: ignore[attr-defined]

    def leave_computers(self) -> None:
        if self._held is not None:
            self._held.stop()
            self._held = self._held_answer = None
        if self.thinker is not None:
            self.thinker.forget()

    def thinking_text(self) -> str | None:
        if self.thinking is None:
            return None
        who = self.player_name(self.thinking, capital=True)  # type: ignore[attr-defined]
        return f"{who} is thinking…"
