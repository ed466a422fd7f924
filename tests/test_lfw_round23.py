"""Round 23's findings (issue 43; play-testers S2 and T2,
docs/playtests/2026-12-06-lfw-round23-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import re

import settle
from lfw_app_play import first_game_where, game_app, raise_curtain
from snapshots import screen_text
from test_lfw_round19 import _crowded_step
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui.picking import picking_for
from whitechapel.lfw.ui.screen import GUIDE, jack_turn_first
from whitechapel.ui.screens.game import help_text


def test_t1_a_count_of_policemen_never_reads_as_a_circle():
    """T2: "'in reach of 3' or 'beside 2' means a number of policemen but
    looks like a circle"."""
    game = first_game_where(1, _crowded_step, tries=300)
    p = picking_for(game.view(JACK), game.board)
    p.pick("step")
    line = p.keys_hint(room=190)
    assert "in reach of 3 policemen" in line or "beside 2 policemen" in line, line
    assert not re.search(r"(in reach of|beside) \d+(?! policemen)\b", line), line


def test_h3_the_later_nights_marker_prompt_says_any_marker_goes_on_any_place():
    """T2: "'Place the patrol markers where the policemen ended last night…'
    made me think real policemen had to go back to their old spots."""
    said = GUIDE["patrols_later"]
    assert "real or fake" in said and "go on seven places" in said


def test_f1_on_jacks_turn_opens_on_jacks_keys():
    """S2: "F1 help opens on the police section even on Jack's turn"."""
    text = help_text("whitechapel.lfw.ui")
    moved = jack_turn_first(text)
    heads = [line for line in moved.splitlines() if line.startswith("## A ")]
    assert heads[0].startswith("## A Jack turn") and heads[1].startswith("## A police turn")
    assert sorted(moved.splitlines()) == sorted(text.splitlines())  # nothing lost


async def test_f1_at_jacks_move_shows_his_turn_first(tmp_path):
    game = first_game_where(
        2, lambda g: g.phase == Phase.ESCAPE and g.to_act == JACK and len(g.history) > 40
    )
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "f1")
        shown = screen_text(app)
        assert "A Jack turn" in shown
        assert "A police turn" not in shown or shown.index("A Jack turn") < shown.index(
            "A police turn"
        )
