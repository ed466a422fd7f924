"""Identity that is proven (issues 1 and 2): the SSH gateway's channel (the
server's Unix socket, or TCP with the gateway secret) says who is connecting
and from where; seats are bound to that identity, or taken back with a
rejoin code; per-address limits count the player's address, not the
gateway's 127.0.0.1.  Everything on this machine."""

from __future__ import annotations

import asyncio
import stat

import pytest

from whitechapel.net.client import Client, ClientError
from whitechapel.net.connection import Limits
from whitechapel.net.penalties import Penalties
from whitechapel.net.protocol import PROTOCOL
from whitechapel.net.rooms import REJOIN_LENGTH, ROOM_ALPHABET
from whitechapel.net.server import GameServer

ANN_KEY = "key:SHA256:AnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnA"
MALLORY = "session:" + "ab" * 16
SECRET = "s3cret-of-the-gateway"


@pytest.fixture
async def server(tmp_path):
    srv = GameServer(
        tmp_path, gateway_socket=tmp_path / "gw" / "server.sock", gateway_secret=SECRET
    )
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def via_gateway(srv: GameServer, name: str, identity: str | None, peer: str = "203.0.113.9"):
    fields = {"peer": peer, **({"identity": identity} if identity else {})}
    return await Client.connect("", 0, name, unix=srv.gateway_socket, fields=fields)


async def quiet(client: Client, seconds: float = 0.3) -> list[dict]:
    """The messages `client` receives in `seconds` (none, for a holder left alone)."""
    got = list(client.backlog)
    client.backlog.clear()
    try:
        while True:
            got.append(await client._read(seconds))
    except TimeoutError:
        return got


def test_the_socket_is_the_users_alone(server):
    path = server.gateway_socket
    assert stat.S_ISSOCK(path.stat().st_mode)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


async def test_a_second_ann_cannot_take_anns_seat_and_ann_keeps_it(server):
    ann = await via_gateway(server, "Ann", ANN_KEY)
    fake = await via_gateway(server, "Ann", MALLORY, peer="198.51.100.7")
    try:
        created = await ann.create("pocket")
        room = created["room"]
        await ann.state(room)
        with pytest.raises(ClientError, match=f"^seat jack of room {room} is taken$"):
            await fake.join(room, seat="jack")
        joined = await fake.join(room)  # no seat named: the free one, not Ann's
        assert joined["seat"] == "investigator"
        assert server.rooms[room].names == {"jack": "Ann", "investigator": "Ann (2)"}
        # Ann is not disturbed: she still holds jack and was told of no rejoin.
        got = await quiet(ann)
        assert not any(m["type"] == "left" for m in got)
        assert (
            server.members[room][next(c for c in server.members[room] if c.name == "Ann")] == "jack"
        )
        third = await via_gateway(server, "Ann", "session:" + "cd" * 16, peer="198.51.100.8")
        with pytest.raises(ClientError, match="has no free seat"):
            await third.join(room)
        await third.close()
    finally:
        await ann.close()
        await fake.close()


async def test_the_same_identity_rejoins_its_seat_without_a_token(server):
    first = await via_gateway(server, "Ann", ANN_KEY)
    room = (await first.create("pocket"))["room"]
    await first.close()
    again = await via_gateway(server, "Ann", ANN_KEY, peer="192.0.2.44")  # another place
    try:
        assert next(r for r in await again.list() if r["room"] == room)["yours"] == "jack"
        joined = await again.join(room)
        assert joined["seat"] == "jack" and joined["token"] == "" and "rejoin" not in joined
        assert (await again.state(room))["seat"] == "jack"
    finally:
        await again.close()


async def test_a_password_session_comes_back_with_its_rejoin_code(server):
    old = await via_gateway(server, "Bob", "session:" + "01" * 16)
    created = await old.create("pocket", seat="investigator")
    room, code = created["room"], created["rejoin"]
    assert len(code) == REJOIN_LENGTH and set(code) <= set(ROOM_ALPHABET)
    new = await via_gateway(server, "Bob", "session:" + "02" * 16)  # a new session
    try:
        with pytest.raises(ClientError, match="is taken"):
            await new.join(room, seat="investigator")  # a new identity alone is not enough
        wrong = "".join(c for c in ROOM_ALPHABET if c not in code)[:REJOIN_LENGTH]
        with pytest.raises(ClientError, match="holds no seat"):
            await new.join(room, rejoin=wrong)  # answered after a delay
        joined = await new.join(room, rejoin=code.lower()[:3] + "-" + code[3:])  # as typed: at once
        assert joined["seat"] == "investigator"
        left = await old.expect("left", room=room)
        assert "rejoined" in left["reason"]
    finally:
        await old.close()
        await new.close()


async def test_guessing_rejoin_codes_closes_the_connection(tmp_path):
    srv = GameServer(tmp_path, gateway_socket=tmp_path / "g" / "s.sock")
    await srv.start("127.0.0.1", 0)
    try:
        owner = await via_gateway(srv, "Ann", ANN_KEY)
        room = (await owner.create("pocket"))["room"]
        guesser = await via_gateway(srv, "Eve", MALLORY)
        srv.handlers.code_penalties = Penalties(first=0.01, cap=0.01)  # the count, not the delays
        replies = []
        for i in range(5):
            await guesser.send({"type": "join", "room": room, "rejoin": f"AAAA{i}A"})
            replies.append(await guesser.recv())
        assert [r["type"] for r in replies] == ["error"] * 4 + ["closed"]
        assert replies[-1]["reason"] == "too many wrong rejoin codes"
        await owner.close()
    finally:
        await srv.close()


async def test_a_hundred_ssh_players_are_not_one_address(tmp_path):
    srv = GameServer(tmp_path, gateway_socket=tmp_path / "g" / "s.sock")
    await srv.start("127.0.0.1", 0)
    clients = []
    try:
        for i in range(100):  # the ninth and the hundredth too: each its own peer
            clients.append(
                await via_gateway(
                    srv, f"p{i}", f"session:{i:032x}", peer=f"10.0.{i // 250}.{i % 250}"
                )
            )
        assert len(srv.connections) == 100
        assert (await clients[-1].list()) == []
        # The per-address limit now applies to the player's address.
        same = [
            await via_gateway(srv, f"s{i}", f"session:{i + 500:032x}", peer="192.0.2.1")
            for i in range(Limits().per_address)
        ]
        clients += same
        with pytest.raises(ClientError, match="too many connections from your address"):
            await via_gateway(srv, "ninth", "session:" + "ff" * 16, peer="192.0.2.1")
        # Rooms per address count the player's address too.
        assert srv.limits.rooms_per_address == 8
        for c in clients[:25]:
            await c.create("pocket")
        assert len(srv.rooms) == 25
    finally:
        for c in clients:
            await c.close()
        await srv.close()


async def test_tcp_may_claim_an_identity_only_with_the_gateway_secret(server):
    host, port = server.address
    for fields in (
        {"identity": ANN_KEY},
        {"peer": "192.0.2.5"},
        {"identity": ANN_KEY, "gateway": "guess"},
    ):
        client = await Client.connect(host, port, "Ann", hello=False)
        await client.send({"type": "hello", "protocol": PROTOCOL, "name": "Ann", **fields})
        reply = await client.recv()
        assert reply["type"] == "error"
        assert reply["message"] == "only the SSH gateway may say who is connecting"
        assert (await client.recv())["type"] == "closed"
        await client.close()
    ann = await Client.connect(
        host, port, "Ann", fields={"identity": ANN_KEY, "peer": "192.0.2.5", "gateway": SECRET}
    )
    try:
        room = (await ann.create("pocket"))["room"]
        conn = next(c for c in server.connections if c.name == "Ann")
        assert conn.proven and conn.address == "192.0.2.5"
        assert server.rooms[room].creator == "192.0.2.5"
    finally:
        await ann.close()


async def test_no_secret_means_no_tcp_claim_at_all(tmp_path):
    srv = GameServer(tmp_path)  # no --gateway-secret: TCP never speaks for anyone
    host, port = await srv.start("127.0.0.1", 0)
    try:
        with pytest.raises(ClientError, match="only the SSH gateway"):
            await Client.connect(host, port, "Ann", fields={"identity": ANN_KEY, "gateway": ""})
    finally:
        await srv.close()


async def test_a_bound_seat_survives_a_restart_and_the_files_keep_only_digests(tmp_path):
    sock = tmp_path / "g" / "s.sock"
    srv = GameServer(tmp_path, gateway_socket=sock)
    await srv.start("127.0.0.1", 0)
    ann = await via_gateway(srv, "Ann", ANN_KEY)
    created = await ann.create("pocket")
    room = created["room"]
    await ann.close()
    await srv.close()
    text = "".join(p.read_text() for p in (tmp_path / "rooms").iterdir() if p.is_file())
    assert "identity_sha256" in text and "rejoin_sha256" in text
    for secret in (ANN_KEY, created["rejoin"], created["token"]):
        assert secret not in text
    srv = GameServer(tmp_path, gateway_socket=sock)
    await srv.start("127.0.0.1", 0)
    try:
        ann = await via_gateway(srv, "Ann", ANN_KEY)
        assert (await ann.join(room))["seat"] == "jack"
        eve = await via_gateway(srv, "Eve", MALLORY)
        assert (await eve.join(room, rejoin=created["rejoin"]))["seat"] == "jack"
        await ann.close()
        await eve.close()
    finally:
        await srv.close()


async def test_a_guesser_every_half_second_never_stops_the_holder_of_the_code(server):
    """Wrong rejoin codes slow only whoever sends them (issue 25): a guesser
    trying a code every 0.5 s (reconnecting when closed) does not keep the
    holder, from elsewhere, from getting the seat back at once, 10 times of 10."""
    owner = await via_gateway(server, "Bob", "session:" + "01" * 16)
    created = await owner.create("pocket", seat="investigator")
    room, code = created["room"], created["rejoin"]
    await owner.close()
    wrong = "".join(c for c in ROOM_ALPHABET if c not in code)[:REJOIN_LENGTH]
    stop = asyncio.Event()

    async def guess() -> None:
        guesser = None
        while not stop.is_set():
            if guesser is None or guesser.writer.is_closing():
                guesser = await via_gateway(server, "Eve", MALLORY, peer="198.51.100.66")
            await guesser.send({"type": "join", "room": room, "rejoin": wrong})
            await asyncio.sleep(0.5)
        await guesser.close()

    guessing = asyncio.create_task(guess())
    try:
        for k in range(10):
            await asyncio.sleep(0.3)
            holder = await via_gateway(
                server, "Bob", "session:" + f"{k + 2:02d}" * 16, peer="192.0.2.44"
            )
            joined = await holder.join(room, rejoin=code)
            assert joined["seat"] == "investigator"
            await holder.close()
    finally:
        stop.set()
        await guessing
