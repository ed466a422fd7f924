"""The game server's table: the open rooms, who is in each, and their life
cycle.

After every change a room's journal gets a line, fsynced, and only then is
each of its connections sent a `state` built for its own seat (P9, §9):
nothing a player was told is lost to a crash (`commit`; a lock per room
keeps its lines in order and nobody ahead of them).  A dropped connection
frees nothing: its seats wait for their tokens.

Rooms have a life cycle: a finished room leaves the table at once and
becomes a game record in `records/` (`finish`); a room nobody is connected
to retires after `Limits.empty_after` (nothing played in it yet),
`unjoined_after` (a seat still free) or `abandoned_after` (every seat
taken) without a change (`retire_idle`).
Caps on the rooms held at once, overall and per address (and per
identity), refuse a `create` with "the server is full: ..." until rooms
finish or retire (`check_room_for`).  The computer's seats think here too
(`computers.py`), their answers played as a person's.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

from whitechapel.net.admission import address_key
from whitechapel.net.computers import ComputerSeats
from whitechapel.net.connection import Connection, Limits
from whitechapel.net.rematches import Offer, Rematches
from whitechapel.net.rooms import Room, RoomError
from whitechapel.net.roomstore import RoomStore, iso, summary
from whitechapel.net.writer import RoomWriter

log = logging.getLogger("whitechapel.net.server")  # the server's log, as operators know it

ENDED_REMEMBERED = 10_000  # codes of ended rooms whose record a late message is pointed to

Send = Callable[[Connection, dict[str, Any]], None]
PRESENCE = "presence"  # a client's feature: told when a seat's player comes and goes


def _duration(seconds: float) -> str:
    """60 -> "a minute", 600 -> "10 minutes", 30 -> "30 seconds"."""
    if seconds == 60:
        return "a minute"
    if seconds >= 60:
        return f"{seconds / 60:g} minutes"
    return f"{seconds:g} seconds"


def identity_key(conn: Connection) -> str:
    """What a room keeps of its creator's identity: a proven one's SHA-256
    (room files never hold an identity), else the address."""
    if not conn.proven:
        return conn.identity
    return "sha256:" + hashlib.sha256(conn.identity.encode()).hexdigest()


class Table:
    """Every open room, its members (connection -> seat, None: watching),
    and its lock."""

    def __init__(
        self,
        store: RoomStore,
        writer: RoomWriter,
        limits: Limits,
        send: Send,
        now: Callable[[], float],
        persist: bool = True,
    ) -> None:
        self.store, self.writer, self.limits = store, writer, limits
        self.send, self.now, self.persist = send, now, persist
        self.rooms: dict[str, Room] = {}
        self.members: dict[str, dict[Connection, str | None]] = {}  # room -> conn -> seat
        self.ended: OrderedDict[str, str] = OrderedDict()  # ended room -> its record's id
        self.recent: deque[dict[str, Any]] = deque(maxlen=limits.records_listed)
        self._locks: dict[str, asyncio.Lock] = {}  # see `lock`
        self.computers = ComputerSeats(self._computer_plays)  # seats the server plays
        # Each room's seats whose player is not connected, as last told, and
        # the rooms whose news of it is on its way (`presence_changed`).
        self.told_away: dict[str, dict[str, str]] = {}
        self._presence: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        # Finished rooms whose players may still agree to a rematch (rematches.py).
        self.rematches = Rematches()

    def room(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            record = self.ended.get(room_id)
            if record is None and self.persist and self.store.has_record(room_id):
                record = room_id  # ended before a restart
            if record is not None:
                raise RoomError(
                    f"the game is over: room {room_id} has ended; its record is {record}"
                )
            raise RoomError(f"there is no room {room_id}")
        return room

    # -- who is in a room ------------------------------------------------------------------

    def subscribe(self, conn: Connection, room: Room, seat: str | None) -> None:
        if conn.rooms.get(room.id, "") is None:  # a watcher who now sits down
            self.unsubscribe(conn, room.id)
        self.members.setdefault(room.id, {})[conn] = seat
        conn.rooms[room.id] = seat
        room.touched = self.now()
        if seat is None:
            room.watchers += 1
        else:
            self.presence_changed(room.id)

    def unsubscribe(self, conn: Connection, room_id: str) -> None:
        seat = conn.rooms.pop(room_id, "")
        self.members.get(room_id, {}).pop(conn, None)
        room = self.rooms.get(room_id)
        if room is not None:
            room.touched = self.now()  # its idle time starts when the last one leaves
            if seat is None:
                room.watchers -= 1
            elif seat:
                self.presence_changed(room_id)

    def leave_all(self, conn: Connection) -> None:
        """A connection ended: it leaves every room it was in, and calls off
        every rematch it could have answered (the others are told)."""
        for room_id in list(conn.rooms):
            self.unsubscribe(conn, room_id)
        for offer in self.rematches.of(conn):
            seat = offer.seat_of(conn) or ""
            self.call_off(offer, f"{self.player_words(offer, seat)} left")

    # -- rematches (rematches.py) ---------------------------------------------------------

    @staticmethod
    def player_words(offer: Offer, seat: str) -> str:
        """A player as the others read it: "Ann (jack)"."""
        name = offer.names.get(seat, "")
        return f"{name} ({seat})" if name else seat

    def tell_rematch(self, offer: Offer, msg: dict[str, Any]) -> None:
        """A rematch's news, to each of its people still connected."""
        for conn in offer.people.values():
            if not conn.closing:
                self.send(conn, msg)

    def call_off(self, offer: Offer, why: str) -> None:
        """No rematch of this room: every player still here is told why."""
        self.rematches.drop(offer.room)
        self.tell_rematch(
            offer,
            {"type": "rematch_off", "room": offer.room, "reason": f"no rematch: {why}"},
        )

    def sit(self, conn: Connection, room: Room, seat: str) -> None:
        """`conn` holds `seat`; whoever held it before is told and let go."""
        for other, held in list(self.members.get(room.id, {}).items()):
            if held == seat and other is not conn:
                self.unsubscribe(other, room.id)
                self.send(
                    other,
                    {
                        "type": "left",
                        "room": room.id,
                        "reason": f"seat {seat} was rejoined from elsewhere",
                    },
                )
        self.subscribe(conn, room, seat)

    def check_not_seated(self, conn: Connection, room: Room, seat: str | None = None) -> None:
        held = conn.rooms.get(room.id)
        if held is not None and held != seat:
            raise RoomError(f"you already sit in room {room.id} as {held}")

    def broadcast(self, room: Room) -> None:
        """Each connection in the room gets the state for its own seat."""
        away = self.told_away[room.id] = self.away(room)
        for conn, seat in list(self.members.get(room.id, {}).items()):
            self.send(conn, self.state_for(room, seat, away))

    # -- who is connected (issue 44: the other seat was not told) ----------------------------

    def away(self, room: Room) -> dict[str, str]:
        """The seats a person took whose connection is gone (seat -> name):
        public, as the room list's names are."""
        held = {seat for seat in self.members.get(room.id, {}).values() if seat is not None}
        return {
            s: room.names.get(s, "")
            for s in room.seats
            if s in room.tokens and s not in room.computers and s not in held
        }

    def state_for(
        self, room: Room, seat: str | None, away: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """The room's `state` for `seat`, with its `away` seats if any, and
        its `open` ones, which nobody has taken yet (tester RE, Pocket round
        29: "Waiting for the investigator…" before anyone sat there)."""
        msg = room.state_message(seat)
        away = self.away(room) if away is None else away
        if away:
            msg["away"] = dict(away)
        empty = [s for s in room.seats if s not in room.tokens and s not in room.computers]
        if empty:
            msg["open"] = empty
        return msg

    def presence_changed(self, room_id: str) -> None:
        """A seat's player came or went: the room's connections that
        understand it (`PRESENCE`) get a `state` with the seats away, once
        the room's lock is free (nobody hears of a change before it is
        durable), and only if the seats away differ from the last told.
        One at a time per room: what changes meanwhile is in the same one."""
        if room_id in self._presence or room_id not in self.rooms:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not serving (a test of the table alone)
            return
        self._presence.add(room_id)
        task = loop.create_task(self._tell_presence(room_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell_presence(self, room_id: str) -> None:
        try:
            room = self.rooms.get(room_id)
            if room is None:
                return
            async with self.lock(room):
                self._presence.discard(room_id)
                if self.rooms.get(room_id) is not room or room.over:
                    return
                away = self.away(room)
                if away == self.told_away.get(room_id, {}):
                    return
                self.told_away[room_id] = away
                for conn, seat in list(self.members.get(room_id, {}).items()):
                    if PRESENCE in conn.features:
                        self.send(conn, self.state_for(room, seat, away))
        finally:
            self._presence.discard(room_id)

    # -- changes, durable before they are told ---------------------------------------------

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

    async def save_new(self, room: Room) -> None:
        """A room just made (a `create`, a rematch): durable before anyone
        hears of it, or gone from the table again (the error raised on)."""
        try:
            await self.save_now(room)
        except RoomError:
            self.rooms.pop(room.id, None)
            self.members.pop(room.id, None)
            raise

    async def commit(self, room: Room) -> None:
        """After a change: write it to the room's journal, then tell the room.

        The snapshot (`<code>.json`) is written when the server stops or
        restarts (the journal holds everything); a finished room leaves the
        table at once and its record is written off the event loop (a
        restart finishes the job if a crash comes first)."""
        await self.save_now(room)
        self.broadcast(room)
        if room.over:
            self.finish(room)
        else:
            self.computers.turn(room)

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

    async def check_clocks(self) -> None:
        """End every game whose running side's time is up, and tell its room."""
        for room in list(self.rooms.values()):
            if room.clock is not None and room.clock.running:
                async with self.lock(room):
                    if room.id in self.rooms and room.check_time():
                        await self.commit(room)

    # -- the life cycle ---------------------------------------------------------------

    def finish(self, room: Room) -> None:
        """A finished room leaves the table: everyone in it (players and
        watchers) is told it ended and the name of its record."""
        self.rooms.pop(room.id, None)
        self._locks.pop(room.id, None)
        self.told_away.pop(room.id, None)
        self.computers.forget(room)
        self.ended[room.id] = room.id
        while len(self.ended) > ENDED_REMEMBERED:
            self.ended.popitem(last=False)
        final = room.final() or {}
        self.recent.appendleft(
            summary(
                room.id,
                {
                    "game": room.kind,
                    "players": room.players(),
                    "server": {
                        "winner": final.get("winner"),
                        "reason": final.get("reason", ""),
                        "ended": iso(room.touched),
                    },
                },
            )
        )
        members = self.members.pop(room.id, {})
        self.rematches.keep(room, members)  # its players may play again, sides swapped
        for conn in list(members):
            conn.rooms.pop(room.id, None)
            self.send(conn, {"type": "ended", "room": room.id, "record": room.id})
        self.writer.finished(room)

    def idle_for(self, room: Room) -> str | None:
        """Why the room should retire now, or None: nobody is connected to
        it and nothing happened in it for its idle time."""
        if self.members.get(room.id) or self.lock(room).locked():
            return None
        if not room.game.history:  # nothing played: an empty room
            limit, what = self.limits.empty_after, "empty"
        elif len(room.tokens) < len(room.seats):
            limit, what = self.limits.unjoined_after, "unjoined"
        else:
            limit, what = self.limits.abandoned_after, "abandoned"
        if self.now() - room.touched < limit:
            return None
        return f"{what} for {_duration(limit)}"

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
            self.told_away.pop(room.id, None)
            self.computers.forget(room)
            self._locks.pop(room.id, None)
            self.writer.retired(room.id)
            retired += 1
        return retired

    def check_room_for(self, conn: Connection) -> None:
        """The caps on rooms held now: overall, per address, per identity."""
        limits = self.limits
        if len(self.rooms) >= limits.max_rooms:
            self.retire_idle()
        if len(self.rooms) >= limits.max_rooms:
            raise RoomError(
                f"the server is full: it holds {len(self.rooms)} open rooms, its "
                f"most; rooms nobody is in close within {_duration(limits.empty_after)} "
                "if nothing was played in them, later otherwise"
            )
        here = address_key(conn.address)
        by_address = sum(1 for r in self.rooms.values() if address_key(r.creator) == here)
        if by_address >= limits.rooms_per_address:
            raise RoomError(
                f"the server is full for your address: it holds {by_address} open "
                "rooms of yours, the most one address may (finish one, or leave an "
                f"empty one: it closes after {_duration(limits.empty_after)})"
            )
        if conn.proven:
            identity = identity_key(conn)
            mine = sum(1 for r in self.rooms.values() if r.identity == identity)
            if mine >= limits.rooms_per_identity:
                raise RoomError(
                    f"the server is full for you: it holds {mine} open rooms of "
                    "yours, the most one player may"
                )
