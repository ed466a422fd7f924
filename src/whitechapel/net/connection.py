"""One peer of the game server, and the limits every peer lives under (a
flood is slowed by a token bucket, then closed; see docs/protocol.md)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from whitechapel.net.protocol import MAX_SERVER_MESSAGE


@dataclass(frozen=True)
class Limits:
    """What one connection may do; the defaults suit people at keyboards."""

    idle_timeout: float = 15 * 60.0  # seconds without a message before closing
    per_address: int = 8  # connections at once from one remote address
    rate: float = 20.0  # messages a second, on average ...
    burst: float = 40.0  # ... with this many at once
    max_slow: int = 20  # messages refused by the flood limit in a row, then closed
    max_bad: int = 20  # malformed messages in a row, then closed
    max_rooms: int = 1000  # open rooms held at once; past it `create` is refused
    rooms_per_address: int = 20  # open rooms created from one address, held now
    rooms_per_identity: int = 20  # the same per identity (when it is not the address)
    unjoined_after: float = 10 * 60.0  # seconds a room with a free seat and nobody in it lives
    abandoned_after: float = 30 * 60.0  # the same for a room whose seats are all taken
    records_listed: int = 50  # finished games in a `records` reply, newest first
    max_record: int = 1024 * 1024  # characters of a record sent by `record`
    max_buffer: int = 8 * MAX_SERVER_MESSAGE  # unread output before a reader is dropped
    clock_tick: float = 0.5  # how often running chess clocks are checked
    listed: int = 100  # rooms in a `rooms` reply, newest first


class TokenBucket:
    """`rate` tokens a second up to `burst`; each message takes one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = burst, clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One peer: its name once it said hello, and its rooms (room -> seat,
    None when watching)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        limits: Limits,
        *,
        gateway: bool = False,
    ):
        self.reader, self.writer = reader, writer
        peer = writer.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) > 1 else "?"
        # On the server's Unix socket: the SSH gateway's own channel, whose
        # `hello` may say who is connecting (`identity`) and from where (`peer`).
        self.gateway = gateway
        if gateway:
            self.address = self.peer = "local"
        self.counted: str | None = None  # the address this connection counts under
        self.name: str | None = None
        # Who is connecting, for the caps on rooms held and for seats: the
        # address, unless the gateway proved more (`proven`: an SSH key's
        # fingerprint, or one SSH session).
        self.identity = self.address
        self.proven = False
        self.wrong_codes = 0  # wrong rejoin codes sent; too many closes the connection
        self.rooms: dict[str, str | None] = {}
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.bad = 0  # malformed messages in a row
        self.slow = 0  # messages refused by the flood limit in a row
        self.closing = False
        self.task: asyncio.Task | None = None
