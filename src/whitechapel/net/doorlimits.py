"""Each door's admission numbers (`DoorLimits`), their defaults, and the
settings that change them (`--limit DOOR.NAME=N`, the config file's
`[limits]`): what `net/admission.py` counts against.  docs/hosting.md,
"Admission", lists them in one table."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from whitechapel.core.errors import WhitechapelError


@dataclass(frozen=True)
class DoorLimits:
    """One door's numbers.  `pending_*` count connections not yet past
    hello or login, which get `pending_timeout` seconds to get there;
    `logins_per_minute` (in bursts of `login_burst`) bound the logins of one
    address; `live_*` count connections or sessions past login."""

    pending_per_address: int
    pending: int
    pending_timeout: float
    logins_per_minute: float
    login_burst: int
    live_per_address: int
    live: int


# The defaults, one door each (docs/hosting.md, "Admission", lists them).
RAW = DoorLimits(
    pending_per_address=8,
    pending=128,
    pending_timeout=10.0,
    logins_per_minute=60.0,
    login_burst=30,
    live_per_address=8,
    live=1000,
)
SSH = DoorLimits(
    pending_per_address=4,
    pending=64,
    pending_timeout=30.0,  # the key exchange and the login, as OpenSSH's LoginGraceTime
    logins_per_minute=10.0,
    login_burst=10,
    live_per_address=4,
    live=100,
)
WEB = DoorLimits(
    pending_per_address=16,  # a browser opens 6 connections to a host, a reload as many again
    pending=256,
    pending_timeout=10.0,  # to send a request's headers (and a login's form)
    logins_per_minute=10.0,
    login_burst=10,
    live_per_address=4,
    live=100,
)
GATEWAY_POOL = 1000  # the gateways' apps' connections to the game server, beside raw clients


@dataclass(frozen=True)
class AdmissionLimits:
    """Every door's numbers, and the game server's pool kept for the
    gateways' apps (SSH and web sessions), which no raw client can fill."""

    raw: DoorLimits = RAW
    ssh: DoorLimits = SSH
    web: DoorLimits = WEB
    gateway_pool: int = GATEWAY_POOL
    checks_waiting: int = 8  # password checks queued per address; more are refused at once

    def with_settings(self, settings: Mapping[str, Any]) -> AdmissionLimits:
        """These limits with `settings` ({"web.pending": 300, "gateway_pool":
        2000} or {"web": {"pending": 300}}) applied; `WhitechapelError`, one
        sentence, for a name that is none or a value that is not a positive number."""
        limits = self
        for name, value in _flatten(settings).items():
            limits = limits._with(name, value)
        return limits

    def _with(self, name: str, value: Any) -> AdmissionLimits:
        door_name, dot, field_name = name.partition(".")
        doors = ("raw", "ssh", "web")
        if not dot:
            if name not in ("gateway_pool", "checks_waiting"):
                raise WhitechapelError(f"no limit is called {name!r}: {_known()}")
            return dataclasses.replace(self, **{name: _positive(name, value, int)})
        if door_name not in doors:
            raise WhitechapelError(f"no door is called {door_name!r}: raw, ssh or web")
        door: DoorLimits = getattr(self, door_name)
        kinds = {f.name: f.type for f in dataclasses.fields(DoorLimits)}
        if field_name not in kinds:
            raise WhitechapelError(f"no limit is called {name!r}: {_known()}")
        kind = float if kinds[field_name] in (float, "float") else int
        door = dataclasses.replace(door, **{field_name: _positive(name, value, kind)})
        doors_now: dict[str, Any] = {door_name: door}
        return dataclasses.replace(self, **doors_now)


def _known() -> str:
    fields = ", ".join(f.name for f in dataclasses.fields(DoorLimits))
    return f"DOOR.NAME with DOOR raw, ssh or web and NAME one of {fields}; or gateway_pool"


def _positive(name: str, value: Any, kind: type) -> Any:
    if isinstance(value, str):
        try:
            value = float(value) if kind is float else int(value)
        except ValueError:
            value = None
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise WhitechapelError(f"the limit {name} must be a positive number")
    if kind is int and value != int(value):
        raise WhitechapelError(f"the limit {name} must be a whole number")
    return kind(value)


def _flatten(settings: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in settings.items():
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def parse_limit(text: str) -> tuple[str, str]:
    """`--limit web.pending=300` as (name, value); one sentence if it is not NAME=VALUE."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or not value.strip():
        raise WhitechapelError(f"--limit takes NAME=NUMBER (e.g. web.pending=300), not {text!r}")
    return name.strip(), value.strip()
