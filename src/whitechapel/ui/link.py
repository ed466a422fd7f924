"""The app's one connection to a game server (`Link`), and the seats its
player holds there: what the lobby (`ui/lobby.py`) and the network seats'
screens (`ui/source.py`'s `RemoteSource`) send through."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from whitechapel.core.errors import WhitechapelError


class Link:
    """The app's connection to the server, and the seats this player holds
    there (room -> seat, token, rejoin code).

    At home (`whitechapel join HOST:PORT`) the seats are kept in a file of
    the data folder readable by the user alone (0600), per server and name,
    so the player comes back to them.  In an SSH session (`ssh`) nothing is
    written anywhere: the server knows the seats of the session's identity
    (the gateway proves it), and a password session takes a seat back with
    its rejoin code."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        unix: str | None = None,
        fields: dict[str, str] | None = None,
        ssh: bool = False,
        password: str | None = None,
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.password = password  # the server's, when it is reached beyond loopback
        self.unix, self.fields, self.ssh = unix, dict(fields or {}), ssh
        # Never a path on the screen: an SSH player sees "this server".
        self.where = "this server" if unix is not None else f"{host}:{port}"
        self.notice = ""  # one line shown once connected (a name cut, say)
        self.client: Any = None
        self.seats: dict[str, tuple[str, str, str]] = {} if ssh else self._load()
        # The player's `TURN_BELL` (core/settings.py): the bell and the title
        # at a network seat when the turn comes to it; the lobby's row sets it.
        self.turn_bell = True

    def _file(self) -> Path:
        from whitechapel.core.store import data_dir

        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in self.name)[:40]
        return data_dir() / "seats" / f"{self.host}_{self.port}_{safe or 'player'}.json"

    def _load(self) -> dict[str, tuple[str, str, str]]:
        from whitechapel.core.files import read_player_file

        try:
            data = json.loads(read_player_file(self._file(), ValueError, "seat file", 256 * 1024))
            return {
                str(r): (str(v[0]), str(v[1]), str(v[2]) if len(v) > 2 else "")
                for r, v in data.items()
            }
        except (ValueError, TypeError, IndexError, AttributeError):
            return {}  # none yet, or unreadable: start afresh

    def remember(self, room: str, seat: str, token: str, rejoin: str = "") -> None:
        known = self.seats.get(room)
        if known is not None and known[0] == seat:  # a rejoin says no token or code again
            token, rejoin = token or known[1], rejoin or known[2]
        self.seats[room] = (seat, token, rejoin)
        if self.ssh:
            return  # an SSH session writes no file
        from whitechapel.core.store import atomic_write_text

        with contextlib.suppress(OSError):
            folder = self._file().parent
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            atomic_write_text(self._file(), json.dumps(self.seats))  # created 0600
            os.chmod(self._file(), 0o600)

    def rejoin_code(self, room: str | None) -> str:
        return self.seats[room][2] if room in self.seats else ""

    def invite(self, room: str) -> str:
        """The line that brings another player to `room`, to copy and send:
        `whitechapel join HOST:PORT ROOM` from home; in a gateway session,
        whose address the app is not told, the room's code as the lobby's
        join field takes it."""
        if self.unix is not None or self.ssh:
            return f"join room {room} in this server's lobby: j, then {room}"
        bare = ":" in self.host and not self.host.startswith("[")
        host = f"[{self.host}]" if bare else self.host
        return f"whitechapel join {host}:{self.port} {room}"

    async def connect(self) -> None:
        from whitechapel.net.client import Client

        self.client = await Client.connect(
            self.host,
            self.port,
            self.name,
            unix=self.unix,
            # the screens show who is away (a `state` comes when it changes),
            # a finished game's rematch is offered and answered here, and the
            # lobby is sent the list of rooms again when it changes
            fields={**self.fields, "features": ["presence", "rematch", "lobby"]},
            password=self.password,
        )

    def drop(self) -> None:
        """Hang up on the server (the app is leaving)."""
        if self.client is not None:
            self.client.hang_up()
            self.client = None

    async def send(self, msg: dict[str, Any]) -> None:
        if self.client is None:
            raise WhitechapelError("not connected to the server")
        await self.client.send(msg)
