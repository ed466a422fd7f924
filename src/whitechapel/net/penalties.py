"""Slowing down guessers, per address: the SSH gateway's passwords and the
game server's rejoin codes.

A guess that fails is answered only after a delay that grows with the
address's recent failures; a right one is answered at once, whoever else
shares the address (people behind one NAT do).  So that hanging up early
does not buy a quicker next guess, the address's connection stays counted
until the delay is over (`Penalties.until`, which the connection limits
honour).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Penalties:
    """The delay, per address, before a failure is answered: `first`
    seconds after the address's first failure, doubling with each further
    one up to `cap`.  A success forgets the address; so does time, one
    failure every `forget` seconds without a new one.  At most `limit`
    addresses are remembered (the forgotten ones go first, then the oldest)."""

    first: float = 0.5
    cap: float = 4.0
    forget: float = 60.0
    clock: Callable[[], float] = time.monotonic
    failures: dict[str, tuple[int, float]] = field(default_factory=dict)  # address -> (n, when)
    limit: int = 10_000

    def count(self, address: str) -> int:
        n, when = self.failures.get(address, (0, 0.0))
        return max(0, n - int((self.clock() - when) // self.forget)) if n else 0

    def delay(self, address: str) -> float:
        """What the next failure from `address` waits: none before any."""
        n = self.count(address)
        return 0.0 if n == 0 else min(self.cap, self.first * 2 ** (n - 1))

    def failed(self, address: str) -> float:
        """Count a failure from `address`; the seconds its answer waits."""
        if address not in self.failures and len(self.failures) >= self.limit:
            for key in [a for a in self.failures if self.count(a) == 0] or [
                min(self.failures, key=lambda a: self.failures[a][1])
            ]:
                del self.failures[key]
        self.failures[address] = (self.count(address) + 1, self.clock())
        return self.delay(address)

    def succeeded(self, address: str) -> None:
        self.failures.pop(address, None)
