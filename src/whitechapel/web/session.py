"""One browser session: its app, on a pseudo-terminal of its own in a
session host, and the page that shows it -- attached, dropped, attached
again.

The app is an SSH session's app (`gateway/sessionapp.py`, run by a session
host under its guard, through `gateway/driver.py`); the browser is only a
terminal, xterm.js in textual-serve's page, which sends what is typed and
shows what the app draws.  So a browser session meets the SSH session's
bounds where it enters (`gateway/limits.py`), here:

- **what the page types** goes into the pty at `input_rate` bytes a second
  in bursts of `input_burst`; past it the page's next message is not read
  until this one is in (the websocket's flow control: the browser waits,
  nothing piles up here);
- **window changes**: clamped to 500×200 (`new_size`: a zero or a size past
  65535 is ignored), at most one every `resize_interval` reaches the pty;
- **what the app draws** is read from the pty only while the page takes it:
  past `WINDOW` bytes sent and not yet taken (in the socket's buffers, here
  and in the kernel, which would otherwise take megabytes first), the pty
  is left unread, and so are the page's messages (what it types and its
  resizes make the app draw more); a page that takes none of it for `stall`
  seconds is detached (its app waits for it as for a dropped page), before
  its app's own output queue in the session host overflows;
- **a page that goes away** (a closed tab, a dropped network) leaves the app
  running for `reconnect_grace` seconds, its output read and dropped; a page
  of the same login that comes back within it gets the same app, repainted
  (`attach`), in the seat it left.  Then the app is ended.

When the session host running the app ends (killed, crashed) while the
gateway is not closing, the page is told so (`HOST_LOST`).

The app sets its terminal's title (OSC 2: the game and the room, or the
lobby); the session passes it to the page as `["title", TEXT]`, which the
page makes its own title.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import pty
import re
import struct
import termios
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from whitechapel.gateway.hosts import HOST_LOST, HUNG_UP, Ended, HostPool
from whitechapel.gateway.limits import SessionLimits, new_size
from whitechapel.net.connection import TokenBucket

log = logging.getLogger("whitechapel.web")

TITLE = re.compile(rb"\x1b\]2;([^\x07\x1b]{0,200})(?:\x07|\x1b\\)")
TITLE_CARRY = 256  # bytes of an unfinished title sequence kept for the next read
WINDOW = 256 * 1024  # bytes sent to a page and not yet taken, past which the pty waits
LOOK = 0.1  # seconds between looks at a page's backlog while the pty waits


class Page(Protocol):
    """What a session needs of a page's websocket (aiohttp's `WebSocketResponse`)."""

    async def send_bytes(self, data: bytes) -> None: ...
    async def send_str(self, data: str) -> None: ...
    async def close(self, *, code: int = ..., message: bytes = ..., drain: bool = ...) -> bool: ...


def unsent(transport: Any) -> int:
    """Bytes written to `transport` (an asyncio socket transport) that its
    peer has not taken: in the transport's buffer and, where the system
    says (Linux: SIOCOUTQ), in the kernel's, sent and not acknowledged."""
    if transport is None or transport.is_closing():
        return 0
    queued = int(transport.get_write_buffer_size())
    sock = transport.get_extra_info("socket")
    fd = sock.fileno() if sock is not None else -1
    outq = getattr(termios, "TIOCOUTQ", None)  # SIOCOUTQ on a socket
    if fd >= 0 and outq is not None:
        with contextlib.suppress(OSError, ValueError):
            queued += struct.unpack("i", fcntl.ioctl(fd, outq, b"\0" * 4))[0]
    return queued


async def say_and_close(page: Page, text: str, code: int = 1000) -> None:
    """A last line on the page's terminal, then its websocket closed with
    `code` (the page shows the line; the code says whether to come back).

    Whether or not the page is reading at that moment: the line and the
    close frame are queued behind what it has not taken yet, never waited
    for (a page that reads later still finds them: its close code is ours,
    not 1006); the close then waits at most the websocket's own timeout for
    the page's answer and closes the connection gently, queue and all."""
    with contextlib.suppress(Exception):  # the page may be gone already
        await asyncio.wait_for(page.send_bytes(f"\r\n\x1b[0m{text}\r\n".encode()), 5)
    with contextlib.suppress(Exception):
        await page.close(code=code, message=text[:120].encode(), drain=False)


class BrowserSession:
    """One login's app and its page; `ended(self)` once the app is gone."""

    def __init__(
        self,
        hosts: HostPool,
        limits: SessionLimits,
        env: dict[str, str],
        *,
        peer: str,
        grace: float,
        ended: Callable[[BrowserSession], None],
    ) -> None:
        self.hosts, self.limits, self.env = hosts, limits, env
        self.peer, self.grace, self.ended = peer, grace, ended
        self.loop = asyncio.get_running_loop()
        self.master = -1
        self.number: int | None = None  # the app's, in its host, while it runs
        self.page: Page | None = None
        self.backlog: Callable[[], int] = lambda: 0  # what the page has not taken (`unsent`)
        self.flowing = asyncio.Event()  # clear while the page's output waits: its input waits too
        self.flowing.set()
        self.size = (80, 24)
        self.title = ""  # the last the app set
        self._carry = b""
        self.input = TokenBucket(limits.input_rate, limits.input_burst)
        self._next_size: tuple[int, int] | None = None
        self._resized_at = float("-inf")
        self._resize_timer: asyncio.TimerHandle | None = None
        self._grace_timer: asyncio.TimerHandle | None = None
        self._tasks: list[asyncio.Task[Any]] = []
        self._background: set[asyncio.Future[Any]] = set()  # ends and farewells under way
        self._waiters: set[asyncio.Future[None]] = set()  # for the pty to be readable or writable
        self.finished = False

    def _soon(self, work: Awaitable[Any]) -> None:
        """Run `work` without waiting for it (kept until it is done)."""
        future = asyncio.ensure_future(work)
        self._background.add(future)
        future.add_done_callback(self._background.discard)

    # -- the app -----------------------------------------------------------------------

    async def start(self, size: tuple[int, int]) -> None:
        """Start the app at `size` (already bounded) on a new pty."""
        self.size = size
        self.master, tty = pty.openpty()
        try:
            os.set_blocking(self.master, False)
            termios.tcsetwinsize(tty, (size[1], size[0]))
            self.number = await self.hosts.launch(tty, self.env)
        except BaseException:
            self._finish(Ended(1, ""))
            raise
        finally:
            os.close(tty)
        self._tasks = [asyncio.ensure_future(self._pump()), asyncio.ensure_future(self._watch())]

    async def _watch(self) -> None:
        assert self.number is not None
        how = await self.hosts.wait(self.number)
        self.number = None
        # The app's last words (a farewell, say) are still in the pty: to the page first.
        await asyncio.wait(self._tasks[:1], timeout=1.0)
        if how.why:
            log.warning("the browser session of %s was ended by its host: %s", self.peer, how.why)
        self._finish(how)

    def end(self) -> None:
        """Ask the app to quit (dropped if it lingers); the rest follows its end."""
        if self.number is not None:
            self._soon(self.hosts.end(self.number))
        elif not self.finished:
            self._finish(Ended(0))

    def _finish(self, how: Ended) -> None:
        """Close everything this session holds, once."""
        if self.finished:
            return
        self.finished = True
        for timer in (self._resize_timer, self._grace_timer):
            if timer is not None:
                timer.cancel()
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        if self.master >= 0:
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_reader(self.master)
                self.loop.remove_writer(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = -1
        for waiter in self._waiters:  # whoever waits for the pty finds it closed
            if not waiter.done():
                waiter.set_result(None)
        self.flowing.set()
        page, self.page = self.page, None
        if page is not None:  # the app's last words are on the page already
            lost = how.why == HUNG_UP.why and not self.hosts.closing
            self._soon(say_and_close(page, HOST_LOST if lost else "", 1000))
        self.ended(self)

    # -- pages ---------------------------------------------------------------------------

    async def attach(
        self,
        page: Page,
        size: tuple[int, int],
        *,
        repaint: bool = True,
        backlog: Callable[[], int] | None = None,
    ) -> None:
        """Show the app on `page` at `size`: its first page, or (`repaint`)
        a page of the same login coming back, or another tab taking it over,
        which the app draws anew.  `backlog()`: the bytes sent to the page
        it has not taken yet (`unsent`)."""
        old, self.page = self.page, page
        self.backlog = backlog or (lambda: 0)
        self.flowing.set()
        if self._grace_timer is not None:
            self._grace_timer.cancel()
            self._grace_timer = None
        if old is not None and old is not page:
            self._soon(
                say_and_close(old, "whitechapel: this game was opened in another page.", 4001)
            )
        if self.title:
            with contextlib.suppress(Exception):
                await page.send_str(json.dumps(["title", self.title]))
        self._set_size(size)
        if repaint and self.number is not None:
            # A new terminal shows nothing: the app is told to draw all of it
            # anew (a change of size and back would be missed by an app that
            # looks at its size only after both, as on a busy machine).
            self.hosts.repaint(self.number)

    def detach(self, page: Page) -> None:
        """`page` is gone: the app waits `grace` seconds for another."""
        if self.page is not page or self.finished:
            return
        self.page = None
        self.backlog = lambda: 0
        self.flowing.set()
        self._grace_timer = self.loop.call_later(self.grace, self.end)

    # -- the app's output, to the page ---------------------------------------------------

    async def _readable(self, fd: int, writer: bool = False) -> None:
        waiter = self.loop.create_future()

        def ready() -> None:
            if not waiter.done():
                waiter.set_result(None)

        (self.loop.add_writer if writer else self.loop.add_reader)(fd, ready)
        self._waiters.add(waiter)
        try:
            await waiter
        finally:
            self._waiters.discard(waiter)
            with contextlib.suppress(ValueError, OSError):
                (self.loop.remove_writer if writer else self.loop.remove_reader)(fd)

    async def _pump(self) -> None:
        """What the app draws, to the page while it takes it; dropped while
        no page is attached (the next one is repainted)."""
        while self.master >= 0:
            try:
                data = os.read(self.master, 65536)
            except BlockingIOError:
                await self._readable(self.master)
                continue
            except OSError:  # EIO: the app's end is closed; its host says how it ended
                return
            if not data:
                return
            title = self._title(data)
            page = self.page
            if page is None:
                continue
            try:
                if title is not None:
                    await page.send_str(json.dumps(["title", title]))
                await asyncio.wait_for(page.send_bytes(data), self.limits.stall)
                if not await self._taken(page):
                    raise TimeoutError
            except TimeoutError:
                log.warning(
                    "the page of %s took none of its output for %g s: dropped",
                    self.peer,
                    self.limits.stall,
                )
                self.detach(page)
                self._soon(say_and_close(page, "", 4002))
            except (ConnectionError, RuntimeError):  # the page is closing
                self.detach(page)

    async def _taken(self, page: Page) -> bool:
        """Wait while more than `WINDOW` bytes sent to `page` wait for it
        (the pty, and the page's messages, wait meanwhile); False once it
        has taken none of them for `stall` seconds."""
        queued = self.backlog()
        if queued <= WINDOW:
            return True
        self.flowing.clear()
        try:
            taken_at = self.loop.time()
            while queued > WINDOW // 2 and self.page is page:
                await asyncio.sleep(LOOK)
                now, before, queued = self.loop.time(), queued, self.backlog()
                if queued < before:
                    taken_at = now
                elif now - taken_at >= self.limits.stall:
                    return False
            return True
        finally:
            self.flowing.set()

    def _title(self, data: bytes) -> str | None:
        """The last title the app set in `data` (with what was carried from
        the last read), if any."""
        text = self._carry + data
        found = None
        for match in TITLE.finditer(text):
            found = match.group(1).decode("utf-8", "replace")
        start = text.rfind(b"\x1b]2;")
        tail = text[start:] if start >= 0 else b""
        self._carry = tail if tail and not TITLE.match(tail) and len(tail) < TITLE_CARRY else b""
        if found is not None:
            found = "".join(c for c in found if c.isprintable())[:120]
            self.title = found
        return found

    # -- what the page sends, to the app ----------------------------------------------------

    async def type(self, data: bytes) -> None:
        """`data` into the pty at the input rate; returns once it is all in
        (meanwhile the page's next message waits)."""
        while data and self.master >= 0:
            level = self.input.level()
            if level < 1:
                need = min(len(data), 4096) - level
                await asyncio.sleep(max(0.01, need / self.input.rate))
                continue
            try:
                written = os.write(self.master, data[: int(level)])
            except BlockingIOError:  # the pty is full: when it takes more
                await self._readable(self.master, writer=True)
                continue
            except OSError:  # the app's end is gone
                return
            self.input.charge(written)
            data = data[written:]

    def resize(self, width: Any, height: Any) -> None:
        """The page's new size: bounded, and at most one every
        `resize_interval` reaches the pty (the last always does)."""
        if not (isinstance(width, int) and isinstance(height, int)):
            return
        size = new_size(width, height)
        if size is None:
            log.info("%s asked for a window of %s×%s: ignored", self.peer, width, height)
            return
        self._next_size = size
        if self._resize_timer is None:
            wait = self._resized_at + self.limits.resize_interval - self.loop.time()
            self._resize_timer = self.loop.call_later(max(0.0, wait), self._resize)

    def _resize(self) -> None:
        self._resize_timer = None
        if self._next_size is not None:
            size, self._next_size = self._next_size, None
            self._resized_at = self.loop.time()
            self._set_size(size)

    def _set_size(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.master >= 0:
            with contextlib.suppress(OSError):
                termios.tcsetwinsize(self.master, (size[1], size[0]))
