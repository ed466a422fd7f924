"""`whitechapel serve`: the game server and, with `--ssh`, its SSH gateway,
in one process until SIGTERM or Ctrl-C.  Serving without `--ssh` imports
nothing of the gateway (nor asyncssh)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.store import data_dir
from whitechapel.net.access import new_password, parse_address, raw_port_password
from whitechapel.net.admission import AdmissionLimits
from whitechapel.net.connection import Limits, is_loopback

if TYPE_CHECKING:
    from whitechapel.net.server import GameServer


def stop_line(server: GameServer | None) -> str:
    """What `whitechapel serve` says when it stops: how many open rooms
    were saved, and, when some snapshots could not be written (a full
    disk), that those rooms are in their journals, which the next start
    replays."""
    if server is None:
        return "whitechapel: stopped cleanly"
    rooms, folder = len(server.rooms), server.store.folder
    failed = len(server.writer.failed & set(server.rooms))
    if not failed:
        return f"whitechapel: stopped cleanly; {rooms} open rooms saved in {folder}"
    return (
        f"whitechapel: stopped; of {rooms} open rooms, {rooms - failed} saved and {failed} "
        f"kept only in their journals (their snapshots could not be written: see the log); "
        f"the next start in {folder} replays them"
    )


def reachable_host(host: str) -> str:
    """The host name to give players: a wildcard address (0.0.0.0, ::, or
    none) is where the server listens, not where anyone can reach it, so
    name this machine instead."""
    if host.strip("[]") in ("", "0.0.0.0", "::", "*"):
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
    admission: AdmissionLimits | None = None,
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
    through loopback.  `admission`: what each door admits (the raw port's,
    the SSH gateway's; net/admission.py)."""
    from whitechapel.net.server import DEFAULT_PORT, GameServer, gateway_socket_path, stop_signals

    # The stop signals are handled before anything says it is ready (a supervisor's
    # SIGTERM the moment it is ready stops it cleanly, every room saved).
    admission = admission or AdmissionLimits()
    with stop_signals() as stop:
        raw_password, generated = raw_port_password(
            host, password, open_access=open_access, insecure=insecure_raw_port
        )
        if generated and not authorized_keys:  # SSH would make one too: the same serves both
            password = raw_password
        folder = folder or data_dir()
        server = None
        if server_address is not None:
            if ssh_port is None or not gateway_secret:
                raise WhitechapelError(
                    "--server runs only the SSH gateway: give --ssh PORT and --gateway-secret"
                )
            bound = parse_address(server_address, DEFAULT_PORT)
        else:
            server = GameServer(
                folder,
                limits=Limits().with_door(admission.raw, admission.gateway_pool),
                password=raw_password,
                gateway_socket=gateway_socket_path(folder),
                gateway_secret=gateway_secret,
            )
            bound = await server.start(host, port)
            print(f"whitechapel: game server on {bound[0]}:{bound[1]}", flush=True)
            if raw_password is not None:
                shown = f": {raw_password}" if generated else " (--password)"
                print(
                    f"whitechapel: game server password{shown}; players run: "
                    f"whitechapel join {host}:{bound[1]} --password ...",
                    flush=True,
                )
            elif not is_loopback(host):
                print(
                    "whitechapel: WARNING: the raw protocol port is open to anyone, unencrypted "
                    "(--insecure-raw-port)",
                    flush=True,
                )
        gateway = None
        try:
            if ssh_port is not None:
                from whitechapel.gateway.ssh import Access, Gateway

                if not (open_access or password or authorized_keys):
                    password = new_password()
                    print(f"whitechapel: SSH access password: {password}", flush=True)
                access = Access(password, authorized_keys, open_access)
                # A remote game server: the apps prove the gateway with the secret.
                secret = gateway_secret if server is None else None
                gateway = Gateway(
                    bound[0],
                    bound[1],
                    key_folder=folder / "ssh",
                    access=access,
                    game_password=raw_password,
                    gateway_secret=secret,
                    door=admission.ssh,
                    checks_waiting=admission.checks_waiting,
                )
                ssh_bound = await gateway.start(host, ssh_port)
                print(
                    f"whitechapel: SSH on {host}:{ssh_bound} ({access.describe()}); "
                    f"players run: ssh -p {ssh_bound} NAME@{reachable_host(host)}",
                    flush=True,
                )
            if ready is not None:
                ready.set()
            await stop.wait()
        finally:
            if gateway is not None:
                await gateway.close()
            if server is not None:
                await server.close()
        print(stop_line(server), flush=True)


def run_serve(**kwargs: Any) -> int:
    """`whitechapel serve`: 0 after a clean stop (SIGTERM, SIGINT/Ctrl-C)."""
    # Refuse an exposed raw port before anything listens or logs.
    raw_port_password(
        kwargs["host"],
        kwargs.get("password"),
        open_access=kwargs.get("open_access", False),
        insecure=kwargs.get("insecure_raw_port", False),
    )

    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    # asyncssh's own log says a line per channel request at INFO: a client
    # could fill the operator's log with window changes.  Its warnings stay.
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while closing
        asyncio.run(serve_all(**kwargs))
    return 0
