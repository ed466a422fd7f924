"""The game server: asyncio streams, JSON lines, every game held here.

One task per connection reads lines under the limits of `Limits` (line size,
bad messages in a row, a token-bucket flood limit metered as the bytes
arrive, an idle timeout, a few connections per address and a thousand in
all, a cap on unread output; docs/hosting.md).  A message is decoded (`protocol.decode`), checked
against what the connection may do, and handled; every refusal is an `error`
message naming the problem, and an unexpected exception is logged and
answered the same way -- one peer can never stop the server or touch a room
it does not sit in.  After every change a room is written to the room store
and each of its connections is sent a `state` built for its own seat (P9,
§9).  A dropped connection frees nothing: its seats wait for their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whitechapel import __version__
from whitechapel.core.errors import WhitechapelError
from whitechapel.net.connection import Connection, Limits, MeteredProtocol, MeteredReader
from whitechapel.net.protocol import (
    MAX_MESSAGE,
    MAX_SERVER_MESSAGE,
    NEEDS_PASSWORD,
    PROTOCOL,
    WRONG_PASSWORD,
    ProtocolError,
    decode,
    encode,
    error,
)
from whitechapel.net.rooms import DEFAULT, Room, RoomError, new_room_id
from whitechapel.net.roomstore import RoomStore

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7888
SERVER_NAME = f"whitechapel {__version__}"


class GameServer:
    """Holds every room; serves connections once `start`ed."""

    def __init__(
        self,
        data_dir: Path | None = None,
        *,
        limits: Limits | None = None,
        now: Callable[[], float] = time.time,
        persist: bool = True,
        client_seeds: bool = False,
        password: str | None = None,
        trust_loopback: bool = True,
    ) -> None:
        """`data_dir` is the data folder (rooms go in its `rooms/`; default
        `core.store.data_dir()`); `now` is the chess clocks' wall time.

        Every room's chance (Jack, the alibi deck, the token throws, the
        Chief order) is drawn by the server from a secret source: a seed
        chosen by a client would let that client compute the other side's
        secrets.  `client_seeds` honours a `create`'s seed instead; it is for
        tests and benchmarks that replay a known game, and `whitechapel serve`
        never sets it.

        `password`, when given, must come in every `hello` -- except from a
        loopback address while `trust_loopback` (this machine: the SSH
        gateway's app processes); `whitechapel serve` sets it when it listens
        beyond loopback."""
        self.password = password
        self.trust_loopback = trust_loopback
        self.limits = limits or Limits()
        self.client_seeds = client_seeds
        self.now = now
        self.persist = persist
        self.store = RoomStore(data_dir)
        self.rooms: dict[str, Room] = {}
        self.members: dict[str, dict[Connection, str | None]] = {}  # room -> conn -> seat
        self.connections: set[Connection] = set()
        self._per_address: Counter[str] = Counter()
        self._unsaved: dict[str, Room] = {}  # rooms changed since their file was written
        self._writing: set[str] = set()  # rooms whose files are being written now
        self._writer: asyncio.Task | None = None
        self._server: asyncio.Server | None = None
        self._ticker: asyncio.Task | None = None
        self.address: tuple[str, int] | None = None

    # -- life cycle -------------------------------------------------------------

    async def start(self, host: str = DEFAULT_HOST, port: int = 0) -> tuple[str, int]:
        """Restore the room store, listen, and return the (host, port) bound."""
        if self.persist:
            self.rooms = await asyncio.to_thread(self.store.load_all, self.now)
            log.info("restored %d rooms from %s", len(self.rooms), self.store.folder)
        self.members = {room_id: {} for room_id in self.rooms}
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(self._protocol, host, port)
        self.address = self._server.sockets[0].getsockname()[:2]
        self._ticker = asyncio.create_task(self._tick())
        return self.address

    async def close(self) -> None:
        """Stop listening, tell every peer, and wait for their tasks to end."""
        if self._ticker:
            self._ticker.cancel()
        if self._server:
            self._server.close()
        tasks = []
        for conn in list(self.connections):
            self.close_with(conn, "the server is shutting down")
            if conn.task and conn.task is not asyncio.current_task():
                tasks.append(conn.task)
        if tasks:
            await asyncio.wait(tasks, timeout=2)
            for task in tasks:
                task.cancel()
        if self._server:
            await self._server.wait_closed()
        await self.flush()

    async def flush(self) -> None:
        """Wait until every room's file holds its latest change."""
        while self._writer is not None:
            await asyncio.shield(self._writer)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.limits.clock_tick)
            try:
                await self.check_clocks()
            except Exception:
                log.exception("checking the chess clocks failed")

    async def check_clocks(self) -> None:
        """End every game whose running side's time is up, and tell its room."""
        for room in list(self.rooms.values()):
            if room.clock is not None and room.clock.running and room.check_time():
                self.commit(room)

    # -- one connection ------------------------------------------------------------

    def _protocol(self) -> asyncio.StreamReaderProtocol:
        """What `asyncio.start_server` makes, but with a reader that meters
        the bytes as they arrive (`MeteredReader`) and small socket buffers."""
        return MeteredProtocol(MeteredReader(self.limits), self._serve)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, self.limits)
        conn.task = asyncio.current_task()
        if len(self.connections) >= self.limits.max_connections:
            self.close_with(conn, "the server is full: too many connections, try again later")
            return
        if self._per_address[conn.address] >= self.limits.per_address:
            self.close_with(conn, "too many connections from your address")
            return
        if isinstance(reader, MeteredReader):  # a flood is cut off where it arrives
            reader.on_flood = lambda reason: self.close_with(conn, reason)
            if reader.flooding is not None:
                return self.close_with(conn, reader.flooding)
        self._per_address[conn.address] += 1
        self.connections.add(conn)
        try:
            await self._read(conn)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except Exception:
            log.exception("connection %s failed", conn.peer)
        finally:
            self._forget(conn)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _read(self, conn: Connection) -> None:
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
            await self._handle(conn, line)

    async def _handle(self, conn: Connection, line: bytes) -> None:
        msg: dict[str, Any] = {}
        try:
            msg = decode(line)
            if conn.name is None and msg["type"] != "hello":
                raise ProtocolError(f"say hello first ({{'type': 'hello', 'protocol': "
                                    f"'{PROTOCOL}', 'name': ...}})", msg["type"])  # fmt: skip
            await getattr(self, f"_on_{msg['type']}")(conn, msg)
            conn.bad = 0
        except ProtocolError as e:
            conn.bad += 1
            self.send(conn, error(str(e), e.about or msg.get("type")))
            if conn.bad >= self.limits.max_bad:
                self.close_with(conn, "too many malformed messages")
        except WhitechapelError as e:  # a refusal: the room's or the rules'
            self.send(conn, error(str(e), msg.get("type"), msg.get("room")))
        except Exception:
            log.exception("handling a %s message from %s failed", msg.get("type"), conn.peer)
            self.send(conn, error("the server failed on this message (logged)", msg.get("type")))

    def _forget(self, conn: Connection) -> None:
        """A connection ends: it leaves its rooms; its seats stay reserved."""
        for room_id in list(conn.rooms):
            self._unsubscribe(conn, room_id)
        if conn in self.connections:
            self.connections.discard(conn)
            self._per_address[conn.address] -= 1
            if self._per_address[conn.address] <= 0:
                del self._per_address[conn.address]

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

    def broadcast(self, room: Room) -> None:
        """Each connection in the room gets the state for its own seat."""
        for conn, seat in list(self.members.get(room.id, {}).items()):
            self.send(conn, room.state_message(seat))

    def commit(self, room: Room) -> None:
        """After a change: tell the room at once, then write its file.

        One writer works off the event loop, a batch of rooms at a time; a
        room changed again before its turn is written once, at its newest.
        Waiting for the fsync before telling the players would put the disk's
        latency into every move; the price is that a crash (not a clean stop,
        which flushes) can lose the last moment's changes, never a whole file.
        """
        self.broadcast(room)
        if self.persist:
            self._unsaved[room.id] = room
            if self._writer is None:
                self._writer = asyncio.create_task(self._write_rooms())

    async def _write_rooms(self) -> None:
        try:
            while self._unsaved:
                batch = [(room_id, room.dumps()) for room_id, room in self._unsaved.items()]
                self._unsaved.clear()
                self._writing = {room_id for room_id, _ in batch}
                await asyncio.to_thread(self._write_batch, batch)
        finally:
            self._writer, self._writing = None, set()

    def _write_batch(self, batch: list[tuple[str, str]]) -> None:
        for room_id, text in batch:
            try:
                self.store.write(room_id, text)
            except OSError as e:
                log.error("room %s could not be saved: %s", room_id, e)

    # -- rooms and seats ------------------------------------------------------------------

    def room(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise RoomError(f"there is no room {room_id}")
        return room

    def _retire_one(self) -> bool:
        """Make space: the oldest finished room nobody is in leaves memory, its
        file goes to the store's `finished/` folder (not restored)."""
        done = [
            r
            for r in self.rooms.values()
            if r.over
            and not self.members.get(r.id)
            and r.id not in self._unsaved
            and r.id not in self._writing
        ]
        if not done:
            return False
        room = min(done, key=lambda r: r.created)
        del self.rooms[room.id]
        self.members.pop(room.id, None)
        if self.persist:
            try:
                self.store.retire(room.id)
            except OSError as e:
                log.error("room %s could not be moved to finished/: %s", room.id, e)
        return True

    def _subscribe(self, conn: Connection, room: Room, seat: str | None) -> None:
        if conn.rooms.get(room.id, "") is None:  # a watcher who now sits down
            self._unsubscribe(conn, room.id)
        self.members.setdefault(room.id, {})[conn] = seat
        conn.rooms[room.id] = seat
        if seat is None:
            room.watchers += 1

    def _unsubscribe(self, conn: Connection, room_id: str) -> None:
        seat = conn.rooms.pop(room_id, "")
        self.members.get(room_id, {}).pop(conn, None)
        if seat is None and room_id in self.rooms:
            self.rooms[room_id].watchers -= 1

    def _sit(self, conn: Connection, room: Room, seat: str) -> None:
        """`conn` holds `seat`; whoever held it before is told and let go."""
        for other, held in list(self.members.get(room.id, {}).items()):
            if held == seat and other is not conn:
                self._unsubscribe(other, room.id)
                self.send(other, {"type": "left", "room": room.id,
                                  "reason": f"seat {seat} was rejoined from elsewhere"})  # fmt: skip
        self._subscribe(conn, room, seat)

    def _check_not_seated(self, conn: Connection, room: Room, seat: str | None = None) -> None:
        held = conn.rooms.get(room.id)
        if held is not None and held != seat:
            raise RoomError(f"you already sit in room {room.id} as {held}")

    # -- the messages ---------------------------------------------------------------------

    async def _on_hello(self, conn: Connection, msg: dict[str, Any]) -> None:
        if conn.name is not None:
            raise ProtocolError("you already said hello", "hello")
        if msg["protocol"] != PROTOCOL:
            self.send(conn, error(f"this server speaks {PROTOCOL}, not {msg['protocol']!r}"))
            return self.close_with(conn, "protocol mismatch")
        if self.password is not None and not (self.trust_loopback and conn.loopback):
            given = msg.get("password")
            if given is None:
                return self.close_with(conn, NEEDS_PASSWORD)
            if not secrets.compare_digest(given.encode(), self.password.encode()):
                return self.close_with(conn, WRONG_PASSWORD)
        conn.name = msg["name"]
        self.send(conn, {"type": "welcome", "protocol": PROTOCOL, "server": SERVER_NAME})

    async def _on_create(self, conn: Connection, msg: dict[str, Any]) -> None:
        if len(self.rooms) >= self.limits.max_rooms and not self._retire_one():
            raise RoomError("the server is full: no room can be created now")
        mine = [r for r in self.rooms.values() if r.creator == conn.address and not r.over]
        if len(mine) >= self.limits.rooms_per_address:
            raise RoomError(f"your address has {len(mine)} unfinished rooms: finish one first")
        if "seed" in msg and not self.client_seeds:
            raise RoomError("this server draws every game's chance itself: a seed cannot be chosen")
        room_id = new_room_id(lambda code: code in self.rooms or self.store.exists(code))
        room = Room.new(msg["game"], room_id, options=msg.get("options"), seed=msg.get("seed"),
                        seats=msg.get("seats"), clock=msg.get("clock", DEFAULT),
                        now=self.now)  # fmt: skip
        seat, token = room.take(msg.get("seat"), conn.name or "")
        room.creator = conn.address
        self.rooms[room.id] = room
        self.members[room.id] = {}
        self._subscribe(conn, room, seat)
        self.send(conn, {"type": "created", "room": room.id, "seat": seat, "token": token})
        self.commit(room)

    async def _on_join(self, conn: Connection, msg: dict[str, Any]) -> None:
        room = self.room(msg["room"])
        token = msg.get("token")
        if token:
            seat = room.rejoin(token, msg.get("seat"))
            self._check_not_seated(conn, room, seat)
            self._sit(conn, room, seat)
            self.send(conn, {"type": "joined", "room": room.id, "seat": seat, "token": token})
            if room.check_time():  # the clock ran out while nobody looked
                return self.commit(room)
            return self.send(conn, room.state_message(seat))
        self._check_not_seated(conn, room)
        seat, token = room.take(msg.get("seat"), conn.name or "")
        self._sit(conn, room, seat)
        self.send(conn, {"type": "joined", "room": room.id, "seat": seat, "token": token})
        self.commit(room)

    async def _on_watch(self, conn: Connection, msg: dict[str, Any]) -> None:
        room = self.room(msg["room"])
        self._check_not_seated(conn, room)
        if room.id not in conn.rooms:
            self._subscribe(conn, room, None)
        self.send(conn, room.state_message(None))

    async def _on_list(self, conn: Connection, msg: dict[str, Any]) -> None:
        newest = sorted(self.rooms.values(), key=lambda r: r.created, reverse=True)
        listed = [r.summary() for r in newest[: self.limits.listed]]
        self.send(conn, {"type": "rooms", "rooms": listed})

    async def _on_act(self, conn: Connection, msg: dict[str, Any]) -> None:
        room = self.room(msg["room"])
        seat = conn.rooms.get(room.id)
        if seat is None:
            raise RoomError(f"you do not sit in room {room.id} (join it first)")
        before = room.version
        try:
            room.act(seat, msg["action"])
        finally:
            if room.version != before:  # played, or the clock ran out first
                self.commit(room)

    async def _on_leave(self, conn: Connection, msg: dict[str, Any]) -> None:
        if msg["room"] not in conn.rooms:
            raise RoomError(f"you are not in room {msg['room']}")
        self._unsubscribe(conn, msg["room"])
        self.send(conn, {"type": "left", "room": msg["room"]})

    async def _on_ping(self, conn: Connection, msg: dict[str, Any]) -> None:
        self.send(conn, {"type": "pong"})


async def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    data_dir: Path | None = None,
    *,
    limits: Limits | None = None,
    on_ready: Callable[[str, int], None] | None = None,
) -> None:
    """Serve until cancelled; `on_ready(host, port)` once listening."""
    server = GameServer(data_dir, limits=limits)
    bound = await server.start(host, port)
    log.info("whitechapel server on %s:%d (%s)", bound[0], bound[1], PROTOCOL)
    if on_ready:
        on_ready(*bound)
    try:
        await asyncio.Event().wait()
    finally:
        await server.close()


def run_server(
    host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, data_dir: Path | None = None, **kw: Any
) -> int:
    """Blocking entry point; Ctrl-C closes every connection and returns 0."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(host, port, data_dir, **kw))
    return 0
