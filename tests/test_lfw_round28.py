"""Round 28's findings (issue 43; play-testers A3 and B3,
docs/playtests/2026-12-06-lfw-round28-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui.picking import WALK_ONLY, picking_for


def _walks_only(game) -> bool:
    if game.phase != Phase.ESCAPE or game.to_act != JACK:
        return False
    view = game.view(JACK)
    return view.coaches_left == 0 and view.alleys_left == 0


def test_t1_with_no_coach_or_alley_left_the_keys_line_says_the_circle_is_asked_at_once():
    """B3: "once coaches and alleys are spent, `1` no longer means 'step'
    but becomes the first digit of a circle number, although the help
    screen says those digits always work"."""
    game = first_game_where(3, _walks_only, tries=300)
    p = picking_for(game.view(JACK), game.board)
    assert p.keys_hint(room=300).startswith(WALK_ONLY)
    p.press("1")  # the first digit of a circle's number
    assert p.typed == "1"
    with_coach = first_game_where(3, lambda g: g.phase == Phase.ESCAPE and g.to_act == JACK)
    assert WALK_ONLY not in picking_for(with_coach.view(JACK), with_coach.board).keys_hint()


def test_h3_the_police_panel_marks_no_policeman_while_the_chief_places_the_markers():
    """A3: "the set-up hint says 'the blue policeman's marker' while ▶
    points at red (the Chief)".  While the Chief acts for them all (H3's
    markers) no line has the ▶ (the title names the Chief); in T2 the
    acting policeman's line has it."""
    from rich.text import Text

    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.panels import police_text

    patrols = first_game_where(3, lambda g: g.phase == Phase.PATROLS and g.to_act == POLICE)
    view = patrols.view(POLICE)
    text = Text.from_markup(police_text(view, board=patrols.board)).plain
    assert "▶" not in text and f"Chief {view.chief.capitalize()}" in text, text
    hunt = first_game_where(3, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    text = Text.from_markup(police_text(hunt.view(POLICE), board=hunt.board)).plain
    assert text.count("▶") == 1, text


def test_s1_h6_the_house_rules_are_said_where_they_bite():
    """B3: "say the house rules where they bite: on the main game's own
    screens, not only in the tutorial (waiting adds track spaces; …) and
    the hideout may not be on a red circle"."""
    from whitechapel.lfw.ui.screen import GUIDE

    assert "not a red one" in GUIDE["hideout"]
    assert "one more space for his escape" in GUIDE["wretched"]
    assert "if she can" in GUIDE["wretched"]


def test_the_hideout_candidates_say_how_many_circles_each_night_could_end_on():
    """A3: "hideout candidates stayed at 41 from night 1 to the end … I
    only understood it with the CLI tool" (nights 2 and 3 could end on 83
    and 194 circles).  From night 3 on, the line says each finished
    night's count of circles; before, nothing more."""
    from rich.text import Text

    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.deduction import deduction_text

    game = first_game_where(4, lambda g: g.night == 3 and g.phase == Phase.HUNT, tries=100)
    nb = notebook(game.view(POLICE), game.board)
    # not counting the red circles, which no hideout is (tester M4, round 47)
    ends = [len(set(n.counts) - game.board.red) for n in nb.nights if n.home]
    assert len(ends) == 2
    text = " ".join(Text.from_markup(deduction_text(nb, key="F9")).plain.split())
    # (W3 and Y3, rounds 39-40, could not parse "each night could end on
    # 83 · 83 circles; they are where all could")
    said = f"night 1 could end on {ends[0]} circles, night 2 on {ends[1]}: "
    assert said + "the hideout is one every night could end on" in text, text
    night_2 = first_game_where(4, lambda g: g.night == 2 and g.phase == Phase.HUNT, tries=100)
    nb = notebook(night_2.view(POLICE), night_2.board)
    assert "could end on" not in deduction_text(nb, key="F9")
