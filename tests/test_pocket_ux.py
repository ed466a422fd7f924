"""The Pocket screen's feedback: rotation both ways, previews that wait for
Enter, highlighted targets, the round-end summary, the log, and the small
things players asked for (docs/app.md)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

import settle
from pocket_app_play import SETUPS, Driver, pocket_app
from snapshots import screen_text
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.legal import legal as pocket_legal
from whitechapel.pocket.pieces import DIRECTIONS, SQUARES
from whitechapel.pocket.ui.choosing import Mode, PocketChoice
from whitechapel.pocket.views import Detectives, Secrets, Tile


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
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3")  # Rotation; the cursor on b2, every time
        assert screen.choice.cursor == 4
        current = game.walls[4]
        await settle.press(pilot, "r")
        assert screen.choice.wall == (current + 1) % 4
        await settle.press(pilot, "e")
        assert screen.choice.wall == (current + 3) % 4  # back past its own orientation
        await settle.press(pilot, "R")  # shift+r: counter-clockwise too
        assert screen.choice.wall == (current + 2) % 4
        assert game.history == []
        assert "Rotate ↺" in screen_text(app) and "Rotate ↻" in screen_text(app)
        await settle.press(pilot, "enter")
        assert str(game.history[-1]) == f"Rb2{DIRECTIONS[(current + 2) % 4]}"


@pytest.mark.parametrize(("keys", "played"), [(("2", "2"), "W+2"), (("4", "t"), "J:T")])
async def test_a_detectives_move_is_previewed_and_played_only_on_enter(tmp_path, keys, played):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", *keys)
        await settle.settle(pilot)
        assert game.history == []  # a digit (or letter) alone commits nothing
        moving = 1 if played[0] == "W" else 2  # Watson or Toby
        before = game.view("investigator").detectives[moving]
        shown = screen.query_one("District").preview
        assert shown is not None and shown.detectives[moving] != before
        assert "Enter plays" in screen_text(app)
        await settle.press(pilot, "escape")  # one step back: the target, not the token
        assert screen.choice.mode != Mode.TOKEN and screen.candidate() is None
        assert screen.query_one("District").preview is None
        await settle.press(pilot, keys[1], "enter")
        assert [str(a) for a in game.history] == [played]


async def test_a_second_click_on_the_step_plays_it(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()
        await driver.click_choice("tok-0")  # Holmes
        await driver.click_choice("dig-1")
        assert game.history == []
        await driver.click_choice("dig-1")
        assert [str(a) for a in game.history] == ["H+1"]


def footer(app) -> str:
    return [row for row in screen_text(app).split("\n") if row.strip()][-1]


async def test_the_footer_lists_only_the_keys_that_work_now(tmp_path):
    """The footer holds only keys that work at every step (the keys of the
    step are on the prompt line); Jack's cards key only in 'secrets' mode."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        for keys in ((), ("1",), ("escape", "3", "left", "up")):
            await settle.press(pilot, *keys)
            await settle.settle(pilot)
            bottom = footer(app)
            for word in ("Rotate", "Confirm", "Back", "Jack's cards", "Rematch", "Lobby"):
                assert word not in bottom, (keys, bottom)
            assert "Save record" in bottom and "Help" in bottom
        assert "or a1-c3: tile; r/e: turn" in screen_text(app)  # b2, then left and up
        assert screen.choice.cursor == 0
    app, screen = pocket_app(SETUPS["goodley"], tmp_path, handover="secrets")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        assert "Jack's cards" in footer(app)


def test_targets_for_every_token():
    """The landing positions of each detective's 1 and 2 steps, the joker's
    three options, and the tiles that may not rotate this round (dimmed)."""
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.panels import targets

    game = PocketGame(SETUPS["goodley"])  # Holmes 12, Watson 4, Toby 8; round 1: H W R J
    view = game.view("investigator")
    legal = pocket_legal(view)
    assert targets(view, "move", "H", legal) == ({1: "", 2: ""}, set())
    assert targets(view, "move", "W", legal) == ({5: "", 6: ""}, set())
    assert targets(view, "joker", "J", legal) == ({1: "h", 5: "w", 9: "t"}, set())
    assert targets(view, "tile", "R", legal) == ({}, set())  # every tile may turn
    game.play("W+1")
    view = game.view(game.to_act)  # Jack's: Watson on 5 now
    assert targets(view, "joker", "J", pocket_legal(view))[0] == {1: "h", 6: "w", 9: "t"}
    # Round 2 of Lestrade's game has both Rotation tokens up (H W R R).
    game = PocketGame(SETUPS["lestrade"])
    for text in ("A", "T+1", "J:-", "Xa1c3", "Rb2E"):
        game.play(text)
    view = game.view(game.to_act)
    assert targets(view, "tile", "R", pocket_legal(view))[1] == {4}  # b2 turned this round


async def test_the_district_highlights_the_targets_of_each_token(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        district = screen.query_one("District")
        for key, positions in (("1", {1, 2}), ("2", {5, 6}), ("4", {1, 5, 9})):
            await settle.press(pilot, key)
            assert set(district.targets) == positions, key
            await settle.press(pilot, "escape")
            assert district.targets == {}
        await settle.press(pilot, "3")
        assert district.dimmed == set()
        text = screen_text(app)
        rows = [strip.text for strip in district._strips]
        from whitechapel.pocket.ui.district import MARGIN, TILE_H, TILE_W

        for i in range(3):  # the coordinates: columns a-c above, rows 1-3 on the left
            assert rows[0][MARGIN + i * TILE_W + 1] == "abc"[i]
            assert rows[1 + i * TILE_H][1] == "123"[i]
        for p in ("H12", "W4", "T8", " 1 ", "10"):  # every position numbered
            assert p in text, p


async def test_each_round_ends_on_a_summary_both_players_see(tmp_path):
    from pocket_app_play import plan_game
    from whitechapel.pocket.ui.screen import is_summary

    plan, expected = plan_game(SETUPS["lestrade"], 253)
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.play_game(plan)  # checks a summary after every round's last action
        rounds = expected.round
        assert len(driver.summaries) == rounds
        for n, text in enumerate(driver.summaries, start=1):
            assert f"End of round {n}" in text
            assert "was seen" in text or "was not seen" in text
            assert "takes the round's token" in text
        # The last one names the winner and shows Jack (P8).
        assert "Bob (the investigator) wins" in driver.summaries[-1]
        assert "Jack was" in driver.summaries[-1]
        assert not is_summary(app.screen)


def test_the_summary_lists_the_rounds_four_actions_then_who_saw_whom():
    """Issue 29: the round's summary names all four actions, the opponent's
    last one too, each with who played it, in sentences; then the witness
    call -- who saw whom, seen or not, who was cleared, the round token."""
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.sightlines import sightings_at_call
    from whitechapel.pocket.ui.panels import reveal_text, round_summary

    game = PocketGame(SETUPS["goodley"])  # the deck's top card: Madame
    for text in ("H+1", "W+1", "J:-", "Rb2E"):
        game.play(text)
    view = game.view("investigator")
    names = {"jack": "Ann (Jack)", "investigator": "Bob (the investigator)"}
    text = round_summary(view, 1, names, sightings_at_call(view, 1))
    lines = [line for line in text.split("\n") if line]
    assert lines[1:5] == [
        "1. Bob (the investigator) moved Holmes one step clockwise (12→1).",
        "2. Ann (Jack) moved Watson one step clockwise (4→5).",
        "3. Ann (Jack) played the joker and moved nobody.",
        "4. Bob (the investigator) rotated b2 (Stealthy) so that its wall faces east.",
    ]
    assert lines[5] == (
        "[b]The witness call[/b]: Holmes saw Pizer; Watson saw Madame; Toby saw nobody."
    )
    assert "Jack [b]was not seen[/b]" in lines[6]
    assert "Cleared: John Pizer, Madame." in text and "Ann (Jack) takes the round's" in text
    assert "Rb2E" not in text and "H+1" not in text  # no notation
    game = PocketGame(SETUPS["lestrade"])  # the investigator draws Bert in round 1
    for text in ("A", "T+1", "J:-", "Xa1c3"):
        game.play(text)
    summary = round_summary(game.view("jack"), 1, names)
    assert (
        "1. Bob (the investigator) showed the alibi card of Jeremy Bert: he is not Jack." in summary
    )
    assert "4. Bob (the investigator) swapped Lane a1→c3 and Gull c3→a1." in summary
    assert reveal_text(Secrets("madame", (), 0)).count("Her") == 2
    assert "His alibi" in reveal_text(Secrets("gull", (), 0))


def test_a_network_seats_own_side_reads_you_win_and_you_take():
    """At a network seat its own side is "you": the summary and the banner
    say "You (Jack) take the round's token", "you (Jack) win", never "you
    ... takes" or "you ... wins"; named players keep the third person."""
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.ui.panels import banner, round_summary

    game = PocketGame(SETUPS["goodley"])
    for text in ("H+1", "W+1", "J:-", "Rb2E"):
        game.play(text)
    mine = {"jack": "you (Jack)", "investigator": "the investigator"}
    text = round_summary(game.view("jack"), 1, mine)
    assert "You (Jack) take the round's token" in text and "takes" not in text
    while game.outcome is None:
        game.advance(game.legal_actions()[0])
    view = game.view(game.outcome.winner)
    assert "[b]you (Jack)[/b] win (" in banner(view, "", "you (Jack)")
    assert "[b]Ann (Jack)[/b] wins (" in banner(view, "", "Ann (Jack)")


@pytest.mark.parametrize("side", ["jack", "investigator"])
@pytest.mark.parametrize("name,seed", [("stealthy", 1668), ("goodley", 3)])
async def test_the_newest_log_line_is_always_visible_at_80x24(tmp_path, side, name, seed):
    """Long lines (a witness call clearing many suspects) wrap, or are said
    in fewer words; the newest event stays in sight; PgUp shows older ones.  Jack's secrets come
    first (testers PC and PD, round 2: his cards were pushed out): where
    they leave the newest line too few rows, it is cut at its end with
    '…', never left out, and his alibi cards stay in sight."""
    from pocket_app_play import plan_game
    from whitechapel.pocket.ui import panels

    plan, _ = plan_game(SETUPS[name], seed)
    app, screen = pocket_app(SETUPS[name], tmp_path)
    game = screen.source.game
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the first hand-over
        for action in plan[:-1]:
            game.advance(action)
            if game.to_act != side:
                continue
            screen.holder = side
            screen.reset_choice()
            screen.refresh_all()
            await settle.settle(pilot)
            notes = screen.query_one("#notes")
            # the newest line as the panel words it at its width (shorter
            # words where the whole sentence takes more than two rows)
            newest = panels.log_lines(game.view(side), notes.size.width)[-1]
            assert notes._rows is not None and notes._rows[0][0] == notes.markup
            shown = " ".join(" ".join(strip.text for strip in notes._rows[1]).split())
            whole = " ".join(newest.split())
            if side == "jack" and whole not in shown:
                assert "Your alibi cards:" in shown and shown.endswith("…"), shown
                assert whole[:12] in shown, (newest, shown)
            else:
                assert whole in shown, (newest, shown)
            checked += 1
        assert checked >= 3
        await settle.press(pilot, "pageup")
        assert screen.log_back == 1 and "PgDn" in screen_text(app)
        await settle.press(pilot, "pagedown")
        assert screen.log_back == 0


async def test_the_notes_are_laid_out_for_the_size_of_their_first_frame(tmp_path):
    """The notes panel (at the end what Jack was, then the log) is laid out
    for the size it is painted at, from a screen's first frame.  It used to
    be laid out for 80×24 until a refresh that followed the first layout: at
    160×50 the first frame had no log, and a snapshot taken before that
    refresh (a loaded machine) showed the panel without it."""
    from pocket_app_play import PLAYERS, plan_game
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.pocket.ui.screen import PocketScreen
    from whitechapel.ui.source import LocalSource

    _, game = plan_game(SETUPS["goodley"], 2866)  # Jack wins in round 3
    source = LocalSource(game, record_of(game, players=PLAYERS), Store(tmp_path))
    app, _ = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle.settle(pilot)
        app.switch_screen(PocketScreen(source))
        await pilot._wait_for_screen()  # mounted, not painted yet
        app.screen._on_timer_update()  # the first layout and frame, as the screen's timer makes it
        text = screen_text(app)
        assert "game over" in text and "Jack was" in text
        assert "Log" in text and "── Round 3 ──" in text, text


def test_the_log_is_complete_after_resuming():
    from pocket_app_play import plan_game
    from whitechapel.core.record import Record, record_of, replay
    from whitechapel.pocket.ui import panels

    plan, game = plan_game(SETUPS["gull"], 664)
    again = replay(Record.loads(record_of(game).dumps()))
    for side in ("jack", "investigator"):
        assert panels.log_lines(again.view(side)) == panels.log_lines(game.view(side))
    assert len(panels.log_lines(game.view("investigator"))) >= len(plan)


async def test_the_hand_over_mode_survives_continue(tmp_path):
    from whitechapel.core.record import Record
    from whitechapel.core.store import Store
    from whitechapel.pocket.ui.entry import SCREENS

    app, screen = pocket_app(SETUPS["goodley"], tmp_path, handover="secrets")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.play_game(max_actions=2)
    saved = Store(tmp_path).list()
    assert len(saved) == 1 and saved[0].record.settings == {"handover": "secrets"}
    assert '"handover": "secrets"' in saved[0].path.read_text()
    record = saved[0].record
    from whitechapel.core.record import replay

    reopened = SCREENS.local_screen(replay(record), record, Store(tmp_path))  # as Continue does
    assert reopened.handover == "secrets"
    # An old record, without the field, loads and opens in 'always'.
    data = record.to_json()
    del data["settings"]
    old = Record.from_json(data)
    assert old.settings == {} and "settings" not in old.to_json()
    assert SCREENS.local_screen(replay(old), old, Store(tmp_path)).handover == "always"
    # A record written before settings were kept together, the mode at the
    # top, opens in its mode, and is written again the new way.
    older = Record.from_json({**data, "handover": "secrets"})
    assert older.settings == {"handover": "secrets"}
    assert SCREENS.local_screen(replay(older), older, Store(tmp_path)).handover == "secrets"
    assert (
        older.to_json()["settings"] == {"handover": "secrets"} and "handover" not in older.to_json()
    )


def test_sight_rays_stop_at_walls():
    """P6 drawn: a ray runs down the street from the detective and stops at
    the wall that blocks it (facing: before the tile; far: at its centre)."""
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.sight import seen_by
    from whitechapel.pocket.ui.district import TILE_H, TILE_W, ray_cells, tile_origin

    mid_x, mid_y = TILE_W // 2, TILE_H // 2
    for name in SETUPS:
        game = PocketGame(SETUPS[name])
        view = game.view("investigator")
        cells = ray_cells(view)
        walls = [DIRECTIONS.index(t.wall) for t in view.tiles]
        seen = 0
        for position in view.detectives:
            seen |= seen_by(walls, position)
        for sq in range(9):
            x0, y0 = tile_origin(sq)
            centre = (x0 + mid_x, y0 + mid_y) in cells
            assert centre == bool(seen >> sq & 1), (name, sq)  # a ray reaches every seen tile
        # No ray crosses a wall's cell: a wall's side of a tile has no street.
        for sq, t in enumerate(view.tiles):
            x0, y0 = tile_origin(sq)
            edge = {
                "N": (x0 + mid_x, y0),
                "S": (x0 + mid_x, y0 + TILE_H - 1),
                "W": (x0, y0 + mid_y),
                "E": (x0 + TILE_W - 1, y0 + mid_y),
            }[t.wall]
            assert edge not in cells, (name, sq, t.wall)


def test_a_ray_ends_at_a_far_wall():
    from whitechapel.pocket.ui.district import MARGIN, TILE_H, TILE_W, ray_cells

    start = PocketGame.new(1).view("investigator")
    tiles = [Tile(sq, "pizer", "N", False, False) for sq in SQUARES]
    tiles[3] = Tile("a2", "pizer", "E", False, False)  # sight from the west (11) ends at its centre
    view = dataclasses.replace(start, tiles=tuple(tiles), detectives=Detectives(11, 11, 11))
    cells = ray_cells(view)
    y = 1 + TILE_H + TILE_H // 2
    assert (MARGIN, y) in cells and (MARGIN + TILE_W // 2, y) in cells
    assert (MARGIN + TILE_W // 2 + 1, y) not in cells and (MARGIN + TILE_W + 1, y) not in cells


async def test_f1_shows_the_rules_of_the_moment(tmp_path):
    from whitechapel.ui.screens.help import HelpScreen

    app, _screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(100, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3", "f1")
        await settle.settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.markdown
        assert text.startswith("## Now") and "Round 1 of 8, action 1 of 4" in text
        assert "Rotation: turn one tile" in text and "witness call" in text
        assert "(P5)" not in text and "(P8)" not in text  # no rule tags on screen (PC, round 2)
        assert "Goals." in text  # the whole summary follows
        await settle.press(pilot, "escape", "escape", "1", "f1")
        await settle.settle(pilot)
        assert "Move that detective 1 or 2 positions clockwise." in app.screen.markdown


async def test_the_board_grows_with_the_terminal_and_clicks_follow(tmp_path):
    from whitechapel.pocket.ui.district import District

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        district = screen.query_one(District)
        assert (district.tw, district.th) == (13, 5)  # compact
        driver = Driver(pilot, screen)
        await driver.pass_handover()
        sizes = {}
        for size in ((120, 40), (160, 50), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle.settle(pilot)
            sizes[size] = (district.tw, district.th)
            assert district.size.width == district.w and district.size.height == district.h
            assert district.region.right <= size[0] - 28  # the side panels keep their room
        assert sizes[(120, 40)][0] >= 21 and sizes[(120, 40)][1] >= 9  # large tiles
        assert sizes[(160, 50)] >= sizes[(120, 40)] and sizes[(80, 24)] == (13, 5)
        await pilot.resize_terminal(120, 40)
        await settle.settle(pilot)
        await settle.press(pilot, "3")  # Rotation: a click chooses the tile
        for square in (0, 8, 5):
            await driver.click_tile(square)
            assert screen.choice.cursor == square


async def test_the_investigators_alibi_card_is_shown_face_up_to_both(tmp_path):
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J; Bert on top
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "1", "enter")  # the investigator draws
        await settle.settle(pilot)
        assert [str(a) for a in screen.source.game.history] == ["A"]
        # his card, shown to him first (issue 44, round 2), then the hand-over to Jack
        await settle.press(pilot, "enter", "enter")
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "The investigator showed an alibi card: Jeremy Bert, now cleared." in text
        await settle.press(pilot, "2", "1", "enter")  # Jack's T+1: the news is old now
        assert "showed an alibi card" not in " ".join(screen_text(app).split())


async def test_in_secrets_mode_s_on_the_investigators_turn_passes_to_jack_and_back(tmp_path):
    from pocket_app_play import curtain_text
    from whitechapel.pocket.ui.screen import is_cards, is_handover

    app, screen = pocket_app(SETUPS["gull"], tmp_path, handover="secrets")  # investigator first
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert screen.source.game.to_act == "investigator"
        await settle.press(pilot, "s")
        text = curtain_text(app)
        assert (
            text.startswith("Pass to Ann (Jack)") and "Bob (the investigator), look away." in text
        )
        await settle.press(pilot, "enter")
        assert is_cards(app.screen)
        await settle.press(pilot, "enter")
        text = curtain_text(app)
        assert (
            text.startswith("Pass to Bob (the investigator)") and "Ann (Jack), look away." in text
        )
        await settle.press(pilot, "enter")
        assert not is_handover(app.screen)


async def test_the_investigators_joker_without_a_move_is_refused_in_words(tmp_path):
    """P5: only Jack may play the joker without moving a detective; the
    investigator is told so, from the legal list (no trial on a copy of the
    game), and nothing is played."""
    app, screen = pocket_app(
        SETUPS["goodley"], tmp_path
    )  # round 1: H W R J, the investigator first
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "4", "0")
        await settle.settle(pilot)
        assert game.history == []
        assert "joker must move a detective" in screen_text(app)


async def test_a_click_on_the_curtain_lifts_it_as_enter_does(tmp_path):
    """The hand-over curtain goes on a click as on Enter (the curtain says so
    to its screen, whose turn control lifts it), and the side it named
    holds the keyboard after."""
    from whitechapel.pocket.ui.screen import is_handover

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert is_handover(screen) and screen.holder is None
        await settle.click(pilot, "#curtain")
        assert not is_handover(screen) and screen.holder == screen.source.to_act
        assert "Pass to" not in screen_text(app)
