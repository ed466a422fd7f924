"""The SSH gateway: `whitechapel serve --ssh 2222`.

A player runs `ssh -p 2222 NAME@HOST` and lands in the lobby of the same
Textual app as at home: for every SSH session the gateway starts one app
process (`whitechapel join` to the game server, as the user NAME) on a
pseudo-terminal of its own, pumps the bytes between the channel and the
pty, follows window changes (asyncssh sets the pty's size and signals the
app), and kills the app when the connection drops.

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
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pty
import secrets
import signal
import sys
import termios
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from whitechapel.core.store import atomic_write_text

NO_TERMINAL = "whitechapel needs a terminal: connect with 'ssh -t' (or without a command).\r\n"
NO_COMMANDS = "whitechapel runs no commands here: connect without one to play.\r\n"


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


class Gateway:
    """The SSH side of `whitechapel serve`: sessions into the game server at
    `game_host:game_port`."""

    def __init__(
        self,
        game_host: str,
        game_port: int,
        *,
        key_folder: Path,
        access: Access,
        per_address: int = 4,
        app_command: list[str] | None = None,
        game_password: str | None = None,
    ) -> None:
        self.game_host, self.game_port = game_host, game_port
        self.game_password = game_password  # the game server's, given to each app
        self.key_folder = key_folder
        self.access = access
        self.per_address = per_address
        self.connections: Counter[str] = Counter()
        # The app each session runs; tests may swap it.
        self.app_command = app_command or [sys.executable, "-m", "whitechapel"]
        self.children: set[asyncio.subprocess.Process] = set()
        self._server: asyncssh.SSHAcceptor | None = None

    async def start(self, host: str, port: int) -> int:
        """Listen; returns the port (useful with port 0)."""
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
            login_timeout=60,
        )
        return self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        for child in list(self.children):
            with contextlib.suppress(ProcessLookupError):
                child.kill()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

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
        user = process.get_extra_info("username") or "player"
        width, height, _, _ = process.get_terminal_size()
        master, slave = pty.openpty()
        termios.tcsetwinsize(slave, (height or 24, width or 80))  # (rows, columns)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "TERM": term,
            "LANG": "C.UTF-8",
            "WHITECHAPEL_DATA_DIR": str(self.key_folder.parent),
        }
        if self.game_password is not None:  # in its environment, not its (public) arguments
            env["WHITECHAPEL_PASSWORD"] = self.game_password
        colorterm = (process.env or {}).get("COLORTERM")
        if colorterm:
            env["COLORTERM"] = colorterm  # ssh does not forward it unless asked
        command = [
            *self.app_command, "join", f"{self.game_host}:{self.game_port}", "--name", user,
        ]  # fmt: skip
        child = await asyncio.create_subprocess_exec(
            *command,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.children.add(child)
        process.set_redirect_pid(child.pid)
        reader = os.fdopen(master, "rb", buffering=0)
        writer = os.fdopen(os.dup(master), "wb", buffering=0)
        try:
            await process.redirect(stdin=writer, stdout=reader, send_eof=False)
            done = asyncio.ensure_future(child.wait())
            closed = asyncio.ensure_future(process.wait_closed())
            await asyncio.wait({done, closed}, return_when=asyncio.FIRST_COMPLETED)
            for waiter in (done, closed):
                waiter.cancel()
        finally:
            if child.returncode is None:  # the connection dropped: end the app
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGTERM)
                try:
                    await asyncio.wait_for(child.wait(), 3)
                except TimeoutError:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(child.pid, signal.SIGKILL)
            self.children.discard(child)
            for f in (reader, writer):
                with contextlib.suppress(OSError):
                    f.close()
            process.exit(child.returncode or 0)
