"""The wire protocol `whitechapel/1`: JSON lines over TCP (`docs/protocol.md`).

Every message is one JSON object on one line (UTF-8, ended by a newline)
with a `"type"`.  Everything a peer sends is untrusted, so `decode` checks a
line completely -- size, UTF-8, JSON, an object, a known type, every field's
type and limits -- and returns a clean message holding only the fields this
version knows (unknown fields are dropped, so a newer client's extras do no
harm).  Any problem is a `ProtocolError` with one sentence saying what is
wrong; the server answers it with an `error` message.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.names import MAX_NAME, clean_name
from whitechapel.core.registry import game_names
from whitechapel.core.settings import MAX_SETTINGS, MAX_TEXT

PROTOCOL = "whitechapel/1"
MAX_MESSAGE = 64 * 1024  # bytes per line from a client, without the newline
# Server lines carry whole views; a four-night LfW game's public log makes
# them reach tens of kilobytes, so the server's own lines may be larger.
MAX_SERVER_MESSAGE = 4 * 1024 * 1024
MAX_NAME_SENT = 1000  # characters of a `hello`'s name before it is cleaned and cut
MAX_ACTION = 1000  # characters of an action's text
MAX_CLOCK = 7 * 24 * 3600  # seconds on each side's chess clock
MAX_SEATS = 16  # a game's own seat count (`create`'s `seats`); the game checks its range
MAX_PASSWORD = 200  # characters of the server's password in `hello`
# A server reachable beyond loopback closes a hello without its password
# with one of these reasons (`closed`); a client may ask its user and retry.
NEEDS_PASSWORD = "this server needs its password: say hello with a 'password' field"
WRONG_PASSWORD = "wrong password"


class ProtocolError(WhitechapelError):
    """A line that is not a valid message; `about` is its type when known."""

    def __init__(self, message: str, about: str | None = None) -> None:
        super().__init__(message)
        self.about = about


# -- field checks: each returns the clean value or raises ValueError(what it should be)


def _text(limit: int) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if not isinstance(v, str) or len(v) > limit:
            raise ValueError(f"text of at most {limit} characters")
        return v

    return check


def _name(v: Any) -> str:
    """A display name (`core/names.py`): control and format characters
    dropped, spaces collapsed, cut to `MAX_NAME` (a long name is cut, not
    refused); more than `MAX_NAME_SENT` characters sent, or nothing
    printable left, is refused."""
    if not isinstance(v, str):
        raise ValueError(f"text: 1 to {MAX_NAME} printable characters are kept")
    if len(v) > MAX_NAME_SENT:
        raise ValueError(f"at most {MAX_NAME_SENT} characters sent ({MAX_NAME} are kept)")
    name, _ = clean_name(v)
    if not name:
        raise ValueError("no printable character in it")
    return name


def _printable(limit: int) -> Callable[[Any], str]:
    """Printable ASCII, 1 to `limit` characters (an identity, an address)."""

    def check(v: Any) -> str:
        if not isinstance(v, str) or not 1 <= len(v) <= limit or not v.isascii() or not v.isprintable():
            raise ValueError(f"1 to {limit} printable ASCII characters")
        return v

    return check


def _rejoin(v: Any) -> str:
    """A rejoin code as typed: case, spaces and dashes do not matter."""
    if not isinstance(v, str) or len(v) > 20:
        raise ValueError("a rejoin code (6 letters and digits, e.g. 'K7Q4XM')")
    code = "".join(c for c in v if c not in " -").upper()
    if not 1 <= len(code) <= 12 or not code.isascii() or not code.isalnum():
        raise ValueError("a rejoin code (6 letters and digits, e.g. 'K7Q4XM')")
    return code


def _room(v: Any) -> str:
    if not isinstance(v, str) or not 1 <= len(v) <= 12 or not v.isascii() or not v.isalnum():
        raise ValueError("a room code (letters and digits, e.g. 'K7QX')")
    return v.upper()  # codes are read aloud and typed: case does not matter


def _action(v: Any) -> str:
    if not isinstance(v, str) or not v.strip() or len(v) > MAX_ACTION:
        raise ValueError(f"an action's text (1 to {MAX_ACTION} characters)")
    return v


def _integer(low: int, high: int) -> Callable[[Any], int]:
    def check(v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise ValueError(f"a whole number from {low} to {high}")
        return v

    return check


def _clock(v: Any) -> float | None:
    if v is None:
        return None  # null: no clock
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise ValueError("seconds per side, or null for no clock")
    if not 1 <= v <= MAX_CLOCK:
        raise ValueError(f"from 1 to {MAX_CLOCK} seconds per side, or null for no clock")
    return float(v)


def _game(v: Any) -> str:
    games = game_names()
    if v not in games:
        raise ValueError(" or ".join(f"'{g}'" for g in games))
    return v


def _settings(v: Any) -> dict[str, str]:
    """A game's settings as text to text (core/settings.py); which names and
    values the game has is the room's to check."""
    what = f"an object of at most {MAX_SETTINGS} settings, each text to text"
    if not isinstance(v, dict) or len(v) > MAX_SETTINGS:
        raise ValueError(what)
    for name, value in v.items():
        if not isinstance(value, str) or len(name) > MAX_TEXT or len(value) > MAX_TEXT:
            raise ValueError(what)
    return dict(v)


def _kind(kind: type, what: str) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if not isinstance(v, kind):
            raise ValueError(what)
        return v

    return check


def _optional_text(v: Any) -> str | None:
    if v is not None and not isinstance(v, str):
        raise ValueError("text or null")
    return v


_OBJECT = _kind(dict, "a JSON object")
_LIST = _kind(list, "a list")
_SEAT = _text(20)
REQUIRED, OPTIONAL = True, False

# Client -> server.  Optional fields may be left out or sent as null (for
# `clock`, null means "no clock", which differs from leaving it out).
CLIENT_MESSAGES: dict[str, dict[str, tuple[Callable[[Any], Any], bool]]] = {
    "hello": {
        "protocol": (_text(40), REQUIRED),
        "name": (_name, REQUIRED),
        "password": (_text(MAX_PASSWORD), OPTIONAL),
        # Believed only from the SSH gateway (the server's Unix socket, or
        # TCP with the gateway secret); see docs/protocol.md, "Identity".
        "identity": (_printable(200), OPTIONAL),
        "peer": (_printable(100), OPTIONAL),
        "gateway": (_text(200), OPTIONAL),
    },
    "create": {
        "game": (_game, REQUIRED),
        "options": (_OBJECT, OPTIONAL),
        "clock": (_clock, OPTIONAL),
        "seats": (_integer(1, MAX_SEATS), OPTIONAL),
        "seed": (_integer(0, 2**63 - 1), OPTIONAL),
        "seat": (_SEAT, OPTIONAL),
        "computer": (_text(20), OPTIONAL),
        "settings": (_settings, OPTIONAL),
    },
    "join": {
        "room": (_room, REQUIRED),
        "seat": (_SEAT, OPTIONAL),
        "token": (_text(100), OPTIONAL),
        "rejoin": (_rejoin, OPTIONAL),
    },
    "watch": {"room": (_room, REQUIRED)},
    "list": {},
    "act": {"room": (_room, REQUIRED), "action": (_action, REQUIRED)},
    "leave": {"room": (_room, REQUIRED)},
    "records": {},
    "record": {"id": (_room, REQUIRED)},
    "ping": {},
}

_ANY_TEXT = _text(MAX_SERVER_MESSAGE)
SERVER_MESSAGES: dict[str, dict[str, tuple[Callable[[Any], Any], bool]]] = {
    "welcome": {"protocol": (_ANY_TEXT, REQUIRED), "server": (_ANY_TEXT, REQUIRED)},
    "created": {
        "room": (_room, REQUIRED),
        "seat": (_SEAT, REQUIRED),
        "token": (_ANY_TEXT, REQUIRED),
        "rejoin": (_optional_text, OPTIONAL),
    },
    "joined": {
        "room": (_room, REQUIRED),
        "seat": (_SEAT, REQUIRED),
        "token": (_ANY_TEXT, REQUIRED),
        "rejoin": (_optional_text, OPTIONAL),
    },
    "left": {"room": (_room, REQUIRED), "reason": (_optional_text, OPTIONAL)},
    "rooms": {"rooms": (_LIST, REQUIRED)},
    "state": {
        "room": (_room, REQUIRED),
        "seat": (_optional_text, REQUIRED),
        "view": (_OBJECT, REQUIRED),
        "to_act": (_optional_text, REQUIRED),
        "clock": (_OBJECT, OPTIONAL),
        "result": (_OBJECT, OPTIONAL),
        "settings": (_OBJECT, OPTIONAL),
    },
    "error": {
        "message": (_ANY_TEXT, REQUIRED),
        "about": (_optional_text, OPTIONAL),
        "room": (_optional_text, OPTIONAL),
    },
    "ended": {"room": (_room, REQUIRED), "record": (_room, REQUIRED)},
    "records": {"records": (_LIST, REQUIRED)},
    "record": {"id": (_room, REQUIRED), "record": (_ANY_TEXT, REQUIRED)},
    "pong": {},
    "closed": {"reason": (_ANY_TEXT, REQUIRED)},
}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def decode(
    line: bytes | str,
    messages: dict[str, dict[str, tuple[Callable[[Any], Any], bool]]] = CLIENT_MESSAGES,
    limit: int = MAX_MESSAGE,
) -> dict[str, Any]:
    """One line (without or with its newline) -> a clean message, or `ProtocolError`."""
    data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else bytes(line)
    data = data.rstrip(b"\r\n")
    if len(data) > limit:
        raise ProtocolError(f"message too long: {len(data)} bytes (the limit is {limit})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("message is not UTF-8 text") from None
    if not text.strip():
        raise ProtocolError("empty message: send one JSON object per line")
    try:
        msg = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise ProtocolError(f"message is not JSON ({e.msg} at column {e.colno})") from None
    except (ValueError, RecursionError) as e:  # NaN, huge numbers, absurd nesting
        raise ProtocolError(f"message is not usable JSON ({str(e)[:80]})") from None
    if not isinstance(msg, dict):
        raise ProtocolError(f"message should be a JSON object, not {_json_kind(msg)}")
    kind = msg.get("type")
    if kind is None:
        raise ProtocolError("message has no 'type'")
    if not isinstance(kind, str) or kind not in messages:
        known = ", ".join(sorted(messages))
        shown = kind[:40] if isinstance(kind, str) else _json_kind(kind)
        raise ProtocolError(f"unknown message type {shown!r} (known: {known})")
    clean: dict[str, Any] = {"type": kind}
    for field, (check, required) in messages[kind].items():
        value = msg.get(field)
        if field not in msg or (value is None and not required and field != "clock"):
            if required:
                raise ProtocolError(f"'{kind}' needs '{field}'", kind)
            continue
        try:
            clean[field] = check(value)
        except ValueError as e:
            raise ProtocolError(f"'{field}' of '{kind}' should be {e}", kind) from None
    return clean


def decode_server(line: bytes | str) -> dict[str, Any]:
    """A server's line, as the client reads it."""
    return decode(line, SERVER_MESSAGES, MAX_SERVER_MESSAGE)


def encode(msg: dict[str, Any], limit: int = MAX_MESSAGE) -> bytes:
    """A message -> one line of compact UTF-8 JSON ending in a newline."""
    data = json.dumps(msg, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()
    if len(data) > limit:
        raise ProtocolError(f"message too long: {len(data)} bytes (the limit is {limit})")
    return data + b"\n"


def _json_kind(v: Any) -> str:
    if isinstance(v, bool) or v is None:
        return json.dumps(v)
    return {list: "a list", str: "text", int: "a number", float: "a number"}.get(
        type(v), type(v).__name__
    )


def error(message: str, about: str | None = None, room: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "error", "message": message}
    if about:
        msg["about"] = about
    if room:
        msg["room"] = room
    return msg
