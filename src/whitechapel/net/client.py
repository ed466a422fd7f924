"""A small asyncio client of the `whitechapel/1` protocol.

Used by the tests and the benchmark, and meant for the interface: it keeps
no game state of its own, only the messages.  Replies can arrive between
broadcasts (a `state` from another seat's move may come before the answer to
ours), so `expect` reads until the wanted type arrives and keeps the others
for `recv`, in order.
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import os
from collections import deque
from typing import Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.net.protocol import MAX_SERVER_MESSAGE, PROTOCOL, decode_server, encode


class ClientError(WhitechapelError):
    """The server refused a request (its `error` message) or closed."""

    def __init__(self, message: str, reply: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.reply = reply or {}


class Client:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.backlog: deque[dict[str, Any]] = deque()
        self.welcome: dict[str, Any] = {}
        self._keep_alive: asyncio.Task | None = None

    @classmethod
    async def connect(
        cls,
        host: str,
        port: int,
        name: str,
        *,
        timeout: float = 10.0,
        hello: bool = True,
        password: str | None = None,
        local_addr: tuple[str, int] | None = None,
        unix: str | os.PathLike[str] | None = None,
        fields: dict[str, Any] | None = None,
    ) -> Client:
        """Connect (to `host:port`, or to the Unix socket `unix`: the
        gateway's channel) and say hello (unless `hello` is False, for
        tests), with the server's `password` if given (a server beyond
        loopback needs it) and `fields` added to it (`identity`, `peer`,
        `gateway`); `local_addr` binds the client's end (tests use 127.0.0.x)."""
        if unix is not None:
            opening = asyncio.open_unix_connection(unix, limit=MAX_SERVER_MESSAGE)
        else:
            opening = asyncio.open_connection(
                host, port, limit=MAX_SERVER_MESSAGE, local_addr=local_addr
            )
        reader, writer = await asyncio.wait_for(opening, timeout)
        client = cls(reader, writer)
        if hello:
            msg = {"type": "hello", "protocol": PROTOCOL, "name": name, **(fields or {})}
            if password is not None:
                msg["password"] = password
            await client.send(msg)
            client.welcome = await client.expect("welcome", timeout=timeout)
        return client

    async def send(self, msg: dict[str, Any]) -> None:
        await self.send_raw(encode(msg))

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are (tests send malformed lines with it)."""
        self.writer.write(data)
        await self.writer.drain()

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message; `ClientError` when the server hung up."""
        if self.backlog:
            return self.backlog.popleft()
        return await self._read(timeout)

    async def _read(self, timeout: float) -> dict[str, Any]:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        if not line:
            raise ClientError("the server closed the connection")
        return decode_server(line)

    async def expect(
        self, *types: str, room: str | None = None, timeout: float = 10.0
    ) -> dict[str, Any]:
        """The first message of one of `types` (for `room`, if given); others
        are kept for `recv`.  An `error` or `closed` met first is raised."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        for i, msg in enumerate(self.backlog):
            if self._wanted(msg, types, room):
                del self.backlog[i]
                return msg
        while True:
            msg = await self._read(max(0.0, deadline - loop.time()))
            if self._wanted(msg, types, room):
                return msg
            if msg["type"] in ("error", "closed"):
                raise ClientError(msg.get("message") or msg.get("reason", ""), msg)
            self.backlog.append(msg)

    @staticmethod
    def _wanted(msg: dict[str, Any], types: tuple[str, ...], room: str | None) -> bool:
        """Room codes are matched as the server writes them: upper-case."""
        return msg["type"] in types and (room is None or msg.get("room") in (room.upper(), None))

    # -- requests ----------------------------------------------------------------

    async def create(self, game: str, **fields: Any) -> dict[str, Any]:
        """`created` (the room, seat and token); the first `state` follows."""
        await self.send({"type": "create", "game": game, **fields})
        return await self.expect("created")

    async def join(
        self,
        room: str,
        seat: str | None = None,
        token: str | None = None,
        rejoin: str | None = None,
    ) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "join", "room": room}
        if rejoin is not None:
            msg["rejoin"] = rejoin
        if seat is not None:
            msg["seat"] = seat
        if token is not None:
            msg["token"] = token
        await self.send(msg)
        return await self.expect("joined", room=room)

    async def watch(self, room: str) -> dict[str, Any]:
        await self.send({"type": "watch", "room": room})
        return await self.expect("state", room=room)

    async def list(self) -> list[dict[str, Any]]:
        await self.send({"type": "list"})
        return (await self.expect("rooms"))["rooms"]

    async def records(self) -> builtins.list[dict[str, Any]]:  # `list` is a method here
        """The newest finished games: `{id, game, players, winner, reason, ended}`."""
        await self.send({"type": "records"})
        return (await self.expect("records"))["records"]

    async def record(self, record_id: str) -> str:
        """A finished game's record, as JSON text (docs/records.md)."""
        await self.send({"type": "record", "id": record_id})
        return (await self.expect("record"))["record"]

    async def act(self, room: str, action: str) -> dict[str, Any]:
        """Play `action`; returns the `state` it caused (`ClientError` if refused)."""
        await self.send({"type": "act", "room": room, "action": action})
        return await self.expect("state", room=room)

    async def rematch(self, room: str, accept: bool = True) -> None:
        """Offer (or agree to) a rematch of the finished `room`, or decline
        it; the answers (`rematch`, `rematch_off`, or the new room's
        `joined`) come through `expect`/`recv`."""
        await self.send({"type": "rematch", "room": room, "accept": accept})

    async def state(self, room: str, timeout: float = 10.0) -> dict[str, Any]:
        return await self.expect("state", room=room, timeout=timeout)

    def keep_alive(self, every: float = 300.0) -> asyncio.Task:
        """Send `ping` every `every` seconds, so that the server's idle timeout
        (15 minutes by default) never closes a player who is only watching or
        waiting; the `pong` replies arrive through `recv` like any message."""

        async def pinging() -> None:
            while not self.writer.is_closing():
                await asyncio.sleep(every)
                with contextlib.suppress(ConnectionError):
                    await self.send({"type": "ping"})

        self._keep_alive = asyncio.create_task(pinging())
        return self._keep_alive

    def hang_up(self) -> None:
        """Close the connection now, without waiting for it to be closed."""
        if self._keep_alive is not None:
            self._keep_alive.cancel()
        self.writer.close()

    async def close(self) -> None:
        self.hang_up()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()
