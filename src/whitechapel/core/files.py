"""Reading a player's file with one clear sentence for every way it can fail."""

from __future__ import annotations

import os
from pathlib import Path


def read_player_file(path: str | os.PathLike[str], error: type[Exception], what: str) -> bytes:
    """The bytes of `path`, or `error` naming the file and what went wrong
    (`what` is the kind of file expected, e.g. "game record")."""
    p = Path(path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise error(f"{p}: no such file") from None
    except IsADirectoryError:
        raise error(f"{p}: is a folder, not a {what}") from None
    except OSError as e:
        raise error(f"{p}: cannot be read ({e.strerror})") from None
