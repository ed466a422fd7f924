"""The lobby and the network game screens, in process: the app (Pilot) on
one side of a real game server on 127.0.0.1, a protocol client on the other."""

from __future__ import annotations

import pytest

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.net.client import Client
from whitechapel.net.server import GameServer
from whitechapel.pocket.ui.bench import keys_for
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.lobby import Link, LobbyScreen
from whitechapel.ui.screens.records import RecordsScreen, ReplayScreen
from whitechapel.ui.source import RemoteSource


def seated(screen, kind) -> bool:
    """Is `screen` a game screen of `kind` fed by the server?"""
    return isinstance(screen, kind) and isinstance(screen.source, RemoteSource)


@pytest.fixture
async def server(tmp_path):
    game = GameServer(tmp_path)
    host, port = await game.start("127.0.0.1", 0)
    yield game, host, port
    await game.close()


async def test_a_pocket_duel_from_the_lobby_against_a_protocol_client(server):
    game, host, port = server
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        await settle.press(pilot, "n")
        await until(lambda: seated(app.screen, PocketScreen), what="a new duel", pilot=pilot)
        screen = app.screen
        assert screen.source.seat == "jack" and len(game.rooms) == 1
        code = next(iter(game.rooms))
        room = game.rooms[code]
        # Jack's own secret is on his screen; he waits for the investigator (P3).
        await until(lambda: "You are" in screen_text(app), what="Jack's card", pilot=pilot)
        # nobody sits as the investigator yet: not "waiting for the investigator"
        # as if he were thinking (tester RE, Pocket round 29)
        said = " ".join(screen_text(app).split())
        assert (
            f"Nobody sits as the investigator yet: waiting for a player to join (room {code})"
            in said
        )
        bob = await Client.connect(host, port, "bob")
        try:
            await bob.join(code)
            await bob.expect("state", room=code)
            await until(
                lambda: "Waiting for the investigator to play" in screen_text(app),
                what="the seat taken, told to Jack",
                pilot=pilot,
            )
            view = room.game.view("investigator")
            move = next(a for a in view.legal if a[0] in "HWT")
            await bob.act(code, move)
            await until(lambda: screen.can_act(), what="Jack's turn", pilot=pilot)
            assert "1 of 8" in screen_text(app) and "⏱" in screen_text(app)  # the duel's clock
            # Jack plays by keys: a token, then its target; the server applies it.
            action = room.game.legal_actions()[-1]
            await settle.press(pilot, *keys_for(room.game, action))
            await until(lambda: len(room.game.history) == 2, what="Jack's move", pilot=pilot)
            assert room.game.history[-1] == action
            # A token already played says why, and nothing is sent.
            await until(lambda: screen.can_act(), what="Jack's second action (P3)", pilot=pilot)
            used = next(i for i, t in enumerate(room.game.view("jack").tokens) if t.used)
            sent: list[str] = []  # what the screen hands its source to send, as it does
            send = screen.source.send
            screen.source.send = lambda text: (sent.append(text), send(text))[1]
            await settle.press(pilot, str(used + 1))
            assert screen.notice == "That token was played this round."
            assert sent == [] and len(room.game.history) == 2
        finally:
            await bob.close()


async def test_an_lfw_session_from_the_lobby(server):
    game, host, port = server
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        await settle.press(pilot, "l")
        await until(lambda: seated(app.screen, LfwScreen), what="a new session", pilot=pilot)
        screen = app.screen
        code = next(iter(game.rooms))
        room = game.rooms[code]
        assert screen.source.seat == "jack" and room.seats == ("jack", "police1", "police2")
        police = await Client.connect(host, port, "bob")
        try:
            await police.join(code, seat="police1")
            first = await police.expect("state", room=code)
            assert "jack" not in first["view"]  # §9: no hideout, path or position
            await settle.press(pilot, "tab", "enter")  # Jack's hideout: the first target
            await until(lambda: room.game.hideout is not None, what="the hideout", pilot=pilot)
            state = await police.expect("state", room=code)
            assert str(room.game.hideout) not in str(state["view"].get("jack", ""))
            assert "hideout:" in screen_text(app)  # Jack's own sheet shows it
        finally:
            await police.close()


async def test_the_lobby_says_when_the_server_cannot_be_reached():
    app = WhitechapelApp(start=LobbyScreen(Link("127.0.0.1", 9, "ann")))  # nothing listens
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: "Could not reach" in screen_text(app), what="the message", pilot=pilot)
        await settle.press(pilot, "n")  # nothing to send to: a notice, no crash
        assert isinstance(app.screen, LobbyScreen)


async def test_the_same_player_name_comes_back_to_the_same_seat(server, tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path / "ann-home"))
    game, host, port = server
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        await settle.press(pilot, "n")
        await until(lambda: seated(app.screen, PocketScreen), what="a new duel", pilot=pilot)
    code = next(iter(game.rooms))
    # The connection dropped (the app closed); a new app of the same player...
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: code in screen_text(app), what="the room listed", pilot=pilot)
        assert "your seat: jack" in screen_text(app)
        await settle.press(pilot, "enter")  # the highlighted room: back to its seat
        await until(lambda: seated(app.screen, PocketScreen), what="the seat", pilot=pilot)
        assert app.screen.source.seat == "jack"
    # ...while another name gets the free seat, not Ann's.
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path / "bob-home"))
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "bob")))
    async with app.run_test(size=(100, 32)) as pilot:
        lobby = app.screen
        await until(lambda: code in screen_text(app), what="the room listed", pilot=pilot)
        await settle.press(pilot, "enter")
        await until(lambda: seated(app.screen, PocketScreen), what="a seat", pilot=pilot)
        assert app.screen.source.seat == "investigator"


async def test_a_spectator_watches_a_duel_from_the_lobby(server):
    game, host, port = server
    ann = await Client.connect(host, port, "ann")
    try:
        created = await ann.create("pocket")
        code = created["room"]
        app = WhitechapelApp(start=LobbyScreen(Link(host, port, "carl")))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(lambda: code in screen_text(app), what="the room listed", pilot=pilot)
            await settle.press(pilot, "w")
            await until(lambda: seated(app.screen, PocketScreen), what="watching", pilot=pilot)
            screen = app.screen
            assert screen.source.seat is None and "You are watching" in screen_text(app)
            from whitechapel.pocket.ui.panels import character_name

            room = game.rooms[code]
            jack = character_name(room.game.view("jack").jack.identity)
            text = screen_text(app)
            assert "Jack only" not in text and "Your alibi cards" not in text  # P9
            assert " " not in jack or jack not in text
    finally:
        await ann.close()


async def test_the_lobby_lists_finished_games_and_shows_one(server):
    """Issue 13: finished rooms become records, listed in the lobby for
    replay (`v`): the list names the players and the result, Enter shows the
    final position with what the end reveals to every side, and the arrows
    step through the game from its start, in the public view."""
    import random

    from test_net_server import play_pocket, pocket_pair

    game, host, port = server
    room, clients, states, _ = await pocket_pair(game, "r", clock=None)
    await play_pocket(room, clients, states, random.Random(3))
    for client in clients.values():
        await client.close()
    result = states["jack"]["result"]
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "cy")))
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        await settle.press(pilot, "v")
        await until(
            lambda: isinstance(app.screen, RecordsScreen) and room in screen_text(app),
            what="the finished games",
            pilot=pilot,
        )
        listed = screen_text(app)
        assert "Mr. Jack Pocket" in listed and "pjr" in listed and result["reason"][:30] in listed
        await settle.press(pilot, "enter")
        # the record comes from the server (the list's own lines may say "Jack was")
        await until(
            lambda: (
                isinstance(app.screen, ReplayScreen)
                and ("Jack was" in screen_text(app) or "Jack is" in screen_text(app))
            ),
            what="the record's final position",
            pilot=pilot,
        )
        text = screen_text(app)
        assert "Mr. Jack Pocket" in text and "Action " in text
        await settle.press(pilot, "home")
        start = screen_text(app)
        assert "The start, before any action" in start and "Jack was" not in start
        assert "Jack is" not in start  # the public view: no identity before the end
        await settle.press(pilot, "right")
        first = screen_text(app)
        assert "Action 1 of" in first and first != start
        # the step in the log's words, not its notation (tester PK, round 6: "J:H")
        assert "The investigator " in first and "The investigator " not in start
        assert f"of {len(app.screen.record.actions)}: {app.screen.record.actions[0]} " not in first
        await settle.press(pilot, "left", "end")
        assert screen_text(app) == text
        await settle.press(pilot, "escape", "escape")
        await until(lambda: app.screen is lobby, what="back in the lobby", pilot=pilot)


async def test_an_lfw_rooms_notebook_is_chosen_in_the_lobby_and_shown_so_at_every_seat(
    server, tmp_path
):
    """The notebook is the room's, as its creator chose it beside the code:
    the creator's screen, every other seat's `state` and the room's record
    (kept through a restart) all say the same; the hot seat's default
    (the possible circles) stands when nothing is chosen."""
    from textual.widgets import Select

    game, host, port = server
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")))
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        choice = lobby.query_one("#notebook-lfw", Select)
        assert choice.value == "possible"  # as the hot seat's setup ticks it
        choice.value = "heat"
        await settle.settle(pilot)
        await settle.press(pilot, "l")
        await until(lambda: seated(app.screen, LfwScreen), what="a new session", pilot=pilot)
        assert app.screen.deduction_mode == "heat"
        code = next(iter(game.rooms))
        police = await Client.connect(host, port, "bob")
        try:
            await police.join(code, seat="police1")
            first = await police.expect("state", room=code)
            assert first["settings"] == {"notebook": "heat"}
        finally:
            await police.close()
        room = game.rooms[code]
        from whitechapel.net import roomfile

        again = roomfile.from_json(roomfile.to_json(room))
        assert again.settings == {"notebook": "heat"}
        assert again.state_message("police1")["settings"] == {"notebook": "heat"}


async def test_a_setting_is_refused_for_a_game_without_it_and_a_value_that_does_not_exist(server):
    """A room's settings are its game's (core/settings.py): one the game does
    not have, one only the hot seat has (Pocket's hand-over), a value it
    does not offer, or settings that are not text to text are refused in a
    sentence, and no room is made."""
    game, host, port = server
    bob = await Client.connect(host, port, "bob")
    try:
        await bob.send({"type": "create", "game": "pocket", "settings": {"notebook": "heat"}})
        refused = await bob.expect("error")
        assert "Mr. Jack Pocket has no setting 'notebook'" in refused["message"]
        await bob.send({"type": "create", "game": "pocket", "settings": {"handover": "secrets"}})
        refused = await bob.expect("error")
        assert "no setting 'handover'" in refused["message"]
        await bob.send({"type": "create", "game": "lfw", "settings": {"notebook": "everything"}})
        refused = await bob.expect("error")
        assert "'off' or 'possible' or 'heat'" in refused["message"]
        await bob.send({"type": "create", "game": "lfw", "settings": {"notebook": 3}})
        refused = await bob.expect("error")
        assert "each text to text" in refused["message"]
        assert not game.rooms
    finally:
        await bob.close()


async def test_j_moves_the_focus_to_the_room_code_at_once():
    """`j` puts the focus in the room-code field while its key is handled,
    not a turn of the app's queue later: a letter typed right after it (a
    browser hands keys over as fast as the app takes them) finds the field."""
    app = WhitechapelApp(start=LobbyScreen(Link("127.0.0.1", 9, "ann")))  # nothing listens
    async with app.run_test() as pilot:
        await settle.settle(pilot)
        moved = []
        app.screen.action_focus_code()
        moved.append(app.focused is not None and app.focused.id == "code")
        await settle.press(pilot, "G", "E")
        assert moved == [True] and app.screen.query_one("#code").value == "GE"
