"""Rooms: one authoritative game each, with its seats, tokens and chess clock.

Pure Python, no asyncio: the server owns connections, a `Room` owns the
rules engine.  A room decides whose turn it is *by seat* (the engines only
know sides), hands the action's text to the engine, and builds each seat's
`state` message from that seat's own view: `game.view(side)` for a seat,
the engine's `public_view` for spectators (P9, §9).  Views are never built
from a fuller view by deleting.

Seats.  Mr. Jack Pocket: `jack` and `investigator`.  Letters from
Whitechapel: `jack` and `police1`..`policeN` (N = 1..5), which share the
five policemen in clockwise colour order, the first seats taking one more
when they do not divide evenly (2 seats: blue yellow brown / red green).
The Chief's decisions (H3 patrols, O1 Saucy Jacky and the graffito, H6
Wretched, O6 "I know where you live") belong to the seat holding the
night's Chief colour; in T2/T3 the seat holding the acting policeman acts.

A chess clock (per side; the police share one) runs for the side to act
once every seat has been taken, also while its player is disconnected or
the server is down, and stops when the game ends.  Running out is a room
`result`, kept apart from the engine's outcome so that a game record stays
exactly what the rules produced.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from whitechapel.core.errors import RecordError, WhitechapelError
from whitechapel.core.record import Record, now_iso, record_of, replay
from whitechapel.core.registry import rules_for
from whitechapel.lfw.actions import COLOURS  # clockwise: blue yellow brown red green
from whitechapel.lfw.phases import Phase
from whitechapel.net.clock import ChessClock

log = logging.getLogger(__name__)

ROOM_FORMAT = "whitechapel-room"
ROOM_VERSION = 1
ROOM_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"  # no look-alikes: B/8, I/1/L, O/0, S/5, Z/2
ROOM_CODE = re.compile(r"^[A-Z0-9]{1,12}$")
DEFAULT_CLOCK: dict[str, float | None] = {"pocket": 450.0, "lfw": None}
DEFAULT = object()  # "not given": the game's default clock


class RoomError(WhitechapelError):
    """A request the room refuses: a seat taken, not your turn, game over."""


def police_split(seats: int) -> dict[str, tuple[str, ...]]:
    """`police1`..`policeN` -> their colours, in clockwise order."""
    if not 1 <= seats <= len(COLOURS):
        raise RoomError(f"Letters from Whitechapel has 1 to {len(COLOURS)} police seats")
    out, start = {}, 0
    for i in range(seats):
        size = len(COLOURS) // seats + (i < len(COLOURS) % seats)
        out[f"police{i + 1}"] = COLOURS[start : start + size]
        start += size
    return out


def new_room_id(taken: Callable[[str], bool], choose: Callable[[str], str] = secrets.choice) -> str:
    """A short code (like `K7QX`) that is not `taken`."""
    for length in (4, 4, 4, 5, 5, 6, 8):
        code = "".join(choose(ROOM_ALPHABET) for _ in range(length))
        if not taken(code):
            return code
    raise RoomError("no free room code: the server is full")


def _digest(token: str) -> str:
    """Rooms keep a seat token's SHA-256 only, so a room file gives no seat away."""
    return hashlib.sha256(token.encode()).hexdigest()


class Room:
    """One game held authoritatively, its seats and its clock."""

    def __init__(self, room_id: str, kind: str, game: Any, *, seed: int | None,
                 police_seats: int | None = None, clock: ChessClock | None = None,
                 created: str | None = None, now: Callable[[], float] = time.time) -> None:  # fmt: skip
        self.id = room_id
        self.kind = kind
        self.game = game
        self.seed = seed
        self.now = now
        self.created = created or now_iso()
        self.police_seats = police_seats
        self.colours = police_split(police_seats) if kind == "lfw" else {}
        self.seats: tuple[str, ...] = ("jack", *self.colours) if kind == "lfw" else game.sides
        self.tokens: dict[str, str] = {}  # seat -> SHA-256 of its token; absent: free
        self.names: dict[str, str] = {}
        self.clock = clock
        self.result: dict[str, str] | None = None  # a time-out; the engine's outcome is apart
        self.watchers = 0  # kept by the server: spectators connected now
        self.creator = ""  # kept by the server: the address that created it (not saved)
        self.version = 0  # bumped by every change; the server persists and broadcasts on it
        self._views: dict[Any, dict[str, Any]] = {}
        self._views_version = -1

    @classmethod
    def new(cls, kind: str, room_id: str, *, options: Any = None, seed: int | None = None,
            seats: int | None = None, clock: Any = DEFAULT,
            now: Callable[[], float] = time.time) -> Room:  # fmt: skip
        """A fresh game of `kind` ('pocket' or 'lfw'); refusals are `RoomError`s."""
        from whitechapel.core.chance import new_seed

        rules = rules_for(kind)
        try:
            opts = rules.check_options(options or {})
        except RecordError as e:
            raise RoomError(str(e)) from None
        if kind != "lfw" and seats is not None:
            raise RoomError("'seats' counts the police seats of Letters from Whitechapel")
        seed = new_seed() if seed is None else seed
        game = rules.start(rules.random_setup(seed, opts), opts)
        limit = DEFAULT_CLOCK[kind] if clock is DEFAULT else clock
        timer = ChessClock.fresh(float(limit), game.sides) if limit else None
        police = (seats or 1) if kind == "lfw" else None
        return cls(room_id, kind, game, seed=seed, police_seats=police, clock=timer, now=now)

    # -- seats ---------------------------------------------------------------

    def side_of(self, seat: str | None) -> str | None:
        return None if seat is None else ("police" if seat in self.colours else seat)

    def seat_of_colour(self, colour: str) -> str:
        return next(seat for seat, cs in self.colours.items() if colour in cs)

    def take(self, seat: str | None, name: str) -> tuple[str, str]:
        """Sit `name` on `seat` (None: the first free one; 'police': the first
        free police seat); returns the seat and its token, shown only now."""
        free = [s for s in self.seats if s not in self.tokens]
        if seat is None or (seat == "police" and self.kind == "lfw"):
            wanted = [s for s in free if seat is None or s in self.colours]
            if not wanted:
                raise RoomError(f"room {self.id} has no free seat (rejoin yours with its token)")
            seat = wanted[0]
        if seat not in self.seats:
            raise RoomError(f"room {self.id} has no seat {seat!r} (seats: {', '.join(self.seats)})")
        if seat in self.tokens:
            raise RoomError(f"seat {seat} of room {self.id} is taken")
        token = secrets.token_urlsafe(18)
        self.tokens[seat] = _digest(token)
        self.names[seat] = name
        self._changed()
        return seat, token

    def rejoin(self, token: str, seat: str | None = None) -> str:
        """The seat `token` was given for (checked against `seat` if named)."""
        digest = _digest(token)
        for s, d in self.tokens.items():
            if hmac.compare_digest(d, digest) and seat in (None, s, self.side_of(s)):
                return s
        raise RoomError(f"that token holds no seat in room {self.id}")

    def taken(self) -> dict[str, bool]:
        return {s: s in self.tokens for s in self.seats}

    # -- turns and actions -----------------------------------------------------

    @property
    def over(self) -> bool:
        return self.result is not None or self.game.outcome is not None

    def to_act(self) -> str | None:
        """The seat to act, or None when the game is over."""
        if self.over:
            return None
        side = self.game.to_act
        if self.kind != "lfw" or side == "jack":
            return side
        return self.seat_of_colour(self.game.acting_colour)

    def act(self, seat: str, text: str) -> None:
        """Play `text` for `seat`; refusals are `RoomError` or the engine's own
        sentence, and change nothing in the game."""
        if seat not in self.seats:
            raise RoomError(f"room {self.id} has no seat {seat!r}")
        self.check_time()
        if self.over:
            final = self.final()
            raise RoomError(f"the game is over: {final['reason'] if final else ''}")
        if self._names_hideout(text):  # O6: the Chief's decision, in any policeman's T3 turn
            chief = self.seat_of_colour(self.game.chief)
            if seat != chief:
                raise RoomError(
                    f"it is not your turn: naming the hideout (O6) is the Chief's decision "
                    f"({self.game.chief}'s policeman, {chief})"
                )
        elif seat != self.to_act():
            raise RoomError(f"it is not your turn: {self._who_acts()} is to act")
        self.game.play(text, self.side_of(seat))
        self._changed()

    def _names_hideout(self, text: str) -> bool:
        """An O6 `know` while the police act (the engine judges the rest)."""
        if self.kind != "lfw" or self.game.to_act != "police" or self.game.chief is None:
            return False
        words = text.split()
        return bool(words) and words[0].lower() == "know"

    def _who_acts(self) -> str:
        seat = self.to_act()
        if self.kind == "pocket":
            return f"the {seat}"
        if seat == "jack":
            return "Jack"
        colour = self.game.acting_colour
        if self.game.phase in (Phase.HUNT, Phase.CLUES, Phase.SEARCHING):
            return f"{colour}'s policeman ({seat})"
        return f"the Chief, {colour}'s policeman ({seat}),"

    def check_time(self) -> bool:
        """Ends the game if the running side's time is up; True if it did now."""
        if self.clock is None or self.over:
            return False
        side = self.clock.flagged(self.now())
        if side is None:
            return False
        self.clock.run(None, self.now())
        other = next(s for s in self.game.sides if s != side)
        self.result = {"winner": other, "reason": f"time ran out for {side}"}
        self._changed()
        return True

    def final(self) -> dict[str, str] | None:
        """How the room ended: a time-out, else the engine's outcome."""
        if self.result is not None:
            return self.result
        return self.game.outcome.to_json() if self.game.outcome else None

    def _changed(self) -> None:
        self.version += 1
        self._sync_clock()

    def _sync_clock(self) -> None:
        """The side to act's time runs once every seat is taken, until the end."""
        if self.clock is None:
            return
        wanted = None if self.over or len(self.tokens) < len(self.seats) else self.game.to_act
        if wanted != self.clock.running:
            self.clock.run(wanted, self.now())

    # -- what each seat is sent -------------------------------------------------

    def view_for(self, seat: str | None) -> dict[str, Any]:
        """The seat's own side's view; spectators (None) get the public view.
        After a time-out Jack's secrets are added for all, as at any end (P8)."""
        if self._views_version != self.version:
            self._views, self._views_version = {}, self.version
        side = self.side_of(seat)
        if side not in self._views:
            views = import_module(f"whitechapel.{self.kind}.views")
            view = views.public_view(self.game) if side is None else self.game.view(side)
            if self.result is not None and "jack" not in view:
                view = {**view, "jack": views.jack_secrets(self.game)}
            self._views[side] = view
        return self._views[side]

    def state_message(self, seat: str | None) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "state", "room": self.id, "seat": seat,
                               "view": self.view_for(seat), "to_act": self.to_act()}  # fmt: skip
        if self.clock is not None:
            msg["clock"] = self.clock.public(self.now())
        final = self.final()
        if final is not None:
            msg["result"] = final
        return msg

    def summary(self) -> dict[str, Any]:
        return {"room": self.id, "game": self.kind, "seats": self.taken(),
                "watchers": self.watchers, "over": self.over}  # fmt: skip

    # -- persistence ---------------------------------------------------------------

    def players(self) -> dict[str, str]:
        out = {"jack": self.names["jack"]} if "jack" in self.names else {}
        others = [self.names[s] for s in self.seats if s != "jack" and s in self.names]
        if others:
            out[next(s for s in self.game.sides if s != "jack")] = ", ".join(others)
        return out

    def to_json(self) -> dict[str, Any]:
        record = record_of(self.game, seed=self.seed, players=self.players(), started=self.created)
        return {
            "format": ROOM_FORMAT,
            "version": ROOM_VERSION,
            "room": self.id,
            "game": self.kind,
            "created": self.created,
            "police_seats": self.police_seats,
            "seats": {
                s: {"token_sha256": self.tokens[s], "name": self.names.get(s, "")}
                if s in self.tokens
                else None
                for s in self.seats
            },
            "clock": self.clock.to_json() if self.clock else None,
            "result": self.result,
            "record": record.to_json(),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, data: Any, now: Callable[[], float] = time.time) -> Room:
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
        police = data.get("police_seats")
        if kind == "lfw" and (not isinstance(police, int) or isinstance(police, bool)):
            raise RecordError("an LfW room needs its number of police seats")
        sides = game.sides
        clock = data.get("clock")
        created = data.get("created")
        room = cls(room_id, kind, game, seed=record.seed,
                   police_seats=police if kind == "lfw" else None,
                   clock=ChessClock.from_json(clock, sides) if clock is not None else None,
                   created=created if isinstance(created, str) else None, now=now)  # fmt: skip
        seats = data.get("seats")
        if not isinstance(seats, dict) or set(seats) != set(room.seats):
            raise RecordError(f"the room's seats should be {', '.join(room.seats)}")
        for seat, entry in seats.items():
            if entry is None:
                continue
            entry = entry if isinstance(entry, dict) else {}
            digest, name = entry.get("token_sha256"), entry.get("name")
            if not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
                raise RecordError(f"seat {seat}'s token is malformed")
            room.tokens[seat] = digest
            room.names[seat] = name if isinstance(name, str) else ""
        result = data.get("result")
        if result is not None and not (
            isinstance(result, dict)
            and result.get("winner") in sides
            and isinstance(result.get("reason"), str)
        ):
            raise RecordError("the room's result is malformed")
        room.result = result
        return room
