"""Where the SSH sessions' apps run, seen from the gateway: session hosts
(`gateway/sessionhost.py`), processes forked from one pre-started fork
server (`gateway/forkserver.py`), each running many sessions' apps.

`HostPool` is the gateway's one launcher: it starts a session's app on a
pseudo-terminal in a host (`launch`), says when it has ended (`wait`, and
why when its host ended it), and ends it (`end`, gently; `kill`, at once).
`ForkServer` is its handle on the fork server, which forks the hosts.

An address's sessions go to one host while it has room, so that its guard
(`gateway/guard.py`) judges them together: splitting a flood over many
sessions does not escape it.  A host that has held no session for `idle`
seconds is let go: the memory its sessions' apps left in it (which a
process seldom gives back) goes with it, and a fresh fork, which shares the
fork server's pages, takes its place when sessions come.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
from dataclasses import dataclass, field
from typing import Any

from whitechapel.gateway.wire import GRACE, receive, send_with_fd
from whitechapel.net.admission import address_key

PER_HOST = 16  # sessions in one session host at most
IDLE = 10.0  # seconds a session host may hold no session, then it ends


@dataclass(frozen=True)
class Ended:
    """How a session ended: its app's exit status, and why when its host
    ended it (a sentence for the log), else ""."""

    status: int
    why: str = ""


HUNG_UP = Ended(-int(signal.SIGHUP), "its session host ended")
# What a player is shown when the process running the session's app ended under it.
HOST_LOST = (
    "whitechapel: this session ended: the server process that ran it stopped. "
    "Log in again to play on."
)


class ForkServer:
    """The gateway's handle on its fork server: start it, ask it for a
    session host, learn when a host ends."""

    def __init__(self, python: str, env: dict[str, str], *, ready_timeout: float = 120) -> None:
        self.python, self.env = python, dict(env)
        self.ready_timeout = ready_timeout
        self.process: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self.pid: int | None = None  # the fork server's
        self._ready: asyncio.Future[int] | None = None
        self._next = 0
        self._pending: dict[int, asyncio.Future[tuple[int, socket.socket]]] = {}
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        """Start the fork server and wait until it has imported the app."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                self.python,
                "-m",
                "whitechapel.gateway.forkserver",
                str(theirs.fileno()),
                str(os.getpid()),
                pass_fds=[theirs.fileno()],
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                start_new_session=True,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.sock = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._readable)
        try:
            self.pid = await asyncio.wait_for(asyncio.shield(self._ready), self.ready_timeout)
        except (TimeoutError, RuntimeError):
            await self.close()
            raise

    def _readable(self) -> None:
        assert self.sock is not None
        while (packet := receive(self.sock)) is not None:
            data, fds = packet
            if not data:
                self._lost()
                return
            try:
                msg = json.loads(data)
            except ValueError:
                msg = {}
            waiter = self._pending.pop(msg.get("id"), None) if "id" in msg else None
            if fds and waiter is not None and not waiter.done() and "pid" in msg:
                waiter.set_result((int(msg["pid"]), socket.socket(fileno=fds[0])))
                fds = fds[1:]
            elif waiter is not None and not waiter.done():
                waiter.set_exception(RuntimeError(msg.get("error", "the fork server refused")))
            elif "ready" in msg and self._ready is not None and not self._ready.done():
                self._ready.set_result(int(msg["ready"]))
            for fd in fds:  # nobody asked for these
                os.close(fd)

    def _lost(self) -> None:
        """The fork server is gone: its hosts die with it (SIGHUP)."""
        if self.sock is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.sock.close()
            self.sock = None
        error = RuntimeError("the fork server ended")
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(error)
        for waiter in self._pending.values():
            if not waiter.done():
                waiter.set_exception(error)
        self._pending.clear()

    async def host(self) -> tuple[int, socket.socket]:
        """A new session host: its pid and the gateway's end of its socket
        (a new fork server first, if the last one died)."""
        async with self._lock:
            if self.sock is None:
                await self.start()
        assert self.sock is not None
        self._next += 1
        n = self._next
        waiter = self._pending[n] = asyncio.get_running_loop().create_future()
        try:
            self.sock.send(json.dumps({"id": n, "host": True}).encode())
        except OSError as e:
            self._pending.pop(n, None)
            raise RuntimeError(f"the fork server is gone: {e}") from e
        try:
            return await asyncio.wait_for(waiter, 30)
        finally:
            self._pending.pop(n, None)

    async def close(self) -> None:
        """End the fork server (its hosts end with it)."""
        self._lost()
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()


@dataclass
class _HostHandle:
    pid: int
    sock: socket.socket
    sessions: set[int] = field(default_factory=set)
    retire: asyncio.TimerHandle | None = None  # set while it holds no session


class HostPool:
    """The gateway's session hosts: start a session on one, learn when it
    ends, end it.  A session is known by a number (no process of its own).

    A new session goes to a host that holds sessions of its address
    (`WHITECHAPEL_PEER` in its environment) while that host has room, else
    to the host with the fewest sessions; a new host is forked while there
    are fewer than `min_hosts` (one per CPU: logins arriving together then
    use every core) or when every host holds `per_host` sessions.  A host
    that has held no session for `idle` seconds is told to end (its socket
    closed) and leaves the pool at once, so no session is placed on it."""

    def __init__(
        self,
        forks: ForkServer,
        *,
        per_host: int = PER_HOST,
        min_hosts: int | None = None,
        idle: float = IDLE,
    ) -> None:
        self.forks = forks
        self.per_host = per_host
        self.min_hosts = min_hosts or os.cpu_count() or 1
        self.idle = idle
        self.hosts: list[_HostHandle] = []
        self._exits: dict[int, asyncio.Future[Ended]] = {}
        self._where: dict[int, _HostHandle] = {}
        self._address: dict[int, str] = {}  # a session's address (`address_key`), "" unknown
        self._next = 0
        self._lock = asyncio.Lock()
        self.closing = False  # the gateway is closing: hosts end, and that is no news

    async def start(self) -> None:
        await self.forks.start()

    async def _host(self, n: int, address: str) -> _HostHandle:
        """The host session n goes to (its place there taken at once, so
        that sessions arriving together spread, and no host ends under it)."""
        async with self._lock:
            live = [h for h in self.hosts if len(h.sessions) < self.per_host]
            mine = [h for h in live if address and self._holds(h, address)]
            host = min(mine or live, key=lambda h: len(h.sessions), default=None)
            if host is None or (not mine and host.sessions and len(self.hosts) < self.min_hosts):
                pid, sock = await self.forks.host()
                sock.setblocking(False)
                host = _HostHandle(pid, sock)
                self.hosts.append(host)
                asyncio.get_running_loop().add_reader(sock.fileno(), self._readable, host)
            self._place(n, address, host)
            return host

    def _holds(self, host: _HostHandle, address: str) -> bool:
        return any(self._address.get(n) == address for n in host.sessions)

    def _place(self, n: int, address: str, host: _HostHandle) -> None:
        host.sessions.add(n)
        self._where[n] = host
        self._address[n] = address
        if host.retire is not None:
            host.retire.cancel()
            host.retire = None

    def _unplace(self, n: int) -> None:
        """Session n holds no place on its host any more; a host left with
        none ends in `idle` seconds unless one comes."""
        host = self._where.pop(n, None)
        self._address.pop(n, None)
        if host is None:
            return
        host.sessions.discard(n)
        if not host.sessions and host in self.hosts and not self.closing:
            if host.retire is not None:
                host.retire.cancel()
            host.retire = asyncio.get_running_loop().call_later(self.idle, self._retire, host)

    def _retire(self, host: _HostHandle) -> None:
        """A host idle for `idle` seconds: out of the pool, and told to end
        (it ends when its socket closes, as when the gateway goes)."""
        host.retire = None
        if host.sessions or host not in self.hosts:
            return
        self.hosts.remove(host)
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(host.sock.fileno())
        host.sock.close()

    async def launch(self, tty: int, env: dict[str, str]) -> int:
        """Start an app on terminal `tty` (the pty's far end, which the
        caller still closes) with environment `env`: the session's number."""
        self._next += 1
        n = self._next
        self._exits[n] = asyncio.get_running_loop().create_future()
        peer = env.get("WHITECHAPEL_PEER", "")
        try:
            host = await self._host(n, address_key(peer) if peer else "")
            data = json.dumps({"id": n, "env": env}).encode()
            await send_with_fd(
                host.sock, data, tty, "the session host", lambda: host not in self.hosts
            )
        except BaseException:
            self._unplace(n)
            self._exits.pop(n, None)
            raise
        return n

    def _readable(self, host: _HostHandle) -> None:
        while True:
            try:
                data = host.sock.recv(1 << 16)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost(host)
                return
            with contextlib.suppress(ValueError, TypeError, AttributeError, KeyError):
                msg = json.loads(data)
                self._ended(
                    int(msg["exit"]), Ended(int(msg.get("status", 1)), str(msg.get("why", "")))
                )

    def _ended(self, n: int, how: Ended) -> None:
        self._unplace(n)
        fut = self._exits.get(n)
        if fut is not None and not fut.done():
            fut.set_result(how)

    def _lost(self, host: _HostHandle) -> None:
        """A host ended: so did its sessions."""
        if host.retire is not None:
            host.retire.cancel()
            host.retire = None
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(host.sock.fileno())
        host.sock.close()
        if host in self.hosts:
            self.hosts.remove(host)
        for n in list(host.sessions):
            self._ended(n, Ended(HUNG_UP.status) if self.closing else HUNG_UP)

    def _tell(self, n: int, msg: dict[str, Any]) -> None:
        host = self._where.get(n)
        if host is not None:
            with contextlib.suppress(OSError):
                host.sock.send(json.dumps(msg).encode())

    async def wait(self, n: int) -> Ended:
        """How session n ended, once it has."""
        fut = self._exits.get(n)
        if fut is None:
            return HUNG_UP
        how = await asyncio.shield(fut)
        self._exits.pop(n, None)
        return how

    async def end(self, n: int) -> Ended:
        """Ask session n's app to quit; drop it if it lingers."""
        self._tell(n, {"end": n})
        try:
            return await asyncio.wait_for(asyncio.shield(self.wait(n)), GRACE + 2)
        except TimeoutError:
            self._tell(n, {"kill": n})
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(asyncio.shield(self.wait(n)), 2)
            self._unplace(n)
            self._exits.pop(n, None)
            return Ended(-1, "it did not end when asked")

    def kill(self, n: int) -> None:
        self._tell(n, {"kill": n})

    def repaint(self, n: int) -> None:
        """Ask session n's app to draw its whole screen again (a new
        terminal under it shows nothing), whenever its host gets to it."""
        self._tell(n, {"repaint": n})

    async def close(self) -> None:
        self.closing = True
        for host in list(self.hosts):
            self._lost(host)
        await self.forks.close()
