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
- **every connection** is admitted at the web door (`web/gate.py`,
  `net/admission.py`): so many at once per address and in all, each with a
  deadline for its request;
- **a login** (a name, and the password unless `--open`) gives a cookie
  (HttpOnly, SameSite=Lax, Secure over HTTPS) holding a random token; the
  password is checked one at a time per address (`Checks`): a wrong one is
  answered after the address's delay (`net/penalties.py`), a right one at
  once, whatever another address is doing; logins a minute per address are
  bounded; the login's identity is `session:<128 random bits>`, new at each
  login, as an SSH password session's;
- **sessions** are capped per address and in all (the door's live tickets),
  each one a login's (a second page of the same login takes the game over);
- **behind a reverse proxy** (`trusted_proxies`), the client's address,
  scheme and Host come from the proxy's headers (`web/proxy.py`), and every
  rule per address counts the client's;
- **no file** other than the listed ones is served, and the page may load
  nothing from another origin (`web/pages.py`'s headers).
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import secrets
import socket
import sys
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from aiohttp import WSMsgType, web

from whitechapel.gateway.env import base_env, session_env
from whitechapel.gateway.hosts import ForkServer, HostPool
from whitechapel.gateway.limits import SessionLimits, WebLimits, first_size
from whitechapel.net import admission
from whitechapel.net.admission import Checks, Door, DoorLimits, FailureLog, Ticket
from whitechapel.net.connection import TokenBucket
from whitechapel.net.fields import MAX_NAME_SENT
from whitechapel.net.penalties import Penalties
from whitechapel.web.gate import (
    SERVER,
    Answered,
    Front,
    Gate,
    GatedSite,
    ServerLog,
    Summary,
    name_no_software,
    raise_file_limit,
)
from whitechapel.web.pages import HEADERS, TYPES, game_page, login_page, static_files
from whitechapel.web.proxy import Client, Proxies
from whitechapel.web.session import BrowserSession, say_and_close, unsent

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


def origin_allowed(request: web.Request, host: str | None = None) -> bool:
    """Whether the request comes from a page of this server: its Origin is
    the scheme and the Host of the request (`host`: the Host a trusted
    proxy says the browser asked for), which a browser always sends on a
    websocket and a form's POST, and another site's page cannot forge."""
    origin = request.headers.get("Origin", "").lower()
    host = (request.headers.get("Host", "") if host is None else host).lower()
    return bool(host) and origin in (f"http://{host}", f"https://{host}")


def sentence(refusal: str) -> str:
    """A door's refusal ("too many logins from your address: ...") as the
    login page shows it."""
    return f"{refusal[:1].upper()}{refusal[1:]}."


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
    names a request may give (`host_names`); `door` counts connections and
    sessions, per address and in all (`net/admission.py`, default
    `admission.WEB`); `limits` and `session_limits` bound what browsers may
    ask (`gateway/limits.py`); `penalties` and `checks_waiting` the password
    checks per address; `trusted_proxies` the reverse proxies whose
    forwarding headers are believed (`web/proxy.py`)."""

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
        door: DoorLimits | None = None,
        trusted_proxies: Sequence[str] = (),
        checks_waiting: int = 8,
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
        self.proxies = Proxies(trusted_proxies)
        self.door = Door(door or admission.WEB, exempt=self.proxies.exempt)
        self.checks = Checks(
            FailureLog(log, "web password"), self.penalties, waiting=checks_waiting
        )
        self.game_password, self.gateway_secret = game_password, gateway_secret
        self.base_env = base_env(data)
        self.hosts = HostPool(ForkServer(sys.executable, self.base_env), min_hosts=min_hosts)
        self.logins: OrderedDict[str, Login] = OrderedDict()  # token -> login, least used first
        self.sessions: dict[str, BrowserSession] = {}  # token -> its session
        self.static = static_files()
        self.refusals = Summary("browser sessions refused")
        self.proxy_problems = Summary("a trusted proxy's forwarding headers", logging.INFO)
        self._runner: web.AppRunner | None = None
        self._front: Front | None = None
        self._server_log = ServerLog()  # aiohttp's, its garbage summed

    # -- serving -----------------------------------------------------------------------

    async def start(self, host: str, port: int) -> int:
        """Listen (once the fork server is ready); returns the port."""
        raise_file_limit()
        name_no_software()
        await self.hosts.start()
        app = web.Application(middlewares=[self._guard], client_max_size=self.limits.login_size)
        app.on_response_prepare.append(self._headers)
        app.add_routes(
            [
                web.get("/", self.index),
                web.post("/login", self.login),
                web.get("/ws", self.websocket),
                web.get("/static/{name}", self.static_file),
            ]
        )
        self._runner = web.AppRunner(
            app,
            access_log=logging.getLogger("whitechapel.web.answers"),
            access_log_class=Answered,
            logger=self._server_log,
            handle_signals=False,
            shutdown_timeout=2.0,
        )
        await self._runner.setup()
        assert self._runner.server is not None
        self._front = Front(self.door, self._runner.server)
        site = GatedSite(self._runner, host, port, self._front)
        await site.start()
        return int(self._runner.addresses[0][1])

    async def close(self) -> None:
        for session in list(self.sessions.values()):
            if session.page is not None:
                await say_and_close(session.page, "whitechapel: the server is shutting down.", 1001)
        if self._runner is not None:
            await self._runner.cleanup()
        await self.hosts.close()
        for summary in (self.refusals, self.proxy_problems, self._server_log.garbage):
            summary.close()
        if self._front is not None:
            self._front.close()

    def client(self, request: web.Request) -> Client:
        """Who `request` comes from: its peer, or the client a trusted
        proxy forwards."""
        peer = request.remote or "?"
        if not self.proxies:
            return Client(peer)
        client = self.proxies.client(peer, request.headers)
        if client.problem is not None:
            self.proxy_problems.note(f"from {peer}: {client.problem}; the proxy's address is used")
        return client

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Every request names this server in its Host, and is answered in time."""
        gate = Gate.of(request)
        if gate is not None:
            gate.reading()
        client = self.client(request)
        host = request.headers.get("Host", "") if client.host is None else client.host
        if not host_allowed(host, self.names):
            log.info("a request from %s for the host %r: refused", client.address, host[:80])
            response: web.StreamResponse = web.Response(
                status=421,
                text="whitechapel does not serve this host name: use the address "
                "(or a name given with --allow-host).\n",
            )
        else:
            try:
                response = await handler(request)
            except web.HTTPException:
                if gate is not None:
                    gate.answering()
                raise
            except ConnectionError:  # the client left mid-request: nobody to answer
                response = web.Response(status=400)
        if gate is not None:
            gate.answering()
        return response

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """Every answer (pages, files, refusals, a websocket's) carries the
        headers that keep the page to this origin, and names no software."""
        response.headers.update(HEADERS)
        response.headers["Server"] = SERVER

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

    def _login_page(self, status: int, problem: str, name: str) -> web.Response:
        return web.Response(
            status=status,
            content_type="text/html",
            text=login_page(password=self.password is not None, problem=problem, name=name[:24]),
        )

    async def login(self, request: web.Request) -> web.StreamResponse:
        """A name (and the password): a new login and its cookie, then the game page."""
        client = self.client(request)
        address = client.address
        if not origin_allowed(request, client.host):
            log.warning(
                "a login from %s with the origin %r: refused",
                address,
                request.headers.get("Origin", "")[:80],
            )
            raise web.HTTPForbidden(text="whitechapel: log in from its own page.\n")
        try:
            form = await request.post()
        except ValueError:  # too large, or not a form
            raise web.HTTPBadRequest(text="whitechapel: that is not its login form.\n") from None
        name = str(form.get("name", ""))[:MAX_NAME_SENT]
        if self.password is not None:
            given = str(form.get("password", "")).encode()
            password = self.password.encode()
            gate = Gate.of(request)
            if gate is not None:
                gate.hold()  # its turn, then its delay: bounded by the checks
            right = await self.checks.check(
                address, lambda: secrets.compare_digest(given, password), f" (name {name[:40]!r})"
            )
            if right is None:
                return self._login_page(429, sentence(Checks.BUSY), name)
            if not right:
                return self._login_page(403, WRONG_PASSWORD, name)
        refusal = self.door.login(address)
        if refusal is not None:
            return self._login_page(429, sentence(refusal), name)
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
            secure=request.secure or client.secure,
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

    def _admit(self, address: str) -> Ticket | str:
        """A new session from `address`: its live ticket (a login charged
        to the address), or the sentence the page is shown."""
        entry = self.door.enter_live(address)
        if isinstance(entry, str):
            limits = self.door.limits
            if entry == Door.FULL_FOR_YOU:
                return FULL_FOR_YOU.format(
                    n=limits.live_per_address, grace=self.limits.reconnect_grace
                )
            return FULL.format(n=limits.live)
        refusal = self.door.login(address)
        if refusal is not None:
            entry.leave()
            return f"whitechapel: {refusal}."
        return entry

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        client = self.client(request)
        if not origin_allowed(request, client.host):
            log.warning(
                "a websocket from %s with the origin %r: refused",
                client.address,
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
        gate = Gate.of(request)
        if gate is not None:
            gate.hold()  # a websocket: the session's bounds from here
        session = self.sessions.get(token)
        fresh = session is None
        if session is None:
            address = client.address
            entry = self._admit(address)
            if isinstance(entry, str):
                self.refusals.note(f"{address}: {entry}")
                await say_and_close(ws, entry, REFUSED)
                return ws
            session = self._new_session(token, login, address, entry)
            try:
                await session.start(size)
            except (OSError, RuntimeError, TimeoutError) as e:
                log.error("could not start the app for %s: %s", address, e)
                await say_and_close(ws, NOT_STARTED, REFUSED)
                return ws
        if gate is not None:
            gate.live()
        await session.attach(ws, size, repaint=not fresh, backlog=lambda: unsent(request.transport))
        try:
            await self._read(ws, session)
        except ConnectionError:  # the page went away while it was answered
            pass
        finally:
            session.detach(ws)
        return ws

    def _new_session(
        self, token: str, login: Login, address: str, ticket: Ticket
    ) -> BrowserSession:
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
            ticket.leave()

        session = BrowserSession(
            self.hosts,
            self.session_limits,
            env,
            peer=address,
            grace=self.limits.reconnect_grace,
            ended=ended,
        )
        self.sessions[token] = session
        return session

    async def _read(self, ws: web.WebSocketResponse, session: BrowserSession) -> None:
        """The page's messages, checked (what textual.js sends: `stdin`,
        `resize`, `ping`, `focus`, `blur`); anything else ends the page."""
        limits = self.session_limits
        requests = TokenBucket(limits.requests_rate, limits.requests_burst)
        peer = session.peer
        async for msg in ws:
            if not session.flowing.is_set():  # its output waits: so does its input
                await session.flowing.wait()
            if session.finished:
                break
            if session.page is not ws:  # detached or taken over: closed with a code of its own
                continue
            problem = None
            envelope = None
            if msg.type == WSMsgType.ERROR:  # its connection failed (no answer to a ping)
                log.info("the page of %s stopped answering: %s", peer, ws.exception())
                return
            if msg.type != WSMsgType.TEXT:
                problem = "a message that is not text"
            else:
                with contextlib.suppress(ValueError, RecursionError):  # nested past the stack
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
