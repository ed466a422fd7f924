"""A network player gets his seat back easily, and the lobby sees rooms
open by itself (testers PG and PH, Pocket round 4, over SSH).

A player cut off mid-game comes back in a new password session, a
stranger to the server: Enter on his full room opens the join field with
the room's code typed, the seats whose player is away are named, and the
rejoin code says what it is for where it is first shown (PG).  A lobby
shows a room opened elsewhere without a key: the server sends it the list
again when it changes, at most once a half second (PH).  A real server on
127.0.0.1 and its gateway socket; the app in SSH mode, as a session runs it."""

from __future__ import annotations

import settle
from polling import until
from snapshots import screen_text
from test_net_identity import via_gateway
from test_ssh_app import server, session_env  # noqa: F401  (server: the fixture used)
from whitechapel.app import WhitechapelApp
from whitechapel.gateway.sessionapp import gateway_link
from whitechapel.net.client import Client, ClientError
from whitechapel.net.connection import Limits
from whitechapel.net.rooms import REJOIN_LENGTH, ROOM_ALPHABET
from whitechapel.net.server import GameServer
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui import lobby as lobby_module
from whitechapel.ui.lobby import LobbyScreen
from whitechapel.ui.source import RemoteSource

ANN = "session:" + "aa" * 16  # the password session Ann was cut off from
ANN_AGAIN = "session:" + "bb" * 16  # her next one: a stranger to the server
BOB = "session:" + "cc" * 16
LOBBY = {"features": ["lobby"]}


def words(app) -> str:
    return " ".join(screen_text(app).split())


def seated(screen) -> bool:
    return isinstance(screen, PocketScreen) and isinstance(screen.source, RemoteSource)


async def full_duel(srv: GameServer) -> tuple[Client, Client, str, str]:
    """Ann (a password session) makes a duel as Jack, Bob takes the other
    seat: her client, his, the room and her seat's rejoin code."""
    ann = await via_gateway(srv, "Ann", ANN)
    created = await ann.create("pocket", seat="jack")
    bob = await via_gateway(srv, "Bob", BOB, peer="203.0.113.7")
    await bob.join(created["room"])
    return ann, bob, created["room"], created["rejoin"]


async def stranger_lobby(srv: GameServer, pilot, app, room: str) -> LobbyScreen:
    """Ann's new session's lobby, its list showing `room`."""
    lobby = app.screen
    await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
    await until(lambda: room in screen_text(app), what="the room listed", pilot=pilot)
    return lobby


async def enter_the_full_room(pilot, app, room: str) -> None:
    """Enter on the (only) room: the join field, its code typed, the cursor after it."""
    await settle.press(pilot, "enter")
    field = app.screen.query_one("#code")
    assert app.focused is field, app.focused
    assert field.value == f"{room} " and field.cursor_position == len(room) + 1
    assert field.selection.is_empty  # what is typed next follows the code
    assert isinstance(app.screen, LobbyScreen)  # no seat asked for, none refused


async def test_enter_on_a_full_room_asks_for_the_code_and_the_code_takes_the_seat_back(
    server,  # noqa: F811
):
    ann, bob, room, rejoin = await full_duel(server)
    await ann.close()  # cut off mid-game
    app = WhitechapelApp(
        start=LobbyScreen(gateway_link(session_env(server, ANN_AGAIN), "", "Ann")), ssh=True
    )
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await stranger_lobby(server, pilot, app, room)
            # whose seat is empty now, in the list (told by the server)
            await until(lambda: "jack: Ann (away)" in words(app), what="Ann away", pilot=pilot)
            assert "investigator: Bob;" in words(app)
            await enter_the_full_room(pilot, app, room)
            said = words(app)
            assert f"Room {room} is full; away now: jack (Ann)." in said, said
            assert "If one of its seats is yours, type its rejoin code after the room code" in said
            await settle.press(pilot, *rejoin, "enter")
            await until(lambda: seated(app.screen), what="the seat back", pilot=pilot)
            screen = app.screen
            assert screen.source.seat == "jack" and screen.source.room == room
            # Jack's own view: his card, which the investigator never sees (P9)
            await until(lambda: "You are" in screen_text(app), what="Jack's card", pilot=pilot)
            # and the code stays in the header, for the next time (tester PO, Pocket round 8)
            assert f"{room} {rejoin}" in screen.seat_text(), screen.seat_text()
    finally:
        await bob.close()


async def test_an_ssh_join_with_the_seats_code_takes_the_seat_back(server):  # noqa: F811
    """Tester PR, Pocket round 9: the header said "rejoin: HA7K X4Y3FC", and
    `ssh ... join HA7K X4Y3FC` was refused.  The gateway passes both codes
    (`join_command`); the lobby asks for that seat with its code."""
    ann, bob, room, rejoin = await full_duel(server)
    await ann.close()  # cut off mid-game
    link = gateway_link(session_env(server, ANN_AGAIN), "", "Ann")
    app = WhitechapelApp(start=LobbyScreen(link, f"{room.lower()} {rejoin.lower()}"), ssh=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: seated(app.screen), what="the seat back", pilot=pilot)
            assert app.screen.source.seat == "jack" and app.screen.source.room == room
    finally:
        await bob.close()


async def test_an_invites_join_of_a_full_room_asks_for_the_seats_code(server):  # noqa: F811
    """Tester RJ, Pocket round 32: "joining a room whose seat is 'away'
    opens a 'no free seat' dialog instead of asking for the rejoin code".
    The invite's `join CODE` of a full room: the server's refusal is said,
    and the join field waits with the room's code typed; the code typed
    after it takes the seat back."""
    ann, bob, room, rejoin = await full_duel(server)
    await ann.close()  # cut off mid-game
    link = gateway_link(session_env(server, ANN_AGAIN), "", "Ann")
    app = WhitechapelApp(start=LobbyScreen(link, room.lower()), ssh=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            field = app.screen.query_one("#code")
            await until(lambda: app.focused is field, what="the join field", pilot=pilot)
            assert field.value == f"{room} " and field.cursor_position == len(room) + 1
            said = words(app)
            assert f"room {room} has no free seat: jack (Ann) is away" in said, said
            await settle.press(pilot, *rejoin, "enter")
            await until(lambda: seated(app.screen), what="the seat back", pilot=pilot)
            assert app.screen.source.seat == "jack"
    finally:
        await bob.close()


async def test_a_wrong_code_leaves_the_seat_with_its_holder(server):  # noqa: F811
    ann, bob, room, rejoin = await full_duel(server)
    app = WhitechapelApp(
        start=LobbyScreen(gateway_link(session_env(server, ANN_AGAIN), "", "Ann")), ssh=True
    )
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await stranger_lobby(server, pilot, app, room)
            assert "(away)" not in words(app)  # both players are at the table
            await enter_the_full_room(pilot, app, room)
            assert "away now" not in words(app)
            wrong = "".join(c for c in ROOM_ALPHABET if c not in rejoin)[:REJOIN_LENGTH]
            await settle.press(pilot, *wrong, "enter")
            await until(
                lambda: any("holds no seat" in n.message for n in app._notifications),
                what="the refusal",
                pilot=pilot,
            )
            assert isinstance(app.screen, LobbyScreen)
        holder = next(c for c in server.connections if c.identity == ANN)
        assert server.members[room][holder] == "jack"
        # Ann was told nothing: a `left` would have come before this `pong`.
        await ann.send({"type": "ping"})
        await ann.expect("pong")
        assert not [m for m in ann.backlog if m["type"] == "left"], ann.backlog
    finally:
        await ann.close()
        await bob.close()


async def test_the_refusal_of_a_full_room_names_the_seats_away(server):  # noqa: F811
    ann, bob, room, _ = await full_duel(server)
    await ann.close()
    await until(lambda: "jack" in server.table.away(server.rooms[room]), what="Ann away")
    stranger = await via_gateway(server, "Eve", "session:" + "ee" * 16, peer="198.51.100.4")
    try:
        try:
            await stranger.join(room)
        except ClientError as e:
            said = str(e)
        else:
            raise AssertionError("a full room gave a seat")
        assert said == (
            f"room {room} has no free seat: jack (Ann) is away; if that seat is yours, "
            "take it back with its rejoin code"
        )
    finally:
        await stranger.close()
        await bob.close()


async def sent_by(link) -> list[str]:
    """The types of the messages `link` sends from now on."""
    sent: list[str] = []
    send = link.send

    async def recording(msg):
        sent.append(msg["type"])
        await send(msg)

    link.send = recording
    return sent


async def test_a_lobby_sees_a_room_open_and_fill_without_a_key(server, monkeypatch):  # noqa: F811
    monkeypatch.setattr(lobby_module, "KEEP_FRESH", 3600, raising=False)  # never asks again
    app = WhitechapelApp(
        start=LobbyScreen(gateway_link(session_env(server, BOB), "", "Bob")), ssh=True
    )
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        await until(lambda: "No open rooms" in screen_text(app), what="the empty list", pilot=pilot)
        sent = await sent_by(lobby.link)
        ann = await via_gateway(server, "Ann", ANN)
        carl = await via_gateway(server, "Carl", "session:" + "dd" * 16, peer="203.0.113.8")
        try:
            room = (await ann.create("pocket", seat="jack"))["room"]
            await until(lambda: room in screen_text(app), what="the room listed", pilot=pilot)
            assert "free: investigator" in words(app)
            await carl.join(room)
            await until(lambda: "full" in words(app), what="the room full", pilot=pilot)
            assert "list" not in sent, sent  # nobody pressed r, nor asked for the list
        finally:
            await ann.close()
            await carl.close()


async def test_back_in_the_lobby_a_player_sees_rooms_open_again(server, monkeypatch):  # noqa: F811
    """The code's use is said where it is first given, the banner at 80
    columns and the lobby's line; and a lobby left for a room's screen is
    sent the list again once it is back."""
    monkeypatch.setattr(lobby_module, "KEEP_FRESH", 3600, raising=False)
    link = gateway_link(session_env(server, BOB), "", "Bob")
    app = WhitechapelApp(start=LobbyScreen(link), ssh=True)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        await until(lambda: "No open rooms" in screen_text(app), what="the empty list", pilot=pilot)
        await settle.press(pilot, "n")
        await until(lambda: seated(app.screen), what="a new duel", pilot=pilot)
        mine = app.screen.source.room
        code = link.rejoin_code(mine)
        banner = " ".join(app.screen.query_one("#banner").render().plain.split())
        # at 80 columns whose turn it is first (tester PR, Pocket round 9),
        # then the code and the clock; "if cut off" where there is room
        assert f"{mine} {code}" in banner and "⏱" in banner, banner
        source = app.screen.source
        if source.to_act == source.seat:
            assert "you to play" in banner, banner
        sent = await sent_by(link)
        await settle.press(pilot, "ctrl+l")
        await until(lambda: app.screen is lobby, what="the lobby", pilot=pilot)
        said = words(app)
        assert f"Rejoin code {code}: keep it, it takes your seat back if you are cut off" in said
        await until(lambda: "list" in sent, what="the list asked for on coming back")
        sent.clear()
        ann = await via_gateway(server, "Ann", ANN)
        try:
            room = (await ann.create("pocket"))["room"]
            await until(lambda: room in screen_text(app), what="Ann's room listed", pilot=pilot)
            assert "list" not in sent, sent
        finally:
            await ann.close()


def counted_passes(srv: GameServer) -> list[int]:
    """The server's passes over the lobbies (`push_lists`), one item each."""
    passes: list[int] = []
    push = srv.handlers.push_lists

    def counted() -> None:
        passes.append(1)
        push()

    srv.handlers.push_lists = counted
    return passes


async def lobby_client(srv: GameServer, name: str) -> Client:
    client = await Client.connect(*srv.address, name, fields=LOBBY)
    await client.list()
    return client


async def rooms_until(client: Client, count: int) -> list[dict]:
    """The `rooms` messages `client` is sent until one lists `count` rooms."""
    got: list[dict] = []
    while not got or len(got[-1]["rooms"]) < count:
        got.append(await client.expect("rooms", timeout=60))
    return got


async def test_many_rooms_opened_at_once_make_few_lists(tmp_path):
    """A burst of 30 new rooms: the listener is sent at most one list for
    each of the server's passes (one a half second), not one a room, and
    none once the list stays the same."""
    srv = GameServer(tmp_path, limits=Limits(rooms_per_address=40))
    await srv.start("127.0.0.1", 0)
    passes = counted_passes(srv)
    listener = await lobby_client(srv, "Lou")
    maker = await Client.connect(*srv.address, "Max")
    try:
        before = len(passes)
        for _ in range(30):
            await maker.send({"type": "create", "game": "pocket"})
        pushed = await rooms_until(listener, 30)
        assert len(pushed) <= len(passes) - before, (len(pushed), len(passes) - before)
        seen = len(passes)
        await until(lambda: len(passes) >= seen + 2, what="two more passes of the server")
        await listener.send({"type": "ping"})
        await listener.expect("pong")
        assert not [m for m in listener.backlog if m["type"] == "rooms"]
    finally:
        await listener.close()
        await maker.close()
        await srv.close()


async def test_a_connection_at_a_rooms_table_is_sent_no_list(tmp_path):
    srv = GameServer(tmp_path)
    await srv.start("127.0.0.1", 0)
    passes = counted_passes(srv)
    watcher = await lobby_client(srv, "Wat")
    maker = await Client.connect(*srv.address, "Max")
    try:
        first = (await maker.create("pocket"))["room"]
        assert [r["room"] for r in (await watcher.expect("rooms"))["rooms"]] == [first]
        await watcher.watch(first)  # at its table: a game screen
        await maker.create("pocket")
        seen = len(passes)
        await until(lambda: len(passes) >= seen + 2, what="two passes of the server")
        await watcher.send({"type": "ping"})
        await watcher.expect("pong")
        assert not [m for m in watcher.backlog if m["type"] == "rooms"], watcher.backlog
        # asking for the list again makes it a lobby again
        await watcher.list()
        third = (await maker.create("pocket"))["room"]
        assert third in [r["room"] for r in (await watcher.expect("rooms"))["rooms"]]
    finally:
        await watcher.close()
        await maker.close()
        await srv.close()


async def test_a_closed_lobby_is_forgotten(tmp_path):
    srv = GameServer(tmp_path)
    await srv.start("127.0.0.1", 0)
    try:
        gone = await lobby_client(srv, "Gus")
        assert len(srv.handlers.lobbies) == 1
        await gone.close()
        maker = await Client.connect(*srv.address, "Max")
        await maker.create("pocket")
        await until(lambda: not srv.handlers.lobbies, what="the closed lobby forgotten")
        await maker.close()
    finally:
        await srv.close()


def test_a_new_duels_chess_clock_is_said_on_the_lobbys_keys_line():
    """Tester PI (Pocket round 5) found the clock only when it ran down in
    the header; a game without a clock says none."""
    from whitechapel.ui.lobby import clock_words, games_keys

    assert "New Pocket duel (7:30 a side)" in games_keys()
    assert clock_words("lfw") == ""


async def test_leaving_a_game_for_the_lobby_takes_its_notices_along(tmp_path):
    """Tester PK (Pocket round 6): the game-over notice ("ctrl+r offers a
    rematch") stayed over the lobby's list of finished games."""
    import settle
    from pocket_app_play import SETUPS, pocket_app

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        app.push_screen(type(screen)(screen.source))
        await settle.settle(pilot)
        app.screen.notify("Game over. ctrl+r offers a rematch", timeout=12)
        await settle.settle(pilot)
        assert len(app._notifications) == 1
        app.screen.action_lobby()
        await settle.settle(pilot)
        assert len(app._notifications) == 0
