"""The chess clock of a room (Pocket duels): each side's time runs while it
is to act; running out loses.  Time is given (`now`), so tests need not
wait, and the clock is plain data, so it survives a restart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whitechapel.core.errors import RecordError


@dataclass
class ChessClock:
    """Seconds left per side; `running` side's time runs from `since` (wall
    time from the room's `now`, so it survives a restart)."""

    limit: float
    remaining: dict[str, float]
    running: str | None = None
    since: float | None = None

    @classmethod
    def fresh(cls, limit: float, sides: tuple[str, ...]) -> ChessClock:
        return cls(limit, dict.fromkeys(sides, limit))

    def left(self, side: str, now: float) -> float:
        r = self.remaining[side]
        if side == self.running and self.since is not None:
            r -= max(0.0, now - self.since)
        return max(0.0, r)

    def run(self, side: str | None, now: float) -> None:
        """Charge the running side its time, then start `side` (None: stop)."""
        if self.running is not None:
            self.remaining[self.running] = self.left(self.running, now)
        self.running, self.since = side, (now if side else None)

    def flagged(self, now: float) -> str | None:
        """The running side, if its time has run out."""
        if self.running is not None and self.left(self.running, now) <= 0:
            return self.running
        return None

    def public(self, now: float) -> dict[str, Any]:
        left = {s: round(self.left(s, now), 3) for s in self.remaining}
        return {"limit": self.limit, "remaining": left, "running": self.running}

    def to_json(self) -> dict[str, Any]:
        return {
            "limit": self.limit,
            "remaining": dict(self.remaining),
            "running": self.running,
            "since": self.since,
        }

    @classmethod
    def from_json(cls, data: Any, sides: tuple[str, ...]) -> ChessClock:
        def number(v: Any) -> bool:
            return isinstance(v, int | float) and not isinstance(v, bool) and v >= 0

        ok = (
            isinstance(data, dict)
            and number(data.get("limit"))
            and isinstance(data.get("remaining"), dict)
            and set(data["remaining"]) == set(sides)
            and all(number(v) for v in data["remaining"].values())
            and data.get("running") in (None, *sides)
            and (data.get("since") is None) == (data.get("running") is None)
            and (data.get("since") is None or number(data["since"]))
        )
        if not ok:
            raise RecordError("the room's clock is malformed")
        remaining = {s: float(data["remaining"][s]) for s in sides}
        return cls(float(data["limit"]), remaining, data["running"], data.get("since"))
