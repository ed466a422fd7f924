"""The fork server: the pre-imported process the SSH gateway's session
hosts (`gateway/sessionhost.py`) are forked from.  The gateway's side of
it is `gateway/hosts.py`; what they say to each other, `gateway/wire.py`.

Starting a fresh interpreter costs ~0.75 s of CPU importing Textual and the
app and building its first screens.  So the gateway starts one *fork
server* up front, `python -m whitechapel.gateway.forkserver SOCKET_FD
PARENT`: it imports Textual, the app, the lobby and every game's screens,
runs the lobby and each game's screen once headless (what Textual builds
lazily, parsed CSS included, is then built once), freezes the garbage
collector's view of all that (`gc.freeze`), and then waits, with no event
loop and no thread, on its socket.  For each `{"host": true}` it forks a
session host, which shares those pages copy on write, and hands the
gateway its end of the host's socket.  It dies with the gateway, and its
hosts die with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import os
import select
import signal
import socket
import sys
import threading
import traceback
from typing import Any

from whitechapel.gateway.sessionhost import main as host_main
from whitechapel.gateway.wire import PACKET, die_with_parent


def preload(warm: bool = True) -> None:
    """Import what every session uses, once, before forking; with `warm`,
    also run the lobby once, headless, so that what Textual and Rich
    build lazily on first use (parsed CSS, styles, caches) is built here
    and shared by every child.  The warm-up's event loop is closed and its
    threads have ended before the first fork."""
    # The app talks plain TCP and never TLS: keep asyncio from loading the
    # ssl module (OpenSSL) in any session host.
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    import textual.app  # noqa: F401

    import whitechapel.app
    import whitechapel.gateway.sessionapp
    import whitechapel.gateway.sessionhost
    import whitechapel.net.client
    import whitechapel.ui.lobby  # noqa: F401
    from whitechapel.core.registry import entry_of, game_names

    for game in game_names():  # each game's screens, found through the registry
        importlib.import_module(entry_of(game).screens)
        package = entry_of(game).screens.rpartition(".")[0]
        with contextlib.suppress(ImportError):
            importlib.import_module(f"{package}.screen")

    if warm:
        try:
            asyncio.run(_warm_up())
        except Exception:  # only a head start: the hosts build what it did not
            traceback.print_exc()
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
    from whitechapel.ui.games import screens_for
    from whitechapel.ui.link import Link
    from whitechapel.ui.lobby import LobbyScreen

    saved = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        try:
            # Port 9 (discard) on loopback: refused at once; the lobby says so.
            # Built as the sessions' apps are (ssh=True: no settings read, the default theme).
            app = WhitechapelApp(start=LobbyScreen(Link("127.0.0.1", 9, "warm-up")), ssh=True)
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause(0.2)
                for name in game_names():
                    rules = rules_for(name)
                    game = rules.start(rules.random_setup(1, {}), rules.check_options({}))
                    screen = screens_for(name).local_screen(game, record_of(game), Store())
                    await app.push_screen(screen)
                    while not screen.is_mounted:
                        await pilot.pause(0.05)
                    await pilot.pause(0.2)
        finally:
            if saved is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = saved


class _Server:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.children: set[int] = set()  # the hosts
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_w, False)

    def send(self, msg: dict[str, Any], fds: list[int] | None = None) -> None:
        with contextlib.suppress(OSError):
            socket.send_fds(self.sock, [json.dumps(msg).encode()], fds or [])

    def stop(self, *_: object) -> None:
        """The gateway is gone (SIGHUP from the kernel, SIGTERM, or the
        socket closed): hang up every host and leave."""
        for pid in list(self.children):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGHUP)
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

    def fork_host(self, request: dict[str, Any]) -> None:
        """A session host: the gateway gets its end of a new socket pair
        with the answer.  In the child, the server's own descriptors are
        dropped and the host runs until it ends (`os._exit`)."""
        theirs, ours = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        sys.stdout.flush()
        sys.stderr.flush()
        me = os.getpid()
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            for fd in (self.sock.fileno(), self.wake_r, self.wake_w, theirs.fileno()):
                os.close(fd)
            host_main(ours, me)  # never returns
        self.children.add(pid)
        ours.close()
        self.send({"id": request.get("id"), "pid": pid}, [theirs.fileno()])
        theirs.close()

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
                    data, fds, _flags, _addr = socket.recv_fds(self.sock, PACKET, 4)
                except OSError:
                    data, fds = b"", []
                for fd in fds:  # the gateway sends none
                    os.close(fd)
                if not data:
                    self.stop()
                try:
                    request = json.loads(data)
                except ValueError:
                    continue
                if isinstance(request, dict) and request.get("host") is True:
                    self.fork_host(request)
                else:
                    self.send(
                        {
                            "id": request.get("id") if isinstance(request, dict) else None,
                            "error": "the fork server only forks session hosts",
                        }
                    )


def main(argv: list[str]) -> int:
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
