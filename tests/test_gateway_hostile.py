"""The SSH gateway against hostile clients (issue 25), on loopback only and
bounded in count and time: terminal sizes a client makes up, descriptors
on every failing path, one session per connection, and a neighbour on the
same session host that keeps answering while all that goes on."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import asyncssh
import pytest

from polling import until
from sshterm import PASSWORD, Terminal, connect
from whitechapel.gateway.limits import SessionLimits
from whitechapel.gateway.ssh import Access, Gateway
from whitechapel.net.server import GameServer

MIB = 1 << 20


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.fixture
async def one_host(tmp_path):
    """A game server and its gateway whose sessions all go to one session host."""
    game = GameServer(tmp_path)
    host, port = await game.start("127.0.0.1", 0)
    gateway = Gateway(host, port, key_folder=tmp_path / "ssh", access=Access(PASSWORD), min_hosts=1)
    ssh_port = await gateway.start("127.0.0.1", 0)
    yield game, ssh_port, gateway
    await gateway.close()
    await game.close()


class Neighbour:
    """A player in the lobby typing into the room-code field: each letter
    typed must show (within `within` seconds, a safety net: how soon is a
    speed figure, `whitechapel bench ssh.neighbour`, not a verdict here)."""

    def __init__(self, term: Terminal, within: float = 60.0) -> None:
        self.term, self.within = term, within
        self.typed = ""
        self.waits: list[float] = []

    async def type_one(self, letter: str) -> None:
        self.term.seen = b""
        self.typed += letter
        start = time.monotonic()
        self.term.process.stdin.write(letter.encode())
        await self.term.wait_for(self.typed, timeout=self.within)
        self.waits.append(time.monotonic() - start)

    async def keep_typing(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        letters = "QWERTYUPADFGHKXCVNM"
        while time.monotonic() < end:
            if len(self.typed) >= 8:  # the field is short: clear it and start again
                self.term.seen = b""
                self.term.process.stdin.write(b"\x15")  # ctrl+u
                # Its action runs once the key has gone up to the app: a
                # letter typed before the field shows empty could land first.
                await self.term.wait_for("K7QX K7Q4XM", timeout=10)
                self.typed = ""
            await self.type_one(letters[len(self.waits) % len(letters)])
            await asyncio.sleep(0.1)


async def in_the_lobby(port: int, user: str, size: tuple[int, int] = (100, 30)):
    conn = await connect(port, user)
    term = await Terminal.open(conn, size)
    await term.wait_for("Connected.", timeout=30)
    return conn, term


async def test_hostile_terminal_sizes_leave_the_host_small_and_its_neighbour_answering(one_host):
    """40000×40000 at pty-req, then window changes to 65536, 0, 2**32 - 1
    (-1 as a signed number) and back, fast: the session host the two
    sessions share grows by less than 50 MiB, and the neighbour's letters
    each show within a second throughout."""
    _game, port, gateway = one_host
    ann_conn, ann = await in_the_lobby(port, "ann")
    try:
        await ann.keys("j")  # to the room-code field
        neighbour = Neighbour(ann)
        await neighbour.keep_typing(1.0)
        (host,) = gateway.hosts.hosts
        before = peak = rss(host.pid)
        mallory = await connect(port, "mallory", source="127.0.0.2")
        try:
            attack = await mallory.create_process(
                term_type="xterm", term_size=(40000, 40000), encoding=None
            )

            async def resize() -> None:
                await asyncio.sleep(3)  # 40000×40000 held a while, then changes, fast
                sizes = [
                    (65536, 65536),
                    (0, 0),
                    (2**32 - 1, 2**32 - 1),
                    (70000, 24),
                    (80, 70000),
                    (120, 40),
                    (40000, 40000),
                ]
                for k in range(100):
                    attack.change_terminal_size(*sizes[k % len(sizes)])
                    await asyncio.sleep(0.02)
                attack.change_terminal_size(30000, 30000)  # and held again

            async def watch() -> None:
                nonlocal peak
                for _ in range(50):
                    peak = max(peak, rss(host.pid))
                    await asyncio.sleep(0.2)

            await asyncio.gather(resize(), watch(), neighbour.keep_typing(10.0))
            assert [h.pid for h in gateway.hosts.hosts] == [host.pid]  # one host all along
        finally:
            mallory.close()
        assert peak - before < 50 * MIB, f"the host grew by {(peak - before) / MIB:.0f} MiB"
        assert neighbour.waits  # it kept answering: every letter typed showed
    finally:
        ann_conn.close()


async def failing_session(port: int, k: int) -> None:
    """A session that fails at one step or another, by the client's doing."""
    way = k % 5
    async with await connect(port, f"f{k}", source=f"127.0.1.{k % 200 + 1}") as conn:
        try:
            if way == 0:  # a size past 65535 at pty-req
                await conn.create_process(term_type="xterm", term_size=(70000, 30))
            elif way == 1:  # a size of 2**32 - 1 rows
                await conn.create_process(term_type="xterm", term_size=(80, 2**32 - 1))
            elif way == 2:  # no terminal
                await conn.run(term_type=None, timeout=10)
            elif way == 3:  # a command
                await conn.run("ls", term_type="xterm", timeout=10)
            else:  # gone right after asking for the session
                chan, _ = await conn.create_session(
                    asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24)
                )
                chan.abort()
        except (asyncssh.Error, OSError):
            pass


async def test_two_hundred_failing_sessions_leave_no_descriptor_behind(one_host):
    _game, port, gateway = one_host
    # Warm up (the host key read, a host started), then count.
    conn, _term = await in_the_lobby(port, "warm")
    conn.close()
    await until(lambda: not gateway.children, what="the warm-up session ending", timeout=10)
    before = descriptors()
    for batch in range(0, 200, 10):
        await asyncio.gather(*(failing_session(port, k) for k in range(batch, batch + 10)))
    await until(
        lambda: descriptors() <= before,
        what="every descriptor closed",
        timeout=15,
        shown=lambda: f"{descriptors()} descriptors, {before} before",
    )
    assert not gateway.children


async def test_a_client_gone_mid_handshake_leaves_no_descriptor_behind(one_host):
    _game, port, _gateway = one_host
    before = descriptors()
    for k in range(20):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        if k % 2:  # its version line and half a key exchange, then gone
            writer.write(b"SSH-2.0-mallory\r\n" + b"\x00\x00\x01\x00" + b"\x14" * 40)
            await writer.drain()
            await reader.read(100)
        writer.close()
    await until(
        lambda: descriptors() <= before,
        what="every descriptor closed",
        timeout=15,
        shown=lambda: f"{descriptors()} descriptors, {before} before",
    )


async def test_a_second_session_channel_on_one_connection_is_refused(one_host):
    _game, port, gateway = one_host
    async with await connect(port, "ann") as conn:
        first = await Terminal.open(conn)
        await first.wait_for("Connected.")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", term_size=(100, 30))
        assert len(gateway.children) == 1
        first.seen = b""
        await first.keys("v")  # the first session goes on
        await first.wait_for("Finished games")


async def test_a_client_that_never_reads_is_dropped_and_its_neighbour_plays_on(tmp_path):
    """A client that takes none of its output (a window of 8 KiB it never
    frees): the gateway queues at most its output buffer for it, drops it
    once it has taken nothing for `stall` seconds, and the neighbour on the
    same host answers throughout."""
    game = GameServer(tmp_path)
    host, port = await game.start("127.0.0.1", 0)
    limits = SessionLimits(stall=2.0)
    gateway = Gateway(
        host, port, key_folder=tmp_path / "ssh", access=Access(PASSWORD), min_hosts=1, limits=limits
    )
    ssh_port = await gateway.start("127.0.0.1", 0)
    try:
        ann_conn, ann = await in_the_lobby(ssh_port, "ann")
        await ann.keys("j")
        neighbour = Neighbour(ann)
        sloth = await connect(ssh_port, "sloth", window=8192)
        await sloth.create_process(term_type="xterm", term_size=(200, 60), encoding=None)
        (session,) = [s for s in gateway.sessions if s.peer == "127.0.0.1" and s.size == (200, 60)]
        queued = 0

        async def watch() -> None:
            nonlocal queued
            while session.chan is not None and not session.finished:
                queued = max(queued, session.chan.get_write_buffer_size())
                await asyncio.sleep(0.05)

        watching = asyncio.ensure_future(watch())
        await neighbour.keep_typing(2.0)
        await until(lambda: session.finished, what="the sloth dropped", timeout=limits.stall + 10)
        await neighbour.keep_typing(1.0)
        watching.cancel()
        assert queued <= limits.output_buffer + 65536
        assert neighbour.waits  # it kept answering: every letter typed showed
        sloth.close()
        ann_conn.close()
    finally:
        await gateway.close()
        await game.close()
