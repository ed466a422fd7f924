"""`whitechapel join HOST:PORT`: the app as a client of a game server, in
this terminal (the lobby of that server)."""

from __future__ import annotations

import getpass
import os
import sys

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.names import MAX_NAME, clean_name


def run_join(address: str, name: str, password: str | None = None) -> int:
    # The app talks plain TCP to the server and never TLS: keeping asyncio
    # from loading the ssl module (OpenSSL) saves ~4 MiB.  A None in
    # sys.modules makes `import ssl` fail (the import system's documented
    # block); typeshed types sys.modules as modules only.
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    from whitechapel.app import WhitechapelApp
    from whitechapel.net.access import PASSWORD_ENV, parse_address
    from whitechapel.net.connection import is_loopback
    from whitechapel.net.server import DEFAULT_PORT
    from whitechapel.ui.link import Link
    from whitechapel.ui.lobby import LobbyScreen

    name, cut = clean_name(name)
    name = name or "player"
    if not address:
        raise WhitechapelError("join needs the server's HOST:PORT")
    host, port = parse_address(address, DEFAULT_PORT)
    password = password or os.environ.get(PASSWORD_ENV) or None
    if password is None and not is_loopback(host) and sys.stdin.isatty():
        password = _ask_password(host, port, name)
    link = Link(host, port, name, password=password)
    if cut:
        link.notice = f"Your name is cut to {MAX_NAME} characters: {name}"
    return WhitechapelApp(start=LobbyScreen(link), ssh=False).play()


def _ask_password(host: str, port: int, name: str) -> str | None:
    """Say hello without a password; if the server asks for one, ask the user."""
    import asyncio

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
