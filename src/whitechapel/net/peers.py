"""The game server's connections: reading each one's lines under the
limits (`Limits`: line size, bad messages in a row, a token-bucket flood
limit metered as the bytes arrive, an idle timeout, a few connections per
address and a thousand in all, a cap on unread output; docs/hosting.md),
its `hello` (the protocol, the password, what the SSH gateway says of
who is connecting), and everything sent to it.

A line is decoded into a typed message (`net/messages.py`) and handed to
the handler registered for its kind (`Dispatch`); every refusal is an
`error` message naming the problem, and an unexpected exception is logged
and answered the same way -- one peer can never stop the server.  What
happens in rooms is the table's and the room handlers' (`table.py`,
`handlers.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from whitechapel import __version__
from whitechapel.core.errors import WhitechapelError
from whitechapel.net.admission import REMEMBERED, Checks, Door, FailureLog, address_key
from whitechapel.net.connection import Connection, Limits, MeteredProtocol, MeteredReader
from whitechapel.net.messages import ClientMessage, Hello, Ping
from whitechapel.net.protocol import (
    MAX_MESSAGE,
    MAX_SERVER_MESSAGE,
    NEEDS_PASSWORD,
    PROTOCOL,
    WRONG_PASSWORD,
    ProtocolError,
    decode_client,
    encode,
    error,
)

log = logging.getLogger("whitechapel.net.server")  # the server's log, as operators know it

SERVER_NAME = f"whitechapel {__version__}"

M = TypeVar("M")
Handler = Callable[[Connection, Any], Awaitable[None]]


class AnsweredLate(WhitechapelError):
    """A refusal answered after `delay` seconds (a guess: only its sender waits)."""

    def __init__(self, message: str, delay: float) -> None:
        super().__init__(message)
        self.delay = delay


class Dispatch:
    """Each kind of client message's handler: `add(Create, on_create)`,
    where `on_create(conn, msg: Create)` takes that kind, typed."""

    def __init__(self) -> None:
        self._handlers: dict[type, Handler] = {}

    def add(self, kind: type[M], handler: Callable[[Connection, M], Awaitable[None]]) -> None:
        self._handlers[kind] = handler

    def handler(self, kind: type[Any]) -> Handler:
        return self._handlers[kind]

    async def __call__(self, conn: Connection, msg: ClientMessage) -> None:
        await self._handlers[type(msg)](conn, msg)


class Peers:
    """Every connection, from its first byte to its close."""

    def __init__(
        self,
        limits: Limits,
        dispatch: Dispatch,
        left: Callable[[Connection], None],
        *,
        password: str | None = None,
        trust_loopback: bool = True,
        gateway_secret: str | None = None,
    ) -> None:
        """`left(conn)`: a connection ended (it leaves its rooms).  See
        `GameServer` for `password`, `trust_loopback` and `gateway_secret`."""
        self.limits = limits
        self.dispatch = dispatch
        self.left = left
        self.password = password
        self.trust_loopback = trust_loopback
        self.gateway_secret = gateway_secret
        self.connections: set[Connection] = set()
        # Raw clients come in at the raw door; the gateways' apps (the Unix
        # socket, or a TCP hello with the gateway secret) in a pool of their
        # own, so that no number of raw connections keeps a player from the lobby.
        self.door = Door(limits.door)
        self.gateway_door = Door(
            dataclasses.replace(
                limits.door,
                pending_per_address=limits.gateway_pool,
                pending=limits.gateway_pool,
                live=limits.gateway_pool,
            )
        )
        self.gateway_addresses: OrderedDict[str, None] = OrderedDict()  # proved the secret
        self.checks = Checks(FailureLog(log, "game server password"))
        dispatch.add(Hello, self.on_hello)
        dispatch.add(Ping, self.on_ping)

    # -- one connection ------------------------------------------------------------

    def protocol(self, gateway: bool = False) -> asyncio.StreamReaderProtocol:
        """What `asyncio.start_server` makes, but with a reader that meters
        the bytes as they arrive (`MeteredReader`) and small socket buffers."""
        return MeteredProtocol(
            MeteredReader(self.limits), lambda r, w: self.serve(r, w, gateway=gateway)
        )

    async def serve(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, gateway: bool = False
    ) -> None:
        conn = Connection(reader, writer, self.limits, gateway=gateway)
        conn.task = asyncio.current_task()
        known = address_key(conn.address) in self.gateway_addresses
        ticket = (self.gateway_door if gateway or known else self.door).enter(conn.address)
        if isinstance(ticket, str):
            self.close_with(conn, ticket)
            return
        conn.ticket = ticket
        if isinstance(reader, MeteredReader):  # a flood is cut off where it arrives
            reader.on_flood = lambda reason: self.close_with(conn, reason)
            if reader.flooding is not None:
                self.close_with(conn, reader.flooding)
                return ticket.leave()
        self.connections.add(conn)
        try:
            await self.read(conn)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except Exception:
            log.exception("connection %s failed", conn.peer)
        finally:
            self.forget(conn)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def read(self, conn: Connection) -> None:
        limits = self.limits
        reader = conn.reader
        while not conn.closing:
            wait = limits.idle_timeout if conn.name is not None else limits.hello_timeout
            try:
                line = await asyncio.wait_for(reader.readline(), wait)
            except TimeoutError:
                if conn.name is None:
                    return self.close_with(conn, f"no hello in {wait:g} seconds")
                return self.close_with(conn, f"no message for {wait / 60:g} minutes")
            except ValueError:  # the stream's line limit: no newline in MAX_MESSAGE bytes
                self.send(conn, error(f"message too long (the limit is {MAX_MESSAGE} bytes)"))
                return self.close_with(conn, "message too long")
            if not line or conn.closing:
                return  # the peer hung up, or flooded (closed as its bytes arrived)
            if isinstance(reader, MeteredReader) and not reader.within_rate():
                self.send(conn, error(f"slow down: at most {limits.rate:g} messages a second"))
                continue
            await self.handle(conn, line)

    async def handle(self, conn: Connection, line: bytes) -> None:
        kind: str | None = None
        room: str | None = None
        try:
            msg = decode_client(line)
            kind, room = msg.TYPE, getattr(msg, "room", None)
            if conn.name is None and not isinstance(msg, Hello):
                raise ProtocolError(
                    f"say hello first ({{'type': 'hello', 'protocol': '{PROTOCOL}', 'name': ...}})",
                    kind,
                )
            await self.dispatch(conn, msg)
            conn.bad = 0
        except ProtocolError as e:
            conn.bad += 1
            self.send(conn, error(str(e), e.about or kind))
            if conn.bad >= self.limits.max_bad:
                self.close_with(conn, "too many malformed messages")
        except WhitechapelError as e:  # a refusal: the room's or the rules'
            if isinstance(e, AnsweredLate):  # a guess: answered late, this connection alone waits
                await asyncio.sleep(e.delay)
            self.send(conn, error(str(e), kind, room))
        except Exception:
            log.exception("handling a %s message from %s failed", kind, conn.peer)
            self.send(conn, error("the server failed on this message (logged)", kind))

    def forget(self, conn: Connection) -> None:
        """A connection ends: it leaves its rooms; its seats stay reserved.
        Its address stays counted until its last wrong code's delay is
        over: hanging up does not buy a quicker next guess."""
        self.left(conn)
        self.connections.discard(conn)
        if conn.ticket is None:
            return
        wait = conn.held_until - time.monotonic()
        if wait > 0:
            asyncio.get_running_loop().call_later(wait, conn.ticket.leave)
        else:
            conn.ticket.leave()

    def admit(self, conn: Connection, *, gateway: bool) -> bool:
        """`conn` past its hello: live, counted under its (player's)
        address; False, and the connection closed, when the door refuses.
        A TCP gateway's first hello moves it into the gateways' pool, and
        its address is let in there from now on."""
        ticket = conn.ticket
        if ticket is None:
            return True
        if gateway and ticket.door is not self.gateway_door:
            key = ticket.key  # the gateway's own address
            moved = self.gateway_door.enter(key)
            if isinstance(moved, str):
                self.close_with(conn, moved)
                return False
            ticket.leave()
            conn.ticket = ticket = moved
            self.gateway_addresses[key] = None
            self.gateway_addresses.move_to_end(key)
            while len(self.gateway_addresses) > REMEMBERED:
                self.gateway_addresses.popitem(last=False)
        elif not gateway and not (self.trust_loopback and conn.loopback):
            churn = ticket.door.login(conn.address)
            if churn is not None:
                self.close_with(conn, churn)
                return False
        refusal = ticket.admit(conn.address)
        if refusal is not None:
            self.close_with(conn, refusal)
            return False
        return True

    # -- hello, ping ------------------------------------------------------------------

    async def on_hello(self, conn: Connection, msg: Hello) -> None:
        if conn.name is not None:
            raise ProtocolError("you already said hello", "hello")
        if msg.protocol != PROTOCOL:
            self.send(conn, error(f"this server speaks {PROTOCOL}, not {msg.protocol!r}"))
            return self.close_with(conn, "protocol mismatch")
        gateway = conn.gateway or self.gateway_secret_ok(msg.gateway)
        trusted = gateway or (self.trust_loopback and conn.loopback)  # the gateway, this machine
        if self.password is not None and not trusted:
            if msg.password is None:
                return self.close_with(conn, NEEDS_PASSWORD)
            if not await self._password_right(conn, msg.password):
                return
        if msg.identity is not None or msg.peer is not None:
            if not gateway:
                self.send(conn, error("only the SSH gateway may say who is connecting", "hello"))
                return self.close_with(conn, "identity claimed without the gateway's secret")
            if msg.peer is not None:
                conn.address = msg.peer
            if msg.identity is not None:
                conn.identity, conn.proven = msg.identity, True
            else:
                conn.identity = conn.address
        if not self.admit(conn, gateway=gateway):
            return
        conn.name = msg.name
        conn.features = frozenset(msg.features or ())
        self.send(conn, {"type": "welcome", "protocol": PROTOCOL, "server": SERVER_NAME})

    async def _password_right(self, conn: Connection, given: str) -> bool:
        """The raw port's password, checked in its address's turn
        (`Checks`): a wrong one is answered after the address's delay and
        closes the connection; so do too many checks queued at once."""
        expected = self.password or ""
        right = await self.checks.check(
            conn.address, lambda: secrets.compare_digest(given.encode(), expected.encode())
        )
        if right is None:
            self.close_with(conn, Checks.BUSY)
        elif not right:
            self.close_with(conn, WRONG_PASSWORD)
        return bool(right)

    def gateway_secret_ok(self, given: str | None) -> bool:
        """Does `given` equal the gateway secret (compared in constant time)?"""
        expected = self.gateway_secret
        if not expected or given is None:
            return False
        return hmac.compare_digest(given.encode(), expected.encode())

    async def on_ping(self, conn: Connection, msg: Ping) -> None:
        self.send(conn, {"type": "pong"})

    # -- sending -----------------------------------------------------------------------

    def send(self, conn: Connection, msg: dict[str, Any]) -> None:
        try:
            data = encode(msg, MAX_SERVER_MESSAGE)
        except ProtocolError:
            log.error("a %s message to %s was too large to send", msg.get("type"), conn.peer)
            data = encode(error("the server's reply was too large to send", msg.get("type")))
        self.write(conn, data)

    def write(self, conn: Connection, data: bytes) -> None:
        """The one place bytes leave the server.

        A peer may have `max_buffer` bytes queued unread, or its share of
        `max_buffered` when many are connected; one that would pass it is
        dropped (not told: it does not read), so memory stays bounded."""
        if conn.closing or conn.writer.is_closing():
            return
        transport = conn.writer.transport
        queued = transport.get_write_buffer_size()
        if queued:
            limits = self.limits
            cap = min(limits.max_buffer, limits.max_buffered // max(1, len(self.connections)))
            if queued + len(data) > cap:
                log.warning("dropping %s: it does not read what it is sent", conn.peer)
                conn.closing = True
                transport.abort()
                return
        conn.writer.write(data)

    def close_with(self, conn: Connection, reason: str) -> None:
        self.send(conn, {"type": "closed", "reason": reason})
        conn.closing = True
        conn.writer.close()
