"""A network room against the computer: `create` with `computer: LEVEL` gives
every other seat to the server's computer, which plays from that seat's view
(in a worker process) as a person would; the room keeps its computer seats
across a restart.  Every line the server writes is checked for secrets."""

from __future__ import annotations

import json
import random

import pytest

import settle
from test_net_protocol import pocket_secret_free
from test_net_server import FAST, capture, connect
from whitechapel.core import players, thinking
from whitechapel.core.game import view_json
from whitechapel.net.client import ClientError
from whitechapel.net.protocol import decode_server
from whitechapel.net.server import GameServer
from whitechapel.pocket.views import Played


@pytest.fixture
async def server(tmp_path):
    srv = GameServer(tmp_path, limits=FAST, client_seeds=True)
    await srv.start()
    yield srv
    await srv.close()


async def play_to_the_end(client, room, state, rng) -> dict:
    """The person plays random legal actions from its own view; the computer
    answers in between.  Returns the last state."""
    seat = state["seat"]
    while "result" not in state:
        if state["to_act"] == seat:
            await client.send(
                {"type": "act", "room": room, "action": rng.choice(state["view"]["legal"])}
            )
        state = await client.state(room, timeout=60)
        assert state["view"]["side"] == seat
        if seat != "jack" and "result" not in state:
            assert "jack" not in state["view"]  # the computer's secrets stay with the server
    return state


@pytest.mark.parametrize(("seat", "level"), [("investigator", "easy"), ("jack", "random")])
async def test_a_duel_against_the_computer_over_the_network(server, seat, level):
    lines = capture(server)
    person = await connect(server, "Ann")
    created = await person.create("pocket", seat=seat, computer=level, seed=11)
    room = created["room"]
    assert created["seat"] == seat
    other = "jack" if seat == "investigator" else "investigator"
    assert server.rooms[room].computers == {other: level}
    state = await person.state(room)
    last = await play_to_the_end(person, room, state, random.Random(2))
    assert last["result"]["winner"] in ("jack", "investigator")
    # Both sides played: the computer's actions are in the log, as the person's.
    sides = {e["side"] for e in last["view"]["log"] if "side" in e}
    assert sides == {"jack", "investigator"}
    await server.flush()
    record = (server.store.records / f"{room}.json").read_text()
    assert f"computer:{level}" in record  # the record names it as Continue reads it
    # What went to the person's connection never held Jack's secrets before the end.
    if seat == "investigator":
        for name, data in lines:
            msg = decode_server(data)
            if name == "Ann" and msg.get("type") == "state" and "result" not in msg:
                assert pocket_secret_free(msg)


async def test_the_computer_seat_is_refused_when_the_level_does_not_exist(server):
    person = await connect(server, "Bob")
    with pytest.raises(ClientError, match="no 'grandmaster' computer player"):
        await person.create("pocket", computer="grandmaster")
    assert not server.rooms


async def test_nobody_takes_the_computers_seat(server):
    person, other = await connect(server, "Cy"), await connect(server, "Di")
    created = await person.create("pocket", seat="jack", computer="random")
    with pytest.raises(ClientError, match="no free seat"):
        await other.join(created["room"])


async def test_the_computer_plays_on_after_a_restart(tmp_path):
    srv = GameServer(tmp_path, limits=FAST, client_seeds=True)
    await srv.start()
    person = await connect(srv, "Eve")
    created = await person.create("pocket", seat="jack", computer="easy", seed=3)
    room = created["room"]
    state = await person.state(room)
    # Round 1 opens with the investigator: the computer's first move comes.
    while state["to_act"] != "jack":
        state = await person.state(room, timeout=60)
    await person.send({"type": "act", "room": room, "action": state["view"]["legal"][0]})
    await person.state(room)  # Jack's first action, on the record
    await srv.close()
    again = GameServer(tmp_path, limits=FAST, client_seeds=True)
    await again.start()
    try:
        restored = again.rooms[room]
        assert restored.computers == {"investigator": "easy"}
        person = await connect(again, "Eve")
        await person.join(room, token=created["token"])
        state = await person.state(room)
        assert state["to_act"] == "jack" and len(restored.game.history) == 2
        # Jack's second action: the computer closes round 1, Jack opens round 2.
        await person.send({"type": "act", "room": room, "action": state["view"]["legal"][0]})
        while state["view"]["round"] == 1 and "result" not in state:
            state = await person.state(room, timeout=60)
        assert len(restored.game.history) >= 4
        assert [e["side"] for e in state["view"]["log"] if "side" in e][:4] == [
            "investigator",
            "jack",
            "jack",
            "investigator",
        ]
    finally:
        await again.close()


def test_the_server_thinks_in_its_own_worker_process():
    srv = GameServer(persist=False)
    assert isinstance(srv.computers.thinkers, thinking.Workers)
    assert players.levels("pocket") == ("random", "easy", "normal", "hard")


# -- the lobby ------------------------------------------------------------------------


async def test_play_against_the_computer_from_the_lobby(server):
    from polling import until
    from snapshots import screen_text
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.ui.bench import keys_for
    from whitechapel.pocket.ui.screen import PocketScreen
    from whitechapel.ui.lobby import ComputerChoice, Link, LobbyScreen
    from whitechapel.ui.source import RemoteSource

    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        assert "c Pocket against the computer" in " ".join(screen_text(app).split())  # keys line
        await settle.press(pilot, "c")
        assert isinstance(app.screen, ComputerChoice)
        assert "You play investigator; the computer plays jack (hard)" in screen_text(app)
        await settle.press(pilot, "escape")  # back: nothing created
        assert app.screen is lobby and not server.rooms
        await settle.press(pilot, "c")
        # "You play jack; the computer plays investigator (easy)": the second option.
        await settle.press(pilot, "down", "enter")
        await until(lambda: isinstance(app.screen, PocketScreen), what="the room", pilot=pilot)
        screen = app.screen
        assert isinstance(screen.source, RemoteSource) and screen.source.seat == "jack"
        room = next(iter(server.rooms.values()))
        assert room.computers == {"investigator": "easy"}
        # The computer opens round 1; then Jack plays by keys, and the computer answers.
        await until(lambda: screen.can_act(), what="Jack's turn", pilot=pilot)
        assert "Computer (easy)" in room.names.values()
        action = room.game.legal_actions()[0]
        await settle.press(pilot, *keys_for(room.game, action))
        await until(lambda: len(room.game.history) >= 2, what="Jack's move", pilot=pilot)
        assert room.game.history[1] == action


async def test_the_server_asks_its_computer_with_the_seats_view_alone(server):
    asked = []
    submit = server.computers.thinkers.submit

    def spy(key, game, level, side, seed, view, table=None):
        asked.append((side, view))
        return submit(key, game, level, side, seed, view, table)

    server.computers.thinkers.submit = spy  # type: ignore[method-assign]
    person = await connect(server, "Flo")
    created = await person.create("pocket", seat="jack", computer="random", seed=5)
    room = created["room"]
    state = await person.state(room)
    while state["to_act"] != "jack":
        state = await person.state(room, timeout=60)
    assert asked
    for side, view in asked:
        assert side == "investigator" and view.side == "investigator"
        assert view.jack is None  # Jack's identity and cards never reach the computer
        assert pocket_secret_free(json.dumps(view_json(view)))


@pytest.mark.parametrize(("seat", "level"), [("jack", "hard"), ("investigator", "normal")])
async def test_a_lone_player_plays_a_whole_game_against_the_computer_from_the_lobby(
    server, seat, level, monkeypatch
):
    """Alone in the lobby, a person starts a room against the computer and
    plays it to the end by keys; each time the computer was asked, it was
    given its own seat's view and nothing else (the investigator's never
    names Jack nor holds his cards)."""
    from polling import until
    from snapshots import screen_text
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.actions import parse_action
    from whitechapel.pocket.ui.bench import keys_for
    from whitechapel.pocket.ui.screen import PocketScreen
    from whitechapel.ui.lobby import ComputerChoice, Link, LobbyScreen

    asked: list[tuple[str, str, dict]] = []
    submit = server.computers.thinkers.submit

    def spy(key, game, level, side, seed, view, table=None):
        asked.append((level, side, view))
        return submit(key, game, level, side, seed, view, table)

    server.computers.thinkers.submit = spy  # type: ignore[method-assign]
    # The lobby asks for no seed: the room's setup is pinned here, so that a run
    # is the same deal each time (the computer's answers may still vary).
    monkeypatch.setattr("whitechapel.core.chance.new_seed", lambda: 2026)
    other = "investigator" if seat == "jack" else "jack"
    rng = random.Random(4)
    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        await settle.press(pilot, "c")
        assert isinstance(app.screen, ComputerChoice)
        options = app.screen.query_one("#computer-options")
        wanted = next(
            i
            for i in range(options.option_count)
            if options.get_option_at_index(i).id == f"{seat}:{level}"
        )
        while options.highlighted != wanted:
            await settle.press(pilot, "down" if (options.highlighted or 0) < wanted else "up")
        chosen = str(options.get_option_at_index(wanted).prompt)
        assert chosen == f"You play {seat}; the computer plays {other} ({level})"
        await settle.press(pilot, "enter")
        await until(lambda: isinstance(app.screen, PocketScreen), what="the room", pilot=pilot)
        screen = app.screen
        room = next(iter(server.rooms.values()))
        assert room.computers == {other: level} and room.names[seat] == "ann"
        moves = 0
        while screen.source.outcome is None:
            await until(
                lambda: screen.can_act() or screen.source.outcome is not None,
                what="the person's turn",
                pilot=pilot,
            )
            if screen.source.outcome is not None:
                break
            # The person picks from what the screen was drawn from: the seat's view.
            text = rng.choice(screen.source.view(seat).legal)
            before = len(room.game.history)
            await settle.press(pilot, *keys_for(room.game, parse_action(text)))
            await until(lambda n=before: len(room.game.history) > n, what="the move", pilot=pilot)
            assert str(room.game.history[before]) == text
            moves += 1
        # A game may end at round 1's witness call, after two actions a side.
        assert room.game.outcome is not None and moves >= 2
        # the losing seat is told it lost (tester PV, round 12: "the
        # investigator wins" at the losing seat); the winning one, who won
        said = "you lose" if room.game.outcome.winner != seat else "you win"
        await until(
            lambda: said in " ".join(screen_text(app).split()),
            what="the end on the screen",
            pilot=pilot,
        )
    played = [e.side for e in room.game.view("jack").log if isinstance(e, Played)]
    assert played.count(other) == len(asked) >= 2  # asked once for each of its actions
    for asked_level, side, view in asked:
        assert (asked_level, side, view.side) == (level, other, other)
        if other == "investigator":
            assert view.jack is None and pocket_secret_free(json.dumps(view_json(view)))


async def test_a_state_that_arrives_as_the_screen_is_taken_down_is_kept_not_raised(server):
    """The computer's answer can reach a game screen while the app quits and
    its widgets are being removed: the state is kept, nothing is drawn, and
    no traceback ends the app."""
    from polling import until
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.ui.district import District
    from whitechapel.pocket.ui.screen import PocketScreen
    from whitechapel.ui.lobby import Link, LobbyScreen

    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        await settle.press(pilot, "c", "down", "enter")
        await until(lambda: isinstance(app.screen, PocketScreen), what="the room", pilot=pilot)
        screen = app.screen
        await until(lambda: screen.source.state, what="the first state", pilot=pilot)
        state = dict(screen.source.state)
        await screen.query_one(District).remove()  # as the app quits
        screen.remote_state({**state, "to_act": "jack"})
        assert screen.source.state["to_act"] == "jack"
