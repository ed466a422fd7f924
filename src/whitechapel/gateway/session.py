"""One SSH session at the gateway: what the client asks for, checked, and
the bytes between its channel and its app's pseudo-terminal, bounded.

The app runs in a session host (`gateway/hosts.py`); here, in the gateway's
own process, is everything a client controls:

- **the pty-req**: the terminal type must look like one and the size must
  be a size (`gateway/limits.py`): past 65535 the request is refused, a
  zero is "unknown" (80×24), the rest is clamped to 500×200; the client's
  terminal modes are not applied to anything;
- **window changes**: the same bounds (zero or past 65535: ignored), at
  most one every `resize_interval` reaches the pty (the last always does);
- **env requests**: only `COLORTERM`, a short value, at most a few;
- **an exec request**: only `join CODE` (an invite line, `ssh -t -p PORT
  HOST join CODE`: the session opens in that room), at most `MAX_COMMAND`
  characters, the code of the room-code alphabet; anything else is refused
  with one sentence and the channel closed;
- **channel requests of every kind** (window changes, env, signals,
  breaks, and those asyncssh answers itself: x11-req, agent forwarding,
  xon-xoff, unknown ones) at `requests_rate` a second with bursts of
  `requests_burst`, counted as they arrive (`count_requests`); past that
  the connection is closed;
- **what the client types**: at most `input_rate` bytes a second into the
  pty; past it, and while the pty is full, the channel is paused (SSH flow
  control: the client waits, nothing is lost, nothing piles up here);
- **what the app draws**: read from the pty only while the channel takes
  it (at most `output_buffer` bytes queued); a client that takes none of
  its output for `stall` seconds is dropped;
- **the end**: whatever way it ends -- refused, the app gone, the client
  gone, the gateway closing -- the pty is closed, the app ended, the
  channel closed, once (`_finish`); when the session host running the app
  died, the client is told so (`HOST_LOST`) first.  Why it ended is kept
  (`why`), for the connection's line in the gateway's close log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pty
import termios
from collections.abc import Awaitable, Callable
from typing import Any

import asyncssh
from asyncssh.constants import MSG_CHANNEL_REQUEST
from asyncssh.packet import SSHPacket

from whitechapel.gateway.hosts import HOST_LOST, HUNG_UP, HostPool
from whitechapel.gateway.limits import (
    ENV_ACCEPTED,
    ENV_VALUE,
    MAX_COLUMNS,
    MAX_ROWS,
    SessionLimits,
    first_size,
    join_command,
    new_size,
    term_type,
)
from whitechapel.net.admission import TokenBucket

log = logging.getLogger("whitechapel.gateway.ssh")

NO_TERMINAL = "whitechapel needs a terminal: connect with 'ssh -t' (or without a command).\r\n"
NO_COMMANDS = (
    "whitechapel runs no commands here but 'join ROOM' (a room's code, as K7QX),\r\n"
    "or 'join ROOM SEAT' (a seat's rejoin code after it): connect without one to play.\r\n"
)
NOT_STARTED = "whitechapel: the game could not start; try again later.\r\n"
BAD_SIZE = (
    "whitechapel cannot draw on a terminal of {width}×{height}: "
    f"it needs a size of at most {MAX_COLUMNS}×{MAX_ROWS} (larger ones are shown that much).\r\n"
)
BAD_TERM = "whitechapel does not know the terminal type {term!r}: set TERM to one such as xterm-256color.\r\n"
# What an app that died with its host left on: an escape sequence cut short
# cancelled (CAN), the main screen back, the cursor shown, mouse reports,
# focus reports, bracketed paste and the kitty keyboard's modes off, colours reset.
TERMINAL_RESET = (
    b"\x18\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"
    b"\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[0m"
)

MAX_LOGGED = 40  # characters of a refused command kept for the log
CLIENT_LEFT = "the client closed it"

_Handler = Callable[[Any, int, int, SSHPacket], Awaitable[None] | None]


def count_requests(
    handlers: dict[int, _Handler], counted: Callable[[str], bool]
) -> dict[int, _Handler]:
    """An asyncssh channel's packet handlers (by message type) with every
    channel request passed first to `counted(kind)`, and dropped unless it
    says True: asyncssh answers some kinds inside the channel (x11-req, agent
    forwarding, unknown ones) before a session would see them."""
    handle = handlers[MSG_CHANNEL_REQUEST]

    def request(chan: Any, pkttype: int, pktid: int, packet: SSHPacket) -> Awaitable[None] | None:
        kind = SSHPacket(packet.get_remaining_payload()).get_string()[:40]
        if counted(kind.decode("ascii", "replace")):
            return handle(chan, pkttype, pktid, packet)
        return None

    return {**handlers, MSG_CHANNEL_REQUEST: request}


class TerminalSession(asyncssh.SSHServerSession[bytes]):
    """The gateway's side of one SSH session (see the module's notes): its
    app goes to `hosts`; `peer` is the client's address; `env_for(term,
    colorterm)` is the app's environment; `disconnect(why)` closes the
    whole connection; `finished(self)` is called once it is all over."""

    def __init__(
        self,
        hosts: HostPool,
        limits: SessionLimits,
        *,
        peer: str,
        env_for: Callable[[str, str | None], dict[str, str]],
        disconnect: Callable[[str], None],
        finished: Callable[[TerminalSession], None],
    ) -> None:
        self.hosts = hosts
        self.limits = limits
        self.finished_with = finished
        self.peer = peer
        self.env_for = env_for
        self.disconnect = disconnect
        self.loop = asyncio.get_running_loop()
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.refusal = NO_TERMINAL  # what a session without an accepted pty-req is told
        self.command: str | None = None
        self.room: str | None = None  # the room an invite's `join CODE` asked for
        self.env: dict[str, str] = {}
        self.master = -1
        self.number: int | None = None  # the app's, in its host, while it runs
        self.typed = bytearray()  # from the client, not yet in the pty
        self.input = TokenBucket(self.limits.input_rate, self.limits.input_burst)
        self.requests = TokenBucket(self.limits.requests_rate, self.limits.requests_burst)
        self.flooded = False  # closed for too many channel requests
        self.reading_pty = False
        self.writing_pty = False
        self.feed_timer: asyncio.TimerHandle | None = None
        self.stall_timer: asyncio.TimerHandle | None = None  # looks whether output is taken
        self.queued = 0  # output waiting in the channel at the last look
        self.taken_at = self.loop.time()  # when the client last took some
        self.resize_timer: asyncio.TimerHandle | None = None
        self.next_size: tuple[int, int] | None = None
        self.resized_at = float("-inf")
        self.gone: asyncio.Future[Any] = self.loop.create_future()  # the client went away
        self.task: asyncio.Task[None] | None = None
        self.finished = False
        self.why: str | None = None  # why it ended, in the close log's words
        self.warn = False  # and whether that is worth a warning
        self.refused_why = "refused: no terminal"  # `refusal`, in those words

    # -- what the client asks for ------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        chan.set_write_buffer_limits(high=self.limits.output_buffer)
        chan._packet_handlers = count_requests(chan._packet_handlers, self._request)
        # asyncssh keeps every env request in a dict of the channel's; this
        # gateway keeps the few it uses, bounded, and refuses the rest.
        chan._process_env_request = self._env_request  # type: ignore[method-assign]

    def _request(self, kind: str) -> bool:
        """Count a channel request of any kind; False, and the connection
        closed (once, logged), past the rate."""
        self.requests.charge(1)
        if self.requests.level() >= 0:
            return True
        if not self.flooded:
            self.flooded = True
            log.warning("%s sent too many channel requests (the last %r): closed", self.peer, kind)
            self.disconnect("too many requests")
        return False

    def _env_request(self, packet: Any) -> bool:
        name, value = packet.get_string(), packet.get_string()
        packet.check_end()
        key, text = name.decode("ascii", "replace"), value.decode("ascii", "replace")
        if (
            key not in ENV_ACCEPTED
            or not ENV_VALUE.fullmatch(text)
            or (key not in self.env and len(self.env) >= self.limits.env_entries)
        ):
            return False
        self.env[key] = text
        return True

    def pty_requested(self, term: str, size: tuple[int, int, int, int], modes: Any) -> bool:
        width, height = size[:2]
        checked, fitted = term_type(term), first_size(width, height)
        if checked is None:
            log.warning("%s asked for a terminal of type %r: refused", self.peer, term[:80])
            self.refusal = BAD_TERM.format(term=term[:40])
            self.refused_why = "refused: terminal type"
            return False
        if fitted is None:
            log.warning("%s asked for a terminal of %d×%d: refused", self.peer, width, height)
            self.refusal = BAD_SIZE.format(width=width, height=height)
            self.refused_why = "refused: terminal size"
            return False
        self.term, self.size = checked, fitted
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Hostile until checked: only `join CODE`; anything else is answered
        # with a sentence once the session starts (kept cut short, never run).
        self.command = command[:MAX_LOGGED]
        self.room = join_command(command)
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no SFTP, nothing

    def break_received(self, msec: int) -> bool:
        return False  # a break reaches no process

    def signal_received(self, signal: str) -> None:
        pass  # and neither does a signal

    def eof_received(self) -> bool:
        return True  # a terminal's input has no end: stay open

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        size = new_size(width, height)
        if size is None:
            log.info("%s asked for a window of %d×%d: ignored", self.peer, width, height)
            return
        self.next_size = size
        if self.resize_timer is None:
            wait = self.resized_at + self.limits.resize_interval - self.loop.time()
            self.resize_timer = self.loop.call_later(max(0.0, wait), self._resize)

    def _resize(self) -> None:
        """The latest size asked for, on the pty (at most one every `resize_interval`)."""
        self.resize_timer = None
        if self.next_size is None:
            return
        self.size, self.next_size = self.next_size, None
        self.resized_at = self.loop.time()
        if self.master >= 0:
            with contextlib.suppress(OSError):
                termios.tcsetwinsize(self.master, (self.size[1], self.size[0]))

    def session_started(self) -> None:
        if self.command is not None and self.room is None:
            log.info("%s asked to run %r: refused", self.peer, self.command)
            return self._refuse(NO_COMMANDS, "refused: a command")
        if self.term is None:
            return self._refuse(self.refusal, self.refused_why)
        self.task = self.loop.create_task(self._run())

    def _ends(self, why: str, warn: bool = False) -> None:
        """Why the session ends (the first reason given)."""
        if self.why is None:
            self.why, self.warn = why, warn

    def _refuse(self, text: str, why: str) -> None:
        assert self.chan is not None
        self._ends(why, warn=True)
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.write_stderr(text.encode())
        self._finish(1)

    # -- the app -----------------------------------------------------------------------

    async def _run(self) -> None:
        status = 1
        try:
            assert self.term is not None
            self.master, tty = pty.openpty()
            try:
                os.set_blocking(self.master, False)
                termios.tcsetwinsize(tty, (self.size[1], self.size[0]))
                env = self.env_for(self.term, self.env.get("COLORTERM"))
                if self.room is not None:  # an invite: the lobby opens in this room
                    env["WHITECHAPEL_ROOM"] = self.room
                self.number = await self.hosts.launch(tty, env)
            finally:
                os.close(tty)
            if self.gone.done():  # the client left while the app was starting
                self._ends(CLIENT_LEFT)
                return
            self._read_pty(True)
            self._feed()
            done = asyncio.ensure_future(self.hosts.wait(self.number))
            await asyncio.wait([done, self.gone], return_when=asyncio.FIRST_COMPLETED)
            if done.done():
                ended = done.result()
                self.number = None
                status = ended.status if ended.status > 0 else 0
                if ended.why:
                    log.warning("the session of %s was ended by its host: %s", self.peer, ended.why)
                    self._ends(f"ended by its session host: {ended.why}", warn=True)
                elif status:
                    self._ends(f"the app ended with status {status}", warn=True)
                else:
                    self._ends("the app ended (the player left it)")
                if ended.why == HUNG_UP.why and not self.hosts.closing:
                    self._write(TERMINAL_RESET + f"\r\n{HOST_LOST}\r\n".encode(), stderr=False)
            else:
                self._ends(CLIENT_LEFT)
                done.cancel()
        except (OSError, RuntimeError, TimeoutError) as e:
            log.error("could not start the app for %s: %s", self.peer, e)
            self._ends(f"internal error: the app could not start ({e})", warn=True)
            self._write(NOT_STARTED.encode())
        except Exception as e:  # the session ends; its connection's line says why
            log.error("the session of %s failed: %r", self.peer, e)
            self._ends(f"internal error: {e!r}", warn=True)
            self._write(NOT_STARTED.encode())
        finally:
            if self.number is not None:  # the client went away: end its app
                number, self.number = self.number, None
                await self.hosts.end(number)
            self._finish(status)

    def shut_down(self, why: str) -> None:
        """The gateway stops: the client's terminal is put back as the app
        found it (`TERMINAL_RESET`: its screen was left drawn, the mouse
        still reported; tester RD, Pocket round 29, "needed `reset`"), told
        why, and the connection closed."""
        if self.number is not None:
            self._write(TERMINAL_RESET + f"\r\nwhitechapel: {why}.\r\n".encode(), stderr=False)
        self.disconnect(why)

    def _write(self, text: bytes, *, stderr: bool = True) -> None:
        """`text` on the client's terminal (by its stderr, or its output
        after the app's), if the client is still there."""
        with contextlib.suppress(OSError, asyncssh.Error):
            if self.chan is not None and not self.gone.done():
                (self.chan.write_stderr if stderr else self.chan.write)(text)

    def _finish(self, status: int) -> None:
        """Close everything this session holds, once."""
        if self.finished:
            return
        self.finished = True
        self._read_pty(False)
        self._write_pty(False)
        for timer in (self.feed_timer, self.stall_timer, self.resize_timer):
            if timer is not None:
                timer.cancel()
        if self.master >= 0:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = -1
        self.finished_with(self)
        if self.chan is not None and not self.gone.done():
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.exit(status)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.gone.done():
            self.gone.set_result(None)
        if self.task is None:  # never started: nothing runs that would close it
            self._ends(CLIENT_LEFT)
            self._finish(0)

    # -- the app's output, to the client -------------------------------------------------

    def _read_pty(self, on: bool) -> None:
        if on == self.reading_pty or (on and (self.master < 0 or self.finished)):
            return
        if on:
            self.loop.add_reader(self.master, self._pty_readable)
        else:
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_reader(self.master)
        self.reading_pty = on

    def _pty_readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app's end is closed; its host says how it ended
            data = b""
        if not data:
            self._read_pty(False)
            return
        assert self.chan is not None
        try:
            self.chan.write(data)  # may pause writing, at once
        except (BrokenPipeError, asyncssh.Error):  # the channel closed: nowhere to go
            self._read_pty(False)
            return
        self._watch_output()

    def pause_writing(self) -> None:
        """The channel holds `output_buffer` bytes the client has not taken:
        leave the pty unread until it takes some."""
        self._read_pty(False)

    def resume_writing(self) -> None:
        self._read_pty(True)

    def _watch_output(self) -> None:
        """While output waits in the channel, look every second whether the
        client takes any; one that takes none for `stall` seconds is dropped."""
        if self.stall_timer is not None or self.finished or self.chan is None:
            return
        self.queued = self.chan.get_write_buffer_size()
        if self.queued:
            self.taken_at = self.loop.time()
            self.stall_timer = self.loop.call_later(1.0, self._look_at_output)

    def _look_at_output(self) -> None:
        self.stall_timer = None
        if self.finished or self.chan is None:
            return
        queued, now = self.chan.get_write_buffer_size(), self.loop.time()
        if queued == 0:
            return
        if queued < self.queued:
            self.taken_at = now
        self.queued = queued
        if now - self.taken_at >= self.limits.stall:
            log.warning(
                "%s took none of its output for %g s: dropped", self.peer, self.limits.stall
            )
            self.disconnect("your terminal took no output")
            return
        self.stall_timer = self.loop.call_later(1.0, self._look_at_output)

    # -- what the client types, to the app ------------------------------------------------

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.typed += data
        self._feed()

    def _write_pty(self, on: bool) -> None:
        if on == self.writing_pty or (on and (self.master < 0 or self.finished)):
            return
        if on:
            self.loop.add_writer(self.master, self._feed)
        else:
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_writer(self.master)
        self.writing_pty = on

    def _feed(self) -> None:
        """Into the pty what the rate and the pty allow; pause the channel
        while anything is left, and come back when it may go on."""
        if self.feed_timer is not None:
            self.feed_timer.cancel()
            self.feed_timer = None
        self._write_pty(False)
        if self.typed and self.master >= 0 and not self.finished:
            allowed = min(len(self.typed), int(self.input.level()))
            written = 0
            if allowed > 0:
                try:
                    written = os.write(self.master, self.typed[:allowed])
                except BlockingIOError:
                    written = 0
                except OSError:  # the app's end is gone
                    self.typed.clear()
                self.input.charge(written)
                del self.typed[:written]
            if self.typed:
                if allowed > 0 and written < allowed:  # the pty is full: when it takes more
                    self._write_pty(True)
                else:  # over the rate: when the bucket has refilled
                    wait = (len(self.typed[:4096]) - self.input.tokens) / self.input.rate
                    self.feed_timer = self.loop.call_later(max(0.01, wait), self._feed)
        if self.chan is not None and not self.finished:
            if self.typed:
                self.chan.pause_reading()
            else:
                self.chan.resume_reading()
