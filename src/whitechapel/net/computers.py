"""The server's computer seats: its players think in worker processes
(`core/thinking.py`, never on the event loop), each given its seat's view
only (`Room.view_to_play`), and their answers are played as a person's
would be.  The computer may hold several seats of one side (LfW's police
seats): one player of that side plays them all, asked at each seat's turn.

`ComputerSeats` knows when to think and whom to ask; playing the answer
(under the room's lock, if the room is still where it was) is the server's
`play` callback, so a computer's action takes the very path a person's does.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable

from whitechapel.core import players
from whitechapel.core.thinking import Workers
from whitechapel.net.rooms import Room

log = logging.getLogger("whitechapel.net.server")  # the server's log, as operators know it

# (room, seat, the room's version the answer is for, the answer's text)
Play = Callable[[Room, str, int, str], Awaitable[None]]


class ComputerSeats:
    def __init__(self, play: Play, workers: int = 1) -> None:
        self.play = play
        self.thinkers = Workers(workers)
        self._thinking: dict[str, int] = {}  # room -> the version its computer thinks about
        self._seeds: dict[str, int] = {}  # room -> its players' seed (not kept on disk)
        self._tasks: set[asyncio.Task] = set()

    def turn(self, room: Room) -> None:
        """If the computer plays the seat to act, let it think (once per change)."""
        seat = room.computer_to_act()
        if seat is None or self._thinking.get(room.id) == room.version:
            return
        self._thinking[room.id] = room.version
        task = asyncio.create_task(self._think(room, seat, room.version))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, room: Room, seat: str, version: int) -> None:
        side = room.side_of(seat)
        seed = self._seeds.setdefault(room.id, secrets.randbits(48))
        try:
            table = players.table_of(room.kind, room.game)  # public: what every seat knows
            future = self.thinkers.submit(room.id, room.kind, room.computers[seat], side or "",
                                          seed, room.view_to_play(seat), table)  # fmt: skip
            answer = await asyncio.wrap_future(future)
            await self.play(room, seat, version, answer.action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: the computer could not play", room.id)
        finally:
            if room.over:
                self.forget(room)

    def forget(self, room: Room) -> None:
        """The room left the table: its players go."""
        if room.id in self._seeds:
            self.thinkers.forget(room.id)
        self._thinking.pop(room.id, None)
        self._seeds.pop(room.id, None)

    def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.thinkers.shutdown()
