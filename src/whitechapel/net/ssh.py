"""The SSH gateway: `whitechapel serve --ssh 2222`.

A player runs `ssh -p 2222 NAME@HOST` and lands in the lobby of the same
Textual app as at home: for every SSH session the gateway starts one app
process (the app joined to the game server, as the display name NAME) on a
pseudo-terminal of its own, pumps the bytes between the channel and the
pty, follows window changes (asyncssh sets the pty's size and signals the
app), and ends the app when the connection drops.  The app processes are
forked from a pre-started fork server (`net/forkserver.py`), or spawned
afresh with `launcher="spawn"`.

Secure by default:
- the host key is generated once (ed25519) and kept in the data folder,
  so players never see it change;
- an access password is generated and printed at start, unless
  `--password`, `--authorized-keys FILE` or (asked for explicitly) `--open`;
- no shell, no commands, no subsystems (SFTP), no port forwarding, no agent
  or X11 forwarding: a session is the game or nothing;
- a session without a terminal is refused with a message;
- at most `per_address` connections from one address, and a login grace
  time.

Who a session is: the gateway hands the app an identity in the environment
(`WHITECHAPEL_IDENTITY`): `session:<128 random bits, hex>` (a shared password
says nothing about who typed it).  See `session_env` for all the variables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pty
import secrets
import signal
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from whitechapel.core.store import atomic_write_text
from whitechapel.net.forkserver import ForkServer, Spawner

log = logging.getLogger(__name__)  # whitechapel.net.ssh

NO_TERMINAL = "whitechapel needs a terminal: connect with 'ssh -t' (or without a command).\r\n"
NO_COMMANDS = "whitechapel runs no commands here: connect without one to play.\r\n"
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


class _Server(asyncssh.SSHServer):
    """One per connection: authentication and the refusals."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self.address: str | None = None
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        counts = self.gateway.connections
        counts[self.address] += 1
        if counts[self.address] > self.gateway.per_address:
            conn.close()  # too many from one address

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is not None:
            self.gateway.connections[self.address] -= 1

    def begin_auth(self, username: str) -> bool:
        access = self.gateway.access
        if access.authorized_keys is not None and self.conn is not None:
            self.conn.set_authorized_keys(str(access.authorized_keys))
        return not access.open

    def password_auth_supported(self) -> bool:
        return self.gateway.access.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        expected = self.gateway.access.password
        return expected is not None and secrets.compare_digest(password, expected)

    def public_key_auth_supported(self) -> bool:
        return self.gateway.access.authorized_keys is not None

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

    `launcher` is how app processes start: "fork" (a pre-started fork
    server, the default) or "spawn" (a fresh interpreter per session)."""

    def __init__(
        self,
        game_host: str,
        game_port: int,
        *,
        key_folder: Path,
        access: Access,
        per_address: int = 4,
        launcher: str = "fork",
        login_timeout: float = LOGIN_TIMEOUT,
    ) -> None:
        self.game_host, self.game_port = game_host, game_port
        self.key_folder = key_folder
        self.access = access
        self.per_address = per_address
        self.login_timeout = login_timeout
        self.connections: Counter[str] = Counter()
        self.children: set[int] = set()  # the pids of the sessions' app processes
        self.base_env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "LANG": "C.UTF-8",
            "WHITECHAPEL_DATA_DIR": str(self.key_folder.parent),
        }
        if "PYTHONPATH" in os.environ:  # the app imports the same whitechapel as the gateway
            self.base_env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        if launcher not in ("fork", "spawn"):
            raise ValueError(f"launcher {launcher!r}: 'fork' or 'spawn'")
        self.launcher: ForkServer | Spawner = (
            ForkServer(sys.executable, self.base_env)
            if launcher == "fork"
            else Spawner(sys.executable)
        )
        self._server: asyncssh.SSHAcceptor | None = None

    async def start(self, host: str, port: int) -> int:
        """Listen (once the fork server is ready); returns the port (useful
        with port 0)."""
        await self.launcher.start()
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
        for pid in list(self.children):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
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
        identity = f"session:{secrets.token_hex(16)}"
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
        asyncssh.misc.set_terminal_size(slave, width or 80, height or 24, 0, 0)
        try:
            pid = await self.launcher.launch(slave, env)
        except (OSError, RuntimeError, TimeoutError) as e:
            log.error("could not start the app for %s: %s", env["WHITECHAPEL_PEER"], e)
            os.close(master)
            process.stderr.write(b"whitechapel: the game could not start; try again later.\r\n")
            process.exit(1)
            return
        finally:
            os.close(slave)
        self.children.add(pid)
        process.set_redirect_pid(pid)
        reader = os.fdopen(master, "rb", buffering=0)
        writer = os.fdopen(os.dup(master), "wb", buffering=0)
        status: int | None = None
        try:
            await process.redirect(stdin=writer, stdout=reader, send_eof=False)
            done = asyncio.ensure_future(self.launcher.wait(pid))
            closed = asyncio.ensure_future(process.wait_closed())
            await asyncio.wait({done, closed}, return_when=asyncio.FIRST_COMPLETED)
            if done.done() and not done.cancelled():
                status = done.result()
            for waiter in (done, closed):
                waiter.cancel()
        finally:
            if status is None:  # the connection dropped: end the app
                status = await self._end(pid)
            self.children.discard(pid)
            for f in (reader, writer):
                with contextlib.suppress(OSError):
                    f.close()
            process.exit(status if status and status > 0 else 0)

    async def _end(self, pid: int) -> int:
        """Hang up an app (its whole session), then kill it if it lingers."""
        for sig, grace in ((signal.SIGHUP, 3.0), (signal.SIGKILL, 3.0)):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, sig)
            try:
                return await asyncio.wait_for(asyncio.shield(self.launcher.wait(pid)), grace)
            except TimeoutError:
                continue
        return -1
