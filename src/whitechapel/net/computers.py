"""The server's computer seats: its players think in worker processes
(`core/thinking.py`, never on the event loop), each given its seat's view
only (`Room.view_to_play`), and their answers are played as a person's
would be.  The computer may hold several seats of one side (LfW's police
seats): one player of that side plays them all, asked at each seat's turn.

When to think and which answers to play is `core/turns.py`'s
`ComputerTurns`, one per room, the same as at the hot seat: once per
change of the room, an answer for a room that changed meanwhile dropped.
Playing the answer (under the room's lock, if the room is still where it
was) is the server's `play` callback, so a computer's action takes the
very path a person's does.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import Future

from whitechapel.core import players
from whitechapel.core.thinking import Workers
from whitechapel.core.turns import ComputerTurns
from whitechapel.net.rooms import Room

log = logging.getLogger("whitechapel.net.server")  # the server's log, as operators know it

# (room, seat, the room's version the answer is for, the answer's text)
Play = Callable[[Room, str, int, str], Awaitable[None]]


class ComputerSeats:
    def __init__(self, play: Play, workers: int = 1) -> None:
        self.play = play
        self.thinkers = Workers(workers)
        self._turns: dict[str, ComputerTurns] = {}  # room -> its computer's turns
        self._seeds: dict[str, int] = {}  # room -> its players' seed (not kept on disk)

    def turn(self, room: Room) -> None:
        """If the computer plays the seat to act, let it think (once per change)."""
        seat = room.computer_to_act()
        if seat is None:
            return
        turns = self._turns.get(room.id)
        if turns is None:
            turns = self._turns[room.id] = ComputerTurns(
                lambda seat, version, action: self._play(room, seat, version, action),
                version=lambda: room.version,
                failed=lambda seat, error: self._failed(room, error),
            )
        turns.turn(seat, lambda: self._ask(room, seat))

    def _ask(self, room: Room, seat: str) -> Future[players.Answer]:
        seed = self._seeds.setdefault(room.id, secrets.randbits(48))
        table = players.table_of(room.kind, room.game)  # public: what every seat knows
        return self.thinkers.submit(
            room.id,
            room.kind,
            room.computers[seat],
            room.side_of(seat) or "",
            seed,
            room.view_to_play(seat),
            table,
        )

    async def _play(self, room: Room, seat: str, version: int, action: str) -> None:
        try:
            await self.play(room, seat, version, action)
        finally:
            if room.over:
                self.forget(room)

    def _failed(self, room: Room, error: BaseException) -> None:
        log.error("room %s: the computer could not play", room.id, exc_info=error)
        if room.over:
            self.forget(room)

    def forget(self, room: Room) -> None:
        """The room left the table: its players go."""
        if room.id in self._seeds:
            self.thinkers.forget(room.id)
        turns = self._turns.pop(room.id, None)
        if turns is not None:
            turns.stop()
        self._seeds.pop(room.id, None)

    def stop(self) -> None:
        for turns in self._turns.values():
            turns.stop()
        self._turns.clear()
        self.thinkers.shutdown()
