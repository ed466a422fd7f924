"""Where the rooms live between restarts, and the records of finished games.

Under the data folder:

- `rooms/<code>.journal`: the room's journal, one JSON line per change,
  appended and fsynced *before* anyone is told of the change (the server
  calls `append` in the message's handler, then broadcasts).  Its first line
  holds the whole room as created; each later one what changed
  (`roomfile.journal_line`; the store keeps how far each room's journal
  got).  Appending a line costs a fraction of a millisecond, far
  less than rewriting a room file (docs/protocol.md, "Durability").
- `rooms/<code>.json`: a snapshot of the room (`roomfile.to_json`, with the
  change number it holds), written off the event loop after changes; once a
  snapshot holds a room's newest change the journal is emptied.  A restart
  reads the snapshot, then replays the journal's later lines.
- `records/<code>.json`: the game record of a finished room (docs/records.md)
  with a `server` object saying when and how the room ended.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from whitechapel.core.errors import RecordError
from whitechapel.core.files import write_failed
from whitechapel.core.store import atomic_write_text, data_dir
from whitechapel.net import roomfile
from whitechapel.net.roomfile import Journal
from whitechapel.net.rooms import ROOM_CODE, Room

log = logging.getLogger("whitechapel.net.rooms")

JOURNAL = ".journal"


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).replace(microsecond=0).isoformat()


class RoomStore:
    """The journal and snapshot of every room, and the finished games' records."""

    def __init__(self, root: Path | None = None) -> None:
        root = Path(root) if root is not None else data_dir()
        self.folder = root / "rooms"
        self.records = root / "records"
        self.journals: dict[str, Journal] = {}  # room -> how far its journal got

    def path(self, room_id: str) -> Path:
        return self.folder / f"{room_id}.json"

    def journal(self, room_id: str) -> Path:
        return self.folder / f"{room_id}{JOURNAL}"

    def exists(self, room_id: str) -> bool:
        """Whether the code is used: by a room here, or a finished game's record."""
        return any(
            p.exists()
            for p in (
                self.path(room_id),
                self.journal(room_id),
                self.records / f"{room_id}.json",
                self.folder / "finished" / f"{room_id}.json",  # older servers' finished rooms
            )
        )

    # -- the journal: written before anyone is told ---------------------------------

    def journal_of(self, room_id: str) -> Journal:
        """How far the room's journal got (a new room's: nowhere)."""
        return self.journals.setdefault(room_id, Journal())

    def append(self, room: Room) -> bool:
        """Write what changed in `room` since its journal's last line, and
        fsync it; True if there was anything to write."""
        new = self.journal_of(room.id).version < 0
        line = self.line(room)
        if line is None:
            return False
        self.write_line(room.id, line, new)
        return True

    def line(self, room: Room) -> bytes | None:
        """The room's next journal line (None: nothing changed); it is
        counted as written (`journals[room.id]` put back undoes that)."""
        journal = self.journal_of(room.id)
        entry = roomfile.journal_line(room, journal)
        if entry is None:
            return None
        journal.mark(room)
        return (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode()

    def write_line(self, room_id: str, line: bytes, new: bool) -> None:
        """Append one line and fsync it.  A new room's journal is created
        with its first line (the whole room), and the folder fsynced so that
        the file itself survives a crash."""
        path = self.journal(room_id)
        if new:
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        else:
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
        try:  # a failure names the journal (a full disk's message names no file)
            if new:
                self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, flags, 0o600)
            try:
                written = os.write(fd, line)
                while written < len(line):  # a short write: finish it
                    written += os.write(fd, line[written:])
                os.fsync(fd) if new else os.fdatasync(fd)
            finally:
                os.close(fd)
        except OSError as e:
            raise write_failed(e, path) from None
        if new:
            _fsync_folder(self.folder)

    def write(self, room_id: str, text: str) -> None:
        """A room's snapshot (`roomfile.dumps`), atomically."""
        atomic_write_text(self.path(room_id), text)

    def save(self, room: Room) -> None:
        self.write(room.id, roomfile.dumps(room))

    def empty_journal(self, room_id: str) -> None:
        """The snapshot holds every change: the journal's lines are spent.
        (Not fsynced: lines the snapshot holds are skipped at restore anyway.)"""
        with contextlib.suppress(FileNotFoundError):
            os.truncate(self.journal(room_id), 0)

    def checkpoint(self, room: Room) -> None:
        """Snapshot the room and empty its journal (after a restore)."""
        self.save(room)
        self.empty_journal(room.id)
        self.journal_of(room.id).mark(room)

    def remove(self, room_id: str) -> None:
        """The room is gone (retired, or its record written)."""
        self.journals.pop(room_id, None)
        for path in (self.path(room_id), self.journal(room_id)):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    # -- restoring --------------------------------------------------------------

    def load_all(self, now: Callable[[], float] = time.time) -> dict[str, Room]:
        """Every room that can be restored: its snapshot, then its journal's
        later lines.  A torn last line (a crash while appending: that change
        was never acknowledged) is ignored with a log line; a room that
        cannot be restored is skipped with its reason, never a crash (a
        restart must not be lost to one bad file)."""
        rooms: dict[str, Room] = {}
        if not self.folder.is_dir():
            return rooms
        codes = sorted(
            {p.stem for p in self.folder.glob("*.json")}
            | {p.stem for p in self.folder.glob(f"*{JOURNAL}")}
        )
        for code in codes:
            try:
                room = self._load(code, now)
            except Exception as e:  # any corruption at all: skip this room, keep the rest
                log.warning("room %s skipped: %s", code, e)
                continue
            if room is not None:
                rooms[room.id] = room
        return rooms

    def _load(self, code: str, now: Callable[[], float]) -> Room | None:
        room: Room | None = None
        if self.path(code).exists():
            room = roomfile.from_json(json.loads(self.path(code).read_text(encoding="utf-8")), now)
        journal = self.journal(code)
        lines = journal.read_bytes().split(b"\n") if journal.exists() else []
        last = len(lines) - 1  # the text after the last newline: b"" unless torn
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                if not isinstance(entry, dict) or i == last:  # no newline: torn
                    raise ValueError("not a whole line")
            except ValueError:
                if i >= last - 1 and not any(rest.strip() for rest in lines[i + 1 :]):
                    log.warning(
                        "room %s: the journal's torn last line is ignored "
                        "(a crash while writing it; it was never acknowledged)",
                        code,
                    )
                    break
                raise RecordError(f"line {i + 1} of the journal is broken") from None
            version = entry.get("v")
            if room is not None and isinstance(version, int) and version <= room.version:
                continue  # the snapshot holds it
            if "room" in entry:
                room = roomfile.from_json(entry["room"], now)
            elif room is None:
                raise RecordError("the journal does not begin with the room")
            else:
                roomfile.apply_line(room, entry)
        if room is None:
            return None
        if room.id != code:
            raise RecordError(f"the file holds room {room.id}")
        return room

    # -- records of finished games --------------------------------------------------

    def write_record(self, room: Room, ended: float) -> str:
        """The finished room's game record, durably; returns its id."""
        atomic_write_text(self.records / f"{room.id}.json", record_document(room, ended))
        return room.id

    def has_record(self, record_id: str) -> bool:
        return bool(ROOM_CODE.match(record_id)) and (self.records / f"{record_id}.json").exists()

    def record_text(self, record_id: str) -> str | None:
        if not ROOM_CODE.match(record_id):  # a code, never a path
            return None
        try:
            return (self.records / f"{record_id}.json").read_text(encoding="utf-8")
        except (FileNotFoundError, UnicodeDecodeError):
            return None

    def recent_records(self, count: int) -> list[dict[str, Any]]:
        """The newest `count` records' summaries, newest first."""
        if not self.records.is_dir():
            return []
        dated = []
        for path in self.records.glob("*.json"):
            with contextlib.suppress(OSError):
                dated.append((path.stat().st_mtime, path))
        dated.sort(reverse=True)
        out = []
        for mtime, path in dated[:count]:
            try:
                out.append(summary(path.stem, json.loads(path.read_text(encoding="utf-8")), mtime))
            except (OSError, ValueError) as e:
                log.warning("record %s skipped in the list: %s", path, e)
        return out


def record_document(room: Room, ended: float) -> str:
    """A finished room's game record (`core.record.record_of`, as in the room
    file), with a `server` object: the room, when it ended, and how (a
    time-out is the room's result, not the engine's outcome)."""
    data: dict[str, Any] = dict(roomfile.to_json(room)["record"])
    final = room.final() or {}
    data["server"] = {
        "room": room.id,
        "ended": iso(ended),
        "winner": final.get("winner"),
        "reason": final.get("reason", ""),
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def summary(record_id: str, data: Any, mtime: float | None = None) -> dict[str, Any]:
    """A record's line in a `records` reply."""
    if not isinstance(data, dict):
        raise ValueError("not a record")

    def part(key: str) -> dict[str, Any]:
        value = data.get(key)
        return value if isinstance(value, dict) else {}

    server, outcome, players = part("server"), part("outcome"), part("players")
    return {
        "id": record_id,
        "game": data.get("game"),
        "players": players,
        "winner": server.get("winner", outcome.get("winner")),
        "reason": server.get("reason", outcome.get("reason", "")),
        "ended": server.get("ended") or (iso(mtime) if mtime is not None else ""),
    }
