"""Textual's Linux driver on an SSH session's pseudo-terminal, in a session
host where many sessions' apps share one process and one event loop.

What reaches the app from the terminal is what a hostile client sends, so
the driver bounds it, and nothing it does may hold up the other sessions:

- **Size**: the pty's size, looked at every 0.1 s as input is read (no
  SIGWINCH: a process has at most one controlling terminal, and the SSH
  client's signals must not reach a process other sessions live in),
  clamped to `MAX_COLUMNS`×`MAX_ROWS`.  In-band resize reports (mode 2048)
  are neither asked for nor believed: the pty's size is the only one.
- **Input**: bracketed paste is not turned on, and its markers are taken
  out of what arrives, so that a paste is typed keys like any other (a
  bracketed paste would be held whole in memory until its end marker).
  Keys and clicks reach the app one at a time (mouse moves read together,
  as one: the last): the next is posted only
  once the app has handled the last (Textual handles the messages waiting
  in an app's queue in one go, without letting the loop run anything else,
  so a backlog of a session's clicks would hold every other session up);
  meanwhile the driver leaves the terminal unread.  While the host's guard
  holds the session back (`hold_until`) it posts nothing (not even what it
  has read already), reads no input and takes no new size; and it posts no
  sooner than its `pace` allows (`guard.py`).  The gateway meters the bytes
  before they get here.
- **Output** never blocks the event loop: it is queued and written as the
  terminal takes it (the loop's writer callback on a non-blocking
  descriptor).  More than `MAX_OUTPUT` queued, or nothing taken for
  `OUTPUT_STALL` seconds, and the session is ended (`on_stall`).
- A hang-up (the gateway closed the pty) ends the app.  As an app ends,
  Textual joins the input thread on the event loop: the thread leaves at
  once, whatever it has read and not posted (`_stop_input`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import signal
import threading
import time
from codecs import getincrementaldecoder
from collections.abc import Callable
from typing import Any

from textual import events, messages
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size

from whitechapel.gateway.guard import SESSION
from whitechapel.gateway.limits import MAX_COLUMNS, MAX_ROWS, MiB

log = logging.getLogger(__name__)

MAX_OUTPUT = 4 * MiB  # output queued for a terminal that does not take it, then the session ends
OUTPUT_STALL = 30.0  # seconds a terminal may take none of its output, then the session ends
PASTE_MARKERS = ("\x1b[200~", "\x1b[201~")


def clamp(columns: int, rows: int) -> tuple[int, int]:
    """A terminal size the app may draw at: zeros as 80×24, at most the maximum."""
    return min(columns or 80, MAX_COLUMNS), min(rows or 24, MAX_ROWS)


class _Markers:
    """Takes bracketed-paste markers out of a stream of text, even when one
    is split between two reads: a tail that may begin one is held back
    until the next read, or until none comes soon (`flush`: an Escape key
    pressed alone waits a few milliseconds, no more)."""

    def __init__(self) -> None:
        self.carry = ""

    def clean(self, text: str) -> str:
        text = self.carry + text
        while any(m in text for m in PASTE_MARKERS):  # taking one out may join another
            for marker in PASTE_MARKERS:
                text = text.replace(marker, "")
        self.carry = ""
        start = text.find("\x1b", max(0, len(text) - len(PASTE_MARKERS[0]) + 1))
        while start >= 0:
            if any(m.startswith(text[start:]) for m in PASTE_MARKERS):
                text, self.carry = text[:start], text[start:]
                break
            start = text.find("\x1b", start + 1)
        return text

    def flush(self) -> str:
        text, self.carry = self.carry, ""
        return text


class PtyDriver(LinuxDriver):
    """Textual's Linux driver on the terminal `app.session_tty`; the host
    sets `on_stall(why)` to end the session when its output cannot go out."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        # Textual's driver takes SIGTSTP and SIGCONT for its app (ctrl+z):
        # in a host, no session's app may take the process's signals.
        saved = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
        try:
            super().__init__(app, **kwargs)
        finally:
            for sig, handler in saved.items():
                signal.signal(sig, handler)
        self.fileno = app.session_tty
        self.input_tty = True
        self._size: tuple[int, int] | None = None
        self._out_fd = os.dup(self.fileno)
        os.set_blocking(self._out_fd, False)
        self._pending = bytearray()
        self._writing = False  # a writer callback is registered
        self._taken = time.monotonic()  # when the terminal last took output
        self._stalled = False
        self._handled = threading.Event()  # the app has handled the last key or click posted
        self._handled.set()
        self._stop = threading.Event()  # the app is ending: the input thread leaves at once
        self._wake = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)  # wakes its poll then
        self.hold_until = 0.0  # the guard holds the session back: no input until then (monotonic)
        self.input_time = 0.0  # seconds of CPU this driver's input thread spent (the guard's)
        # The share of the loop's time its input may cost (the guard's; 1: all).
        self.pace = float(getattr(app, "session_pace", 1.0))
        self._posted = float("-inf")  # when the last message was posted (monotonic): never yet
        self._cost_then = 0.0  # the session's cost (`_cost`) then
        self.on_stall: Callable[[str], None] = getattr(app, "session_stalled", lambda why: None)
        app.session_driver = self

    # -- size ----------------------------------------------------------------------------

    def _get_terminal_size(self) -> tuple[int, int]:
        try:
            columns, lines = os.get_terminal_size(self.fileno)
        except OSError:
            return 80, 24
        return clamp(columns, lines)

    def _resized(self) -> None:
        size = self._get_terminal_size()
        if size != self._size:
            self._size = size
            self.send_message(events.Resize(Size(*size), Size(*size)))

    def _query_in_band_window_resize(self) -> None:
        pass  # the pty's size is the only one

    def _enable_in_band_window_resize(self) -> None:
        pass

    def _enable_bracketed_paste(self) -> None:
        pass  # a paste arrives as keys

    def process_message(self, message: Any) -> None:
        if isinstance(message, (events.Resize, messages.InBandWindowResize)):
            return  # sizes come from the pty alone
        super().process_message(message)

    # -- application mode: SIGWINCH stays the host's -----------------------------------------

    def start_application_mode(self) -> None:
        handler = signal.getsignal(signal.SIGWINCH)
        try:
            super().start_application_mode()
        finally:
            signal.signal(signal.SIGWINCH, handler)
        self._size = self._get_terminal_size()

    def disable_input(self) -> None:
        self._stop_input()
        handler = signal.getsignal(signal.SIGWINCH)
        try:
            super().disable_input()
        finally:
            signal.signal(signal.SIGWINCH, handler)

    # -- output ----------------------------------------------------------------------------

    def write(self, data: str) -> None:
        """Queue `data` for the terminal; never waits for it."""
        if self._stalled:
            return
        if not self._pending:
            self._taken = time.monotonic()
        self._pending += data.encode("utf-8", "replace")
        if len(self._pending) > MAX_OUTPUT:
            return self._stall(
                f"its terminal took none of {len(self._pending) // MiB} MiB of output"
            )
        self._send()

    def _send(self) -> None:
        """Write what the terminal takes now; wait (for the loop's writer
        callback) for the rest."""
        try:
            written = os.write(self._out_fd, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:  # the terminal hung up: the input side ends the app
            self._pending.clear()
            written = 0
        if written:
            del self._pending[:written]
            self._taken = time.monotonic()
        elif self._pending and time.monotonic() - self._taken > OUTPUT_STALL:
            return self._stall(f"its terminal took no output for {OUTPUT_STALL:g} s")
        waiting = bool(self._pending)
        if waiting != self._writing:
            loop = self._loop
            if waiting:
                loop.add_writer(self._out_fd, self._send)
                loop.call_later(OUTPUT_STALL + 1, self._check_stall)
            else:
                loop.remove_writer(self._out_fd)
            self._writing = waiting

    def _check_stall(self) -> None:
        if self._writing and time.monotonic() - self._taken > OUTPUT_STALL:
            self._stall(f"its terminal took no output for {OUTPUT_STALL:g} s")

    def _stall(self, why: str) -> None:
        if self._stalled:
            return
        self._stalled = True
        self._pending.clear()
        if self._writing:
            self._loop.remove_writer(self._out_fd)
            self._writing = False
        self.on_stall(why)

    def flush(self) -> None:
        pass  # written as the terminal takes it

    def close(self) -> None:
        super().close()
        if self._writing:
            with contextlib.suppress(Exception):
                self._loop.remove_writer(self._out_fd)
            self._writing = False
        if self._pending and not self._stalled:  # the last words, if the terminal takes them
            with contextlib.suppress(OSError):
                os.write(self._out_fd, self._pending)
        for fd in (self._out_fd, self._wake):
            with contextlib.suppress(OSError):
                os.close(fd)

    # -- input -----------------------------------------------------------------------------

    def _stopping(self) -> bool:
        return self._stop.is_set() or self.exit_event.is_set()

    def _stop_input(self) -> None:
        """Have the input thread leave now, whatever it waits for: Textual
        joins it on the event loop as the app ends, where every session
        would wait for it."""
        self._stop.set()
        self._handled.set()
        with contextlib.suppress(OSError):
            os.eventfd_write(self._wake, 1)

    def send_message(self, message: Any) -> None:
        """Post to the app (from the input thread), once it has handled the
        last message posted and the guard no longer holds the session back
        (a batch already read waits too); nothing once the app is ending."""
        while not self._handled.wait(0.05):
            if self._stopping():
                return
        while (wait := self._due() - time.monotonic()) > 0 and not self._stopping():
            self._stop.wait(min(wait, 0.05))
        if self._stopping():
            return
        self._handled.clear()
        self._posted, self._cost_then = time.monotonic(), self._cost()
        self._loop.call_soon_threadsafe(self._deliver, message)

    def _cost(self) -> float:
        """What the session has cost the others: the loop's time its
        callbacks held, long ones weighed by their length (`felt`, counted
        by the host's `MeteredLoop`), and its input thread's parsing."""
        felt = getattr(self._loop, "felt", None)
        n = getattr(self._app, "session_number", None)
        return (felt.get(n, 0.0) if felt is not None else 0.0) + self.input_time

    def _due(self) -> float:
        """When the next message may be posted: once the guard no longer
        holds the session back, and late enough that what the session has
        cost since the last one is at most `pace` of the time between them."""
        paced = self._posted + (self._cost() - self._cost_then) / max(self.pace, 0.01)
        return max(self.hold_until, paced)

    def _deliver(self, message: Any) -> None:
        """On the loop: the message, then word back once the app has handled it."""
        app = self._app
        if not (app.post_message(message) and app.call_later(self._handled.set)):
            self._handled.set()  # the app is not taking messages (starting or ending)

    def _hung_up(self) -> None:
        self._loop.call_soon_threadsafe(self._app.exit)

    def _run_input_thread(self) -> None:
        # What this thread hands the loop counts as the session's (guard.py).
        SESSION.set(getattr(self._app, "session_number", None))
        try:
            self.run_input_thread()
        except Exception:  # not the player's business: end the session
            log.exception("a session's input failed")
            self._hung_up()

    def run_input_thread(self) -> None:
        """Keys and mouse from the terminal, as Textual's own driver reads
        them, within the bounds above; a hang-up ends the app."""
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        markers = _Markers()
        poller = select.poll()
        poller.register(self.fileno, select.POLLIN)
        poller.register(self._wake, select.POLLIN)
        while not self._stopping():
            held = time.monotonic() < self.hold_until
            if held:  # the guard holds the session back
                self._stop.wait(0.05)
            elif poller.poll(10 if markers.carry else 100):
                if self._stopping():
                    return
                try:
                    data = os.read(self.fileno, 4096)
                except OSError:
                    data = b""
                if not data:
                    self._hung_up()
                    return
                start = time.thread_time()
                # Never an empty feed: Textual's parser reads "" as the end of
                # its input and fails at the next (a lone Escape held back as
                # a marker's start, or half a UTF-8 character, ended the
                # session: tester PA, Pocket round 1).
                text = markers.clean(decode(data))
                batch = list(parser.feed(text)) if text else []
                self.input_time += time.thread_time() - start  # counted before any is posted
                start = time.thread_time()
                for k, event in enumerate(batch):
                    if self._stopping():
                        return
                    after = batch[k + 1] if k + 1 < len(batch) else None
                    if isinstance(event, events.MouseMove) and isinstance(after, events.MouseMove):
                        continue  # only where the mouse went matters
                    self.process_message(event)
                self.input_time += time.thread_time() - start
            elif markers.carry:  # no more came: it was not a marker
                for event in parser.feed(markers.flush()):  # never empty: carry was not
                    self.process_message(event)
            if not held:  # a session held back is not redrawn at a new size either
                for event in parser.tick():
                    self.process_message(event)
                self._resized()
