"""The wire protocol `whitechapel/1`: JSON lines over TCP (`docs/protocol.md`).

Every message is one JSON object on one line (UTF-8, ended by a newline)
with a `"type"`.  The client's messages are `net/messages.py`'s, typed; the
server's are the table `SERVER_MESSAGES` here; every field's check is
`net/fields.py`'s.  Everything a peer sends is untrusted, so `decode` checks a
line completely -- size, UTF-8, JSON, an object, a known type, every field's
type and limits -- and returns a clean message holding only the fields this
version knows (unknown fields are dropped, so a newer client's extras do no
harm).  Any problem is a `ProtocolError` with one sentence saying what is
wrong; the server answers it with an `error` message.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.net import fields as f
from whitechapel.net.messages import CLIENT_MESSAGES, ClientMessage, message_of

PROTOCOL = "whitechapel/1"
MAX_MESSAGE = 64 * 1024  # bytes per line from a client, without the newline
# Server lines carry whole views; a four-night LfW game's public log makes
# them reach tens of kilobytes, so the server's own lines may be larger.
MAX_SERVER_MESSAGE = 4 * 1024 * 1024
# A server reachable beyond loopback closes a hello without its password
# with one of these reasons (`closed`); a client may ask its user and retry.
NEEDS_PASSWORD = "this server needs its password: say hello with a 'password' field"
WRONG_PASSWORD = "wrong password"


class ProtocolError(WhitechapelError):
    """A line that is not a valid message; `about` is its type when known."""

    def __init__(self, message: str, about: str | None = None) -> None:
        super().__init__(message)
        self.about = about


REQUIRED, OPTIONAL = True, False
Fields = dict[
    str, dict[str, tuple[Callable[[Any], Any], bool]]
]  # type -> field -> (check, required)

_ANY_TEXT = f.text(MAX_SERVER_MESSAGE)
SERVER_MESSAGES: Fields = {
    "welcome": {"protocol": (_ANY_TEXT, REQUIRED), "server": (_ANY_TEXT, REQUIRED)},
    "created": {
        "room": (f.room, REQUIRED),
        "seat": (f.SEAT, REQUIRED),
        "token": (_ANY_TEXT, REQUIRED),
        "rejoin": (f.optional_text, OPTIONAL),
    },
    "joined": {
        "room": (f.room, REQUIRED),
        "seat": (f.SEAT, REQUIRED),
        "token": (_ANY_TEXT, REQUIRED),
        "rejoin": (f.optional_text, OPTIONAL),
        "rematch": (f.optional_text, OPTIONAL),
    },
    "left": {"room": (f.room, REQUIRED), "reason": (f.optional_text, OPTIONAL)},
    "rooms": {"rooms": (f.LIST, REQUIRED)},
    "state": {
        "room": (f.room, REQUIRED),
        "seat": (f.optional_text, REQUIRED),
        "view": (f.OBJECT, REQUIRED),
        "to_act": (f.optional_text, REQUIRED),
        "clock": (f.OBJECT, OPTIONAL),
        "result": (f.OBJECT, OPTIONAL),
        "settings": (f.OBJECT, OPTIONAL),
        "away": (f.OBJECT, OPTIONAL),
        "open": (f.LIST, OPTIONAL),
    },
    "error": {
        "message": (_ANY_TEXT, REQUIRED),
        "about": (f.optional_text, OPTIONAL),
        "room": (f.optional_text, OPTIONAL),
    },
    "ended": {"room": (f.room, REQUIRED), "record": (f.room, REQUIRED)},
    "records": {"records": (f.LIST, REQUIRED)},
    "record": {"id": (f.room, REQUIRED), "record": (_ANY_TEXT, REQUIRED)},
    "rematch": {
        "room": (f.room, REQUIRED),
        "seat": (f.SEAT, REQUIRED),
        "name": (f.optional_text, OPTIONAL),
        "agreed": (f.LIST, REQUIRED),
    },
    "rematch_off": {"room": (f.room, REQUIRED), "reason": (_ANY_TEXT, REQUIRED)},
    "pong": {},
    "closed": {"reason": (_ANY_TEXT, REQUIRED)},
}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def decode(
    line: bytes | str, messages: Fields = CLIENT_MESSAGES, limit: int = MAX_MESSAGE
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


def decode_client(line: bytes | str) -> ClientMessage:
    """A client's line, as the server reads it: a typed message (net/messages.py)."""
    return message_of(decode(line))


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
