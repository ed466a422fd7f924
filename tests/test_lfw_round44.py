"""Round 44's findings (issue 43; play-testers G4 and H4,
docs/playtests/2026-12-07-lfw-round44-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.ui.picking import picking_for


def _searching_before_others(g) -> bool:
    """T3, a search under way with policemen still to act after him."""
    v = g.view(POLICE)
    searching = g.phase == Phase.SEARCHING and bool(sentences.still_to_act(v))
    return searching and picking_for(v, g.board).sweep_offered()


def test_t3_9_in_a_search_under_way_asks_before_everyone_after_him_searches():
    """G4: "In a search where I was naming circles, one 9 finished the
    search and made everyone else search, without the confirmation 9 asks
    for elsewhere. My second 9 spilled into the next turn."  The first 9
    only asks; the second does it."""
    game = first_game_where(3, _searching_before_others, tries=300)
    p = picking_for(game.view(POLICE), game.board)
    first = p.press("9")
    assert first.kind == "arm", first
    assert "9 again: yes" in first.value
    assert p.press("9").kind == "rest"


def test_h6_key_0_asks_before_every_wretched_moves():
    """G4: "On the police's Wretched move, a single 0 moved every Wretched
    and handed over at once, with no confirmation."  H6's 0 asks as T2's
    and T3's do; a second 0 moves them."""
    game = first_game_where(3, lambda g: g.phase == Phase.WRETCHED, tries=300)
    p = picking_for(game.view(POLICE), game.board)
    assert p.rest_word() == "wretched"
    first = p.press("0")
    assert first.kind == "arm", first
    assert "every Wretched" in first.value and "0 again: yes" in first.value
    assert p.press("0").kind == "rest"


def test_t2_the_last_policemans_0_asks_and_names_only_him():
    """G4 and D4 (round 42): "either always ask or never ask".  The last
    policeman's 0 asks too, and says it is his stay alone."""

    def last_to_move(g) -> bool:
        v = g.view(POLICE)
        return g.phase == Phase.HUNT and not sentences.still_to_act(v)

    game = first_game_where(3, last_to_move, tries=300)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    first = p.press("0")
    assert first.kind == "arm", first
    assert first.value.startswith(f"0: {sentences.name(view.acting_colour)} stays where he is")


def test_the_notebook_names_the_bare_streets_into_the_last_candidates():
    """G4: the last four candidates were 60, 103, 105 and 106; he sealed
    every crossing beside them, and Jack came by coach onto 105 and walked
    the street with no crossing to 106 ("nothing in the aids pointed at
    105").  Once the candidates are few, the notebook lists such streets."""
    import dataclasses

    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.ui import deduction

    game = first_game_where(3, lambda g: g.phase == Phase.HUNT, tries=50)
    nb = notebook(game.view(POLICE), game.board)
    g = game.board.graph
    pairs = [(c, n) for c in g if isinstance(c, int) for n in g[c] if isinstance(n, int)]
    a, b = pairs[0]
    few = dataclasses.replace(nb, hideouts=(a,))
    text = deduction.deduction_text(few)
    assert "by a street with no crossing" in text, text
    assert f"{min(a, b)}–{max(a, b)}" in text
    lone = next(c for c in game.board.circles if not any(isinstance(n, int) for n in g[c]))
    assert "no crossing" not in deduction.deduction_text(dataclasses.replace(nb, hideouts=(lone,)))
    many = tuple(sorted(game.board.circles))[: deduction.BARE_SHOWN + 1]
    assert "no crossing (" not in deduction.deduction_text(dataclasses.replace(nb, hideouts=many))


def test_s1_the_hideout_chooser_says_a_bare_street_from_a_red_circle_wins_a_night():
    """H4: hideout 88, one street with no crossing from red circle 84:
    night 4's single kill there walked home in one move, and "a newcomer
    choosing a hideout gets no warning that it is a near-certain win"."""
    from whitechapel.lfw.ui import jackturn

    board = first_game_where(3, lambda g: True, tries=1).board
    g = board.graph
    near_red = next(
        c for c in board.circles if any(isinstance(n, int) and n in board.red for n in g[c])
    )
    red = next(n for n in g[near_red] if isinstance(n, int) and n in board.red)
    said = jackturn.ways_in_text(board, near_red)
    assert f"a kill on red circle {red} walks home in one move" in said, said
