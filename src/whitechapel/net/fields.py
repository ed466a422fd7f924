"""The fields of the wire protocol `whitechapel/1` (docs/protocol.md): one
check per kind of field, which returns the clean value or raises
`ValueError` saying what the field should be.  The messages say which
field has which check (`net/messages.py` for the client's, `protocol.py`
for the server's); `protocol.decode` turns the `ValueError` into a
`ProtocolError` naming the message and the field."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from whitechapel.core.names import MAX_NAME, clean_name
from whitechapel.core.registry import game_names
from whitechapel.core.settings import MAX_SETTINGS, MAX_TEXT

MAX_NAME_SENT = 1000  # characters of a `hello`'s name before it is cleaned and cut
MAX_ACTION = 1000  # characters of an action's text
MAX_CLOCK = 7 * 24 * 3600  # seconds on each side's chess clock
MAX_SEATS = 16  # a game's own seat count (`create`'s `seats`); the game checks its range
MAX_PASSWORD = 200  # characters of the server's password in `hello`


def text(limit: int) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if not isinstance(v, str) or len(v) > limit:
            raise ValueError(f"text of at most {limit} characters")
        return v

    return check


def name(v: Any) -> str:
    """A display name (`core/names.py`): control and format characters
    dropped, spaces collapsed, cut to `MAX_NAME` (a long name is cut, not
    refused); more than `MAX_NAME_SENT` characters sent, or nothing
    printable left, is refused."""
    if not isinstance(v, str):
        raise ValueError(f"text: 1 to {MAX_NAME} printable characters are kept")
    if len(v) > MAX_NAME_SENT:
        raise ValueError(f"at most {MAX_NAME_SENT} characters sent ({MAX_NAME} are kept)")
    cleaned, _ = clean_name(v)
    if not cleaned:
        raise ValueError("no printable character in it")
    return cleaned


def printable(limit: int) -> Callable[[Any], str]:
    """Printable ASCII, 1 to `limit` characters (an identity, an address)."""

    def check(v: Any) -> str:
        if (
            not isinstance(v, str)
            or not 1 <= len(v) <= limit
            or not v.isascii()
            or not v.isprintable()
        ):
            raise ValueError(f"1 to {limit} printable ASCII characters")
        return v

    return check


MAX_FEATURES = 8  # a hello's features: what a newer client understands


def features(v: Any) -> tuple[str, ...]:
    """What a client says it understands beyond the first `whitechapel/1`
    (`presence`): a short list of short words; unknown ones are ignored."""
    if (
        not isinstance(v, list)
        or len(v) > MAX_FEATURES
        or not all(isinstance(w, str) and 1 <= len(w) <= 20 and w.isascii() for w in v)
    ):
        raise ValueError(f"a list of at most {MAX_FEATURES} short words")
    return tuple(v)


def rejoin(v: Any) -> str:
    """A rejoin code as typed: case, spaces and dashes do not matter."""
    if not isinstance(v, str) or len(v) > 20:
        raise ValueError("a rejoin code (6 letters and digits, e.g. 'K7Q4XM')")
    code = "".join(c for c in v if c not in " -").upper()
    if not 1 <= len(code) <= 12 or not code.isascii() or not code.isalnum():
        raise ValueError("a rejoin code (6 letters and digits, e.g. 'K7Q4XM')")
    return code


def room(v: Any) -> str:
    if not isinstance(v, str) or not 1 <= len(v) <= 12 or not v.isascii() or not v.isalnum():
        raise ValueError("a room code (letters and digits, e.g. 'K7QX')")
    return v.upper()  # codes are read aloud and typed: case does not matter


def action(v: Any) -> str:
    if not isinstance(v, str) or not v.strip() or len(v) > MAX_ACTION:
        raise ValueError(f"an action's text (1 to {MAX_ACTION} characters)")
    return v


def integer(low: int, high: int) -> Callable[[Any], int]:
    def check(v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise ValueError(f"a whole number from {low} to {high}")
        return v

    return check


def clock(v: Any) -> float | None:
    if v is None:
        return None  # null: no clock
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise ValueError("seconds per side, or null for no clock")
    if not 1 <= v <= MAX_CLOCK:
        raise ValueError(f"from 1 to {MAX_CLOCK} seconds per side, or null for no clock")
    return float(v)


def game(v: Any) -> str:
    games = game_names()
    if v not in games:
        raise ValueError(" or ".join(f"'{g}'" for g in games))
    return v


def settings(v: Any) -> dict[str, str]:
    """A game's settings as text to text (core/settings.py); which names and
    values the game has is the room's to check."""
    what = f"an object of at most {MAX_SETTINGS} settings, each text to text"
    if not isinstance(v, dict) or len(v) > MAX_SETTINGS:
        raise ValueError(what)
    for name, value in v.items():
        if not isinstance(value, str) or len(name) > MAX_TEXT or len(value) > MAX_TEXT:
            raise ValueError(what)
    return dict(v)


def kind(kind: type, what: str) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if not isinstance(v, kind):
            raise ValueError(what)
        return v

    return check


def optional_text(v: Any) -> str | None:
    if v is not None and not isinstance(v, str):
        raise ValueError("text or null")
    return v


OBJECT = kind(dict, "a JSON object")
LIST = kind(list, "a list")
BOOLEAN = kind(bool, "true or false")
SEAT = text(20)
