"""The game server through real sockets on 127.0.0.1 (net/server.py, net/client.py).

Players play whole games through the protocol, the seats of LfW follow the
Chief and the acting colour, spectators follow, a seat is rejoined with its
token, rooms come back after a restart, the clock keeps running across a
reconnect, and every kind of bad input gets an error or a closed connection
while the other rooms play on.  Every byte the server writes is captured to
check that no message carries a secret its reader may not know (P9, §9).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time

import pytest

from polling import until
from test_net_protocol import (
    FakeTime,
    lfw_jack_secret_free,
    lfw_police_secret_free,
    pocket_secret_free,
)
from whitechapel.core.chance import Chance
from whitechapel.core.game import view_json
from whitechapel.core.record import Record, replay
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.seats import police_split
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.net.client import Client, ClientError
from whitechapel.net.protocol import MAX_MESSAGE, PROTOCOL, decode_server
from whitechapel.net.rooms import Room
from whitechapel.net.server import GameServer, Limits

# Games are played by programs here, far faster than people: no flood limit.
FAST = Limits(
    rate=100_000, burst=100_000, per_address=1000, pending_per_address=1000, rooms_per_address=1000
)


@pytest.fixture
async def server(tmp_path):
    srv = GameServer(tmp_path, limits=FAST, client_seeds=True)  # replays known games
    await srv.start()
    yield srv
    await srv.close()


def capture(srv: GameServer) -> list[tuple[str, bytes]]:
    """Every line the server writes, with the name of the connection it went to."""
    lines: list[tuple[str, bytes]] = []
    write = srv.peers.write

    def spy(conn, data: bytes) -> None:
        lines.append((conn.name or "", data))
        write(conn, data)

    srv.peers.write = spy  # type: ignore[method-assign]
    return lines


async def connect(srv: GameServer, name: str, **kw) -> Client:
    return await Client.connect(*srv.address, name, **kw)


async def pocket_pair(srv: GameServer, tag: str = "", **create):
    """A Pocket room with Jack and the investigator seated, their first
    states read; returns (room, {seat: client}, {seat: last state})."""
    jack, inv = await connect(srv, f"pj{tag}"), await connect(srv, f"pi{tag}")
    created = await jack.create("pocket", **create)
    room = created["room"]
    await jack.state(room)
    joined = await inv.join(room)
    assert joined["seat"] == "investigator"
    states = {"jack": await jack.state(room), "investigator": await inv.state(room)}
    clients = {"jack": jack, "investigator": inv}
    return room, clients, states, {"jack": created["token"], "investigator": joined["token"]}


async def play_pocket(room, clients, states, rng, spectator=None, limit=10**6) -> None:
    """Random legal actions, each chosen from the acting seat's own view."""
    while "result" not in states["jack"] and limit > 0:
        seat = states["jack"]["to_act"]
        assert states["investigator"]["to_act"] == seat
        await clients[seat].send(
            {"type": "act", "room": room, "action": rng.choice(states[seat]["view"]["legal"])}
        )
        for s, client in clients.items():
            states[s] = await client.state(room)
            assert states[s]["seat"] == s and states[s]["view"]["side"] == s
        if spectator is not None:
            watched = await spectator.state(room)
            assert watched["seat"] is None and "legal" not in watched["view"]
            assert watched["view"]["log"] == states["jack"]["view"]["log"]
        limit -= 1


async def test_two_clients_play_a_complete_pocket_duel(server):
    room, clients, states, _ = await pocket_pair(server, seed=42)
    spectator = await connect(server, "ps")
    await spectator.watch(room)
    await play_pocket(room, clients, states, random.Random(1), spectator)
    result = states["investigator"]["result"]
    assert states["jack"]["to_act"] is None
    for client in (*clients.values(), spectator):  # the room leaves the table, watchers too
        assert await client.expect("ended") == {"type": "ended", "room": room, "record": room}
    assert room not in server.rooms
    await server.flush()  # the record is written just after the room is told
    saved = json.loads((server.store.records / f"{room}.json").read_text())
    assert saved["outcome"] == result
    replayed = replay(Record.from_json(saved))  # the record is the game the players saw
    assert json.loads(json.dumps(view_json(replayed.view("jack")))) == states["jack"]["view"]
    assert saved["players"] == {"jack": "pj", "investigator": "pi"}
    assert not server.store.path(room).exists() and not server.store.journal(room).exists()
    with pytest.raises(ClientError, match=f"the game is over: room {room} has ended; its record"):
        await clients["jack"].act(room, "A")


async def test_lfw_night_one_with_jack_and_two_police_seats(server):
    seed = 5
    jack, p1, p2 = [await connect(server, n) for n in ("lj", "lp1", "lp2")]
    created = await jack.create("lfw", seats=2, seed=seed)
    room = created["room"]
    assert created["seat"] == "jack"
    assert (await p1.join(room, "police"))["seat"] == "police1"
    assert (await p2.join(room, "police2"))["seat"] == "police2"
    spectator = await connect(server, "ls")
    await spectator.watch(room)
    clients = {"jack": jack, "police1": p1, "police2": p2}
    for client, n in ((jack, 3), (p1, 2), (p2, 1)):  # one state per change seen
        for _ in range(n):
            await client.state(room)
    replica = LfwGame.new(seed)  # the test's own copy, to choose legal actions
    seats = police_split(2)

    def seat_of(colour: str) -> str:
        return next(s for s, cs in seats.items() if colour in cs)

    chance, refused = Chance(3), set()
    while replica.outcome is None and replica.night < 2:
        if replica.to_act == "jack":
            seat, action = "jack", homeward_action(replica, chance)
        else:
            seat, action = seat_of(replica.acting_colour), replica.random_action(chance)
        if replica.phase in ("patrols", "hunt") and replica.phase not in refused:
            assert replica.phase != "patrols" or seat == seat_of(replica.chief)
            wrong = "police2" if seat == "police1" else "police1"
            who = ("the Chief, " if replica.phase == "patrols" else "") + (
                f"{replica.acting_colour}'s policeman ({seat})"
            )
            with pytest.raises(ClientError, match="^" + re.escape(f"it is not your turn: {who}")):
                await clients[wrong].act(room, str(action))
            refused.add(replica.phase)
        await clients[seat].send({"type": "act", "room": room, "action": str(action)})
        replica.advance(action)
        expected = seat_of(replica.acting_colour) if replica.to_act == "police" else "jack"
        for s, client in clients.items():
            st = await client.state(room)
            side = "jack" if s == "jack" else "police"
            assert st["view"] == json.loads(json.dumps(view_json(replica.view(side))))
            assert st["to_act"] == (expected if replica.outcome is None else None)
        watched = await spectator.state(room)
        assert watched["view"] == json.loads(json.dumps(view_json(replica.view("public"))))
    assert refused == {"patrols", "hunt"}
    assert replica.night == 2, "this seed's Jack gets home on night 1"
    assert server.rooms[room].game == replica


async def play_lfw(srv: GameServer, seed: int, tag: str) -> None:
    """A whole random LfW game through sockets, police in two seats."""
    jack, p1, p2, spec = [await connect(srv, f"l{r}{tag}") for r in ("j", "p", "q", "s")]
    room = (await jack.create("lfw", seats=2, seed=seed))["room"]
    await p1.join(room, "police1")
    await p2.join(room, "police2")
    await spec.watch(room)
    for client, n in ((jack, 3), (p1, 2), (p2, 1)):
        for _ in range(n):
            await client.state(room)
    clients = {"jack": jack, "police1": p1, "police2": p2}
    replica, chance = LfwGame.new(seed), Chance(seed)
    local = Room("LOCAL", "lfw", replica, seed=seed, seat_count=2)  # for seat_of_colour
    while replica.outcome is None:
        seat = local.to_act()
        action = replica.random_action(chance)
        await clients[seat].send({"type": "act", "room": room, "action": str(action)})
        replica.advance(action)
        for client in (*clients.values(), spec):
            await client.state(room)


async def test_no_secret_reaches_a_seat_that_may_not_know_it(server):
    lines = capture(server)

    async def duel(i: int) -> None:
        room, clients, states, _ = await pocket_pair(server, str(i), seed=1000 + i, clock=None)
        spectator = await connect(server, f"ps{i}")
        await spectator.watch(room)
        await play_pocket(room, clients, states, random.Random(i), spectator)

    await asyncio.gather(
        *(duel(i) for i in range(20)), play_lfw(server, 7, "0"), play_lfw(server, 8, "1")
    )
    checked = 0
    for name, data in lines:
        msg, text = decode_server(data), data.decode()
        if msg.get("result") or msg["type"] != "state":
            continue  # the end reveals Jack to all (P8); other messages carry no view
        if name.startswith(("pi", "ps")):
            assert pocket_secret_free(text), name
        if name.startswith(("lp", "lq", "ls")):
            assert lfw_jack_secret_free(text), name
        if name.startswith(("lj", "ls")):
            assert lfw_police_secret_free(msg, text), name
        assert msg["seat"] is None if name.startswith(("ps", "ls")) else msg["seat"] is not None
        checked += 1
    assert checked > 1000


async def test_a_seat_is_rejoined_with_its_token(server):
    room, clients, states, tokens = await pocket_pair(server, seed=3)
    await play_pocket(room, clients, states, random.Random(3), limit=3)
    await clients["jack"].close()
    eve = await connect(server, "eve")
    with pytest.raises(ClientError, match=r"seat jack of room \w+ is taken"):
        await eve.join(room, "jack")
    with pytest.raises(ClientError, match="holds no seat"):
        await eve.join(room, token="not-a-token")
    again = await connect(server, "pj")
    joined = await again.join(room.lower(), token=tokens["jack"])
    assert joined == {"type": "joined", "room": room, "seat": "jack", "token": tokens["jack"]}
    state = await again.state(room)
    assert state["view"] == server.rooms[room].view_for("jack")
    assert state["view"]["log"] == states["jack"]["view"]["log"]
    third = await connect(server, "pj3")  # the same token elsewhere takes the seat over
    await third.join(room, token=tokens["jack"])
    left = await again.expect("left")
    assert left["room"] == room and "rejoined from elsewhere" in left["reason"]
    clients["jack"] = third
    states["jack"] = await third.state(room)
    await play_pocket(room, clients, states, random.Random(4))
    assert "result" in states["jack"]


async def test_a_restarted_server_restores_every_room(tmp_path):
    first = GameServer(tmp_path, limits=FAST, client_seeds=True)
    await first.start()
    room, clients, states, tokens = await pocket_pair(first, seed=8, clock=None)
    await play_pocket(room, clients, states, random.Random(8), limit=6)
    police = await connect(first, "lp")
    lfw = (await police.create("lfw", seats=3, seat="police2", seed=4))["room"]
    before = {
        r: (
            first.rooms[r].game,
            {s: first.rooms[r].state_message(s) for s in (*first.rooms[r].seats, None)},
        )
        for r in (room, lfw)
    }
    await first.close()
    with pytest.raises(ClientError, match="shutting down"):
        await clients["jack"].expect("state")

    second = GameServer(tmp_path, limits=FAST, client_seeds=True)
    await second.start()
    try:
        assert set(second.rooms) == {room, lfw}
        for r, (game, messages) in before.items():
            assert second.rooms[r].game == game
            for seat, msg in messages.items():
                assert second.rooms[r].state_message(seat) == msg
        assert second.rooms[lfw].taken() == {
            "jack": False,
            "police1": False,
            "police2": True,
            "police3": False,
        }
        for seat in clients:
            clients[seat] = await connect(second, seat)
            await clients[seat].join(room, token=tokens[seat])
            states[seat] = await clients[seat].state(room)
        await play_pocket(room, clients, states, random.Random(9))
        assert "result" in states["jack"]
    finally:
        await second.close()


async def test_the_clock_runs_on_across_a_reconnect_and_a_restart(tmp_path):
    now = FakeTime()
    srv = GameServer(tmp_path, limits=FAST, now=now, client_seeds=True)
    await srv.start()
    room, clients, states, tokens = await pocket_pair(srv, seed=5, clock=100)
    assert states["jack"]["clock"]["running"] == "investigator"
    now.t += 10
    await clients["investigator"].close()  # the investigator drops; his time runs on
    now.t += 20
    back = await connect(srv, "pi")
    await back.join(room, token=tokens["investigator"])
    state = await back.state(room)
    assert state["clock"]["remaining"] == {"jack": 100.0, "investigator": 70.0}
    await srv.close()
    now.t += 25  # the server is down: the running side's time still runs
    srv = GameServer(tmp_path, limits=FAST, now=now, client_seeds=True)
    await srv.start()
    try:
        inv = await connect(srv, "pi")
        await inv.join(room, token=tokens["investigator"])
        assert (await inv.state(room))["clock"]["remaining"]["investigator"] == 45.0
        jack = await connect(srv, "pj")
        await jack.join(room, token=tokens["jack"])
        await jack.state(room)
        now.t += 46
        await srv.check_clocks()
        for client in (inv, jack):
            ended = await client.state(room)
            assert ended["result"] == {"winner": "jack", "reason": "time ran out for investigator"}
            assert ended["clock"]["remaining"]["investigator"] == 0
            assert (await client.expect("ended"))["record"] == room
        with pytest.raises(ClientError, match="the game is over"):
            await inv.act(room, "A")
        await srv.flush()
        record = json.loads((srv.store.records / f"{room}.json").read_text())
        assert record["outcome"] is None  # the rules' record; the time-out is the server's
        assert record["server"]["reason"] == "time ran out for investigator"
        (listed,) = await inv.records()
        assert listed["winner"] == "jack" and listed["reason"] == "time ran out for investigator"
    finally:
        await srv.close()


async def test_malformed_messages_get_errors_and_spare_the_other_rooms(server):
    room, clients, states, _ = await pocket_pair(server, seed=11)
    bad = await connect(server, "mallory")
    for line, problem in [
        (b"not json\n", "not JSON"),
        (b"[1, 2]\n", "not a list"),
        (b'{"type": "dance"}\n', "unknown message type"),
        (b'{"type": "create", "game": "lfw", "seats": 9}\n', "1 to 5 police seats"),
        (b'{"type": "act", "room": "ZZZZ", "action": "A"}\n', "there is no room ZZZZ"),
        (b'{"type": "act", "room": "%s", "action": "A"}\n' % room.encode(), "do not sit in"),
        (b'{"type": "hello", "protocol": "whitechapel/1", "name": "x"}\n', "already said hello"),
    ]:
        await bad.send_raw(line)
        reply = await bad.recv()
        assert reply["type"] == "error" and problem in reply["message"]
    await bad.send({"type": "ping"})
    assert (await bad.recv())["type"] == "pong"  # still connected
    await bad.send_raw(b"{broken\n" * 20)
    replies = [await bad.recv() for _ in range(21)]
    assert [r["type"] for r in replies] == ["error"] * 20 + ["closed"]
    assert replies[-1]["reason"] == "too many malformed messages"
    await play_pocket(room, clients, states, random.Random(11))  # the duel goes on
    assert "result" in states["jack"]


async def test_hello_first_and_the_right_protocol(server):
    shy = await connect(server, "shy", hello=False)
    await shy.send({"type": "list"})
    assert "say hello first" in (await shy.recv())["message"]
    await shy.send({"type": "hello", "protocol": "whitechapel/0", "name": "old"})
    assert PROTOCOL in (await shy.recv())["message"]
    assert (await shy.recv()) == {"type": "closed", "reason": "protocol mismatch"}


async def test_an_oversized_message_closes_only_its_connection(server):
    room, clients, states, _ = await pocket_pair(server, seed=12)
    big = await connect(server, "big")
    exact = b'{"type":"ping","pad":"' + b"x" * (MAX_MESSAGE - 24) + b'"}'
    assert len(exact) == MAX_MESSAGE
    await big.send_raw(exact + b"\n")
    assert (await big.recv())["type"] == "pong"
    await big.send_raw(b'{"type":"ping","pad":"' + b"x" * MAX_MESSAGE + b'"}\n')
    reply = await big.recv()
    assert reply["type"] == "error" and "too long" in reply["message"]
    assert (await big.recv()) == {"type": "closed", "reason": "message too long"}
    with pytest.raises(ClientError, match="closed the connection"):
        await big.recv()
    await play_pocket(room, clients, states, random.Random(12))
    assert "result" in states["jack"]


async def test_a_wrong_turn_changes_nothing(server):
    room, clients, states, _ = await pocket_pair(server, seed=13)
    with pytest.raises(ClientError, match=r"^it is not your turn: the investigator is to act$"):
        await clients["jack"].act(room, "A")
    with pytest.raises(ClientError, match="is not a Pocket action"):
        await clients["investigator"].act(room, "fly")
    assert server.rooms[room].game.history == [] and server.rooms[room].version == 2
    await play_pocket(room, clients, states, random.Random(13), limit=1)
    assert len(states["jack"]["view"]["log"]) == 1  # the next state is the next action's


class StoppedClock:
    """The flood limit's clock (`MeteredReader`'s), stopped while a test
    floods: nothing refills between two floods, however slowly a loaded
    machine gets from one to the other.  Started, it runs as time does."""

    def __init__(self) -> None:
        self.at: float | None = time.monotonic()

    def __call__(self) -> float:
        return time.monotonic() if self.at is None else self.at

    def start(self) -> None:
        self.at = None


async def test_a_flood_is_slowed_then_closed(tmp_path, monkeypatch):
    from whitechapel.net import peers
    from whitechapel.net.connection import MeteredReader

    clock = StoppedClock()

    class OnTheClock(MeteredReader):
        def __init__(self, limits: Limits) -> None:
            super().__init__(limits, clock)

    monkeypatch.setattr(peers, "MeteredReader", OnTheClock)
    srv = GameServer(
        tmp_path, limits=Limits(per_address=100, pending_per_address=100), client_seeds=True
    )  # the default flood limit
    await srv.start()
    try:
        room, clients, states, _ = await pocket_pair(srv, seed=14)
        flood = await connect(srv, "flood")
        # The burst (40, hello included) is answered; the rest go into debt, refused.
        await flood.send_raw(b'{"type":"ping"}\n' * 55)
        replies = [await flood.recv() for _ in range(55)]
        kinds = [r["type"] for r in replies]
        assert 39 <= kinds.count("pong") <= 55 and kinds.count("error") == 55 - kinds.count("pong")
        assert all("slow down" in r["message"] for r in replies if r["type"] == "error")
        await flood.send_raw(b'{"type":"ping"}\n' * 300)  # the debt passes 20: closed at once
        replies = []

        async def closed() -> bool:
            replies.append(await flood.recv())
            return replies[-1]["type"] == "closed"

        await until(
            closed,
            what="the flooding connection closed",
            timeout=30,
            step=0,
            shown=lambda: str(replies[-3:]),
        )
        assert replies[-1]["reason"] == "too many messages: flooding"
        assert len(replies) <= 21  # at most what the refill allowed, never the 300
        clock.start()
        await play_pocket(room, clients, states, random.Random(14))  # paced by replies
        assert "result" in states["jack"]
    finally:
        await srv.close()


async def test_idle_and_per_address_limits(tmp_path):
    # The idle time is many pings long: only a loop stalled for two seconds
    # (not merely a busy machine) could let `a` look idle.
    srv = GameServer(tmp_path, limits=Limits(idle_timeout=2.0, per_address=2))
    await srv.start()
    try:
        a, b = await connect(srv, "a"), await connect(srv, "b")
        with pytest.raises(ClientError, match=r"^too many connections from your address$"):
            await connect(srv, "c")  # refused at its hello: past it, an address holds 2
        a.keep_alive(every=0.1)  # pings keep a waiting client connected
        closed = await b.recv(timeout=60)
        assert closed["type"] == "closed" and closed["reason"].startswith("no message for")
        assert [(await a.recv())["type"] for _ in range(4)] == ["pong"] * 4
        await a.close()
        await until(lambda: len(srv.connections) < 2, what="the server forgetting the closed ones")
        assert (await connect(srv, "d")).welcome  # a freed place can be taken again
    finally:
        await srv.close()


async def test_an_unexpected_failure_is_logged_and_answered(server, monkeypatch, caplog):
    room, clients, states, _ = await pocket_pair(server, seed=15)

    def boom(self, seat, text):
        raise RuntimeError("boom")

    monkeypatch.setattr(Room, "act", boom)
    with pytest.raises(ClientError, match="the server failed on this message"):
        await clients["investigator"].act(room, "A")
    assert any("boom" in r.exc_text for r in caplog.records if r.exc_text)
    monkeypatch.undo()
    await play_pocket(room, clients, states, random.Random(15))
    assert "result" in states["jack"]


async def test_list_leave_and_ping(server):
    room, clients, _, _ = await pocket_pair(server, seed=16)
    watcher = await connect(server, "w")
    await watcher.watch(room)
    listed = await watcher.list()
    assert listed == [
        {
            "room": room,
            "game": "pocket",
            "watchers": 1,
            "over": False,
            "seats": {"jack": True, "investigator": True},
            "names": {"jack": "pj", "investigator": "pi"},
        }
    ]
    with pytest.raises(ClientError, match="you already sit in room"):
        await clients["jack"].watch(room)
    await watcher.send({"type": "leave", "room": room})
    assert await watcher.expect("left") == {"type": "left", "room": room}
    assert (await watcher.list())[0]["watchers"] == 0
    await watcher.send({"type": "ping"})
    assert await watcher.expect("pong") == {"type": "pong"}
    with pytest.raises(ClientError, match="you are not in room"):
        await watcher.send({"type": "leave", "room": room}) or await watcher.expect("left")


async def test_one_address_may_not_hoard_rooms(tmp_path):
    srv = GameServer(tmp_path, limits=Limits(rooms_per_address=2), client_seeds=True)
    await srv.start()
    try:
        host = await connect(srv, "hoarder")
        for _ in range(2):
            await host.create("pocket")
        with pytest.raises(ClientError, match="the server is full for your address: it holds 2"):
            await host.create("pocket")
    finally:
        await srv.close()
