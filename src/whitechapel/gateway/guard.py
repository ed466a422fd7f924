"""A session host's guard: no session may starve the others of the event
loop they share, or grow the host past its memory.

- **The loop's time, per session.**  Every callback the host's event loop
  runs is timed and counted to the session whose context it runs in
  (`SESSION`, set once in the task that runs the session's app; every task
  and callback the app makes inherits it).  `MeteredLoop` is that loop.
  Time on the loop is what the other sessions wait for, whatever it was
  spent on (drawing, a resize, a key).
- **The guard** looks every `interval` seconds.  A session that held the
  loop more than `share` of the last `window` seconds gets no input for
  `hold` seconds and no new size (its keys wait in its terminal; the
  gateway stops reading its channel); one still over its share after `strikes` looks in a row is
  ended, with a sentence on its terminal.  A host whose memory (RSS) has
  grown past `memory_base` + `memory_per_session` for each session it holds
  ends the session that holds the most objects (`weigh`).  Both are logged
  by the gateway with the session's address.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import time
import types
from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from whitechapel.gateway.limits import MiB

SESSION: ContextVar[int | None] = ContextVar("whitechapel_session", default=None)

CPU_FAREWELL = ("whitechapel: this session was ended: it kept the server busier than a "
                "player can ({share:.0%} of its time for {seconds:g} s). Log in again to play on.")  # fmt: skip
MEMORY_FAREWELL = ("whitechapel: this session was ended: it used more of the server's memory "
                   "than a session may. Log in again to play on.")  # fmt: skip


class MeteredLoop(asyncio.SelectorEventLoop):
    """An event loop that counts how long each session's callbacks hold it
    (`spent`: session -> seconds)."""

    def __init__(self) -> None:
        super().__init__()
        self.spent: defaultdict[int, float] = defaultdict(float)

    def _metered(self, callback: Callable[..., Any], *args: Any) -> None:
        start = time.perf_counter()
        try:
            callback(*args)
        finally:
            n = SESSION.get()
            if n is not None:
                self.spent[n] += time.perf_counter() - start

    def call_soon(self, callback: Callable[..., Any], *args: Any,  # type: ignore[override]
                  context: Any = None) -> asyncio.Handle:  # fmt: skip
        return super().call_soon(self._metered, callback, *args, context=context)

    def call_soon_threadsafe(self, callback: Callable[..., Any], *args: Any,  # type: ignore[override]
                             context: Any = None) -> asyncio.Handle:  # fmt: skip
        return super().call_soon_threadsafe(self._metered, callback, *args, context=context)

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any,  # type: ignore[override]
                context: Any = None) -> asyncio.TimerHandle:  # fmt: skip
        return super().call_at(when, self._metered, callback, *args, context=context)


def rss() -> int:
    """This process's resident memory, bytes (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


_SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
           types.CodeType, types.MethodType, types.FrameType)  # fmt: skip


def weigh(root: object, limit: int = 400_000) -> int:
    """Roughly the bytes of the objects reachable from `root` (at most
    `limit` objects; classes, modules, functions and code are everyone's,
    and not counted)."""
    seen: set[int] = set()
    todo = [root]
    total = 0
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _SHARED):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj, 64)
        todo.extend(gc.get_referents(obj))
    return total


@dataclass(frozen=True)
class GuardLimits:
    interval: float = 1.0  # seconds between looks
    window: float = 5.0  # seconds a session's share of the loop is judged over
    share: float = 0.3  # of the loop's time one session may hold over the window
    hold: float = 1.0  # seconds without input for a session over its share
    strikes: int = 8  # looks in a row over its share (held back all along), then it is ended
    memory_base: int = 96 * MiB  # growth of the host's RSS since its start that is always fine,
    memory_per_session: int = 24 * MiB  # and this much more for each session it holds


@dataclass
class _Usage:
    last: float = 0.0
    samples: deque[float] = field(default_factory=deque)
    strikes: int = 0


class Guard:
    """Looks at the sessions of one host (`sessions()`: number -> its app)
    and calls `hold(n, seconds)` or `end(n, why, farewell)`."""

    def __init__(self, loop: MeteredLoop, sessions: Callable[[], dict[int, Any]],
                 hold: Callable[[int, float], None], end: Callable[[int, str, str], None],
                 limits: GuardLimits | None = None, memory: Callable[[], int] = rss,
                 weight: Callable[[Any], int] = weigh) -> None:  # fmt: skip
        self.loop, self.sessions = loop, sessions
        self.hold, self.end = hold, end
        self.limits = limits or GuardLimits()
        self.memory, self.weight = memory, weight
        self.start_memory = memory()
        self.usage: dict[int, _Usage] = {}
        self.cooldown = 0  # looks left before memory is looked at again, after an end

    async def watch(self) -> None:
        while True:
            await asyncio.sleep(self.limits.interval)
            self.look()

    def look(self) -> None:
        apps = self.sessions()
        for n in list(self.usage):
            if n not in apps:
                del self.usage[n]
                self.loop.spent.pop(n, None)
        self._look_at_time(apps)
        self._look_at_memory(apps)

    def _look_at_time(self, apps: Iterable[int]) -> None:
        limits = self.limits
        keep = max(1, round(limits.window / limits.interval))
        for n in apps:
            usage = self.usage.setdefault(n, _Usage(self.loop.spent.get(n, 0.0)))
            spent = self.loop.spent.get(n, 0.0)
            usage.samples.append(spent - usage.last)
            usage.last = spent
            while len(usage.samples) > keep:
                usage.samples.popleft()
            share = sum(usage.samples) / (keep * limits.interval)
            if share <= limits.share:
                usage.strikes = 0
                continue
            usage.strikes += 1
            if usage.strikes >= limits.strikes:
                seconds = usage.strikes * limits.interval
                self.end(n, f"it held its host's event loop {share:.0%} of the time for "
                            f"{seconds:g} s", CPU_FAREWELL.format(share=share, seconds=seconds))  # fmt: skip
                usage.strikes = 0
            else:
                self.hold(n, limits.hold)

    def _look_at_memory(self, apps: dict[int, Any]) -> None:
        """Past the allowance, end the heaviest session.  What it held is
        freed but stays in the process for reuse (the RSS seldom shrinks),
        so the allowance is then counted from here, for those left."""
        if self.cooldown:
            self.cooldown -= 1
            return
        limits = self.limits
        now = self.memory()
        grown = now - self.start_memory
        if not apps or grown <= limits.memory_base + limits.memory_per_session * len(apps):
            return
        heaviest = max(apps, key=lambda n: self.weight(apps[n]))
        self.end(heaviest, f"its host grew by {grown // MiB} MiB with {len(apps)} sessions, "
                           "this one the heaviest", MEMORY_FAREWELL)  # fmt: skip
        left = len(apps) - 1
        self.start_memory = now - limits.memory_base - limits.memory_per_session * left
        self.cooldown = 5
