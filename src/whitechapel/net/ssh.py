"""The SSH gateway: `whitechapel serve --ssh 2222`.

A player runs `ssh -p 2222 NAME@HOST` and lands in the lobby of the same
Textual app as at home: for every SSH session the gateway starts one app
(the app joined to the game server, as the display name NAME) on a
pseudo-terminal of its own, pumps the bytes between the channel and the
pty, follows window changes (asyncssh sets the pty's size), and ends the
app when the connection drops.  The apps run in session hosts, several to
a process (`net/sessionhost.py`), forked from a pre-started fork server
(`net/forkserver.py`); `launcher="fork"` forks an app process per session
and `launcher="spawn"` starts a fresh interpreter per session instead.

Secure by default:
- the host key is generated once (ed25519) and kept in the data folder,
  so players never see it change;
- an access password is generated and printed at start, unless
  `--password`, `--authorized-keys FILE` or (asked for explicitly) `--open`;
- at most 6 authentication attempts per connection, each failure logged
  (logger `whitechapel.net.ssh`) with the peer's address, and a delay
  before every password check from an address that failed lately (0.5 s
  doubling to 8 s);
- no shell, no commands, no subsystems (SFTP), no port forwarding, no agent
  or X11 forwarding: a session is the game or nothing;
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
import contextlib
import logging
import os
import pty
import secrets
import sys
import termios
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from whitechapel.core.store import atomic_write_text
from whitechapel.net.launch import ForkServer, HostPool, Spawner

log = logging.getLogger(__name__)  # whitechapel.net.ssh

LAUNCHERS = ("host", "fork", "spawn")
NO_TERMINAL = "whitechapel needs a terminal: connect with 'ssh -t' (or without a command).\r\n"
NO_COMMANDS = "whitechapel runs no commands here: connect without one to play.\r\n"
MAX_AUTH_ATTEMPTS = 6  # OpenSSH's MaxAuthTries
MAX_NAME = 24
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


@dataclass
class Penalties:
    """The delay, per address, before a password is checked: none at first;
    after a failure `first` seconds, doubling with each further failure up
    to `cap`.  A success forgets the address; so does time, one failure
    every `forget` seconds without a new one."""

    first: float = 0.5
    cap: float = 8.0
    forget: float = 60.0
    clock: Callable[[], float] = time.monotonic
    failures: dict[str, tuple[int, float]] = field(default_factory=dict)  # address -> (n, when)
    limit: int = 10_000  # addresses remembered at most

    def count(self, address: str) -> int:
        n, when = self.failures.get(address, (0, 0.0))
        return max(0, n - int((self.clock() - when) // self.forget)) if n else 0

    def delay(self, address: str) -> float:
        n = self.count(address)
        return 0.0 if n == 0 else min(self.cap, self.first * 2 ** (n - 1))

    def failed(self, address: str) -> None:
        if len(self.failures) >= self.limit:  # forget the forgotten first, then the oldest
            for key in [a for a in self.failures if self.count(a) == 0] or [
                min(self.failures, key=lambda a: self.failures[a][1])
            ]:
                del self.failures[key]
        self.failures[address] = (self.count(address) + 1, self.clock())

    def succeeded(self, address: str) -> None:
        self.failures.pop(address, None)


def display_name(user: str) -> str:
    """The SSH user name as a display name: no control (or other invisible
    format) characters, other spaces made plain, at most 24 characters,
    "player" when nothing is left."""
    kept = "".join(
        " " if unicodedata.category(c)[0] == "Z" else c
        for c in user
        if unicodedata.category(c)[0] != "C"
    )
    return kept.strip()[:MAX_NAME].strip() or "player"


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


def new_password() -> str:
    return secrets.token_urlsafe(9)


def _quiet_closed_channels(then: Callable[..., object] | None) -> Callable[..., None]:
    """The loop's exception handler, but for one known race: an app's last
    output read from its pty after the client closed the channel and before
    asyncssh stops forwarding (it raises BrokenPipeError from the pipe's
    callback). That output has nowhere to go; anything else is reported."""

    def handler(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        error = context.get("exception")
        if isinstance(error, BrokenPipeError) and "Channel not open" in str(error):
            log.debug("an app's output after its channel closed was dropped")
            return
        if then is not None:
            then(loop, context)
        else:
            loop.default_exception_handler(context)

    return handler


class _Server(asyncssh.SSHServer):
    """One per connection: authentication, its limits, the identity, and
    the refusals."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self.address: str | None = None
        self.conn: asyncssh.SSHServerConnection | None = None
        self.failures = 0
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self.last_ok: str | None = None  # what the last accepted credential proves
        self.identity: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        counts = self.gateway.connections
        counts[self.address] += 1
        if counts[self.address] > self.gateway.per_address:
            log.warning("too many connections from %s: closed", self.address)
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is not None:
            self.gateway.connections[self.address] -= 1
            if self.gateway.connections[self.address] <= 0:
                del self.gateway.connections[self.address]

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
        if self.address is not None:
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

    def _failed(self, username: str, method: str, *, penalize: bool) -> None:
        self.failures += 1
        log.warning(
            "authentication failure from %s: user %r, %s (attempt %d of %d)",
            self.address, username, method, self.failures, MAX_AUTH_ATTEMPTS,
        )  # fmt: skip
        if penalize and self.address is not None:
            self.gateway.penalties.failed(self.address)
        if self.failures >= MAX_AUTH_ATTEMPTS:
            log.warning("too many authentication failures from %s: closed", self.address)
            self._refuse_more()

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
        if self._refuse_more():
            return False
        access = self.gateway.access
        if access.open:
            self.last_ok = None
            return True
        delay = self.gateway.penalties.delay(self.address or "?")
        if delay:
            await asyncio.sleep(delay)
        if self._refuse_more():
            return False
        expected = access.password
        if expected is not None and secrets.compare_digest(password.encode(), expected.encode()):
            self.last_ok = None  # a shared password: a session identity
            return True
        self._failed(username, "password", penalize=True)
        return False

    # -- public keys ---------------------------------------------------------------

    def public_key_auth_supported(self) -> bool:
        access = self.gateway.access
        return access.open or access.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self._refuse_more():
            return False
        ok = self.gateway.access.open or (
            self.authorized is not None
            and self.authorized.validate(key, self.address or "", self.address or "") is not None
        )
        if not ok:
            self._failed(username, f"key {key.get_fingerprint('sha256')}", penalize=False)
            return False
        # Asked again with the signature; the last accepted is the one that won.
        self.last_ok = f"key:{key.get_fingerprint('sha256')}"
        return True

    # No forwarding of any kind.
    def connection_requested(self, *args: object) -> bool:
        return False

    def server_requested(self, *args: object) -> bool:
        return False


def session_env(
    base: dict[str, str],
    *,
    term: str,
    colorterm: str | None,
    identity: str,
    peer: str,
    name: str,
    server: str,
) -> dict[str, str]:
    """The environment of a session's app process:

    - `WHITECHAPEL_SSH=1`: the app runs for an SSH session;
    - `WHITECHAPEL_IDENTITY`: who this is (`key:SHA256:...` or `session:HEX`);
    - `WHITECHAPEL_PEER`: the SSH client's IP address;
    - `WHITECHAPEL_NAME`: the display name (the SSH user name, cleaned);
    - `WHITECHAPEL_SERVER`: the game server, HOST:PORT;
    - `TERM`, and `COLORTERM` when the client sent it (ssh does not forward
      it unless asked), besides the gateway's own basics (`base`).
    """
    env = dict(base)
    env.update(
        TERM=term,
        WHITECHAPEL_SSH="1",
        WHITECHAPEL_IDENTITY=identity,
        WHITECHAPEL_PEER=peer,
        WHITECHAPEL_NAME=name,
        WHITECHAPEL_SERVER=server,
    )
    if colorterm:
        env["COLORTERM"] = colorterm
    return env


class Gateway:
    """The SSH side of `whitechapel serve`: sessions into the game server at
    `game_host:game_port`.

    `launcher` is where the sessions' apps run: "host" (session hosts,
    several apps to a process, the default), "fork" (a process per session
    forked from the fork server) or "spawn" (a fresh interpreter per
    session)."""

    def __init__(
        self,
        game_host: str,
        game_port: int,
        *,
        key_folder: Path,
        access: Access,
        per_address: int = 4,
        launcher: str = "host",
        penalties: Penalties | None = None,
        login_timeout: float = LOGIN_TIMEOUT,
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
        self.login_timeout = login_timeout
        self.connections: Counter[str] = Counter()
        self.children: set[int] = set()  # the sessions' apps: pids, or a host's session numbers
        self.base_env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "LANG": "C.UTF-8",
            "WHITECHAPEL_DATA_DIR": str(self.key_folder.parent),
        }
        if "PYTHONPATH" in os.environ:  # the app imports the same whitechapel as the gateway
            self.base_env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        if launcher not in LAUNCHERS:
            raise ValueError(f"launcher {launcher!r}: one of {', '.join(LAUNCHERS)}")
        self.launcher: HostPool | ForkServer | Spawner
        if launcher == "host":
            self.launcher = HostPool(ForkServer(sys.executable, self.base_env))
        elif launcher == "fork":
            self.launcher = ForkServer(sys.executable, self.base_env)
        else:
            self.launcher = Spawner(sys.executable)
        self._server: asyncssh.SSHAcceptor | None = None

    async def start(self, host: str, port: int) -> int:
        """Listen (once the fork server is ready); returns the port (useful
        with port 0)."""
        await self.launcher.start()
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(_quiet_closed_channels(loop.get_exception_handler()))
        self._server = await asyncssh.create_server(
            lambda: _Server(self),
            host,
            port,
            server_host_keys=[host_key(self.key_folder)],
            process_factory=self.session,
            encoding=None,
            line_editor=False,
            allow_scp=False,
            sftp_factory=None,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=self.login_timeout,
        )
        return self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for child in list(self.children):
            self.launcher.kill(child)
        await self.launcher.close()

    async def session(self, process: asyncssh.SSHServerProcess) -> None:
        """One SSH session: the app on its own pty, or a refusal."""
        if process.command is not None or process.subsystem is not None:
            process.stderr.write(NO_COMMANDS.encode())
            process.exit(1)
            return
        term = process.get_terminal_type()
        if not term:
            process.stderr.write(NO_TERMINAL.encode())
            process.exit(1)
            return
        conn = process.get_extra_info("connection")
        owner = conn.get_owner() if conn is not None else None
        identity = getattr(owner, "identity", None) or f"session:{secrets.token_hex(16)}"
        peer = process.get_extra_info("peername")
        env = session_env(
            self.base_env,
            term=term,
            colorterm=(process.env or {}).get("COLORTERM"),
            identity=identity,
            peer=str(peer[0]) if peer else "",
            name=display_name(process.get_extra_info("username") or ""),
            server=f"{self.game_host}:{self.game_port}",
        )
        width, height, _, _ = process.get_terminal_size()
        master, slave = pty.openpty()
        termios.tcsetwinsize(slave, (height or 24, width or 80))  # (rows, columns)
        if self.game_password is not None:  # in its environment, not its (public) arguments
            env["WHITECHAPEL_PASSWORD"] = self.game_password
        if self.gateway_secret is not None:  # a remote game server: the app proves the gateway
            env["WHITECHAPEL_GATEWAY_SECRET"] = self.gateway_secret
        try:
            child = await self.launcher.launch(slave, env)
        except BaseException as e:
            os.close(master)  # an app started all the same sees its terminal hang up
            if not isinstance(e, (OSError, RuntimeError, TimeoutError)):
                raise  # cancelled: the connection went away meanwhile
            log.error("could not start the app for %s: %s", env["WHITECHAPEL_PEER"], e)
            process.stderr.write(b"whitechapel: the game could not start; try again later.\r\n")
            process.exit(1)
            return
        finally:
            os.close(slave)
        self.children.add(child)
        pid = self.launcher.redirect_pid(child)
        if pid is not None:
            process.set_redirect_pid(pid)
        reader = os.fdopen(master, "rb", buffering=0)
        writer = os.fdopen(os.dup(master), "wb", buffering=0)
        status: int | None = None
        try:
            await process.redirect(stdin=writer, stdout=reader, send_eof=False)
            done = asyncio.ensure_future(self.launcher.wait(child))
            closed = asyncio.ensure_future(process.wait_closed())
            await asyncio.wait({done, closed}, return_when=asyncio.FIRST_COMPLETED)
            if done.done() and not done.cancelled():
                status = done.result()
            for waiter in (done, closed):
                waiter.cancel()
        finally:
            if status is None:  # the connection dropped: end the app
                status = await self.launcher.end(child)
            self.children.discard(child)
            for f in (reader, writer):
                with contextlib.suppress(OSError):
                    f.close()
            process.exit(status if status and status > 0 else 0)
            # asyncssh runs a redirect's clean-up (its pipes' close) in
            # wait_closed: awaited here, never left as a coroutine unawaited.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait_closed(), 5)
