"""`whitechapel serve` and `whitechapel join`: starting the game server (and
its SSH gateway), and the app as a client of a server."""

from __future__ import annotations

import contextlib
import logging
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


def reachable_host(host: str) -> str:
    """The host name to give players: a wildcard address (0.0.0.0, ::, or
    none) is where the server listens, not where anyone can reach it, so
    name this machine instead."""
    if host.strip("[]") in ("", "0.0.0.0", "::", "*"):
        import socket

        name = socket.gethostname()
        return name if name and not name.startswith("localhost") else "THIS-HOST"
    return host


async def serve_all(
    host: str,
    port: int,
    *,
    ssh_port: int | None = None,
    password: str | None = None,
    authorized_keys: Path | None = None,
    open_access: bool = False,
    folder: Path | None = None,
    ready: asyncio.Event | None = None,
) -> None:
    """The game server, and the SSH gateway when `ssh_port` is given, until
    cancelled."""
    import asyncio

    from whitechapel.net.server import GameServer

    folder = folder or data_dir()
    server = GameServer(folder)
    bound = await server.start(host, port)
    print(f"whitechapel: game server on {bound[0]}:{bound[1]}", flush=True)
    gateway = None
    try:
        if ssh_port is not None:
            from whitechapel.net.ssh import Access, Gateway, new_password

            if not (open_access or password or authorized_keys):
                password = new_password()
                print(f"whitechapel: SSH access password: {password}", flush=True)
            access = Access(password, authorized_keys, open_access)
            gateway = Gateway(bound[0], bound[1], key_folder=folder / "ssh", access=access)
            ssh_bound = await gateway.start(host, ssh_port)
            print(
                f"whitechapel: SSH on {host}:{ssh_bound} ({access.describe()}); "
                f"players run: ssh -p {ssh_bound} NAME@{reachable_host(host)}",
                flush=True,
            )
        if ready is not None:
            ready.set()
        await asyncio.Event().wait()
    finally:
        if gateway is not None:
            await gateway.close()
        await server.close()


def run_serve(**kwargs) -> int:
    import asyncio

    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_all(**kwargs))
    return 0


def run_join(address: str, name: str) -> int:
    # The app talks plain TCP to the server and never TLS: keeping asyncio
    # from loading the ssl module (OpenSSL) saves ~4 MiB in every SSH
    # session's app process (budget: 40 MiB a session).
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    from whitechapel.app import WhitechapelApp
    from whitechapel.net.server import DEFAULT_PORT
    from whitechapel.ui.lobby import Link, LobbyScreen

    host, port = parse_address(address, DEFAULT_PORT)
    name = name or "player"
    WhitechapelApp(start=LobbyScreen(Link(host, port, name))).run()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_serve(host="127.0.0.1", port=7888))
