"""Round 45's findings (issue 43; play-tester I4,
docs/playtests/2026-12-07-lfw-round45-I4.md), each checked as a player
would notice it."""

from __future__ import annotations

import dataclasses

from lfw_app_play import first_game_where
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui import deduction, sentences


def test_t1_the_coach_says_both_its_circles_leave_clues():
    """I4: "A coach's middle circle leaves a clue … Jack's coach prompt says
    only 'ignoring the policemen'. My coach through 66 put a clue on my own
    hideout." (T1: both circles are written on the track.)"""
    for words in (["coach"], ["coach", "66"], ["coach", "66", "117"]):
        assert "both circles leave clues" in sentences.describe(words)


def test_jacks_panel_names_the_hideout_candidates_the_police_can_know():
    """I4: "It says '28 hideout candidates' but not which. Jack is allowed
    to know what the police can know, so list them.\""""
    game = first_game_where(3, lambda g: g.phase == Phase.ESCAPE and g.night >= 2, tries=200)
    nb = notebook(game.view(JACK), game.board)
    few = dataclasses.replace(nb, hideouts=(12, 13, 14, 40))
    line = deduction.deduction_text(few, jack=True)
    assert "4 hideout candidates: 12–14 40" in line, line
    many = tuple(range(1, deduction.JACK_CANDIDATES_SHOWN + 2))
    line = deduction.deduction_text(dataclasses.replace(nb, hideouts=many), jack=True)
    assert line.endswith(f"{len(many)} hideout candidates"), line
