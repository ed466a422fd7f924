"""Rematches: after a game, its players may play again, sides swapped.

When a room ends, the server keeps what a rematch needs (`Offer`): the game,
its optional rules, seat count, clock and settings, and the connection at
each person's seat.  Only when every person's seat is held at the end by a
connection that said it understands rematches (its hello's `features`:
`rematch`) -- a client that did not could not be asked.  One offer at a
time per room: a player offers (or agrees), the others are told; when every
person agrees a new room starts with the sides swapped (`swapped`); a
player who declines, or whose connection ends, calls it off for all, and
the room's rematch is gone (no second offer after a refusal).

Bounded: at most `KEPT` finished rooms are kept (the oldest dropped), and
each connection is indexed to the rooms it may answer for, so a dropped
connection costs one look-up.  Pure bookkeeping: the handler
(`handlers.py`) makes the new room and tells everyone.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from whitechapel.net.connection import Connection

REMATCH = "rematch"  # a client's feature: it may be offered a rematch, and answer
KEPT = 1000  # finished rooms whose rematch may still be offered


@dataclass
class Offer:
    """A finished room's rematch: what the new room is made of, its people
    (seat -> connection, name), and the seats that agreed so far."""

    room: str
    kind: str
    options: dict[str, Any]
    seat_count: int | None
    clock: float | None
    settings: dict[str, str]
    seats: tuple[str, ...]
    sides: dict[str, str]  # seat -> side
    people: dict[str, Connection]
    names: dict[str, str]
    computers: dict[str, str]  # seat -> level
    creator: str
    identity: str
    agreed: list[str] = field(default_factory=list)

    def seat_of(self, conn: Connection) -> str | None:
        return next((s for s, c in self.people.items() if c is conn), None)

    def waiting_for(self) -> list[str]:
        """The people's seats that have not agreed yet."""
        return [s for s in self.people if s not in self.agreed]


def swapped(seats: tuple[str, ...], sides: Mapping[str, str]) -> dict[str, str]:
    """Each seat's seat in the rematch: the first seat of each of the two
    sides changes places with the other's (Pocket's Jack and investigator;
    LfW's Jack and the first police seat), the others keep theirs -- as at
    the table, where Jack's player hands him to the next."""
    order = list(dict.fromkeys(sides[s] for s in seats))
    moved = {s: s for s in seats}
    if len(order) == 2:
        first = [next(s for s in seats if sides[s] == side) for side in order]
        moved[first[0]], moved[first[1]] = first[1], first[0]
    return moved


class Rematches:
    """The finished rooms whose rematch may still be offered."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.offers: OrderedDict[str, Offer] = OrderedDict()
        self.by_conn: dict[Connection, set[str]] = {}

    def keep(self, room: Any, members: Mapping[Connection, str | None]) -> Offer | None:
        """A room just ended: keep its rematch if every person's seat is held
        by a connection that understands one."""
        held = {seat: conn for conn, seat in members.items() if seat is not None}
        people = [s for s in room.seats if s in room.tokens and s not in room.computers]
        if not people or any(
            s not in held or REMATCH not in held[s].features or held[s].closing for s in people
        ):
            return None
        offer = Offer(
            room=room.id,
            kind=room.kind,
            options=dict(room.game.options_json()),
            seat_count=room.seating.count,
            clock=room.clock.limit if room.clock is not None else None,
            settings=dict(room.settings),
            seats=tuple(room.seats),
            sides={s: room.side_of(s) for s in room.seats},
            people={s: held[s] for s in people},
            names={s: room.names.get(s, "") for s in people},
            computers=dict(room.computers),
            creator=room.creator,
            identity=room.identity,
        )
        self.offers[room.id] = offer
        for conn in offer.people.values():
            self.by_conn.setdefault(conn, set()).add(room.id)
        while len(self.offers) > self.kept:
            self.drop(next(iter(self.offers)))
        return offer

    def get(self, room_id: str) -> Offer | None:
        return self.offers.get(room_id)

    def drop(self, room_id: str) -> Offer | None:
        """The room's rematch is over (started, declined, dropped)."""
        offer = self.offers.pop(room_id, None)
        if offer is not None:
            for conn in offer.people.values():
                rooms = self.by_conn.get(conn)
                if rooms is not None:
                    rooms.discard(room_id)
                    if not rooms:
                        del self.by_conn[conn]
        return offer

    def of(self, conn: Connection) -> list[Offer]:
        """The rematches `conn` may answer for."""
        return [self.offers[r] for r in sorted(self.by_conn.get(conn, ())) if r in self.offers]
