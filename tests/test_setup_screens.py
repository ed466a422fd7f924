"""Setup screens that read at a glance: every choice shows its state in
glyphs ([x] / [ ], (•) / ( )), the arrows move within a row, Tab and Up /
Down between rows, and Space changes what has the focus, never another
widget."""

from __future__ import annotations

import pytest

import settle
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.lfw.options import OPTION_NAMES
from whitechapel.lfw.ui.setup import LfwSetup
from whitechapel.pocket.ui.setup import PocketSetup
from whitechapel.ui.widgets.picker import Picker


def row(app, wid: str) -> Picker:
    return app.screen.query_one(f"#{wid}", Picker)


async def test_the_lfw_setup_shows_every_option_ticked_or_not_in_glyphs(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # nothing told apart by colour alone
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        text = screen_text(app)
        assert all(f"[ ] {OPTION_NAMES[o]}" in text for o in OPTION_NAMES)
        await settle.press(pilot, *["tab"] * 5)  # Play, the names, board, seed: the rules
        assert app.screen.focused is row(app, "options")
        await settle.press(pilot, "down", "space")  # O2 ticked, and only O2
        text = screen_text(app)
        assert (
            f"[x] {OPTION_NAMES['false_clues']}" in text
            and f"[ ] {OPTION_NAMES['letters']}" in text
        )
        assert row(app, "options").selected == ["false_clues"]
        await settle.press(pilot, "space")  # Space again: off
        assert row(app, "options").selected == []


async def test_right_then_space_on_the_notebook_row_changes_the_notebook_only():
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        setup = app.screen
        await settle.press(pilot, *["tab"] * 6)  # Play, Jack, police, board, seed, rules: notebook
        notebook = row(app, "notebook")
        assert setup.focused is notebook
        assert notebook.value == "possible"  # the default
        await settle.press(pilot, "left")  # "off", the first
        assert notebook.value == "off" and "(•) none (the box)" in screen_text(app)
        await settle.press(pilot, "right")
        assert notebook.value == "possible" and "(•) possible circles" in screen_text(app)
        await settle.press(pilot, "space")  # the next choice, on this row
        assert setup.focused is notebook and notebook.value == "heat"
        assert row(app, "opponent").value == "people"  # the Play row untouched
        assert isinstance(app.screen, LfwSetup)  # no list opened, nothing started
        await settle.press(pilot, "down")  # down: the next row
        assert setup.focused is row(app, "hints")
        assert row(app, "hints").value == "off"  # untouched too
        await settle.press(pilot, "up")
        assert setup.focused is notebook


async def test_a_click_chooses_and_shift_tab_goes_back():
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.click(pilot, "#options", offset=(1, 2))  # "[ ] O3 …"
        await settle.settle(pilot)
        assert row(app, "options").selected == ["chase"] and app.screen.focused is row(
            app, "options"
        )
        await settle.press(pilot, "shift+tab")
        assert app.screen.focused.id == "seed"


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_pocket_setup_rows_choose_with_the_arrows_and_space(size):
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        text = screen_text(app)
        assert "(•) every change of side" in text and "( ) around Jack's cards only" in text
        # Who plays first, with the focus, marked in words (testers QD and QE,
        # round 16: the form opened in Jack's name field, and no row showed
        # the focus in a capture without attributes)
        assert app.screen.focused is row(app, "opponent")
        assert "You as Jack ◂" in screen_text(app)
        await settle.press(pilot, "right", "right")
        # Who plays, then the computer's level on its own row (tester PD, issue 44)
        assert row(app, "opponent").value == "investigator"  # the computer's side
        assert "(•) You as Jack ◂" in screen_text(app)
        await settle.press(pilot, "down", "left")
        assert app.screen.focused is row(app, "level") and row(app, "level").value == "easy"
        assert "You are Jack against the computer's easy investigator." in screen_text(app)
        assert "You as Jack ◂" not in screen_text(app)  # the mark goes with the focus
        # past Jack's name (the computer's is its own) to the hints for a new
        # player (Learn by playing's): no hand-over row against the computer
        # (testers QH and QI, issue 44 round 18)
        await settle.press(pilot, "tab", "tab")
        assert app.screen.focused is row(app, "hints") and row(app, "hints").value == "off"
        await settle.press(pilot, "right")
        assert row(app, "hints").value == "first"
        row(app, "opponent").focus()  # Who plays: two people
        await settle.settle(pilot)
        await settle.press(pilot, "left", "left")
        assert row(app, "opponent").value == "people"
        await settle.press(pilot, "tab", "tab", "tab")  # past both names
        assert app.screen.focused is row(app, "handover")
        await settle.press(pilot, "right")
        assert row(app, "handover").value == "secrets"
        assert "( ) every change of side" in screen_text(app)


async def test_the_play_row_goes_round_from_its_last_choice_to_its_first():
    """Tester S, round 10: → at the last choice (the hard police) did
    nothing, and a game against the computer started where he meant the
    hot seat."""
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        play = row(app, "opponent")
        assert app.screen.focused is play and play.value == "people"
        await settle.press(pilot, "left")  # round to the last
        assert play.cursor == len(play.items) - 1 and play.value != "people"
        await settle.press(pilot, "right")  # and round to the first
        assert play.value == "people" and "Two people at this keyboard" in screen_text(app)


async def test_esc_keeps_the_lfw_setups_choices_for_the_next_time():
    """Tester T2, round 23: "Esc on the setup screen goes back to the menu
    and forgets the changed Play row. I then pressed ctrl+g and started an
    unintended hot-seat game."  What was chosen stays chosen."""
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "right")  # the computer plays Jack (easy)
        chosen = row(app, "opponent").value
        assert chosen != "people"
        await settle.press(pilot, "escape")
        assert not isinstance(app.screen, LfwSetup)
        app.push_screen(LfwSetup(seed=9, map_name="tutorial"))
        await settle.settle(pilot)
        assert row(app, "opponent").value == chosen


async def test_esc_keeps_the_pocket_setups_choices_for_the_next_time():
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        # from Who plays, past the two names: hand-overs around Jack's cards
        await settle.press(pilot, "tab", "tab", "tab", "right")
        assert row(app, "handover").value == "secrets"
        await settle.press(pilot, "escape")
        assert not isinstance(app.screen, PocketSetup)
        app.push_screen(PocketSetup())
        await settle.settle(pilot)
        assert row(app, "handover").value == "secrets"
