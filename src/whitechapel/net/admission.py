"""Who comes in, at every door: the raw game port, the SSH gateway and the
web gateway count the same three things, per address and in total, each
door with its own numbers (`DoorLimits`; docs/hosting.md, "Admission"):

- **pending**: connections not yet past hello or login, each with a short
  deadline (the raw hello, the SSH handshake and login, an HTTP request's
  headers), so that half-open connections cannot fill what others need;
- **logins** a minute per address (a token bucket), so that one address
  cannot churn sessions, each of which costs the server an app;
- **live**: connections or sessions past hello or login.

A connection is a `Ticket` of its `Door`: pending when it arrives, live once
admitted, released exactly once when it ends.  Addresses are counted by
`address_key`: an IPv6 address by its /64 (one host is given a whole /64,
so its addresses are one address here), an IPv4-mapped one as IPv4.

Password checks are bounded per address too (`Checks`): one in flight per
address, a failure answered after the address's delay (`Penalties`), a
right password from another address never waiting behind them, and the
failures logged as one line per address a minute (`FailureLog`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from whitechapel.net.doorlimits import (
    GATEWAY_POOL,
    RAW,
    SSH,
    WEB,
    AdmissionLimits,
    DoorLimits,
    parse_limit,
)
from whitechapel.net.penalties import Penalties

__all__ = [
    "GATEWAY_POOL",
    "RAW",
    "SSH",
    "WEB",
    "AdmissionLimits",
    "Checks",
    "Door",
    "DoorLimits",
    "FailureLog",
    "Ticket",
    "TokenBucket",
    "address_key",
    "parse_limit",
]

REMEMBERED = 10_000  # addresses whose logins or failures are kept; the oldest go first


def address_key(address: str) -> str:
    """What an address is counted as: an IPv4 address (IPv4-mapped IPv6
    included) as itself, an IPv6 address as its /64, anything else (a Unix
    socket's "local", "?") as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class TokenBucket:
    """`rate` tokens a second up to `burst`.  `take` refuses when none is
    left; `charge` always takes, going into debt (negative tokens) that only
    time pays back -- refused messages are charged too, so a peer that keeps
    sending digs deeper however its messages are spaced when they are read."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = burst, clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def level(self) -> float:
        """The tokens there are now (negative: the debt)."""
        self._refill()
        return self.tokens

    def take(self) -> bool:
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def charge(self, n: float) -> float:
        """Take `n` tokens whatever is left; returns the tokens there were
        before (so the first `int(before)` of the `n` were within the limit)."""
        self._refill()
        before = self.tokens
        self.tokens -= n
        return before

    @property
    def debt(self) -> float:
        return max(0.0, -self.tokens)


# -- a door --------------------------------------------------------------------------


class Ticket:
    """One connection at a door: pending, then live, then gone (`leave`,
    which releases what it held exactly once, however often it is called)."""

    def __init__(self, door: Door, key: str) -> None:
        self.door, self.key = door, key
        self.live = False
        self.gone = False

    def admit(self, address: str | None = None) -> str | None:
        """Pending to live (counted under `address` from now, if given: the
        player a gateway speaks for, the client behind a proxy); the
        refusal, and nothing changed, when that address or the door is full."""
        if self.gone:
            return "the connection is closed"
        key = self.key if address is None else address_key(address)
        if self.live and key == self.key:
            return None
        refusal = self.door._live_refusal(key, self)
        if refusal is not None:
            return refusal
        self.door._release(self)
        self.key, self.live = key, True
        self.door._hold(self)
        return None

    def leave(self) -> None:
        if not self.gone:
            self.door._release(self)
            self.gone = True


class Door:
    """The counts at one door, and its refusals (each a sentence a client
    is shown).  `exempt(key)`: an address whose pending connections are
    counted only in the total (a trusted proxy, which brings everyone's)."""

    FULL = "the server is full: too many connections, try again later"
    BUSY = "the server is busy: too many connections are starting at once, try again in a moment"
    FULL_FOR_YOU = "too many connections from your address"
    CHURN = "too many logins from your address: wait a minute, then try again"

    def __init__(
        self,
        limits: DoorLimits,
        *,
        exempt: Callable[[str], bool] = lambda key: False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits
        self.exempt = exempt
        self.clock = clock
        self.pending: Counter[str] = Counter()
        self.live: Counter[str] = Counter()
        self.pending_total = 0
        self.live_total = 0
        self._logins: OrderedDict[str, TokenBucket] = OrderedDict()

    def enter(self, address: str) -> Ticket | str:
        """A connection from `address` arrives: its ticket (pending), or
        the refusal when its address or the door has too many starting."""
        key = address_key(address)
        limits = self.limits
        if self.pending[key] >= limits.pending_per_address and not self.exempt(key):
            return self.FULL_FOR_YOU
        if self.pending_total >= limits.pending:
            return self.BUSY
        ticket = Ticket(self, key)
        self._hold(ticket)
        return ticket

    def enter_live(self, address: str) -> Ticket | str:
        """A session that is live from its start (a browser's app, which
        follows a login made earlier): its ticket, or the refusal."""
        ticket = Ticket(self, address_key(address))
        refusal = self._live_refusal(ticket.key, ticket)
        if refusal is not None:
            return refusal
        ticket.live = True
        self._hold(ticket)
        return ticket

    def login(self, address: str) -> str | None:
        """A login from `address` is about to cost the server a session:
        None if its rate allows (and it is charged), else the refusal."""
        key = address_key(address)
        bucket = self._logins.get(key)
        if bucket is None:
            while len(self._logins) >= REMEMBERED:
                self._logins.popitem(last=False)
            limits = self.limits
            bucket = TokenBucket(limits.logins_per_minute / 60.0, limits.login_burst, self.clock)
            self._logins[key] = bucket
        self._logins.move_to_end(key)
        return None if bucket.take() else self.CHURN

    def _live_refusal(self, key: str, ticket: Ticket) -> str | None:
        mine = 1 if ticket.live and ticket.key == key else 0
        if self.live[key] - mine >= self.limits.live_per_address:
            return self.FULL_FOR_YOU
        if not ticket.live and self.live_total >= self.limits.live:
            return self.FULL
        return None

    def _hold(self, ticket: Ticket) -> None:
        if ticket.live:
            self.live[ticket.key] += 1
            self.live_total += 1
        else:
            self.pending[ticket.key] += 1
            self.pending_total += 1

    def _release(self, ticket: Ticket) -> None:
        counts = self.live if ticket.live else self.pending
        counts[ticket.key] -= 1
        if counts[ticket.key] <= 0:
            del counts[ticket.key]
        if ticket.live:
            self.live_total -= 1
        else:
            self.pending_total -= 1


# -- password checks -------------------------------------------------------------------


class AddressWindows:
    """Per address, a window of `window` seconds from its first line: how
    many lines were logged in it and how many more were not.  A window that
    ends is summed up (`summary(address, more)`) when its time is up, or at
    the address's next line after it; at most `REMEMBERED` addresses kept,
    the oldest summed up first.  Shared by the logs that must stay a few
    lines however many times a peer tries (`FailureLog`, the SSH gateway's
    `CloseLog`)."""

    def __init__(
        self,
        summary: Callable[[str, int], None],
        *,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        on_due: Callable[[], None] | None = None,
    ) -> None:
        self.summary, self.window, self.clock, self.on_due = summary, window, clock, on_due
        # address key -> [start, lines logged, more not logged, address]
        self.open: OrderedDict[str, list[Any]] = OrderedDict()

    def entry(self, address: str) -> list[Any]:
        """`address`'s window now, a new one where its last has ended."""
        now = self.clock()
        key = address_key(address)
        entry = self.open.get(key)
        if entry is not None and now - entry[0] < self.window:
            return entry
        if entry is not None:
            self._sum_up(key)
        while len(self.open) >= REMEMBERED:
            self._sum_up(next(iter(self.open)))
        entry = self.open[key] = [now, 0, 0, address]
        with contextlib.suppress(RuntimeError):  # no loop: summed up at the next line
            asyncio.get_running_loop().call_later(self.window, self._due, key, now)
        return entry

    def _due(self, key: str, start: float) -> None:
        entry = self.open.get(key)
        if entry is not None and entry[0] == start:
            self._sum_up(key)
        if self.on_due is not None:
            self.on_due()

    def _sum_up(self, key: str) -> None:
        _, _, more, address = self.open.pop(key)
        if more:
            self.summary(address, more)


class FailureLog:
    """Wrong passwords logged as one line per address a minute: the first
    at once, the rest of the minute as a count when it ends."""

    def __init__(
        self,
        log: logging.Logger,
        what: str,
        *,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.log, self.what = log, what
        self.windows = AddressWindows(self._summary, window=window, clock=clock)

    def failed(self, address: str, detail: str = "") -> None:
        entry = self.windows.entry(address)
        if entry[1]:
            entry[2] += 1
            return
        entry[1] = 1
        self.log.warning("a wrong %s from %s%s", self.what, address, detail)

    def _summary(self, address: str, more: int) -> None:
        self.log.warning(
            "%d more wrong %ss from %s in the minute after the first", more, self.what, address
        )


class Checks:
    """Password checks, one in flight per address: a failure is answered
    after the address's delay (`penalties`) and holds its address's turn
    meanwhile, so a thousand guesses at once are a thousand delays in a
    row; a check from another address waits for none of them.  Past
    `waiting` checks queued from one address, more are refused at once
    (no check made)."""

    BUSY = "too many login attempts from your address at once: wait, then try again"

    def __init__(
        self,
        failures: FailureLog,
        penalties: Penalties | None = None,
        *,
        waiting: int = 8,
    ) -> None:
        self.failures = failures
        self.penalties = penalties or Penalties()
        self.waiting = waiting
        self._turns: dict[str, asyncio.Lock] = {}
        self._queued: Counter[str] = Counter()

    def in_flight(self, address: str) -> int:
        """Checks from `address` queued or under way."""
        return self._queued[address_key(address)]

    async def check(self, address: str, right: Callable[[], bool], detail: str = "") -> bool | None:
        """`right()` in `address`'s turn: True at once; False after the
        address's delay; None, with no check made, when too many wait."""
        key = address_key(address)
        if self._queued[key] >= self.waiting:
            return None
        self._queued[key] += 1
        turn = self._turns.setdefault(key, asyncio.Lock())
        try:
            await turn.acquire()
        except BaseException:
            self._dequeue(key)
            raise
        if right():
            self.penalties.succeeded(key)
            self._release(key, turn)
            return True
        self.failures.failed(address, detail)
        delay = self.penalties.failed(key)
        loop = asyncio.get_running_loop()
        until = loop.time() + delay
        try:
            await asyncio.sleep(delay)
        except BaseException:  # the guesser hung up: its turn is held until the delay is over
            loop.call_at(until, self._release, key, turn)
            raise
        self._release(key, turn)
        return False

    def _release(self, key: str, turn: asyncio.Lock) -> None:
        turn.release()
        self._dequeue(key)

    def _dequeue(self, key: str) -> None:
        self._queued[key] -= 1
        if self._queued[key] <= 0:
            del self._queued[key]
            self._turns.pop(key, None)

    def delay_of(self, address: str) -> float:
        """What the next failure from `address` would wait."""
        return self.penalties.delay(address_key(address))
