"""The web gateway: `whitechapel web`.  A browser gets the lobby of a game
server, each page a player exactly like an SSH session.

Over HTTP it serves a login, the game page (textual-serve's terminal:
xterm.js in `textual.js`, and its font, served from here) and a websocket
per page.  Behind each websocket is a `BrowserSession` (`web/session.py`):
the SSH session's app (`gateway/sessionapp.py`) in a session host
(`gateway/hosts.py`), on a pseudo-terminal, under the SSH session's bounds.
textual-serve's own server is not used: it starts a process per websocket
(~40-70 MB each, where a session in a host costs ~4 MB) and checks nothing
a browser sends.

Safe by default:
- **every request's Host** must be this server's: an IP address, or a name
  it knows (`localhost`, the name it listens on, this machine's names when
  it listens on every address, and `--allow-host`): a page of another site
  whose name points here (DNS rebinding) is refused;
- **every websocket's, and the login's, Origin** must be the page's own;
- **a login** (a name, and the password unless `--open`) gives a cookie
  (HttpOnly, SameSite=Lax) holding a random token; a wrong password is
  answered after the address's delay (`net/penalties.py`), a right one at
  once; the login's identity is `session:<128 random bits>`, new at each
  login, as an SSH password session's;
- **sessions** are capped per address and in all (`WebLimits`), each one a
  login's (a second page of the same login takes the game over);
- **no file** other than the listed ones is served, and the page may load
  nothing from another origin (`web/pages.py`'s headers).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import socket
import sys
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import WSMsgType, web

from whitechapel.gateway.env import base_env, session_env
from whitechapel.gateway.hosts import ForkServer, HostPool
from whitechapel.gateway.limits import SessionLimits, WebLimits, first_size
from whitechapel.net.connection import TokenBucket
from whitechapel.net.fields import MAX_NAME_SENT
from whitechapel.net.penalties import Penalties
from whitechapel.web.pages import HEADERS, TYPES, game_page, login_page, static_files
from whitechapel.web.session import BrowserSession, say_and_close

log = logging.getLogger("whitechapel.web")

COOKIE = "whitechapel"
FULL = "whitechapel: the server is full: it holds {n} browser sessions, its most. Try again later."
FULL_FOR_YOU = (
    "whitechapel: {n} sessions from your address, its most: close one (its game "
    "ends {grace:g} s later), then try again."
)
NOT_STARTED = "whitechapel: the game could not start; try again later."
WRONG_PASSWORD = "Wrong password."
# Close codes the page knows (web.js): 1000 and 4000-4999 end the game;
# any other (a dropped connection) reloads the page, back into its game.
REFUSED = 4003
BAD_MESSAGE = 4004
FLOODING = 4005


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def host_names(host: str, allowed: Iterable[str] = ()) -> frozenset[str]:
    """The names a request's Host may give for a server listening on
    `host`: `localhost`, `host` itself when it is a name, this machine's
    names when it listens on every address, and `allowed`.  (Any IP address
    is accepted as well: an address cannot be made to point elsewhere.)"""
    names = {"localhost", *allowed}
    bare = host.strip("[]")
    if bare in ("", "0.0.0.0", "::", "*"):
        names |= {socket.gethostname(), socket.getfqdn()}
    elif not _is_ip(bare):
        names.add(bare)
    return frozenset(n.lower().rstrip(".") for n in names if n)


def host_allowed(header: str, names: frozenset[str]) -> bool:
    """Whether a Host header names this server (an IP address, or a name of
    `names`), with or without a port."""
    host = header.strip().lower()
    if host.startswith("["):  # an IPv6 address
        inside, _, rest = host[1:].partition("]")
        return _is_ip(inside) and (not rest or (rest[:1] == ":" and rest[1:].isdigit()))
    name, colon, port = host.partition(":")
    if colon and not port.isdigit():
        return False
    return bool(name) and (_is_ip(name) or name.rstrip(".") in names)


def origin_allowed(request: web.Request) -> bool:
    """Whether the request comes from a page of this server: its Origin is
    the scheme and the Host of the request (a browser always sends it on a
    websocket and a form's POST; another site's page cannot forge it)."""
    origin = request.headers.get("Origin", "").lower()
    host = request.headers.get("Host", "").lower()
    return bool(host) and origin in (f"http://{host}", f"https://{host}")


@dataclass
class Login:
    """A browser that logged in: its identity (new at each login) and name."""

    identity: str
    name: str
    address: str
    used: float


def _number(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


class Web:
    """The web gateway: browsers' sessions into the game server at
    `game_host:game_port`, their apps in session hosts (`hosts`).

    `password`: the login's (None with `open_access`); `names`: the host
    names a request may give (`host_names`); `limits` and `session_limits`
    bound what browsers may ask (`gateway/limits.py`)."""

    def __init__(
        self,
        game_host: str,
        game_port: int,
        *,
        data: Path,
        password: str | None,
        open_access: bool = False,
        names: frozenset[str] = frozenset({"localhost"}),
        limits: WebLimits | None = None,
        session_limits: SessionLimits | None = None,
        penalties: Penalties | None = None,
        min_hosts: int | None = None,
        game_password: str | None = None,
        gateway_secret: str | None = None,
    ) -> None:
        if password is None and not open_access:
            raise ValueError("a web gateway needs a password, or open_access")
        self.game_host, self.game_port = game_host, game_port
        self.password = None if open_access else password
        self.names = names
        self.limits = limits or WebLimits()
        self.session_limits = session_limits or SessionLimits()
        self.penalties = penalties or Penalties()
        self.game_password, self.gateway_secret = game_password, gateway_secret
        self.base_env = base_env(data)
        self.hosts = HostPool(ForkServer(sys.executable, self.base_env), min_hosts=min_hosts)
        self.logins: OrderedDict[str, Login] = OrderedDict()  # token -> login, least used first
        self.sessions: dict[str, BrowserSession] = {}  # token -> its session
        self.addresses: Counter[str] = Counter()  # sessions per address
        self.static = static_files()
        self._runner: web.AppRunner | None = None

    # -- serving -----------------------------------------------------------------------

    async def start(self, host: str, port: int) -> int:
        """Listen (once the fork server is ready); returns the port."""
        await self.hosts.start()
        app = web.Application(middlewares=[self._guard], client_max_size=self.limits.login_size)
        app.add_routes(
            [
                web.get("/", self.index),
                web.post("/login", self.login),
                web.get("/ws", self.websocket),
                web.get("/static/{name}", self.static_file),
            ]
        )
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=2.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, reuse_address=True)
        await site.start()
        return int(self._runner.addresses[0][1])

    async def close(self) -> None:
        for session in list(self.sessions.values()):
            if session.page is not None:
                await say_and_close(session.page, "whitechapel: the server is shutting down.", 1001)
        if self._runner is not None:
            await self._runner.cleanup()
        await self.hosts.close()

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Every request names this server in its Host; every answer carries
        the headers that keep the page to this origin."""
        if not host_allowed(request.headers.get("Host", ""), self.names):
            log.info(
                "a request from %s for the host %r: refused",
                request.remote,
                request.headers.get("Host", "")[:80],
            )
            response: web.StreamResponse = web.Response(
                status=421,
                text="whitechapel does not serve this host name: use the address "
                "(or a name given with --allow-host).\n",
            )
        else:
            try:
                response = await handler(request)
            except web.HTTPException as e:  # a refusal: answered as it is, with the headers
                e.headers.update(HEADERS)
                raise
        if not response.prepared:
            response.headers.update(HEADERS)
        return response

    async def static_file(self, request: web.Request) -> web.StreamResponse:
        path = self.static.get(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound(text="no such file\n")
        return web.FileResponse(
            path, headers={"Content-Type": TYPES[path.suffix], "Cache-Control": "max-age=3600"}
        )

    # -- logging in ---------------------------------------------------------------------

    def login_of(self, request: web.Request) -> tuple[str, Login] | None:
        token = request.cookies.get(COOKIE, "")
        login = self.logins.get(token)
        if login is None:
            return None
        if time.monotonic() - login.used > self.limits.login_idle:
            del self.logins[token]
            return None
        login.used = time.monotonic()
        self.logins.move_to_end(token)
        return token, login

    async def index(self, request: web.Request) -> web.Response:
        if self.login_of(request) is None:
            text = login_page(password=self.password is not None)
        else:
            text = game_page()
        return web.Response(
            text=text, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def login(self, request: web.Request) -> web.StreamResponse:
        """A name (and the password): a new login and its cookie, then the game page."""
        if not origin_allowed(request):
            log.warning(
                "a login from %s with the origin %r: refused",
                request.remote,
                request.headers.get("Origin", "")[:80],
            )
            raise web.HTTPForbidden(text="whitechapel: log in from its own page.\n")
        address = request.remote or "?"
        try:
            form = await request.post()
        except ValueError:  # too large, or not a form
            raise web.HTTPBadRequest(text="whitechapel: that is not its login form.\n") from None
        name = str(form.get("name", ""))[:MAX_NAME_SENT]
        if self.password is not None:
            given = str(form.get("password", ""))
            if not secrets.compare_digest(given.encode(), self.password.encode()):
                delay = self.penalties.failed(address)
                log.warning("a wrong web password from %s (name %r)", address, name[:40])
                await asyncio.sleep(delay)
                return web.Response(
                    status=403,
                    content_type="text/html",
                    text=login_page(password=True, problem=WRONG_PASSWORD, name=name[:24]),
                )
            self.penalties.succeeded(address)
        token = secrets.token_urlsafe(32)
        identity = f"session:{secrets.token_hex(16)}"
        self._remember(token, Login(identity, name, address, time.monotonic()))
        log.info("a browser logged in from %s as %s", address, identity)
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(
            COOKIE,
            token,
            httponly=True,
            samesite="Lax",
            path="/",
            secure=request.secure,
            max_age=int(self.limits.login_idle),
        )
        return response

    def _remember(self, token: str, login: Login) -> None:
        """Keep at most `logins` logins: past it, the least used one without
        a session is forgotten."""
        while len(self.logins) >= self.limits.logins:
            idle = next((t for t in self.logins if t not in self.sessions), None)
            if idle is None:
                break
            del self.logins[idle]
        self.logins[token] = login

    # -- a page's websocket ------------------------------------------------------------------

    def _refusal(self, address: str) -> str | None:
        limits = self.limits
        if self.addresses[address] >= limits.sessions_per_address:
            return FULL_FOR_YOU.format(n=limits.sessions_per_address, grace=limits.reconnect_grace)
        if len(self.sessions) >= limits.sessions:
            return FULL.format(n=limits.sessions)
        return None

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        if not origin_allowed(request):
            log.warning(
                "a websocket from %s with the origin %r: refused",
                request.remote,
                request.headers.get("Origin", "")[:80],
            )
            raise web.HTTPForbidden(text="whitechapel: play from its own page.\n")
        known = self.login_of(request)
        if known is None:
            raise web.HTTPForbidden(text="whitechapel: log in first.\n")
        token, login = known
        size = first_size(
            _number(request.query.get("width", "80"), -1),
            _number(request.query.get("height", "24"), -1),
        )
        if size is None or min(size) < 0:
            raise web.HTTPBadRequest(text="whitechapel cannot draw on a window of that size.\n")
        ws = web.WebSocketResponse(
            heartbeat=self.limits.heartbeat, max_msg_size=self.limits.message_size
        )
        await ws.prepare(request)
        session = self.sessions.get(token)
        fresh = session is None
        if session is None:
            address = request.remote or "?"
            refusal = self._refusal(address)
            if refusal is not None:
                log.warning("a browser session from %s refused: %s", address, refusal)
                await say_and_close(ws, refusal, REFUSED)
                return ws
            session = self._new_session(token, login, address)
            try:
                await session.start(size)
            except (OSError, RuntimeError, TimeoutError) as e:
                log.error("could not start the app for %s: %s", address, e)
                await say_and_close(ws, NOT_STARTED, REFUSED)
                return ws
        await session.attach(ws, size, repaint=not fresh)
        try:
            await self._read(ws, session)
        finally:
            session.detach(ws)
        return ws

    def _new_session(self, token: str, login: Login, address: str) -> BrowserSession:
        env = session_env(
            self.base_env,
            term="xterm-256color",
            colorterm="truecolor",
            identity=login.identity,
            peer=address,
            name=login.name,
            server=f"{self.game_host}:{self.game_port}",
            game_password=self.game_password,
            gateway_secret=self.gateway_secret,
        )

        def ended(session: BrowserSession) -> None:
            if self.sessions.get(token) is session:
                del self.sessions[token]
            self.addresses[address] -= 1
            if self.addresses[address] <= 0:
                del self.addresses[address]

        session = BrowserSession(
            self.hosts,
            self.session_limits,
            env,
            peer=address,
            grace=self.limits.reconnect_grace,
            ended=ended,
        )
        self.sessions[token] = session
        self.addresses[address] += 1
        return session

    async def _read(self, ws: web.WebSocketResponse, session: BrowserSession) -> None:
        """The page's messages, checked (what textual.js sends: `stdin`,
        `resize`, `ping`, `focus`, `blur`); anything else ends the page."""
        limits = self.session_limits
        requests = TokenBucket(limits.requests_rate, limits.requests_burst)
        peer = session.peer
        async for msg in ws:
            if session.finished:
                break
            problem = None
            envelope = None
            if msg.type != WSMsgType.TEXT:
                problem = "a message that is not text"
            else:
                with contextlib.suppress(ValueError):
                    envelope = json.loads(msg.data)
                if not (
                    isinstance(envelope, list)
                    and 1 <= len(envelope) <= 2
                    and isinstance(envelope[0], str)
                ):
                    problem = "a message that is not textual.js's"
            if problem is None and envelope is not None:
                kind, data = envelope[0], envelope[1] if len(envelope) == 2 else None
                if kind == "stdin" and isinstance(data, str):
                    await session.type(data.encode("utf-8", "replace"))
                    continue
                requests.charge(1)
                if requests.level() < 0:
                    log.warning("%s sent too many requests: its page is closed", peer)
                    await say_and_close(ws, "whitechapel: too many requests.", FLOODING)
                    return
                if kind == "resize" and isinstance(data, dict):
                    session.resize(data.get("width"), data.get("height"))
                elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
                    await ws.send_str(json.dumps(["pong", data]))
                elif kind not in ("focus", "blur"):  # the terminal itself reports focus
                    problem = f"a message {kind[:20]!r}"
            if problem is not None:
                log.warning("%s sent %s: its page is closed", peer, problem)
                await say_and_close(
                    ws, "whitechapel: the page sent what it should not.", BAD_MESSAGE
                )
                return
