"""Rooms: one authoritative game each, with its seats, tokens and chess clock.

Pure Python, no asyncio: the server owns connections, a `Room` owns the
rules engine.  A room knows games only through the registry and the engine
contract (`core/game.py`): the game's `Seating` (`core/seats.py`) names the
seats, the side each plays and the seat to act; the room hands the action's
text to the engine and builds each seat's `state` message from that seat's
own view, `game.view(side)`, and spectators' from `game.view(PUBLIC)`
(P9, §9).  Views are never built from a fuller view by deleting.

A chess clock (per side; the police share one) runs for the side to act
once every seat has been taken, also while its player is disconnected or
the server is down, and stops when the game ends.  Running out is a room
`result`, kept apart from the engine's outcome so that a game record stays
exactly what the rules produced.

What the room's files hold, and how they are read back, is `roomfile.py`'s.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import time
from collections.abc import Callable
from typing import Any

from whitechapel.core.errors import RecordError, WhitechapelError
from whitechapel.core.game import PUBLIC, legal_of, view_json, with_legal
from whitechapel.core.names import numbered
from whitechapel.core.record import now_iso
from whitechapel.core.registry import rules_for
from whitechapel.core.seats import SeatingError
from whitechapel.core.settings import check_settings
from whitechapel.net.clock import ChessClock

log = logging.getLogger(__name__)

ROOM_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"  # no look-alikes: B/8, I/1/L, O/0, S/5, Z/2
ROOM_CODE = re.compile(r"^[A-Z0-9]{1,12}$")
DEFAULT = object()  # "not given": the game's default clock
REJOIN_LENGTH = 6  # characters of a seat's rejoin code: 25**6, about 2.4e8 codes


class RoomError(WhitechapelError):
    """A request the room refuses: a seat taken, not your turn, game over."""


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


holder_digest = _digest  # what a room's `holders` keep of a proven identity


class Room:
    """One game held authoritatively, its seats and its clock."""

    def __init__(
        self,
        room_id: str,
        kind: str,
        game: Any,
        *,
        seed: int | None,
        seat_count: int | None = None,
        clock: ChessClock | None = None,
        created: str | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        """`seat_count` is the game's own (LfW: police seats); a count the
        game does not allow is a `RoomError`."""
        self.id = room_id
        self.kind = kind
        self.game = game
        self.seed = seed
        self.now = now
        self.created = created or now_iso()
        try:
            self.seating = rules_for(kind).seating(seat_count)
        except SeatingError as e:
            raise RoomError(str(e)) from None
        self.seats: tuple[str, ...] = self.seating.seats
        self.tokens: dict[str, str] = {}  # seat -> SHA-256 of its token; absent: free
        self.names: dict[str, str] = {}
        # Seats taken through the SSH gateway: the SHA-256 of the identity
        # that took each (it rejoins without a token), and of each seat's
        # rejoin code (a password session's way back: its identity is new).
        self.holders: dict[str, str] = {}
        self.codes: dict[str, str] = {}
        self.computers: dict[str, str] = {}  # seat -> level: seats the server's computer plays
        # The game's settings its creator chose (core/settings.py), the same at every seat.
        self.settings: dict[str, str] = {}
        self.clock = clock
        self.result: dict[str, str] | None = None  # a time-out; the engine's outcome is apart
        self.watchers = 0  # kept by the server: spectators connected now
        self.creator = ""  # kept by the server: the address that created it
        self.identity = ""  # kept by the server: the identity that created it
        self.version = 0  # bumped by every change; the server persists and broadcasts on it
        self.touched = now()  # wall time of the last change, or of the last peer leaving
        self._views: dict[Any, dict[str, Any]] = {}
        self._views_version = -1

    @classmethod
    def new(
        cls,
        kind: str,
        room_id: str,
        *,
        options: Any = None,
        seed: int | None = None,
        seats: int | None = None,
        clock: Any = DEFAULT,
        settings: Any = None,
        now: Callable[[], float] = time.time,
    ) -> Room:
        """A fresh game of `kind` (a name in the registry), with the game's
        `settings` a room may choose; refusals are `RoomError`s."""
        from whitechapel.core.chance import new_seed

        rules = rules_for(kind)
        try:
            opts = rules.check_options(options or {})
            chosen = check_settings(rules.settings, settings, title=rules.title, rooms=True)
        except RecordError as e:
            raise RoomError(str(e)) from None
        try:
            rules.seating(seats)  # refused before any chance is drawn
        except SeatingError as e:
            raise RoomError(str(e)) from None
        seed = new_seed() if seed is None else seed
        game = rules.start(rules.random_setup(seed, opts), opts)
        limit = rules.default_clock if clock is DEFAULT else clock
        timer = ChessClock.fresh(float(limit), game.sides) if limit else None
        room = cls(room_id, kind, game, seed=seed, seat_count=seats, clock=timer, now=now)
        room.settings = chosen
        return room

    # -- seats ---------------------------------------------------------------

    def side_of(self, seat: str | None) -> str | None:
        return None if seat is None else self.seating.side_of(seat)

    def take(
        self,
        seat: str | None,
        name: str,
        identity: str | None = None,
        away: dict[str, str] | None = None,
    ) -> tuple[str, str]:
        """Sit `name` on `seat` (None: the first free one; a side that is not
        a seat's name, as LfW's 'police': its first free seat); returns the
        seat and its token, shown only now.  A proven `identity` (the
        gateway's) is bound to the seat: it alone rejoins without a token.
        `away` (seat -> name) is named if there is no free seat."""
        free = [s for s in self.seats if s not in self.tokens]
        if seat is None or (seat in self.game.sides and seat not in self.seats):
            wanted = [s for s in free if seat is None or self.side_of(s) == seat]
            if not wanted:
                raise RoomError(self.no_free_seat(away or {}))
            seat = wanted[0]
        if seat not in self.seats:
            raise RoomError(f"room {self.id} has no seat {seat!r} (seats: {', '.join(self.seats)})")
        if seat in self.tokens:
            raise RoomError(f"seat {seat} of room {self.id} is taken")
        token = secrets.token_urlsafe(18)
        self.tokens[seat] = _digest(token)
        self.names[seat] = numbered(name, {n for s, n in self.names.items() if s != seat})
        if identity is not None:
            self.holders[seat] = _digest(identity)
        self._changed()
        return seat, token

    def no_free_seat(self, away: dict[str, str]) -> str:
        """The refusal of a full room, naming the seats whose player is away:
        one of them may be the asker's, taken back with its rejoin code."""
        if not away:
            return f"room {self.id} has no free seat (take yours back with its rejoin code)"
        said = " and ".join(f"{s} ({name})" if name else s for s, name in away.items())
        which = "is away; if that seat is" if len(away) == 1 else "are away; if one of them is"
        return (
            f"room {self.id} has no free seat: {said} {which} yours, "
            "take it back with its rejoin code"
        )

    def seat_computer(self, level: str) -> list[str]:
        """The computer (of `level`) takes every seat still free; returns
        them.  Its token is drawn and forgotten: only the server plays there."""
        from whitechapel.core.players import PlayerError, levels

        offered = levels(self.kind)
        if level not in offered:
            known = ", ".join(offered) or "none for this game"
            raise RoomError(f"there is no {level!r} computer player (levels: {known})")
        free = [s for s in self.seats if s not in self.tokens]
        if not free:
            raise RoomError(f"room {self.id} has no free seat for the computer")
        for seat in free:
            try:
                self.take(seat, f"Computer ({level})")
            except PlayerError as e:  # pragma: no cover - the levels were checked
                raise RoomError(str(e)) from None
            self.computers[seat] = level
        return free

    def computer_to_act(self) -> str | None:
        """The seat to act, if the computer plays it."""
        seat = self.to_act()
        return seat if seat in self.computers else None

    def new_code(self, seat: str) -> str:
        """A fresh rejoin code for `seat` (6 characters of the room-code
        alphabet), shown only now; the room keeps its SHA-256."""
        code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(REJOIN_LENGTH))
        self.codes[seat] = self._code_digest(seat, code)
        return code

    def _code_digest(self, seat: str, code: str) -> str:
        return _digest(f"{self.id}:{seat}:{code}")

    def rejoin_with_code(self, code: str, seat: str | None = None) -> str:
        """The seat whose rejoin code is `code` (checked against `seat` if named)."""
        for s in self.seats:
            d = self.codes.get(s)
            if d is None or seat not in (None, s, self.side_of(s)):
                continue
            if hmac.compare_digest(d, self._code_digest(s, code)):
                return s
        raise RoomError(f"that rejoin code holds no seat in room {self.id}")

    def held_by(self, identity: str, seat: str | None = None) -> str | None:
        """The seat `identity` took (the first matching `seat`, if named), or None."""
        digest = _digest(identity)
        for s in self.seats:
            d = self.holders.get(s)
            if (
                d is not None
                and hmac.compare_digest(d, digest)
                and seat in (None, s, self.side_of(s))
            ):
                return s
        return None

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
        return None if self.over else self.seating.to_act(self.game)

    def act(self, seat: str, text: str) -> None:
        """Play `text` for `seat`; refusals are `RoomError` or the engine's own
        sentence, and change nothing in the game."""
        if seat not in self.seats:
            raise RoomError(f"room {self.id} has no seat {seat!r}")
        self.check_time()
        if self.over:
            final = self.final()
            raise RoomError(f"the game is over: {final['reason'] if final else ''}")
        refusal = self.seating.refusal(self.game, seat, text)
        if refusal is not None:
            raise RoomError(refusal)
        self.game.play(text, self.side_of(seat))
        self._changed()

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
            view = view_json(self.game.view(PUBLIC if side is None else side))
            if self.result is not None:  # the end shows everything, as the engine's does
                view = {**view, **self.game.reveal()}
            self._views[side] = view
        return self._views[side]

    def view_to_play(self, seat: str) -> Any:
        """What the server's computer at `seat` is asked with: the seat's
        side's view, its legal actions narrowed to the ones this seat may
        send (at an LfW police seat that is not the Chief's, O6's naming of
        the hideout is the Chief's decision, not this seat's)."""
        side = self.side_of(seat)
        view = self.game.view(PUBLIC if side is None else side)
        legal = legal_of(view)
        if not legal:
            return view
        mine = [text for text in legal if self.seating.refusal(self.game, seat, text) is None]
        return view if len(mine) == len(legal) else with_legal(view, mine)

    def state_message(self, seat: str | None) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "type": "state",
            "room": self.id,
            "seat": seat,
            "view": self.view_for(seat),
            "to_act": self.to_act(),
        }
        if self.clock is not None:
            msg["clock"] = self.clock.public(self.now())
        if self.settings:
            msg["settings"] = dict(self.settings)
        final = self.final()
        if final is not None:
            msg["result"] = final
        return msg

    def summary(self) -> dict[str, Any]:
        return {
            "room": self.id,
            "game": self.kind,
            "seats": self.taken(),
            "names": {s: self.names.get(s, "") for s in self.seats if s in self.tokens},
            "watchers": self.watchers,
            "over": self.over,
        }

    # -- its record --------------------------------------------------------------------

    def players(self) -> dict[str, str]:
        """Each side's players for the record, its seats' names joined; the
        server's computer named as records name it (`computer:LEVEL`, once
        for all the seats of a side it plays), so that the record, played
        on at one keyboard, plays the computer again."""
        from whitechapel.core.players import computer_name

        out: dict[str, list[str]] = {}
        for seat in self.seats:
            if seat in self.names:
                name = (
                    computer_name(self.computers[seat])
                    if seat in self.computers
                    else self.names[seat]
                )
                names = out.setdefault(self.side_of(seat) or seat, [])
                if seat not in self.computers or name not in names:
                    names.append(name)
        return {side: ", ".join(names) for side, names in out.items()}
