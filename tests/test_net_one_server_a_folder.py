"""One game server to a data folder (tester PT, Pocket round 10: a `web`
started beside a running `serve --ssh` on the same folder took over its
gateway socket, and new SSH players landed in the second server's lobby,
the live duel's players shown "away"; both would have written the same
rooms' journals).  Loopback and local sockets only."""

from __future__ import annotations

import asyncio
import sys

import pytest

from whitechapel.core.errors import WhitechapelError
from whitechapel.net.server import GameServer, gateway_socket_path

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX's")


async def test_a_second_server_on_a_folder_in_use_is_refused_and_the_first_serves_on(tmp_path):
    first = GameServer(tmp_path, gateway_socket=gateway_socket_path(tmp_path))
    await first.start("127.0.0.1", 0)
    try:
        second = GameServer(tmp_path, gateway_socket=gateway_socket_path(tmp_path))
        with pytest.raises(WhitechapelError, match="another whitechapel server is using"):
            await second.start("127.0.0.1", 0)
        # the first one's gateway socket is still there, and answers
        _reader, writer = await asyncio.open_unix_connection(str(gateway_socket_path(tmp_path)))
        writer.close()
        await writer.wait_closed()
    finally:
        await first.close()
    third = GameServer(tmp_path, gateway_socket=gateway_socket_path(tmp_path))
    await third.start("127.0.0.1", 0)  # the folder is free once the first has stopped
    await third.close()
