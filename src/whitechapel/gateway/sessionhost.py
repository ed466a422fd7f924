"""Many SSH sessions' apps in one process: the session host.

A forked app process per session costs ~20 MiB of private memory however
little the app allocates: CPython writes to every object the running app
touches (reference counts, specialised bytecode), and so copies, page by
page, most of what the fork server shares with it.  A *session host* runs
several sessions' apps in one process instead, each a Textual app on its
own pseudo-terminal in the host's one event loop; one more session then
costs what its own app holds (~2–3 MiB).

- The fork server forks a host on the gateway's request and hands the
  gateway its end of a socket pair (`gateway/wire.py`: what they say).
- Each session's app runs on its own terminal through `PtyDriver`
  (`gateway/driver.py`), which bounds what the terminal sends and never
  lets the terminal hold up the loop.
- The host's event loop counts each session's time on it, and its guard
  paces, holds back or ends a session that takes more than its share of
  the loop (its address's sessions judged together: the address is the
  session's `WHITECHAPEL_PEER`), or of the memory (`gateway/guard.py`); a
  session so ended is told in a sentence on its terminal, and the gateway
  logs why with its address.
- The host dies with the fork server (and so with the gateway), and ends
  every session when the gateway closes its socket: when the gateway goes,
  and when it lets an idle host go.

What a host shares between its sessions is code and parsed CSS; each
session's app, link to the game server, tokens and screens are its own
objects, and none of them reads a file (the SSH app has no file-system
features).  A crash of the process would end all its sessions, which is
why a host takes at most `PER_HOST` of them (`gateway/hosts.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import os
import signal
import socket
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from whitechapel.gateway.driver import PtyDriver
from whitechapel.gateway.guard import SESSION, Guard, GuardLimits, MeteredLoop
from whitechapel.gateway.wire import GRACE, die_with_parent, receive
from whitechapel.net.admission import address_key

log = logging.getLogger(__name__)

STALLED = "whitechapel: this session was ended: its terminal took no output."


def _app_of(env: Mapping[str, str]) -> Any:
    from whitechapel.gateway.sessionapp import session_app

    return session_app(env, env.get("WHITECHAPEL_SERVER", ""))


@dataclass
class _Session:
    tty: int
    address: str  # who it is (`address_key` of its peer): an address's sessions are judged together
    task: asyncio.Task[None] | None = None
    app: Any = None
    why: str = ""  # why the host ended it, for the gateway's log
    farewell: str = ""  # the sentence its terminal shows last
    ending: bool = False  # asked to end: an app not yet started never starts


class Host:
    """The host's side: sessions in, exits out, on `sock`.  `make_app(env)`
    builds a session's app (the lobby of `gateway/sessionapp.py`)."""

    def __init__(
        self,
        sock: socket.socket,
        make_app: Callable[[Mapping[str, str]], Any] = _app_of,
        limits: GuardLimits | None = None,
    ) -> None:
        self.sock = sock
        self.make_app = make_app
        self.limits = limits
        self.sessions: dict[int, _Session] = {}
        self.done: asyncio.Future[None] | None = None

    def send(self, msg: dict[str, Any]) -> None:
        with contextlib.suppress(OSError):
            self.sock.send(json.dumps(msg).encode())

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        self.done = loop.create_future()
        self.sock.setblocking(False)
        loop.add_reader(self.sock.fileno(), self._readable)
        watch = None
        if isinstance(loop, MeteredLoop):
            guard = Guard(
                loop,
                self._apps,
                self.hold,
                self.end_session,
                self.limits,
                address=self._address,
                pace=self.pace,
            )
            watch = asyncio.ensure_future(guard.watch())
        try:
            await self.done
        finally:
            if watch is not None:
                watch.cancel()
            for n in list(self.sessions):
                self._kill(n)

    def _apps(self) -> dict[int, Any]:
        return {n: s.app for n, s in self.sessions.items() if s.app is not None}

    def _address(self, n: int) -> str:
        session = self.sessions.get(n)
        return session.address if session is not None else f"#{n}"

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
                n = int(next(msg[key] for key in ("id", "end", "kill", "repaint") if key in msg))
            except (ValueError, TypeError, AttributeError, StopIteration):
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
            elif "repaint" in msg:
                self._repaint(n)

    def _start(self, n: int, tty: int, env: dict[str, str]) -> None:
        peer = env.get("WHITECHAPEL_PEER", "")
        session = self.sessions[n] = _Session(tty, address_key(peer) if peer else f"#{n}")
        context = contextvars.copy_context()
        context.run(SESSION.set, n)  # everything the app does counts as this session's
        session.task = asyncio.get_running_loop().create_task(
            self._run(n, session, env), context=context
        )

    async def _run(self, n: int, session: _Session, env: dict[str, str]) -> None:
        status = 1
        try:
            if session.ending:
                return
            app = self.make_app(env)
            app.session_tty = session.tty
            app.session_number = n
            app.session_stalled = lambda why: self.end_session(n, why, STALLED)
            app.session_pace = self._first_pace(session.address)
            app.driver_class = PtyDriver
            session.app = app
            await app.run_async()
            status = int(app.return_code or 0) if not session.why else 1
        except asyncio.CancelledError:
            status = -int(signal.SIGKILL)
        except Exception:
            log.exception("a session's app failed")
        finally:
            self.sessions.pop(n, None)
            if session.farewell:
                _say(session.tty, session.farewell)
            with contextlib.suppress(OSError):
                os.close(session.tty)
            self.send({"exit": n, "status": status, "why": session.why})

    def hold(self, n: int, seconds: float) -> None:
        """No input for session n for `seconds` (the guard's)."""
        driver = self._driver(n)
        if driver is not None:
            driver.hold_until = time.monotonic() + seconds

    def pace(self, n: int, share: float) -> None:
        """Session n's input may cost at most `share` of the loop's time (the guard's)."""
        driver = self._driver(n)
        if driver is not None:
            driver.pace = share

    def _first_pace(self, address: str) -> float:
        """A new session's pace until the guard's first look (`Guard._pace`):
        all of the loop while its address is alone here, else its part of
        its address's share."""
        mine = sum(s.address == address for s in self.sessions.values())
        if mine == len(self.sessions):
            return 1.0
        return (self.limits or GuardLimits()).share / max(1, mine)

    def _driver(self, n: int) -> PtyDriver | None:
        session = self.sessions.get(n)
        driver = getattr(session.app, "session_driver", None) if session is not None else None
        return driver if isinstance(driver, PtyDriver) else None

    def end_session(self, n: int, why: str, farewell: str) -> None:
        """End session n for `why`, its terminal told `farewell` once the app is gone."""
        session = self.sessions.get(n)
        if session is None or session.why:
            return
        session.why, session.farewell = why, farewell
        self._end(n)

    def _end(self, n: int) -> None:
        session = self.sessions.get(n)
        if session is None or session.ending:
            return
        session.ending = True
        if session.app is not None:
            session.app.exit()
        asyncio.get_running_loop().call_later(GRACE, self._kill, n)

    def _repaint(self, n: int) -> None:
        session = self.sessions.get(n)
        if session is not None and session.app is not None and not session.ending:
            session.app.refresh(repaint=True)

    def _kill(self, n: int) -> None:
        session = self.sessions.get(n)
        if session is not None and session.task is not None:
            session.task.cancel()


def _say(tty: int, text: str) -> None:
    """A last line on a terminal, if it takes it now (never waiting)."""
    with contextlib.suppress(OSError):
        os.set_blocking(tty, False)
        os.write(tty, f"\r\n{text}\r\n".encode())


def main(sock: socket.socket, parent: int) -> None:
    """In the host process (forked from the fork server, `parent`): serve
    sessions until the gateway closes `sock`; never returns."""
    code = 0
    try:
        die_with_parent(parent)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        with asyncio.Runner(loop_factory=MeteredLoop) as runner:
            runner.run(Host(sock).serve())
    except BaseException:
        log.exception("the session host failed: its sessions end with it")
        code = 1
    finally:
        os._exit(code)
