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
`Pilot.pause()` (whose idle wait guesses from the CPU clock: on a loaded
machine the process looks idle while the app still works).  Timers still
run on their own time (the autosave after a move): a test that needs one
waits for what it does (`polling.until`).  Tests that wait for a worker or a
server use `until`.

How long settling takes is never a verdict: it goes on while there is work
left, however slowly a loaded machine does it (a thread the app waits for,
Markdown parsing, may get the CPU seldom), and gives up only after
`TIMEOUT` seconds, a safety net for an app that never stops working.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

import textual.app
import textual.pilot
from textual.pilot import Pilot

TIMEOUT = 120.0  # seconds: a safety net, never a speed target (a key settles in milliseconds)
SPIN = 1_000  # rounds without sleeping; past them each round sleeps a little (`NAP`)
NAP = 0.001  # seconds: lets a thread the app waits for run, and the loop wait for it


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
    return any(map(_working, _pumps(app)))


def _pumps(app) -> Iterator:
    """The app, its shown screens and their widgets."""
    yield app
    for screen in _shown(app):
        yield from screen.walk_children(with_self=True)


def _working(pump) -> bool:
    return bool(pump._message_queue.qsize() or pump._pending_message or pump._next_callbacks)


async def settle(pilot: Pilot) -> None:
    """Let the app finish what it was asked: every message and callback,
    then the screen's update (what its 60 Hz timer would do), and what that
    update posted, until two looks in a row find nothing left to do: no
    message queued, no task ready to run (a widget mounting, a handler
    part-way), no update pending."""
    app, quiet, rounds = pilot.app, 0, 0
    loop = asyncio.get_running_loop()
    ready = loop._ready  # type: ignore[attr-defined]
    give_up = loop.time() + TIMEOUT
    while loop.time() < give_up:
        # every task that is ready runs a step (after many busy rounds, the
        # app waits for something else: a thread, a timer; spinning would
        # only take the CPU from it)
        rounds += 1
        await asyncio.sleep(0 if rounds <= SPIN else NAP)
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
    raise AssertionError(
        f"the app was still busy after {TIMEOUT:g} s ({rounds} rounds): {_what_works(app)}"
    )


def _what_works(app) -> str:
    """What kept the app busy, for the message of a settle given up."""
    busy = [repr(pump) for pump in _pumps(app) if _working(pump)]
    pending = [repr(s) for s in _shown(app) if _update_pending(s, s is app.screen)]
    return (
        f"messages or callbacks on {busy or 'nothing'}, updates pending on {pending or 'nothing'}"
    )


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
