"""Where the computer thinks when a person waits for it: in another process.

A search is pure Python; in a thread of the interface's process it would
hold the interpreter's lock for most of its time, and every frame the screen
draws meanwhile would wait for it (measured: key to frame went from tens of
milliseconds to seconds).  So a game screen's computer players live in one
worker process, shared by every screen of the program: a `Thinker` sends it
the side's view (and nothing else, as `players.choose` asks) and waits for
the answer — from a thread, so that the interface never waits.  The players
keep their memory there between calls; `forget` drops them.

`InProcess` keeps the same players in this process, for tests that need to
hold the computer's answer back, and where a process cannot be started.
"""

from __future__ import annotations

import atexit
import itertools
import multiprocessing
import sys
import threading
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol

from whitechapel.core import players

_POOL: ProcessPoolExecutor | None = None
_LOCK = threading.Lock()
_KEYS = itertools.count(1)
_PLAYERS: dict[tuple[int, str], players.Player] = {}  # in the worker process


class Thinker(Protocol):
    levels: dict[str, str]  # side -> level

    def choose(self, side: str, view: Mapping[str, Any]) -> players.Answer:
        """The player of `side`'s answer to its view (blocks while it thinks)."""
        ...

    def forget(self) -> None:
        """The game is left: its players go."""
        ...


def _pool() -> ProcessPoolExecutor:
    global _POOL
    with _LOCK:
        if _POOL is None:
            # Starting a process (and the resource tracker) hands it the
            # standard error's descriptor; a Textual app has put an object
            # without a usable one in its place.
            saved = sys.stderr
            sys.stderr = sys.__stderr__ or saved
            try:
                context = multiprocessing.get_context("spawn")
                pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
                pool.submit(int).result()  # the worker starts now
            finally:
                sys.stderr = saved
            atexit.register(pool.shutdown, wait=False, cancel_futures=True)
            _POOL = pool
    return _POOL


def _choose(
    key: int, game: str, level: str, side: str, seed: int, view: Mapping[str, Any]
) -> players.Answer:
    """In the worker: the seat's player (made on its first turn) answers."""
    player = _PLAYERS.get((key, side))
    if player is None:
        player = _PLAYERS[key, side] = players.new_player(game, level, side, seed)
    return players.choose(player, game, view)


def _forget(key: int) -> None:
    for seat in [k for k in _PLAYERS if k[0] == key]:
        del _PLAYERS[seat]


class InProcess:
    """The players in this process (tests; no process at hand)."""

    def __init__(self, game: str, levels: Mapping[str, str], seed: int) -> None:
        self.game, self.levels = game, dict(levels)
        self.players = {
            side: players.new_player(game, level, side, seed + i)
            for i, (side, level) in enumerate(sorted(levels.items()))
        }

    def choose(self, side: str, view: Mapping[str, Any]) -> players.Answer:
        return players.choose(self.players[side], self.game, view)

    def forget(self) -> None:
        self.players.clear()


class OtherProcess:
    """The players in the worker process."""

    def __init__(self, game: str, levels: Mapping[str, str], seed: int) -> None:
        self.game, self.levels, self.seed = game, dict(levels), seed
        self.key = next(_KEYS)
        for side, level in self.levels.items():
            players.new_player(game, level, side, 0)  # an unknown level fails here, at once

    def choose(self, side: str, view: Mapping[str, Any]) -> players.Answer:
        seed = self.seed + sorted(self.levels).index(side)
        future = _pool().submit(_choose, self.key, self.game, self.levels[side], side, seed, view)
        return future.result()

    def forget(self) -> None:
        if _POOL is not None:
            _POOL.submit(_forget, self.key)
