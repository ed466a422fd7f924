"""A session host's guard: no session may starve the others of the event
loop they share, or grow the host past its memory.

- **The loop's time, per session.**  Every callback the host's event loop
  runs is timed and counted to the session whose context it runs in
  (`SESSION`, set once in the task that runs the session's app; every task
  and callback the app makes inherits it).  `MeteredLoop` is that loop.
  Time on the loop is what the other sessions wait for, whatever it was
  spent on (drawing, a resize, a key); to it is added the CPU its
  driver's input thread spent parsing its keys, which holds the
  interpreter as much.
- **The guard** looks every `interval` seconds.  A session that held the
  loop more than `share` of the last `window` seconds gets no input for
  `hold` seconds and no new size (its keys wait in its terminal; the
  gateway stops reading its channel): a person holding a key down is only
  slowed.  One that goes on taking more than its share while held back,
  with no input to answer, `strikes` looks in a row, is ended, with a
  sentence on its terminal.  A host whose memory (RSS) has
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
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from whitechapel.gateway.limits import MiB

SESSION: ContextVar[int | None] = ContextVar("whitechapel_session", default=None)

CPU_FAREWELL = (
    "whitechapel: this session was ended: it kept the server busier than a "
    "player can ({share:.0%} of its time for {seconds:g} s). Log in again to play on."
)
MEMORY_FAREWELL = (
    "whitechapel: this session was ended: it used more of the server's memory "
    "than a session may. Log in again to play on."
)


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

    def call_soon(  # type: ignore[override]
        self,
        callback: Callable[..., Any],
        *args: Any,
        context: Any = None,
    ) -> asyncio.Handle:
        return super().call_soon(self._metered, callback, *args, context=context)

    def call_soon_threadsafe(  # type: ignore[override]
        self,
        callback: Callable[..., Any],
        *args: Any,
        context: Any = None,
    ) -> asyncio.Handle:
        return super().call_soon_threadsafe(self._metered, callback, *args, context=context)

    def call_at(  # type: ignore[override]
        self,
        when: float,
        callback: Callable[..., Any],
        *args: Any,
        context: Any = None,
    ) -> asyncio.TimerHandle:
        return super().call_at(when, self._metered, callback, *args, context=context)


def _input_time(app: Any) -> float:
    """CPU seconds the session's terminal input took to read and parse (in
    its driver's thread, which holds the interpreter as much as the loop)."""
    return float(getattr(getattr(app, "session_driver", None), "input_time", 0.0))


def rss() -> int:
    """This process's resident memory, bytes (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


_SHARED = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.CodeType,
    types.MethodType,
    types.FrameType,
)


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
    hold: float = 1.0  # seconds without input for a session over its share (at least `interval`)
    strikes: int = 5  # looks in a row over its share while held back, then it is ended
    memory_base: int = 96 * MiB  # growth of the host's RSS since its start that is always fine,
    memory_per_session: int = 24 * MiB  # and this much more for each session it holds


@dataclass
class _Usage:
    last: float = 0.0
    samples: deque[float] = field(default_factory=deque)
    held: bool = False  # held back since the last look
    strikes: int = 0  # looks in a row it was over its share while held back
    struck: float = 0.0  # seconds it held the loop in those


class Guard:
    """Looks at the sessions of one host (`sessions()`: number -> its app)
    and calls `hold(n, seconds)` or `end(n, why, farewell)`."""

    def __init__(
        self,
        loop: MeteredLoop,
        sessions: Callable[[], dict[int, Any]],
        hold: Callable[[int, float], None],
        end: Callable[[int, str, str], None],
        limits: GuardLimits | None = None,
        memory: Callable[[], int] = rss,
        weight: Callable[[Any], int] = weigh,
    ) -> None:
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

    def _look_at_time(self, apps: dict[int, Any]) -> None:
        """Over its share of the window: held back.  Held back and still
        over its share in the last interval, without input or new sizes: a
        strike; `strikes` in a row and it is ended (a person holding a key
        down is only slowed: held back, such a session spends nothing)."""
        limits = self.limits
        keep = max(1, round(limits.window / limits.interval))
        for n, app in apps.items():
            spent = self.loop.spent.get(n, 0.0) + _input_time(app)
            usage = self.usage.setdefault(n, _Usage(spent))
            sample = spent - usage.last
            usage.samples.append(sample)
            usage.last = spent
            while len(usage.samples) > keep:
                usage.samples.popleft()
            if usage.held and sample > limits.share * limits.interval:
                usage.strikes += 1
                usage.struck += sample
            else:
                usage.strikes, usage.struck = 0, 0.0
            if usage.strikes >= limits.strikes:
                seconds = usage.strikes * limits.interval
                share = usage.struck / seconds
                self.end(
                    n,
                    f"it held its host's event loop {share:.0%} of the time for "
                    f"{seconds:g} s while held back",
                    CPU_FAREWELL.format(share=share, seconds=seconds),
                )
                usage.strikes, usage.struck = 0, 0.0
                continue
            usage.held = sum(usage.samples) > limits.share * keep * limits.interval
            if usage.held:
                self.hold(n, max(limits.hold, limits.interval))

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
        self.end(
            heaviest,
            f"its host grew by {grown // MiB} MiB with {len(apps)} sessions, this one the heaviest",
            MEMORY_FAREWELL,
        )
        left = len(apps) - 1
        self.start_memory = now - limits.memory_base - limits.memory_per_session * left
        self.cooldown = 5
