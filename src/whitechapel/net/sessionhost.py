"""Many SSH sessions' apps in one process: the session host.

A forked app process per session costs ~20 MiB of private memory however
little the app allocates: CPython writes to every object the running app
touches (reference counts, specialised bytecode), and so copies, page by
page, most of what the fork server shares with it.  A *session host* runs
several sessions' apps in one process instead, each a Textual app on its
own pseudo-terminal in the host's one event loop; one more session then
costs what its own app holds (~2–3 MiB).

- The fork server forks a host on the gateway's request
  (`{"host": true}`) and hands the gateway its end of a socket pair.  The
  gateway's `HostPool` (net/launch.py) keeps the hosts: a new session goes to the host
  with the fewest sessions, and a new host is forked while there are fewer
  hosts than CPUs (so that logins arriving together use every core) or
  when every host is full (`per_host`).
- Gateway → host, one JSON object per packet: `{"id": n, "env": {...}}`
  with the pty's far end (SCM_RIGHTS): start session n;
  `{"end": n}`: ask its app to quit; `{"kill": n}`: drop it now.
  Host → gateway: `{"exit": n, "status": s}` when session n has ended.
- `PtyDriver` is Textual's Linux driver on the session's terminal instead
  of the process's own: it reads and writes that pty, follows its window
  size by looking (no SIGWINCH: a process has one controlling terminal at
  most, and the SSH client's signals must not reach a process other
  sessions live in), and ends its app when the terminal hangs up.
- The host dies with the fork server (and so with the gateway), and ends
  every session when the gateway closes its socket.

What a host shares between its sessions is code and parsed CSS; each
session's app, link to the game server, tokens and screens are its own
objects, and none of them reads a file (the SSH app has no file-system
features).  A crash of the process would end all its sessions, which is
why a host takes at most `per_host` of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import select
import signal
import socket
from codecs import getincrementaldecoder
from dataclasses import dataclass
from typing import Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size

from whitechapel.net.launch import GRACE, receive

log = logging.getLogger(__name__)



class _Terminal:
    """The session's terminal as Textual's writer thread uses it: once the
    terminal has hung up, what is still written goes nowhere, quietly."""

    def __init__(self, fd: int) -> None:
        self.file = os.fdopen(os.dup(fd), "w", encoding="utf-8", errors="replace")

    def write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.file.write(text)

    def flush(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.file.flush()

    def fileno(self) -> int:
        return self.file.fileno()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.file.close()


class PtyDriver(LinuxDriver):
    """Textual's Linux driver on the terminal `app.session_tty`."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.fileno = app.session_tty
        self.input_tty = True
        self._out = _Terminal(self.fileno)
        self._file = self._out  # type: ignore[assignment]  # what Textual's writer thread writes to
        self._size: tuple[int, int] | None = None

    def _get_terminal_size(self) -> tuple[int, int]:
        try:
            columns, lines = os.get_terminal_size(self.fileno)
        except OSError:
            return 80, 24
        return columns or 80, lines or 24

    def start_application_mode(self) -> None:
        # Textual's driver takes SIGWINCH for its app, and gives it back to
        # the default when it stops: in a host, no app may take it.
        handler = signal.getsignal(signal.SIGWINCH)
        try:
            super().start_application_mode()
        finally:
            signal.signal(signal.SIGWINCH, handler)
        self._size = self._get_terminal_size()

    def disable_input(self) -> None:
        handler = signal.getsignal(signal.SIGWINCH)
        try:
            super().disable_input()
        finally:
            signal.signal(signal.SIGWINCH, handler)

    def close(self) -> None:
        super().close()
        self._out.close()

    def _post(self, event: Any) -> None:
        asyncio.run_coroutine_threadsafe(self._app._post_message(event), self._loop)

    def _resized(self) -> None:
        size = self._get_terminal_size()
        if size != self._size:
            self._size = size
            self._post(events.Resize(Size(*size), Size(*size)))

    def _hung_up(self) -> None:
        self._loop.call_soon_threadsafe(self._app.exit)

    def _run_input_thread(self) -> None:
        try:
            self.run_input_thread()
        except Exception:  # not the player's business: end the session
            log.exception("a session's input failed")
            self._hung_up()

    def run_input_thread(self) -> None:
        """Keys and mouse from the terminal, as Textual's own driver reads
        them; a hang-up (the gateway closed the pty) ends the app."""
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        poller = select.poll()
        poller.register(self.fileno, select.POLLIN)
        while not self.exit_event.is_set():
            ready = poller.poll(100)
            if ready:
                try:
                    data = os.read(self.fileno, 4096)
                except OSError:
                    data = b""
                if not data:
                    self._hung_up()
                    return
                for event in parser.feed(decode(data)):
                    self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            self._resized()


@dataclass
class _Session:
    tty: int
    task: asyncio.Task | None = None
    app: Any = None


class Host:
    """The host's side: sessions in, exits out, on `sock`."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.sessions: dict[int, _Session] = {}
        self.done: asyncio.Future[None] | None = None

    def send(self, msg: dict) -> None:
        with contextlib.suppress(OSError):
            self.sock.send(json.dumps(msg).encode())

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        self.done = loop.create_future()
        self.sock.setblocking(False)
        loop.add_reader(self.sock.fileno(), self._readable)
        await self.done
        for n in list(self.sessions):
            self._kill(n)

    def _readable(self) -> None:
        while (packet := receive(self.sock)) is not None:
            data, fds = packet
            if not data:  # the gateway is gone
                for fd in fds:
                    os.close(fd)
                if self.done is not None and not self.done.done():
                    self.done.set_result(None)
                return
            try:
                msg = json.loads(data)
                n = int(msg.get("id", msg.get("end", msg.get("kill"))))
            except (ValueError, TypeError, AttributeError):
                msg, n = {}, -1
            if "env" in msg and len(fds) == 1 and n not in self.sessions:
                self._start(n, fds[0], dict(msg["env"]))
                continue
            for fd in fds:
                os.close(fd)
            if "end" in msg:
                self._end(n)
            elif "kill" in msg:
                self._kill(n)

    def _start(self, n: int, tty: int, env: dict[str, str]) -> None:
        session = self.sessions[n] = _Session(tty)
        session.task = asyncio.ensure_future(self._run(n, session, env))

    async def _run(self, n: int, session: _Session, env: dict[str, str]) -> None:
        from whitechapel.net.run import session_app

        status = 1
        try:
            app = session_app(env, env.get("WHITECHAPEL_SERVER", ""))
            app.session_tty = session.tty
            app.driver_class = PtyDriver
            session.app = app
            await app.run_async()
            status = int(app.return_code or 0)
        except asyncio.CancelledError:
            status = -int(signal.SIGKILL)
        except Exception:
            log.exception("a session's app failed")
        finally:
            self.sessions.pop(n, None)
            with contextlib.suppress(OSError):
                os.close(session.tty)
            self.send({"exit": n, "status": status})

    def _end(self, n: int) -> None:
        session = self.sessions.get(n)
        if session is None:
            return
        if session.app is not None:
            session.app.exit()
        asyncio.get_running_loop().call_later(GRACE, self._kill, n)

    def _kill(self, n: int) -> None:
        session = self.sessions.get(n)
        if session is not None and session.task is not None:
            session.task.cancel()


def main(sock: socket.socket, parent: int) -> None:
    """In the host process (forked from the fork server, `parent`): serve
    sessions until the gateway closes `sock`; never returns."""
    from whitechapel.net.forkserver import die_with_parent

    code = 0
    try:
        die_with_parent(parent)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        asyncio.run(Host(sock).serve())
    except BaseException:
        code = 1
    finally:
        os._exit(code)
