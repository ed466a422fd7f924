"""Reading a player's file with one clear sentence for every way it can fail.

Every file the app reads on a player's behalf (records, autosaves, maps, the
lobby's seat file) goes through `read_player_file`, which reads at most
`limit` bytes of a regular file: `/dev/zero`, a FIFO, a folder or a file of
gigabytes is one sentence, never a hang or memory growing without end.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_PLAYER_FILE = 4 * 1024 * 1024  # bytes: a long LfW record is some tens of kilobytes


def read_player_file(
    path: str | os.PathLike[str], error: type[Exception], what: str, limit: int = MAX_PLAYER_FILE
) -> bytes:
    """The bytes of `path`, or `error` naming the file and what went wrong
    (`what` is the kind of file expected, e.g. "game record").  Only a
    regular file of at most `limit` bytes is read; it is opened without
    blocking, so a FIFO with no writer does not hang the reader."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error(f"{p}: no such file") from None
    except IsADirectoryError:
        raise error(f"{p}: is a folder, not a {what}") from None
    except OSError as e:
        raise error(f"{p}: cannot be read ({e.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise error(f"{p}: is a folder, not a {what}")
        if not stat.S_ISREG(mode):
            raise error(f"{p}: is not a regular file, not a {what}")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1024 * 1024, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise error(f"{p}: is too large for a {what} (over {limit // 1024} KiB)")
        return b"".join(chunks)
    except OSError as e:
        raise error(f"{p}: cannot be read ({e.strerror})") from None
    finally:
        os.close(fd)
