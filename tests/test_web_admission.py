"""The web gateway's front door (`web/gate.py`, `web/proxy.py`,
`net/admission.py`): what a flood of half-sent connections, a crowd of
guesses, a reverse proxy's headers, a hostile page and a lost session host
get.  Everything on 127.0.0.0/8 (127.0.0.2, .3 ... as other addresses),
with small limits, small penalties and short stall times, so that each
waits for events (an answer, a connection closed), never for a clock."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import fcntl
import itertools
import json
import logging
import os
import signal
import socket
import struct
import termios
import time
from collections.abc import AsyncIterator

import aiohttp
from hypothesis import given
from hypothesis import strategies as st
from multidict import CIMultiDict

from polling import until
from test_web import ANSI, PASSWORD, Page, client, log_in
from whitechapel.gateway.limits import SessionLimits, WebLimits
from whitechapel.net import admission
from whitechapel.net.penalties import Penalties
from whitechapel.net.server import GameServer, gateway_socket_path
from whitechapel.web.proxy import MAX_HOPS, Proxies, forwarded_elements, ip
from whitechapel.web.server import COOKIE, Web, host_names
from whitechapel.web.session import WINDOW

ROOMY = dataclasses.replace(  # as many connections and logins as a test makes
    admission.WEB, pending_per_address=64, pending=256, login_burst=100
)


@contextlib.asynccontextmanager
async def serving(tmp_path, **options) -> AsyncIterator[Web]:
    """A game server and its web gateway (`options` for `Web`), at `web.url`."""
    game = GameServer(tmp_path, gateway_socket=gateway_socket_path(tmp_path))
    host, port = await game.start("127.0.0.1", 0)
    options.setdefault("door", ROOMY)
    gateway = Web(host, port, data=tmp_path, password=PASSWORD, min_hosts=1, **options)
    try:
        web_port = await gateway.start("127.0.0.1", 0)
        gateway.url = f"http://127.0.0.1:{web_port}"  # type: ignore[attr-defined]
        gateway.port = web_port  # type: ignore[attr-defined]
        yield gateway
    finally:
        await gateway.close()
        await game.close()


async def connect(web, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", web.port, local_addr=(source, 0))


HALF_SENT = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Waiting: "  # headers never finished


# -- connections -----------------------------------------------------------------------


async def test_half_sent_connections_from_one_address_keep_no_one_else_out(tmp_path, caplog):
    door = dataclasses.replace(
        admission.WEB, pending_per_address=4, pending=16, pending_timeout=60.0
    )
    caplog.set_level(logging.INFO, logger="whitechapel.web")
    async with serving(tmp_path, door=door) as web:
        attack = []
        try:
            for _ in range(100):  # many more than the address's 4
                reader, writer = await connect(web, "127.0.0.2")
                writer.write(HALF_SENT)
                attack.append((asyncio.ensure_future(reader.read()), writer))
            reads = [read for read, _ in attack]
            await until(
                lambda: sum(read.done() for read in reads) == 96,
                what="every connection past the address's 4 closed at once",
                timeout=30,
            )
            held = [read for read in reads if not read.done()]
            assert len(held) == 4 and web.door.pending["127.0.0.2"] == 4
            assert all(read.result() == b"" for read in reads if read.done())  # no answer
            # Another address is served while the attack holds its connections.
            async with client("127.0.0.3") as visitor:
                page = await visitor.get(f"{web.url}/")
                assert page.status == 200 and 'type="password"' in await page.text()
                assert (await log_in(visitor, web)).status == 303
            assert not any(read.done() for read in held)
        finally:
            for read, writer in attack:
                read.cancel()
                writer.close()
        refusals = [r for r in caplog.records if "refused connections" in r.getMessage()]
        assert len(refusals) == 1  # the first at once; the rest summed in a minute
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_connection_is_cut_past_its_deadlines(tmp_path):
    door = dataclasses.replace(ROOMY, pending_timeout=0.5)
    async with serving(tmp_path, door=door) as web:
        loop = asyncio.get_running_loop()

        async def cut_after(data: bytes) -> tuple[bytes, float]:
            reader, writer = await connect(web, "127.0.0.2")
            try:
                writer.write(data)
                start = loop.time()
                received = await asyncio.wait_for(reader.read(), 20)
                return received, loop.time() - start
            finally:
                writer.close()

        # Headers never finished; a body (a login's form) never finished.
        received, waited = await cut_after(HALF_SENT)
        assert received == b"" and waited >= 0.5
        post = (
            f"POST /login HTTP/1.1\r\nHost: 127.0.0.1:{web.port}\r\nOrigin: {web.url}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\n"
            "name=Ann&password="  # and the rest never comes
        )
        received, waited = await cut_after(post.encode())
        assert received == b"" and waited >= 0.5
        # After an answer, the next request's headers are waited for as long.
        received, waited = await cut_after(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert received.startswith(b"HTTP/1.1 200 ") and waited >= 0.5
        assert web.door.pending_total == 0


async def test_a_page_with_its_session_leaves_the_pending_count(tmp_path):
    door = dataclasses.replace(ROOMY, pending_per_address=2, live_per_address=4)
    async with serving(tmp_path, door=door) as web:
        pages, clients = [], [client() for _ in range(3)]
        try:
            for c in clients:  # three pages from one address: past its 2 pending
                assert (await log_in(c, web)).status == 303
                page = await Page.open(c, web)
                await page.wait_for("lobby of")
                pages.append(page)
            assert web.door.live["127.0.0.1"] == 3
            await until(lambda: web.door.pending_total == 0, what="the logins' connections gone")
        finally:
            for c in clients:
                await c.close()


# -- passwords ------------------------------------------------------------------------


@dataclasses.dataclass
class Recorded(Penalties):
    """Penalties that note when each failure was counted, and its delay."""

    noted: list[tuple[str, float, float]] = dataclasses.field(default_factory=list)

    def failed(self, address: str) -> float:
        delay = super().failed(address)
        self.noted.append((address, time.monotonic(), delay))
        return delay


async def test_guesses_from_one_address_are_checked_one_at_a_time(tmp_path, caplog):
    penalties = Recorded(first=0.01, cap=0.05)
    door = dataclasses.replace(ROOMY, pending_per_address=400, pending=400)
    caplog.set_level(logging.WARNING, logger="whitechapel.web")
    async with serving(tmp_path, door=door, penalties=penalties, checks_waiting=100) as web:
        connector = aiohttp.TCPConnector(limit=0, local_addr=("127.0.0.2", 0), force_close=True)
        async with aiohttp.ClientSession(connector=connector) as guesser:
            loop = asyncio.get_running_loop()
            start = loop.time()
            guesses = [
                asyncio.ensure_future(log_in(guesser, web, password=f"guess{k}"))
                for k in range(300)
            ]
            try:
                await until(
                    lambda: web.checks.in_flight("127.0.0.2") >= 50,
                    what="guesses waiting their turns",
                    timeout=60,
                )
                # The right password from another address, while they wait (seconds of delays).
                async with client("127.0.0.3") as ann:
                    assert (await log_in(ann, web)).status == 303
                    assert web.checks.in_flight("127.0.0.2") > 0
                answers = await asyncio.gather(*guesses)
                took = loop.time() - start
            finally:
                for guess in guesses:
                    guess.cancel()
            statuses = [answer.status for answer in answers]
            assert set(statuses) <= {403, 429} and statuses.count(403) == len(penalties.noted)
            for answer in answers:
                if answer.status == 429:  # past the 100 waiting: refused at once, unchecked
                    assert "Too many login attempts from your" in await answer.text()
        noted = [(at, delay) for address, at, delay in penalties.noted if address == "127.0.0.2"]
        assert len(noted) >= 100
        for (before, delay), (at, _) in itertools.pairwise(noted):
            assert at >= before + delay - 1e-3  # the next check only once this one's delay is over
        assert took >= sum(delay for _, delay in noted)
        wrong = [r for r in caplog.records if "wrong web password" in r.getMessage()]
        assert len(wrong) == 1  # one line for the address; the rest of the minute as a count


async def test_guesses_past_the_queue_are_refused_at_once(tmp_path):
    penalties = Recorded(first=30.0, cap=30.0)  # the first guess holds its address's turn
    async with (
        serving(tmp_path, penalties=penalties, checks_waiting=1) as web,
        client("127.0.0.2") as guesser,
        client("127.0.0.2") as second,
    ):
        first = asyncio.ensure_future(log_in(guesser, web, password="guess"))
        try:
            await until(lambda: penalties.noted, what="the first guess checked")
            refused = await log_in(second, web, password="another")
            assert refused.status == 429 and len(penalties.noted) == 1  # not checked
            assert "Too many login attempts from your address at once" in await refused.text()
            async with client("127.0.0.3") as ann:
                assert (await log_in(ann, web)).status == 303
        finally:
            first.cancel()


# -- behind a proxy --------------------------------------------------------------------


async def test_forwarded_headers_are_believed_from_a_trusted_proxy_only(tmp_path):
    door = dataclasses.replace(ROOMY, live_per_address=1, live=10)
    options = {
        "door": door,
        "trusted_proxies": ("127.0.0.2",),
        "names": host_names("127.0.0.1", ["play.example.org"]),
    }
    async with serving(tmp_path, **options) as web:
        proxy, direct = "127.0.0.2", "127.0.0.3"

        async def play(source: str, forwarded: str) -> Page:
            c = client(source)
            headers = {"X-Forwarded-For": forwarded}
            login = await c.post(
                f"{web.url}/login",
                data={"name": "Ann", "password": PASSWORD},
                headers={"Origin": web.url, **headers},
                allow_redirects=False,
            )
            assert login.status == 303
            ws = await c.ws_connect(f"{web.url}/ws", headers={"Origin": web.url, **headers})
            opened.append(c)
            return Page(ws)

        opened: list[aiohttp.ClientSession] = []
        try:
            # Through the proxy, sessions are counted by the client's address (1 each here).
            first = await play(proxy, "198.51.100.7, 10.0.0.1")
            second = await play(proxy, "203.0.113.9")
            for page in (first, second):
                await page.wait_for("lobby of")
            peers = {s.env["WHITECHAPEL_PEER"] for s in web.sessions.values()}
            assert peers == {"10.0.0.1", "203.0.113.9"}  # the rightmost, past no trusted proxy
            code, text = await (await play(proxy, "10.0.0.1")).ends()
            assert code == 4003 and "1 sessions from your address, its most" in text
            # From any other address the header is nobody's business.
            mine = await play(direct, "192.0.2.1")
            await mine.wait_for("lobby of")
            code, text = await (await play(direct, "192.0.2.2")).ends()
            assert code == 4003 and "sessions from your address" in text
            assert len(web.sessions) == 3
        finally:
            for c in opened:
                await c.close()

        async def login_from(source: str, headers: dict[str, str]) -> aiohttp.ClientResponse:
            async with client(source) as c:
                return await c.post(
                    f"{web.url}/login",
                    data={"name": "Bo", "password": PASSWORD},
                    headers=headers,
                    allow_redirects=False,
                )

        # HTTPS at the proxy: the cookie is Secure; the header from elsewhere changes nothing.
        https = {"Origin": web.url, "X-Forwarded-Proto": "https"}
        assert (await login_from(proxy, https)).cookies[COOKIE]["secure"]
        assert not (await login_from(direct, https)).cookies[COOKIE]["secure"]
        # A proxy that gives the browser's Host in X-Forwarded-Host: its Origin matches it.
        public = {"Origin": "https://play.example.org", "X-Forwarded-Host": "play.example.org"}
        assert (await login_from(proxy, public)).status == 303
        assert (await login_from(direct, public)).status == 403
        rebound = {"Origin": "http://evil.example", "X-Forwarded-Host": "evil.example"}
        assert (await login_from(proxy, rebound)).status == 421


async def test_a_trusted_proxys_connections_count_only_in_the_total(tmp_path):
    door = dataclasses.replace(ROOMY, pending_per_address=2, pending_timeout=60.0)
    async with serving(tmp_path, door=door, trusted_proxies=("127.0.0.2",)) as web:
        proxy, direct = "127.0.0.2", "127.0.0.3"
        held = []
        try:
            for source in [proxy] * 4 + [direct] * 3:
                reader, writer = await connect(web, source)
                writer.write(HALF_SENT)
                held.append((source, asyncio.ensure_future(reader.read()), writer))
            reads = [read for _, read, _ in held]
            await until(lambda: any(read.done() for read in reads), what="one closed at once")
            assert [source for source, read, _ in held if read.done()] == [direct]
            assert web.door.pending[proxy] == 4 and web.door.pending[direct] == 2
        finally:
            for _, read, writer in held:
                read.cancel()
                writer.close()


def test_the_client_behind_a_proxy_is_the_rightmost_untrusted_address():
    proxies = Proxies(["127.0.0.1", "10.0.0.0/8", "::1"])

    def who(peer: str, **headers: str):
        return proxies.client(
            peer, CIMultiDict((k.replace("_", "-"), v) for k, v in headers.items())
        )

    assert who("127.0.0.1", X_Forwarded_For="6.6.6.6, 192.0.2.1, 10.1.2.3").address == "192.0.2.1"
    assert who("127.0.0.9", X_Forwarded_For="192.0.2.1").address == "127.0.0.9"  # not trusted
    assert who("::ffff:127.0.0.1", X_Forwarded_For="[2001:db8::1]:443").address == "2001:db8::1"
    assert who("::1", X_Forwarded_For="192.0.2.1:5555").address == "192.0.2.1"
    assert who("::1", X_Forwarded_For="10.0.0.1, 10.0.0.2").address == "10.0.0.1"  # all proxies
    secure = who("::1", X_Forwarded_For="192.0.2.1", X_Forwarded_Proto="HTTPS")
    assert secure.secure and secure.host is None
    assert who("::1", X_Forwarded_Host="play.example.org").host == "play.example.org"
    rfc = who("::1", Forwarded='for="[2001:db8::17]:4711";proto=https;host=a.example, for=10.0.0.3')
    assert (rfc.address, rfc.secure, rfc.host) == ("2001:db8::17", True, "a.example")
    for hidden in ("for=_hidden", "for=unknown", 'for="_x";proto=https', "for=a.example"):
        hiding = who("::1", Forwarded=hidden)
        assert hiding.address == "::1" and hiding.problem  # the proxy's own, and logged
    for garbage in ("garbage", "192.0.2.1, nonsense", "192.0.2.1,", "[::1", "1.2.3.4:http"):
        assert who("::1", X_Forwarded_For=garbage).address == "::1", garbage
    broken = who("::1", Forwarded='for="192.0.2.1')  # an unfinished quote
    assert broken.address == "::1" and not broken.secure and broken.problem
    # What a client writes further left than its proxy's entry is never read.
    assert who("::1", Forwarded='for="x;y", for=192.0.2.5').address == "192.0.2.5"
    assert who("::1", X_Forwarded_For="," * 100_000 + "192.0.2.6").address == "192.0.2.6"
    assert who("::1", Forwarded="for=1.1.1.1;" * 50_000 + "for=192.0.2.7").address == "::1"
    many = ", ".join(["10.0.0.1"] * (MAX_HOPS + 5))
    assert who("::1", X_Forwarded_For=f"192.0.2.8, {many}").address == "::1"  # too many to walk
    # The same header twice is one list.
    twice = CIMultiDict([("X-Forwarded-For", "192.0.2.9"), ("X-Forwarded-For", "10.0.0.4")])
    assert proxies.client("::1", twice).address == "192.0.2.9"


addresses = st.one_of(
    st.ip_addresses(v=4).map(str),
    st.ip_addresses(v=6).map(lambda a: f"[{a}]"),
    st.ip_addresses(v=6).map(str),
    st.tuples(st.ip_addresses(v=4), st.integers(0, 65535)).map(lambda p: f"{p[0]}:{p[1]}"),
)
hostile = st.text(
    st.sampled_from(list(',;="\\[]:_ \t') + list("0123456789abcdefunknowhid.")), max_size=200
) | st.text(max_size=100)


@given(st.lists(addresses, min_size=1, max_size=6), hostile)
def test_a_forwarded_chain_is_read_from_the_right(chain, written):
    proxies = Proxies(["127.0.0.1"])
    client = proxies.client(
        "127.0.0.1", CIMultiDict({"X-Forwarded-For": f"{written}, {', '.join(chain)}"})
    )
    assert client.address == ip(chain[-1]) or client.address == "127.0.0.1"
    if ip(chain[-1]) != "127.0.0.1":
        assert client.address == ip(chain[-1]) and client.problem is None
    element = f'for="{chain[-1]}"'
    rfc = proxies.client("127.0.0.1", CIMultiDict({"Forwarded": f"{written}, {element}"}))
    assert rfc.address in (ip(chain[-1]), "127.0.0.1")


@given(hostile, hostile, hostile, hostile)
def test_hostile_forwarding_headers_never_break_the_reading(xff, forwarded, proto, host):
    headers = CIMultiDict(
        {
            "X-Forwarded-For": xff,
            "Forwarded": forwarded,
            "X-Forwarded-Proto": proto,
            "X-Forwarded-Host": host,
        }
    )
    untrusted = Proxies(["10.0.0.0/8"]).client("127.0.0.1", headers)
    assert untrusted.address == "127.0.0.1" and not untrusted.secure and untrusted.host is None
    trusted = Proxies(["127.0.0.1"]).client("127.0.0.1", headers)
    assert trusted.address == "127.0.0.1" or ip(trusted.address) == trusted.address
    elements, _ = forwarded_elements(forwarded)
    assert all(e is None or all(k == k.lower() for k in e) for e in elements)


# -- a page --------------------------------------------------------------------------


async def test_what_no_page_should_send_gets_no_traceback(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    async with serving(tmp_path) as web, client() as ann:
        await log_in(ann, web)
        page = await Page.open(ann, web)
        await page.wait_for("lobby of")
        await page.ws.send_str("[" * 60_000)  # nested past Python's stack: not JSON to us
        code, text = await page.ends()
        assert code == 4004 and "should not" in text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_no_answer_names_its_software(tmp_path):
    async with serving(tmp_path) as web, client() as ann:
        answers = [
            await ann.get(f"{web.url}/"),
            await ann.get(f"{web.url}/nothing"),
            await ann.get(f"{web.url}/ws", headers={"Origin": "http://evil.example"}),
        ]
        await log_in(ann, web)
        ws = await ann.ws_connect(f"{web.url}/ws", headers={"Origin": web.url})
        servers = [answer.headers.get("Server") for answer in answers]
        servers.append(ws._response.headers.get("Server"))
        await ws.close()
        reader, writer = await connect(web, "127.0.0.1")
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNot A Header\r\n\r\n")
        garbage = await asyncio.wait_for(reader.read(), 20)
        writer.close()
        assert garbage.startswith(b"HTTP/1.") and b" 400 " in garbage.split(b"\r\n")[0]
        servers += [
            line.split(b":", 1)[1].strip().decode()
            for line in garbage.split(b"\r\n")
            if line.lower().startswith(b"server:")
        ]
        assert servers and all(s in (None, "whitechapel") for s in servers), servers


async def test_a_page_whose_session_host_dies_is_told_so(tmp_path):
    async with serving(tmp_path) as web, client() as ann:
        await log_in(ann, web)
        page = await Page.open(ann, web)
        await page.wait_for("lobby of")
        (host,) = web.hosts.hosts
        os.kill(host.pid, signal.SIGKILL)
        code, text = await page.ends()
        assert code == 1000 and "the server process that ran it stopped" in text
        assert not web.sessions


async def test_a_page_that_takes_none_of_its_output_is_detached_and_its_game_waits(tmp_path):
    limits = SessionLimits(stall=1.0)
    async with serving(tmp_path, session_limits=limits, limits=WebLimits()) as web:
        async with client() as ann:
            token = (await log_in(ann, web)).cookies[COOKIE].value
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        try:
            await loop.sock_connect(sock, ("127.0.0.1", web.port))
            key = base64.b64encode(os.urandom(16)).decode()
            await loop.sock_sendall(
                sock,
                (
                    f"GET /ws?width=200&height=60 HTTP/1.1\r\nHost: 127.0.0.1:{web.port}\r\n"
                    f"Origin: {web.url}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                    f"Cookie: {COOKIE}={token}\r\n\r\n"
                ).encode(),
            )
            seen = b""

            async def drawn() -> bool:  # the lobby drawn: the page works
                nonlocal seen
                data = await loop.sock_recv(sock, 65536)
                assert data, seen
                seen += data
                return "lobby of" in ANSI.sub("", seen.decode(errors="replace"))

            await until(drawn, what="the lobby on the page", timeout=30, step=0)
            (session,) = web.sessions.values()
            # From here the page reads nothing, and makes the app draw (a resize each time);
            # what it was sent and has not taken is looked at meanwhile.
            k, peak = 0, 0

            def sent_a_resize() -> bool:
                nonlocal k, peak
                k += 1
                size = {"width": 120 + k % 80, "height": 40 + k % 20}
                with contextlib.suppress(BlockingIOError):
                    sock.send(masked(json.dumps(["resize", size]).encode()))
                for connection in web._runner.server.connections:
                    if connection.transport is not None:
                        peak = max(peak, not_taken(connection.transport))
                return session.page is None

            stopped = loop.time()
            await until(sent_a_resize, what="the page detached", timeout=60, step=0.1)
            assert loop.time() - stopped >= limits.stall
            assert not session.finished and web.sessions  # the game waits for a page
            # A window's worth waited for it, not the megabytes the kernel's buffers
            # would take before anyone noticed.
            assert 0 < peak <= WINDOW + 256 * 1024, peak
        finally:
            sock.close()
        async with client() as ann:  # the same login comes back to the same game
            ann.cookie_jar.update_cookies({COOKIE: token})
            back = await Page.open(ann, web)
            await back.wait_for("lobby of")
            assert list(web.sessions.values()) == [session]


def masked(payload: bytes, opcode: int = 1) -> bytes:
    """A websocket frame from a client (masked), of fewer than 126 bytes."""
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + body


def not_taken(transport: asyncio.Transport) -> int:
    """Bytes written to a server's `transport` that its peer has not taken:
    in the transport's buffer, and in the kernel's (SIOCOUTQ)."""
    fd = transport.get_extra_info("socket").fileno()
    queued = struct.unpack("i", fcntl.ioctl(fd, termios.TIOCOUTQ, b"\0" * 4))[0]
    return transport.get_write_buffer_size() + queued
