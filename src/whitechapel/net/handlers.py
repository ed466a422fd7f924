"""What the game server does with each message about rooms, one typed
handler per kind (`net/messages.py`): create, join (or take a seat back),
watch, list, act, leave, and the finished games' records; and the lobbies,
sent the list of rooms again whenever it changes (`push_lists`).

A handler checks what the connection may do, changes the room under its
lock (`Table.lock`), makes the change durable and tells the room
(`Table.commit`); a refusal is a `RoomError` (or the rules' own
`WhitechapelError`), answered to the sender alone, changing nothing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from whitechapel.net.connection import Connection
from whitechapel.net.messages import (
    UNSET,
    Act,
    Create,
    Join,
    Leave,
    ListRooms,
    Records,
    RecordWanted,
    Rematch,
    Watch,
)
from whitechapel.net.peers import AnsweredLate, Dispatch
from whitechapel.net.penalties import Penalties
from whitechapel.net.rematches import Offer, swapped
from whitechapel.net.rooms import DEFAULT, Room, RoomError, holder_digest, new_room_id
from whitechapel.net.roomstore import record_document
from whitechapel.net.table import Send, Table, identity_key

MAX_WRONG_CODES = 5  # wrong rejoin codes from one connection, then it is closed
LOBBY = "lobby"  # a client's feature: its list of rooms is sent again when it changes
LOBBY_EVERY = 0.5  # seconds between two lists pushed to one lobby, at the least


class WrongCode(RoomError, AnsweredLate):
    """A rejoin code that opens no seat, answered after `delay` seconds."""


class RoomHandlers:
    """The room messages' handlers, on one table."""

    def __init__(
        self,
        table: Table,
        send: Send,
        close_with: Callable[[Connection, str], None],
        *,
        client_seeds: bool = False,
    ) -> None:
        """`client_seeds`: see `GameServer`."""
        self.table, self.send, self.close_with = table, send, close_with
        self.client_seeds = client_seeds
        # A wrong rejoin code is answered after a delay that grows with its
        # address's recent wrong codes; a right one at once (net/penalties.py).
        self.code_penalties = Penalties(first=0.5, cap=8.0)
        # The lobbies: connections that said `LOBBY` and asked for the list,
        # each with the number of the listing it was sent last (`push_lists`).
        self.lobbies: dict[Connection, int] = {}
        self._listing: list[dict[str, Any]] = []
        self._listed = 0  # the listing's number, one more at each change

    def register(self, dispatch: Dispatch) -> None:
        dispatch.add(Create, self.on_create)
        dispatch.add(Join, self.on_join)
        dispatch.add(Watch, self.on_watch)
        dispatch.add(ListRooms, self.on_list)
        dispatch.add(Act, self.on_act)
        dispatch.add(Leave, self.on_leave)
        dispatch.add(Records, self.on_records)
        dispatch.add(RecordWanted, self.on_record)
        dispatch.add(Rematch, self.on_rematch)

    async def on_create(self, conn: Connection, msg: Create) -> None:
        table = self.table
        table.check_room_for(conn)
        if msg.seed is not None and not self.client_seeds:
            raise RoomError("this server draws every game's chance itself: a seed cannot be chosen")
        room_id = new_room_id(lambda code: code in table.rooms or table.store.exists(code))
        clock: Any = DEFAULT if msg.clock is UNSET else msg.clock
        room = Room.new(
            msg.game,
            room_id,
            options=msg.options,
            seed=msg.seed,
            seats=msg.seats,
            clock=clock,
            settings=msg.settings,
            now=table.now,
        )
        seat, token = room.take(msg.seat, conn.name or "", _proven(conn))
        if msg.computer:  # "play against the computer": it takes every other seat
            room.seat_computer(msg.computer.strip().lower())
        rejoin = room.new_code(seat)
        room.creator = conn.address
        room.identity = identity_key(conn)
        table.rooms[room.id] = room  # held (and counted) while it is written
        table.members[room.id] = {}
        async with table.lock(room):
            await table.save_new(room)  # on disk before its creator hears of it
            table.subscribe(conn, room, seat)
            self.send(
                conn,
                {
                    "type": "created",
                    "room": room.id,
                    "seat": seat,
                    "token": token,
                    "rejoin": rejoin,
                },
            )
            await table.commit(room)

    async def on_join(self, conn: Connection, msg: Join) -> None:
        table = self.table
        async with table.lock(table.room(msg.room)):
            room = table.room(msg.room)  # it may have ended while we waited
            # Back to a seat: by its token, its rejoin code, or as the
            # identity (proven by the gateway) that took it.
            seat: str | None = None
            if msg.token:
                seat = room.rejoin(msg.token, msg.seat)
            elif msg.rejoin:
                seat = self.rejoin_with_code(conn, room, msg.rejoin, msg.seat)
            elif conn.proven:
                seat = room.held_by(conn.identity, msg.seat)
            if seat is not None:
                table.check_not_seated(conn, room, seat)
                table.sit(conn, room, seat)
                self.send(
                    conn,
                    {"type": "joined", "room": room.id, "seat": seat, "token": msg.token or ""},
                )
                if room.check_time():  # the clock ran out while nobody looked
                    return await table.commit(room)
                return self.send(conn, table.state_for(room, seat))
            table.check_not_seated(conn, room)
            seat, token = room.take(msg.seat, conn.name or "", _proven(conn), table.away(room))
            rejoin = room.new_code(seat)
            await table.save_now(room)  # the seat is on disk before its token is given
            table.sit(conn, room, seat)
            self.send(
                conn,
                {"type": "joined", "room": room.id, "seat": seat, "token": token, "rejoin": rejoin},
            )
            await table.commit(room)

    def rejoin_with_code(self, conn: Connection, room: Room, code: str, wanted: str | None) -> str:
        """The seat `code` opens, at once.  A wrong code is answered only
        after its address's delay (`WrongCode.delay`, waited outside the
        room's lock: it slows that connection alone, never the room), its
        address stays counted as long, and the `MAX_WRONG_CODES`th closes
        the connection."""
        try:
            return room.rejoin_with_code(code, wanted)
        except RoomError as e:
            delay = self.code_penalties.failed(conn.address)
            conn.held_until = max(conn.held_until, time.monotonic() + delay)
            conn.wrong_codes += 1
            if conn.wrong_codes >= MAX_WRONG_CODES:
                self.close_with(conn, "too many wrong rejoin codes")
            raise WrongCode(str(e), delay) from None

    async def on_watch(self, conn: Connection, msg: Watch) -> None:
        table = self.table
        async with table.lock(table.room(msg.room)):
            room = table.room(msg.room)
            table.check_not_seated(conn, room)
            if room.id not in conn.rooms:
                table.subscribe(conn, room, None)
            self.send(conn, table.state_for(room, None))

    async def on_list(self, conn: Connection, msg: ListRooms) -> None:
        held, listed = self.listing()
        self.send(conn, self.rooms_for(conn, held, listed))
        if LOBBY in conn.features:  # a lobby: sent the list again when it changes
            self.lobbies[conn] = self._listed

    def listing(self) -> tuple[list[dict[str, str]], list[dict[str, Any]]]:
        """What the list says of the newest open rooms (seats, names, the
        seats whose player is away, watchers), and each one's seats taken by
        a proven identity (its digest -> the first such seat); the listing's
        number goes up when it differs from the last one made."""
        table = self.table
        newest = sorted(table.rooms.values(), key=lambda r: r.created, reverse=True)
        newest = newest[: table.limits.listed]
        listed = []
        for room in newest:
            entry = room.summary()
            away = table.away(room)
            if away:  # public, as the names are
                entry["away"] = list(away)
            listed.append(entry)
        if listed != self._listing:
            self._listing, self._listed = listed, self._listed + 1
        held = [{r.holders[s]: s for s in reversed(r.seats) if s in r.holders} for r in newest]
        return held, listed

    def rooms_for(
        self, conn: Connection, held: list[dict[str, str]], listed: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The `rooms` message for `conn`: the listing, and the seats its
        proven identity holds, wherever it connects from (looked up by its
        own digest, once: a list to a thousand lobbies stays cheap)."""
        if conn.proven:
            mine = holder_digest(conn.identity)
            listed = [
                {**entry, "yours": seats[mine]} if mine in seats else entry
                for entry, seats in zip(listed, held, strict=True)
            ]
        return {"type": "rooms", "rooms": listed}

    def push_lists(self) -> None:
        """Every lobby whose list changed since it was sent is sent it again
        (called every `LOBBY_EVERY` seconds: at most one list a lobby in that
        time, however many rooms open meanwhile)."""
        for conn in [c for c in self.lobbies if c.closing or c.writer.is_closing()]:
            del self.lobbies[conn]
        if not self.lobbies:
            return
        held, listed = self.listing()
        for conn, seen in list(self.lobbies.items()):
            if seen != self._listed:
                self.lobbies[conn] = self._listed
                self.send(conn, self.rooms_for(conn, held, listed))

    def unlist(self, conn: Connection) -> None:
        """`conn` is at a room's table (it is sent the room's `state`): no
        more lists pushed to it until it asks for the list again."""
        self.lobbies.pop(conn, None)

    async def on_act(self, conn: Connection, msg: Act) -> None:
        table = self.table
        room = table.room(msg.room)
        seat = conn.rooms.get(room.id)
        if seat is None:
            raise RoomError(f"you do not sit in room {room.id} (join it first)")
        async with table.lock(room):
            if room.id not in table.rooms:  # it ended while we waited
                room = table.room(room.id)
            before = room.version
            try:
                room.act(seat, msg.action)
            finally:
                if room.version != before:  # played, or the clock ran out first
                    await table.commit(room)

    async def on_leave(self, conn: Connection, msg: Leave) -> None:
        if msg.room not in conn.rooms:
            raise RoomError(f"you are not in room {msg.room}")
        self.table.unsubscribe(conn, msg.room)
        self.send(conn, {"type": "left", "room": msg.room})

    async def on_records(self, conn: Connection, msg: Records) -> None:
        self.send(conn, {"type": "records", "records": list(self.table.recent)})

    async def on_record(self, conn: Connection, msg: RecordWanted) -> None:
        table, record_id = self.table, msg.id
        pending = table.writer.pending_record(record_id)
        text: str | None
        if pending is not None:  # ended a moment ago; its file is being written
            text = record_document(pending, pending.touched)
        elif table.persist:
            text = await asyncio.to_thread(table.store.record_text, record_id)
        else:
            text = None
        if text is None:
            raise RoomError(f"there is no record {record_id}")
        if len(text) > table.limits.max_record:
            raise RoomError(f"record {record_id} is too large to send ({len(text)} bytes)")
        self.send(conn, {"type": "record", "id": record_id, "record": text})

    # -- a rematch (rematches.py) ----------------------------------------------------------

    async def on_rematch(self, conn: Connection, msg: Rematch) -> None:
        """Offer a rematch of a finished room, agree to the one offered, or
        (`accept` false) decline it.  Every person of the room is told; when
        all agree, a new room starts with the sides swapped."""
        table = self.table
        offer = table.rematches.get(msg.room)
        if offer is None:
            if msg.room in table.rooms:
                raise RoomError(
                    f"the game in room {msg.room} is not over: a rematch comes after it"
                )
            raise RoomError(
                f"there is no rematch to be had in room {msg.room}: it was declined, or "
                "not every player was at the table when the game ended"
            )
        seat = offer.seat_of(conn)
        if seat is None:
            raise RoomError(f"only the players of room {msg.room} may answer its rematch")
        if not msg.accept:
            return table.call_off(offer, f"{table.player_words(offer, seat)} declined")
        if seat in offer.agreed:
            waiting = ", ".join(table.player_words(offer, s) for s in offer.waiting_for())
            raise RoomError(f"you have offered a rematch already: waiting for {waiting}")
        offer.agreed.append(seat)
        if offer.waiting_for():
            return table.tell_rematch(
                offer,
                {
                    "type": "rematch",
                    "room": offer.room,
                    "seat": seat,
                    "name": offer.names.get(seat, ""),
                    "agreed": list(offer.agreed),
                },
            )
        try:
            table.check_room_for(conn)
        except RoomError as e:
            return table.call_off(offer, str(e))
        await self.start_rematch(offer)

    async def start_rematch(self, offer: Offer) -> None:
        """Everyone agreed: a new room of the same game, rules, clock and
        settings, each person at the seat `swapped` gives them (the
        computer, if it played, takes the seats left); each is told its seat
        (`joined` with `rematch`, the old room's code), then its `state`."""
        table = self.table
        table.rematches.drop(offer.room)
        room_id = new_room_id(lambda code: code in table.rooms or table.store.exists(code))
        room = Room.new(
            offer.kind,
            room_id,
            options=offer.options,
            seats=offer.seat_count,
            clock=offer.clock,
            settings=offer.settings or None,
            now=table.now,
        )
        moved = swapped(offer.seats, offer.sides)
        given: list[tuple[Connection, str, str, str]] = []
        for old, conn in offer.people.items():
            seat, token = room.take(moved[old], conn.name or "", _proven(conn))
            given.append((conn, seat, token, room.new_code(seat)))
        levels = set(offer.computers.values())
        if levels:
            room.seat_computer(min(levels))
        room.creator, room.identity = offer.creator, offer.identity
        table.rooms[room.id] = room
        table.members[room.id] = {}
        async with table.lock(room):
            await table.save_new(room)  # on disk before anyone hears of it
            for conn, seat, token, rejoin in given:
                if conn.closing:
                    continue
                table.subscribe(conn, room, seat)
                self.send(
                    conn,
                    {
                        "type": "joined",
                        "room": room.id,
                        "seat": seat,
                        "token": token,
                        "rejoin": rejoin,
                        "rematch": offer.room,
                    },
                )
            await table.commit(room)


def _proven(conn: Connection) -> str | None:
    return conn.identity if conn.proven else None
