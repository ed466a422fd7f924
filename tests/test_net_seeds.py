"""Every room's chance comes from the server's secret source (the secrets
issue, leak 3): a client that chose the seed could compute Jack's identity,
the alibi deck, the token throws or the Chief order before the first move."""

from __future__ import annotations

import pytest

from whitechapel.net.client import Client, ClientError
from whitechapel.net.server import GameServer


@pytest.fixture
async def public_server(tmp_path):
    srv = GameServer(tmp_path)  # as `whitechapel serve` starts it
    await srv.start()
    yield srv
    await srv.close()


@pytest.mark.parametrize("game", ["pocket", "lfw"])
async def test_a_chosen_seed_is_refused_and_no_room_is_made(public_server, game):
    ann = await Client.connect(*public_server.address, "ann")
    with pytest.raises(ClientError, match="draws every game's chance itself"):
        await ann.create(game, seed=7)
    assert public_server.rooms == {}
    await ann.close()


async def test_rooms_made_by_the_same_messages_have_their_own_secrets(public_server):
    """What the creator sent determines no secret: eight Pocket rooms (the
    most one address may hold) made by the same `create` do not share one
    Jack and one deck."""
    ann = await Client.connect(*public_server.address, "ann")
    setups = set()
    for _ in range(public_server.limits.rooms_per_address):
        room = (await ann.create("pocket", clock=None, seat="investigator"))["room"]
        setup = public_server.rooms[room].game.setup
        setups.add((setup.jack, setup.deck))
    assert len(setups) > 1
    await ann.close()


async def test_the_check_catches_a_chosen_seed(tmp_path):
    """Leak 3 put back (a server that honours the client's seed): rooms made
    by the same messages then share their secrets, which the check above
    would see."""
    srv = GameServer(tmp_path, client_seeds=True)
    await srv.start()
    try:
        ann = await Client.connect(*srv.address, "ann")
        setups = set()
        for _ in range(5):
            room = (await ann.create("pocket", clock=None, seat="investigator", seed=7))["room"]
            setup = srv.rooms[room].game.setup
            setups.add((setup.jack, setup.deck))
        assert len(setups) == 1
        await ann.close()
    finally:
        await srv.close()
