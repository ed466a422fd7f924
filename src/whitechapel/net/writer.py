"""The game server's writes to its room store (`roomstore.py`), in order.

Two paces.  A change to a room is made durable *before* anyone hears of it:
`save_now` appends one journal line and fsyncs it, off the event loop, while
the caller holds the room's lock.  Everything else waits for one writer task,
a batch at a time: snapshots (a room changed twice before its turn is written
once, at its newest), then the records of finished rooms, then the files of
retired rooms; a batch starts after the last one ended, so a retired room's
files are never written again after their removal.
"""

from __future__ import annotations

import asyncio
import logging

from whitechapel.net.roomfile import dumps
from whitechapel.net.rooms import Room, RoomError
from whitechapel.net.roomstore import RoomStore

log = logging.getLogger("whitechapel.net.server")  # the server's log, as operators know it


class RoomWriter:
    def __init__(self, store: RoomStore, persist: bool = True) -> None:
        """`persist` False: nothing is written (tests and benchmarks)."""
        self.store = store
        self.persist = persist
        self._unsaved: dict[str, Room] = {}  # rooms changed since their snapshot was written
        self._finishing: dict[str, Room] = {}  # ended rooms whose record is to be written
        self._gone: set[str] = set()  # retired rooms whose files are to be removed
        self._pending: dict[str, Room] = {}  # finished, record not yet on disk
        self.failed: set[str] = set()  # rooms whose last snapshot could not be written
        self._task: asyncio.Task | None = None

    async def save_now(self, room: Room) -> None:
        """Make the room's latest change durable: one journal line, fsynced
        (off the event loop, so other rooms play on meanwhile; call it
        holding the room's lock).  A failure is logged and refused to the
        sender as a `RoomError`; nobody is told of the change, and the next
        line written carries it."""
        if not self.persist:
            return
        before = self.store.journal_of(room.id).copy()
        line = self.store.line(room)
        if line is None:
            return
        try:
            await asyncio.to_thread(self.store.write_line, room.id, line, before.version < 0)
        except OSError as e:
            self.store.journals[room.id] = before  # not written: the next line carries it
            log.error("room %s: the change could not be written: %s", room.id, e)
            raise RoomError("the server could not save this change (logged)") from None

    def snapshot(self, room: Room) -> None:
        """Write the room's snapshot soon (its journal is emptied after)."""
        if self.persist:
            self._unsaved[room.id] = room
            self._start()

    def finished(self, room: Room) -> None:
        """The room ended: its record is written soon, its files removed."""
        self._unsaved.pop(room.id, None)
        if self.persist:
            self._pending[room.id] = room
            self._finishing[room.id] = room
            self._start()

    def retired(self, room_id: str) -> None:
        """The room retired: its files are removed soon."""
        self._unsaved.pop(room_id, None)
        if self.persist:
            self._gone.add(room_id)
            self._start()

    def pending_record(self, record_id: str) -> Room | None:
        """A room that ended a moment ago, whose record is still being written."""
        return self._pending.get(record_id)

    async def flush(self) -> None:
        """Wait until every snapshot, record and removal has been written."""
        while self._task is not None:
            await asyncio.shield(self._task)

    def _start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._write())

    async def _write(self) -> None:
        try:
            while self._unsaved or self._finishing or self._gone:
                batch = [(room, dumps(room), room.version) for room in self._unsaved.values()]
                finishing, gone = list(self._finishing.values()), list(self._gone)
                self._unsaved.clear()
                self._finishing.clear()
                self._gone.clear()
                saved = await asyncio.to_thread(self._write_batch, batch, finishing, gone)
                written = {room.id for room, _ in saved}
                self.failed |= {room.id for room, _, _ in batch} - written
                self.failed -= written | {room.id for room in finishing} | set(gone)
                for room, version in saved:  # the snapshot holds the journal's lines
                    if room.version == version == self.store.journal_of(room.id).version:
                        self.store.empty_journal(room.id)
                for room in finishing:
                    self._pending.pop(room.id, None)
        finally:
            self._task = None

    def _write_batch(
        self, batch: list[tuple[Room, str, int]], finishing: list[Room], gone: list[str]
    ) -> list[tuple[Room, int]]:
        saved = []
        for room, text, version in batch:
            try:
                self.store.write(room.id, text)
                saved.append((room, version))
            except OSError as e:
                log.error("room %s could not be saved: %s", room.id, e)
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
