"""How the SSH gateway starts its sessions' apps: the launchers.

Each launcher starts an app on a session's pseudo-terminal (`launch`),
says when it has ended (`wait`), ends it (`end`, gently; `kill`, at once),
and names the process the SSH client's signals and window changes go to
(`redirect_pid`, or None):

- `HostPool` (the default): session hosts, several sessions' apps in one
  process (net/sessionhost.py), forked from the fork server;
- `ForkServer`: an app process per session, forked from the fork server
  (net/forkserver.py), which is also what forks the hosts;
- `Spawner`: a fresh interpreter per session.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

GRACE = 3.0  # seconds a session host's app has to quit when its session ends
PER_HOST = 16  # sessions in one session host at most


class Launcher(Protocol):
    async def start(self) -> None: ...

    async def launch(self, tty: int, env: dict[str, str]) -> int: ...

    async def wait(self, child: int) -> int: ...

    async def end(self, child: int) -> int: ...

    def kill(self, child: int) -> None: ...

    def redirect_pid(self, child: int) -> int | None: ...

    async def close(self) -> None: ...


def receive(sock: socket.socket) -> tuple[bytes, list[int]] | None:
    """One packet and the descriptors it carries from a non-blocking
    socket; None when there is none yet; b"" when the other side is gone."""
    try:
        data, fds, _flags, _addr = socket.recv_fds(sock, 1 << 16, 1)
    except BlockingIOError:
        return None
    except OSError:
        return b"", []
    return data, fds


async def send_with_fd(sock: socket.socket, data: bytes, fd: int, who: str,
                       gone: Callable[[], bool] = lambda: False) -> None:  # fmt: skip
    """One packet with a descriptor on a non-blocking socket to `who`,
    waiting for room (at most ~5 s) while it is busy; `gone()` says it
    ended meanwhile."""
    for _ in range(500):
        try:
            socket.send_fds(sock, [data], [fd])
            return
        except BlockingIOError:
            await asyncio.sleep(0.01)
        except OSError as e:
            raise RuntimeError(f"{who} is gone: {e}") from e
        if gone():
            raise RuntimeError(f"{who} ended")
    raise TimeoutError(f"{who} is not taking requests")


async def hang_up(pid: int, wait: Callable[[int], Awaitable[int]]) -> int:
    """Hang up an app process (its whole session: SIGHUP), then kill it if
    it lingers; its exit status (`wait(pid)`), or -1."""
    for sig, grace in ((signal.SIGHUP, 3.0), (signal.SIGKILL, 3.0)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, sig)
        try:
            return await asyncio.wait_for(asyncio.shield(wait(pid)), grace)
        except TimeoutError:
            continue
    return -1


class AppProcesses:
    """What the launchers with a process per session share: the session is
    its app's process (and process group)."""

    async def wait(self, pid: int) -> int:
        raise NotImplementedError

    def redirect_pid(self, pid: int) -> int | None:
        """The process the SSH client's signals and window changes go to:
        the session's own app."""
        return pid

    async def end(self, pid: int) -> int:
        """Hang up an app (its whole session), then kill it if it lingers."""
        return await hang_up(pid, self.wait)

    def kill(self, pid: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)


class ForkServer(AppProcesses):
    """The gateway's handle on its fork server: start it, ask it for an app
    process on a terminal, learn when that process ends."""

    def __init__(self, python: str, env: dict[str, str], *, ready_timeout: float = 120) -> None:
        self.python, self.env = python, dict(env)
        self.ready_timeout = ready_timeout
        self.process: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self.pid: int | None = None  # the fork server's
        self._ready: asyncio.Future[int] | None = None
        self._next = 0
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._exits: dict[int, asyncio.Future[int]] = {}
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        """Start the fork server and wait until it has imported the app."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                self.python, "-m", "whitechapel.net.forkserver", str(theirs.fileno()), str(os.getpid()),
                pass_fds=[theirs.fileno()], env=self.env, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip
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
            msg = json.loads(data)
            if fds:  # a session host's socket, with the answer to `host()`
                waiter = self._pending.pop(msg.get("id"), None)
                if waiter is None or waiter.done() or "pid" not in msg:
                    for fd in fds:
                        os.close(fd)
                    continue
                self._exit_future(msg["pid"])
                waiter.set_result((msg["pid"], socket.socket(fileno=fds[0])))
                continue
            if "ready" in msg and self._ready is not None and not self._ready.done():
                self._ready.set_result(msg["ready"])
            elif "exit" in msg:
                self._exit_future(msg["exit"]).set_result(msg["status"])
            elif "id" in msg:
                waiter = self._pending.pop(msg["id"], None)
                if waiter is None or waiter.done():
                    continue
                if "pid" in msg:
                    self._exit_future(msg["pid"])
                    waiter.set_result(msg["pid"])
                else:
                    waiter.set_exception(RuntimeError(msg.get("error", "fork server refused")))

    def _exit_future(self, pid: int) -> asyncio.Future[int]:
        fut = self._exits.get(pid)
        if fut is None or fut.done():
            fut = self._exits[pid] = asyncio.get_running_loop().create_future()
        return fut

    def _lost(self) -> None:
        """The fork server is gone: its children die with it (SIGHUP)."""
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
        for fut in self._exits.values():
            if not fut.done():
                fut.set_result(-int(signal.SIGHUP))

    async def _ask(self, request: dict[str, Any], tty: int | None = None) -> Any:
        """Send the fork server a request (with a terminal, or not) and wait
        for its answer; a new fork server first if the last one died."""
        async with self._lock:
            if self.sock is None:  # it died: a new one
                await self.start()
        assert self.sock is not None
        self._next += 1
        n = self._next
        waiter = self._pending[n] = asyncio.get_running_loop().create_future()
        data = json.dumps({"id": n, **request}).encode()
        try:
            if tty is None:
                self.sock.send(data)
            else:
                await send_with_fd(self.sock, data, tty, "the fork server", lambda: self.sock is None)
        except OSError as e:
            self._pending.pop(n, None)
            raise RuntimeError(f"the fork server is gone: {e}") from e
        except BaseException:
            self._pending.pop(n, None)
            raise
        return await asyncio.wait_for(waiter, 30)

    async def launch(self, tty: int, env: dict[str, str]) -> int:
        """A new app process on terminal `tty` with environment `env`: its pid."""
        return int(await self._ask({"env": env}, tty))

    async def host(self) -> tuple[int, socket.socket]:
        """A new session host (net/sessionhost.py): its pid and the
        gateway's end of its socket."""
        pid, sock = await self._ask({"host": True})
        return pid, sock

    async def wait(self, pid: int) -> int:
        """The exit status of app process `pid` (negative: the signal)."""
        fut = self._exits.get(pid)
        if fut is None:
            fut = self._exit_future(pid)
        status = await asyncio.shield(fut)
        self._exits.pop(pid, None)
        return status

    async def close(self) -> None:
        """End the fork server (it hangs up its sessions as it goes)."""
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


class Spawner(AppProcesses):
    """The plain way: a fresh interpreter per session (no fork server)."""

    def __init__(self, python: str) -> None:
        self.python = python
        self.processes: dict[int, asyncio.subprocess.Process] = {}

    async def start(self) -> None:
        pass

    async def launch(self, tty: int, env: dict[str, str]) -> int:
        child = await asyncio.create_subprocess_exec(
            self.python, "-m", "whitechapel.net.forkserver", "--session", str(os.getpid()),
            stdin=tty, stdout=tty, stderr=tty, env=env,
        )  # fmt: skip
        self.processes[child.pid] = child
        return child.pid

    async def wait(self, pid: int) -> int:
        child = self.processes[pid]
        status = await asyncio.shield(child.wait())
        self.processes.pop(pid, None)
        return status

    async def close(self) -> None:
        for child in list(self.processes.values()):
            with contextlib.suppress(ProcessLookupError):
                child.kill()
            await child.wait()
        self.processes.clear()


@dataclass
class _HostHandle:
    pid: int
    sock: socket.socket
    sessions: set[int] = field(default_factory=set)


class HostPool:
    """The gateway's session hosts: start a session on one, learn when it
    ends, end it.  A session is known by a number (no process of its own)."""

    def __init__(self, forks: Any, *, per_host: int = PER_HOST, min_hosts: int | None = None) -> None:
        self.forks = forks  # the ForkServer that forks the hosts
        self.per_host = per_host
        self.min_hosts = min_hosts or os.cpu_count() or 1
        self.hosts: list[_HostHandle] = []
        self._exits: dict[int, asyncio.Future[int]] = {}
        self._where: dict[int, _HostHandle] = {}
        self._next = 0
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        await self.forks.start()

    async def _host(self, n: int) -> _HostHandle:
        """The host session n goes to (its place there taken at once, so
        that sessions arriving together spread)."""
        async with self._lock:
            live = [h for h in self.hosts if len(h.sessions) < self.per_host]
            host = min(live, key=lambda h: len(h.sessions), default=None)
            if host is None or (host.sessions and len(self.hosts) < self.min_hosts):
                pid, sock = await self.forks.host()
                sock.setblocking(False)
                host = _HostHandle(pid, sock)
                self.hosts.append(host)
                asyncio.get_running_loop().add_reader(sock.fileno(), self._readable, host)
            host.sessions.add(n)
            self._where[n] = host
            return host

    def _unplace(self, n: int) -> None:
        host = self._where.pop(n, None)
        if host is not None:
            host.sessions.discard(n)
        self._exits.pop(n, None)

    async def launch(self, tty: int, env: dict[str, str]) -> int:
        self._next += 1
        n = self._next
        self._exits[n] = asyncio.get_running_loop().create_future()
        try:
            host = await self._host(n)
        except BaseException:
            self._unplace(n)
            raise
        data = json.dumps({"id": n, "env": env}).encode()
        try:
            await send_with_fd(host.sock, data, tty, "the session host")
        except BaseException:
            self._unplace(n)
            raise
        return n

    def redirect_pid(self, n: int) -> int | None:
        """None: the client's signals and window changes go to no process
        (a host's sessions are not its to signal)."""
        return None

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
                self._ended(int(msg["exit"]), int(msg.get("status", 1)))

    def _ended(self, n: int, status: int) -> None:
        host = self._where.pop(n, None)
        if host is not None:
            host.sessions.discard(n)
        fut = self._exits.get(n)
        if fut is not None and not fut.done():
            fut.set_result(status)

    def _lost(self, host: _HostHandle) -> None:
        """A host ended: so did its sessions."""
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(host.sock.fileno())
        host.sock.close()
        if host in self.hosts:
            self.hosts.remove(host)
        for n in list(host.sessions):
            self._ended(n, -int(signal.SIGHUP))

    def _tell(self, n: int, msg: dict) -> None:
        host = self._where.get(n)
        if host is not None:
            with contextlib.suppress(OSError):
                host.sock.send(json.dumps(msg).encode())

    async def wait(self, n: int) -> int:
        fut = self._exits.get(n)
        if fut is None:
            return -int(signal.SIGHUP)
        status = await asyncio.shield(fut)
        self._exits.pop(n, None)
        return status

    async def end(self, n: int) -> int:
        """Ask session n's app to quit; drop it if it lingers."""
        self._tell(n, {"end": n})
        try:
            return await asyncio.wait_for(asyncio.shield(self.wait(n)), GRACE + 2)
        except TimeoutError:
            self._tell(n, {"kill": n})
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(asyncio.shield(self.wait(n)), 2)
            return -1

    def kill(self, n: int) -> None:
        self._tell(n, {"kill": n})

    async def close(self) -> None:
        for host in list(self.hosts):
            self._lost(host)
        await self.forks.close()
