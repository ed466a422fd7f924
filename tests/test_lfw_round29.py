"""Round 29's findings (issue 43; play-testers C3 and D3,
docs/playtests/2026-12-06-lfw-round29-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.ui.picking import picking_for


def _forced_step_in_reach(game) -> bool:
    """T1 where a step reaches one circle only, a policeman in reach of it
    and none beside it."""
    if game.phase != Phase.ESCAPE or game.to_act != JACK:
        return False
    view = game.view(JACK)
    p = picking_for(view, game.board)
    p.press("1")  # a step
    line = p.forced_step()
    if line is None:
        return False
    circle = int(line.split("Jack steps to ")[1].split("[")[0])
    return not sentences.beside_police(view, game.board, circle) and bool(
        sentences.reach_police(view, game.board, circle)
    )


def test_t1_a_step_to_the_only_circle_says_who_is_in_reach_of_it():
    """D3: "the only step was 21→47; the prompt … did not say 47 was in
    reach of Yellow (unlike every other step prompt). I took it; Yellow
    walked two crossings and arrested me at once"."""
    game = first_game_where(3, _forced_step_in_reach, tries=300)
    view = game.view(JACK)
    p = picking_for(view, game.board)
    p.press("1")
    line = p.forced_step()
    circle = int(line.split("Jack steps to ")[1].split("[")[0])
    who = sentences.and_list(
        sentences.name(c) for c in sentences.reach_police(view, game.board, circle)
    )
    assert f"Careful: {circle} is in reach of {who}" in line, line
