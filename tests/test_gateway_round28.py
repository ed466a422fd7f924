"""Round 28 of issue 44 (tester RC, docs/playtests/2026-12-07-pocket-round28-RC.md):
"Both first logins … were dropped right after the password ('Connection
closed by 127.0.0.1'). Nothing appeared in the server log."  The gateway
logs why every connection it closes was closed, one line with the peer's
address, bounded per address and in all.  Loopback only; waits are for
events (`until`), never a sleep that decides."""

from __future__ import annotations

import logging

import asyncssh
import pytest

from polling import until
from sshterm import PASSWORD, connect
from test_net_gateway import gateway_with
from whitechapel.gateway import ssh
from whitechapel.gateway.ssh import Access

LOGGER = "whitechapel.gateway.ssh"


def closes(caplog: pytest.LogCaptureFixture, address: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == LOGGER and r.getMessage().startswith(f"closed the connection from {address}:")
    ]


async def test_a_refused_password_is_logged_with_its_address(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD))
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(port, "ann", password="guess", source="127.0.0.81")
        await until(lambda: closes(caplog, "127.0.0.81"), what="the close logged")
        (line,) = closes(caplog, "127.0.0.81")
        assert "login failed (1 attempt)" in line, line
    finally:
        await gateway.close()


async def test_a_client_gone_mid_session_is_logged_with_its_address(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), hold=True)
    try:
        conn = await connect(port, "ann", source="127.0.0.82")
        await conn.create_process(term_type="xterm", term_size=(80, 24))
        await until(lambda: gateway.children, what="the session")
        assert not closes(caplog, "127.0.0.82")
        conn.close()
        await until(lambda: closes(caplog, "127.0.0.82"), what="the close logged")
        (line,) = closes(caplog, "127.0.0.82")
        assert line.endswith(": the client closed it"), line
    finally:
        await gateway.close()


async def test_a_refused_terminal_is_logged_as_the_reason(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD))
    try:
        async with await connect(port, "ann", source="127.0.0.83") as conn:
            result = await conn.run(term_type=None, timeout=60)
            assert result.exit_status == 1
        await until(lambda: closes(caplog, "127.0.0.83"), what="the close logged")
        (line,) = closes(caplog, "127.0.0.83")
        assert line.endswith(": refused: no terminal"), line
    finally:
        await gateway.close()


def test_the_close_log_is_bounded_per_address_and_in_all(caplog):
    """A hostile peer's thousand hang-ups are a few lines and a count."""
    now = [0.0]
    log = ssh.CloseLog(window=60.0, per_address=3, overall=5, clock=lambda: now[0])
    with caplog.at_level(logging.INFO, LOGGER):
        for _ in range(1000):
            log.closed("127.0.0.90", "the client closed it")
        for k in range(10):
            log.closed(f"127.0.1.{k}", "the client closed it")
        lines = [r.getMessage() for r in caplog.records]
        assert len(lines) == 5, lines
        assert sum("127.0.0.90" in line for line in lines) == 3
        now[0] = 61.0  # the minute is over: the next close sums it up
        log.closed("127.0.0.90", "the client closed it")
        lines = [r.getMessage() for r in caplog.records][5:]
    assert "closed 8 more connections in that minute (not logged one by one)" in lines
    assert "closed 997 more connections from 127.0.0.90 in that minute" in lines
    assert lines[-1] == "closed the connection from 127.0.0.90: the client closed it"


async def test_a_session_open_when_the_gateway_stops_gets_its_terminal_back(tmp_path):
    """RD (Pocket round 29): "When I stopped the server, one SSH client that
    was still waiting in a room was left showing the dead game screen, with
    no 'server stopped' message.  I needed `reset`."  The gateway's last
    words to a session it closes put the client's terminal back (the main
    screen, the cursor, no mouse reports) and say why."""
    from whitechapel.gateway.session import TERMINAL_RESET

    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), hold=True)
    closed = False
    try:
        conn = await connect(port, "ann", source="127.0.0.84")
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await until(lambda: gateway.children, what="the session")
        await gateway.close()
        closed = True
        said = await process.stdout.read()
        assert TERMINAL_RESET in said, said
        assert said.endswith(b"whitechapel: the server is shutting down.\r\n"), said
        conn.close()
    finally:
        if not closed:
            await gateway.close()
