"""A round's end at a network seat: the Pocket screen of a seat at a game
server shows the summary beside the board, not over it -- no Enter to
press, no hand-over, the clock running on -- until the seat's player
presses a key (which still does its own work) or plays.  The app holds one
seat in process, a protocol client the other (as in test_net_lobby.py)."""

from __future__ import annotations

import pytest
from rich.text import Text

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.net.client import Client
from whitechapel.net.server import GameServer
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTERS
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.bench import keys_for
from whitechapel.pocket.ui.screen import PocketScreen, is_handover
from whitechapel.ui.lobby import Link, LobbyScreen
from whitechapel.ui.source import RemoteSource
from whitechapel.ui.widgets.text import TextPanel


@pytest.fixture
async def server(tmp_path):
    game = GameServer(tmp_path)
    await game.start("127.0.0.1", 0)
    yield game
    await game.close()


def notes(app) -> str:
    return " ".join(app.screen.query_one("#notes", TextPanel).render().plain.split())


async def seat_the_app(app, pilot, server: GameServer, seat: str, bob: Client) -> str:
    """The app at `seat` of a new duel, Bob's client at the other; the room."""
    lobby = app.screen
    await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
    if seat == "jack":
        await settle.press(pilot, "n")  # the lobby's new duel: its creator is Jack
        await until(lambda: len(server.rooms) == 1, what="a new duel", pilot=pilot)
        code = next(iter(server.rooms))
        await bob.join(code)
    else:
        code = (await bob.create("pocket"))["room"]
        await settle.press(pilot, "j", *code, "enter")
    await until(
        lambda: (
            isinstance(app.screen, PocketScreen) and isinstance(app.screen.source, RemoteSource)
        ),
        what="the seat's screen",
        pilot=pilot,
    )
    assert app.screen.source.seat == seat
    return code


def goes_on(game, action) -> bool:
    """Does the game go on after `action`?  (The server's chance is its own.)"""
    trial = game.clone()
    trial.advance(action)
    return trial.outcome is None


async def play_one(app, pilot, server: GameServer, code: str, seat: str, bob: Client) -> None:
    """The next action of the room, by keys at the app's seat or by Bob."""
    room = server.rooms[code]
    before = len(room.game.history)
    action = next(a for a in room.game.legal_actions() if goes_on(room.game, a))
    if room.game.to_act == seat:
        screen = app.screen
        await until(screen.can_act, what=f"{seat}'s turn", pilot=pilot)
        await settle.press(pilot, *keys_for(room.game, action))
    else:
        await bob.send({"type": "act", "room": code, "action": str(action)})
    await until(lambda: len(room.game.history) == before + 1, what=f"{action} played", pilot=pilot)
    await until(
        lambda: (
            app.screen.source.version > 0
            and len(app.screen.current_view().log) >= len(room.game.view(seat).log)
        ),
        what="the new state at the seat",
        pilot=pilot,
    )


@pytest.mark.parametrize("seat", ["jack", "investigator"])
async def test_both_seats_see_a_rounds_end_beside_the_board_and_play_on(server, seat):
    app = WhitechapelApp(start=LobbyScreen(Link(*server.address, "ann")))
    bob = await Client.connect(*server.address, "bob")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            code = await seat_the_app(app, pilot, server, seat, bob)
            room, screen = server.rooms[code], app.screen
            for _ in range(4):  # round 1: the investigator, Jack twice, the investigator
                assert "End of round" not in screen_text(app)
                await play_one(app, pilot, server, code, seat, bob)
            seen, cleared = room.game.witnesses[0]
            await until(
                lambda: "End of round 1" in screen_text(app), what="the summary", pilot=pilot
            )
            # Beside the board, from the seat's view: the witness call, the round
            # token, the suspects left; no curtain, nothing to press.
            text = notes(app)
            assert ("Jack was seen" if seen else "Jack was not seen") in text, text
            assert "Any key hides this." in text
            names = [CHARACTERS[c].name.split()[-1] for c in cleared]
            assert (f"Cleared: {', '.join(names)}." if names else "Nobody new was cleared.") in text
            shown = " ".join(screen_text(app).split())  # in sight at 80×24, not cut off
            assert "Any key hides this." in shown
            assert ("Jack was seen: the" if seen else "Jack was not seen: Jack") in shown
            assert not is_handover(screen) and not screen.curtain_up
            assert "round 2" in screen_text(app)  # the board and banner are in sight
            if seat == "investigator":  # Jack opens round 2: the summary goes with it
                assert not screen.can_act()
                await play_one(app, pilot, server, code, seat, bob)
                assert "End of round 1" not in notes(app)  # tester PC, issue 44
                return
            # The seat's clock is running, and its player may act at once: the
            # first key both chooses a token and puts the summary away.
            await until(screen.can_act, what="the seat's turn", pilot=pilot)
            assert screen.source.state["clock"]["running"] == seat
            # whose turn it is, in the header at 80 columns (tester PR, round 9)
            top = screen_text(app).splitlines()[0]
            assert ("you to play" in top or "your turn" in top) and "⏱" in top, top
            assert "End of round 1" in notes(app)
            action = room.game.legal_actions()[0]
            keys = keys_for(room.game, action)
            await settle.press(pilot, keys[0])
            assert screen.choice.token is not None, "the key was eaten by the summary"
            await until(
                lambda: "End of round 1" not in screen_text(app),
                what="the summary put away",
                pilot=pilot,
            )
            assert "Log" in notes(app)
            before = len(room.game.history)
            await settle.press(pilot, *keys[1:])
            await until(
                lambda: len(room.game.history) == before + 1, what="the action", pilot=pilot
            )
            assert room.game.history[-1] == action
            # The state it caused reaches the seat before the app is closed
            # (a state arriving while the screens come down would find no board).
            await until(
                lambda: len(screen.current_view().log) >= len(room.game.view(seat).log),
                what="the new state at the seat",
                pilot=pilot,
            )
    finally:
        await bob.close()


async def test_a_seat_that_joins_late_is_not_shown_an_old_rounds_end(server):
    """The summary is for a round that ends while the seat looks on."""
    jack = await Client.connect(*server.address, "jack")
    bob = await Client.connect(*server.address, "bob")
    try:
        code = (await jack.create("pocket"))["room"]
        await bob.join(code)
        room = server.rooms[code]
        while not room.game.witnesses:
            client = jack if room.game.to_act == "jack" else bob
            played = len(room.game.history)
            action = next(a for a in room.game.legal_actions() if goes_on(room.game, a))
            await client.send({"type": "act", "room": code, "action": str(action)})
            await until(lambda n=played: len(room.game.history) > n, what="the action")
        app = WhitechapelApp(start=LobbyScreen(Link(*server.address, "carol")))
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = app.screen
            await until(lambda: lobby.link.client is not None, what="connecting", pilot=pilot)
            await lobby.action_refresh()
            await until(lambda: code in screen_text(app), what="the room listed", pilot=pilot)
            await settle.press(pilot, "w")  # watch it
            await until(lambda: isinstance(app.screen, PocketScreen), what="watching", pilot=pilot)
            await settle.settle(pilot)
            said = notes(app)  # the call in the log, in full or in fewer words (round 6)
            assert "Witness call: Jack" in said or "Call: Jack" in said
            assert "End of round 1" not in said
    finally:
        await jack.close()
        await bob.close()


def test_a_long_rounds_end_has_a_form_that_keeps_its_heading_in_a_short_panel():
    """Round 1 of seed 85 (random play) clears six suspects and shows an
    alibi: at 80×24 the notes panel beside the board has seven rows of 30
    cells, and the summary's fullest short form took eight, so its heading
    ("End of round 1") was cut off above.  The shortest form leaves the
    alibi to the log and fits."""
    game, chance = PocketGame.new(85), Chance(85)
    while not game.witnesses:
        legal = game.legal_actions()
        game.advance(legal[chance.below(len(legal))])
    view = game.view("investigator")

    def rows(markup: str) -> int:
        plain = Text.from_markup(markup).plain.split("\n")[:-1]
        return sum(panels.rows_of(line, 30) for line in plain)

    hint = "Any key hides this."
    assert "Alibi shown" in panels.round_brief(view, 1, hint)
    assert rows(panels.round_brief(view, 1, hint)) > 7
    short = panels.round_brief(view, 1, hint, alibis=False)
    assert rows(short) <= 7
    assert "End of round 1" in short and "Cleared:" in short and hint in short
