"""Display names are just names (issue 10): control characters dropped, a
long name cut (never refused), unique in a room, and shown literally on
every screen -- `[/b]Eve[red]` once crashed the app with a markup error."""

from __future__ import annotations

import pytest

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.names import MAX_NAME, clean_name, numbered
from whitechapel.net.client import Client
from whitechapel.net.protocol import PROTOCOL, decode
from whitechapel.net.server import GameServer
from whitechapel.pocket.ui.setup import pocket_screen
from whitechapel.ui.lobby import Link, LobbyScreen

EVE = "[/b]Eve[red]"


def test_names_are_cleaned_and_cut_never_refused():
    assert clean_name("  Ann\x1b[31m\u202e\u200d Lee\u2028 ") == ("Ann[31m Lee", False)
    long = "x" * 41
    assert clean_name(long) == ("x" * MAX_NAME, True)
    hello = decode(f'{{"type":"hello","protocol":"{PROTOCOL}","name":"{long}"}}')
    assert hello["name"] == "x" * 24
    assert numbered("Ann", {"Bob"}) == "Ann"
    assert numbered("Ann", {"Ann"}) == "Ann (2)"
    assert numbered("Ann", {"Ann", "Ann (2)"}) == "Ann (3)"
    assert len(numbered("y" * 24, {"y" * 24})) == 24


@pytest.fixture
async def server(tmp_path):
    game = GameServer(tmp_path)
    host, port = await game.start("127.0.0.1", 0)
    yield game, host, port
    await game.close()


async def test_a_41_character_name_connects_and_a_second_ann_is_ann_2(server):
    game, host, port = server
    long = await Client.connect(host, port, "L" * 41)
    ann = await Client.connect(host, port, "Ann")
    ann2 = await Client.connect(host, port, "Ann")
    try:
        code = (await ann.create("pocket"))["room"]
        await ann2.join(code)
        assert game.rooms[code].names == {"jack": "Ann", "investigator": "Ann (2)"}
        listed = next(r for r in await long.list() if r["room"] == code)
        assert listed["names"] == {"jack": "Ann", "investigator": "Ann (2)"}
    finally:
        for c in (long, ann, ann2):
            await c.close()


async def test_a_markup_name_is_shown_literally_in_the_lobby(server, tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path / "home"))
    game, host, port = server
    app = WhitechapelApp(start=LobbyScreen(Link(host, port, EVE)))
    async with app.run_test(size=(110, 30)) as pilot:
        lobby = app.screen
        await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
        assert f"as {EVE}" in screen_text(app)  # the title
        await settle.press(pilot, "n")
        # the room's screen comes with its first state, after the room is made
        await until(
            lambda: len(game.rooms) == 1 and app.screen is not lobby,
            what="a new duel on the screen",
            pilot=pilot,
        )
        app.pop_screen()
        await until(lambda: app.screen is lobby, what="back in the lobby", pilot=pilot)
        await lobby.action_refresh()
        await until(lambda: f"jack: {EVE}" in screen_text(app), what="the name listed", pilot=pilot)


async def test_a_markup_name_is_shown_literally_on_the_banner_and_the_hand_over(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("WHITECHAPEL_SSH", raising=False)
    screen = pocket_screen(7, {"jack": "Bob", "investigator": EVE}, {"handover": "always"})
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(lambda: screen.curtain_up, what="the hand-over", pilot=pilot)
        text = screen_text(app)
        assert f"Pass to {EVE} (the investigator)" in " ".join(text.split())
        while screen.curtain_up:
            await settle.press(pilot, "enter")
        await until(
            lambda: f"{EVE} (the investigator) to play" in screen_text(app),
            what="the banner",
            pilot=pilot,
        )
