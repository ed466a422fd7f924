"""The web gateway (issue 31) from a client's side, without a browser: what
a page of another site, a guesser, a flooder or a hostile size gets, and
that a page coming back lands in the game it left.  Everything on
127.0.0.1 (127.0.0.2 and .3 as other addresses); the browser's own test is
test_web_browser.py."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import re
import signal
import sys

import aiohttp
import pytest

from polling import until
from whitechapel.gateway.limits import WebLimits
from whitechapel.net import admission
from whitechapel.net.server import GameServer, gateway_socket_path
from whitechapel.web.server import COOKIE, Web, host_allowed, host_names
from whitechapel.web.session import BrowserSession

PASSWORD = "letmein-221b"
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>]")


@pytest.fixture
async def web(tmp_path):
    game = GameServer(tmp_path, gateway_socket=gateway_socket_path(tmp_path))
    host, port = await game.start("127.0.0.1", 0)
    gateway = Web(
        host,
        port,
        data=tmp_path,
        password=PASSWORD,
        min_hosts=1,
        limits=WebLimits(reconnect_grace=3.0),
        # Sessions: 3 in all, 2 per address; connections and logins as many as the tests make.
        door=dataclasses.replace(
            admission.WEB, live=3, live_per_address=2, pending_per_address=64, login_burst=100
        ),
    )
    web_port = await gateway.start("127.0.0.1", 0)
    gateway.url = f"http://127.0.0.1:{web_port}"  # type: ignore[attr-defined]
    yield gateway
    await gateway.close()
    await game.close()


def client(address: str = "127.0.0.1") -> aiohttp.ClientSession:
    connector = aiohttp.TCPConnector(local_addr=(address, 0), force_close=True)
    return aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.CookieJar(unsafe=True))


def origin(web) -> dict[str, str]:
    return {"Origin": web.url}


async def log_in(
    session: aiohttp.ClientSession, web, name: str = "Ann", password: str = PASSWORD
) -> aiohttp.ClientResponse:
    return await session.post(
        f"{web.url}/login",
        data={"name": name, "password": password},
        headers=origin(web),
        allow_redirects=False,
    )


class Page:
    """A page's websocket, and the text its terminal has been sent (escapes cut)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws, self.seen, self.titles = ws, "", []
        self.closed: tuple[int | None, str] | None = None

    @classmethod
    async def open(cls, session, web, size=(100, 30), headers=None) -> Page:
        ws = await session.ws_connect(
            f"{web.url}/ws?width={size[0]}&height={size[1]}",
            headers=origin(web) if headers is None else headers,
        )
        return cls(ws)

    def text(self) -> str:
        return ANSI.sub("", self.seen)

    async def read(self) -> bool:
        msg = await self.ws.receive()
        if msg.type == aiohttp.WSMsgType.BINARY:
            self.seen += msg.data.decode(errors="replace")
        elif msg.type == aiohttp.WSMsgType.TEXT:
            kind, data = json.loads(msg.data)
            if kind == "title":
                self.titles.append(data)
        elif msg.type == aiohttp.WSMsgType.CLOSE:
            # The code in the server's close frame, as a browser reports it
            # (aiohttp's own close_code turns to 1006 when its answer to the
            # frame finds the connection closed already).
            self.closed = (msg.data, self.text())
        else:
            self.closed = (self.ws.close_code, self.text())
        return self.closed is None

    async def wait_for(self, words: str, timeout: float = 20) -> None:
        await self.wait_until(lambda: words in self.text(), f"{words!r} on the page", timeout)

    async def wait_until(self, holds, what: str, timeout: float = 20) -> None:
        async def shown() -> bool:
            while not holds():
                if not await self.read():
                    return False
            return True

        await until(
            shown,
            what=what,
            timeout=timeout,
            step=0,
            shown=lambda: repr((self.titles[-3:], self.text()[-600:])),
        )

    async def ends(self, timeout: float = 20) -> tuple[int | None, str]:
        async def closed() -> bool:
            while await self.read():
                pass
            return True

        await until(
            closed,
            what="the page closed",
            timeout=timeout,
            step=0,
            shown=lambda: repr(self.text()[-600:]),
        )
        assert self.closed is not None
        return self.closed

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.ws.send_str(json.dumps(["stdin", key]))
            await asyncio.sleep(0.3)


def test_only_this_servers_names_and_addresses_are_hosts():
    names = host_names("127.0.0.1", ["games.example.org"])
    assert host_allowed("127.0.0.1:8888", names)
    assert host_allowed("[::1]:8888", names)
    assert host_allowed("localhost:8888", names)
    assert host_allowed("Games.Example.Org.", names)
    assert not host_allowed("evil.example:8888", names)  # a name pointed here: DNS rebinding
    assert not host_allowed("localhost.evil.example", names)
    assert not host_allowed("", names)
    assert not host_allowed("127.0.0.1:http", names)
    assert not host_allowed("[::1]junk", names)


async def test_a_foreign_origin_or_host_is_refused_and_the_session_caps_hold(web):
    async with client() as ann:
        assert (await log_in(ann, web)).status == 303
        for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {}):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await Page.open(ann, web, headers=headers)
            assert refused.value.status == 403
        # A page of another site whose name points here (DNS rebinding): its own Host and Origin.
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await Page.open(
                ann, web, headers={"Host": "evil.example", "Origin": "http://evil.example"}
            )
        assert refused.value.status == 421
        forged = await ann.post(
            f"{web.url}/login",
            data={"name": "x", "password": PASSWORD},
            headers={"Origin": "http://evil.example"},
            allow_redirects=False,
        )
        assert forged.status == 403
        assert not web.sessions  # none of these started an app

    # Two sessions from 127.0.0.1, its most; one from 127.0.0.2 fills the server (3).
    clients = [client(), client(), client(), client("127.0.0.2"), client("127.0.0.3")]
    try:
        pages = []
        for c in clients:
            assert (await log_in(c, web)).status == 303
        for c in (clients[0], clients[1], clients[3]):
            page = await Page.open(c, web)
            await page.wait_for("lobby of")
            pages.append(page)
        third = await Page.open(clients[2], web)
        code, text = await third.ends()
        assert code == 4003 and "sessions from your address, its most" in text
        full = await Page.open(clients[4], web)
        code, text = await full.ends()
        assert code == 4003 and "the server is full" in text
        assert len(web.sessions) == 3
        # A closed page's game ends after the grace: its place is free again.
        await pages[0].ws.close()
        await until(lambda: len(web.sessions) == 2, what="the closed page's game ended", timeout=15)
        again = await Page.open(clients[2], web)
        await again.wait_for("lobby of")
    finally:
        for c in clients:
            await c.close()


async def test_a_login_is_needed_and_a_wrong_password_is_slowed(web):
    async with client() as stranger:
        page = await stranger.get(f"{web.url}/")
        assert 'type="password"' in await page.text()  # the login, not the game
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await Page.open(stranger, web)
        assert refused.value.status == 403
        loop = asyncio.get_running_loop()
        delays = []
        for _ in range(3):
            start = loop.time()
            wrong = await log_in(stranger, web, password="guess")
            delays.append(loop.time() - start)
            assert wrong.status == 403 and "Wrong password" in await wrong.text()
            assert COOKIE not in {c.key for c in stranger.cookie_jar}
        assert delays[2] > delays[1] > delays[0]  # 0.5 s, 1 s, 2 s: each waits longer
        start = loop.time()
        assert (await log_in(stranger, web)).status == 303  # the right one, at once
        assert loop.time() - start < delays[1]
        assert "textual.js" in await (await stranger.get(f"{web.url}/")).text()


async def test_the_pages_load_nothing_from_elsewhere_and_no_other_file(web):
    async with client() as ann:
        await log_in(ann, web)
        page = await ann.get(f"{web.url}/")
        text = await page.text()
        csp = page.headers["Content-Security-Policy"]
        assert "default-src 'none'" in csp and "connect-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp
        links = re.findall(r'(?:src|href)="([^"]*)"', text)
        assert links and all(link.startswith("/static/") or link == "data:," for link in links)
        for link in links:
            if link.startswith("/static/"):
                served = await ann.get(f"{web.url}{link}")
                assert served.status == 200, link
                assert "googleapis" not in await served.text(errors="replace")
        css = await (await ann.get(f"{web.url}/static/page.css")).text()
        assert 'url("RobotoMono.ttf")' in css  # the font is served from here
        assert (await ann.get(f"{web.url}/static/RobotoMono.ttf")).status == 200
        for path in (
            "/static/..%2Fserver.py",
            "/static/%2e%2e/server.py",
            "/download/x",
            "/static/",
            "/etc/passwd",
        ):
            assert (await ann.get(f"{web.url}{path}")).status == 404, path


async def test_window_sizes_are_clamped_and_bad_messages_end_the_page(web):
    async with client() as ann:
        await log_in(ann, web)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await Page.open(ann, web, size=(70000, 30))
        assert refused.value.status == 400
        page = await Page.open(ann, web, size=(5000, 3000))
        await page.wait_for("lobby of")
        (session,) = web.sessions.values()
        assert session.size == (500, 200)
        for width, height in ((0, 10), (10**9, 10), (-5, 10), ("80", 24)):
            await page.ws.send_str(json.dumps(["resize", {"width": width, "height": height}]))
        await page.ws.send_str(json.dumps(["resize", {"width": 900, "height": 90}]))
        await until(lambda: session.size == (500, 90), what="the last good size, clamped")
        await page.ws.send_bytes(b"\x00binary")
        code, text = await page.ends()
        assert code == 4004 and "should not" in text
        flood = await Page.open(ann, web)
        for _ in range(250):
            await flood.ws.send_str(json.dumps(["ping", "1"]))
        code, text = await flood.ends()
        assert code == 4005 and "too many requests" in text


async def test_a_page_coming_back_lands_in_the_seat_it_left(web):
    async with client() as ann:
        await log_in(ann, web)
        page = await Page.open(ann, web)
        await page.wait_for("Connected.")
        assert page.titles[-1] == "whitechapel — lobby"
        await page.keys("n")  # a new Pocket duel: Ann holds the first seat
        await page.wait_for("Action tokens")
        await page.wait_until(
            lambda: page.titles[-1].startswith("Mr. Jack Pocket · room "),
            "the page titled by the game and its room",
        )
        await page.ws.close()  # the network drops
        back = await Page.open(ann, web)
        await back.wait_for("Action tokens")  # the same game screen, drawn anew
        assert back.titles[0] == page.titles[-1]
        # A second page of the same login takes the game over; the first is told.
        other = await Page.open(ann, web)
        await other.wait_for("Action tokens")
        code, text = await back.ends()
        assert code == 4001 and "opened in another page" in text


@pytest.mark.skipif(sys.platform != "linux", reason="session hosts are Linux's")
async def test_a_page_coming_back_is_drawn_anew_however_late_its_app_looks(web, monkeypatch):
    """A loaded machine: the session host running the app is stopped while
    the page comes back at the same size, and goes on only once the page
    is attached.  The app still draws the whole screen for it (CI, stop 61:
    the page showed the title line alone, the repaint asked for by two
    sizes 0.2 s apart, both set before the app looked)."""
    attached = asyncio.Event()
    attach = BrowserSession.attach

    async def attach_and_say(self, *args, **kwargs):
        await attach(self, *args, **kwargs)
        attached.set()

    monkeypatch.setattr(BrowserSession, "attach", attach_and_say)
    async with client() as ann:
        await log_in(ann, web)
        page = await Page.open(ann, web)
        await page.wait_for("Connected.")
        await page.keys("n")  # a new Pocket duel
        await page.wait_for("Action tokens")
        await page.ws.close()  # the network drops
        (host,) = web.hosts.hosts
        attached.clear()
        os.kill(host.pid, signal.SIGSTOP)
        try:
            back = await Page.open(ann, web)
            await asyncio.wait_for(attached.wait(), 20)
        finally:
            os.kill(host.pid, signal.SIGCONT)
        await back.wait_for("Action tokens")  # the game screen, whole


@pytest.mark.skipif(sys.platform != "linux", reason="session hosts are Linux's")
async def test_a_browser_session_is_a_gateway_session(web):
    """The app of a page is the SSH session's: no file-system features, the
    login's identity and name, this server's address."""
    async with client() as ann:
        await log_in(ann, web, name="  Ann\x1b\x07  Lee ")
        page = await Page.open(ann, web)
        await page.wait_for("Connected.")
        (session,) = web.sessions.values()
        env = session.env
        assert env["WHITECHAPEL_SSH"] == "1"
        assert re.fullmatch(r"session:[0-9a-f]{32}", env["WHITECHAPEL_IDENTITY"])
        assert env["WHITECHAPEL_PEER"] == "127.0.0.1"
        assert "as Ann Lee" in page.text()  # the name typed at the login, cleaned


def test_whitechapel_web_serves_a_login_and_stops_cleanly(tmp_path):
    """The command: a game server and the web port, a password printed, the
    login page served, SIGTERM a clean stop."""
    import os
    import signal
    import subprocess
    import urllib.request

    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "whitechapel", "web", "--port", "0", "--game-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        lines = []
        while not lines or "players open" not in lines[-1]:
            line = process.stdout.readline()
            assert line, lines
            lines.append(line)
        assert any(line.startswith("whitechapel: web password: ") for line in lines)
        url = re.search(r"players open (http://\S+)", lines[-1]).group(1)
        with urllib.request.urlopen(url, timeout=10) as page:
            assert 'type="password"' in page.read().decode()
        process.send_signal(signal.SIGTERM)
        rest, _ = process.communicate(timeout=20)
        assert process.returncode == 0 and "stopped cleanly" in rest
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


async def test_the_title_the_app_sets_is_found_even_split_between_reads():
    from whitechapel.gateway.limits import SessionLimits
    from whitechapel.web.session import BrowserSession

    session = BrowserSession(
        None,
        SessionLimits(),
        {},
        peer="127.0.0.1",
        grace=1,  # type: ignore[arg-type]
        ended=lambda s: None,
    )
    assert session._title(b"\x1b[2Jframe\x1b]2;Mr. Jack Pocket \xc2") is None
    assert session._title(b"\xb7 room K7QX\x07more") == "Mr. Jack Pocket · room K7QX"
    assert session._title(b"\x1b]2;a\x1b\x07evil\x07") is None  # not a title: an escape inside
    assert session._title(b"\x1b]2;x" + b"y" * 300) is None and session._carry == b""  # not kept
    assert session.title == "Mr. Jack Pocket · room K7QX"
