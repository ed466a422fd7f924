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


def _top_searched(game) -> bool:
    """The police to act, a circle among the likeliest searched empty tonight."""
    if game.to_act == JACK or game.phase != Phase.HUNT:
        return False
    view = game.view("police")
    nb = notebook(view, game.board)
    if nb is None or not nb.on_board or len(nb.counts) < 2:
        return False
    counts = deduction.heat_counts(nb)
    top = sorted(counts, key=lambda c: (-counts[c], c))[: deduction.LIKELIEST]
    return bool(set(top) & set(view.searched))


def test_t3_the_likeliest_circles_searched_before_his_last_move_say_so():
    """I4: "'Most paths end on: 44 8%, 106 8%, 60 7%' listed circles just
    searched empty, and I took it for a bug.  It is correct: Jack moved
    after the search.  A note such as '(searched before his last move)'
    would stop others thinking the same."""
    game = first_game_where(5, _top_searched, tries=200)
    view = game.view("police")
    nb = notebook(view, game.board)
    line = deduction.deduction_text(nb, searched=view.searched)
    counts = deduction.heat_counts(nb)
    top = sorted(counts, key=lambda c: (-counts[c], c))[: deduction.LIKELIEST]
    before = [c for c in top if c in view.searched]
    assert f"({', '.join(map(str, before))} searched before his last move)" in line, line


def test_the_police_panel_names_each_policemans_colour_at_night_start():
    """J4: "every row reads 'B blue — (last night …)' except Green's, which
    reads 'G — (last night 127·132 SW)' with the word 'green' dropped."  A
    game (seed 51, random moves) whose night 2 begins so."""
    from rich.text import Text

    from test_lfw_words import _night_two_hell
    from whitechapel.lfw.rulebook import COLOURS, POLICE
    from whitechapel.lfw.ui import panels

    found = _night_two_hell(51)
    assert found is not None
    game, _ = found
    rows = Text.from_markup(panels.police_text(game.view(POLICE), board=game.board)).plain
    rows = [row for row in rows.split("\n") if "last night" in row]
    assert len(rows) == 5, rows
    for c, row in zip(COLOURS, rows, strict=True):
        assert f" {c} — (last night " in row, row
