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


def _t3_with_a_policeman_the_notebook_passes(game) -> bool:
    """T3 at its start, where the sweep (the notebook asked) passes a
    policeman who has circles to search that hold no known clue."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import sweep
    from whitechapel.lfw.ui.picking import known_tonight

    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return False
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    circles = [int(c) for c in p.t3_circles()]
    unknown = [c for c in circles if c not in known_tonight(view)]
    text = sweep.step(view, game.board)
    return bool(unknown) and text is not None and text.endswith("pass")


def test_t3_with_the_notebook_off_9_and_1_ask_no_deduction():
    """D3: "with the notebook set to 'off (as the box)', 9 still uses the
    computer's deduction: it had four policemen pass because no clue could
    be beside them".  With the notebook off, 9 has each search wherever
    tonight's clue is not known, names circles in their letters' order,
    and its words promise no deduction."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import sweep
    from whitechapel.lfw.ui.picking import SWEEP_KEY, search_order

    game = first_game_where(5, _t3_with_a_policeman_the_notebook_passes, tries=300)
    view = game.view(POLICE)
    acting = view.acting_colour
    assert sweep.step(view, game.board) == f"{acting} pass"  # the notebook asked
    assert (
        sweep.step(view, game.board, deduce=False)
        == f"{acting} search {search_order(view, game.board, deduce=False)[0]}"
    )
    p = picking_for(view, game.board)
    p.aids = False
    hint = p.keys_hint(room=300)
    assert "where a clue can be" not in hint and "likeliest" not in hint, hint
    if p.sweep_offered():
        assert f"{SWEEP_KEY} everyone searches (no arrest)" in hint, hint
    p.aids = True
    assert "likeliest first" in p.keys_hint(room=300)


def _one_way(game) -> str | None:
    """H6 with two Wretched or more, one of them with one circle to go to:
    her circle."""
    from collections import Counter

    from whitechapel.lfw.rulebook import POLICE

    if game.phase != Phase.WRETCHED or game.to_act != POLICE:
        return None
    ways = Counter(str(a).split()[1].split(">")[0] for a in game.legal_actions())
    alone = [w for w, n in ways.items() if n == 1]
    return alone[0] if len(ways) >= 2 and alone else None


def test_h6_a_wretched_with_one_circle_left_says_why():
    """C3: "with hints off, the message 'the only place left' doesn't say
    it's because of the patrol-marker rule"."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.picking import WRETCHED_RULE

    game = first_game_where(3, lambda g: _one_way(g) is not None, tries=300)
    p = picking_for(game.view(POLICE), game.board)
    p.pick(_one_way(game))  # as her letter does
    said = p.forced_text()
    assert said is not None and f"the only circle left to her ({WRETCHED_RULE})" in said, said
