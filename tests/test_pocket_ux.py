"""The Pocket screen's feedback: rotation both ways, previews that wait for
Enter, highlighted targets, the round-end summary, the log, and the small
things players asked for (docs/app.md)."""

from __future__ import annotations

import itertools

import pytest

from pocket_app_play import SETUPS, Driver, pocket_app
from snapshots import screen_text
from whitechapel.pocket.pieces import DIRECTIONS
from whitechapel.pocket.ui.choosing import Mode, PocketChoice


@pytest.mark.parametrize("current", range(4))
def test_rotation_clockwise_and_counter_clockwise_from_the_tiles_own_orientation(current):
    """P5: each key turns a quarter from the tile's orientation (or the one
    chosen so far) and never reaches the tile's own orientation."""
    for turn in (1, -1):
        choice = PocketChoice(mode=Mode.TILE)
        seen = [choice.rotate(turn, current) for _ in range(8)]
        assert seen[0] == (current + turn) % 4  # the next one that way
        assert current not in seen
        assert set(seen) == set(range(4)) - {current}
        for a, b in itertools.pairwise(seen):
            step = (b - a) * turn % 4
            assert step in (1, 2), (a, b)  # the next one, skipping the tile's own


async def test_r_and_e_turn_the_tile_both_ways_on_screen(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "3")  # Rotation; the cursor on b2
        current = game.walls[4]
        await pilot.press("r")
        assert screen.choice.wall == (current + 1) % 4
        await pilot.press("e")
        assert screen.choice.wall == (current + 3) % 4  # back past its own orientation
        await pilot.press("R")  # shift+r: counter-clockwise too
        assert screen.choice.wall == (current + 2) % 4
        assert game.history == []
        assert "Rotate ↺" in screen_text(app) and "Rotate ↻" in screen_text(app)
        await pilot.press("enter")
        assert str(game.history[-1]) == f"Rb2{DIRECTIONS[(current + 2) % 4]}"


@pytest.mark.parametrize(("keys", "played"), [(("2", "2"), "W+2"), (("4", "t"), "J:T")])
async def test_a_detectives_move_is_previewed_and_played_only_on_enter(tmp_path, keys, played):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", *keys)
        await pilot.pause()
        assert game.history == []  # a digit (or letter) alone commits nothing
        moving = "watson" if played[0] == "W" else "toby"
        before = game.view("investigator")["detectives"][moving]
        shown = screen.query_one("District").preview
        assert shown is not None and shown["detectives"][moving] != before
        assert "Enter plays it" in screen_text(app)
        await pilot.press("escape")  # one step back: the target, not the token
        assert screen.choice.mode != Mode.TOKEN and screen.candidate() is None
        assert screen.query_one("District").preview is None
        await pilot.press(keys[1], "enter")
        assert [str(a) for a in game.history] == [played]


async def test_a_second_click_on_the_step_plays_it(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        driver = Driver(pilot, screen)
        await driver.pass_handover()
        await driver.click_choice("tok-0")  # Holmes
        await driver.click_choice("dig-1")
        assert game.history == []
        await driver.click_choice("dig-1")
        assert [str(a) for a in game.history] == ["H+1"]


def footer(app) -> str:
    return [row for row in screen_text(app).split("\n") if row.strip()][-1]


async def test_the_footer_lists_only_the_keys_that_work_now_and_the_cursor_resets(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        bottom = footer(app)
        for word in ("Rotate", "Confirm", "Back"):
            assert word not in bottom, bottom  # choosing a token: none of these
        await pilot.press("1")
        await pilot.pause()
        bottom = footer(app)
        assert "Back" in bottom and "Rotate" not in bottom
        await pilot.press("escape", "3", "left", "up")
        await pilot.pause()
        bottom = footer(app)
        assert "Rotate ↻" in bottom and "Rotate ↺" in bottom
        assert screen.choice.cursor == 0
        await pilot.press("r", "enter")  # Ra1: Jack's turn now, the cursor is back on b2
        assert screen.choice.cursor == 4


def test_targets_for_every_token():
    """The landing positions of each detective's 1 and 2 steps, the joker's
    three options, and the tiles that may not rotate this round (dimmed)."""
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.panels import targets

    game = PocketGame(SETUPS["goodley"])  # Holmes 12, Watson 4, Toby 8; round 1: H W R J
    view = game.view("investigator")
    legal = view["legal"]
    assert targets(view, "move", "H", legal) == ({1: "", 2: ""}, set())
    assert targets(view, "move", "W", legal) == ({5: "", 6: ""}, set())
    assert targets(view, "joker", "J", legal) == ({1: "h", 5: "w", 9: "t"}, set())
    assert targets(view, "tile", "R", legal) == ({}, set())  # every tile may turn
    game.play("W+1")
    view = game.view(game.to_act)  # Jack's: Watson on 5 now
    assert targets(view, "joker", "J", view["legal"])[0] == {1: "h", 6: "w", 9: "t"}
    # Round 2 of Lestrade's game has both Rotation tokens up (H W R R).
    game = PocketGame(SETUPS["lestrade"])
    for text in ("A", "T+1", "J:-", "Xa1c3", "Rb2E"):
        game.play(text)
    view = game.view(game.to_act)
    assert targets(view, "tile", "R", view["legal"])[1] == {4}  # b2 turned this round


async def test_the_district_highlights_the_targets_of_each_token(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        district = screen.query_one("District")
        for key, positions in (("1", {1, 2}), ("2", {5, 6}), ("4", {1, 5, 9})):
            await pilot.press(key)
            assert set(district.targets) == positions, key
            await pilot.press("escape")
            assert district.targets == {}
        await pilot.press("3")
        assert district.dimmed == set()
        text = screen_text(app)
        assert "a1" in text and "c3" in text  # the squares' names
        for p in ("H12", "W4", "T8", " 1 ", "10"):  # every position numbered
            assert p in text, p
