"""Where the computer thinks when people wait for it: in other processes.

A search is pure Python; in a thread of the interface's (or the server's)
process it would hold the interpreter's lock for most of its time, and every
frame the screen draws — every message the server answers — would wait for
it (measured at the hot seat: key to frame went from tens of milliseconds to
seconds).  So computer players live in worker processes (`Workers`): a host
sends a seat's view (and nothing else, as `players.choose` asks) and gets a
`Future` of the answer, which it awaits on its event loop (never blocking
it, and never a thread that would hold up the program's exit).  Each seat's
player keeps its memory in its worker between calls; `forget` drops a game's
players.

A worker runs at a lower priority than its host (`nice`), so that on a busy
machine the screen's frames come before the computer's thinking.  A
player's budget is CPU time of the worker (`time.process_time`: a worker
thinks for one seat at a time, so its CPU time is the decision's), so a busy
machine does not make it weaker, only slower, up to the level's wall-clock
ceiling (`core/players.py`, "Time"): past it the player answers with what it
found, so nobody waits for long.
Workers are daemon processes, stopped at once (`shutdown`, or when the
program exits): quitting while the computer thinks waits for nothing, and
leaves no process behind; a worker whose host died reads the end of its
pipe and exits.

A game screen's players share one worker for the whole program
(`OtherProcess`); a game server has its own (`net/computers.py`).
`InProcess` keeps the players in this process, in a thread (tests that need
to hold the computer's answer back).
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import weakref
from collections.abc import Callable, Mapping
from concurrent.futures import Future, InvalidStateError
from multiprocessing.connection import Connection
from typing import Any, Protocol

from whitechapel.core import players

NICE = 10  # how much lower a worker's priority is than its host's

_KEYS = itertools.count(1)
_PLAYERS: dict[tuple[Any, str], players.Player] = {}  # in a worker process


class Thinker(Protocol):
    levels: dict[str, str]  # side -> level

    def ask(self, side: str, view: Any) -> Future[players.Answer]:
        """The player of `side`'s answer to its view, to come (it thinks
        elsewhere; cancelling the future drops the answer)."""
        ...

    def forget(self) -> None:
        """The game is left: its players go."""
        ...


# -- in a worker process ---------------------------------------------------------------


def _choose(
    key: Any,
    game: str,
    level: str,
    side: str,
    seed: int,
    view: Any,
    table: Any = None,
) -> players.Answer:
    """The seat's player (made on its first turn, knowing the game's public
    table) answers."""
    player = _PLAYERS.get((key, side))
    if player is None:
        player = _PLAYERS[key, side] = players.new_player(game, level, side, seed, table)
    return players.choose(player, game, view)


def _forget(key: Any) -> None:
    for seat in [k for k in _PLAYERS if k[0] == key]:
        del _PLAYERS[seat]


def _serve(conn: Connection, nice: int) -> None:
    """A worker's life: calls in, answers out, one at a time, until its host
    closes the pipe (or dies).  Ctrl-C is the host's to handle: a worker
    ignores it and ends when its host closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    while True:
        try:
            number, function, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (number, True, function(*args))
        except Exception as error:  # the host's future raises it
            reply = (number, False, error)
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return
        except Exception as error:  # an answer that does not pickle
            conn.send((number, False, players.PlayerError(f"the computer's answer: {error}")))


# -- in the host -----------------------------------------------------------------------


class WorkerGone(players.PlayerError):
    """The computer's process ended before it answered."""


class _Worker:
    """One worker process, its pipe and the calls it has not answered."""

    def __init__(self, nice: int) -> None:
        self.pending: dict[int, Future[Any]] = {}
        self.gone = False  # its pipe ended (it may not have been reaped yet)
        self._numbers = itertools.count()
        self._send_lock = threading.Lock()
        ours, theirs = multiprocessing.Pipe()
        context = multiprocessing.get_context("spawn")
        self.process = context.Process(
            target=_serve, args=(theirs, nice), name="whitechapel-thinker", daemon=True
        )
        # Starting a process hands it the standard error's descriptor; a
        # Textual app has put an object without a usable one in its place.
        saved = sys.stderr
        sys.stderr = sys.__stderr__ or saved
        try:
            self.process.start()
        finally:
            sys.stderr = saved
        theirs.close()
        self.conn = ours
        self.reader = threading.Thread(target=self._read, name="thinker-answers", daemon=True)
        self.reader.start()

    def alive(self) -> bool:
        return not self.gone and self.process.is_alive()

    def call(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._send_lock:
            number = next(self._numbers)
            self.pending[number] = future
            try:
                self.conn.send((number, function, args))
            except (OSError, ValueError) as error:
                self.gone = True
                self.pending.pop(number, None)
                future.set_exception(WorkerGone(f"the computer's process is gone ({error})"))
        return future

    def _read(self) -> None:
        while True:
            try:
                number, ok, value = self.conn.recv()
            except (EOFError, OSError, ValueError, TypeError):
                # TypeError: the pipe closed by `stop` under a read (its handle
                # gone mid-message; tester RH, Pocket round 31, saw it on quit)
                self.gone = True
                break
            future = self.pending.pop(number, None)
            if future is None or future.cancelled():
                continue
            with contextlib.suppress(InvalidStateError):  # cancelled meanwhile
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
        for future in list(self.pending.values()):
            with contextlib.suppress(InvalidStateError):
                future.set_exception(WorkerGone("the computer's process ended"))
        self.pending.clear()

    def stop(self) -> None:
        """At once: a search under way is not waited for."""
        self.gone = True
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        # the reader ends on the pipe's end before the pipe is closed under it
        if threading.current_thread() is not self.reader:
            self.reader.join(5)
        with contextlib.suppress(OSError):
            self.conn.close()


class Workers:
    """Worker processes for computer players, each started when first needed.

    A call with a key (a game, a room) always goes to the same worker, where
    the players of that key keep their memory."""

    def __init__(self, count: int = 1, nice: int = NICE) -> None:
        self.count, self.nice = count, nice
        self._workers: list[_Worker | None] = [None] * count
        self._lock = threading.Lock()
        _ALL.add(self)

    def worker(self, key: Any = None) -> _Worker:
        index = hash(key) % self.count
        with self._lock:
            worker = self._workers[index]
            if worker is None or not worker.alive():
                if worker is not None:
                    worker.stop()
                worker = self._workers[index] = _Worker(self.nice)
        return worker

    def pids(self) -> list[int]:
        """The worker processes running now."""
        return [w.process.pid for w in self._workers if w is not None and w.alive()]  # type: ignore[misc]

    def call(self, key: Any, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """`function(*args)` in `key`'s worker (a function a fresh process
        can import, arguments it can unpickle)."""
        return self.worker(key).call(function, *args)

    def submit(
        self,
        key: Any,
        game: str,
        level: str,
        side: str,
        seed: int,
        view: Any,
        table: Any = None,
    ) -> Future[players.Answer]:
        """Ask the seat's player, in `key`'s worker (`table`: the game's
        public table, for the player's making; `players.table_of`)."""
        return self.call(key, _choose, key, game, level, side, seed, view, table)

    def forget(self, key: Any) -> None:
        with self._lock:
            worker = self._workers[hash(key) % self.count]
        if worker is not None and worker.alive():
            worker.call(_forget, key)

    def shutdown(self) -> None:
        """Stop every worker at once (a later call starts them again)."""
        with self._lock:
            workers, self._workers = self._workers, [None] * self.count
        for worker in workers:
            if worker is not None:
                worker.stop()


_ALL: weakref.WeakSet[Workers] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    for workers in list(_ALL):
        workers.shutdown()


WORKERS = Workers()  # the interface's


class InProcess:
    """The players in this process, each answer in a thread of its own (tests)."""

    def __init__(self, game: str, levels: Mapping[str, str], seed: int, table: Any = None) -> None:
        self.game, self.levels = game, dict(levels)
        self.players = {
            side: players.new_player(game, level, side, seed + sorted(levels).index(side), table)
            for side, level in levels.items()
        }

    def choose(self, side: str, view: Any) -> players.Answer:
        return players.choose(self.players[side], self.game, view)

    def ask(self, side: str, view: Any) -> Future[players.Answer]:
        future: Future[players.Answer] = Future()

        def think() -> None:
            try:
                answer = self.choose(side, view)
            except Exception as error:
                with contextlib.suppress(InvalidStateError):
                    future.set_exception(error)
            else:
                with contextlib.suppress(InvalidStateError):
                    future.set_result(answer)

        threading.Thread(target=think, daemon=True).start()
        return future

    def forget(self) -> None:
        self.players.clear()


class OtherProcess:
    """A game's players in the interface's worker process."""

    def __init__(
        self,
        game: str,
        levels: Mapping[str, str],
        seed: int,
        table: Any = None,
        workers: Workers = WORKERS,
    ) -> None:
        self.game, self.levels, self.seed = game, dict(levels), seed
        self.table = table
        self.workers = workers
        self.key = next(_KEYS)
        for side, level in self.levels.items():
            players.new_player(game, level, side, 0)  # an unknown level fails here, at once

    def seed_of(self, side: str) -> int:
        return self.seed + sorted(self.levels).index(side)

    def ask(self, side: str, view: Any) -> Future[players.Answer]:
        level = self.levels[side]
        return self.workers.submit(
            self.key, self.game, level, side, self.seed_of(side), view, self.table
        )

    def choose(self, side: str, view: Any) -> players.Answer:
        """The answer, waited for here (tests, tools)."""
        return self.ask(side, view).result()

    def forget(self) -> None:
        self.workers.forget(self.key)
