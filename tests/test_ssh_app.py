"""The app of an SSH session (`WHITECHAPEL_SSH=1`, issues 1 and 5): it
reaches the game server over the gateway's channel with the session's
identity, writes no file, and offers no file-system feature at all -- no
"Load a record", no saved games, no hot-seat game, no "Save record", no
screenshot.  At home the lobby's seat file is the user's alone (0600)."""

from __future__ import annotations

import stat

import pytest
from textual.command import CommandPalette

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core.registry import entries
from whitechapel.gateway.sessionapp import gateway_link
from whitechapel.net.client import Client
from whitechapel.net.server import GameServer, gateway_socket_path
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.lobby import Link, LobbyScreen
from whitechapel.ui.source import RemoteSource

FILE_FEATURES = {"Load a record", "Continue a saved game", "Save record", "Screenshot"}


def titles(app, screen) -> set[str]:
    return {c.title for c in app.get_system_commands(screen)}


@pytest.fixture
async def server(tmp_path, monkeypatch):
    data = tmp_path / "d"
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(data))
    srv = GameServer(data, gateway_socket=gateway_socket_path(data))
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


def session_env(srv: GameServer, identity: str, **more: str) -> dict[str, str]:
    host, port = srv.address
    return {
        "WHITECHAPEL_SSH": "1",
        "WHITECHAPEL_SERVER": f"{host}:{port}",
        "WHITECHAPEL_IDENTITY": identity,
        "WHITECHAPEL_PEER": "203.0.113.5",
        **more,
    }


async def test_the_menu_and_palette_have_no_file_features_in_ssh_mode(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("WHITECHAPEL_SSH", "1")
    app = WhitechapelApp()
    assert app.ssh
    async with app.run_test(size=(100, 30)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == [*(f"rules-{e.name}" for e in entries()), "quit"]  # a game's rules each
        text = screen_text(app)
        assert "Load a record" not in text and "Continue" not in text
        got = titles(app, app.screen)
        assert not got & FILE_FEATURES and not any(t.startswith("New ") for t in got)
        await palette_search(pilot, "Load")
        assert "Load a record" not in screen_text(app)
    # At home every one of them is there.
    monkeypatch.delenv("WHITECHAPEL_SSH")
    home = WhitechapelApp()
    async with home.run_test(size=(100, 30)) as pilot:
        await settle.settle(pilot)
        assert {"Load a record", "Continue a saved game"} <= titles(home, home.screen)
        await palette_search(pilot, "Load")  # the same search finds it
        assert "Load a record" in screen_text(home)


async def palette_search(pilot, words: str) -> None:
    """Type `words` into the command palette and wait until its search (a
    worker, restarted at each key) is over and its list drawn."""
    app = pilot.app
    await settle.press(pilot, "ctrl+p", *words)
    palette = app.screen
    assert isinstance(palette, CommandPalette)
    await until(
        lambda: not any(w.node is palette and not w.is_finished for w in app.workers),
        what="the palette's search",
        pilot=pilot,
    )


def test_the_session_finds_the_servers_socket(server, tmp_path):
    env = session_env(server, "key:SHA256:abc")
    link = gateway_link(env, "", "Ann")
    assert link.unix == str(server.gateway_socket) and link.ssh
    assert link.fields == {"identity": "key:SHA256:abc", "peer": "203.0.113.5"}
    assert link.where == "this server"
    link = gateway_link({**env, "WHITECHAPEL_SERVER": "unix:/run/x.sock"}, "", "Ann")
    assert link.unix == "/run/x.sock"
    remote = {**env, "WHITECHAPEL_SERVER": "game.example:7888"}
    link = gateway_link(remote, "", "Ann")
    assert (link.host, link.port, link.unix, link.fields) == ("game.example", 7888, None, {})
    link = gateway_link({**remote, "WHITECHAPEL_GATEWAY_SECRET": "S"}, "", "Ann")
    assert link.fields["gateway"] == "S" and link.fields["identity"] == "key:SHA256:abc"


async def open_lobby(app, pilot):
    lobby = app.screen
    await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
    return lobby


async def test_an_ssh_session_plays_over_the_socket_and_writes_no_file(server, tmp_path):
    data = tmp_path / "d"
    before = sorted(p.relative_to(data) for p in data.rglob("*") if "rooms" not in p.parts)
    ann = gateway_link(session_env(server, "session:" + "aa" * 16), "", "Ann")
    app = WhitechapelApp(start=LobbyScreen(ann), ssh=True)
    async with app.run_test(size=(110, 32)) as pilot:
        lobby = await open_lobby(app, pilot)
        assert "the lobby of this server" in screen_text(app)
        await settle.press(pilot, "n")
        await until(lambda: isinstance(app.screen, PocketScreen), what="a duel", pilot=pilot)
        code = next(iter(server.rooms))
        rejoin = ann.rejoin_code(code)
        assert len(rejoin) == 6
        await until(
            lambda: f"rejoin: {code} {rejoin}" in screen_text(app),
            what="the code on the banner",
            pilot=pilot,
        )
        conn = next(c for c in server.connections if c.name == "Ann")
        assert conn.proven and conn.address == "203.0.113.5"
        app.pop_screen()
        await until(lambda: app.screen is lobby, what="the lobby", pilot=pilot)
        await lobby.action_refresh()
        await until(
            lambda: f"your seat: jack, rejoin: {code} {rejoin}" in screen_text(app),
            what="the lobby line",
            pilot=pilot,
        )
    after = sorted(p.relative_to(data) for p in data.rglob("*") if "rooms" not in p.parts)
    assert after == before  # no seat file, nothing in the shared data folder

    # A new password session of Ann: a new identity; Enter alone does not seat
    # her as Jack (that would be anyone), her rejoin code does.
    again = gateway_link(session_env(server, "session:" + "bb" * 16), "", "Ann")
    app = WhitechapelApp(start=LobbyScreen(again), ssh=True)
    async with app.run_test(size=(110, 32)) as pilot:
        await open_lobby(app, pilot)
        await until(lambda: code in screen_text(app), what="the room", pilot=pilot)
        assert "your seat:" not in screen_text(app)
        await settle.press(pilot, "j", *f"{code} {rejoin}", "enter")
        await until(lambda: isinstance(app.screen, PocketScreen), what="the seat back", pilot=pilot)
        assert app.screen.source.seat == "jack"


async def test_the_same_key_comes_back_to_its_seat_by_enter(server):
    key = "key:SHA256:" + "K" * 43
    first = gateway_link(session_env(server, key), "", "Ann")
    app = WhitechapelApp(start=LobbyScreen(first), ssh=True)
    async with app.run_test(size=(110, 32)) as pilot:
        await open_lobby(app, pilot)
        await settle.press(pilot, "n")
        await until(lambda: isinstance(app.screen, PocketScreen), what="a duel", pilot=pilot)
    code = next(iter(server.rooms))
    # Mallory, same name, another identity: she cannot take Ann's seat.
    mallory = await Client.connect(
        "",
        0,
        "Ann",
        unix=server.gateway_socket,
        fields={"identity": "session:" + "cc" * 16, "peer": "198.51.100.2"},
    )
    try:
        joined = await mallory.join(code)
        assert joined["seat"] == "investigator"
    finally:
        await mallory.close()
    second = gateway_link(session_env(server, key), "", "Ann")
    app = WhitechapelApp(start=LobbyScreen(second), ssh=True)
    async with app.run_test(size=(110, 32)) as pilot:
        await open_lobby(app, pilot)
        await until(
            lambda: "your seat: jack" in screen_text(app), what="the seat listed", pilot=pilot
        )
        await settle.press(pilot, "enter")
        await until(
            lambda: (
                isinstance(app.screen, PocketScreen) and isinstance(app.screen.source, RemoteSource)
            ),
            what="the seat",
            pilot=pilot,
        )
        assert app.screen.source.seat == "jack"


async def test_at_home_the_seat_file_is_the_users_alone(server, tmp_path):
    host, port = server.address
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, "ann")), ssh=False)
    async with app.run_test(size=(110, 32)) as pilot:
        await open_lobby(app, pilot)
        await settle.press(pilot, "n")
        await until(lambda: isinstance(app.screen, PocketScreen), what="a duel", pilot=pilot)
    files = list((tmp_path / "d" / "seats").iterdir())
    assert len(files) == 1 and stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert stat.S_IMODE(files[0].parent.stat().st_mode) == 0o700


async def test_a_displaced_seat_says_so_and_stops_offering_moves_and_counting(server):
    """Someone else takes Ann's seat with its rejoin code (issue 25): her
    screen says so, offers her no move, and her clock stops running."""
    ann = gateway_link(session_env(server, "session:" + "aa" * 16), "", "Ann")
    app = WhitechapelApp(start=LobbyScreen(ann), ssh=True)
    async with app.run_test(size=(110, 32)) as pilot:
        await open_lobby(app, pilot)
        await settle.press(pilot, "n")
        await until(lambda: isinstance(app.screen, PocketScreen), what="a duel", pilot=pilot)
        screen = app.screen
        code = next(iter(server.rooms))
        bob = await Client.connect(
            "",
            0,
            "Bob",
            unix=server.gateway_socket,
            fields={"identity": "session:" + "dd" * 16, "peer": "198.51.100.3"},
        )
        try:
            await bob.join(code)  # the investigator: the clock runs
            await until(
                lambda: screen.source.state.get("clock", {}).get("running"),
                what="the clock running",
                pilot=pilot,
            )
            eve = await Client.connect(
                "",
                0,
                "Eve",
                unix=server.gateway_socket,
                fields={"identity": "session:" + "ee" * 16, "peer": "198.51.100.4"},
            )
            try:
                assert (await eve.join(code, rejoin=ann.rejoin_code(code)))["seat"] == "jack"
                await until(
                    lambda: "no longer hold" in screen_text(app), what="the notice", pilot=pilot
                )
                assert not screen.source.may_act(screen.source.seat_side)
                assert "⏱" not in screen.clock_text()  # no clock counting down for her
                shown = screen_text(app)
                await pilot.pause(1.2)  # longer than a tick of the clock (1 s)
                await settle.settle(pilot)  # what a tick would have changed, drawn
                assert screen_text(app) == shown  # nothing ticks
            finally:
                await eve.close()
        finally:
            await bob.close()
