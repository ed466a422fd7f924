"""The one way tests wait for something that happens on its own time (the
server noticing a hang-up, a screen changing after a worker ran, text
arriving over SSH): try a condition until a deadline, then fail saying what
did not happen.

The deadline bounds a wait so that a broken program fails instead of hanging
the suite; it is never a speed target (those live in `whitechapel bench`).
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from snapshots import screen_text


async def until(
    holds: Callable[[], Any | Awaitable[Any]],
    *,
    what: str,
    timeout: float = 10.0,
    step: float = 0.05,
    pilot: Any = None,
    shown: Callable[[], str] | None = None,
) -> None:
    """Return as soon as `holds()` is true; after `timeout` seconds, fail
    with "`what` did not happen" and what was shown last: `shown()`, or in
    an app test (`pilot` given) the app's screen.

    `holds` may be a coroutine function, e.g. one that reads the next message
    and says whether it is the awaited one: each call is cut off at the
    deadline.  Between tries the test waits `step` seconds, by `pilot.pause`
    in an app test so that the app runs its timers and redraws meanwhile.
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
        await (pilot.pause(step) if pilot is not None else asyncio.sleep(step))
