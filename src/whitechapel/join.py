"""`whitechapel join HOST:PORT`: the app as a client of a game server, in
this terminal (the lobby of that server).

The server is reached once before the lobby opens: a server that cannot be
reached, or that refuses us, is one sentence and exit status 1, as `ssh` to
a closed port is.  The lobby's own messages are for a connection that was
once up."""

from __future__ import annotations

import getpass
import os
import socket
import sys

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.names import MAX_NAME, clean_name

# The first contact's limit, for the connection and then the server's welcome.
FIRST_CONTACT_SECONDS = 4.0


def run_join(
    address: str,
    name: str,
    password: str | None = None,
    *,
    room: str | None = None,
    fit_terminal: bool = False,
) -> int:
    """`room`: a room to join at once (an invite line's `ROOM`)."""
    # The app talks plain TCP to the server and never TLS: keeping asyncio
    # from loading the ssl module (OpenSSL) saves ~4 MiB.  A None in
    # sys.modules makes `import ssl` fail (the import system's documented
    # block); typeshed types sys.modules as modules only.
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    from whitechapel.net.access import PASSWORD_ENV, parse_address
    from whitechapel.net.connection import is_loopback
    from whitechapel.net.server import DEFAULT_PORT

    name, cut = clean_name(name)
    name = name or "player"
    if not address:
        raise WhitechapelError("join needs the server's HOST:PORT")
    host, port = parse_address(address, DEFAULT_PORT)
    password = password or os.environ.get(PASSWORD_ENV) or None
    if first_contact(host, port, name, password):  # the server asks for its password
        if password is not None or not sys.stdin.isatty() or is_loopback(host):
            raise WhitechapelError(
                f"the game server at {host}:{port} needs its password: give it with "
                f"--password or ${PASSWORD_ENV}"
                + (" (the one given is not it)" if password is not None else "")
            )
        password = getpass.getpass(f"password of the game server {host}:{port}: ") or None
        if password is None or first_contact(host, port, name, password):
            raise WhitechapelError(f"that is not the password of the game server {host}:{port}")

    if fit_terminal:  # the lobby is full-screen only (cli.py, `_fit_the_terminal`)
        from whitechapel.terminal import full_screen_problem

        problem = full_screen_problem()
        if problem is not None:
            raise WhitechapelError(f"{problem}: the lobby of a game server needs one")

    from whitechapel.app import WhitechapelApp
    from whitechapel.ui.link import Link
    from whitechapel.ui.lobby import LobbyScreen

    link = Link(host, port, name, password=password)
    if cut:
        link.notice = f"Your name is cut to {MAX_NAME} characters: {name}"
    return WhitechapelApp(start=LobbyScreen(link, room), ssh=False).play()


def first_contact(host: str, port: int, name: str, password: str | None) -> bool:
    """Say hello to the server once, within `FIRST_CONTACT_SECONDS`: True
    when it asks for its password, False when it welcomes us.  A server that
    cannot be reached, that does not answer or that refuses us for another
    reason is a `WhitechapelError` of one sentence."""
    import asyncio

    from whitechapel.net.client import Client, ClientError
    from whitechapel.net.protocol import NEEDS_PASSWORD

    where = f"{host}:{port}"

    async def probe() -> bool:
        try:
            client = await Client.connect(
                host, port, name, timeout=FIRST_CONTACT_SECONDS, password=password
            )
        except ClientError as e:
            if e.reply.get("reason") == NEEDS_PASSWORD:
                return True
            raise WhitechapelError(f"the game server at {where} refused us: {e}") from None
        except socket.gaierror:
            raise WhitechapelError(
                f"cannot reach the game server at {where}: there is no host named {host!r}"
            ) from None
        except TimeoutError:
            raise WhitechapelError(
                f"the game server at {where} did not answer within "
                f"{FIRST_CONTACT_SECONDS:g} seconds (is it a whitechapel server?)"
            ) from None
        except OSError as e:
            said = os.strerror(e.errno) if e.errno else e.strerror or str(e)
            reason = (said or type(e).__name__).lower()
            raise WhitechapelError(f"cannot reach the game server at {where}: {reason}") from None
        except WhitechapelError as e:  # not the protocol: another program on that port
            raise WhitechapelError(
                f"{where} is not a whitechapel game server (it said something else: {e})"
            ) from None
        await client.close()
        return False

    return asyncio.run(probe())
