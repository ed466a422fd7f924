"""A session host's guard: no session may starve the others of the event
loop they share, or grow the host past its memory; nor may many sessions
from one address, or all of the host's together.

- **The loop's time, per session.**  Every callback the host's event loop
  runs is timed and counted to the session whose context it runs in
  (`SESSION`, set once in the task that runs the session's app; every task
  and callback the app makes inherits it).  `MeteredLoop` is that loop.
  Time on the loop is what the other sessions wait for, whatever it was
  spent on (drawing, a resize, a key); to it is added the CPU its
  driver's input thread spent parsing its keys, which holds the
  interpreter as much.
- **The guard** looks every `interval` seconds, at each address's sessions
  together (`address(n)`; the gateway's hosts place an address's sessions
  on one host while it has room).  An address whose sessions held the loop
  more than `share` of the last `window` seconds has its busy sessions
  (those over their even part of it) held back: no input for `hold`
  seconds and no new size (their keys wait in their terminals; the gateway
  stops reading their channels): a person holding a key down is only
  slowed.  So has a host whose sessions together held the loop more than
  `host_share`: the sessions over their even part of that.  One that goes
  on taking more than its part while held back, with no input to answer,
  `strikes` looks in a row, is ended, with a sentence on its terminal.
- **Pace.**  Between looks, a session's input is paced (`pace(n, share)`,
  kept by its driver): its next key or click waits until what the session
  cost since the last is at most its part of its address's share of the
  time between them, so a flood is slowed smoothly rather than let go in
  bursts.  What it cost is `felt`: a callback longer than `LUMP` counts as
  its square over `LUMP`, as the others feel it.  A session whose address
  is alone on its host is not paced (nobody waits for it).
- **Memory.**  A host whose memory (RSS) has grown past `memory_base` +
  `memory_per_session` for each session it holds ends the session that
  holds the most objects (`weigh`).

Each end is logged by the gateway with the session's address.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import time
import types
from collections import Counter, defaultdict, deque
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from whitechapel.gateway.limits import MiB

SESSION: ContextVar[int | None] = ContextVar("whitechapel_session", default=None)
LUMP = 0.05  # seconds of the loop in one callback past which others feel it as a stall

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
    (`spent`: session -> seconds), and what the others felt of it (`felt`:
    the same, but a callback longer than `LUMP` counted as its square over
    `LUMP`: what others wait, on average, grows with the square of a
    callback's length, so 8 callbacks of 300 ms keep them waiting far
    longer than 240 of 10 ms)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__()
        self.clock = clock  # a test's own, or the wall clock
        self.spent: defaultdict[int, float] = defaultdict(float)
        self.felt: defaultdict[int, float] = defaultdict(float)

    def _metered(self, callback: Callable[..., Any], *args: Any) -> None:
        start = self.clock()
        try:
            callback(*args)
        finally:
            n = SESSION.get()
            if n is not None:
                took = self.clock() - start
                self.spent[n] += took
                self.felt[n] += took if took <= LUMP else took * took / LUMP

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
    share: float = 0.3  # of the loop's time one address's sessions may hold over the window
    host_share: float = 0.8  # of the loop's time all the host's sessions may hold over the window
    hold: float = 1.0  # seconds without input for a session over its share (at least `interval`)
    strikes: int = 5  # looks in a row over its share while held back, then it is ended
    memory_base: int = 96 * MiB  # growth of the host's RSS since its start that is always fine,
    memory_per_session: int = 24 * MiB  # and this much more for each session it holds


@dataclass
class _Usage:
    last: float = 0.0
    samples: deque[float] = field(default_factory=deque)
    held: bool = False  # held back since the last look
    allowed: float = 0.0  # what it may spend in an interval while held back, else a strike
    strikes: int = 0  # looks in a row it was over its share while held back
    struck: float = 0.0  # seconds it held the loop in those


class Guard:
    """Looks at the sessions of one host (`sessions()`: number -> its app;
    `address(n)`: who session n is, its sessions judged together; each its
    own by default) and calls `hold(n, seconds)` or `end(n, why, farewell)`."""

    def __init__(
        self,
        loop: MeteredLoop,
        sessions: Callable[[], dict[int, Any]],
        hold: Callable[[int, float], None],
        end: Callable[[int, str, str], None],
        limits: GuardLimits | None = None,
        memory: Callable[[], int] = rss,
        weight: Callable[[Any], int] = weigh,
        address: Callable[[int], str] = lambda n: f"#{n}",
        pace: Callable[[int, float], None] = lambda n, share: None,
    ) -> None:
        self.loop, self.sessions = loop, sessions
        self.hold, self.end, self.pace = hold, end, pace
        self.limits = limits or GuardLimits()
        self.memory, self.weight = memory, weight
        self.address = address
        self.start_memory = memory()
        self.usage: dict[int, _Usage] = {}
        self.cooldown = 0  # looks left before memory is looked at again, after an end

    async def watch(self) -> None:
        while True:
            await asyncio.sleep(self.limits.interval)
            self.look()

    def look(self) -> None:
        apps = self.sessions()
        gone = [n for n in self.usage if n not in apps]
        for n in gone:
            del self.usage[n]
            self.loop.spent.pop(n, None)
            getattr(self.loop, "felt", {}).pop(n, None)
        self._look_at_time(apps)
        self._look_at_memory(apps, bool(gone))

    def _look_at_time(self, apps: dict[int, Any]) -> None:
        """Each session's time over the window (`_used`); those held back
        since the last look that still spent more than they were allowed,
        without input or new sizes, get a strike, and `strikes` in a row
        end them (a person holding a key down is only slowed: held back,
        such a session spends nothing); then who is held back now
        (`_allowances`)."""
        limits = self.limits
        used = self._used(apps)
        ended: set[int] = set()
        for n, usage in ((n, self.usage[n]) for n in apps):
            sample = usage.samples[-1]
            if usage.held and sample > usage.allowed:
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
                ended.add(n)
        allowed = self._allowances(used)
        addresses = Counter(self.address(n) for n in used)
        for n, usage in self.usage.items():
            self.pace(n, self._pace(n, addresses, allowed))
            if n in ended:
                continue
            usage.held = n in allowed
            usage.allowed = allowed.get(n, 0.0)
            if usage.held:
                self.hold(n, max(limits.hold, limits.interval))

    def _pace(self, n: int, addresses: Counter[str], allowed: dict[int, float]) -> float:
        """The share of the loop session n's input may cost: all of it
        while its address is alone on the host (nobody waits for it), else
        its part of its address's share, or less while it is held back."""
        limits = self.limits
        if len(addresses) == 1 and n not in allowed:
            return 1.0
        share = limits.share / addresses[self.address(n)]
        return min(share, allowed.get(n, limits.interval) / limits.interval)

    def _used(self, apps: dict[int, Any]) -> dict[int, float]:
        """Each session's seconds on the loop over the window, its sample
        for the last interval added."""
        keep = max(1, round(self.limits.window / self.limits.interval))
        used: dict[int, float] = {}
        for n, app in apps.items():
            spent = self.loop.spent.get(n, 0.0) + _input_time(app)
            usage = self.usage.setdefault(n, _Usage(spent))
            usage.samples.append(spent - usage.last)
            usage.last = spent
            while len(usage.samples) > keep:
                usage.samples.popleft()
            used[n] = sum(usage.samples)
        return used

    def _allowances(self, used: dict[int, float]) -> dict[int, float]:
        """The sessions to hold back now, each with what it may spend in an
        interval while held.  An address whose sessions together held the
        loop more than `share` of the window: its sessions over their even
        part of that, each allowed its part of `share`.  A host whose
        sessions together held it more than `host_share`: the sessions over
        their even part of that, each allowed its part of `host_share`."""
        limits = self.limits
        keep = max(1, round(limits.window / limits.interval))
        allowed: dict[int, float] = {}

        def over(group: list[int], share: float) -> None:
            budget = share * keep * limits.interval
            if sum(used[n] for n in group) <= budget:
                return
            busy = [n for n in group if used[n] > budget / len(group)]
            for n in busy:
                part = share * limits.interval / len(busy)
                allowed[n] = min(allowed.get(n, part), part)

        addresses: defaultdict[str, list[int]] = defaultdict(list)
        for n in used:
            addresses[self.address(n)].append(n)
        for group in addresses.values():
            over(group, limits.share)
        if used:
            over(list(used), limits.host_share)
        return allowed

    def _look_at_memory(self, apps: dict[int, Any], gone: bool) -> None:
        """Past the allowance, end the heaviest session.  What a session
        held is freed when it ends but stays in the process for reuse (the
        RSS seldom shrinks), so once a session has gone (ended here or not)
        the allowance is counted from here, for those left."""
        limits = self.limits
        now = self.memory()
        if gone:
            allowance = limits.memory_base + limits.memory_per_session * len(apps)
            self.start_memory = max(self.start_memory, now - allowance)
        if self.cooldown:
            self.cooldown -= 1
            return
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
