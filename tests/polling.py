"""The one way tests wait for something that happens on its own time (the
server noticing a hang-up, a screen changing after a worker ran, text
arriving over SSH): try a condition until a deadline, then fail saying what
did not happen.

The deadline bounds a wait so that a broken program fails instead of hanging
the suite; it is never a speed target (those live in `whitechapel bench`).
So it is generous (`TIMEOUT`): what takes a second on an idle machine may
take twenty on a loaded one (load 48 on two cores), and must still pass.
A test gives a shorter one only where the wait itself is what it checks.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from settle import settle
from snapshots import screen_text

TIMEOUT = 60.0  # seconds: a safety net, never what decides a verdict on a slow machine


async def until(
    holds: Callable[[], Any | Awaitable[Any]],
    *,
    what: str,
    timeout: float = TIMEOUT,
    step: float = 0.05,
    pilot: Any = None,
    shown: Callable[[], str] | None = None,
) -> None:
    """Return as soon as `holds()` is true; after `timeout` seconds, fail
    with "`what` did not happen" and what was shown last: `shown()`, or in
    an app test (`pilot` given) the app's screen.

    `holds` may be a coroutine function, e.g. one that reads the next message
    and says whether it is the awaited one: each call is cut off at the
    deadline.  Between tries the test waits `step` seconds; in an app test
    the app then finishes what it was doing and redraws (`settle.settle`,
    which waits for the work itself, not for a guess from the CPU clock
    as `pilot.pause` does).
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = holds()
        if inspect.isawaitable(result):
            try:
                result = await asyncio.wait_for(result, max(0.0, deadline - loop.time()))
            except TimeoutError:
                result = False
        if result:
            return
        if loop.time() >= deadline:
            if shown is None and pilot is not None:
                shown = partial(screen_text, pilot.app)
            last = f"; last shown:\n{shown()}" if shown is not None else ""
            raise AssertionError(f"{what} did not happen within {timeout:g} s{last}")
        await asyncio.sleep(step)
        if pilot is not None:
            await settle(pilot)
