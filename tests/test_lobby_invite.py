"""Issue 50: no one-line way to invite someone to a room.  The lobby shows
the room's invite line whole on a line of its own -- `whitechapel join
HOST:PORT ROOM` -- and `i` copies it (OSC 52: `App.copy_to_clipboard`);
that line, run, opens the lobby and takes a seat of that room at once.

Loopback only; every wait is for a screen or a message, with a bound.
"""

from __future__ import annotations

import pytest

from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.cli import main
from whitechapel.net.server import GameServer
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.link import Link
from whitechapel.ui.lobby import LobbyScreen


@pytest.fixture
async def server(tmp_path):
    game = GameServer(tmp_path)
    await game.start("127.0.0.1", 0)
    yield game
    await game.close()


async def duel_and_back(app, pilot) -> tuple[LobbyScreen, str]:
    """Ann's lobby: a new Pocket duel (`n`), then back (ctrl+l); the lobby
    and the duel's room."""
    lobby = app.screen
    await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
    await pilot.press("n")
    await until(lambda: isinstance(app.screen, PocketScreen), what="a new duel", pilot=pilot)
    room = app.screen.source.room
    await pilot.press("ctrl+l")  # back to the lobby
    await until(lambda: app.screen is lobby, what="the lobby", pilot=pilot)
    return lobby, room


async def test_the_lobby_shows_a_rooms_invite_line_and_i_copies_it(server):
    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "Ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        _lobby, room = await duel_and_back(app, pilot)
        line = f"whitechapel join {host}:{port} {room}"
        shown = screen_text(app).splitlines()
        assert any(row.strip() == f"Invite to {room} (i copies it): {line}" for row in shown), shown
        await pilot.press("i")
        assert app.clipboard == line
        assert [n.message for n in app._notifications][-1] == f"Copied: {line}"

        # The line, run by Bob, seats him in that room at once.
        bob_app = WhitechapelApp(start=LobbyScreen(Link(host, port, "Bob"), room.lower()))
        async with bob_app.run_test(size=(80, 24)) as bob_pilot:
            await until(
                lambda: isinstance(bob_app.screen, PocketScreen),
                what="Bob seated by the invite",
                pilot=bob_pilot,
            )
            seat = bob_app.screen.source
            assert (seat.room, seat.seat) == (room, "investigator")


def test_an_ssh_sessions_invite_says_the_code_as_the_lobby_takes_it():
    link = Link("", 0, "Ann", unix="/tmp/nowhere.sock", ssh=True)
    assert link.invite("K7QX") == "join room K7QX in this server's lobby: j, then K7QX"
    assert Link("::1", 7888, "Ann").invite("K7QX") == "whitechapel join [::1]:7888 K7QX"


def test_join_takes_a_rooms_code_and_refuses_what_is_not_one(capsys, monkeypatch):
    called = {}

    def run_join(address, name, password=None, *, room=None, **_others):
        called.update(address=address, room=room)
        return 0

    monkeypatch.setattr("whitechapel.join.run_join", run_join)
    assert main(["join", "127.0.0.1:7888", "k7qx"]) == 0
    assert called == {"address": "127.0.0.1:7888", "room": "K7QX"}
    with pytest.raises(SystemExit) as caught:
        main(["join", "127.0.0.1:7888", "K7 QX!"])
    assert caught.value.code == 2
    assert "is not a room's code" in capsys.readouterr().err


async def test_back_from_a_room_joined_by_code_n_makes_a_new_duel(server):
    """Tester PQ, Pocket round 8: after ctrl+l the cursor sat in "Join a
    room by code", which still held the old code, and `n` for a new duel
    typed an n there ("KCPT 4V96NAn").  Back in the lobby the code is
    cleared and the keys are the lobby's."""
    from textual.widgets import Input

    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "Ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, room = await duel_and_back(app, pilot)
        await pilot.press("j", *room.lower(), "enter")  # her seat again, by its code
        await until(lambda: isinstance(app.screen, PocketScreen), what="the seat", pilot=pilot)
        await pilot.press("ctrl+l")
        await until(lambda: app.screen is lobby, what="the lobby again", pilot=pilot)
        assert lobby.query_one("#code", Input).value == ""
        await pilot.press("n")
        await until(
            lambda: isinstance(app.screen, PocketScreen) and app.screen.source.room != room,
            what="a second duel",
            pilot=pilot,
        )


async def test_a_room_gone_from_the_list_takes_its_invite_and_seat_lines_along(server):
    """Tester PR, Pocket round 9: after the game ended the list said "No
    open rooms", and under it still "Invite to VRTJ …" and "Room VRTJ: you
    hold the investigator seat"."""
    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "Ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, room = await duel_and_back(app, pilot)
        said = " ".join(screen_text(app).split())
        assert f"Invite to {room}" in said and f"Room {room}: you hold" in said
        lobby.show_rooms([])  # the server's list once the game is over
        await pilot.pause()
        said = " ".join(screen_text(app).split())
        assert "No open rooms" in said
        assert f"Invite to {room}" not in said and f"Room {room}: you hold" not in said
