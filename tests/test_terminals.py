"""Every terminal: without colour (NO_COLOR), with 16 colours, 256 and true
colour, both games play by keys from start to end, and the program's exit
status tells an error from a quit."""

from __future__ import annotations

import random

import pytest
import textual.constants
from textual.screen import Screen

import settle
from lfw_app_play import LfwDriver, LfwSecrecyWatch, lfw_app
from pocket_app_play import SETUPS, Driver, SecrecyWatch, plan_game, pocket_app
from snapshots import screen_text
from whitechapel.app import WhitechapelApp

# (NO_COLOR, TEXTUAL_COLOR_SYSTEM): no colour at all, 16 colours (TERM=xterm),
# 256 colours, true colour.
TERMINALS = [("1", "standard"), ("1", "truecolor"), (None, "standard"), (None, "256")]


@pytest.fixture(params=TERMINALS, ids=lambda t: f"{'no-color' if t[0] else 'color'}-{t[1]}")
def terminal(request, monkeypatch):
    no_color, system = request.param
    if no_color:
        monkeypatch.setenv("NO_COLOR", no_color)
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    # Textual reads TEXTUAL_COLOR_SYSTEM once, at import: the app reads this.
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", system)
    return request.param


async def test_a_whole_pocket_game_by_keys_in_every_terminal(tmp_path, terminal):
    plan, expected = plan_game(SETUPS["goodley"], 7)
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    assert app.no_color == bool(terminal[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(7))
        watch = SecrecyWatch(driver)
        driver.after_each = watch
        await driver.play_game(plan)
        assert screen.source.game == expected
        text = screen_text(app)
        assert "wins" in text
    assert app.return_code in (None, 0)


async def test_an_lfw_night_by_keys_in_every_terminal(tmp_path, terminal):
    app, screen = lfw_app(5, tmp_path)
    assert app.no_color == bool(terminal[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = LfwDriver(pilot, screen, 5)
        driver.after_each.append(LfwSecrecyWatch(driver))
        game = screen.source.game
        while game.night < 2 and game.outcome is None:  # the hideout, then night 1
            if screen.curtain_up:
                await driver.pass_handover()
                continue
            await driver.play_action(driver.next_action())
        assert game.night == 2 or game.outcome is not None
        while screen.curtain_up:  # night 1's summary
            await driver.pass_handover()
        assert "Night 2" in screen_text(app) or game.outcome is not None
    assert app.return_code in (None, 0)


class Broken(Screen):
    def compose(self):
        raise RuntimeError("a bug")


def test_the_exit_status_is_not_zero_when_the_app_stops_on_an_error(capsys):
    assert WhitechapelApp(start=Broken()).play(headless=True) != 0


def test_the_exit_status_is_zero_when_the_player_quits():
    app = WhitechapelApp()
    app.call_later(app.exit)
    assert app.play(headless=True) == 0


def test_the_legend_names_the_circles_each_mark_is_on():
    """The map's marks told apart without colour: each circle mark's legend
    entry lists its circles in words, a scale level by level."""
    from whitechapel.lfw.ui import mapstyle

    marks = {45: "crime", 67: "clue", 68: "clue", 12: "heat-4", 13: "heat-1", "x3": "police-blue"}
    text = mapstyle.legend_markup(200, tags=set(marks.values()), side="police", marks=marks)
    lines = " ".join(text.split())
    assert "crime scene: 45" in lines and "clue tonight: 67 68" in lines
    assert "█: 12 · ▂: 13" in lines  # each level by its bar, hottest first
    many = dict.fromkeys(range(1, 20), "searched")
    assert "searched, empty: 1 2 3 4 5 6 +13" in mapstyle.legend_markup(
        200, tags={"searched"}, marks=many
    )


def board_text(screen) -> str:
    from whitechapel.pocket.ui.district import District

    return "".join(seg.text for strip in screen.query_one(District)._strips for seg in strip)


async def test_the_highlighted_tile_shows_in_glyphs_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen).pass_handover()
        assert "▶" not in board_text(screen)
        await settle.press(pilot, "3")  # the rotation: a tile to choose, b2 highlighted
        assert "▶" in board_text(screen) and "◀" in board_text(screen)
