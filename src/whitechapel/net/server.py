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
import logging
import secrets
import signal
import time
from collections import Counter, OrderedDict, deque
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
from whitechapel.net.roomstore import RoomStore, iso, record_document, summary

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7888
SERVER_NAME = f"whitechapel {__version__}"
ENDED_REMEMBERED = 10_000  # codes of ended rooms whose record a late message is pointed to


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
        self._unsaved: dict[str, Room] = {}  # rooms changed since their snapshot was written
        self._finishing: dict[str, Room] = {}  # ended rooms whose record is to be written
        self._gone: set[str] = set()  # retired rooms whose files are to be removed
        self._writer: asyncio.Task | None = None
        self.ended: OrderedDict[str, str] = OrderedDict()  # ended room -> its record's id
        self.recent: deque[dict[str, Any]] = deque(maxlen=self.limits.records_listed)
        self._pending_records: dict[str, Room] = {}  # finished, record not yet on disk
        self._locks: dict[str, asyncio.Lock] = {}  # see `lock`
        self._server: asyncio.Server | None = None
        self._ticker: asyncio.Task | None = None
        self.address: tuple[str, int] | None = None

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
        self._ticker = asyncio.create_task(self._tick())
        return self.address

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
        for room in occupied:  # people were here until now: their rooms' idle time starts now
            room.touched = self.now()
            self._save_later(room)
        await self.flush()

    async def flush(self) -> None:
        """Wait until every snapshot, record and removal has been written."""
        while self._writer is not None:
            await asyncio.shield(self._writer)

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

    def lock(self, room: Room) -> asyncio.Lock:
        """Held while a room changes and its journal line is written: a
        message about the room waits for the line, so nobody sees a change
        before it is durable, and the lines are written in order."""
        return self._locks.setdefault(room.id, asyncio.Lock())

    async def save_now(self, room: Room) -> None:
        """Make the room's latest change durable before anyone hears of it:
        one journal line, fsynced (off the event loop, so other rooms play on
        meanwhile; call it holding `lock(room)`).  A failure is logged and
        refused to the sender; nobody is told of the change, and the next
        line written carries it."""
        room.touched = self.now()
        if not self.persist:
            return
        marks = room.journal_marks()
        line = self.store.line(room)
        if line is None:
            return
        try:
            await asyncio.to_thread(self.store.write_line, room.id, line, marks[0] < 0)
        except OSError as e:
            room.set_journal_marks(marks)
            log.error("room %s: the change could not be written: %s", room.id, e)
            raise RoomError("the server could not save this change (logged)") from None

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

    def _save_later(self, room: Room) -> None:
        if self.persist:
            self._unsaved[room.id] = room
            self._start_writer()

    def _start_writer(self) -> None:
        if self._writer is None:
            self._writer = asyncio.create_task(self._write_rooms())

    async def _write_rooms(self) -> None:
        """One writer, a batch at a time: snapshots (a room changed twice
        before its turn is written once, at its newest), then records of
        finished rooms, then removals; a batch starts after the last ended,
        so a retired room's files are never written again after removal."""
        try:
            while self._unsaved or self._finishing or self._gone:
                batch = [(room_id, room.dumps(), room.version)
                         for room_id, room in self._unsaved.items()]  # fmt: skip
                finishing, gone = list(self._finishing.values()), list(self._gone)
                self._unsaved.clear()
                self._finishing.clear()
                self._gone.clear()
                saved = await asyncio.to_thread(self._write_batch, batch, finishing, gone)
                for room_id, version in saved:  # the snapshot holds the journal's lines
                    room = self.rooms.get(room_id)
                    if room is not None and room.version == version == room.journaled:
                        self.store.empty_journal(room_id)
                for room in finishing:
                    self._pending_records.pop(room.id, None)
        finally:
            self._writer = None

    def _write_batch(
        self, batch: list[tuple[str, str, int]], finishing: list[Room], gone: list[str]
    ) -> list[tuple[str, int]]:
        saved = []
        for room_id, text, version in batch:
            try:
                self.store.write(room_id, text)
                saved.append((room_id, version))
            except OSError as e:
                log.error("room %s could not be saved: %s", room_id, e)
        for room in finishing:
            try:
                self.store.write_record(room, room.touched)
                self.store.remove(room.id)
            except OSError as e:  # its journal stays: a restart tries again
                log.error("the record of room %s could not be written: %s", room.id, e)
        for room_id in gone:
            try:
                self.store.remove(room_id)
            except OSError as e:
                log.error("room %s could not be removed: %s", room_id, e)
        return saved

    # -- the life cycle ---------------------------------------------------------------

    def _finish(self, room: Room) -> None:
        """A finished room leaves the table: everyone in it (players and
        watchers) is told it ended and the name of its record."""
        self.rooms.pop(room.id, None)
        self._unsaved.pop(room.id, None)
        self._locks.pop(room.id, None)
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
        if self.persist:
            self._pending_records[room.id] = room
            self._finishing[room.id] = room
            self._start_writer()

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
            self._unsaved.pop(room.id, None)
            self._locks.pop(room.id, None)
            if self.persist:
                self._gone.add(room.id)
            retired += 1
        if retired and self.persist:
            self._start_writer()
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
        identity = getattr(conn, "identity", conn.address)
        if identity != conn.address:
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
        if self.password is not None and not (self.trust_loopback and conn.loopback):
            given = msg.get("password")
            if given is None:
                return self.close_with(conn, NEEDS_PASSWORD)
            if not secrets.compare_digest(given.encode(), self.password.encode()):
                return self.close_with(conn, WRONG_PASSWORD)
        conn.name = msg["name"]
        self.send(conn, {"type": "welcome", "protocol": PROTOCOL, "server": SERVER_NAME})

    async def _on_create(self, conn: Connection, msg: dict[str, Any]) -> None:
        self._check_room_for(conn)
        if "seed" in msg and not self.client_seeds:
            raise RoomError("this server draws every game's chance itself: a seed cannot be chosen")
        room_id = new_room_id(lambda code: code in self.rooms or self.store.exists(code))
        room = Room.new(msg["game"], room_id, options=msg.get("options"), seed=msg.get("seed"),
                        seats=msg.get("seats"), clock=msg.get("clock", DEFAULT),
                        now=self.now)  # fmt: skip
        seat, token = room.take(msg.get("seat"), conn.name or "")
        room.creator = conn.address
        room.identity = getattr(conn, "identity", conn.address)
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
            self.send(conn, {"type": "created", "room": room.id, "seat": seat, "token": token})
            await self.commit(room)

    async def _on_join(self, conn: Connection, msg: dict[str, Any]) -> None:
        async with self.lock(self.room(msg["room"])):
            room = self.room(msg["room"])  # it may have ended while we waited
            token = msg.get("token")
            if token:
                seat = room.rejoin(token, msg.get("seat"))
                self._check_not_seated(conn, room, seat)
                self._sit(conn, room, seat)
                self.send(conn, {"type": "joined", "room": room.id, "seat": seat, "token": token})
                if room.check_time():  # the clock ran out while nobody looked
                    return await self.commit(room)
                return self.send(conn, room.state_message(seat))
            self._check_not_seated(conn, room)
            seat, token = room.take(msg.get("seat"), conn.name or "")
            await self.save_now(room)  # the seat is on disk before its token is given
            self._sit(conn, room, seat)
            self.send(conn, {"type": "joined", "room": room.id, "seat": seat, "token": token})
            await self.commit(room)

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
        pending = self._pending_records.get(record_id)
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
