"""What a gateway's peer -- an SSH client, or a browser -- may ask of it,
and where it stops.

Every value a client controls is checked where it enters: here are the
bounds, with what a client gets at each (docs/hosting.md, "SSH limits" and
"Web limits", lists them for the operator).  The SSH gateway
(`gateway/session.py`) applies the terminal's and the channel's, the web
gateway (`web/`) the same ones to a browser's websocket and its own
(`WebLimits`: the login, the websocket); the session host (`gateway/driver.py`,
`gateway/guard.py`) the app's, whichever gateway the session came through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MiB = 1 << 20

# -- the terminal ---------------------------------------------------------------------

MAX_COLUMNS = 500  # a wider terminal is shown 500 columns of the game
MAX_ROWS = 200  # and 200 rows
MAX_DIMENSION = 65535  # past it a size is nonsense (the protocol's uint32: 2**31 and up is
#                        a negative number to a C client): a pty-req is refused, a window
#                        change ignored
DEFAULT_SIZE = (80, 24)  # a pty-req of 0×0: the client does not know (RFC 4254, 6.2)
TERM_TYPE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")  # xterm-256color, screen.xterm, ...
ENV_ACCEPTED = frozenset({"COLORTERM"})  # env requests kept; every other name is refused
ENV_VALUE = re.compile(r"[A-Za-z0-9._+-]{1,32}")  # truecolor, 24bit


def first_size(width: int, height: int) -> tuple[int, int] | None:
    """The size a session starts at, from its pty-req: None (refused) past
    `MAX_DIMENSION`; a zero is the client not knowing (RFC 4254: zero
    dimensions are ignored), which gives the default; the rest clamped."""
    if width > MAX_DIMENSION or height > MAX_DIMENSION:
        return None
    return (
        min(width or DEFAULT_SIZE[0], MAX_COLUMNS),
        min(height or DEFAULT_SIZE[1], MAX_ROWS),
    )


def new_size(width: int, height: int) -> tuple[int, int] | None:
    """The size a window change asks for, clamped; None (ignored) for a
    zero or a size past `MAX_DIMENSION`."""
    if not 0 < width <= MAX_DIMENSION or not 0 < height <= MAX_DIMENSION:
        return None
    return min(width, MAX_COLUMNS), min(height, MAX_ROWS)


def term_type(text: str) -> str | None:
    """The client's terminal type if it looks like one (it goes into the
    app's environment as TERM), else None: the pty-req is refused."""
    return text if TERM_TYPE.fullmatch(text) else None


# -- the one command: an invite (`ssh -t -p PORT HOST join CODE`) ------------------------

MAX_COMMAND = 32  # characters of an exec request; a longer one is refused unread
MAX_ROOM_CODE = 8  # a room's code: 4 to 8 characters (net/rooms.py, `new_room_id`)


def join_command(command: str) -> str | None:
    """The room an exec request asks for: `join CODE`, the word in any case
    and the code a room's code (of `ROOM_ALPHABET`, upper-cased), or `join
    CODE SEAT` with a seat's rejoin code after it, as a seat's header says
    it (tester PR, Pocket round 9, was refused): "CODE" or "CODE SEAT";
    None for anything else, which is refused."""
    from whitechapel.net.rooms import REJOIN_LENGTH, ROOM_ALPHABET

    if len(command) > MAX_COMMAND or not command.isascii():
        return None
    words = command.split()
    if len(words) not in (2, 3) or words[0].lower() != "join":
        return None
    code, *seat = (w.upper() for w in words[1:])
    if not 0 < len(code) <= MAX_ROOM_CODE or any(c not in ROOM_ALPHABET for c in code):
        return None
    if seat and (len(seat[0]) != REJOIN_LENGTH or any(c not in ROOM_ALPHABET for c in seat[0])):
        return None
    return " ".join((code, *seat))


@dataclass(frozen=True)
class SessionLimits:
    """The channel's bounds, per SSH session; the defaults suit people at
    keyboards (`Gateway(limits=...)` changes them)."""

    sessions_per_connection: int = 1  # a second session channel is refused
    env_entries: int = 4  # env requests kept at most (of the accepted names)
    requests_rate: float = 20.0  # channel requests a second, of every kind (window changes,
    #                              env, signals, x11-req, unknown ones) ...
    requests_burst: float = 200.0  # ... in bursts of this many; past it the connection is closed
    resize_interval: float = 0.25  # at most one window change every 0.25 s reaches the app:
    #                                the others are merged into it (the last one always lands)
    input_rate: float = 4 * 1024  # bytes a second typed, clicked or pasted into the app (a mouse
    #                               moved over the window sends ~1 KiB a second) ...
    input_burst: float = 16 * 1024  # ... in bursts of this many; past it the channel is paused
    #                                  (SSH flow control: the client waits, nothing is lost)
    stall: float = 20.0  # seconds a client may take none of its output, then it is dropped
    output_buffer: int = 256 * 1024  # output queued in the channel before the pty is left unread


@dataclass(frozen=True)
class WebLimits:
    """What the web gateway (`whitechapel web`) adds for browsers, beside the
    terminal's and the channel's bounds above, which a browser session meets
    too (`SessionLimits`: its keys, its window changes, its output); the
    defaults follow the SSH gateway's (`Web(limits=...)` changes them).  How
    many connect and play at once is the web door's (`net/admission.py`)."""

    # seconds a session's app waits for its page to come back (a reload, a
    # network blip); then the app ends and the opponent is told the seat is
    # away, as when a terminal drops (tester QG, Pocket round 17: a minute of
    # "Waiting for Jack…" after the browser closed)
    reconnect_grace: float = 10.0
    message_size: int = 64 * 1024  # one websocket message from a browser (a paste, say)
    login_size: int = 4 * 1024  # the login form's body
    logins: int = 10_000  # logged-in browsers remembered (a cookie each); the oldest idle go first
    login_idle: float = 12 * 3600.0  # seconds a login unused is remembered
    heartbeat: float = 30.0  # seconds between websocket pings: a page gone silent is detached
