"""Reading a player's file with one clear sentence for every way it can
fail, and writing one with a sentence that names it.

Every file the app reads on a player's behalf (records, autosaves, maps, the
lobby's seat file) goes through `read_player_file`, which reads at most
`limit` bytes of a regular file: `/dev/zero`, a FIFO, a folder or a file of
gigabytes is one sentence, never a hang or memory growing without end.

Every write that fails (a full disk, a folder we may not write to) is a
`WriteFailed`: still an `OSError`, with its errno, but its sentence names the
file ("could not write /x/y.json: No space left on device") -- the disk's own
message names none.  `write_out` does the same for the command line's
standard output (a completion script or the manual page sent to a file).
"""

from __future__ import annotations

import os
import stat
import sys
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


class WriteFailed(OSError):
    """A file that could not be written; `filename` is the file meant (never
    a temporary file beside it) and the sentence names it."""

    def __str__(self) -> str:
        return f"could not write {self.filename}: {self.strerror or 'failed'}"


def write_failed(error: OSError, path: str | os.PathLike[str]) -> WriteFailed:
    """`error`, met while writing `path`, as a `WriteFailed` naming `path`
    (its errno and reason kept)."""
    if isinstance(error, WriteFailed):
        return error
    reason = error.strerror or (os.strerror(error.errno) if error.errno else str(error))
    return WriteFailed(error.errno or 0, reason or "failed", os.fspath(path))


def standard_output() -> str:
    """Where standard output goes, to name it: the file it was sent to
    (`> FILE`) when the system says, else "standard output"."""
    try:
        where = os.readlink(f"/proc/self/fd/{sys.stdout.fileno()}")
    except (OSError, ValueError, AttributeError):
        return "standard output"
    return where if where.startswith("/") else "standard output"


def write_out(text: str) -> None:
    """Print `text` as it is and flush it; a failed write is a `WriteFailed`
    naming where standard output goes.  A pipe closed early is left to the
    caller (`BrokenPipeError`: nothing more to say)."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise write_failed(e, standard_output()) from None
