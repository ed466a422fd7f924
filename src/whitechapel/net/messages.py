"""What a client may say to the game server (`whitechapel/1`,
docs/protocol.md, "Client → server"), one typed message each.

Each message is a frozen dataclass whose fields are the message's, each
with its check (`net/fields.py`); a field with a default is optional.
The wire table `CLIENT_MESSAGES` that `protocol.decode` checks a line
against is made from them, so a message is written down once; the server's
handlers take these objects (`message_of`), never a loose dict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from whitechapel.net import fields as f


class Unset:
    """A field left out (where that differs from null: `create`'s `clock`)."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET = Unset()


def wire(check: Callable[[Any], Any], default: Any = dataclasses.MISSING) -> Any:
    """A field on the wire, checked by `check`; with a default, optional."""
    return dataclasses.field(default=default, metadata={"check": check})


@dataclass(frozen=True, slots=True)
class Hello:
    TYPE: ClassVar[str] = "hello"
    protocol: str = wire(f.text(40))
    name: str = wire(f.name)
    password: str | None = wire(f.text(f.MAX_PASSWORD), None)
    # Believed only from the SSH gateway (the server's Unix socket, or TCP
    # with the gateway secret); see docs/protocol.md, "Identity".
    identity: str | None = wire(f.printable(200), None)
    peer: str | None = wire(f.printable(100), None)
    gateway: str | None = wire(f.text(200), None)
    # What the client understands beyond the first version (`presence`: the
    # `away` seats of a `state`, and a `state` when they change).
    features: tuple[str, ...] | None = wire(f.features, None)


@dataclass(frozen=True, slots=True)
class Create:
    TYPE: ClassVar[str] = "create"
    game: str = wire(f.game)
    # (`wire` is `dataclasses.field`, which ruff's RUF009 cannot tell.)
    options: dict[str, Any] | None = wire(f.OBJECT, None)  # noqa: RUF009
    clock: float | Unset | None = wire(f.clock, UNSET)  # noqa: RUF009  # null: no clock; absent: the game's
    seats: int | None = wire(f.integer(1, f.MAX_SEATS), None)
    seed: int | None = wire(f.integer(0, 2**63 - 1), None)
    seat: str | None = wire(f.SEAT, None)
    computer: str | None = wire(f.text(20), None)
    settings: dict[str, str] | None = wire(f.settings, None)  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Join:
    TYPE: ClassVar[str] = "join"
    room: str = wire(f.room)
    seat: str | None = wire(f.SEAT, None)
    token: str | None = wire(f.text(100), None)
    rejoin: str | None = wire(f.rejoin, None)


@dataclass(frozen=True, slots=True)
class Watch:
    TYPE: ClassVar[str] = "watch"
    room: str = wire(f.room)


@dataclass(frozen=True, slots=True)
class ListRooms:
    TYPE: ClassVar[str] = "list"


@dataclass(frozen=True, slots=True)
class Act:
    TYPE: ClassVar[str] = "act"
    room: str = wire(f.room)
    action: str = wire(f.action)


@dataclass(frozen=True, slots=True)
class Leave:
    TYPE: ClassVar[str] = "leave"
    room: str = wire(f.room)


@dataclass(frozen=True, slots=True)
class Records:
    TYPE: ClassVar[str] = "records"


@dataclass(frozen=True, slots=True)
class RecordWanted:
    TYPE: ClassVar[str] = "record"
    id: str = wire(f.room)


@dataclass(frozen=True, slots=True)
class Rematch:
    """After a game: offer a rematch of `room` (sides swapped), or agree to
    the one offered; `accept` false declines it (docs/protocol.md, "A
    rematch")."""

    TYPE: ClassVar[str] = "rematch"
    room: str = wire(f.room)
    accept: bool = wire(f.BOOLEAN, True)


@dataclass(frozen=True, slots=True)
class Ping:
    TYPE: ClassVar[str] = "ping"


ClientMessage = (
    Hello
    | Create
    | Join
    | Watch
    | ListRooms
    | Act
    | Leave
    | Records
    | RecordWanted
    | Rematch
    | Ping
)
KINDS: dict[str, type[ClientMessage]] = {
    kind.TYPE: kind
    for kind in (
        Hello,
        Create,
        Join,
        Watch,
        ListRooms,
        Act,
        Leave,
        Records,
        RecordWanted,
        Rematch,
        Ping,
    )
}

# Client -> server, as `protocol.decode` checks a line: each field's check,
# and whether it is required.  Optional fields may be left out or sent as
# null (for `clock`, null means "no clock", which differs from leaving it out).
CLIENT_MESSAGES: dict[str, dict[str, tuple[Callable[[Any], Any], bool]]] = {
    name: {
        field.name: (field.metadata["check"], field.default is dataclasses.MISSING)
        for field in dataclasses.fields(kind)
    }
    for name, kind in KINDS.items()
}


def message_of(clean: dict[str, Any]) -> ClientMessage:
    """A message `protocol.decode` checked, typed."""
    kind = KINDS[clean["type"]]
    return kind(**{key: value for key, value in clean.items() if key != "type"})
