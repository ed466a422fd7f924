"""The app of one SSH session: the lobby, joined to the game server as the
session's identity, with no file-system features; opened in the room an
invite asked for (`WHITECHAPEL_ROOM`), showing invite lines that start as
`WHITECHAPEL_INVITE` says.  A session host
(`gateway/sessionhost.py`) builds one from the variables the gateway gives
it (`gateway/env.py`'s `session_env`)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping

from whitechapel.app import WhitechapelApp
from whitechapel.core.names import MAX_NAME, clean_name
from whitechapel.core.store import data_dir
from whitechapel.gateway.limits import join_command
from whitechapel.net.access import LOOPBACK, parse_address
from whitechapel.net.server import DEFAULT_PORT, gateway_socket_path
from whitechapel.ui.link import Link
from whitechapel.ui.lobby import LobbyScreen


def gateway_link(env: Mapping[str, str], address: str, name: str) -> Link:
    """The lobby's `Link` of an SSH session, from the gateway's variables:
    `WHITECHAPEL_SERVER` is `unix:PATH` (the server's gateway socket) or
    `HOST:PORT`; on loopback the socket in the server's data folder is used
    when it is there, else TCP, which carries `WHITECHAPEL_GATEWAY_SECRET`.
    The hello says `WHITECHAPEL_IDENTITY` and `WHITECHAPEL_PEER` when the
    channel can prove them (the socket, or TCP with the secret)."""
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


@contextlib.contextmanager
def _terminal_environ(env: Mapping[str, str]) -> Iterator[None]:
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


def session_app(env: Mapping[str, str], address: str = "", name: str = "") -> WhitechapelApp:
    """The app of one SSH session, from its variables."""
    name, cut = clean_name(env.get("WHITECHAPEL_NAME") or name)
    name = name or "player"
    link = gateway_link(env, address, name)
    if cut:
        link.notice = f"Your name is cut to {MAX_NAME} characters: {name}"
    # an invite's room (`ssh -t ... join CODE`), checked again: straight to it
    room = join_command(f"join {env['WHITECHAPEL_ROOM']}") if env.get("WHITECHAPEL_ROOM") else None
    invite = env.get("WHITECHAPEL_INVITE") or None
    with _terminal_environ(env):
        return WhitechapelApp(start=LobbyScreen(link, room, invite=invite), ssh=True)
