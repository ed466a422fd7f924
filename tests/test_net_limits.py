"""The limits that let the game server face the internet (net/connection.py,
net/server.py, net/run.py), through real sockets on loopback only.

A flooder is closed while the server is kept busy, since the flood is judged
as its bytes arrive and not as messages are handled; a client that never
reads is dropped once its unread output passes the cap, and memory stays
bounded; past the overall connection cap a connection gets one sentence and
is closed; a server reachable beyond loopback wants its password in `hello`
(forced here on 127.0.0.1), and `serve` refuses to open the raw port to
anyone.  Every wait is bounded; how fast things happen is measured by
`whitechapel bench` (net.flood), never asserted here.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import pytest

from polling import until
from whitechapel.cli import main
from whitechapel.net.access import INSECURE, raw_port_password
from whitechapel.net.client import Client, ClientError
from whitechapel.net.connection import Limits, MeteredReader, TokenBucket, is_loopback
from whitechapel.net.messages import Ping
from whitechapel.net.protocol import NEEDS_PASSWORD, WRONG_PASSWORD
from whitechapel.net.server import GameServer

PING = b'{"type":"ping"}\n'


async def start(tmp_path: Path, limits: Limits, **kw) -> GameServer:
    srv = GameServer(tmp_path, limits=limits, persist=False, **kw)
    await srv.start()
    return srv


def rss() -> int:
    """This process's resident memory, bytes (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


# -- the flood limit -------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_the_bucket_keeps_a_debt_that_only_time_pays_back():
    clock = Clock()
    bucket = TokenBucket(10, 5, clock)
    assert bucket.charge(8) == 5 and bucket.debt == 3
    clock.t += 0.2  # two tokens back: still in debt, whatever was refused
    assert bucket.charge(1) == -1 and bucket.debt == 2
    clock.t += 10
    assert bucket.take() and bucket.tokens == 4  # refilled up to the burst only


async def test_the_reader_judges_lines_as_they_arrive():  # a StreamReader wants a loop
    clock = Clock()
    reader = MeteredReader(Limits(rate=10, burst=3, max_debt=5), clock)
    cut: list[str] = []
    reader.on_flood = cut.append
    reader.feed_data(PING * 5)  # three within the burst, two refused (debt 2)
    assert [reader.within_rate() for _ in range(5)] == [True] * 3 + [False] * 2
    clock.t += 0.1  # one token back: debt 1
    reader.feed_data(PING[:5])  # no whole line yet: nothing charged
    reader.feed_data(PING[5:] + PING * 5)  # debt 6 > 5: cut off as it arrives
    assert cut == ["too many messages: flooding"] and reader.flooding
    reader.feed_data(PING * 1000)  # and nothing more is kept
    assert len(reader._buffer) < 100


async def test_a_burst_of_bytes_is_a_flood_too():
    reader = MeteredReader(Limits(byte_rate=1000, byte_burst=4000), Clock())  # time stands still
    reader.feed_data(b"x" * 3000)
    assert reader.flooding is None
    reader.feed_data(b"x" * 3000)
    assert reader.flooding == "too much data: flooding"


async def test_flooders_are_closed_while_the_server_is_kept_busy(tmp_path):
    """Twenty flooders at once, and every ping handled blocks the loop: the
    handlers fall far behind, yet each flooder is closed, having had only
    about its burst handled."""
    limits = Limits(rate=5, burst=5, max_debt=10)
    srv = await start(tmp_path, limits)
    handled = 0
    ping = srv.dispatch.handler(Ping)

    async def slow_ping(conn, msg) -> None:
        nonlocal handled
        handled += 1
        time.sleep(0.005)  # a busy server: nothing else runs meanwhile
        await ping(conn, msg)

    srv.dispatch.add(Ping, slow_ping)
    flooders = 20
    stop = asyncio.Event()

    async def flood(i: int) -> str:
        client = await Client.connect(*srv.address, f"f{i}", local_addr=(f"127.0.0.{i + 2}", 0))

        async def pour() -> None:  # 10,000 pings at most
            with contextlib.suppress(ConnectionError):
                for _ in range(50):
                    if stop.is_set() or client.writer.is_closing():
                        break
                    await client.send_raw(PING * 200)

        pouring = asyncio.create_task(pour())
        try:
            while True:
                msg = await client.recv(timeout=60)  # a safety net: the loop is kept busy
                if msg["type"] == "closed":
                    return msg["reason"]
        except (ClientError, ConnectionError):
            return "hung up"  # the rest of the flood reset the connection first
        finally:
            pouring.cancel()
            client.writer.transport.abort()  # a flood's unsent rest is not waited for

    try:
        flooding = asyncio.gather(*(flood(i) for i in range(flooders)))
        reasons = await asyncio.wait_for(flooding, 300)  # a safety net, not a speed
        stop.set()
        assert set(reasons) <= {"too many messages: flooding", "hung up"}, reasons
        assert handled <= flooders * (limits.burst + 2)  # the flood itself was never handled
        await until(lambda: not srv.connections, what="the server forgetting the flooders")
        healthy = await Client.connect(*srv.address, "after")
        await healthy.send({"type": "ping"})
        assert (await healthy.expect("pong")) == {"type": "pong"}
        await healthy.close()
    finally:
        stop.set()
        await srv.close()


# -- unread output ---------------------------------------------------------------------


async def test_a_client_that_never_reads_is_dropped_and_memory_stays_bounded(tmp_path):
    cap = 256 * 1024
    srv = await start(tmp_path, Limits(rate=10_000, burst=10_000, max_buffer=cap))
    big = "x" * 200_000

    async def big_pong(conn, msg) -> None:  # every ping costs the server 200 kB of output
        srv.send(conn, {"type": "pong", "pad": big})

    srv.dispatch.add(Ping, big_pong)
    queued: list[int] = []
    write = srv.peers.write

    def spy(conn, data: bytes) -> None:
        write(conn, data)
        if not conn.writer.is_closing():
            queued.append(conn.writer.transport.get_write_buffer_size())

    srv.peers.write = spy  # type: ignore[method-assign]
    before = rss()
    deaf = await Client.connect(*srv.address, "deaf")
    deaf.reader._limit = 1024  # reads nothing: its own buffer stops at 2 KiB, then TCP waits
    try:
        with contextlib.suppress(ConnectionError):
            for _ in range(600):  # 120 MB asked for; kernel buffers hold a few MB at most
                await deaf.send_raw(PING)
                if not srv.connections:
                    break
        await until(lambda: not srv.connections, what="the server dropping the deaf client")
        grown = rss() - before
        assert max(queued) <= cap + len(big) + 100
        assert grown < 64 * 1024 * 1024, f"the server grew by {grown / 2**20:.0f} MiB"
        other = await Client.connect(*srv.address, "reader")  # the server serves on
        await other.close()
    finally:
        deaf.writer.transport.abort()
        await srv.close()


async def test_many_peers_share_the_output_budget(tmp_path):
    srv = await start(tmp_path, Limits(max_buffer=1000, max_buffered=1500))
    a, b = await Client.connect(*srv.address, "a"), await Client.connect(*srv.address, "b")
    try:
        await until(lambda: len(srv.connections) == 2, what="both connected")
        conn = next(c for c in srv.connections if c.name == "a")
        transport = conn.writer.transport
        transport.pause_reading()
        transport.get_write_buffer_size = lambda: 600  # type: ignore[method-assign]
        srv.peers.write(conn, b"y" * 200)  # 800 > 1500 // 2: a share is 750
        assert conn.closing
    finally:
        await a.close()
        await b.close()
        await srv.close()


# -- connections -----------------------------------------------------------------------


async def test_the_overall_cap_refuses_with_one_sentence(tmp_path):
    srv = await start(tmp_path, Limits(max_connections=3, per_address=100))
    try:
        first = [await Client.connect(*srv.address, f"c{i}") for i in range(3)]
        with pytest.raises(ClientError, match=r"^the server is full: too many connections, try"):
            await Client.connect(*srv.address, "extra")
        await first[0].close()
        await until(lambda: len(srv.connections) < 3, what="a place freed")
        again = await Client.connect(*srv.address, "again")
        assert again.welcome
        for client in (*first[1:], again):
            await client.close()
    finally:
        await srv.close()


async def test_a_silent_connection_must_say_hello_in_time(tmp_path):
    srv = await start(tmp_path, Limits(hello_timeout=0.2))
    try:
        mute = await Client.connect(*srv.address, "mute", hello=False)
        assert await mute.recv() == {"type": "closed", "reason": "no hello in 0.2 seconds"}
    finally:
        await srv.close()


# -- credentials -----------------------------------------------------------------------


async def test_an_exposed_server_wants_its_password_in_hello(tmp_path):
    # Bound to 127.0.0.1 (only loopback traffic here) but treated as exposed.
    srv = await start(tmp_path, Limits(), password="s3cret-221b", trust_loopback=False)
    try:
        with pytest.raises(ClientError, match=NEEDS_PASSWORD):
            await Client.connect(*srv.address, "nopass")
        with pytest.raises(ClientError, match=f"^{WRONG_PASSWORD}$"):
            await Client.connect(*srv.address, "wrong", password="s3cret-221B")
        with pytest.raises(ClientError, match=f"^{WRONG_PASSWORD}$"):
            await Client.connect(*srv.address, "wrong", password="s3cret-221bé")
        ok = await Client.connect(*srv.address, "right", password="s3cret-221b")
        assert ok.welcome["type"] == "welcome"
        assert (await ok.list()) == []
        await ok.close()
    finally:
        await srv.close()


async def test_loopback_needs_no_password(tmp_path):
    srv = await start(tmp_path, Limits(), password="s3cret-221b")  # the gateway's apps
    try:
        client = await Client.connect(*srv.address, "local")
        assert client.welcome["type"] == "welcome"
        await client.close()
    finally:
        await srv.close()


def test_loopback_addresses():
    assert all(map(is_loopback, ["127.0.0.1", "127.0.0.200", "::1", "::ffff:127.0.0.1"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "192.168.1.5", "example.org"]))


def test_the_raw_port_password_beyond_loopback():
    assert raw_port_password("127.0.0.1", None) == (None, False)
    assert raw_port_password("127.0.0.1", None, open_access=True) == (None, False)
    assert raw_port_password("0.0.0.0", "pw") == ("pw", False)
    made, generated = raw_port_password("0.0.0.0", None)
    assert made and generated
    assert raw_port_password("0.0.0.0", None, open_access=True, insecure=True) == (None, False)
    with pytest.raises(Exception, match="--insecure-raw-port"):
        raw_port_password("192.168.1.5", None, open_access=True)


def test_serve_refuses_an_open_raw_port_in_one_line(capsys):
    assert main(["serve", "--host", "0.0.0.0", "--open"]) == 2  # usage (issue 50)
    out, err = capsys.readouterr()
    assert out == "" and err == f"whitechapel serve: {INSECURE} (see 'whitechapel serve --help')\n"
