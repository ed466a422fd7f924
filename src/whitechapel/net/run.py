"""`whitechapel serve` and `whitechapel join`: starting the game server (and
its SSH gateway), and the app as a client of a server."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.store import data_dir

if TYPE_CHECKING:
    import asyncio

log = logging.getLogger("whitechapel.net")


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """HOST:PORT (or HOST alone) as typed on the command line."""
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "")
    if not host:
        raise WhitechapelError(f"{text!r} is not HOST:PORT")
    if not port:
        return host, default_port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise WhitechapelError(f"{port!r} is not a port number (1-65535)")
    return host, int(port)


PASSWORD_ENV = "WHITECHAPEL_PASSWORD"  # `join` reads the server's password here too
INSECURE = (
    "--open with a --host beyond loopback would serve the raw protocol port to anyone, "
    "unencrypted and without a password: add --insecure-raw-port if you mean it"
)


def raw_port_password(
    host: str, password: str | None, *, open_access: bool = False, insecure: bool = False
) -> tuple[str | None, bool]:
    """The password the raw protocol port asks of peers beyond loopback, and
    whether it was generated (to be printed).  None on loopback (only this
    machine reaches it) or with `insecure` (`--insecure-raw-port`).  Beyond
    loopback `--open` is refused without `insecure`: it would leave the raw
    port, tokens and all, to anyone."""
    from whitechapel.net.connection import is_loopback
    from whitechapel.net.ssh import new_password

    if is_loopback(host) or insecure:
        return None, False
    if open_access:
        raise WhitechapelError(INSECURE)
    if password:
        return password, False
    return new_password(), True


async def serve_all(
    host: str,
    port: int,
    *,
    ssh_port: int | None = None,
    password: str | None = None,
    authorized_keys: Path | None = None,
    open_access: bool = False,
    insecure_raw_port: bool = False,
    folder: Path | None = None,
    ready: asyncio.Event | None = None,
) -> None:
    """The game server, and the SSH gateway when `ssh_port` is given, until
    SIGTERM or SIGINT (handled on the loop: the message being handled ends,
    the rooms are written, and the function returns) or until cancelled.
    Beyond loopback the raw protocol port asks for the password
    (`raw_port_password`); the SSH gateway's sessions come from this machine
    and are given it anyway, should `host` be an address they do not reach
    through loopback."""
    from whitechapel.net.server import GameServer, stop_signals

    raw_password, generated = raw_port_password(
        host, password, open_access=open_access, insecure=insecure_raw_port
    )
    if generated and not authorized_keys:  # SSH would make one too: the same serves both
        password = raw_password
    folder = folder or data_dir()
    server = GameServer(folder, password=raw_password)
    bound = await server.start(host, port)
    print(f"whitechapel: game server on {bound[0]}:{bound[1]}", flush=True)
    if raw_password is not None:
        shown = f": {raw_password}" if generated else " (--password)"
        print(f"whitechapel: game server password{shown}; players run: "
              f"whitechapel join {host}:{bound[1]} --password ...", flush=True)  # fmt: skip
    elif not is_loopback_host(host):
        print("whitechapel: WARNING: the raw protocol port is open to anyone, unencrypted "
              "(--insecure-raw-port)", flush=True)  # fmt: skip
    gateway = None
    try:
        if ssh_port is not None:
            from whitechapel.net.ssh import Access, Gateway, new_password

            if not (open_access or password or authorized_keys):
                password = new_password()
                print(f"whitechapel: SSH access password: {password}", flush=True)
            access = Access(password, authorized_keys, open_access)
            gateway = Gateway(bound[0], bound[1], key_folder=folder / "ssh", access=access,
                              game_password=raw_password)  # fmt: skip
            ssh_bound = await gateway.start(host, ssh_port)
            print(
                f"whitechapel: SSH on {host}:{ssh_bound} ({access.describe()}); "
                f"players run: ssh -p {ssh_bound} NAME@{host}",
                flush=True,
            )
        with stop_signals() as stop:
            if ready is not None:
                ready.set()
            await stop.wait()
    finally:
        if gateway is not None:
            await gateway.close()
        await server.close()
    print(f"whitechapel: stopped cleanly; {len(server.rooms)} open rooms saved in "
          f"{server.store.folder}", flush=True)  # fmt: skip


def is_loopback_host(host: str) -> bool:
    from whitechapel.net.connection import is_loopback

    return is_loopback(host)


def run_serve(**kwargs) -> int:
    """`whitechapel serve`: 0 after a clean stop (SIGTERM, SIGINT/Ctrl-C)."""
    import asyncio

    # Refuse an exposed raw port before anything listens or logs.
    raw_port_password(
        kwargs["host"],
        kwargs.get("password"),
        open_access=kwargs.get("open_access", False),
        insecure=kwargs.get("insecure_raw_port", False),
    )

    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while closing
        asyncio.run(serve_all(**kwargs))
    return 0


def run_join(address: str, name: str, password: str | None = None) -> int:
    # The app talks plain TCP to the server and never TLS: keeping asyncio
    # from loading the ssl module (OpenSSL) saves ~4 MiB in every SSH
    # session's app process (budget: 40 MiB a session).
    # A None in sys.modules makes `import ssl` fail (the import system's
    # documented block); typeshed types sys.modules as modules only.
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    from whitechapel.app import WhitechapelApp
    from whitechapel.net.server import DEFAULT_PORT
    from whitechapel.ui.lobby import Link, LobbyScreen

    host, port = parse_address(address, DEFAULT_PORT)
    name = name or "player"
    password = password or os.environ.get(PASSWORD_ENV) or None
    if password is None and not is_loopback_host(host) and sys.stdin.isatty():
        password = _ask_password(host, port, name)
    WhitechapelApp(start=LobbyScreen(Link(host, port, name, password))).run()
    return 0


def _ask_password(host: str, port: int, name: str) -> str | None:
    """Say hello without a password; if the server asks for one, ask the user."""
    import asyncio
    import getpass

    from whitechapel.net.client import Client, ClientError
    from whitechapel.net.protocol import NEEDS_PASSWORD

    async def probe() -> bool:
        try:
            client = await Client.connect(host, port, name, timeout=5)
        except ClientError as e:
            return e.reply.get("reason") == NEEDS_PASSWORD
        except (OSError, TimeoutError):
            return False  # the lobby will say what is wrong
        await client.close()
        return False

    if not asyncio.run(probe()):
        return None
    return getpass.getpass(f"password of the game server {host}:{port}: ") or None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_serve(host="127.0.0.1", port=7888))
