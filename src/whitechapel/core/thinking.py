"""Where the computer thinks when people wait for it: in other processes.

A search is pure Python; in a thread of the interface's (or the server's)
process it would hold the interpreter's lock for most of its time, and every
frame the screen draws — every message the server answers — would wait for
it (measured at the hot seat: key to frame went from tens of milliseconds to
seconds).  So computer players live in worker processes (`Workers`): a host
sends a seat's view (and nothing else, as `players.choose` asks) and waits
for the answer — from a thread, or an event loop's executor, never blocking
the interface or the server.  Each seat's player keeps its memory in its
worker between calls; `forget` drops a game's players.

A game screen's players share one worker for the whole program
(`OtherProcess`); a game server has its own (`net/computers.py`).
`InProcess` keeps the players in this process, for tests that need to hold
the computer's answer back.
"""

from __future__ import annotations

import atexit
import itertools
import multiprocessing
import sys
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Protocol

from whitechapel.core import players

_KEYS = itertools.count(1)
_PLAYERS: dict[tuple[Any, str], players.Player] = {}  # in a worker process


class Thinker(Protocol):
    levels: dict[str, str]  # side -> level

    def choose(self, side: str, view: Mapping[str, Any]) -> players.Answer:
        """The player of `side`'s answer to its view (blocks while it thinks)."""
        ...

    def forget(self) -> None:
        """The game is left: its players go."""
        ...


def _choose(
    key: Any, game: str, level: str, side: str, seed: int, view: Mapping[str, Any]
) -> players.Answer:
    """In a worker: the seat's player (made on its first turn) answers."""
    player = _PLAYERS.get((key, side))
    if player is None:
        player = _PLAYERS[key, side] = players.new_player(game, level, side, seed)
    return players.choose(player, game, view)


def _forget(key: Any) -> None:
    for seat in [k for k in _PLAYERS if k[0] == key]:
        del _PLAYERS[seat]


class Workers:
    """Worker processes for computer players, started when first needed."""

    def __init__(self, count: int = 1) -> None:
        self.count = count
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # Starting a process (and the resource tracker) hands it the
                # standard error's descriptor; a Textual app has put an object
                # without a usable one in its place.
                saved = sys.stderr
                sys.stderr = sys.__stderr__ or saved
                try:
                    context = multiprocessing.get_context("spawn")
                    pool = ProcessPoolExecutor(max_workers=self.count, mp_context=context)
                    pool.submit(int).result()  # a worker starts now
                finally:
                    sys.stderr = saved
                atexit.register(pool.shutdown, wait=False, cancel_futures=True)
                self._pool = pool
        return self._pool

    def submit(
        self, key: Any, game: str, level: str, side: str, seed: int, view: Mapping[str, Any]
    ) -> Future[players.Answer]:
        """Ask the seat's player in a worker (with several workers, a game's
        seats may meet different workers: a player's memory is then its
        worker's own; the default of one worker keeps it whole)."""
        return self.pool().submit(_choose, key, game, level, side, seed, dict(view))

    def forget(self, key: Any) -> None:
        if self._pool is not None:
            self._pool.submit(_forget, key)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


WORKERS = Workers()  # the interface's


class InProcess:
    """The players in this process (tests)."""

    def __init__(self, game: str, levels: Mapping[str, str], seed: int) -> None:
        self.game, self.levels = game, dict(levels)
        self.players = {
            side: players.new_player(game, level, side, seed + sorted(levels).index(side))
            for side, level in levels.items()
        }

    def choose(self, side: str, view: Mapping[str, Any]) -> players.Answer:
        return players.choose(self.players[side], self.game, view)

    def forget(self) -> None:
        self.players.clear()


class OtherProcess:
    """A game's players in the interface's worker process."""

    def __init__(
        self, game: str, levels: Mapping[str, str], seed: int, workers: Workers = WORKERS
    ) -> None:
        self.game, self.levels, self.seed = game, dict(levels), seed
        self.workers = workers
        self.key = next(_KEYS)
        for side, level in self.levels.items():
            players.new_player(game, level, side, 0)  # an unknown level fails here, at once

    def choose(self, side: str, view: Mapping[str, Any]) -> players.Answer:
        seed = self.seed + sorted(self.levels).index(side)
        level = self.levels[side]
        return self.workers.submit(self.key, self.game, level, side, seed, view).result()

    def forget(self) -> None:
        self.workers.forget(self.key)
