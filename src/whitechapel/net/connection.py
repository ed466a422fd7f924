"""One peer of the game server, and the limits every peer lives under (see
docs/protocol.md and docs/hosting.md).

A flood is judged where the bytes arrive, not where messages are handled:
`MeteredReader.feed_data` runs when the event loop reads the socket, so it
sees every line the peer sent since the last read however far behind the
message handlers are, and it closes a flooder there and then."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from whitechapel.net.admission import GATEWAY_POOL, RAW, DoorLimits, Ticket, TokenBucket
from whitechapel.net.protocol import MAX_MESSAGE

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What one connection may do; the defaults suit people at keyboards."""

    idle_timeout: float = 15 * 60.0  # seconds without a message before closing
    # The raw port's door (net/admission.py; `door` gathers them): connections
    # not yet past hello, per address and in all, and the time to say it; hellos
    # a minute per address; connections past hello, per address and in all.
    hello_timeout: float = RAW.pending_timeout
    pending_per_address: int = RAW.pending_per_address
    max_pending: int = RAW.pending
    logins_per_minute: float = RAW.logins_per_minute
    login_burst: int = RAW.login_burst
    per_address: int = RAW.live_per_address
    max_connections: int = RAW.live
    gateway_pool: int = GATEWAY_POOL  # the gateways' apps' connections, beside the raw ones
    rate: float = 20.0  # messages a second, on average ...
    burst: float = 40.0  # ... with this many at once
    max_debt: float = 20.0  # messages owed past the burst (refused ones too), then closed
    byte_rate: float = 256 * 1024  # bytes a second received, on average ...
    byte_burst: float = 1 * MiB  # ... with this many at once, then closed
    max_bad: int = 20  # malformed messages in a row, then closed
    max_rooms: int = 1000  # open rooms held at once; past it `create` is refused
    rooms_per_address: int = 8  # open rooms created from one address, held now
    rooms_per_identity: int = 20  # the same per identity (when it is not the address)
    empty_after: float = 60.0  # seconds a room nobody is in and nothing was played in lives
    unjoined_after: float = 10 * 60.0  # seconds a room with a free seat and nobody in it lives
    abandoned_after: float = 30 * 60.0  # the same for a room whose seats are all taken
    records_listed: int = 50  # finished games in a `records` reply, newest first
    max_record: int = 1024 * 1024  # characters of a record sent by `record`
    max_buffer: int = 1 * MiB  # unread output of one peer before it is dropped ...
    max_buffered: int = 160 * MiB  # ... and of all peers: each may queue its share
    clock_tick: float = 0.5  # how often running chess clocks are checked
    listed: int = 100  # rooms in a `rooms` reply, newest first

    @property
    def door(self) -> DoorLimits:
        """The raw port's admission numbers."""
        return DoorLimits(**{name: getattr(self, field) for name, field in DOOR_FIELDS.items()})

    def with_door(self, door: DoorLimits, gateway_pool: int = GATEWAY_POOL) -> Limits:
        """These limits with the raw port's admission numbers from `door`."""
        numbers = {field: getattr(door, name) for name, field in DOOR_FIELDS.items()}
        return dataclasses.replace(self, gateway_pool=gateway_pool, **numbers)


# Each of the raw door's numbers (`DoorLimits`) and the `Limits` field that holds it.
DOOR_FIELDS = {
    "pending_per_address": "pending_per_address",
    "pending": "max_pending",
    "pending_timeout": "hello_timeout",
    "logins_per_minute": "logins_per_minute",
    "login_burst": "login_burst",
    "live_per_address": "per_address",
    "live": "max_connections",
}


class MeteredReader(asyncio.StreamReader):
    """A `StreamReader` that meters what arrives, as it arrives.

    Every complete line is charged to the message bucket and every byte to
    the byte bucket in `feed_data`, which the event loop calls as soon as it
    reads the socket -- before and regardless of the handlers.  A line over
    the rate is marked (the reading loop answers it "slow down"); a debt past
    `max_debt` messages, or bytes past `byte_burst`, calls `on_flood` at once
    and drops whatever else arrives."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(limit=MAX_MESSAGE)
        self.max_debt = limits.max_debt
        self.messages = TokenBucket(limits.rate, limits.burst, clock)
        self.bytes = TokenBucket(limits.byte_rate, limits.byte_burst, clock)
        self.verdicts: deque[bool] = deque()  # per line arrived, not yet read: within the rate?
        self.flooding: str | None = None  # why it was cut off
        self.on_flood: Callable[[str], None] | None = None

    def feed_data(self, data: bytes) -> None:  # type: ignore[override]  # asyncio feeds bytes; typeshed widens the type
        if self.flooding is not None:
            return
        lines = data.count(b"\n")
        before = self.messages.charge(lines)
        self.bytes.charge(len(data))
        if self.messages.debt > self.max_debt:
            return self._flood("too many messages: flooding")
        if self.bytes.debt > 0:
            return self._flood("too much data: flooding")
        if lines:
            within = max(0, min(lines, int(before)))
            self.verdicts.extend([True] * within + [False] * (lines - within))
        super().feed_data(data)

    def within_rate(self) -> bool:
        """The verdict on the line just read (a last line without a newline
        counts as within)."""
        return self.verdicts.popleft() if self.verdicts else True

    def _flood(self, reason: str) -> None:
        self.flooding = reason
        if self.on_flood is not None:
            self.on_flood(reason)


READ_SIZE = 64 * 1024  # bytes read from a socket at once (asyncio's default: 256 KiB)
KERNEL_RECEIVE = 64 * 1024  # SO_RCVBUF of a peer's socket: what it can push unread
KERNEL_SEND = 256 * 1024  # SO_SNDBUF: what the kernel holds for a slow reader


class MeteredProtocol(asyncio.StreamReaderProtocol):
    """The protocol `asyncio.start_server` makes, with small socket buffers:
    a peer can push at most `KERNEL_RECEIVE` bytes ahead of the server (a
    flood costs what the server lets in, not what the peer can send), a read
    takes at most `READ_SIZE`, and the kernel holds at most `KERNEL_SEND` of
    output for a slow reader -- so memory per connection, the process's and
    the kernel's, is bounded."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, KERNEL_RECEIVE)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, KERNEL_SEND)
        if hasattr(transport, "max_size"):  # the selector transport's read size
            transport.max_size = READ_SIZE
        super().connection_made(transport)


def is_loopback(address: str) -> bool:
    """An address of this machine's loopback (IPv4, IPv6, IPv4-mapped IPv6)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address == "localhost"
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


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
        self.ticket: Ticket | None = None  # its place at the door it came in by
        self.name: str | None = None
        # Who is connecting, for the caps on rooms held and for seats: the
        # address, unless the gateway proved more (`proven`: an SSH key's
        # fingerprint, or one SSH session).
        self.identity = self.address
        self.proven = False
        self.wrong_codes = 0  # wrong rejoin codes sent; too many closes the connection
        self.held_until = 0.0  # its last wrong code's delay ends then (monotonic)
        self.rooms: dict[str, str | None] = {}
        self.features: frozenset[str] = frozenset()  # said in its hello (`Hello.features`)
        self.loopback = is_loopback(self.address)
        self.bad = 0  # malformed messages in a row
        self.closing = False
        self.task: asyncio.Task | None = None
