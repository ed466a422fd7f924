"""Issue 44, the blind play-testers' first round, at a network seat:

- PA: "the opponent should see 'Ann disconnected'".  A client that says it
  understands `presence` (its hello's `features`) gets a `state` with the
  seats whose player's connection is gone (`away`) when that changes, and
  again when the player comes back; a client that did not say so gets
  nothing more than before.  The Pocket screen says it in words, and a
  choice being made is kept.
- PA: "you cannot choose your side": the lobby's row says which side a new
  room's creator plays (either side, or random, said when the room comes).
- PB: the seat's notice covered the fourth token at 80×24: it is on the
  lobby's status line, the seat's code in the banner; the lobby's status
  line no longer repeats the keys of the keys line and the footer.

Loopback only; every wait is for a message or a screen, with a bound.
"""

from __future__ import annotations

import json

import pytest
from textual.widgets import Select

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.net.client import Client
from whitechapel.net.messages import Hello
from whitechapel.net.protocol import ProtocolError, decode_client
from whitechapel.net.server import GameServer
from whitechapel.pocket.pieces import FACE_NAMES
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.lobby import Link, LobbyScreen
from whitechapel.ui.source import RemoteSource

PRESENCE = {"features": ["presence"]}


@pytest.fixture
async def server(tmp_path):
    game = GameServer(tmp_path)
    await game.start("127.0.0.1", 0)
    yield game
    await game.close()


async def connect(srv: GameServer, name: str, **fields) -> Client:
    return await Client.connect(*srv.address, name, fields=fields or None)


async def test_the_other_seat_is_told_who_is_away_and_who_came_back(server):
    ann = await connect(server, "Ann", **PRESENCE)
    bob = await connect(server, "Bob", **PRESENCE)
    eve = await connect(server, "Eve")  # an older client: says nothing of presence
    created = await ann.create("pocket", seat="jack")
    room = created["room"]
    await ann.state(room)
    await bob.join(room)
    before = await bob.state(room)
    assert "away" not in before
    await eve.watch(room)  # its first state read
    ann.hang_up()
    told = await bob.state(room)
    assert told["away"] == {"jack": "Ann"}
    assert told["view"] == before["view"] and told["to_act"] == before["to_act"]
    # The older client was sent nothing more: its next message is its pong.
    await eve.send({"type": "ping"})
    assert (await eve.recv())["type"] == "pong"
    again = await connect(server, "Ann", **PRESENCE)
    await again.join(room, token=created["token"])
    assert "away" not in await again.state(room)
    back = await bob.state(room)
    assert "away" not in back and back["view"] == before["view"]
    for client in (again, bob, eve):
        await client.close()


def test_a_hellos_features_are_a_short_list_of_words():
    hello = {"type": "hello", "protocol": "whitechapel/1", "name": "Ann"}
    said = decode_client(json.dumps({**hello, "features": ["presence"]}))
    assert isinstance(said, Hello) and said.features == ("presence",)
    for wrong in ("presence", ["x"] * 9, ["a" * 21], [3]):
        with pytest.raises(ProtocolError, match="'features' of 'hello'"):
            decode_client(json.dumps({**hello, "features": wrong}))


def seated(screen) -> bool:
    return isinstance(screen, PocketScreen) and isinstance(screen.source, RemoteSource)


async def test_the_lobby_offers_a_side_and_says_the_seat_beside_the_board(server):
    """PA: the lobby's row chooses the creator's side (here the
    investigator); PB: no toast over the tokens at 80×24, the room and
    rejoin code in the banner; the status line says the seat and why, and
    no longer repeats the keys."""
    app = WhitechapelApp(start=LobbyScreen(Link(*server.address, "Ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        status = " ".join(screen_text(app).split())
        assert "Connected." in status and "j: join by code" not in status  # said once
        side = lobby.query_one("#side-pocket", Select)
        assert side.value == "jack" and "you play" in screen_text(app)
        side.value = "investigator"
        await settle.press(pilot, "n")
        await until(lambda: seated(app.screen), what="a new duel", pilot=pilot)
        screen = app.screen
        assert screen.source.seat == "investigator"
        code = screen.source.room
        bob = await connect(server, "Bob")
        await bob.join(code)
        await until(screen.can_act, what="the investigator's turn", pilot=pilot)
        assert not app._notifications  # nothing over the fourth token
        token = screen.current_view().tokens[3]
        assert f"4 {FACE_NAMES[token.up]}" in screen_text(app).split("\n")[-4]
        banner = " ".join(screen.query_one("#banner").render().plain.split())
        assert f"rejoin: {code}" in banner and "⏱" in banner
        await bob.close()
        await settle.press(pilot, "ctrl+l")
        await until(lambda: app.screen is lobby, what="the lobby", pilot=pilot)
        said = " ".join(screen_text(app).split())
        assert f"Room {code}: you hold the investigator seat (as chosen" in said


async def test_the_screen_says_the_opponent_disconnected_and_keeps_the_choice(server):
    """Bob's client creates a duel as Jack; Ann's app joins it as the
    investigator, who plays first (P3).  Bob drops while Ann is choosing
    her target: she reads it, her choice stays; he comes back."""
    bob = await connect(server, "Bob")
    created = await bob.create("pocket", seat="jack")
    code = created["room"]
    app = WhitechapelApp(start=LobbyScreen(Link(*server.address, "Ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        await settle.press(pilot, "j", *code, "enter")
        await until(lambda: seated(app.screen), what="the investigator's seat", pilot=pilot)
        screen = app.screen
        await until(screen.can_act, what="the investigator's turn", pilot=pilot)
        await settle.press(pilot, "3")  # a token with a target to choose
        chosen = (screen.choice.mode, screen.choice.token, screen.choice.cursor)
        bob.hang_up()
        await until(
            lambda: "Bob (Jack) disconnected" in " ".join(screen_text(app).split()),
            what="the word that Bob left",
            pilot=pilot,
        )
        assert (screen.choice.mode, screen.choice.token, screen.choice.cursor) == chosen
        # the duel's clock runs on while he is away, and the screen says so
        # (tester PV, Pocket round 12: "7:25 → 7:13 while I was away")
        assert "the chess clock runs on" in screen.presence_text()
        back = await connect(server, "Bob")
        await back.join(code, token=created["token"])
        await until(
            lambda: "Bob (Jack) came back" in " ".join(screen_text(app).split()),
            what="the word that Bob is back",
            pilot=pilot,
        )
        assert (screen.choice.mode, screen.choice.token, screen.choice.cursor) == chosen
        await back.close()
