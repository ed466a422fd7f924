"""The game server: asyncio streams, JSON lines, every game held here.

`GameServer` puts the parts together and runs their life: the connections
(`peers.py`: reading each one under the limits, its hello, what it is
sent), the table of rooms (`table.py`: who is in each room, a change
written before it is told, finished and idle rooms leaving), the handlers
of the room messages (`handlers.py`, one typed handler per kind of
message: `messages.py`), and the store the rooms live in between restarts
(`roomstore.py`, written in order by `writer.py`).  Starting restores the
rooms and listens; a tick checks the chess clocks and retires idle rooms,
another sends the lobbies the list of rooms when it changed; closing tells
every peer and writes every room.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.net.computers import ComputerSeats
from whitechapel.net.connection import Connection, Limits
from whitechapel.net.handlers import LOBBY_EVERY, RoomHandlers
from whitechapel.net.peers import Dispatch, Peers
from whitechapel.net.protocol import PROTOCOL
from whitechapel.net.rooms import Room
from whitechapel.net.roomstore import RoomStore
from whitechapel.net.table import Table
from whitechapel.net.writer import RoomWriter

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7888
GATEWAY_SOCKET = Path("gateway") / "server.sock"  # under the data folder


def gateway_socket_path(data_dir: Path) -> Path:
    """Where `whitechapel serve` puts the gateway's Unix socket."""
    return data_dir / GATEWAY_SOCKET


SERVER_LOCK = "server.lock"  # under the data folder: held by the one server using it


def hold_data_folder(root: Path) -> int | None:
    """The lock on a data folder (an open descriptor, closed to let go), or
    WhitechapelError where another server holds it: two servers on one
    folder would write the same rooms' journals, and the second would take
    the first's gateway socket, its SSH players landing in the second's
    lobby (tester PT, Pocket round 10).  None where the system has no
    `flock`."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: nothing to hold
        return None
    root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root / SERVER_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise WhitechapelError(
            f"another whitechapel server is using the data folder {root}: stop it, or give "
            "this one a folder of its own (WHITECHAPEL_DATA_DIR), or join it (--server)"
        ) from None
    return fd


class GameServer:
    """Holds every room; serves connections once `start`ed."""

    def __init__(
        self,
        data_dir: Path | None = None,
        *,
        limits: Limits | None = None,
        now: Callable[[], float] = time.time,
        persist: bool = True,
        client_seeds: bool = False,
        password: str | None = None,
        trust_loopback: bool = True,
        gateway_socket: Path | None = None,
        gateway_secret: str | None = None,
    ) -> None:
        """`data_dir` is the data folder (rooms go in its `rooms/`; default
        `core.store.data_dir()`); `now` is the chess clocks' wall time.

        Every room's chance (Jack, the alibi deck, the token throws, the
        Chief order) is drawn by the server from a secret source: a seed
        chosen by a client would let that client compute the other side's
        secrets.  `client_seeds` honours a `create`'s seed instead; it is for
        tests and benchmarks that replay a known game, and `whitechapel serve`
        never sets it.

        `password`, when given, must come in every `hello` -- except from a
        loopback address while `trust_loopback` (this machine: the SSH
        gateway's app processes); `whitechapel serve` sets it when it listens
        beyond loopback.

        `gateway_socket` is a Unix socket the server also listens on (made
        0600 in a 0700 folder): the SSH gateway's channel, whose `hello` may
        say who is connecting (`identity`, `peer`) and is believed.  Over TCP
        such a `hello` must carry `gateway_secret` (a gateway on another
        machine), else it is refused."""
        self.limits = limits or Limits()
        self.now = now
        self.persist = persist
        self.store = RoomStore(data_dir)
        self.writer = RoomWriter(self.store, persist)
        # Each kind of message's handler (typed: net/messages.py); the
        # connections answer hello and ping, the room handlers the rest.
        self.dispatch = Dispatch()
        self.table = Table(self.store, self.writer, self.limits, self._send, now, persist)
        self.peers = Peers(
            self.limits,
            self.dispatch,
            self.table.leave_all,
            password=password,
            trust_loopback=trust_loopback,
            gateway_secret=gateway_secret,
        )
        self.handlers = RoomHandlers(
            self.table, self._send, self.peers.close_with, client_seeds=client_seeds
        )
        self.handlers.register(self.dispatch)
        self._server: asyncio.Server | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._lister: asyncio.Task[None] | None = None
        self.address: tuple[str, int] | None = None
        self.gateway_socket = gateway_socket
        self._unix: asyncio.Server | None = None
        self._held: int | None = None  # the data folder's lock, while serving

    def _send(self, conn: Connection, msg: dict[str, Any]) -> None:
        """What the table and the room handlers send; a connection sent a
        room's `state` is at that room's table, no lobby any more."""
        if msg.get("type") == "state":
            self.handlers.unlist(conn)
        self.peers.send(conn, msg)

    # What tests, benchmarks and operators look at: the table's and the peers'.

    @property
    def rooms(self) -> dict[str, Room]:
        return self.table.rooms

    @property
    def members(self) -> dict[str, dict[Connection, str | None]]:
        return self.table.members

    @property
    def connections(self) -> set[Connection]:
        return self.peers.connections

    @property
    def computers(self) -> ComputerSeats:
        return self.table.computers

    def send(self, conn: Connection, msg: dict[str, Any]) -> None:
        self.peers.send(conn, msg)

    def retire_idle(self) -> int:
        return self.table.retire_idle()

    async def check_clocks(self) -> None:
        await self.table.check_clocks()

    # -- life cycle -------------------------------------------------------------

    async def start(self, host: str = DEFAULT_HOST, port: int = 0) -> tuple[str, int]:
        """Restore the room store, listen, and return the (host, port) bound."""
        table = self.table
        if self.persist or self.gateway_socket is not None:
            self._held = hold_data_folder(self.store.folder.parent)
        try:
            if self.persist:
                table.rooms.update(await asyncio.to_thread(self._restore))
                log.info("restored %d rooms from %s", len(table.rooms), self.store.folder)
            table.members.update({room_id: {} for room_id in table.rooms})
            loop = asyncio.get_running_loop()
            self._server = await loop.create_server(self.peers.protocol, host, port)
            host, port = self._server.sockets[0].getsockname()[:2]
            self.address = (host, port)
            if self.gateway_socket is not None:
                self._unix = await self._listen_gateway(self.gateway_socket)
        except BaseException:
            self._let_go()  # not serving: the folder is free again
            raise
        self._ticker = asyncio.create_task(self._tick())
        self._lister = asyncio.create_task(self._push_lists())
        for room in table.rooms.values():  # a restored room where the computer is to play
            table.computers.turn(room)
        return self.address

    async def _listen_gateway(self, path: Path) -> asyncio.Server:
        """The gateway's Unix socket: only this user may connect (the folder
        is 0700, the socket 0600), so a `hello` on it speaks for the gateway."""
        folder = path.parent
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder, 0o700)
        if len(os.fsencode(path)) > 100:
            raise WhitechapelError(f"{path}: too long a path for a Unix socket")
        old = os.umask(0o177)  # the socket is born 0600
        try:
            loop = asyncio.get_running_loop()  # metered as the TCP port is
            server = await loop.create_unix_server(lambda: self.peers.protocol(gateway=True), path)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        log.info("gateway socket at %s", path)
        return server

    def _restore(self) -> dict[str, Room]:
        """The rooms to serve again (run off the event loop at start): every
        room's snapshot and journal are read; a finished one becomes its
        record, one idle past its time is retired (a restart checks the
        time), the others are checkpointed (snapshot written, journal
        emptied)."""
        live = {}
        for room in self.store.load_all(self.now).values():
            try:
                if room.over:
                    self.store.write_record(room, room.touched)
                    self.store.remove(room.id)
                elif self.table.idle_for(room) is not None:
                    log.info("room %s retired at restart: %s", room.id, self.table.idle_for(room))
                    self.store.remove(room.id)
                else:
                    self.store.checkpoint(room)
                    live[room.id] = room
            except OSError as e:
                log.error("room %s could not be restored: %s", room.id, e)
        self.table.recent.extend(self.store.recent_records(self.limits.records_listed))
        return live

    async def close(self) -> None:
        """Stop listening, tell every peer, wait for their tasks to end, and
        write every room's snapshot that is not up to date."""
        table = self.table
        for task in (self._ticker, self._lister):
            if task:
                task.cancel()
        if self._server:
            self._server.close()
        if self._unix:
            self._unix.close()
        occupied = [room for room_id, room in table.rooms.items() if table.members.get(room_id)]
        tasks = []
        for conn in list(self.peers.connections):
            self.peers.close_with(conn, "the server is shutting down")
            if conn.task and conn.task is not asyncio.current_task():
                tasks.append(conn.task)
        if tasks:
            await asyncio.wait(tasks, timeout=2)
            for task in tasks:
                task.cancel()
        if self._server:
            await self._server.wait_closed()
        if self._unix:
            await self._unix.wait_closed()
            if self.gateway_socket is not None:
                with contextlib.suppress(OSError):
                    self.gateway_socket.unlink()
        for room in occupied:  # people were here until now: their rooms' idle time starts now
            room.touched = self.now()
        table.computers.stop()
        for room in table.rooms.values():  # a clean stop: every snapshot up to date, journals empty
            self.writer.snapshot(room)
        await self.flush()
        self._let_go()  # the folder free for the next server

    def _let_go(self) -> None:
        """The data folder's lock given back, if held (`hold_data_folder`)."""
        if self._held is not None:
            os.close(self._held)
            self._held = None

    async def flush(self) -> None:
        """Wait until every snapshot, record and removal has been written."""
        await self.writer.flush()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.limits.clock_tick)
            try:
                await self.table.check_clocks()
                self.table.retire_idle()
            except Exception:
                log.exception("checking the chess clocks and idle rooms failed")

    async def _push_lists(self) -> None:
        """The lobbies hear of a room opened, filled or closed within
        `LOBBY_EVERY` seconds, and never more often (handlers.py)."""
        while True:
            await asyncio.sleep(LOBBY_EVERY)
            try:
                self.handlers.push_lists()
            except Exception:
                log.exception("sending the lobbies the list of rooms failed")


async def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    data_dir: Path | None = None,
    *,
    limits: Limits | None = None,
    on_ready: Callable[[str, int], None] | None = None,
) -> None:
    """Serve until cancelled or stopped (SIGTERM, SIGINT); `on_ready(host,
    port)` once listening.  The stop signals are handled before the server
    says it is ready: a supervisor's SIGTERM sent the moment it is ready
    stops it cleanly, every room saved, instead of killing it."""
    server = GameServer(data_dir, limits=limits)
    with stop_signals() as stop:
        bound = await server.start(host, port)
        log.info("whitechapel server on %s:%d (%s)", bound[0], bound[1], PROTOCOL)
        try:
            if on_ready:
                on_ready(*bound)
            await stop.wait()
        finally:
            await server.close()
    log.info("whitechapel server stopped cleanly: every room is saved")


@contextlib.contextmanager
def stop_signals() -> Any:
    """An event set by SIGTERM or SIGINT, handled on the running loop (so a
    signal lands between two messages, never inside one); the handlers are
    removed on leaving."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, Windows
            pass
    try:
        yield stop
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


def run_server(
    host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, data_dir: Path | None = None, **kw: Any
) -> int:
    """Blocking entry point; SIGTERM or Ctrl-C closes every connection, writes
    every room, and returns 0."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(host, port, data_dir, **kw))
    return 0
