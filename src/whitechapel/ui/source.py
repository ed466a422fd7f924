"""Where a game screen's game comes from: the one seam between a screen and
what feeds it.

A game screen reads views and sends action texts; it never decides a rule.
Two sources feed it:

- `LocalSource`: an engine, its record and the store (the hot seat).  An
  action is played at once; the record is saved after every action.
- `RemoteSource`: a seat at a game server (`ui/lobby.py`'s `Link`).  An
  action goes to the server as its text and is pending until the next
  `state` message (or an error) arrives; the server keeps the record and
  every secret, and the seat only ever has its own view.

Both keep `Source`'s small interface; the screens use nothing else.
"""

from __future__ import annotations

import dataclasses
import time
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from whitechapel.core.game import Game, Outcome
from whitechapel.core.players import computer_seats, computer_title
from whitechapel.core.record import Record, record_of, replay, turns_of
from whitechapel.core.store import Store, autosave_name


class Sent(StrEnum):
    """What became of a sent action (a refusal raises instead)."""

    PLAYED = "played"  # played now: the new state can be read
    PENDING = "pending"  # gone to the server: a state, or an error, follows


class Source(Protocol):
    hot_seat: bool  # every side at one keyboard: hand-overs, and the record kept here
    computers: dict[str, str]  # the sides the computer plays here (hot seat), with their levels
    room: str | None  # the server's room (None: local)
    seat_side: str | None  # a network seat's side (None: local, or a spectator)
    waiting: bool  # an action is on its way to the server

    @property
    def version(self) -> int:
        """Changes with every new state: the screens' cache key."""
        ...

    @property
    def settings(self) -> dict[str, str]:
        """The game's settings, as the setup or the network room chose them
        (core/settings.py; one left out is at its default)."""
        ...

    @property
    def to_act(self) -> str | None: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def seat_to_act(self) -> str | None:
        """Who is to act, as a seat (at a server: an LfW police seat, not the side)."""
        ...

    def view(self, side: str) -> Any:
        """The view of `side` (a game side or `PUBLIC`), the game's own type;
        a seat has only its own."""
        ...

    def legal_actions(self) -> list[str]:
        """The texts the side to act may send now."""
        ...

    def player(self, side: str) -> str | None:
        """Who plays `side`, as shown ("you" on a network seat's own side)."""
        ...

    def may_act(self, side: str | None) -> bool:
        """May the keyboard, held by `side`, send an action now?"""
        ...

    def send(self, text: str) -> Sent:
        """Play `text` for the side to act; raises `WhitechapelError` when it is
        refused here (the engine's sentence), and then changes nothing."""
        ...

    async def deliver(self, text: str) -> None:
        """After `Sent.PENDING`: the text on its way (raises if it cannot go)."""
        ...

    @property
    def saves(self) -> bool:
        """Is the record kept here (autosave, ctrl+s)?  Else the server keeps it."""
        ...

    def autosave(self) -> Path | None: ...

    def save_copy(self) -> Path | None: ...


class LocalSource:
    """An engine at one keyboard, its record and the store it is saved in."""

    hot_seat = True
    room: str | None = None
    seat_side: str | None = None
    waiting = False
    saves = True

    def __init__(self, game: Game, record: Record, store: Store | None = None) -> None:
        self.game = game
        self.record = record
        self.store = store or Store()
        self._taken = 0  # `version` past the history's length: a take-back counts as a state
        # The sides the computer plays (side -> level): named so in the record,
        # so that Continue and a rematch keep them.
        self.computers = computer_seats(record.game, record.players)

    @property
    def settings(self) -> dict[str, str]:
        return self.record.settings

    @property
    def version(self) -> int:
        return len(self.game.history) + self._taken

    def take_back(self, side: str) -> int:
        """Take back `side`'s last action and every one after it (the
        computer's answers): the game as it stood before it, replayed from
        its record (testers PS and PU, issue 44: a learner's game could not
        take back a move).  How many actions went (0: `side` has played
        none, and nothing changes)."""
        record = self.current_record()
        before = turns_of(record)
        keep = max((i for i, who in enumerate(before) if who == side), default=None)
        if keep is None:
            return 0
        shown = self.version
        self.game = replay(dataclasses.replace(record, actions=record.actions[:keep], outcome=None))
        self._taken = shown + 1 - len(self.game.history)  # a new state: every cache's key moves on
        return len(record.actions) - keep

    @property
    def to_act(self) -> str | None:
        return self.game.to_act

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome

    @property
    def seat_to_act(self) -> str | None:
        return self.game.to_act

    def view(self, side: str) -> Any:
        return self.game.view(side)

    def legal_actions(self) -> list[str]:
        return [str(a) for a in self.game.legal_actions()]

    def player(self, side: str) -> str | None:
        if side in self.computers:
            return computer_title(self.computers[side])
        return self.record.players.get(side)

    def may_act(self, side: str | None) -> bool:
        return self.game.outcome is None and side == self.game.to_act

    def send(self, text: str) -> Sent:
        self.game.play(text, self.game.to_act)
        return Sent.PLAYED

    async def deliver(self, text: str) -> None:  # pragma: no cover - never pending
        pass

    def current_record(self) -> Record:
        # Its settings go with it (the hand-over mode, ...): Continue keeps them.
        return record_of(
            self.game,
            seed=self.record.seed,
            players=self.record.players,
            started=self.record.started,
            settings=self.record.settings,
        )

    def autosave(self) -> Path | None:
        record = self.current_record()
        return self.store.save(record, autosave_name(record))

    def save_copy(self) -> Path | None:
        record = self.current_record()
        return self.store.save(record, autosave_name(record).replace("autosave-", "game-"))


class RemoteSource:
    """A seat's picture of a game at a server, from its `state` messages."""

    hot_seat = False
    saves = False
    computers: dict[str, str] = {}  # a network room's computer is the server's

    def __init__(self, link: Any, room: str, seat: str | None, first: dict[str, Any]) -> None:
        self.link, self.seat = link, seat
        self.room: str | None = room
        self.state: dict[str, Any] = {}
        self.received = 0.0  # when the last state came (the running clock counts from it)
        self.version = 0
        self.waiting = False
        self.displaced = ""  # why this seat is no longer this screen's (taken back elsewhere)
        self._typed: tuple[int, Any] | None = None  # (version, the view typed)
        self.receive(first)
        self.seat_side: str | None = self.current.get("side") if seat is not None else None
        # The room's settings (its `state` messages carry them), the same at every seat.
        self.settings: dict[str, str] = dict(first.get("settings") or {})

    def receive(self, state: dict[str, Any]) -> bool:
        """A `state` message: the seat's new view (the first one only once).
        False when only who is away changed (the game is where it was: the
        choice being made stays)."""
        if state is self.state:
            self.waiting = False
            return False
        keys = ("room", "seat", "view", "to_act", "result")
        same = bool(self.state) and all(state.get(k) == self.state.get(k) for k in keys)
        self.state = state
        self.received = time.monotonic()
        if same:  # an action sent is still awaited
            return False
        self.waiting = False
        self.version += 1
        return True

    @property
    def away(self) -> dict[str, str]:
        """The other seats whose player is not connected now (seat -> name)."""
        away = self.state.get("away")
        if not isinstance(away, dict):
            return {}
        return {str(s): str(n) for s, n in away.items() if s != self.seat}

    @property
    def open_seats(self) -> tuple[str, ...]:
        """The room's seats no player has taken yet (the server's `open`)."""
        seats = self.state.get("open")
        if not isinstance(seats, list):
            return ()
        return tuple(str(s) for s in seats[:16])

    @property
    def current(self) -> dict[str, Any]:
        return self.state.get("view", {})

    @property
    def to_act(self) -> str | None:
        return None if self.outcome else self.current.get("to_act")

    @property
    def outcome(self) -> Outcome | None:
        """The engine's outcome, or the room's (a chess clock ran out)."""
        result = self.state.get("result") or self.current.get("outcome")
        return Outcome.from_json(result) if result else None

    @property
    def seat_to_act(self) -> str | None:
        return self.state.get("to_act")

    def view(self, side: str) -> Any:
        """The seat's own view (it only ever has its own), typed as the
        game's engine gives it."""
        if self._typed is None or self._typed[0] != self.version:
            from whitechapel.core.registry import rules_for

            self._typed = (
                self.version,
                rules_for(self.current["game"]).view_from_json(self.current),
            )
        return self._typed[1]

    def legal_actions(self) -> list[str]:
        return list(self.current.get("legal", []))

    def player(self, side: str) -> str | None:
        return "you" if side is not None and side == self.seat_side else None

    def leave(self, reason: str) -> None:
        """The server gave this seat to someone else: nothing more to play here."""
        self.displaced = reason or "you left the room"
        self.waiting = False

    def may_act(self, side: str | None) -> bool:
        """The state names the seat to act (an LfW police seat, not the side)."""
        return (
            not self.waiting
            and not self.displaced
            and self.outcome is None
            and self.seat is not None
            and self.seat_to_act == self.seat
        )

    def send(self, text: str) -> Sent:
        self.waiting = True
        return Sent.PENDING

    async def deliver(self, text: str) -> None:
        await self.link.send({"type": "act", "room": self.room, "action": text})

    def clock_text(self) -> str:
        """A duel's chess clock: each side's time left, the running one counted
        down from when the state came (the server decides when time is up)."""
        clock = self.state.get("clock") or {}
        if self.displaced:  # not this screen's game any more: no clock runs for it
            return ""
        parts = []
        for side, t in (clock.get("remaining") or {}).items():
            if side == clock.get("running") and not self.outcome:
                t = max(0.0, t - (time.monotonic() - self.received))
            parts.append(f"{side} {int(t) // 60}:{int(t) % 60:02d}")
        return ("  ⏱ " + "  ".join(parts)) if parts else ""

    def rejoin_code(self) -> str:
        """This seat's rejoin code, when the lobby was told it."""
        if self.seat is None or not hasattr(self.link, "rejoin_code"):
            return ""
        return str(self.link.rejoin_code(self.room))

    def autosave(self) -> Path | None:
        return None

    def save_copy(self) -> Path | None:
        return None
