"""Pocket previews (`pocket.preview`): computed from the acting side's view
alone, they draw what the engine would draw after the action — walls,
tiles, detectives, who is seen (P6) — and never the witness call (P7)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import settle
from pocket_app_play import pocket_app
from snapshots import screen_text
from whitechapel.core.game import PUBLIC
from whitechapel.pocket.actions import Alibi, Joker, parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR
from whitechapel.pocket.preview import preview
from whitechapel.pocket.setup import random_setup


def cleared(view):
    return {t.character: t.cleared for t in view.tiles}


def board(view, *, sight=True):
    tiles = [(t.square, t.character, t.wall) for t in view.tiles]
    seen = [t.seen for t in view.tiles] if sight else []
    return tiles, seen, view.detectives


@given(st.integers(0, 2**32 - 1), st.integers(0, 31))
def test_a_preview_draws_the_board_the_engine_draws_and_clears_nobody(seed, steps):
    rng = random.Random(seed)
    g = PocketGame(random_setup(seed))
    for _ in range(steps):
        if g.outcome is not None:
            return
        g.advance(rng.choice(g.legal_actions()))
    if g.outcome is not None:
        return
    for side in (g.to_act, PUBLIC):
        view = g.view(side)
        for action in g.legal_actions():
            shown = preview(view, action)
            if isinstance(action, Alibi) or action == Joker(None):
                assert shown is None
                continue
            # No preview runs the witness call: every suspect stays as he was.
            assert cleared(shown) == cleared(view), action
            for field in ("log", "tokens", "round", "step", "investigator_alibis"):
                assert getattr(shown, field) == getattr(view, field)
            after = g.clone()
            after.advance(action)
            ends_round = after.round != g.round or after.outcome is not None
            # After a round's last action the engine's board shows the call's
            # result (a cleared Lane stops blocking sight): compare the pieces.
            assert board(shown, sight=not ends_round) == board(
                after.view(side), sight=not ends_round
            ), action


def test_no_preview_of_a_rounds_last_action_clears_anybody():
    """The secrets issue's leak 1, below the screen: over many rounds'
    last actions, previewed from the acting side's view, nobody is cleared."""
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        g = PocketGame(random_setup(seed))
        while g.outcome is None:
            if g.step == 3:
                view = g.view(g.to_act)
                for action in g.legal_actions():
                    shown = preview(view, action)
                    if shown is not None:
                        checked += 1
                        assert cleared(shown) == cleared(view)
            g.advance(rng.choice(g.legal_actions()))
    assert checked > 100


def test_an_alibi_and_jacks_empty_joker_have_no_preview():
    view = PocketGame(random_setup(1)).view(INVESTIGATOR)
    for text in ("A", "J:-"):
        assert preview(view, parse_action(text)) is None
    assert preview(view, parse_action("J:W")) is not None


async def test_the_issue_reproduction_shows_no_witness_call_before_it_is_played(tmp_path):
    """Leak 1 as a player met it: `pocket --seed 7`, `Enter 1 Enter`,
    `Enter 2 1 4 Right r Enter`, `Enter 3 Up Left Left Enter`: the last
    rotation's preview showed "(Lane) cleared", and moving the cursor
    showed every suspect cleared but two, one of them Jack.  (A detective's
    steps now wait for Enter: `2 1` became `2 1 Enter`.)"""
    app, screen = pocket_app(random_setup(7), tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        for keys in (
            ["enter", "1", "enter", "enter"],  # his alibi card shown first (issue 44)
            ["enter", "2", "1", "enter", "4", "right", "r", "enter"],
        ):
            await settle.press(pilot, *keys)
        await settle.press(pilot, "enter", "3", "up", "left", "left")
        cleared_before = screen_text(app).count("cleared")
        for keys in (["enter"], ["down"], ["right"]):  # an exchange, previewed
            await settle.press(pilot, *keys)
            # the second tile starts on the first: no swap until an arrow (round 1, PA)
            assert (screen.candidate() is None) == (keys == ["enter"])
            assert screen_text(app).count("cleared") == cleared_before, keys
        game = screen.source.game
        assert game.round == 1 and len(game.history) == 3  # nothing played
