"""The computer's turns in one game, wherever it is played: at one keyboard
(`ui/turns.py`) or at a network room's computer seats (`net/computers.py`).

Every host of a computer player needs the same three things, and they are
here once:

- **Think once per state.**  `turn(who, ask)` asks the player for `who`
  (a side, a seat) in the game's current state (its `version`), once: asked
  again for the same state, it asks nothing.
- **Drop stale answers.**  An answer is played only if the game is still in
  the state it was asked about and nothing newer was asked meanwhile (a
  chess clock ran out, the person acted, the screen or the room went): the
  answer of a search that outlived its question is thrown away, never
  played on another position.
- **Pace.**  An answer is played no sooner than `pace` seconds after the
  question (the thinking and the pause overlap), so a person sees each of
  the computer's actions before the next; `skip_pacing` plays on without
  pauses until `person_acted`.

Where the player thinks is the host's choice (`core/thinking.py`: another
process, so that no search holds the event loop): `ask` gives a `Future`
of its answer, awaited here on the host's event loop, in a task the host
starts (`spawn`: an asyncio task by default; a Textual screen's worker at
the hot seat, which the app cancels when it closes).  The
answer's text goes to the host's `play(who, version, text)`, which plays it
as a person's action would be (and may check the version again, under a
lock); a failure to think or to play goes to `failed(who, error)`.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Future
from typing import Any, Protocol

Play = Callable[[str, int, str], Awaitable[None] | None]  # (who, version, action's text)
Failed = Callable[[str, BaseException], None]


class Cancellable(Protocol):
    def cancel(self) -> Any: ...


Spawn = Callable[[Coroutine[Any, Any, None]], Cancellable]  # runs a coroutine on the loop


def _task(coroutine: Coroutine[Any, Any, None]) -> Cancellable:
    return asyncio.get_running_loop().create_task(coroutine)


class ComputerTurns:
    """One game's computer turns: when to think, which answers to play, and
    when.  `version()` is the game's state number (it changes with every
    action); `clock` is monotonic time (tests may give their own)."""

    def __init__(
        self,
        play: Play,
        *,
        version: Callable[[], int],
        pace: float = 0.0,
        failed: Failed | None = None,
        clock: Callable[[], float] = time.monotonic,
        spawn: Spawn = _task,
    ) -> None:
        self.play = play
        self.version = version
        self.pace = pace
        self.failed = failed
        self.clock = clock
        self.spawn = spawn
        self.thinking: str | None = None  # who the computer thinks for now (None: nobody)
        self.note: str | None = None  # the player's note on the answer being played
        self.pace_skipped = False  # no pauses until the person's next action
        self._asked: tuple[str, int] | None = None  # (who, version) last asked about
        self._task: Cancellable | None = None  # awaiting the answer, until it is played
        self._no_pauses = asyncio.Event()

    def turn(self, who: str, ask: Callable[[], Future[Any]]) -> bool:
        """Let the computer think for `who` in the current state, unless it
        has already (then nothing is asked again); `ask()` starts the
        thinking and gives the answer's future.  True: the computer has this
        turn.  Needs the host's running event loop."""
        key = (who, self.version())
        if self._asked == key:
            return True
        self.cancel()
        self._asked, self.thinking = key, who
        asked = self.clock()
        try:
            future = ask()
        except Exception as error:  # the question could not even be asked
            self.thinking = None
            self._fail(who, error)
            return True
        self._task = self.spawn(self._answer(key, future, asked))
        return True

    def current(self, who: str, version: int) -> bool:
        """Is (who, version) still the question of the game as it stands?"""
        return self._asked == (who, version) and self.version() == version

    async def _answer(self, key: tuple[str, int], future: Future[Any], asked: float) -> None:
        who, version = key
        try:
            answer = await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as error:
            if self.current(who, version):
                self.thinking, self._task = None, None
                self._fail(who, error)
            return
        if not self.current(who, version):
            return  # the game moved on: the answer is stale
        wait = asked + self.pace - self.clock()
        if wait > 0 and not self.pace_skipped:  # the person sees the last action first
            await self.pause(wait)
            if not self.current(who, version):
                return
        self.thinking, self._task = None, None  # nothing left to cancel: it is played
        self.note = getattr(answer, "note", None)
        try:
            played = self.play(who, version, answer.action)
            if inspect.isawaitable(played):
                await played
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._fail(who, error)

    async def pause(self, seconds: float) -> None:
        """Wait `seconds`, or until the pauses are skipped."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._no_pauses.wait(), seconds)

    def _fail(self, who: str, error: BaseException) -> None:
        if self.failed is None:
            raise error
        self.failed(who, error)

    def skip_pacing(self) -> None:
        """No more pauses until the person's next action; an answer held
        back for its pause is played now."""
        self.pace_skipped = True
        self._no_pauses.set()

    def person_acted(self) -> None:
        """The person played: the pauses come back."""
        self.pace_skipped = False
        self._no_pauses.clear()

    def cancel(self) -> None:
        """Forget the thought under way (its answer is dropped)."""
        if self._task is not None:
            self._task.cancel()
        self._task = None
        self.thinking = None

    def stop(self) -> None:
        """The game is left: nothing more is asked or played."""
        self.cancel()
        self._asked = None
