"""The fork server: the pre-imported process SSH sessions' apps are forked
from -- session hosts (net/sessionhost.py, the default), or one app process
per session -- and the set-up of a fresh process per session.  The
gateway's side of all three is net/launch.py.

The gateway gives every SSH session an app process on a pseudo-terminal.
Starting a fresh interpreter for each costs ~150 ms of CPU importing
Textual and ~27 MiB of private memory, which is what made twenty
simultaneous logins slow on two cores.  So the gateway starts one *fork
server* up front: `python -m whitechapel.net.forkserver SOCKET_FD PARENT`,
a process that imports Textual, the app and the lobby once and then, with
no event loop and no threads, waits on a Unix socket.  For each session
the gateway sends it the session's environment (JSON) and the pty's far
end (SCM_RIGHTS); the server forks, and the child

- makes itself a new session (`os.setsid`) with the pty as its
  controlling terminal and as stdin/stdout/stderr, so that a hang-up of the
  pty (the gateway closing its end) reaches it as SIGHUP;
- takes the session's environment;
- dies with its parent (`prctl(PR_SET_PDEATHSIG, SIGHUP)`, then checks
  that the parent is still the one it was forked from), and watches its
  terminal: when the pty hangs up or the parent is gone it exits rather
  than spinning on a dead terminal;
- runs the app (`run_join`, what `whitechapel join` runs), then `_exit`s.

The forked child shares the imported modules' pages with the server, copy
on write, so one more session costs a few MiB instead of ~27.  The server
answers each request with the child's pid and reports each child's exit
status; it dies with the gateway (SIGHUP), and takes its children along.

`python -m whitechapel.net.forkserver --session PARENT` is the other way
(the gateway's `launcher="spawn"`): one fresh interpreter per session, on
the pty, doing the same setup; kept as a fallback and for comparison.

Messages on the socket (SOCK_SEQPACKET, one JSON object per packet):
gateway → server `{"id": n, "env": {...}}` + one fd; server → gateway
`{"ready": pid}` once, `{"id": n, "pid": pid}`, `{"exit": pid, "status": s}`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import importlib
import json
import os
import select
import signal
import socket
import sys
import termios
import threading
import traceback
from typing import Any

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Have the kernel send SIGHUP to this process when its parent dies
    (Linux), and leave now if the parent already died before that was set."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGHUP, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(129)


def _watch(parent: int) -> None:
    """The terminal's and the parent's watchman (a daemon thread): exit when
    the pty hangs up (the gateway dropped the session) or the parent is
    gone, even if something keeps the app from dying of SIGHUP."""
    poller = select.poll()
    poller.register(0, 0)  # no events asked for: POLLHUP/POLLERR/POLLNVAL still come
    while True:
        if poller.poll(1000) or os.getppid() != parent:
            os._exit(129)


def become_session(tty: int, env: dict[str, str], parent: int) -> None:
    """Make this process a session on the terminal `tty` (see the module's
    notes): its own session, the pty as controlling terminal and standard
    streams, the session's environment, death with `parent`."""
    os.setsid()
    with contextlib.suppress(OSError):
        fcntl.ioctl(tty, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(tty, fd)
    if tty > 2:
        os.close(tty)
    os.environ.clear()
    os.environ.update(env)
    for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGCHLD):
        signal.signal(sig, signal.SIG_DFL)
    die_with_parent(parent)
    threading.Thread(target=_watch, args=(parent,), name="tty-watch", daemon=True).start()


def run_app() -> int:
    """The app, joined to the game server the environment names."""
    from whitechapel.net.run import run_join

    return run_join(os.environ["WHITECHAPEL_SERVER"], os.environ.get("WHITECHAPEL_NAME", ""))


def _session_child(tty: int, env: dict[str, str], parent: int) -> None:
    """In the forked child: never returns into the server's loop."""
    code = 1
    try:
        become_session(tty, env, parent)
        code = run_app()
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def preload(warm: bool = True) -> None:
    """Import what every session uses, once, before forking; with `warm`,
    also run the lobby once, headless, so that what Textual and Rich
    build lazily on first use (parsed CSS, styles, caches) is built here
    and shared by every child.  The warm-up's event loop is closed and its
    threads have ended before the first fork."""
    # The app talks plain TCP and never TLS: keep asyncio from loading the
    # ssl module (OpenSSL), as `run_join` does, for every forked session.
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    import textual.app  # noqa: F401

    import whitechapel.app
    import whitechapel.net.client
    import whitechapel.net.run
    import whitechapel.net.sessionhost
    import whitechapel.ui.lobby  # noqa: F401
    from whitechapel.core.registry import game_names, rules_for

    for game in game_names():  # each game's screens, found through the registry
        package = type(rules_for(game)).__module__.rpartition(".")[0]
        with contextlib.suppress(ImportError):
            importlib.import_module(f"{package}.ui.screen")

    if warm:
        asyncio.run(_warm_up())
        if threading.active_count() != 1:  # pragma: no cover - a fork would inherit a dead thread
            raise RuntimeError("the warm-up left a thread running")


async def _warm_up() -> None:
    """The lobby, then each game's screen (hot seat, saved in a throw-away
    folder), headless."""
    import tempfile

    from whitechapel.app import WhitechapelApp
    from whitechapel.core.record import record_of
    from whitechapel.core.registry import game_names, rules_for
    from whitechapel.core.store import DATA_DIR_ENV, Store
    from whitechapel.ui.lobby import Link, LobbyScreen

    saved = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        try:
            # Port 9 (discard) on loopback: refused at once; the lobby says so.
            app = WhitechapelApp(start=LobbyScreen(Link("127.0.0.1", 9, "warm-up")))
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause(0.2)
                for name in game_names():
                    rules = rules_for(name)
                    game = rules.start(rules.random_setup(1, {}), rules.check_options({}))
                    await app.push_screen(rules.local_screen(game, record_of(game), Store()))
                    await pilot.pause(0.2)
        finally:
            if saved is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = saved


class _Server:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.children: set[int] = set()
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_w, False)

    def send(self, msg: dict) -> None:
        with contextlib.suppress(OSError):
            self.sock.send(json.dumps(msg).encode())

    def stop(self, *_: object) -> None:
        """The gateway is gone (SIGHUP from the kernel, SIGTERM, or the
        socket closed): hang up every session and leave."""
        for pid in list(self.children):
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGHUP)
        os._exit(0)

    def reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            self.children.discard(pid)
            self.send({"exit": pid, "status": os.waitstatus_to_exitcode(status)})

    def _fork(self, child: Any) -> int:
        """Fork; in the child, drop the server's own descriptors and run
        `child(parent)`, which never returns."""
        sys.stdout.flush()
        sys.stderr.flush()
        me = os.getpid()
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            self.sock.close()
            os.close(self.wake_r)
            os.close(self.wake_w)
            child(me)
        self.children.add(pid)
        return pid

    def fork_host(self, request: dict) -> None:
        """A session host (net/sessionhost.py): the gateway gets its end of
        a new socket pair with the answer."""
        from whitechapel.net.sessionhost import main as host_main

        theirs, ours = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)

        def child(parent: int) -> None:
            theirs.close()
            host_main(ours, parent)

        pid = self._fork(child)
        ours.close()
        with contextlib.suppress(OSError):
            socket.send_fds(self.sock, [json.dumps({"id": request.get("id"), "pid": pid}).encode()],
                            [theirs.fileno()])  # fmt: skip
        theirs.close()

    def fork(self, request: dict, fds: list[int]) -> None:
        if request.get("host") is True and not fds:
            self.fork_host(request)
            return
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            self.send({"id": request.get("id"), "error": "one terminal expected"})
            return
        pid = self._fork(lambda parent: _session_child(fds[0], request["env"], parent))
        os.close(fds[0])
        self.send({"id": request.get("id"), "pid": pid})

    def loop(self) -> None:
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes select through the pipe
        signal.signal(signal.SIGHUP, self.stop)
        signal.signal(signal.SIGTERM, self.stop)
        self.send({"ready": os.getpid()})
        while True:
            readable, _, _ = select.select([self.sock.fileno(), self.wake_r], [], [])
            if self.wake_r in readable:
                with contextlib.suppress(BlockingIOError):
                    os.read(self.wake_r, 4096)
                self.reap()
            if self.sock.fileno() in readable:
                try:
                    data, fds, _flags, _addr = socket.recv_fds(self.sock, 1 << 16, 4)
                except OSError:
                    data, fds = b"", []
                if not data:
                    self.stop()
                try:
                    request = json.loads(data)
                except ValueError:
                    for fd in fds:
                        os.close(fd)
                    continue
                self.fork(request, fds)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--session"]:  # one fresh process for one session (spawn)
        parent = int(argv[1])
        become_session(0, dict(os.environ), parent)
        return run_app()
    fd, parent = int(argv[0]), int(argv[1])
    die_with_parent(parent)
    sock = socket.socket(fileno=fd)
    preload()
    import gc

    gc.collect()
    gc.freeze()  # the imported objects stay put: the GC does not touch (copy) their pages
    _Server(sock).loop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
