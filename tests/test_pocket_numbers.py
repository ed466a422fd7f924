"""Issue 44: each side's numbers towards its goal (P8) always in sight.

Jack's identity and hourglasses stay on his own screen at every size from
80×24, whatever the log needs (at 80×24, once he held an alibi card, "Your
hourglasses" went with his cards and he had to add them up himself); both
sides read the hourglasses in sight against the 6 Jack needs, the alibi
cards he holds face down, and the suspects the investigator still has to
clear."""

from __future__ import annotations

import pytest
from rich.text import Text

import settle
from pocket_app_play import PLAYERS, SETUPS
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.source import LocalSource

# Goodley's game: round 1 (H W R J), then round 2 (A T X R) up to Jack's last
# action, after he drew Madame (2 hourglasses): 1 round token + 2 = 3.
TO_JACKS_TURN = ("H+1", "W+1", "J:-", "Rb2E", "A", "T+1", "Xa1c3")


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def game_after(actions) -> PocketGame:
    game = PocketGame(SETUPS["goodley"])
    for text in actions:
        game.play(text)
    return game


def jacks_screen(tmp_path) -> PocketScreen:
    """The hot seat at Jack's last action of round 2 (a hand-over to him first)."""
    game = game_after(TO_JACKS_TURN)
    record = record_of(game, players=PLAYERS)
    return PocketScreen(LocalSource(game, record, Store(tmp_path)))


async def to_jack(pilot) -> None:
    await settle.settle(pilot)
    assert "Pass to Ann (Jack)" in screen_text(pilot.app)
    await settle.press(pilot, "enter")
    await settle.settle(pilot)


@pytest.mark.parametrize("short", [False, True], ids=["full", "short"])
def test_p9_jacks_panel_keeps_his_hourglasses_in_its_short_form(short):
    """The short form (the log's newest line needs the room) still says who
    he is and his hourglasses against the 6 he needs."""
    game = game_after(TO_JACKS_TURN)
    jack = game.view(JACK).jack
    assert jack is not None and jack.alibis and jack.hourglasses == 3
    text = plain(panels.secret_panel(jack, short=short))
    assert "You are Sergeant Goodley." in text
    assert "Your hourglasses: 3 of 6" in text


@pytest.mark.parametrize("height", range(4, 12))
async def test_p9_at_80x24_jack_holding_a_card_sees_his_hourglasses_at_any_panel_height(
    tmp_path, height
):
    """On his own screen at 80×24, however few rows the notes panel has left
    for him beside the log, his hourglasses are there."""
    screen = jacks_screen(tmp_path)
    async with WhitechapelApp(start=screen).run_test(size=(80, 24)) as pilot:
        await to_jack(pilot)
        assert screen.holder == JACK
        width = screen.query_one("#notes").size.width
        text = " ".join(plain(screen.notes_text(screen.current_view(), width, height)).split())
        assert "Your hourglasses: 3 of 6" in text, text


@pytest.mark.parametrize("side", [JACK, INVESTIGATOR])
def test_p8_both_sides_read_each_goal_from_what_both_know(side):
    game = game_after(TO_JACKS_TURN)
    view = game.view(side)
    text = plain(panels.race_lines(view))
    assert f"Hourglasses known: {view.known_hourglasses} of 6" in text
    assert "Jack holds 1 alibi card\n" in text + "\n"  # one card: no "(s)"
    left = len(view.suspects)
    assert f"Suspects left: {left}, {left - 1} to clear" in text
    secret = game.view(JACK).jack
    assert secret is not None
    for card in secret.alibis:  # which card, never
        assert card not in text.lower()


async def test_p8_at_80x24_the_goals_are_in_the_side_panel(tmp_path):
    screen = jacks_screen(tmp_path)
    async with WhitechapelApp(start=screen).run_test(size=(80, 24)) as pilot:
        await to_jack(pilot)
        text = screen_text(pilot.app)
        assert "Hourglasses known: 1 of 6" in text
        assert "Suspects left: 7, 6 to clear" in text
        assert "Your hourglasses: 3 of 6" in text


async def test_p9_at_80x24_jack_reads_his_alibi_cards_where_three_rows_fit(tmp_path):
    """Tester PB, round 1: at 80×24 the short form dropped his alibi cards
    ("you have to scroll the log to know what you hold").  Between the
    whole panel and its two-row form, three rows: who he is, his cards,
    his hourglasses; at a panel height that holds them, his cards show."""
    from whitechapel.pocket.sentences import character_name

    screen = jacks_screen(tmp_path)
    async with WhitechapelApp(start=screen).run_test(size=(80, 24)) as pilot:
        await to_jack(pilot)
        jack = screen.current_view().jack
        assert jack is not None and jack.alibis
        cards = ", ".join(character_name(c) for c in jack.alibis)
        width = screen.query_one("#notes").size.width
        shown = {
            height: " ".join(plain(screen.notes_text(screen.current_view(), width, height)).split())
            for height in range(4, 12)
        }
        # one wording for his cards in every form (tester PC, round 2: "Your
        # cards" and "Your alibi cards" for the same thing); from the
        # smallest panel on (PD, round 2: the card dropped out after a draw)
        three = [h for h, text in shown.items() if f"Your alibi cards: {cards}" in text]
        assert three == list(shown), shown
        assert not any("Your cards:" in text for text in shown.values())


def test_p8_hourglasses_past_the_six_needed_are_not_said_as_7_of_6():
    """Tester PA, round 1: the screen said "Hourglasses known: 7 of 6"."""
    assert plain(panels.of_goal(3)) == "3 of 6"
    assert plain(panels.of_goal(6)) == "6 of 6"
    assert plain(panels.of_goal(7)) == "7, goal 6"


def test_p8_the_replays_text_says_hourglasses_past_the_six_needed_as_the_screen_does():
    """Tester PK, round 6: the finished game's replay (the plain-text account
    of a view) said "Jack's known hourglasses: 7 of 6"."""
    import dataclasses

    from whitechapel.core.game import PUBLIC
    from whitechapel.pocket.render import render_status
    from whitechapel.pocket.rules import RULES

    game = RULES.start(RULES.random_setup(3, {}), {})
    view = dataclasses.replace(game.view(PUBLIC), known_hourglasses=7)
    text = render_status(view)
    assert "Jack's known hourglasses: 7, goal 6" in text and "7 of 6" not in text
