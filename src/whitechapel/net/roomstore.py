"""Where the rooms live between restarts: one file per room."""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from whitechapel.core.errors import RecordError
from whitechapel.core.store import atomic_write_text, data_dir
from whitechapel.net.rooms import Room

log = logging.getLogger("whitechapel.net.rooms")


class RoomStore:
    """One file per room, `<code>.json` under the data folder's `rooms/`,
    written atomically after every change (`core.store.atomic_write_text`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.folder = (Path(root) if root is not None else data_dir()) / "rooms"

    def path(self, room_id: str) -> Path:
        return self.folder / f"{room_id}.json"

    def exists(self, room_id: str) -> bool:
        """Whether the code is used, by a room here or a finished one."""
        finished = self.folder / "finished" / f"{room_id}.json"
        return self.path(room_id).exists() or finished.exists()

    def write(self, room_id: str, text: str) -> None:
        atomic_write_text(self.path(room_id), text)

    def retire(self, room_id: str) -> None:
        """Move a finished room's file out of the way of restores."""
        finished = self.folder / "finished"
        finished.mkdir(parents=True, exist_ok=True)
        if self.path(room_id).exists():
            os.replace(self.path(room_id), finished / f"{room_id}.json")

    def save(self, room: Room) -> None:
        self.write(room.id, room.dumps())

    def load_all(self, now: Callable[[], float] = time.time) -> dict[str, Room]:
        """Every readable room; a file that cannot be restored is skipped and
        logged with its reason, never a crash (a restart must not be lost to
        one bad file)."""
        rooms: dict[str, Room] = {}
        if not self.folder.is_dir():
            return rooms
        for path in sorted(self.folder.glob("*.json")):
            try:
                room = Room.from_json(json.loads(path.read_text(encoding="utf-8")), now)
                if room.id != path.stem:
                    raise RecordError(f"the file holds room {room.id}")
            except Exception as e:  # any corruption at all: skip this room, keep the rest
                log.warning("room file %s skipped: %s", path, e)
                continue
            rooms[room.id] = room
        return rooms
