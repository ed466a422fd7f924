"""Choosing an action on the Pocket screen the same way for every token
(issue 29): the cursor always stands on something, the arrows move it,
Enter takes it; the prompt names what it stands on; a tile token starts on
b2.  And Jack sees the card he
drew before the screen passes on."""

from __future__ import annotations

import dataclasses
import random

import pytest

import settle
from pocket_app_play import SETUPS, Driver, curtain_text, pocket_app
from snapshots import screen_text
from whitechapel.pocket.actions import Rotate
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.choosing import (
    Mode,
    PocketChoice,
    joker_options,
    start_tile,
    step_options,
)
from whitechapel.pocket.ui.look import RAY_GLYPHS
from whitechapel.pocket.ui.screen import is_cards, is_handover


async def test_arrows_choose_the_steps_and_the_jokers_detective(tmp_path):
    """Round 1 of Goodley's game: H W R J.  A token's first target is shown
    at once (Holmes one step); → and ← change it; Enter plays what is
    shown.  The joker: → goes Holmes, Watson, Toby, round again."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "1")
        assert screen.candidate() is not None and str(screen.candidate()) == "H+1"
        assert "Holmes one step, 12 → 1 (shown)" in screen_text(app)
        await settle.press(pilot, "right")
        assert str(screen.candidate()) == "H+2" and "Holmes two steps, 12 → 2" in screen_text(app)
        await settle.press(pilot, "right")
        assert str(screen.candidate()) == "H+1"  # round the two choices
        await settle.press(pilot, "left", "enter")
        assert [str(a) for a in game.history] == ["H+2"]
        await settle.press(pilot, "enter")  # the hand-over to Jack
        await settle.press(pilot, "4")  # Jack's joker: nobody first (round 5), then Holmes
        assert str(screen.candidate()) == "J:-"
        await settle.press(pilot, "down")
        assert str(screen.candidate()) == "J:H" and "Joker: Holmes 2 → 3 (shown)" in screen_text(
            app
        )
        await settle.press(pilot, "down", "down")
        assert str(screen.candidate()) == "J:T"
        await settle.press(pilot, "down")
        assert str(screen.candidate()) == "J:-"  # Jack may move nobody
        await settle.press(pilot, "down", "up", "enter")
        assert [str(a) for a in game.history] == ["H+2", "J:-"]


async def test_a_rotation_by_arrows_and_enter_the_tile_named(tmp_path):
    """Arrows choose the tile (the prompt names it, and its wall; the
    cursor starts on b2), Enter takes it without turning it; then the arrows
    say where its wall will face (the board shows it), never where it faces
    now; Enter plays it."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3")
        view = game.view(INVESTIGATOR)
        name = panels.short_name(view.tiles[4].character)
        wall = panels.wall_words(view, 4)
        assert screen.choice.cursor == 4
        assert f"Rotate b2 — {name}, wall {wall}." in screen_text(app)
        await settle.press(pilot, "up")
        b1 = panels.short_name(view.tiles[1].character)
        assert f"Rotate b1 — {b1}, wall {panels.wall_words(view, 1)}." in screen_text(app)
        await settle.press(pilot, "enter")
        assert screen.choice.mode == Mode.ORIENT and game.history == []
        current = "NESW".index(view.tiles[1].wall)
        assert screen.choice.wall is None  # Enter took the tile; it turned nothing
        await settle.press(pilot, "enter")  # a second Enter plays nothing unseen
        assert game.history == [] and "Turn it first" in screen_text(app)
        await settle.press(pilot, "r")
        assert screen.choice.wall == (current + 1) % 4  # r: a quarter clockwise
        assert screen.query_one("District").preview is not None
        arrow = ("up", "right", "down", "left")[current]
        wall_before = screen.choice.wall
        await settle.press(pilot, arrow)  # where it faces now: refused in words
        assert screen.choice.wall == wall_before and "already" in screen_text(app)
        other = ("up", "right", "down", "left")[(current + 2) % 4]
        await settle.press(pilot, other)
        text = " ".join(screen_text(app).split())
        assert f"Rotate b1 ({b1}): wall" in text and "(shown)" in text
        await settle.press(pilot, "escape")  # back to the tiles, the cursor kept
        assert screen.choice.mode == Mode.TILE and screen.choice.cursor == 1
        await settle.press(pilot, "enter", other, "enter")
        assert game.history == [Rotate(1, (current + 2) % 4)]


def test_a_tile_token_starts_on_b2_whatever_was_played():
    """Issue 44 (tester PA): the cursor of a rotation or an exchange starts
    on b2, the centre, every time -- not on the last tile used."""
    assert start_tile() == 4


@pytest.mark.parametrize("seed", range(6))
def test_every_prompt_names_its_target_in_one_line(seed):
    """Whatever the cursor stands on, the prompt fits the prompt line at
    80 columns (78 characters) and has no notation in it."""
    rng = random.Random(seed)
    game = PocketGame(random_setup(seed))
    while game.outcome is None:
        view = game.view(game.to_act)
        actions = legal(view)
        jack = game.to_act == JACK
        for i, token in enumerate(view.tokens):
            if token.used:
                continue
            choice = PocketChoice()
            choice.take(i, token.up)
            texts = [panels.step_prompt(view, choice, token.up, jack, actions)]
            for steps in step_options(actions, token.up):
                choice.steps = steps
                texts.append(panels.step_prompt(view, choice, token.up, jack, actions))
            for who in joker_options(actions):
                choice.joker = who
                texts.append(panels.step_prompt(view, choice, token.up, jack, actions))
            for sq in range(9):
                for mode in (Mode.TILE, Mode.ORIENT, Mode.EXCHANGE):
                    c = dataclasses.replace(choice, cursor=sq, mode=mode, first=(sq + 4) % 9)
                    for wall in (None, 0, 1, 2, 3):
                        c.wall = wall
                        texts.append(panels.step_prompt(view, c, token.up, jack, actions))
            for text in texts:
                assert len(text) <= 78, text
                for action in actions:
                    assert str(action) not in text.split(), (action, text)
        game.advance(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("handover", ["always", "secrets"])
async def test_jack_sees_the_card_he_drew_before_the_screen_passes(tmp_path, handover):
    """Round 2 of Goodley's game opens with Jack's alibi (he draws Madame).
    At a hot seat two people share he sees it at once, behind his own
    curtain ('secrets': after the investigator looks away), and only then
    does the screen pass to the investigator, Jack's cards hidden."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path, handover=handover)
    game = screen.source.game
    for text in ("H+1", "W+1", "J:-", "Rb2E"):
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        if handover == "always":
            await driver.pass_handover()  # to Jack
        await settle.press(pilot, "1", "enter")  # the alibi token: he draws
        assert [str(a) for a in game.history][-1] == "A"
        if handover == "secrets":
            text = curtain_text(app)
            assert "Ann (Jack) drew an alibi card" in text and "look away" in text
            assert "Madame" not in text
            await settle.press(pilot, "enter")
        assert is_cards(app.screen)
        text = " ".join(curtain_text(app).split())
        assert "you drew an alibi card Madame: 2 hourglasses for you" in text, text
        assert "Your alibi cards: Madame" in text
        await settle.press(pilot, "enter")
        if handover == "always":
            assert is_handover(app.screen) and "Pass to Bob" in curtain_text(app)
            assert "Madame" not in curtain_text(app)
        else:
            assert not is_handover(app.screen)
            assert "Your alibi cards" not in screen_text(app)
            assert "Jack drew an alibi card (kept secret)." in screen.query_one("#notes").markup


def test_on_jacks_own_screen_the_prompt_names_the_card_he_drew():
    """Against the computer (or at a network seat) Jack holds his keyboard
    all game: his prompt names the card he drew, from his own view; the
    investigator's view has nothing to say."""
    game = PocketGame(SETUPS["goodley"])
    for text in ("H+1", "W+1", "J:-", "Rb2E", "A"):
        game.play(text)
    assert "You drew the alibi card of Madame (2 hourglasses)" in panels.drawn_card(game.view(JACK))
    assert panels.drawn_card(game.view(INVESTIGATOR)) == ""
    game.play("T+1")
    assert panels.drawn_card(game.view(JACK)) == ""  # until the next action


async def test_a_tokens_digit_pressed_again_keeps_the_choice(tmp_path):
    """The chosen token's own digit changes nothing (it never silently
    deselects); another token's digit takes that token; while a
    detective's move is chosen, 1 and 2 are his steps."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3", "right")
        assert screen.choice.mode == Mode.TILE and screen.choice.cursor == 5
        await settle.press(pilot, "3")
        assert screen.choice.mode == Mode.TILE and screen.choice.token == 2
        assert screen.choice.cursor == 5 and "Rotate c2" in screen_text(app)
        await settle.press(pilot, "4", "down")
        assert str(screen.candidate()) == "J:W"
        await settle.press(pilot, "4")
        assert screen.choice.token == 3 and str(screen.candidate()) == "J:W"
        await settle.press(pilot, "1")  # another token: Holmes, one step shown
        assert screen.choice.token == 0 and str(screen.candidate()) == "H+1"
        await settle.press(pilot, "2")
        assert str(screen.candidate()) == "H+2"
        await settle.press(pilot, "1")  # his one step, not a way out of the token
        assert screen.choice.token == 0 and str(screen.candidate()) == "H+1"
        assert screen.source.game.history == []


async def test_a_preview_draws_the_lines_of_sight_after_the_action(tmp_path):
    """While a move is previewed, the board draws the detectives' lines of
    sight from where he would stand, and the tiles say who would see them;
    Esc draws the board as it is again."""
    from whitechapel.pocket.actions import Move
    from whitechapel.pocket.preview import preview
    from whitechapel.pocket.sightlines import sight_lines, watchers
    from whitechapel.pocket.ui.district import MARGIN, TILE_W, District

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        view = game.view(INVESTIGATOR)
        district = screen.query_one(District)
        now = watchers(sight_lines(view))
        before = district.text()
        await settle.press(pilot, "1")  # Holmes one step, 12 → 1, shown
        after = preview(view, Move(0, 1))
        assert after is not None
        assert district.watchers == watchers(sight_lines(after)) != now
        rows = district.text()
        assert rows != before
        x = MARGIN + TILE_W // 2  # a's street, down from position 1
        assert any(row[x] == RAY_GLYPHS[0][1] for row in rows)  # Holmes's ┃
        assert not any(row[x] == RAY_GLYPHS[0][1] for row in before)
        await settle.press(pilot, "escape", "escape")
        assert district.text() == before and district.watchers == now


async def test_jacks_joker_buttons_all_fit_at_80x24(tmp_path):
    """Jack's joker has the most buttons (three detectives, nobody,
    Confirm, Back): every one is whole on an 80-column screen."""
    from whitechapel.ui.widgets.choice import Choice

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "1", "enter", "enter", "4")
        assert screen.choice.mode == Mode.JOKER and screen.source.to_act == JACK
        shown = [c for c in screen.query(Choice) if c.display]
        assert [c.label for c in shown][-3:] == ["▶ Nobody", "Confirm", "Back"]
        assert all(c.region.width >= len(c.label) and c.region.right <= 80 for c in shown)


async def test_the_exchange_picker_names_the_first_tile_enter_takes_after_an_arrow(tmp_path):
    """Issue 44: "Exchange a1 (Pizer) with…?" read as a1 chosen, so an arrow
    pressed before Enter silently changed the first tile (a wrong swap).
    The prompt names the tile Enter will take as the first, after every
    arrow; Enter fixes it; then each second tile, and Enter swaps those."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 2: A T X R
    game = screen.source.game
    for text in ("H+1", "W+1", "J:-", "Rb2E", "A", "T+1"):
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, screen)
        await settle.settle(pilot)
        await driver.pass_handover()  # to Jack, whose exchange it is
        view = game.view(JACK)
        token = next(i for i, t in enumerate(view.tokens) if t.up == "X" and not t.used)
        await settle.press(pilot, str(token + 1))
        start = screen.choice.cursor
        first = panels.tile_words(view, start)
        assert f"Exchange: first tile {first}? Enter: yes" in screen_text(app)
        await settle.press(pilot, "right")
        moved = screen.choice.cursor
        assert moved != start and screen.choice.first is None  # nothing chosen by an arrow
        first = panels.tile_words(view, moved)
        assert f"Exchange: first tile {first}? Enter: yes" in screen_text(app)
        await settle.press(pilot, "enter")
        assert screen.choice.first == moved  # the tile the prompt named
        assert screen.choice.cursor == moved  # the second starts on the first
        await settle.press(pilot, "left")
        second = screen.choice.cursor
        text = " ".join(screen_text(app).split())
        assert f"Swap {first} and {panels.tile_words(view, second)} (shown): Enter swaps" in text
        await settle.press(pilot, "enter")
        swap = game.history[-1]
        assert {swap.first, swap.second} == {moved, second}
