"""The SSH gateway's front door (`net/admission.py`): connections still
starting are bounded per address and in all, and given a deadline; logins
are rate-limited per address; logged-in sessions are capped in all; every
kind of channel request counts; a session whose host died is told so.
Everything on loopback (127.0.0.x as so many addresses), with small limits,
bounded in count and time."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from dataclasses import replace

import asyncssh
import pytest
from asyncssh.packet import Boolean, String, UInt32

from polling import until
from sshterm import Terminal, connect
from test_net_gateway import PASSWORD, banner, gateway_with, run_session
from whitechapel.gateway.hosts import HOST_LOST
from whitechapel.gateway.limits import SessionLimits
from whitechapel.gateway.ssh import SLOW_HANDSHAKE, Access, Gateway
from whitechapel.net import admission
from whitechapel.net.admission import Door
from whitechapel.net.server import GameServer


class Watcher(asyncssh.SSHClient):
    """A client that keeps how its connection ended."""

    def __init__(self) -> None:
        self.lost: asyncio.Future[Exception | None] = asyncio.get_running_loop().create_future()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.lost.done():
            self.lost.set_result(exc)


async def refusal(port: int, source: str) -> str:
    """Log in from `source` with the right password: the reason the server
    gives when it closes the connection (waited for, at most 10 s)."""
    client = Watcher()
    try:
        await asyncssh.create_connection(
            lambda: client,
            "127.0.0.1",
            port,
            username="ann",
            password=PASSWORD,
            known_hosts=None,
            client_keys=None,
            preferred_auth="password",
            local_addr=(source, 0),
        )
    except asyncssh.DisconnectError as e:
        return e.reason
    exc = await asyncio.wait_for(client.lost, 60)
    return exc.reason if isinstance(exc, asyncssh.DisconnectError) else repr(exc)


async def half_open(port: int, source: str, say: bytes = b"") -> asyncio.StreamWriter:
    """A TCP connection from `source` that is let in (the server's version
    line read), says `say` and then nothing more."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    line = await asyncio.wait_for(reader.readline(), 60)
    assert line.startswith(b"SSH-2.0-"), f"{source} was not let in"
    writer.write(say)
    return writer


def lines(caplog: pytest.LogCaptureFixture, words: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if words in r.getMessage()]


async def test_half_open_connections_past_the_startup_rule_are_refused_and_a_login_gets_in(
    tmp_path, caplog
):
    caplog.set_level(logging.WARNING, logger="whitechapel.gateway.ssh")
    door = replace(admission.SSH, pending_per_address=2, pending=5)
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), door=door)
    writers: list[asyncio.StreamWriter] = []
    try:
        writers += [await half_open(port, "127.0.0.30") for _ in range(2)]  # never a version
        assert await banner(port, "127.0.0.30") == b""  # the address's third: closed at once
        assert await banner(port, "127.0.0.30") == b""
        writers.append(await half_open(port, "127.0.0.31", b"SSH-2.0-mallory\r\n"))  # then stops
        writers.append(await half_open(port, "127.0.0.31"))
        assert gateway.door.pending_total == 4
        await run_session(port, "ann", "127.0.0.32", password=PASSWORD, client_keys=None)
        assert len(gateway.hosts.envs) == 1  # a real login from another address got in
        writers.append(await half_open(port, "127.0.0.33"))
        assert await banner(port, "127.0.0.34") == b""  # five starting in all: closed at once
        # Refusals are logged one line per reason (the rest of the minute as a count).
        assert len(lines(caplog, f"127.0.0.30: {Door.FULL_FOR_YOU}")) == 1
        assert len(lines(caplog, f"127.0.0.34: {Door.BUSY}")) == 1
    finally:
        for writer in writers:
            writer.close()
        await gateway.close()


async def test_a_connection_that_does_not_begin_to_log_in_is_closed(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="whitechapel.gateway.ssh")
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), handshake_timeout=0.5)
    try:
        for say in (b"", b"SSH-2.0-mallory\r\n"):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=("127.0.0.35", 0)
            )
            assert (await asyncio.wait_for(reader.readline(), 60)).startswith(b"SSH-2.0-")
            writer.write(say)
            await asyncio.wait_for(reader.read(), 60)  # to its end: closed by the server
            writer.close()
        await until(lambda: not gateway.connections, what="both closed")
        assert len(lines(caplog, SLOW_HANDSHAKE)) == 1
    finally:
        await gateway.close()


async def test_login_churn_from_one_address_is_refused_after_the_burst(tmp_path):
    door = replace(admission.SSH, login_burst=2, logins_per_minute=1.0)
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), door=door)
    try:
        for _ in range(2):
            await run_session(port, "ann", "127.0.0.40", password=PASSWORD, client_keys=None)
        assert (await refusal(port, "127.0.0.40")).startswith(Door.CHURN)
        assert len(gateway.hosts.envs) == 2  # no app for the refused login
        await run_session(port, "bob", "127.0.0.41", password=PASSWORD, client_keys=None)
        assert len(gateway.hosts.envs) == 3
    finally:
        await gateway.close()


REQUESTS = {
    "whitechapel-junk@example.org": (),
    "x11-req": (Boolean(False), String(b"MIT-MAGIC-COOKIE-1"), String(b"00" * 16), UInt32(0)),
    "xon-xoff": (Boolean(True),),
    "auth-agent-req@openssh.com": (),
    "exit-status": (UInt32(0),),
}


@pytest.mark.parametrize("kind", list(REQUESTS))
async def test_every_kind_of_channel_request_counts(tmp_path, caplog, kind):
    caplog.set_level(logging.WARNING, logger="whitechapel.gateway.ssh")
    limits = SessionLimits(requests_rate=1.0, requests_burst=10.0)
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), hold=True, limits=limits)
    try:
        conn = await connect(port, "mallory", source="127.0.0.50")
        process = await conn.create_process(term_type="xterm", term_size=(80, 24))
        await until(lambda: gateway.children, what="the session")
        for _ in range(50):
            process.channel._send_request(kind.encode(), *REQUESTS[kind])
        await asyncio.wait_for(conn.wait_closed(), 60)
        assert lines(caplog, "127.0.0.50 sent too many channel requests")
        await until(lambda: not gateway.sessions, what="the session ended")
    finally:
        await gateway.close()


async def test_the_total_session_cap_holds(tmp_path):
    door = replace(admission.SSH, live=2)
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), hold=True, door=door)
    try:
        conns = [
            await connect(port, name, source=source)
            for name, source in (("ann", "127.0.0.60"), ("bob", "127.0.0.61"))
        ]
        for conn in conns:
            await conn.create_process(term_type="xterm", term_size=(80, 24))
        await until(lambda: len(gateway.children) == 2, what="two sessions")
        assert (await refusal(port, "127.0.0.62")).startswith(Door.FULL)
        assert len(gateway.hosts.envs) == 2
        conns[0].close()
        await until(lambda: gateway.door.live_total == 1, what="a place freed")
        conns.append(await connect(port, "cy", source="127.0.0.62"))
        await conns[-1].create_process(term_type="xterm", term_size=(80, 24))
        await until(lambda: len(gateway.hosts.envs) == 3, what="the third session")
        for conn in conns:
            conn.close()
    finally:
        await gateway.close()


async def test_a_session_whose_host_is_killed_is_told_so(tmp_path):
    game = GameServer(tmp_path)
    host, game_port = await game.start("127.0.0.1", 0)
    gateway = Gateway(
        host, game_port, key_folder=tmp_path / "ssh", access=Access(PASSWORD), min_hosts=1
    )
    port = await gateway.start("127.0.0.1", 0)
    try:
        async with await connect(port, "ann") as conn:
            term = await Terminal.open(conn)
            await term.wait_for("Connected.")
            (session_host,) = gateway.hosts.hosts
            os.kill(session_host.pid, signal.SIGKILL)
            await term.wait_for(HOST_LOST)
        await until(lambda: not gateway.sessions, what="the session ended")
    finally:
        await gateway.close()
        await game.close()
