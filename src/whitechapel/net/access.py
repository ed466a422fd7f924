"""How a game server is reached, as typed on the command line: HOST:PORT,
and the password its raw protocol port asks of peers beyond loopback."""

from __future__ import annotations

import secrets

from whitechapel.core.errors import WhitechapelError
from whitechapel.net.connection import is_loopback


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


def new_password() -> str:
    """A password for a server that was given none: 72 random bits, typable."""
    return secrets.token_urlsafe(9)


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
    if is_loopback(host) or insecure:
        return None, False
    if open_access:
        raise WhitechapelError(INSECURE)
    if password:
        return password, False
    return new_password(), True


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")  # names of this machine, as typed
