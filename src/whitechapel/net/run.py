"""`whitechapel serve` and `whitechapel join`: starting the game server (and
its SSH gateway), and the app as a client of a server."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.names import MAX_NAME, clean_name
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
    insecure_raw_port: bool = False,
    folder: Path | None = None,
    ready: asyncio.Event | None = None,
    server_address: str | None = None,
    gateway_secret: str | None = None,
) -> None:
    """The game server, and the SSH gateway when `ssh_port` is given, until
    SIGTERM or SIGINT (handled on the loop: the message being handled ends,
    the rooms are written, and the function returns) or until cancelled.

    The game server also listens on its gateway socket (`<data>/gateway/
    server.sock`), and believes a TCP hello naming an identity only with
    `gateway_secret`.  With `server_address` (HOST:PORT) no game server is
    run: only the gateway, into that remote server, with the secret.  Beyond
    loopback the raw protocol port asks for the password
    (`raw_port_password`); the SSH gateway's sessions come from this machine
    and are given it anyway, should `host` be an address they do not reach
    through loopback."""
    from whitechapel.net.server import DEFAULT_PORT, GameServer, gateway_socket_path, stop_signals

    raw_password, generated = raw_port_password(
        host, password, open_access=open_access, insecure=insecure_raw_port
    )
    if generated and not authorized_keys:  # SSH would make one too: the same serves both
        password = raw_password
    folder = folder or data_dir()
    server = None
    if server_address is not None:
        if ssh_port is None or not gateway_secret:
            raise WhitechapelError("--server runs only the SSH gateway: give --ssh PORT and "
                                   "--gateway-secret")  # fmt: skip
        bound = parse_address(server_address, DEFAULT_PORT)
    else:
        server = GameServer(folder, password=raw_password,
                            gateway_socket=gateway_socket_path(folder),
                            gateway_secret=gateway_secret)  # fmt: skip
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
            # A remote game server: the apps prove the gateway with the secret.
            secret = gateway_secret if server is None else None
            gateway = Gateway(bound[0], bound[1], key_folder=folder / "ssh", access=access,
                              game_password=raw_password, gateway_secret=secret)  # fmt: skip
            ssh_bound = await gateway.start(host, ssh_port)
            print(
                f"whitechapel: SSH on {host}:{ssh_bound} ({access.describe()}); "
                f"players run: ssh -p {ssh_bound} NAME@{reachable_host(host)}",
                flush=True,
            )
        with stop_signals() as stop:
            if ready is not None:
                ready.set()
            await stop.wait()
    finally:
        if gateway is not None:
            await gateway.close()
        if server is not None:
            await server.close()
    if server is not None:
        print(f"whitechapel: stopped cleanly; {len(server.rooms)} open rooms saved in "
              f"{server.store.folder}", flush=True)  # fmt: skip
    else:
        print("whitechapel: stopped cleanly", flush=True)


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


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def ssh_mode(env: Mapping[str, str] | None = None) -> bool:
    """Is this app a session of the SSH gateway (`WHITECHAPEL_SSH=1`)?"""
    return (os.environ if env is None else env).get("WHITECHAPEL_SSH") == "1"


def gateway_link(env: Mapping[str, str], address: str, name: str) -> Any:
    """The lobby's `Link` of an SSH session, from the gateway's variables:
    `WHITECHAPEL_SERVER` is `unix:PATH` (the server's gateway socket) or
    `HOST:PORT`; on loopback the socket in the server's data folder is used
    when it is there, else TCP, which carries `WHITECHAPEL_GATEWAY_SECRET`.
    The hello says `WHITECHAPEL_IDENTITY` and `WHITECHAPEL_PEER` when the
    channel can prove them (the socket, or TCP with the secret)."""
    from whitechapel.net.server import DEFAULT_PORT, gateway_socket_path
    from whitechapel.ui.lobby import Link

    server = env.get("WHITECHAPEL_SERVER") or address
    fields: dict[str, str] = {}
    for key, field in (("WHITECHAPEL_IDENTITY", "identity"), ("WHITECHAPEL_PEER", "peer")):
        if env.get(key):
            fields[field] = env[key]
    if server.startswith("unix:"):
        return Link("", 0, name, unix=server[5:], fields=fields, ssh=True)
    host, port = parse_address(server, DEFAULT_PORT)
    if host in LOOPBACK:
        sock = gateway_socket_path(data_dir())
        if sock.is_socket():
            return Link(host, port, name, unix=str(sock), fields=fields, ssh=True)
    secret = env.get("WHITECHAPEL_GATEWAY_SECRET")
    if not secret:
        fields = {}  # nothing would prove them: the server would refuse the hello
    else:
        fields["gateway"] = secret
    return Link(host, port, name, fields=fields, ssh=True)


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

    if ssh_mode():
        return session_app(os.environ, address, name).play()
    name, cut = clean_name(name)
    name = name or "player"
    if not address:
        raise WhitechapelError("join needs the server's HOST:PORT")
    host, port = parse_address(address, DEFAULT_PORT)
    password = password or os.environ.get(PASSWORD_ENV) or None
    if password is None and not is_loopback_host(host) and sys.stdin.isatty():
        password = _ask_password(host, port, name)
    link = Link(host, port, name, password=password)
    if cut:
        link.notice = f"Your name is cut to {MAX_NAME} characters: {name}"
    return WhitechapelApp(start=LobbyScreen(link), ssh=False).play()


@contextlib.contextmanager
def _terminal_environ(env: Mapping[str, str]):
    """The session's TERM and COLORTERM in `os.environ` while its app is
    built (Textual's console reads the colours the terminal can show from
    the environment then, and only then), the process's own afterwards.
    Building an app is synchronous, so two sessions' apps built in one
    process never see each other's."""
    saved = {key: os.environ.get(key) for key in ("TERM", "COLORTERM")}
    try:
        for key in saved:
            if env.get(key):
                os.environ[key] = env[key]
            else:
                os.environ.pop(key, None)
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def session_app(env: Mapping[str, str], address: str = "", name: str = "") -> Any:
    """The app of one SSH session, from the variables the gateway gives it
    (`net/ssh.py`'s `session_env`): the lobby, joined to the game server as
    the session's identity, with no file-system features.  Its own process
    (`whitechapel join` under `WHITECHAPEL_SSH=1`) or one of a session
    host's apps (`net/sessionhost.py`) runs it."""
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    from whitechapel.app import WhitechapelApp
    from whitechapel.ui.lobby import LobbyScreen

    name, cut = clean_name(env.get("WHITECHAPEL_NAME") or name)
    name = name or "player"
    link = gateway_link(env, address, name)
    if cut:
        link.notice = f"Your name is cut to {MAX_NAME} characters: {name}"
    with _terminal_environ(env):
        return WhitechapelApp(start=LobbyScreen(link), ssh=True)


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
