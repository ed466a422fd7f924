"""One front door (net/admission.py): what every way in counts, and the
game server's raw port under it.

The admission module's parts with fake clocks (a door's pending and live
counts, its login rate, IPv6 addresses counted by their /64, the limits'
settings, password checks one at a time per address and their failures
logged a line a minute); then the raw port on loopback: silent connections
at the raw caps do not keep a gateway's player from the lobby, wrong
passwords from one address are checked one at a time while the right one
from another address is let in, and a server that could not write its
rooms' snapshots says so when it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import json
import logging
import socket

import pytest

from polling import until
from test_net_protocol import FakeTime
from whitechapel.core.errors import WhitechapelError
from whitechapel.gateway.serve import stop_line
from whitechapel.net.admission import (
    RAW,
    SSH,
    AdmissionLimits,
    Checks,
    Door,
    DoorLimits,
    FailureLog,
    address_key,
    parse_limit,
)
from whitechapel.net.client import Client, ClientError
from whitechapel.net.penalties import Penalties
from whitechapel.net.protocol import PROTOCOL, WRONG_PASSWORD, encode
from whitechapel.net.server import GameServer, Limits

SMALL = DoorLimits(
    pending_per_address=2,
    pending=3,
    pending_timeout=1.0,
    logins_per_minute=6.0,
    login_burst=2,
    live_per_address=2,
    live=3,
)


# -- the admission module ---------------------------------------------------------------


def test_an_ipv6_host_is_one_address_and_a_mapped_ipv4_is_ipv4():
    assert address_key("2001:db8:1:2::7") == address_key("2001:db8:1:2:ffff::1")
    assert address_key("2001:db8:1:2::7") != address_key("2001:db8:1:3::7")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7" == address_key("192.0.2.7")
    assert address_key("local") == "local"


def test_a_door_counts_pending_and_live_per_address_and_in_all():
    door = Door(SMALL)
    a1, a2 = door.enter("192.0.2.1"), door.enter("192.0.2.1")
    assert door.enter("192.0.2.1") == Door.FULL_FOR_YOU  # two starting from one address
    b1 = door.enter("192.0.2.2")
    assert door.enter("192.0.2.3") == Door.BUSY  # three starting in all
    assert not isinstance(a1, str) and not isinstance(a2, str) and not isinstance(b1, str)
    assert a1.admit() is None and a2.admit() is None and door.pending_total == 1
    c = door.enter("192.0.2.3")
    assert not isinstance(c, str)
    assert c.admit("192.0.2.1") == Door.FULL_FOR_YOU  # a gateway's player: counted as theirs
    assert b1.admit() is None and c.admit() == Door.FULL  # three live in all
    a1.leave()
    a1.leave()  # released once however often it leaves
    assert c.admit() is None and door.live_total == 3 and door.pending_total == 0
    for ticket in (a2, b1, c):
        ticket.leave()
    assert door.live_total == door.pending_total == 0 and not door.live and not door.pending


def test_an_exempt_address_is_counted_only_in_all():
    door = Door(SMALL, exempt=lambda key: key == "192.0.2.9")
    assert not any(isinstance(door.enter("192.0.2.9"), str) for _ in range(3))
    assert door.enter("192.0.2.9") == Door.BUSY


def test_logins_from_one_address_are_rated_and_others_are_not():
    clock = FakeTime()
    door = Door(SMALL, clock=clock)
    assert door.login("192.0.2.1") is None and door.login("192.0.2.1") is None
    assert door.login("192.0.2.1") == Door.CHURN
    assert door.login("192.0.2.2") is None
    clock.t += 10  # 6 a minute: one more every 10 s
    assert door.login("192.0.2.1") is None and door.login("192.0.2.1") == Door.CHURN


def test_the_raw_ports_limits_read_and_take_its_door_numbers():
    limits = Limits()
    assert limits.door == RAW and limits.with_door(limits.door) == limits
    taken = limits.with_door(SSH, gateway_pool=5)
    assert taken.door == SSH and taken.gateway_pool == 5
    assert (taken.hello_timeout, taken.per_address, taken.max_pending) == (30.0, 4, 64)


def test_limits_are_set_by_name_from_options_and_files():
    limits = AdmissionLimits().with_settings({"web.pending": "300", "ssh": {"live": 50}})
    assert limits.web.pending == 300 and limits.ssh.live == 50 and limits.raw.pending == 128
    assert limits.with_settings({"gateway_pool": 5}).gateway_pool == 5
    assert AdmissionLimits().ssh == SSH
    for bad, said in [
        ({"web.nothing": 1}, "no limit is called 'web.nothing'"),
        ({"door.live": 1}, "no door is called 'door'"),
        ({"ssh.live": -1}, "must be a positive number"),
        ({"ssh.live": "many"}, "must be a positive number"),
        ({"ssh.live": 1.5}, "must be a whole number"),
        ({"ssh.live": True}, "must be a positive number"),
    ]:
        with pytest.raises(WhitechapelError, match=said):
            AdmissionLimits().with_settings(bad)
    assert parse_limit("web.pending = 300") == ("web.pending", "300")
    with pytest.raises(WhitechapelError, match="NAME=NUMBER"):
        parse_limit("web.pending")


def test_failures_are_logged_as_one_line_per_address_a_minute(caplog):
    clock = FakeTime()
    failures = FailureLog(logging.getLogger("test.front"), "web password", clock=clock)
    with caplog.at_level(logging.WARNING, "test.front"):
        for _ in range(300):
            failures.failed("192.0.2.1")
        failures.failed("192.0.2.2")
        clock.t += 60
        failures.failed("192.0.2.1")
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "a wrong web password from 192.0.2.1",
        "a wrong web password from 192.0.2.2",
        "299 more wrong web passwords from 192.0.2.1 in the minute after the first",
        "a wrong web password from 192.0.2.1",
    ]


async def test_checks_from_one_address_take_turns_and_another_address_waits_for_none():
    penalties = Penalties(first=0.01, cap=0.02)
    checks = Checks(FailureLog(logging.getLogger("test.front"), "password"), penalties, waiting=50)
    in_flight, most = 0, 0

    async def counted() -> bool | None:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        try:
            return await checks.check("192.0.2.1", lambda: False)
        finally:
            in_flight -= 1

    guesses = [asyncio.ensure_future(checks.check("192.0.2.1", lambda: False)) for _ in range(40)]
    await asyncio.sleep(0)  # every guess has asked for its turn
    assert checks.in_flight("192.0.2.1") == 40
    assert await checks.check("192.0.2.2", lambda: True) is True  # at once, beside them
    assert not any(g.done() for g in guesses)
    started = asyncio.get_running_loop().time()
    results = await asyncio.gather(*guesses)
    took = asyncio.get_running_loop().time() - started
    assert results == [False] * 40 and checks.in_flight("192.0.2.1") == 0
    assert took >= 0.01 + 0.02 * 39 - 0.05  # one delay after another, never side by side


async def test_a_guesser_that_hangs_up_keeps_its_turn_until_its_delay_is_over():
    penalties = Penalties(first=30.0, cap=30.0)
    checks = Checks(FailureLog(logging.getLogger("test.front"), "password"), penalties)
    guess = asyncio.ensure_future(checks.check("192.0.2.1", lambda: False))
    await until(lambda: penalties.count("192.0.2.1") == 1, what="the failure counted")
    guess.cancel()
    with pytest.raises(asyncio.CancelledError):
        await guess
    nxt = asyncio.ensure_future(checks.check("192.0.2.1", lambda: True))
    await asyncio.sleep(0)
    assert not nxt.done() and checks.in_flight("192.0.2.1") == 2  # still the guesser's turn
    nxt.cancel()


async def test_too_many_checks_queued_from_one_address_are_refused_at_once():
    checks = Checks(
        FailureLog(logging.getLogger("test.front"), "password"),
        Penalties(first=30.0, cap=30.0),
        waiting=3,
    )
    queued = [asyncio.ensure_future(checks.check("192.0.2.1", lambda: False)) for _ in range(3)]
    await until(lambda: checks.in_flight("192.0.2.1") == 3, what="three queued")
    assert await checks.check("192.0.2.1", lambda: True) is None
    assert await checks.check("192.0.2.2", lambda: True) is True
    for q in queued:
        q.cancel()


# -- the raw port -----------------------------------------------------------------------


async def _silent(address: str, port: int) -> socket.socket:
    """A TCP connection from `address` (on loopback) that never says hello."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return sock


async def _gateway_hello(path, name: str, peer: str) -> dict:
    """Hello on the gateway's Unix socket, as an SSH or web session's app
    says it; the server's answer."""
    reader, writer = await asyncio.open_unix_connection(str(path))
    writer.write(
        encode(
            {
                "type": "hello",
                "protocol": PROTOCOL,
                "name": name,
                "identity": f"session:{name:0>32}",
                "peer": peer,
            }
        )
    )
    await writer.drain()
    answer = json.loads(await reader.readline())
    writer.close()
    return answer


async def test_raw_connections_at_every_raw_cap_do_not_keep_a_gateway_player_out(tmp_path):
    path = tmp_path / "gw.sock"
    limits = Limits(max_pending=6, pending_per_address=2, max_connections=4, per_address=2)
    srv = GameServer(tmp_path, limits=limits, gateway_socket=path)
    host, port = await srv.start()
    silent, live = [], []
    try:
        for i in range(2, 6):  # live raw clients from four addresses: the raw cap
            live.append(await Client.connect(host, port, f"r{i}", local_addr=(f"127.0.0.{i}", 0)))
        for i in range(10, 13):  # then silent ones from three more: the pending cap
            silent += [await _silent(f"127.0.0.{i}", port) for _ in range(2)]
        await until(lambda: srv.peers.door.pending_total == 6, what="the silent ones counted")
        with pytest.raises(ClientError, match="too many connections are starting"):
            await Client.connect(host, port, "late", hello=True)
        answers = [await _gateway_hello(path, f"p{i}", f"198.51.100.{i}") for i in range(8)]
        assert [a["type"] for a in answers] == ["welcome"] * 8
    finally:
        for sock in silent:
            sock.close()
        for client in live:
            await client.close()
        await srv.close()


async def test_a_silent_connection_is_closed_after_its_hello_time(tmp_path):
    srv = GameServer(tmp_path, limits=Limits(hello_timeout=0.2, max_pending=1))
    host, port = await srv.start()
    try:
        mute = await Client.connect(host, port, "mute", hello=False)
        assert await mute.recv() == {"type": "closed", "reason": "no hello in 0.2 seconds"}
        await until(lambda: srv.peers.door.pending_total == 0, what="its place given back")
        assert (await Client.connect(host, port, "next")).welcome
    finally:
        await srv.close()


async def test_raw_passwords_from_one_address_are_checked_one_at_a_time(tmp_path):
    srv = GameServer(tmp_path, password="right", trust_loopback=False)
    penalties = srv.peers.checks.penalties = Penalties(first=30.0, cap=30.0)
    host, port = await srv.start()
    srv.peers.door = Door(dataclasses.replace(RAW, pending_per_address=40))
    guesser = ("127.0.0.20", 0)

    async def guess(i: int) -> str:
        try:
            await Client.connect(host, port, f"g{i}", password="wrong", local_addr=guesser)
        except ClientError as e:
            return str(e)
        return "welcome"

    guesses = [asyncio.ensure_future(guess(i)) for i in range(20)]
    try:
        # The first wrong guess holds its address's turn for its 30 s; 7 more
        # queue behind it, and the other 12 are refused at once, unchecked.
        await until(
            lambda: (
                srv.peers.checks.in_flight("127.0.0.20") == 8
                and sum(g.done() for g in guesses) == 12
            ),
            what="the guesses queued or refused",
        )
        busy = [g.result() for g in guesses if g.done()]
        assert busy == [Checks.BUSY] * 12 and penalties.count("127.0.0.20") == 1
        right = await Client.connect(
            host, port, "ann", password="right", local_addr=("127.0.0.21", 0)
        )
        assert right.welcome and penalties.count("127.0.0.20") == 1  # no more checked meanwhile
        await right.close()
    finally:
        await srv.close()
        await asyncio.gather(*guesses, return_exceptions=True)


async def test_a_wrong_raw_password_is_answered_after_its_delay_and_closes(tmp_path):
    srv = GameServer(tmp_path, password="right", trust_loopback=False)
    srv.peers.checks.penalties = Penalties(first=0.01, cap=0.01)
    host, port = await srv.start()
    try:
        with pytest.raises(ClientError, match=WRONG_PASSWORD):
            await Client.connect(host, port, "g", password="wrong")
        assert (await Client.connect(host, port, "ann", password="right")).welcome
    finally:
        await srv.close()


async def test_a_server_that_could_not_save_its_rooms_says_so_when_it_stops(tmp_path, monkeypatch):
    srv = GameServer(tmp_path)
    host, port = await srv.start()
    client = await Client.connect(host, port, "Ann")
    room = (await client.create("pocket"))["room"]
    await client.close()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(srv.store, "write", full)
    await srv.close()
    line = stop_line(srv)
    assert "saved in" not in line and "stopped cleanly" not in line
    assert "of 1 open rooms, 0 saved and 1 kept only in their journals" in line
    assert srv.store.journal(room).stat().st_size > 0  # the room is there for a restart


def test_the_limits_come_from_the_settings_file_then_the_command_line(tmp_path, monkeypatch):
    from whitechapel.cli import _admission

    monkeypatch.setenv("WHITECHAPEL_CONFIG_DIR", str(tmp_path))
    (tmp_path / "config.toml").write_text(
        'theme = "nord"\n[limits]\ngateway_pool = 9\n[limits.web]\npending = 300\nlive = 7\n'
    )
    limits = _admission(["web.live=12", "raw.pending_timeout=2.5"])
    assert (limits.gateway_pool, limits.web.pending, limits.web.live) == (9, 300, 12)
    assert limits.raw.pending_timeout == 2.5 and limits.ssh == SSH
    (tmp_path / "config.toml").write_text("[limits.ssh]\nlive = 0\n")
    with pytest.raises(WhitechapelError, match=r"config.toml: \[limits\]: the limit ssh.live must"):
        _admission([])


@contextlib.asynccontextmanager
async def raw_places_taken(tmp_path):
    """A game server with its gateway socket whose raw places are all
    taken: two live raw clients (its most) and four silent connections
    (its most starting); yields the server."""
    from whitechapel.net.server import gateway_socket_path

    limits = Limits(max_pending=4, pending_per_address=2, max_connections=2, per_address=1)
    game = GameServer(tmp_path, limits=limits, gateway_socket=gateway_socket_path(tmp_path))
    host, port = await game.start("127.0.0.1", 0)
    silent, live = [], []
    try:
        for i in (2, 3):  # every live place taken ...
            live.append(await Client.connect(host, port, f"r{i}", local_addr=(f"127.0.0.{i}", 0)))
        for i in (10, 11):  # ... and every starting one
            silent += [await _silent(f"127.0.0.{i}", port) for _ in range(2)]
        await until(lambda: game.peers.door.pending_total == 4, what="the silent ones counted")
        yield game
    finally:
        for sock in silent:
            sock.close()
        for client in live:
            await client.close()
        await game.close()


async def test_an_ssh_player_reaches_the_lobby_while_raw_clients_hold_every_raw_place(tmp_path):
    from sshterm import PASSWORD, Terminal, connect
    from whitechapel.gateway.ssh import Access, Gateway

    async with raw_places_taken(tmp_path) as game:
        host, port = game.address
        gateway = Gateway(host, port, key_folder=tmp_path / "ssh", access=Access(PASSWORD))
        ssh_port = await gateway.start("127.0.0.1", 0)
        try:
            async with await connect(ssh_port, "ann") as conn:
                ann = await Terminal.open(conn)
                await ann.wait_for("Connected.")
                ann.process.close()
        finally:
            await gateway.close()


async def test_a_web_player_reaches_the_lobby_while_raw_clients_hold_every_raw_place(tmp_path):
    from test_web import PASSWORD as WEB_PASSWORD
    from test_web import Page, client, log_in
    from whitechapel.web.server import Web

    async with raw_places_taken(tmp_path) as game:
        host, port = game.address
        web = Web(host, port, data=tmp_path, password=WEB_PASSWORD, min_hosts=1)
        web.url = f"http://127.0.0.1:{await web.start('127.0.0.1', 0)}"  # type: ignore[attr-defined]
        try:
            async with client("127.0.0.20") as browser:
                assert (await log_in(browser, web)).status == 303
                page = await Page.open(browser, web)
                await page.wait_for("Connected.", timeout=60)
                await page.ws.close()
        finally:
            await web.close()
