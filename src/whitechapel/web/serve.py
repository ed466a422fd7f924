"""`whitechapel web`: the web gateway, and the game server it serves the
lobby of (in this process, or `--server HOST:PORT`), until SIGTERM or Ctrl-C."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.store import data_dir
from whitechapel.gateway.limits import WebLimits
from whitechapel.gateway.serve import reachable_host
from whitechapel.net.access import LOOPBACK, new_password, parse_address
from whitechapel.net.admission import AdmissionLimits, DoorLimits
from whitechapel.net.connection import Limits, is_loopback
from whitechapel.web.server import Web, host_names

PLAIN_HTTP = (
    "whitechapel: WARNING: the web port is plain HTTP beyond this machine: the password "
    "and the games cross the network unencrypted; over the internet, serve it behind "
    'an HTTPS proxy (docs/hosting.md, "Web gateway")'
)


async def serve_web(
    host: str,
    port: int,
    *,
    password: str | None = None,
    open_access: bool = False,
    game_port: int = 7888,
    server_address: str | None = None,
    gateway_secret: str | None = None,
    allow_hosts: tuple[str, ...] = (),
    folder: Path | None = None,
    limits: WebLimits | None = None,
    admission: AdmissionLimits | None = None,
    door: DoorLimits | None = None,
    trusted_proxies: tuple[str, ...] = (),
    checks_waiting: int | None = None,
    ready: asyncio.Event | None = None,
) -> None:
    """The web gateway on `host:port` and, unless `server_address`, a game
    server on 127.0.0.1:`game_port` whose lobby it serves (its apps reach
    it through its gateway socket, as the SSH gateway's do).

    `admission`: what each door admits (net/admission.py: the web door's,
    and the game server's here); `door` and `checks_waiting`, when given,
    the web door's limits and the password checks queued per address
    instead of its; `trusted_proxies`: the reverse proxies whose forwarding
    headers are believed (`web/proxy.py`)."""
    from whitechapel.net.server import DEFAULT_PORT, GameServer, gateway_socket_path, stop_signals

    # The stop signals are handled before anything says it is ready (a supervisor's
    # SIGTERM the moment it is ready stops it cleanly).
    admission = admission or AdmissionLimits()
    with stop_signals() as stop:
        folder = folder or data_dir()
        server = None
        if server_address is not None:
            bound = parse_address(server_address, DEFAULT_PORT)
            local = bound[0] in LOOPBACK and gateway_socket_path(folder).is_socket()
            if not (gateway_secret or local):
                raise WhitechapelError(
                    "--server needs --gateway-secret (the game server's), unless it runs on this "
                    "machine with the same data folder"
                )
        else:
            server = GameServer(
                folder,
                limits=Limits().with_door(admission.raw, admission.gateway_pool),
                gateway_socket=gateway_socket_path(folder),
            )
            bound = await server.start("127.0.0.1", game_port)
            print(f"whitechapel: game server on {bound[0]}:{bound[1]}", flush=True)
        if not (open_access or password):
            password = new_password()
            print(f"whitechapel: web password: {password}", flush=True)
        gateway = Web(
            bound[0],
            bound[1],
            data=folder,
            password=password,
            open_access=open_access,
            names=host_names(host, allow_hosts),
            limits=limits,
            door=door or admission.web,
            trusted_proxies=trusted_proxies,
            checks_waiting=admission.checks_waiting if checks_waiting is None else checks_waiting,
            gateway_secret=gateway_secret if server is None else None,
        )
        try:
            web_port = await gateway.start(host, port)
            access = "open to anyone" if open_access else "password"
            shown = f"[{host}]" if ":" in host else host
            print(
                f"whitechapel: web on http://{shown}:{web_port}/ ({access}); players open "
                f"http://{reachable_host(host)}:{web_port}/",
                flush=True,
            )
            if not is_loopback(host.strip("[]")):
                print(PLAIN_HTTP, flush=True)
            if ready is not None:
                ready.set()
            await stop.wait()
        finally:
            await gateway.close()
            if server is not None:
                await server.close()
        print("whitechapel: stopped cleanly", flush=True)


def run_web(**kwargs: Any) -> int:
    """`whitechapel web`: 0 after a clean stop (SIGTERM, SIGINT/Ctrl-C)."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_web(**kwargs))
    return 0
