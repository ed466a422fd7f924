"""A room as its files hold it: the snapshot (`<code>.json`, docs/protocol.md,
"Durability") and the lines of its journal, written and read back.

The room (`rooms.py`) is the game, its seats and its clock; this module is
its codec.  A snapshot holds the whole room: its game as a record
(`core/record.py`, settings included), each taken seat's digests, the
clock, a time-out's result, the number of the last change.  A journal line
after the first holds what changed since the line before (`Journal`: how
far the journal got), and `apply_line` replays one.  Reading anything
malformed is a `RecordError` with one sentence.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from whitechapel.core.errors import RecordError, WhitechapelError
from whitechapel.core.record import Record, record_of, replay
from whitechapel.net.clock import ChessClock
from whitechapel.net.rooms import ROOM_CODE, Room, RoomError

ROOM_FORMAT = "whitechapel-room"
ROOM_VERSION = 1
DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass
class Journal:
    """How far a room's journal got: the change number of its last line (-1:
    no journal yet), and the actions and seat tokens it holds by then."""

    version: int = -1
    actions: int = 0
    seats: dict[str, str] = field(default_factory=dict)

    def copy(self) -> Journal:
        return Journal(self.version, self.actions, dict(self.seats))

    def mark(self, room: Room) -> None:
        """The journal now holds every change of `room` up to its version."""
        self.version = room.version
        self.actions = len(room.game.history)
        self.seats = dict(room.tokens)


def journal_line(room: Room, journal: Journal) -> dict[str, Any] | None:
    """What changed since the journal's last line, as one line's data
    (None if nothing did).  The first line holds the whole room; each later
    one the new actions, newly taken seats, the clock and the result,
    numbered by the room's `version` ("v")."""
    if journal.version == room.version:
        return None
    if journal.version < 0:
        return {"v": room.version, "room": to_json(room)}
    seats = {s: seat_json(room, s) for s, d in room.tokens.items() if journal.seats.get(s) != d}
    return {
        "v": room.version,
        "t": room.touched,
        "actions": [str(a) for a in room.game.history[journal.actions :]],
        "seats": seats,
        "clock": room.clock.to_json() if room.clock else None,
        "result": room.result,
    }


def apply_line(room: Room, entry: dict[str, Any]) -> None:
    """Replay one journal line written by `journal_line` (not a whole
    room's: see `RoomStore`); any problem is a `RecordError`."""
    actions, seats = entry.get("actions"), entry.get("seats")
    if not isinstance(actions, list) or not isinstance(seats, dict):
        raise RecordError("a journal line is malformed")
    for text in actions:
        try:
            room.game.play(text)  # the action and what follows it by itself
        except (WhitechapelError, TypeError, AttributeError) as e:
            raise RecordError(f"the journal's action {text!r} cannot be replayed: {e}") from None
    read_seats(room, seats, partial=True)
    clock = entry.get("clock")
    room.clock = ChessClock.from_json(clock, room.game.sides) if clock is not None else None
    room.result = checked_result(room, entry.get("result"))
    touched = entry.get("t")
    if isinstance(touched, int | float) and not isinstance(touched, bool):
        room.touched = max(room.touched, float(touched))
    room.version = _whole(entry.get("v"), "a journal line's number")


# -- the snapshot ---------------------------------------------------------------------


def to_json(room: Room) -> dict[str, Any]:
    # Its settings go in its record: replays show the game as the room did.
    record = record_of(
        room.game,
        seed=room.seed,
        players=room.players(),
        started=room.created,
        settings=room.settings,
    )
    return {
        "format": ROOM_FORMAT,
        "version": ROOM_VERSION,
        "room": room.id,
        "game": room.kind,
        "created": room.created,
        "seat_count": room.seating.count,
        "seats": {s: seat_json(room, s) if s in room.tokens else None for s in room.seats},
        "clock": room.clock.to_json() if room.clock else None,
        "result": room.result,
        "record": record.to_json(),
        "change": room.version,
        "touched": room.touched,
        "creator": room.creator,
        "identity": room.identity,
    }


def dumps(room: Room) -> str:
    return json.dumps(to_json(room), ensure_ascii=False, indent=1) + "\n"


def seat_json(room: Room, seat: str) -> dict[str, str]:
    """A taken seat as the room's files keep it: digests only, never a
    token, an identity or a rejoin code."""
    entry = {"token_sha256": room.tokens[seat], "name": room.names.get(seat, "")}
    if seat in room.holders:
        entry["identity_sha256"] = room.holders[seat]
    if seat in room.codes:
        entry["rejoin_sha256"] = room.codes[seat]
    if seat in room.computers:
        entry["computer"] = room.computers[seat]
    return entry


def from_json(data: Any, now: Callable[[], float] = time.time) -> Room:
    """Rebuild a room by replaying its record; any problem is a `RecordError`."""
    if not isinstance(data, dict) or data.get("format") != ROOM_FORMAT:
        raise RecordError(f"not a {ROOM_FORMAT} file")
    if data.get("version") != ROOM_VERSION:
        raise RecordError(f"room format version {data.get('version')!r} is not {ROOM_VERSION}")
    room_id, kind = data.get("room"), data.get("game")
    if not isinstance(room_id, str) or not ROOM_CODE.match(room_id):
        raise RecordError("the room's code is malformed")
    record = Record.from_json(data.get("record"))
    if kind != record.game:
        raise RecordError(f"the room's game {kind!r} is not its record's {record.game!r}")
    game = replay(record)
    count = data.get("seat_count", data.get("police_seats"))  # older files: police_seats
    if count is not None and (not isinstance(count, int) or isinstance(count, bool)):
        raise RecordError("the room's seat count is malformed")
    clock = data.get("clock")
    created = data.get("created")
    try:
        room = Room(
            room_id,
            kind,
            game,
            seed=record.seed,
            seat_count=count,
            clock=ChessClock.from_json(clock, game.sides) if clock is not None else None,
            created=created if isinstance(created, str) else None,
            now=now,
        )
    except RoomError as e:
        raise RecordError(str(e)) from None
    room.settings = dict(record.settings)
    read_seats(room, data.get("seats"))
    room.result = checked_result(room, data.get("result"))
    room.version = _whole(data.get("change", 0), "the room's change number")
    touched = data.get("touched")
    if isinstance(touched, int | float) and not isinstance(touched, bool):
        room.touched = float(touched)
    for key in ("creator", "identity"):
        if isinstance(data.get(key), str):
            setattr(room, key, data[key])
    return room


def read_seats(room: Room, seats: Any, partial: bool = False) -> None:
    """Taken seats from a room file (every seat named) or a journal line
    (`partial`: only the seats taken since)."""
    if not isinstance(seats, dict) or not (
        set(seats) <= set(room.seats) if partial else set(seats) == set(room.seats)
    ):
        raise RecordError(f"the room's seats should be {', '.join(room.seats)}")
    for seat, entry in seats.items():
        if entry is None:
            continue
        entry = entry if isinstance(entry, dict) else {}
        digest, name = entry.get("token_sha256"), entry.get("name")
        if not isinstance(digest, str) or not DIGEST.fullmatch(digest):
            raise RecordError(f"seat {seat}'s token is malformed")
        room.tokens[seat] = digest
        room.names[seat] = name if isinstance(name, str) else ""
        computer = entry.get("computer")
        if computer is not None and not isinstance(computer, str):
            raise RecordError(f"seat {seat}'s computer level is malformed")
        if computer is not None:
            room.computers[seat] = computer
        for key, into in (("identity_sha256", room.holders), ("rejoin_sha256", room.codes)):
            value = entry.get(key)
            if value is None:
                into.pop(seat, None)
            elif isinstance(value, str) and DIGEST.fullmatch(value):
                into[seat] = value
            else:
                raise RecordError(f"seat {seat}'s {key} is malformed")


def checked_result(room: Room, result: Any) -> dict[str, str] | None:
    if result is not None and not (
        isinstance(result, dict)
        and result.get("winner") in room.game.sides
        and isinstance(result.get("reason"), str)
    ):
        raise RecordError("the room's result is malformed")
    return result


def _whole(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(f"{what} is malformed")
    return value
