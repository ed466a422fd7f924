"""Pocket play-test rounds 34 and 35 (testers RN, RO, RQ): what they found,
as a player would notice it."""

from __future__ import annotations

import settle
from pocket_app_play import PLAYERS, SETUPS, plan_game
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.source import LocalSource


def _finished(tmp_path, players=PLAYERS) -> tuple[WhitechapelApp, PocketScreen]:
    _, game = plan_game(SETUPS["gull"], 664)
    assert game.outcome is not None
    record = record_of(game, seed=None, players=dict(players), settings={"handover": "always"})
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    return WhitechapelApp(start=screen), screen


async def test_a_finished_hot_seat_duel_offers_a_rematch_with_the_sides_swapped(tmp_path):
    """RO: "Rematch (n) keeps the same sides. Over the network, ctrl+r swaps
    sides, which is what two friends want; hot-seat should offer that too."
    The game-over line says so, and ctrl+r starts a new duel with Ann and
    Bob each on the other side; n still keeps them where they were."""
    app, screen = _finished(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        if screen.curtain_up:  # the last round's summary
            await settle.press(pilot, "enter")
        text = " ".join(screen_text(app).split())
        assert "v the review · n rematch · ctrl+r sides swapped · Esc or m the menu" in text, text
        assert "^r" not in text and "^q Quit" in text  # the footer keeps its quit
        await pilot.resize_terminal(120, 40)
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "n a rematch (ctrl+r: sides swapped), Esc or m the menu, ctrl+s saves" in text
        await settle.press(pilot, "ctrl+r")
        new = app.screen
        assert isinstance(new, PocketScreen) and new is not screen
        assert new.source.game.history == []
        assert new.source.record.players == {"jack": "Bob", "investigator": "Ann"}


async def test_against_the_computer_ctrl_r_gives_the_person_the_other_side(tmp_path):
    """The same against the computer: the person plays the side the
    computer played, the computer (same level) the other."""
    app, screen = _finished(tmp_path, {"jack": "Ann", "investigator": "computer:hard"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        if screen.curtain_up:
            await settle.press(pilot, "enter")
        await settle.press(pilot, "ctrl+r")
        new = app.screen
        assert isinstance(new, PocketScreen) and new is not screen
        assert new.source.record.players == {"jack": "computer:hard", "investigator": "Ann"}
        assert new.source.computers == {"jack": "hard"}


def test_p8_jack_is_warned_where_his_last_action_would_leave_only_him():
    """RN: "Warn Jack when a move leaves him the last suspect ('this call
    would leave only you'), as the program already warns 'Jack would be
    seen'."  Against the engine: before the round's last action, Jack's
    red warning says the call would leave only him exactly where playing
    that action ends the game with the investigator's win (P8), save
    where he is the last suspect already and unseen (no action of his
    can lose more: no warning)."""
    import random

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import INVESTIGATOR, JACK
    from whitechapel.pocket.preview import preview
    from whitechapel.pocket.ui import panels

    rng = random.Random(34)
    warned = quiet = 0
    for seed in range(150):
        game = PocketGame.new(seed)
        while game.outcome is None and game.legal_actions():
            view = game.view(JACK)
            if game.to_act == JACK and view.step == 3:
                for action in game.legal_actions():
                    after = preview(view, action)
                    if after is None:
                        continue  # the alibi: no board to preview
                    line = panels.alone_line(view, after)
                    copy = game.clone()
                    copy.advance(action)
                    lost = copy.outcome is not None and copy.outcome.winner == INVESTIGATOR
                    me = view.jack.identity
                    lost_anyway = after.suspects == (me,) and me not in after.seen_suspects
                    assert bool(line) == (lost and not lost_anyway), (seed, action, line)
                    if line:
                        assert "[b red]Careful:" in line and "you lose" in line
                        assert ("leave only you" in line) == (len(after.suspects) > 1)
                        warned += 1
                    else:
                        quiet += 1
            game.advance(rng.choice(game.legal_actions()))
    assert warned >= 10 and quiet >= 10, (warned, quiet)


async def test_p5_a_stray_digit_mid_rotation_asks_for_esc_and_plays_nothing(tmp_path):
    """RQ: "While choosing a rotation, I pressed an arrow for a direction the
    wall already faced ... My next keys 2 1 Enter then switched to the Toby
    token and played Toby one step."  With a tile taken, another token's
    digit is refused in a sentence and changes nothing: the rotation stays
    chosen, and the Enter after it plays no other token's action."""
    from pocket_app_play import pocket_app
    from whitechapel.pocket.ui.choosing import Mode

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3", "enter")  # the rotation, b2 taken
        assert screen.choice.mode == Mode.ORIENT
        await settle.press(pilot, "2", "1")
        assert screen.choice.mode == Mode.ORIENT and screen.choice.token == 2
        text = " ".join(screen_text(app).split())
        assert "A tile is taken for this action: Esc, then 1 for another token." in text, text
        await settle.press(pilot, "enter")
        assert screen.source.game.history == []  # nothing played: the wall not turned yet
        await settle.press(pilot, "escape", "2")  # Esc first: then the digit takes it
        assert screen.choice.token == 1


def _lane_open_to_rotate(game) -> bool:
    from whitechapel.pocket.pieces import SQUARES

    view = game.view(game.to_act)
    tokens = [t for t in view.tokens if not t.used and t.up == "R"]
    lane = [sq for sq in range(len(SQUARES)) if view.tiles[sq].open_crossroads]
    return bool(tokens and lane) and any(
        f"R{SQUARES[lane[0]]}" in str(a) for a in game.legal_actions()
    )


async def test_p5_turning_lanes_open_crossroads_speaks_of_no_wall(tmp_path):
    """RP: "Rotating Lane's crossroads: Enter does nothing until you press
    r/e. The error then says 'the arrows (or r/e) say where its wall will
    face', but that tile has no wall."  Enter there says to turn it with r
    or e, and that it has no wall."""
    import random

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import SQUARES

    rng = random.Random(35)
    for seed in range(300):
        game = PocketGame.new(seed)
        while game.outcome is None and not _lane_open_to_rotate(game):
            game.advance(rng.choice(game.legal_actions()))
        if game.outcome is None:
            break
    else:
        raise AssertionError("no open crossroads to turn")
    view = game.view(game.to_act)
    lane = next(SQUARES[sq] for sq in range(len(SQUARES)) if view.tiles[sq].open_crossroads)
    digit = str(next(i + 1 for i, t in enumerate(view.tokens) if not t.used and t.up == "R"))
    players = {"jack": "Ann", "investigator": "Bob"}
    record = record_of(game, seed=None, players=players, settings={"handover": "secrets"})
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    async with WhitechapelApp(start=screen).run_test(size=(100, 30)) as pilot:
        await settle.settle(pilot)
        while screen.curtain_up:
            await settle.press(pilot, "enter")
        await settle.press(pilot, digit, *lane, "enter")
        text = " ".join(screen_text(pilot.app).split())
        assert "Turn it first with r / e: it has no wall" in text, text
        assert "where its wall will face" not in text


async def test_p7_a_summary_waiting_for_the_board_costs_no_frame_after_frame(tmp_path):
    """The round's summary is placed once the board is laid out.  While the
    board is not (hidden here), nothing is tried again frame after frame:
    a full CI run hung on a summary that asked for its place on every
    refresh, for ever (round 34's layout work).  Placed again once the
    board is back, beside it."""
    from pocket_app_play import pocket_app
    from test_pocket_round34_layout import summary_after_jacks_card
    from whitechapel.pocket.ui.district import District

    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await summary_after_jacks_card(pilot, screen)
        calls = []
        place = screen.place_beside
        screen.place_beside = lambda curtain: (calls.append(1), place(curtain))[1]
        district = screen.query_one(District)
        district.display = False
        screen.cover(screen.query_one("#curtain").markup)  # the summary asks for its place
        for _ in range(20):
            await pilot.pause()
        assert len(calls) <= 2, len(calls)
        district.display = True
        await settle.settle(pilot)
        curtain = screen.query_one("#curtain")
        assert district.region.width and not curtain.region.overlaps(district.region)
        assert curtain.styles.visibility == "visible"
