"""Round 37's findings (issue 43; play-testers S3 and T3,
docs/playtests/2026-12-07-lfw-round37-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui.picking import SWEEP, picking_for
from whitechapel.lfw.ui.placenames import touches
from whitechapel.ui.screens.game import help_text


def _jack_may_be_beside(game) -> bool:
    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return False
    p = picking_for(game.view(POLICE), game.board)
    if not p.sweep_offered() or p.mid_turn():
        return False
    nb = notebook(game.view(POLICE), game.board)
    return any(
        n in nb.counts for x in game.view(POLICE).police.values() for n in touches(game.board, x)
    )


def test_t3_a_search_on_jacks_circle_finds_a_clue_and_the_words_say_so():
    """S3: "Searching the circle Jack is standing on never finds a clue;
    only an arrest catches him" (read in 9's question, "Jack may be on 60
    by Yellow: only an arrest takes him").  The engine gives a clue there
    (his circle now is written in tonight's row, T3); the question and the
    rules in F1 say so."""
    game = first_game_where(5, _jack_may_be_beside, tries=300)
    asked = picking_for(game.view(POLICE), game.board).rest_question(SWEEP)
    assert (
        "a search there finds a clue, only an arrest takes him" in asked
        or "search: a clue, arrest: him" in asked
    ), asked
    assert "only an arrest takes him" not in asked.replace("finds a clue, only", ""), asked
    rules = " ".join(help_text("whitechapel.lfw.ui").split())
    assert "(crime scene and his circle now included) gets a clue" in rules
