"""The SSH gateway: `whitechapel serve --ssh 2222`.

A player runs `ssh -p 2222 NAME@HOST` and lands in the lobby of the same
Textual app as at home.  For every SSH session the gateway starts one app
(the app joined to the game server, as the display name NAME) on a
pseudo-terminal of its own in a session host (`gateway/hosts.py`,
`gateway/sessionhost.py`), and carries the bytes between the channel and
the pty (`gateway/session.py`, where everything a client may ask of a
session is checked and bounded: `gateway/limits.py`).

Secure by default:
- the host key is generated once (ed25519) and kept in the data folder,
  so players never see it change;
- an access password is generated and printed at start, unless
  `--password`, `--authorized-keys FILE` or (asked for explicitly) `--open`;
- every connection passes the SSH door (`net/admission.py`): pending
  until logged in (a few per address and in all, like OpenSSH's
  MaxStartups; the rest closed at once), `HANDSHAKE_TIMEOUT` to begin
  authenticating and the door's `pending_timeout` to log in; a login
  charges its address's login rate; a logged-in connection is live (a few
  per address, `live` in all); a refused login is told why;
- at most 6 authentication attempts per connection; password checks go
  one at a time per address (`Checks`), a wrong one answered only after a
  delay that grows with the address's recent failures (`net/penalties.py`),
  a right one at once; failures logged (logger `whitechapel.gateway.ssh`)
  as one line per address a minute;
- every connection closed is logged with why, one line with its address
  (`CloseLog`: a few lines an address and a few dozen in all a minute,
  the rest counted);
- no shell, commands, subsystems (SFTP), port forwarding, agent or X11
  forwarding: a session is the game or nothing, one session a connection;
  the one command taken is an invite's `join CODE` (`ssh -t -p PORT HOST
  join CODE`: the lobby opens in that room), checked in `gateway/session.py`;
- a session without a terminal is refused with a message.

Who a session is: the gateway hands the app an identity in the environment
(`WHITECHAPEL_IDENTITY`): `key:SHA256:...`, the fingerprint of the public
key the client logged in with (under `--open` or `--authorized-keys`), or
else `session:<128 random bits, hex>` (a shared password says nothing about
who typed it).  See `session_env` for all the variables.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from whitechapel.core.names import clean_name
from whitechapel.core.store import atomic_write_text
from whitechapel.gateway.env import base_env, session_env
from whitechapel.gateway.hosts import ForkServer, HostPool
from whitechapel.gateway.limits import SessionLimits
from whitechapel.gateway.session import CLIENT_LEFT, TerminalSession
from whitechapel.net import admission
from whitechapel.net.admission import (
    AddressWindows,
    Checks,
    Door,
    DoorLimits,
    FailureLog,
    Ticket,
    address_key,
)
from whitechapel.net.fields import MAX_NAME_SENT
from whitechapel.net.penalties import Penalties

log = logging.getLogger(__name__)  # whitechapel.gateway.ssh

MAX_AUTH_ATTEMPTS = 6  # OpenSSH's MaxAuthTries
HANDSHAKE_TIMEOUT = 10.0  # seconds from connection to its first authentication request
SLOW_HANDSHAKE = "the handshake took too long"
SHUTTING_DOWN = "the server is shutting down"


@dataclass
class Access:
    """Who may come in: a password, authorized keys, or anyone (`open`)."""

    password: str | None = None
    authorized_keys: Path | None = None
    open: bool = False

    def describe(self) -> str:
        if self.open:
            return "open to anyone (no password)"
        ways = []
        if self.password is not None:
            ways.append("password")
        if self.authorized_keys is not None:
            ways.append(f"keys in {self.authorized_keys}")
        return " or ".join(ways)


def display_name(user: str) -> str:
    """The SSH user name as a display name (`core/names.py`: no control or
    other invisible characters, spaces made plain, at most 24 characters),
    "player" when nothing is left.  The user name is any text the client
    sends: it is never a command's argument, and never proves anything."""
    return clean_name(user[:MAX_NAME_SENT])[0] or "player"


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key, made once and kept (0600) in `folder`."""
    path = folder / "ssh_host_ed25519_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, key.export_private_key().decode())
    os.chmod(path, 0o600)
    return key


class RefusalLog:
    """Connections refused at the door, logged as one line per reason a
    minute: the first at once with its address, the rest of the minute as
    a count when it ends (a thousand refusals are two lines, not a thousand)."""

    def __init__(self, window: float = 60.0) -> None:
        self.window = window
        self.more: dict[str, int] = {}  # reason -> refusals since its first line

    def refused(self, address: str, why: str) -> None:
        if why in self.more:
            self.more[why] += 1
            return
        self.more[why] = 0
        log.warning("refused a connection from %s: %s", address, why)
        asyncio.get_running_loop().call_later(self.window, self._due, why)

    def _due(self, why: str) -> None:
        more = self.more.pop(why, 0)
        if more:
            log.warning("refused %d more connections in the minute after: %s", more, why)


# Why a connection was closed, in the close log's words, for the refusals
# that are sentences to the client (each already has its own log line).
CLOSE_WORDS = {
    Door.FULL: "refused: the server is full",
    Door.BUSY: "refused: too many connections starting",
    Door.FULL_FOR_YOU: "refused: too many connections from this address",
    Door.CHURN: "refused: too many logins from this address",
    Checks.BUSY: "refused: too many password checks at once",
    SLOW_HANDSHAKE: "timeout: no login begun",
    "too many authentication failures": "login failed: too many attempts",
    "too many requests": "refused: too many channel requests",
    "your terminal took no output": "timeout: the terminal took no output",
}
CLIENT_CLOSED = CLIENT_LEFT
MAX_WHY = 120  # characters of a reason kept in the log


class CloseLog:
    """Why each connection was closed, a line each with its address (tester
    RC, Pocket round 28: two logins dropped after the password, nothing in
    the log).  Bounded: at most `per_address` lines an address and
    `overall` in all each `window` seconds, the rest counted and summed up
    when the window ends (or at the next close after it); the addresses'
    windows are `net/admission.py`'s `AddressWindows`, as its `FailureLog`'s."""

    def __init__(
        self,
        *,
        window: float = 60.0,
        per_address: int = 5,
        overall: int = 60,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.window, self.per_address, self.overall = window, per_address, overall
        self.clock = clock
        self.windows = AddressWindows(
            self._sum_up, window=window, clock=clock, on_due=self._overall_due
        )
        self.started = float("-inf")  # the window of `overall`
        self.lines = 0
        self.skipped = 0  # past `overall`, this window

    def closed(self, address: str, why: str, level: int = logging.INFO) -> None:
        now = self.clock()
        if now - self.started >= self.window:
            self._sum_up_all()
            self.started, self.lines = now, 0
        entry = self.windows.entry(address)
        if entry[1] >= self.per_address:
            entry[2] += 1
            return
        if self.lines >= self.overall:
            self.skipped += 1
            return
        entry[1] += 1
        self.lines += 1
        log.log(level, "closed the connection from %s: %s", address, why[:MAX_WHY])

    def _overall_due(self) -> None:
        if self.clock() - self.started >= self.window:
            self._sum_up_all()

    def _sum_up(self, address: str, more: int) -> None:
        log.warning("closed %d more connections from %s in that minute", more, address)

    def _sum_up_all(self) -> None:
        if self.skipped:
            log.warning(
                "closed %d more connections in that minute (not logged one by one)", self.skipped
            )
            self.skipped = 0


class _Server(asyncssh.SSHServer):
    """One per connection: its ticket at the door, authentication and its
    limits, the identity, the refusals, and its one session."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self.address = "?"
        self.conn: asyncssh.SSHServerConnection | None = None
        self.ticket: Ticket | None = None  # held from connection to connection lost
        self.deadline: asyncio.TimerHandle | None = None  # to begin authenticating
        self.checks: set[asyncio.Future[bool | None]] = set()  # its password checks under way
        self.attempts = 0  # passwords checked and keys refused
        self.spent = False  # closed for too many failures
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self.last_ok: str | None = None  # what the last accepted credential proves
        self.identity: str | None = None
        self.sessions = 0
        self.session: TerminalSession | None = None
        self.why: str | None = None  # why the gateway closed it (the close log's words)
        self.warn = False  # its close is logged as a warning
        self.logged_close = False

    # -- the door ------------------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        entered = self.gateway.door.enter(self.address)
        if isinstance(entered, str):  # too many starting: closed before a byte is sent
            self.gateway.refusals.refused(self.address, entered)
            self._closing(entered)
            self._log_close(None)
            conn.abort()
            return
        self.ticket = entered
        self.gateway.connections.add(self)
        loop = asyncio.get_running_loop()
        self.deadline = loop.call_later(self.gateway.handshake_timeout, self._handshake_overdue)

    def _handshake_overdue(self) -> None:
        self.deadline = None
        self.gateway.refusals.refused(self.address, SLOW_HANDSHAKE)
        self._close(asyncssh.DISC_BY_APPLICATION, SLOW_HANDSHAKE)

    def connection_lost(self, exc: Exception | None) -> None:
        self._log_close(exc)
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        ticket, self.ticket = self.ticket, None
        if ticket is None:
            return
        self.gateway.connections.discard(self)
        waiting = [check for check in self.checks if not check.done()]
        if waiting:  # its guesses are not all answered: hanging up buys no quicker next guess
            together = asyncio.gather(*waiting, return_exceptions=True)
            together.add_done_callback(lambda _: ticket.leave())
        else:
            ticket.leave()

    def begin_auth(self, username: str) -> bool:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        keys = self.gateway.access.authorized_keys
        if keys is not None:
            try:  # read afresh: an edited file counts from the next login
                self.authorized = asyncssh.read_authorized_keys(str(keys))
            except (OSError, ValueError) as e:
                log.error("cannot read the authorized keys %s: %s", keys, e)
                self.authorized = None
        return True  # even when open: a client's key, if it has one, is its identity

    def auth_completed(self) -> None:
        self.identity = self.last_ok or f"session:{secrets.token_hex(16)}"
        self.gateway.penalties.succeeded(address_key(self.address))
        refusal = self._admit()
        if refusal is not None:
            self.gateway.refusals.refused(self.address, refusal)
            self._close(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        log.info("logged in from %s as %s", self.address, self.identity)

    def _admit(self) -> str | None:
        """Logged in: charge the address's login rate and go live; the
        refusal the client is told, if either says no."""
        if self.ticket is None:
            return "the connection is closed"
        return self.gateway.door.login(self.address) or self.ticket.admit()

    def _close(self, code: int, why: str) -> None:
        self._closing(why)
        if self.conn is not None:
            self.conn.disconnect(code, why)

    def _closing(self, why: str, warn: bool = True) -> None:
        """The gateway closes the connection: why, said once in the close log."""
        if self.why is None:
            self.why, self.warn = CLOSE_WORDS.get(why, why), warn and why != SHUTTING_DOWN

    def _why_closed(self, exc: Exception | None) -> tuple[str, bool]:
        """Why the connection ended, and whether that is worth a warning."""
        if self.why is not None:
            return self.why, self.warn
        if self.session is not None and self.session.why is not None:
            return self.session.why, self.session.warn
        if _client_gone(exc):
            exc = None
        if self.identity is None:  # never logged in
            if exc is not None:
                return _error_words(exc), True
            if self.attempts:
                tries = "attempt" if self.attempts == 1 else "attempts"
                return f"login failed ({self.attempts} {tries}), then {CLIENT_CLOSED}", True
            return f"before logging in, {CLIENT_CLOSED}", False
        if exc is not None:
            return _error_words(exc), True
        if self.session is not None and self.session.gone.done():
            return CLIENT_CLOSED, False
        return f"no session, {CLIENT_CLOSED}" if self.session is None else CLIENT_CLOSED, False

    def _log_close(self, exc: Exception | None) -> None:
        if self.logged_close:
            return
        self.logged_close = True
        why, warn = self._why_closed(exc)
        self.gateway.closes.closed(self.address, why, logging.WARNING if warn else logging.INFO)

    # -- attempts and failures -----------------------------------------------------

    def _refuse_more(self) -> bool:
        """True, and the connection closed (once, logged), once the attempts are spent."""
        if self.attempts < MAX_AUTH_ATTEMPTS:
            return False
        if not self.spent:
            self.spent = True
            log.warning("too many authentication failures from %s: closed", self.address)
            self._close(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many authentication failures"
            )
        return True

    # -- passwords (and keyboard-interactive, which asks for the password) ----------

    def password_auth_supported(self) -> bool:
        access = self.gateway.access
        return access.password is not None or access.open

    def kbdint_auth_supported(self) -> bool:
        # Open: keyboard-interactive with no questions lets a client without
        # keys in (OpenSSH tries it before asking for a password).
        return True if self.gateway.access.open else NotImplemented

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.last_ok = None
        return self.gateway.access.open

    async def validate_password(self, username: str, password: str) -> bool:
        """A right password gets in at once; a wrong one is answered after
        the address's delay, checks from one address taking turns (`Checks`)."""
        if self._refuse_more():
            return False
        access = self.gateway.access
        if access.open:
            self.last_ok = None
            return True
        expected = access.password

        def right() -> bool:
            return expected is not None and secrets.compare_digest(
                password.encode(), expected.encode()
            )

        self.attempts += 1
        check = asyncio.ensure_future(
            self.gateway.checks.check(self.address, right, f" (user {username[:40]!r})")
        )
        self.checks.add(check)
        check.add_done_callback(self.checks.discard)
        result = await asyncio.shield(check)  # a hang-up leaves the check to finish its delay
        if result is None:
            self.gateway.refusals.refused(self.address, Checks.BUSY)
            self._close(asyncssh.DISC_TOO_MANY_CONNECTIONS, Checks.BUSY)
            return False
        if result:
            self.last_ok = None  # a shared password: a session identity
            return True
        self._refuse_more()
        return False

    # -- public keys ---------------------------------------------------------------

    def public_key_auth_supported(self) -> bool:
        access = self.gateway.access
        return access.open or access.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Refused keys count as attempts but add no delay (a key is not guessed)."""
        if self._refuse_more():
            return False
        ok = self.gateway.access.open or (
            self.authorized is not None
            and self.authorized.validate(key, self.address, self.address) is not None
        )
        if not ok:
            fingerprint = key.get_fingerprint("sha256")
            self.gateway.key_failures.failed(
                self.address, f" (user {username[:40]!r}, {fingerprint})"
            )
            self.attempts += 1
            self._refuse_more()
            return False
        # Asked again with the signature; the last accepted is the one that won.
        self.last_ok = f"key:{key.get_fingerprint('sha256')}"
        return True

    # -- the one session -------------------------------------------------------------

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel, TerminalSession] | bool:
        limits = self.gateway.limits
        if self.conn is None or self.ticket is None or not self.ticket.live:
            return False
        if self.sessions >= limits.sessions_per_connection:
            log.warning("%s asked for a second session on one connection: refused", self.address)
            return False
        self.sessions += 1
        conn = self.conn
        chan = conn.create_server_channel(encoding=None)
        session = TerminalSession(
            self.gateway.hosts,
            limits,
            peer=self.address,
            env_for=self._env,
            disconnect=self._disconnect,
            finished=self.gateway.sessions.discard,
        )
        self.gateway.sessions.add(session)
        self.session = session
        return chan, session

    def _env(self, term: str, colorterm: str | None) -> dict[str, str]:
        assert self.conn is not None
        gateway = self.gateway
        return session_env(
            gateway.base_env,
            term=term,
            colorterm=colorterm,
            identity=self.identity or f"session:{secrets.token_hex(16)}",
            peer=self.address,
            name=display_name(self.conn.get_extra_info("username") or ""),
            server=f"{gateway.game_host}:{gateway.game_port}",
            game_password=gateway.game_password,
            gateway_secret=gateway.gateway_secret,
            invite=self._invite(),
        )

    def _invite(self) -> str | None:
        """How a friend reaches this gateway: `ssh -t -p PORT NAME@HOST`, with
        the address and port this connection reached (the gateway may listen
        on every address: this one is known to work from outside, NAT
        aside); NAME, as in the README's `ssh -p 2222 NAME@HOST`, is the name
        the friend plays under (tester RJ, Pocket round 32: "the invite line
        has no NAME@")."""
        assert self.conn is not None
        local = self.conn.get_extra_info("sockname")
        if not local:
            return None
        host, port = str(local[0]), int(local[1])
        host = host.removeprefix("::ffff:")  # an IPv4 client on a dual-stack socket
        return f"ssh -t -p {port} NAME@{host}"

    def _disconnect(self, why: str) -> None:
        self._close(asyncssh.DISC_BY_APPLICATION, why)

    # No forwarding of any kind.
    def connection_requested(self, *args: object) -> bool:
        return False

    def server_requested(self, *args: object) -> bool:
        return False


LOGIN_TIMEOUT = "Login timeout expired"  # asyncssh's reason


def _client_gone(exc: Exception | None) -> bool:
    """Does `exc` (asyncssh's, at a connection's end) say only that the
    client went: its socket closed, or it said goodbye?"""
    if isinstance(exc, ConnectionError):
        return True
    if isinstance(exc, asyncssh.ConnectionLost):
        return exc.reason != LOGIN_TIMEOUT
    return isinstance(exc, asyncssh.DisconnectError) and exc.code == asyncssh.DISC_BY_APPLICATION


def _error_words(exc: Exception) -> str:
    """A connection's end by error, in a few words: asyncssh's reason,
    else the error's."""
    reason = getattr(exc, "reason", None)
    if reason == LOGIN_TIMEOUT:
        return "timeout: no login in time"
    text = str(reason) if reason else str(exc) or type(exc).__name__
    return f"error: {text}"


class Gateway:
    """The SSH side of `whitechapel serve`: sessions into the game server at
    `game_host:game_port`, their apps in session hosts (`hosts`).

    `door` counts the connections, pending and live, and the logins
    (`net/admission.py`, the default `admission.SSH`); its `pending_timeout`
    is the login time.  `limits` bound each session (`gateway/limits.py`);
    `penalties` slow password guessing, their cap kept so that a
    connection's 6 attempts fit in the login time; at most `checks_waiting`
    password checks queue from one address."""

    def __init__(
        self,
        game_host: str,
        game_port: int,
        *,
        key_folder: Path,
        access: Access,
        door: DoorLimits | None = None,
        penalties: Penalties | None = None,
        checks_waiting: int = 8,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        limits: SessionLimits | None = None,
        min_hosts: int | None = None,
        game_password: str | None = None,
        gateway_secret: str | None = None,
    ) -> None:
        self.game_host, self.game_port = game_host, game_port
        self.game_password = game_password  # the game server's, given to each app
        self.gateway_secret = gateway_secret  # proves the apps to a game server elsewhere
        self.key_folder = key_folder
        self.access = access
        self.door = Door(door or admission.SSH)
        self.login_timeout = self.door.limits.pending_timeout
        self.handshake_timeout = min(handshake_timeout, self.login_timeout)
        self.penalties = penalties or Penalties()
        fits = 0.8 * self.login_timeout / MAX_AUTH_ATTEMPTS  # every attempt inside the login time
        self.penalties.cap = min(self.penalties.cap, fits)
        self.penalties.first = min(self.penalties.first, self.penalties.cap)
        self.checks = Checks(
            FailureLog(log, "SSH password"), self.penalties, waiting=checks_waiting
        )
        self.key_failures = FailureLog(log, "SSH key")
        self.refusals = RefusalLog()
        self.closes = CloseLog()
        self.limits = limits or SessionLimits()
        self.connections: set[_Server] = set()  # open, past the door
        self.sessions: set[TerminalSession] = set()
        self.base_env = base_env(self.key_folder.parent)
        self.hosts = HostPool(ForkServer(sys.executable, self.base_env), min_hosts=min_hosts)
        self._server: asyncssh.SSHAcceptor | None = None

    @property
    def children(self) -> set[int]:
        """The sessions' apps now running (their numbers in their hosts)."""
        return {s.number for s in self.sessions if s.number is not None}

    async def start(self, host: str, port: int) -> int:
        """Listen (once the fork server is ready); returns the port (useful
        with port 0)."""
        await self.hosts.start()
        self._server = await asyncssh.create_server(
            lambda: _Server(self),
            host,
            port,
            server_host_keys=[host_key(self.key_folder)],
            encoding=None,
            line_editor=False,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=self.login_timeout,
        )
        return self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for session in list(self.sessions):
            session.shut_down(SHUTTING_DOWN)
        await self.hosts.close()
