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
- at most 6 authentication attempts per connection, each failure logged
  (logger `whitechapel.gateway.ssh`) with the peer's address and answered
  only after a delay that grows with the address's recent failures
  (`net/penalties.py`); a right password is answered at once;
- no shell, commands, subsystems (SFTP), port forwarding, agent or X11
  forwarding: a session is the game or nothing, one session a connection;
- a session without a terminal is refused with a message;
- at most `per_address` connections from one address, and a login grace
  time.

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
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from whitechapel.core.names import clean_name
from whitechapel.core.store import atomic_write_text
from whitechapel.gateway.env import base_env, session_env
from whitechapel.gateway.hosts import ForkServer, HostPool
from whitechapel.gateway.limits import SessionLimits
from whitechapel.gateway.session import TerminalSession
from whitechapel.net.fields import MAX_NAME_SENT
from whitechapel.net.penalties import Penalties

log = logging.getLogger(__name__)  # whitechapel.gateway.ssh

MAX_AUTH_ATTEMPTS = 6  # OpenSSH's MaxAuthTries
LOGIN_TIMEOUT = 30.0  # seconds from connection to logged in


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


class _Server(asyncssh.SSHServer):
    """One per connection: authentication, its limits, the identity, the
    refusals, and its one session."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self.address = "?"
        self.conn: asyncssh.SSHServerConnection | None = None
        self.counted = False
        self.failures = 0
        self.held_until = 0.0  # the last failure's delay ends then: the address stays counted
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self.last_ok: str | None = None  # what the last accepted credential proves
        self.identity: str | None = None
        self.sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        counts = self.gateway.connections
        counts[self.address] += 1
        self.counted = True
        if counts[self.address] > self.gateway.per_address:
            log.warning("too many connections from %s: closed", self.address)
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.counted:
            return
        self.counted = False
        wait = self.held_until - time.monotonic()
        if wait > 0:  # hanging up does not buy a quicker next guess
            asyncio.get_running_loop().call_later(wait, self.gateway.uncount, self.address)
        else:
            self.gateway.uncount(self.address)

    def begin_auth(self, username: str) -> bool:
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
        self.gateway.penalties.succeeded(self.address)
        log.info("logged in from %s as %s", self.address, self.identity)

    # -- attempts and failures -----------------------------------------------------

    def _refuse_more(self) -> bool:
        """True, and the connection closed, once the attempts are spent."""
        if self.failures < MAX_AUTH_ATTEMPTS:
            return False
        if self.conn is not None:
            self.conn.disconnect(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many authentication failures"
            )
        return True

    def _failed(self, username: str, method: str) -> None:
        self.failures += 1
        log.warning(
            "authentication failure from %s: user %r, %s (attempt %d of %d)",
            self.address,
            username,
            method,
            self.failures,
            MAX_AUTH_ATTEMPTS,
        )
        if self.failures >= MAX_AUTH_ATTEMPTS:
            log.warning("too many authentication failures from %s: closed", self.address)

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
        the address's delay (`net/penalties.py`)."""
        if self._refuse_more():
            return False
        access = self.gateway.access
        if access.open:
            self.last_ok = None
            return True
        expected = access.password
        if expected is not None and secrets.compare_digest(password.encode(), expected.encode()):
            self.last_ok = None  # a shared password: a session identity
            return True
        self._failed(username, "password")
        delay = self.gateway.penalties.failed(self.address)
        self.held_until = max(self.held_until, time.monotonic() + delay)
        await asyncio.sleep(delay)
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
            self._failed(username, f"key {key.get_fingerprint('sha256')}")
            self._refuse_more()
            return False
        # Asked again with the signature; the last accepted is the one that won.
        self.last_ok = f"key:{key.get_fingerprint('sha256')}"
        return True

    # -- the one session -------------------------------------------------------------

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel, TerminalSession] | bool:
        limits = self.gateway.limits
        if self.sessions >= limits.sessions_per_connection or self.conn is None:
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
        )

    def _disconnect(self, why: str) -> None:
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, why)

    # No forwarding of any kind.
    def connection_requested(self, *args: object) -> bool:
        return False

    def server_requested(self, *args: object) -> bool:
        return False


class Gateway:
    """The SSH side of `whitechapel serve`: sessions into the game server at
    `game_host:game_port`, their apps in session hosts (`hosts`).

    `per_address` connections at once from one address; `limits` bound each
    session (`gateway/limits.py`); `penalties` slow password guessing, their
    cap kept so that a connection's 6 attempts fit in `login_timeout`."""

    def __init__(
        self,
        game_host: str,
        game_port: int,
        *,
        key_folder: Path,
        access: Access,
        per_address: int = 4,
        penalties: Penalties | None = None,
        login_timeout: float = LOGIN_TIMEOUT,
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
        self.per_address = per_address
        self.penalties = penalties or Penalties()
        fits = 0.8 * login_timeout / MAX_AUTH_ATTEMPTS  # every attempt inside the login time
        self.penalties.cap = min(self.penalties.cap, fits)
        self.penalties.first = min(self.penalties.first, self.penalties.cap)
        self.login_timeout = login_timeout
        self.limits = limits or SessionLimits()
        self.connections: Counter[str] = Counter()
        self.sessions: set[TerminalSession] = set()
        self.base_env = base_env(self.key_folder.parent)
        self.hosts = HostPool(ForkServer(sys.executable, self.base_env), min_hosts=min_hosts)
        self._server: asyncssh.SSHAcceptor | None = None

    @property
    def children(self) -> set[int]:
        """The sessions' apps now running (their numbers in their hosts)."""
        return {s.number for s in self.sessions if s.number is not None}

    def uncount(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

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
            session.disconnect("the server is shutting down")
        await self.hosts.close()
