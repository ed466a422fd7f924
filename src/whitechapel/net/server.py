"""The game server: asyncio streams, JSON lines, every game held here.

One task per connection reads lines under the limits of `Limits` (line size,
bad messages in a row, a token-bucket flood limit metered as the bytes
arrive, an idle timeout, a few connections per address and a thousand in
all, a cap on unread output; docs/hosting.md).  A message is decoded (`protocol.decode`), checked
against what the connection may do, and handled; every refusal is an `error`
message naming the problem, and an unexpected exception is logged and
answered the same way -- one peer can never stop the server or touch a room
it does not sit in.  After every change a room's journal gets a line, fsynced,
and only then is each of its connections sent a `state` built for its own
seat (P9, §9): nothing a player was told is lost to a crash.  A dropped
connection frees nothing: its seats wait for their tokens.

Rooms have a life cycle: a finished room leaves the table at once and
becomes a game record in `records/` (listed by `records`, fetched by
`record`); a room nobody is connected to retires after `Limits.
unjoined_after` (a seat still free) or `abandoned_after` (every seat taken)
without a change.  Caps on the rooms held at once, overall and per address
(and per identity), refuse a `create` with "the server is full: ..." until
rooms finish or retire.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import os
import secrets
import signal
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whitechapel import __version__
from whitechapel.core.errors import WhitechapelError
from whitechapel.net.computers import ComputerSeats
from whitechapel.net.connection import Connection, Limits, MeteredProtocol, MeteredReader
from whitechapel.net.penalties import Penalties
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
from whitechapel.net.roomstore import RoomStore, iso, record_document, summary
from whitechapel.net.writer import RoomWriter

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7888
SERVER_NAME = f"whitechapel {__version__}"
ENDED_REMEMBERED = 10_000  # codes of ended rooms whose record a late message is pointed to
MAX_WRONG_CODES = 5  # wrong rejoin codes from one connection, then it is closed
GATEWAY_SOCKET = Path("gateway") / "server.sock"  # under the data folder


def gateway_socket_path(data_dir: Path) -> Path:
    """Where `whitechapel serve` puts the gateway's Unix socket."""
    return data_dir / GATEWAY_SOCKET


class WrongCode(RoomError):
    """A rejoin code that opens no seat, answered after `delay` seconds."""

    def __init__(self, message: str, delay: float) -> None:
        super().__init__(message)
        self.delay = delay


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
        gateway_socket: Path | None = None,
        gateway_secret: str | None = None,
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
        beyond loopback.

        `gateway_socket` is a Unix socket the server also listens on (made
        0600 in a 0700 folder): the SSH gateway's channel, whose `hello` may
        say who is connecting (`identity`, `peer`) and is believed.  Over TCP
        such a `hello` must carry `gateway_secret` (a gateway on another
        machine), else it is refused."""
        self.password = password
        self.trust_loopback = trust_loopback
        self.limits = limits or Limits()
        self.client_seeds = client_seeds
        self.now = now
        self.persist = persist
        self.store = RoomStore(data_dir)
        self.writer = RoomWriter(self.store, persist)
        self.rooms: dict[str, Room] = {}
        self.members: dict[str, dict[Connection, str | None]] = {}  # room -> conn -> seat
        self.connections: set[Connection] = set()
        self._per_address: Counter[str] = Counter()
        self.ended: OrderedDict[str, str] = OrderedDict()  # ended room -> its record's id
        self.recent: deque[dict[str, Any]] = deque(maxlen=self.limits.records_listed)
        self._locks: dict[str, asyncio.Lock] = {}  # see `lock`
        self._server: asyncio.Server | None = None
        self._ticker: asyncio.Task | None = None
        self.address: tuple[str, int] | None = None
        self.gateway_socket = gateway_socket
        self.gateway_secret = gateway_secret
        self._unix: asyncio.Server | None = None
        # A wrong rejoin code is answered after a delay that grows with its
        # address's recent wrong codes; a right one at once (net/penalties.py).
        self.code_penalties = Penalties(first=0.5, cap=8.0)
        self.computers = ComputerSeats(self._computer_plays)  # seats the server plays

    # -- life cycle -------------------------------------------------------------

    async def start(self, host: str = DEFAULT_HOST, port: int = 0) -> tuple[str, int]:
        """Restore the room store, listen, and return the (host, port) bound."""
        if self.persist:
            self.rooms = await asyncio.to_thread(self._restore)
            log.info("restored %d rooms from %s", len(self.rooms), self.store.folder)
        self.members = {room_id: {} for room_id in self.rooms}
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(self._protocol, host, port)
        self.address = self._server.sockets[0].getsockname()[:2]
        if self.gateway_socket is not None:
            self._unix = await self._listen_gateway(self.gateway_socket)
        self._ticker = asyncio.create_task(self._tick())
        for room in self.rooms.values():  # a restored room where the computer is to play
            self.computers.turn(room)
        return self.address

    async def _listen_gateway(self, path: Path) -> asyncio.Server:
        """The gateway's Unix socket: only this user may connect (the folder
        is 0700, the socket 0600), so a `hello` on it speaks for the gateway."""
        folder = path.parent
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder, 0o700)
        if len(os.fsencode(path)) > 100:
            raise WhitechapelError(f"{path}: too long a path for a Unix socket")
        old = os.umask(0o177)  # the socket is born 0600
        try:
            loop = asyncio.get_running_loop()  # metered as the TCP port is
            server = await loop.create_unix_server(lambda: self._protocol(gateway=True), path)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        log.info("gateway socket at %s", path)
        return server

    def _restore(self) -> dict[str, Room]:
        """The rooms to serve again (run off the event loop at start): every
        room's snapshot and journal are read; a finished one becomes its
        record, one idle past its time is retired (a restart checks the
        time), the others are checkpointed (snapshot written, journal
        emptied)."""
        live = {}
        for room in self.store.load_all(self.now).values():
            try:
                if room.over:
                    self.store.write_record(room, room.touched)
                    self.store.remove(room.id)
                elif self.idle_for(room) is not None:
                    log.info("room %s retired at restart: %s", room.id, self.idle_for(room))
                    self.store.remove(room.id)
                else:
                    self.store.checkpoint(room)
                    live[room.id] = room
            except OSError as e:
                log.error("room %s could not be restored: %s", room.id, e)
        self.recent.extend(self.store.recent_records(self.limits.records_listed))
        return live

    async def close(self) -> None:
        """Stop listening, tell every peer, wait for their tasks to end, and
        write every room's snapshot that is not up to date."""
        if self._ticker:
            self._ticker.cancel()
        if self._server:
            self._server.close()
        if self._unix:
            self._unix.close()
        occupied = [room for room_id, room in self.rooms.items() if self.members.get(room_id)]
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
        if self._unix:
            await self._unix.wait_closed()
            if self.gateway_socket is not None:
                with contextlib.suppress(OSError):
                    self.gateway_socket.unlink()
        for room in occupied:  # people were here until now: their rooms' idle time starts now
            room.touched = self.now()
        self.computers.stop()
        for room in self.rooms.values():  # a clean stop: every snapshot up to date, journals empty
            self.writer.snapshot(room)
        await self.flush()

    async def flush(self) -> None:
        """Wait until every snapshot, record and removal has been written."""
        await self.writer.flush()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.limits.clock_tick)
            try:
                await self.check_clocks()
                self.retire_idle()
            except Exception:
                log.exception("checking the chess clocks and idle rooms failed")

    async def check_clocks(self) -> None:
        """End every game whose running side's time is up, and tell its room."""
        for room in list(self.rooms.values()):
            if room.clock is not None and room.clock.running:
                async with self.lock(room):
                    if room.id in self.rooms and room.check_time():
                        await self.commit(room)

    # -- one connection ------------------------------------------------------------

    def _protocol(self, gateway: bool = False) -> asyncio.StreamReaderProtocol:
        """What `asyncio.start_server` makes, but with a reader that meters
        the bytes as they arrive (`MeteredReader`) and small socket buffers."""
        return MeteredProtocol(
            MeteredReader(self.limits), lambda r, w: self._serve(r, w, gateway=gateway)
        )

    async def _serve(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, gateway: bool = False
    ) -> None:
        conn = Connection(reader, writer, self.limits, gateway=gateway)
        conn.task = asyncio.current_task()
        if len(self.connections) >= self.limits.max_connections:
            self.close_with(conn, "the server is full: too many connections, try again later")
            return
        if isinstance(reader, MeteredReader):  # a flood is cut off where it arrives
            reader.on_flood = lambda reason: self.close_with(conn, reason)
            if reader.flooding is not None:
                return self.close_with(conn, reader.flooding)
        # A gateway connection counts under its player's address, which its
        # hello names; every other one under its own address, from now.
        if not gateway and not self._count(conn, conn.address):
            return
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
            if isinstance(e, WrongCode):  # a guess: answered late, this connection alone waits
                await asyncio.sleep(e.delay)
            self.send(conn, error(str(e), msg.get("type"), msg.get("room")))
        except Exception:
            log.exception("handling a %s message from %s failed", msg.get("type"), conn.peer)
            self.send(conn, error("the server failed on this message (logged)", msg.get("type")))

    def _forget(self, conn: Connection) -> None:
        """A connection ends: it leaves its rooms; its seats stay reserved.
        Its address stays counted until its last wrong code's delay is
        over: hanging up does not buy a quicker next guess."""
        for room_id in list(conn.rooms):
            self._unsubscribe(conn, room_id)
        self.connections.discard(conn)
        wait = conn.held_until - time.monotonic()
        if wait > 0:
            asyncio.get_running_loop().call_later(wait, self._uncount, conn)
        else:
            self._uncount(conn)

    def _count(self, conn: Connection, address: str) -> bool:
        """Count `conn` under `address` (moving it from where it counted);
        False, and the connection closed, when that address has too many."""
        if conn.counted == address:
            return True
        if self._per_address[address] >= self.limits.per_address:
            self.close_with(conn, "too many connections from your address")
            return False
        self._uncount(conn)
        self._per_address[address] += 1
        conn.counted = address
        return True

    def _uncount(self, conn: Connection) -> None:
        if conn.counted is not None:
            self._per_address[conn.counted] -= 1
            if self._per_address[conn.counted] <= 0:
                del self._per_address[conn.counted]
            conn.counted = None

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

    def lock(self, room: Room) -> asyncio.Lock:
        """Held while a room changes and its journal line is written: a
        message about the room waits for the line, so nobody sees a change
        before it is durable, and the lines are written in order."""
        return self._locks.setdefault(room.id, asyncio.Lock())

    async def save_now(self, room: Room) -> None:
        """Make the room's latest change durable before anyone hears of it
        (`RoomWriter.save_now`; call it holding `lock(room)`)."""
        room.touched = self.now()
        await self.writer.save_now(room)

    async def commit(self, room: Room) -> None:
        """After a change: write it to the room's journal, then tell the room.

        The snapshot (`<code>.json`) is written when the server stops or
        restarts (the journal holds everything); a finished room leaves the
        table at once and its record is written off the event loop (a
        restart finishes the job if a crash comes first)."""
        await self.save_now(room)
        self.broadcast(room)
        if room.over:
            self._finish(room)
        else:
            self.computers.turn(room)

    # -- the computer's seats ------------------------------------------------------

    async def _computer_plays(self, room: Room, seat: str, version: int, action: str) -> None:
        """The computer's answer for `seat` is played as a person's would be,
        if the room is still where it was when it began to think."""
        async with self.lock(room):
            if self.rooms.get(room.id) is not room or room.version != version:
                return  # the game moved on (a clock ran out, the room ended)
            try:
                room.act(seat, action)
            finally:
                if room.version != version:
                    await self.commit(room)

    # -- the life cycle ---------------------------------------------------------------

    def _finish(self, room: Room) -> None:
        """A finished room leaves the table: everyone in it (players and
        watchers) is told it ended and the name of its record."""
        self.rooms.pop(room.id, None)
        self._locks.pop(room.id, None)
        self.computers.forget(room)
        self.ended[room.id] = room.id
        while len(self.ended) > ENDED_REMEMBERED:
            self.ended.popitem(last=False)
        final = room.final() or {}
        self.recent.appendleft(summary(room.id, {
            "game": room.kind, "players": room.players(),
            "server": {"winner": final.get("winner"), "reason": final.get("reason", ""),
                       "ended": iso(room.touched)}}))  # fmt: skip
        for conn in list(self.members.pop(room.id, {})):
            conn.rooms.pop(room.id, None)
            self.send(conn, {"type": "ended", "room": room.id, "record": room.id})
        self.writer.finished(room)

    def idle_for(self, room: Room) -> str | None:
        """Why the room should retire now, or None: nobody is connected to
        it and nothing happened in it for its idle time."""
        if self.members.get(room.id) or self.lock(room).locked():
            return None
        unjoined = len(room.tokens) < len(room.seats)
        limit = self.limits.unjoined_after if unjoined else self.limits.abandoned_after
        if self.now() - room.touched < limit:
            return None
        what = "unjoined" if unjoined else "abandoned"
        return f"{what} for {limit / 60:g} minutes"

    def retire_idle(self) -> int:
        """Retire every idle room (see `idle_for`); returns how many."""
        retired = 0
        for room in list(self.rooms.values()):
            reason = self.idle_for(room)
            if reason is None:
                continue
            log.info("room %s retired: %s", room.id, reason)
            del self.rooms[room.id]
            self.members.pop(room.id, None)
            self.computers.forget(room)
            self._locks.pop(room.id, None)
            self.writer.retired(room.id)
            retired += 1
        return retired

    def _check_room_for(self, conn: Connection) -> None:
        """The caps on rooms held now: overall, per address, per identity."""
        limits = self.limits
        if len(self.rooms) >= limits.max_rooms:
            self.retire_idle()
        if len(self.rooms) >= limits.max_rooms:
            raise RoomError(f"the server is full: it holds {len(self.rooms)} open rooms, its "
                            f"most; idle ones close within {limits.unjoined_after / 60:g} "
                            "minutes")  # fmt: skip
        by_address = sum(1 for r in self.rooms.values() if r.creator == conn.address)
        if by_address >= limits.rooms_per_address:
            raise RoomError(f"the server is full for your address: it holds {by_address} open "
                            "rooms of yours, the most one address may (finish one, or an "
                            f"unjoined one closes after {limits.unjoined_after / 60:g} "
                            "minutes)")  # fmt: skip
        if conn.proven:
            identity = self._identity_key(conn)
            mine = sum(1 for r in self.rooms.values() if r.identity == identity)
            if mine >= limits.rooms_per_identity:
                raise RoomError(f"the server is full for you: it holds {mine} open rooms of "
                                "yours, the most one player may")  # fmt: skip

    # -- rooms and seats ------------------------------------------------------------------

    def room(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            record = self.ended.get(room_id)
            if record is None and self.persist and self.store.has_record(room_id):
                record = room_id  # ended before a restart
            if record is not None:
                raise RoomError(f"the game is over: room {room_id} has ended; its record "
                                f"is {record}")  # fmt: skip
            raise RoomError(f"there is no room {room_id}")
        return room

    def _subscribe(self, conn: Connection, room: Room, seat: str | None) -> None:
        if conn.rooms.get(room.id, "") is None:  # a watcher who now sits down
            self._unsubscribe(conn, room.id)
        self.members.setdefault(room.id, {})[conn] = seat
        conn.rooms[room.id] = seat
        room.touched = self.now()
        if seat is None:
            room.watchers += 1

    def _unsubscribe(self, conn: Connection, room_id: str) -> None:
        seat = conn.rooms.pop(room_id, "")
        self.members.get(room_id, {}).pop(conn, None)
        room = self.rooms.get(room_id)
        if room is not None:
            room.touched = self.now()  # its idle time starts when the last one leaves
            if seat is None:
                room.watchers -= 1

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
        gateway = conn.gateway or self._gateway_secret_ok(msg.get("gateway"))
        trusted = gateway or (self.trust_loopback and conn.loopback)  # the gateway, this machine
        if self.password is not None and not trusted:
            given = msg.get("password")
            if given is None:
                return self.close_with(conn, NEEDS_PASSWORD)
            if not secrets.compare_digest(given.encode(), self.password.encode()):
                return self.close_with(conn, WRONG_PASSWORD)
        identity, peer = msg.get("identity"), msg.get("peer")
        if identity is not None or peer is not None:
            if not gateway:
                self.send(conn, error("only the SSH gateway may say who is connecting",
                                      "hello"))  # fmt: skip
                return self.close_with(conn, "identity claimed without the gateway's secret")
            if peer is not None:
                conn.address = peer
            if identity is not None:
                conn.identity, conn.proven = identity, True
            else:
                conn.identity = conn.address
        if not self._count(conn, conn.address):
            return
        conn.name = msg["name"]
        self.send(conn, {"type": "welcome", "protocol": PROTOCOL, "server": SERVER_NAME})

    def _gateway_secret_ok(self, given: str | None) -> bool:
        """Does `given` equal the gateway secret (compared in constant time)?"""
        expected = self.gateway_secret
        if not expected or given is None:
            return False
        return hmac.compare_digest(given.encode(), expected.encode())

    async def _on_create(self, conn: Connection, msg: dict[str, Any]) -> None:
        self._check_room_for(conn)
        if "seed" in msg and not self.client_seeds:
            raise RoomError("this server draws every game's chance itself: a seed cannot be chosen")
        room_id = new_room_id(lambda code: code in self.rooms or self.store.exists(code))
        room = Room.new(msg["game"], room_id, options=msg.get("options"), seed=msg.get("seed"),
                        seats=msg.get("seats"), clock=msg.get("clock", DEFAULT),
                        settings=msg.get("settings"), now=self.now)  # fmt: skip
        seat, token = room.take(msg.get("seat"), conn.name or "", self._proven(conn))
        if msg.get("computer"):  # "play against the computer": it takes every other seat
            room.seat_computer(msg["computer"].strip().lower())
        rejoin = room.new_code(seat)
        room.creator = conn.address
        room.identity = self._identity_key(conn)
        self.rooms[room.id] = room  # held (and counted) while it is written
        self.members[room.id] = {}
        async with self.lock(room):
            try:
                await self.save_now(room)  # on disk before its creator hears of it
            except RoomError:
                self.rooms.pop(room.id, None)
                self.members.pop(room.id, None)
                raise
            self._subscribe(conn, room, seat)
            self.send(conn, {"type": "created", "room": room.id, "seat": seat, "token": token,
                             "rejoin": rejoin})  # fmt: skip
            await self.commit(room)

    async def _on_join(self, conn: Connection, msg: dict[str, Any]) -> None:
        async with self.lock(self.room(msg["room"])):
            room = self.room(msg["room"])  # it may have ended while we waited
            token, code, wanted = msg.get("token"), msg.get("rejoin"), msg.get("seat")
            # Back to a seat: by its token, its rejoin code, or as the
            # identity (proven by the gateway) that took it.
            seat: str | None = None
            if token:
                seat = room.rejoin(token, wanted)
            elif code:
                seat = self._rejoin_with_code(conn, room, code, wanted)
            elif conn.proven:
                seat = room.held_by(conn.identity, wanted)
            if seat is not None:
                self._check_not_seated(conn, room, seat)
                self._sit(conn, room, seat)
                self.send(conn, {"type": "joined", "room": room.id, "seat": seat,
                                 "token": token or ""})  # fmt: skip
                if room.check_time():  # the clock ran out while nobody looked
                    return await self.commit(room)
                return self.send(conn, room.state_message(seat))
            self._check_not_seated(conn, room)
            seat, token = room.take(wanted, conn.name or "", self._proven(conn))
            rejoin = room.new_code(seat)
            await self.save_now(room)  # the seat is on disk before its token is given
            self._sit(conn, room, seat)
            self.send(conn, {"type": "joined", "room": room.id, "seat": seat, "token": token,
                             "rejoin": rejoin})  # fmt: skip
            await self.commit(room)

    @staticmethod
    def _identity_key(conn: Connection) -> str:
        """What a room keeps of its creator's identity: a proven one's
        SHA-256 (room files never hold an identity), else the address."""
        if not conn.proven:
            return conn.identity
        return "sha256:" + hashlib.sha256(conn.identity.encode()).hexdigest()

    @staticmethod
    def _proven(conn: Connection) -> str | None:
        return conn.identity if conn.proven else None

    def _rejoin_with_code(
        self, conn: Connection, room: Room, code: str, wanted: str | None
    ) -> str:
        """The seat `code` opens, at once.  A wrong code is answered only
        after its address's delay (`WrongCode.delay`, waited by `_handle`
        outside the room's lock: it slows that connection alone, never the
        room), its address stays counted as long, and the
        `MAX_WRONG_CODES`th closes the connection."""
        try:
            return room.rejoin_with_code(code, wanted)
        except RoomError as e:
            delay = self.code_penalties.failed(conn.address)
            conn.held_until = max(conn.held_until, time.monotonic() + delay)
            conn.wrong_codes += 1
            if conn.wrong_codes >= MAX_WRONG_CODES:
                self.close_with(conn, "too many wrong rejoin codes")
            raise WrongCode(str(e), delay) from None

    async def _on_watch(self, conn: Connection, msg: dict[str, Any]) -> None:
        async with self.lock(self.room(msg["room"])):
            room = self.room(msg["room"])
            self._check_not_seated(conn, room)
            if room.id not in conn.rooms:
                self._subscribe(conn, room, None)
            self.send(conn, room.state_message(None))

    async def _on_list(self, conn: Connection, msg: dict[str, Any]) -> None:
        newest = sorted(self.rooms.values(), key=lambda r: r.created, reverse=True)
        listed = [r.summary() for r in newest[: self.limits.listed]]
        if conn.proven:  # the seats this player holds, wherever it connects from
            for entry, room in zip(listed, newest, strict=False):
                mine = room.held_by(conn.identity)
                if mine is not None:
                    entry["yours"] = mine
        self.send(conn, {"type": "rooms", "rooms": listed})

    async def _on_act(self, conn: Connection, msg: dict[str, Any]) -> None:
        room = self.room(msg["room"])
        seat = conn.rooms.get(room.id)
        if seat is None:
            raise RoomError(f"you do not sit in room {room.id} (join it first)")
        async with self.lock(room):
            if room.id not in self.rooms:  # it ended while we waited
                room = self.room(room.id)
            before = room.version
            try:
                room.act(seat, msg["action"])
            finally:
                if room.version != before:  # played, or the clock ran out first
                    await self.commit(room)

    async def _on_leave(self, conn: Connection, msg: dict[str, Any]) -> None:
        if msg["room"] not in conn.rooms:
            raise RoomError(f"you are not in room {msg['room']}")
        self._unsubscribe(conn, msg["room"])
        self.send(conn, {"type": "left", "room": msg["room"]})

    async def _on_records(self, conn: Connection, msg: dict[str, Any]) -> None:
        self.send(conn, {"type": "records", "records": list(self.recent)})

    async def _on_record(self, conn: Connection, msg: dict[str, Any]) -> None:
        record_id = msg["id"]
        pending = self.writer.pending_record(record_id)
        text: str | None
        if pending is not None:  # ended a moment ago; its file is being written
            text = record_document(pending, pending.touched)
        elif self.persist:
            text = await asyncio.to_thread(self.store.record_text, record_id)
        else:
            text = None
        if text is None:
            raise RoomError(f"there is no record {record_id}")
        if len(text) > self.limits.max_record:
            raise RoomError(f"record {record_id} is too large to send ({len(text)} bytes)")
        self.send(conn, {"type": "record", "id": record_id, "record": text})

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
        with stop_signals() as stop:
            await stop.wait()
    finally:
        await server.close()
    log.info("whitechapel server stopped cleanly: every room is saved")


@contextlib.contextmanager
def stop_signals() -> Any:
    """An event set by SIGTERM or SIGINT, handled on the running loop (so a
    signal lands between two messages, never inside one); the handlers are
    removed on leaving."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, Windows
            pass
    try:
        yield stop
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


def run_server(
    host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, data_dir: Path | None = None, **kw: Any
) -> int:
    """Blocking entry point; SIGTERM or Ctrl-C closes every connection, writes
    every room, and returns 0."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(host, port, data_dir, **kw))
    return 0
