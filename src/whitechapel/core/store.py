"""Saved games in the user's data folder, written atomically.

Every write goes to a temporary file in the same folder, is flushed to disk
with fsync, then renamed over the target: a crash or a full disk leaves the
old file whole.  A record is checked (it must replay) before it is written,
so a bad record never replaces a good one.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from whitechapel.core.errors import RecordError
from whitechapel.core.files import read_player_file, write_failed
from whitechapel.core.game import Game
from whitechapel.core.record import Record, replay

DATA_DIR_ENV = "WHITECHAPEL_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder for whitechapel (`$WHITECHAPEL_DATA_DIR` overrides)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return platformdirs.user_data_path("whitechapel", appauthor=False)


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all.  Any failure is a
    `WriteFailed` naming `path` (not the temporary file beside it): a full
    disk's own message names no file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as e:
        raise write_failed(e, path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise write_failed(e, path) from None
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def read_record(path: str | os.PathLike[str]) -> Record:
    """Read a record file; any problem is a `RecordError` naming the file."""
    p = Path(path)
    data = read_player_file(p, RecordError, "game record")
    try:
        return Record.loads(data)
    except RecordError as e:
        raise RecordError(f"{p}: {e}") from None


def load_game(path: str | os.PathLike[str]) -> tuple[Record, Game]:
    record = read_record(path)
    try:
        return record, replay(record)
    except RecordError as e:
        raise RecordError(f"{path}: {e}") from None


@dataclass(frozen=True)
class SavedGame:
    path: Path
    modified: float
    record: Record | None  # None when the file could not be read
    problem: str = ""


class Store:
    """The folder of saved games (autosaves and records the player kept)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.saves = self.root / "saves"

    def save(self, record: Record, name: str) -> Path:
        """Write `record` as `name`.json, after checking that it replays."""
        if not name or any(c in name for c in "/\\\0") or name.startswith("."):
            raise RecordError(f"{name!r} is not a usable file name for a saved game")
        text = record.dumps()
        replay(Record.loads(text))  # never write what could not be read back
        path = self.saves / (name if name.endswith(".json") else f"{name}.json")
        atomic_write_text(path, text)
        return path

    def list(self) -> list[SavedGame]:
        """Saved games, newest first; unreadable files are listed with the reason."""
        if not self.saves.is_dir():
            return []
        found = []
        for path in self.saves.glob("*.json"):
            try:
                modified = path.stat().st_mtime
            except OSError:
                continue
            try:
                found.append(SavedGame(path, modified, read_record(path)))
            except RecordError as e:
                found.append(SavedGame(path, modified, None, str(e)))
        found.sort(key=lambda s: s.modified, reverse=True)
        return found


def _stamp(started: str) -> str:
    try:
        return datetime.fromisoformat(started).strftime("%Y%m%d-%H%M%S")
    except ValueError:  # a record from elsewhere: its text, letters and digits only
        return "".join(ch for ch in started if ch.isalnum()) or "unstarted"


def autosave_name(record: Record) -> str:
    """One autosave file per game, named by game and start time, and a short
    digest of what is public about it (its players) to tell apart two games
    started in the same second.  Never the seed: a name is shown to players
    ("saved in …"), and a game's seed gives away Jack and the deck.  The
    start as a date and a time of day, "20261207-153128" (testers M4 and
    Q4, LfW rounds 47-49, read "T1531400000", the UTC offset run into the
    seconds, as a broken time)."""
    stamp = _stamp(record.started)
    public = json.dumps([record.game, record.started, record.players], sort_keys=True)
    digest = hashlib.sha256(public.encode()).hexdigest()[:6]
    return f"autosave-{record.game}-{stamp}-{digest}"
