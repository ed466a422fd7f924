"""Session hosts as the gateway's pool keeps them (gateway/hosts.py): an
address's sessions go to one host while it has room, so that the host's
guard judges them together; a host left without sessions for `idle`
seconds ends and leaves the pool, and a fresh one is forked when sessions
come again; an app that ends does not wait for its terminal's backlog
(gateway/driver.py).  Loopback and local sockets only; the first tests use
a stand-in fork server (socket pairs, no process), the last a real one."""

from __future__ import annotations

import asyncio
import os
import pty
import re
import socket
import sys
import threading
import tty as termios_tty
import types
from typing import Any

import pytest

from polling import until
from sshterm import SRC
from whitechapel.gateway.driver import PtyDriver
from whitechapel.gateway.hosts import ForkServer, HostPool
from whitechapel.gateway.wire import receive

ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")


class FakeForks:
    """Stands in for `ForkServer`: each host is the far end of a socket
    pair (`ends`), which says what the pool asks of it."""

    def __init__(self) -> None:
        self.ends: list[socket.socket] = []

    async def start(self) -> None:
        pass

    async def host(self) -> tuple[int, socket.socket]:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        theirs.setblocking(False)
        self.ends.append(theirs)
        return 10_000 + len(self.ends), ours

    async def close(self) -> None:
        for end in self.ends:
            end.close()

    def drain(self, k: int) -> bool:
        """Read what host k was sent (closing the terminals it was handed);
        True once the pool has closed its side (the host is told to end)."""
        while (packet := receive(self.ends[k])) is not None:
            data, fds = packet
            for fd in fds:
                os.close(fd)
            if not data:
                return True
        return False

    def ended(self, k: int, n: int) -> None:
        """Host k reports that session n ended."""
        self.ends[k].send(b'{"exit": %d, "status": 0}' % n)


async def launch(pool: HostPool, address: str) -> int:
    read, write = os.pipe()  # a terminal's far end, as far as the pool can tell
    try:
        return await pool.launch(read, {"WHITECHAPEL_PEER": address})
    finally:
        os.close(read)
        os.close(write)


def host_of(pool: HostPool, n: int) -> Any:
    (host,) = [h for h in pool.hosts if n in h.sessions]
    return host


async def test_an_addresss_sessions_go_to_one_host_while_it_has_room():
    forks = FakeForks()
    pool = HostPool(forks, per_host=3, min_hosts=2)  # type: ignore[arg-type]
    a, b = "2001:db8:1::", "198.51.100.7"  # a's sessions come from across its /64
    where = {}
    for name, address in (
        ("a1", a + "1"),
        ("b1", b),
        ("b2", b),
        ("a2", a + "2"),
        ("a3", a + "3"),
        ("a4", a + "4"),
    ):
        where[name] = host_of(pool, await launch(pool, address))
    assert len(pool.hosts) == 2
    assert where["a1"] is where["a2"] is where["a3"]
    assert where["b1"] is where["b2"] is not where["a1"]
    assert where["a4"] is where["b1"]  # a's host is full: the one with room
    for k in range(len(forks.ends)):
        forks.drain(k)
    await pool.close()


async def test_a_host_is_let_go_once_idle_and_never_with_a_session_placed_on_it():
    forks = FakeForks()
    pool = HostPool(forks, min_hosts=1, idle=0.05)  # type: ignore[arg-type]
    n = await launch(pool, "192.0.2.1")
    (host,) = pool.hosts
    forks.ended(0, n)
    await asyncio.wait_for(pool.wait(n), 60)
    assert host.retire is not None  # idle: it is to end
    m = await launch(pool, "192.0.2.2")  # a session comes first: it stays
    assert pool.hosts == [host] and host.sessions == {m} and host.retire is None
    forks.ended(0, m)
    await asyncio.wait_for(pool.wait(m), 60)
    await until(lambda: forks.drain(0), what="the idle host told to end")
    assert pool.hosts == []
    k = await launch(pool, "192.0.2.1")  # the next session: a new host
    assert len(forks.ends) == 2 and [h.sessions for h in pool.hosts] == [{k}]
    forks.drain(1)
    await pool.close()


def exited(pid: int) -> asyncio.Future[None]:
    """Done when process `pid` (not ours: the fork server's child) has ended."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    fd = os.pidfd_open(pid)

    def gone() -> None:
        loop.remove_reader(fd)
        os.close(fd)
        if not done.done():
            done.set_result(None)

    loop.add_reader(fd, gone)
    return done


async def lobby_on(master: int) -> None:
    seen = b""

    async def shown() -> bool:
        nonlocal seen
        seen += await asyncio.to_thread(os.read, master, 65536)
        return b"lobby of" in ANSI.sub(b"", seen)

    await until(shown, what="the lobby", timeout=60, step=0)


async def test_hosts_end_after_a_burst_and_a_new_session_still_starts(tmp_path):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "PYTHONPATH": SRC,
        "WHITECHAPEL_DATA_DIR": str(tmp_path),
        "TERM": "xterm",
        "WHITECHAPEL_SERVER": "127.0.0.1:9",  # refused at once: the lobby says so
    }
    pool = HostPool(ForkServer(sys.executable, env), min_hosts=2, idle=0.5)
    await pool.start()
    masters: list[int] = []

    async def session(k: int) -> int:
        master, tty = pty.openpty()
        masters.append(master)
        try:
            return await pool.launch(tty, {**env, "WHITECHAPEL_PEER": f"192.0.2.{k}"})
        finally:
            os.close(tty)

    try:
        burst = [await session(k) for k in range(4)]
        await asyncio.gather(*(lobby_on(master) for master in masters))
        pids = {h.pid for h in pool.hosts}
        assert len(pids) == 2
        gone = [exited(pid) for pid in pids]
        for n in burst:
            await pool.end(n)
        await asyncio.wait_for(asyncio.gather(*gone), 60)
        assert pool.hosts == []
        await session(9)
        await lobby_on(masters[-1])
        assert [h.pid in pids for h in pool.hosts] == [False]
    finally:
        await pool.close()
        for master in masters:
            os.close(master)


async def test_a_paced_sessions_next_key_waits_until_its_cost_is_within_its_pace():
    """Paced to 10 % of the loop, a session whose last key cost it 50 ms (as
    the others felt it) posts the next 0.5 s after the last; held back, not
    before the hold ends either."""
    master, tty = pty.openpty()
    app = types.SimpleNamespace(session_tty=tty, session_number=1, session_pace=0.1)
    driver = PtyDriver(app)
    try:
        assert driver.pace == 0.1
        loop = driver._loop
        driver._loop = types.SimpleNamespace(felt={1: 2.05})  # type: ignore[assignment]
        driver._posted, driver._cost_then = 100.0, 2.0
        assert driver._due() == pytest.approx(100.5)
        driver.hold_until = 101.0
        assert driver._due() == 101.0
        driver._loop = loop
    finally:
        driver.close()
        os.close(master)
        os.close(tty)


async def test_an_ending_app_does_not_wait_for_its_terminals_backlog():
    """Textual joins the input thread on the event loop as an app ends: the
    thread leaves at once, not after posting, one by one, every key still
    read from the terminal (a flooder's 4 KiB of them would hold every
    session of the host that long)."""
    master, tty = pty.openpty()
    termios_tty.setraw(tty)  # as the app's driver sets it
    app = types.SimpleNamespace(
        session_tty=tty,
        session_number=1,
        post_message=lambda message: True,
        call_later=lambda callback: True,  # an app that never gets to them
        exit=lambda: None,
    )
    driver = PtyDriver(app)
    posted: list[Any] = []

    def process_message(message: Any) -> None:
        posted.append(message)
        PtyDriver.process_message(driver, message)

    driver.process_message = process_message  # type: ignore[method-assign]
    try:
        os.write(master, b"x" * 200)
        driver._key_thread = threading.Thread(target=driver._run_input_thread)
        driver._key_thread.start()
        await until(lambda: posted, what="the first key posted")
        before = len(posted)
        driver.disable_input()  # on the loop, as Textual does
        assert not driver._key_thread.is_alive()
        assert len(posted) - before <= 1
    finally:
        driver.close()
        os.close(master)
        os.close(tty)
