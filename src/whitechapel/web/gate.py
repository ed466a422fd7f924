"""The web port's front door: every TCP connection is admitted or closed
before aiohttp sees a byte of it, and none may take long over a request.

- **Admission**: each connection is a pending ticket of the web door
  (`net/admission.py`, keyed by its peer's address): past
  `pending_per_address` connections from one address (a trusted proxy
  excepted), or `pending` in all, it is closed at once -- counted in a log
  line a minute, never a line each.
- **Deadlines**: a connection sends a whole request's headers within
  `pending_timeout` seconds of connecting and of its last answer; a
  request's body (a login's form) within `pending_timeout` of its headers;
  an answer is written within `ANSWER_TIME`.  Past one, the connection is
  cut.  A password check waiting its turn, and a websocket, hold no deadline
  of this kind (the checks and the session bound them).
- **Live**: a page's websocket with its session leaves the pending count
  (the session's live ticket counts it instead).

`GatedSite` accepts the connections itself (asyncio's own accept loop, on
Python 3.11, logs a traceback and arms one more retry for each connection
waiting when descriptors run out: thousands a second): a refused one is
closed before it costs a transport, and when no descriptor is left the
port is not read for a moment.  `Gate` wraps the protocol aiohttp makes for
each admitted connection (its `RequestHandler`), which sees everything as it
would without it.  Here too: the process's descriptor limit raised as far
as it may go, the errors a flood can make asyncio and aiohttp log summed in
a line a minute instead of a traceback each, and no answer naming the
software that serves it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web, web_response
from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError

from whitechapel.net.admission import Door, Ticket

log = logging.getLogger("whitechapel.web")

SERVER = "whitechapel"  # every answer's Server header: no name or version of what serves it
ANSWER_TIME = 60.0  # seconds to write one answer (the largest file is ~0.5 MB)
BACKLOG = 1024  # connections the kernel queues before they are accepted
ACCEPTS = 64  # connections accepted at a time before the loop runs something else
ACCEPT_PAUSE = 0.1  # seconds the port is not read when an accept fails (no descriptor left)


def raise_file_limit() -> None:
    """Let this process hold as many descriptors as it may: its soft limit
    raised to its hard one (each connection and each page holds some)."""
    try:
        import resource
    except ImportError:  # not a Unix
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        log.info("the descriptor limit stays at %d (could not raise it to %d)", soft, target)


def name_no_software() -> None:
    """Answers name no software and no version (`Server: whitechapel`):
    ours get it as they are made (`Web`), and aiohttp's own -- a 400 to a
    request it cannot parse, which no handler of ours sees -- from the
    value aiohttp puts in when a response has none."""
    web_response.SERVER_SOFTWARE = SERVER


class Summary:
    """A log line that many events would each write (a connection refused,
    a request that cannot be parsed): the first at once, then at most one a
    `window`, with the count since."""

    def __init__(
        self,
        what: str,
        level: int = logging.WARNING,
        *,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what, self.level, self.window, self.clock = what, level, window, clock
        self.said = float("-inf")
        self.more = 0
        self.last = ""
        self._timer: asyncio.TimerHandle | None = None

    def note(self, detail: str) -> None:
        now = self.clock()
        if self.more == 0 and now - self.said >= self.window:
            self.said = now
            log.log(self.level, "%s: %s", self.what, detail)
            return
        self.more += 1
        self.last = detail
        if self._timer is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop: said with the next one
                return
            self._timer = loop.call_later(max(0.0, self.said + self.window - now), self.flush)

    def flush(self) -> None:
        self._timer = None
        if self.more:
            log.log(
                self.level,
                "%s: %d more in the last %g s (the last: %s)",
                self.what,
                self.more,
                self.window,
                self.last,
            )
            self.said, self.more = self.clock(), 0

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.flush()


class Front:
    """What the gates of one web port share: its door, aiohttp's server
    (which makes each connection's request handler) and the summaries of
    its refusals."""

    def __init__(self, door: Door, server: Callable[[], Any]) -> None:
        self.door = door
        self.server = server
        self.refused = Summary("the web port refused connections")
        self.starved = Summary("connections could not be accepted")

    def close(self) -> None:
        self.refused.close()
        self.starved.close()

    def admit(self, address: str) -> Ticket | None:
        """A connection from `address`: its pending ticket, or None (and
        counted in the summary) when the door refuses it."""
        entry = self.door.enter(address)
        if isinstance(entry, str):
            self.refused.note(f"{entry} ({address})")
            return None
        return entry


class Gate(asyncio.Protocol):
    """One admitted TCP connection to the web port: its ticket, its
    deadline, and aiohttp's handler of it, which gets everything the
    connection does."""

    def __init__(self, front: Front, ticket: Ticket) -> None:
        self.front = front
        self.ticket = ticket
        self.handler: Any = None  # aiohttp's RequestHandler
        self.transport: asyncio.Transport | None = None
        self._deadline: asyncio.TimerHandle | None = None

    @staticmethod
    def of(request: web.BaseRequest) -> Gate | None:
        """The gate of the connection `request` came on (None off a gated
        site, or once the connection is gone)."""
        transport = request.transport
        gate = transport.get_protocol() if transport is not None else None
        return gate if isinstance(gate, Gate) else None

    # -- the connection -----------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.handler = self.front.server()
        self.handler.connection_made(transport)
        self.wait(self.front.door.limits.pending_timeout)

    def data_received(self, data: bytes) -> None:
        if self.handler is not None:
            self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        if self.handler is not None:
            return bool(self.handler.eof_received())
        return None

    def pause_writing(self) -> None:
        if self.handler is not None:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.handler is not None:
            self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.hold()
        self.ticket.leave()
        if self.handler is not None:
            handler, self.handler = self.handler, None
            handler.connection_lost(exc)

    # -- its deadlines ----------------------------------------------------------------------

    def wait(self, seconds: float) -> None:
        """The connection is cut unless its next step is done within `seconds`."""
        self.hold()
        if self.transport is not None and not self.transport.is_closing():
            self._deadline = asyncio.get_running_loop().call_later(seconds, self._expired)

    def hold(self) -> None:
        """No deadline for now (a password check's turn, a websocket)."""
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def reading(self) -> None:
        """A request's headers are in: its body within `pending_timeout`."""
        self.wait(self.front.door.limits.pending_timeout)

    def answering(self) -> None:
        """The answer is made: written within `ANSWER_TIME`."""
        self.wait(ANSWER_TIME)

    def answered(self) -> None:
        """The answer is written: the next request's headers within `pending_timeout`."""
        if not self.ticket.gone:
            self.wait(self.front.door.limits.pending_timeout)

    def live(self) -> None:
        """A page's websocket with its session: out of the pending count,
        no deadline (the session's own bounds hold)."""
        self.hold()
        self.ticket.leave()

    def _expired(self) -> None:
        self._deadline = None
        if self.transport is not None:
            self.transport.abort()


class GatedSite(web.BaseSite):
    """aiohttp's TCP site, accepting its connections itself: each one
    admitted by the door (a `Gate`) or closed at once."""

    __slots__ = ("_front", "_host", "_listening", "_port", "_starting")

    def __init__(self, runner: web.BaseRunner, host: str, port: int, front: Front) -> None:
        super().__init__(runner, backlog=BACKLOG)
        self._host, self._port, self._front = host, port, front
        self._listening: list[socket.socket] = []
        self._starting: set[asyncio.Task[Any]] = set()

    @property
    def name(self) -> str:
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        loop = asyncio.get_running_loop()
        # asyncio binds the port (every address of the host) and accepts nothing:
        # its sockets' duplicates listen, and are accepted from here.
        self._server = server = await loop.create_server(
            asyncio.Protocol,
            self._host or None,
            self._port,
            reuse_address=True,
            backlog=self._backlog,
            start_serving=False,
        )
        for bound in server.sockets:
            listening = socket.socket(bound.family, bound.type, fileno=os.dup(bound.fileno()))
            listening.setblocking(False)
            listening.listen(self._backlog)
            self._listening.append(listening)
            loop.add_reader(listening.fileno(), self._accept, listening)

    async def stop(self) -> None:
        loop = asyncio.get_running_loop()
        for listening in self._listening:
            loop.remove_reader(listening.fileno())
            listening.close()
        self._listening.clear()
        await super().stop()

    def _accept(self, listening: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        for _ in range(ACCEPTS):
            try:
                conn, peer = listening.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as e:  # out of descriptors (or a network error: the same wait)
                self._front.starved.note(str(e))
                loop.remove_reader(listening.fileno())
                loop.call_later(ACCEPT_PAUSE, self._resume, listening)
                return
            ticket = self._front.admit(str(peer[0]) if isinstance(peer, tuple) else "?")
            if ticket is None:
                conn.close()
                continue
            conn.setblocking(False)
            starting = loop.create_task(self._serve(conn, ticket))
            self._starting.add(starting)
            starting.add_done_callback(self._starting.discard)

    def _resume(self, listening: socket.socket) -> None:
        if listening in self._listening:
            asyncio.get_running_loop().add_reader(listening.fileno(), self._accept, listening)

    async def _serve(self, conn: socket.socket, ticket: Ticket) -> None:
        try:
            await asyncio.get_running_loop().connect_accepted_socket(
                lambda: Gate(self._front, ticket), conn
            )
        except (OSError, RuntimeError):  # gone before it was served, or the loop is closing
            ticket.leave()
            conn.close()


class Answered(AbstractAccessLogger):
    """Not a log: told by aiohttp when each answer has been written, which
    starts its connection's wait for the next request."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        gate = Gate.of(request)
        if gate is not None:
            gate.answered()


class ServerLog(logging.Logger):
    """aiohttp's log of the requests it serves, given to it in place of its
    own: a request it could not parse, or whose client left, is counted in
    a line a minute (anyone can send garbage, as fast as they like); the
    rest goes on to aiohttp's own log, tracebacks and all."""

    def __init__(self) -> None:
        super().__init__("whitechapel.web.http")
        self.garbage = Summary("requests that could not be read", logging.INFO)

    def handle(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError | ConnectionError):
            self.garbage.note(f"{type(error).__name__} {str(error)[:80]!r}")
            return
        target = logging.getLogger("aiohttp.server")
        if target.isEnabledFor(record.levelno):
            target.handle(record)
