"""Durability and the rooms' life cycle (net/server.py, net/roomstore.py).

Nothing acknowledged is lost: a server in a subprocess is killed with
SIGKILL right after acknowledged actions and rooms, restarted, and checked;
a torn last journal line is ignored; SIGTERM stops `whitechapel serve`
cleanly.  Rooms retire: a flood of unjoined rooms from many loopback
addresses is refused past the caps, retired after the idle time (a fake
clock, no sleeping) and not restored after a restart; a room with a player
connected is never retired for idleness; a finished room leaves the table
and becomes a listed, fetchable record.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import subprocess
import sys

import pytest

from polling import until
from test_net_protocol import FakeTime
from test_net_server import connect, play_pocket, pocket_pair
from whitechapel.benchmarks.net import kill9_lost
from whitechapel.core.record import Record, replay
from whitechapel.net.client import Client, ClientError
from whitechapel.net.protocol import MAX_SERVER_MESSAGE, PROTOCOL
from whitechapel.net.rooms import Room
from whitechapel.net.roomstore import RoomStore
from whitechapel.net.server import GameServer, Limits

FAST = dict(rate=100_000, burst=100_000)
MINUTE = 60.0


def test_nothing_acknowledged_is_lost_to_kill_9():
    acknowledged, lost_actions, lost_rooms = kill9_lost(5, seed=1)
    assert acknowledged > 0
    assert (lost_actions, lost_rooms) == (0, 0)


def test_a_torn_last_journal_line_is_ignored_with_a_log_line(tmp_path, caplog):
    store = RoomStore(tmp_path)
    room = Room.new("pocket", "TORN", seed=3, clock=None)
    room.take("jack", "Ann")
    store.append(room)  # the whole room
    room.take("investigator", "Bob")
    room.act("investigator", room.game.view("investigator").legal[0])
    store.append(room)  # a seat and an action
    whole = store.journal("TORN").read_bytes()
    with open(store.journal("TORN"), "ab") as f:
        f.write(b'{"v":9,"actions":["Rb')  # a crash in the middle of a line
    with caplog.at_level(logging.WARNING):
        (restored,) = store.load_all().values()
    assert restored.game.history == room.game.history and restored.taken() == room.taken()
    assert restored.version == room.version
    assert any("torn last line is ignored" in r.getMessage() for r in caplog.records)
    store.checkpoint(restored)  # a restart snapshots the room and empties its journal
    assert store.journal("TORN").read_bytes() == b"" and len(whole) > 0
    assert store.load_all()["TORN"].game.history == room.game.history


def test_whitechapel_serve_stops_cleanly_on_sigterm(tmp_path):
    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path)}
    server = subprocess.Popen(
        [sys.executable, "-m", "whitechapel", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        first = server.stdout.readline()
        assert first.startswith("whitechapel: game server on 127.0.0.1:")
        port = int(first.rsplit(":", 1)[1])

        async def make_room() -> str:
            client = await Client.connect("127.0.0.1", port, "Ann")
            room = (await client.create("pocket"))["room"]
            await client.close()
            return room

        room = asyncio.run(make_room())
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0
    assert "stopped cleanly; 1 open rooms saved" in out
    saved = json.loads((tmp_path / "rooms" / f"{room}.json").read_text())
    assert saved["room"] == room and (tmp_path / "rooms" / f"{room}.journal").stat().st_size == 0


async def connect_from(srv: GameServer, address: str, name: str) -> Client:
    """A client whose connection comes from `address` (any of 127.0.0.0/8)."""
    reader, writer = await asyncio.open_connection(
        *srv.address, local_addr=(address, 0), limit=MAX_SERVER_MESSAGE
    )
    client = Client(reader, writer)
    await client.send({"type": "hello", "protocol": PROTOCOL, "name": name})
    client.welcome = await client.expect("welcome")
    return client


async def flood(srv: GameServer, address: str, count: int) -> tuple[Client, list[str]]:
    """`count` creates sent at once from `address`; the rooms made, and the
    refusals' sentences."""
    client = await connect_from(srv, address, "flood")
    await client.send_raw(b'{"type":"create","game":"pocket"}\n' * count)
    made, refused = [], []
    while len(made) + len(refused) < count:
        msg = await client.recv()
        if msg["type"] == "created":
            made.append(msg["room"])
        elif msg["type"] == "error":
            refused.append(msg["message"])
    return client, refused


async def test_a_flood_of_empty_rooms_is_capped_then_retired_in_a_minute_and_not_restored(
    tmp_path,
):
    now = FakeTime()
    limits = Limits(max_rooms=30, rooms_per_address=3, unjoined_after=10 * MINUTE, **FAST)
    srv = GameServer(tmp_path, limits=limits, now=now)
    await srv.start()
    try:
        player = await connect(srv, "Ann")  # a real player, connected throughout
        mine = (await player.create("pocket"))["room"]
        one, refused = await flood(srv, "127.0.0.2", 20)
        assert len(refused) == 17 and all(
            m.startswith("the server is full for your address: it holds 3 open rooms")
            for m in refused
        )
        floods = await asyncio.gather(*(flood(srv, f"127.0.0.{i}", 20) for i in range(3, 52)))
        refusals = [m for _, ms in floods for m in ms]
        assert len(refusals) == 49 * 20 - 26 and len(srv.rooms) == 30  # 1,000 tried, 30 held
        assert any(m.startswith("the server is full: it holds 30 open rooms") for m in refusals)
        late = await connect(srv, "late")
        with pytest.raises(ClientError, match=r"^the server is full: "):
            await late.create("pocket")
        for client in (one, *(c for c, _ in floods)):
            await client.close()
        await until(lambda: sum(map(len, srv.members.values())) == 1, what="the hang-ups")
        now.t += MINUTE - 1  # nothing was played in them: empty rooms live a minute
        assert srv.retire_idle() == 0
        now.t += 1
        assert srv.retire_idle() == 29 and set(srv.rooms) == {mine}  # a player is in it
        await srv.flush()
        left = {p.name for p in srv.store.folder.iterdir()}
        assert left <= {f"{mine}.json", f"{mine}.journal"}
        assert (await late.create("pocket"))["room"] in srv.rooms  # recovered by itself
    finally:
        await srv.close()


async def test_a_restart_checks_the_idle_time(tmp_path):
    now = FakeTime()
    limits = Limits(unjoined_after=10 * MINUTE, abandoned_after=30 * MINUTE, **FAST)
    srv = GameServer(tmp_path, limits=limits, now=now, client_seeds=True)
    await srv.start()
    client, _ = await flood(srv, "127.0.0.2", 5)
    unjoined = set(srv.rooms)
    now.t += 5 * MINUTE
    played, clients, states, _ = await pocket_pair(srv, seed=4, clock=None)
    await play_pocket(played, clients, states, random.Random(4), limit=3)
    for c in (client, *clients.values()):
        await c.close()
    await until(lambda: not any(srv.members.values()), what="the hang-ups")
    await srv.close()  # cleanly; a kill -9 is the same to the journal
    # Idle time counts from the last hang-up (t = 5 min): 10 minutes and a
    # second later the unjoined flood rooms are past their time, the duel
    # (every seat taken: 30 minutes) is not.
    now.t += 10 * MINUTE + 1
    again = GameServer(tmp_path, limits=limits, now=now)
    await again.start()
    try:
        assert set(again.rooms) == {played}
        assert not any(again.store.exists(code) for code in unjoined)
        assert len(again.rooms[played].game.history) == 3
        now.t += 19 * MINUTE  # an abandoned room (every seat taken) lives 30 minutes
        assert again.retire_idle() == 0
        now.t += 1 * MINUTE
        assert again.retire_idle() == 1 and not again.rooms
    finally:
        await again.close()


async def test_a_room_with_a_player_connected_is_never_retired(tmp_path):
    now = FakeTime()
    srv = GameServer(tmp_path, limits=Limits(**FAST), now=now)
    await srv.start()
    try:
        watched, clients, states, _ = await pocket_pair(srv, clock=None)
        await play_pocket(watched, clients, states, random.Random(5), limit=1)
        await clients["jack"].close()
        alone = await connect(srv, "alone")
        waiting = (await alone.create("pocket"))["room"]  # a seat free, its creator waits
        await until(lambda: len(srv.members[watched]) == 1, what="jack's hang-up")
        now.t += 1000 * 24 * 3600
        assert srv.retire_idle() == 0 and {watched, waiting} <= set(srv.rooms)
        await clients["investigator"].close()
        await until(lambda: not srv.members[watched], what="the last hang-up")
        now.t += 30 * MINUTE - 1  # idle time counts from the last one leaving
        assert srv.retire_idle() == 0
        now.t += 1
        assert srv.retire_idle() == 1 and set(srv.rooms) == {waiting}
    finally:
        await srv.close()


async def test_a_finished_room_becomes_a_listed_fetchable_record(tmp_path):
    limits = Limits(per_address=100, pending_per_address=100, **FAST)
    srv = GameServer(tmp_path, limits=limits, client_seeds=True)
    await srv.start()
    try:
        room, clients, states, _ = await pocket_pair(srv, seed=21)
        watcher = await connect(srv, "w")
        await watcher.watch(room)
        await play_pocket(room, clients, states, random.Random(21), watcher)
        assert await watcher.expect("ended") == {"type": "ended", "room": room, "record": room}
        assert room not in srv.rooms
        (listed,) = await watcher.records()
        result = states["jack"]["result"]
        assert listed["id"] == room and listed["game"] == "pocket"
        assert listed["players"] == {"jack": "pj", "investigator": "pi"}
        assert (listed["winner"], listed["reason"]) == (result["winner"], result["reason"])
        assert listed["ended"]
        text = await watcher.record(room)  # fetched while, or after, it is written
        assert replay(Record.loads(text)).outcome.to_json() == result
        with pytest.raises(ClientError, match="there is no record ZZZZ"):
            await watcher.record("ZZZZ")
        await watcher.send({"type": "record", "id": "../rooms"})
        assert "'id' of 'record' should be a room code" in (await watcher.recv())["message"]
    finally:
        await srv.close()
    again = GameServer(tmp_path, limits=limits)  # records are kept across restarts
    await again.start()
    try:
        reader = await connect(again, "r")
        assert [r["id"] for r in await reader.records()] == [room]
        assert await reader.record(room) == text
    finally:
        await again.close()


def test_a_sigterm_sent_the_moment_the_server_is_ready_stops_it_cleanly(tmp_path):
    """The ready line is a promise: from then on SIGTERM (a supervisor's
    stop) saves every room and exits 0.  The server signals itself from
    `on_ready`, the instant a supervisor could first act."""
    script = (
        "import asyncio, logging, os, signal\n"
        "from whitechapel.net.server import serve\n"
        "logging.basicConfig(level=logging.INFO)\n"
        "ready = lambda host, port: os.kill(os.getpid(), signal.SIGTERM)\n"
        "asyncio.run(serve('127.0.0.1', 0, on_ready=ready))\n"
        "print('stopped')\n"
    )
    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "stopped\n"
    assert "stopped cleanly" in done.stderr
