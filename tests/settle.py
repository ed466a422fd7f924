"""Key presses without the pilot's idle waits, for tests that press hundreds.

`Pilot.press` waits after every key until the process looks idle: it sleeps
20 ms and compares CPU time with wall time, twice a key, and again while the
app still works.  That is 40-60 ms a key whatever the key costs, most of the
time of a game played key by key (a whole LfW game by keys: 44 s, 10 s of it
the app's own work).  `press` here sends the key the same way, then lets the
app finish everything the key caused -- the messages queued on the app and
every widget, the screen's pending layout and repaint, the callbacks waiting
for that refresh -- round after round until a round finds nothing more to do,
without sleeping.  What a test then reads is the screen the key left.

`click` does the same for `Pilot.click`, and `settle` alone replaces
`Pilot.pause()`.  Timers still run on their own time (the autosave after a
move): a test that needs one waits for it (`pilot.pause(delay)`,
`polling.until`).  Tests that wait for a worker or a server use `until`.
"""

from __future__ import annotations

import asyncio
from contextlib import contextmanager

import textual.app
import textual.pilot
from textual.pilot import Pilot

ROUNDS = 10_000  # a bound: a key settles in a few dozen


async def _no_wait(*_args, **_kwargs) -> None:
    await asyncio.sleep(0)


@contextmanager
def _without_idle_waits():
    # What `App._press_keys` calls after each key, and `Pilot.pause` between
    # the events of a click.
    waiting = textual.app.wait_for_idle, textual.pilot.wait_for_idle
    textual.app.wait_for_idle = textual.pilot.wait_for_idle = _no_wait
    try:
        yield
    finally:
        textual.app.wait_for_idle, textual.pilot.wait_for_idle = waiting


def _update_pending(screen, top: bool = True) -> bool:
    """Does the screen have an update to make (what its 60 Hz timer does)?
    (A screen under a modal is asked for a full repaint by every frame of
    the one on top: only its own changes count.)"""
    return bool(
        screen._layout_required
        or screen._scroll_required
        or (top and screen._repaint_required)
        or screen._dirty_widgets
        or screen._callbacks
    )


def _shown(app) -> list:
    """The screens on the terminal: the top one and those seen under it (a
    modal's game screen).  Each repaints on its own timer: one under a modal
    may still be mounting its footer's keys when the top one is done."""
    return [*app._background_screens, app.screen]


def _busy(app) -> bool:
    """Has the app, a shown screen or a widget a message not yet handled, or
    a callback waiting for its turn?  (Cheaper than `Pilot.pause(0)`, which
    posts a callback to every widget and waits for all of them: 5 ms.)"""
    return any(
        pump._message_queue.qsize() or pump._pending_message or pump._next_callbacks
        for pump in (app, *(w for s in _shown(app) for w in s.walk_children(with_self=True)))
    )


async def settle(pilot: Pilot) -> None:
    """Let the app finish what it was asked: every message and callback,
    then the screen's update (what its 60 Hz timer would do), and what that
    update posted, until two looks in a row find nothing left to do: no
    message queued, no task ready to run (a widget mounting, a handler
    part-way), no update pending."""
    app, quiet = pilot.app, 0
    ready = asyncio.get_running_loop()._ready  # type: ignore[attr-defined]
    for _ in range(ROUNDS):
        await asyncio.sleep(0)  # every task that is ready runs a step
        pending = [] if ready else [s for s in _shown(app) if _update_pending(s, s is app.screen)]
        if ready or _busy(app):
            quiet = 0
        elif pending:
            for screen in pending:
                screen._on_timer_update()
            quiet = 0
        else:
            quiet += 1
            if quiet == 2:
                return
    raise AssertionError(f"the app was still busy after {ROUNDS} rounds")


async def press(pilot: Pilot, *keys: str) -> None:
    """Press `keys` one at a time, each handled and drawn before the next
    (sent as `Pilot.press` sends them, without its waits)."""
    for key in keys:
        with _without_idle_waits():
            await pilot.app._press_keys([key])
        await settle(pilot)


async def click(pilot: Pilot, *args, **kwargs) -> bool:
    """`Pilot.click` without its idle sleeps, then handled and drawn."""
    with _without_idle_waits():
        hit = await pilot.click(*args, **kwargs)
    await settle(pilot)
    return hit
