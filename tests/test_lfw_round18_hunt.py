"""Round 17's findings on the police's move and Jack's warnings (issue 43;
play-testers G2 and H2, docs/playtests/2026-12-05-lfw-round17-*.md)."""

from __future__ import annotations

import re

from rich.text import Text

from lfw_app_play import first_game_where
from whitechapel.lfw.actions import Step
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import mapstyle, placenames, sentences
from whitechapel.lfw.ui.marks import marks_for
from whitechapel.lfw.ui.picking import (
    HUNT_INTRO,
    HUNT_ON_THE_RIGHT,
    hunt_list,
    hunt_rows,
    picking_for,
)


def _t2_with_idle_and_useful(g) -> bool:
    """T2, where the acting policeman's crossings include some beside a
    circle where Jack can be and some beside none."""
    if g.phase != Phase.HUNT or g.to_act != POLICE:
        return False
    p = picking_for(g.view(POLICE), g.board)
    idle = p.idle_crossings()
    return bool(idle) and len(idle) < len(p.crossing_labels())


def test_t2_the_keys_line_lists_each_crossing_by_the_circles_where_jack_can_be_most_first():
    """G2: "nothing tells you 'this crossing touches 4 possible circles'";
    H2: "Show how many of the notebook's candidate circles each crossing
    touches".  Each letter is said with the circles beside it where the
    notebook says Jack can be, those beside most of its paths first (I2,
    round 18: by circles alone they sent policemen to the edge of 192
    circles); the letters beside none come last, together.  The ranking is
    the heat map's (its odds shown): `test_t2_possible_circles_rank_nothing`."""
    game = first_game_where(5, _t2_with_idle_and_useful, tries=300)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    p.notebook_odds = True
    paths = dict(notebook(view, game.board).counts)
    jack = set(paths)
    line = p.keys_hint()
    assert HUNT_INTRO in line, line
    rows = hunt_rows(game.board, p.crossing_labels(), frozenset(jack), paths)
    # most of the notebook's paths first (I2, round 18), then most circles
    weights = [(sum(paths[c] for c in near), len(near)) for _, _, near in rows]
    assert weights == sorted(weights, reverse=True)
    for _, x, near in rows:
        assert set(near) == jack & set(placenames.touches(game.board, x))
    best = rows[0]
    assert f"{best[0]} {'·'.join(map(str, best[2]))}" in line, line
    idle = " ".join(k for k, _, near in rows if not near)
    if "…" not in line:
        assert f"{idle}: none" in line, line
    # the side panel lists every one, most first, with Jack's circles only
    # (L2, round 19: an underline alone marked them)
    panel = p.choices_text()
    assert "[u]" not in panel
    assert f"{best[0]}→{'·'.join(map(str, best[2]))}" in Text.from_markup(panel).plain


def test_t2_possible_circles_rank_nothing():
    """Testers Y2, A3, B3 (rounds 27-28): "the default notebook does the
    deduction for you … I won largely by pressing the top suggestion".  The
    possible circles (the default) are what a pencil works out: each letter
    still says the circles beside it where Jack can be, in the letters'
    order, and nothing says which is best; only the heat map ranks them."""
    game = first_game_where(5, _t2_with_idle_and_useful, tries=300)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    jack = p.hunt_circles()
    rows = hunt_rows(game.board, p.crossing_labels(), jack)
    assert [k for k, _, _ in rows] == [k for k, _ in p.crossing_labels()]
    panel = Text.from_markup(p.choices_text()).plain
    assert "most of his paths" not in panel
    listed = [k for k, _, near in rows if near]
    line = p.keys_hint()
    shown = [m.group(1) for m in re.finditer(r"(?:^|, |: )([a-zA-Z]) \d", line)]
    assert shown == listed[: len(shown)] and shown, line
    p.notebook_odds = True
    assert "most of his paths first" in Text.from_markup(p.choices_text()).plain


def test_t2_the_map_draws_a_crossing_beside_no_circle_of_jacks_dim():
    """At a glance (G2, H2: "Mark ... the crossings reachable this move on
    the map itself"): a crossing offered beside none of the circles where
    Jack can be is drawn in its own dim style, the others bright; the two
    styles never coincide, and the legend names the dim one."""
    game = first_game_where(5, _t2_with_idle_and_useful, tries=300)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    marks, texts = marks_for(view, targets=[o for o in p.node_options()], labels=p.map_labels())
    p.placing_marks(marks, texts)
    idle = set(p.idle_crossings())
    for _, x in p.crossing_labels():
        assert marks[x] == ("target-idle" if x in idle else "target"), x
    styles = mapstyle.MAP_STYLES
    assert styles["target-idle"] != styles["target"]
    assert "bold" in styles["target"] and "bold" not in styles["target-idle"]  # without colour
    legend = Text.from_markup(mapstyle.legend_markup(120, tags={"target-idle"})).plain
    assert "beside no circle where Jack can be" in legend


def _t1_with_reach(g) -> bool:
    """T1, a step: some circle offered has no policeman beside it but one
    who could move beside it."""
    if g.phase != Phase.ESCAPE or g.to_act != JACK:
        return False
    view = g.view(JACK)
    steps = {a.circle for a in g.legal_actions() if isinstance(a, Step)}
    return any(
        sentences.reach_police(view, g.board, c) and not sentences.beside_police(view, g.board, c)
        for c in steps
    )


def test_t1_jacks_warnings_name_the_policemen_who_can_reach_a_circle():
    """G2: "Jack's warnings only look at where policemen stand now ...
    120 had no warning and was marked 'nearest home' ... Yellow arrested at
    120".  A circle a policeman can stand beside after his next move (T2:
    two crossings) is named with him, "a policeman can reach: 120
    (Yellow)"; one beside a policeman now keeps "beside"."""
    game = first_game_where(5, _t1_with_reach, tries=300)
    view = game.view(JACK)
    p = picking_for(view, game.board)
    p.pick("step")
    assert p.ends_on()
    reach = [c for c in p.circle_options() if p.in_reach(c)]
    assert reach
    c = reach[0]
    who = sentences.reach_police(view, game.board, int(c))
    line = p.keys_hint()
    named = sentences.and_list(sentences.name(w) for w in who)
    if p.circle_labels():  # a few circles, each on a letter, flagged there
        assert f"{c} (in reach of {named})" in line, line
    else:
        assert "in reach of police: " in line, line
        assert f"{c} ({'·'.join(sentences.name(w) for w in who)})" in line, line
    assert f"in reach of {named}" in p.flagged(c, home=True)
    # each named could truly stand beside it after one move (T2)
    for colour in who:
        near = game.board.police_within_two(view.police[colour])
        assert any(int(c) in game.board.direct_circles(x) for x in near)
        assert int(c) not in game.board.direct_circles(view.police[colour])


def test_t2_a_keys_line_too_short_for_one_entry_sends_the_player_to_the_side_panel():
    """J2 (round 18): "letter on the map → circles beside it where Jack can
    be:  … (all listed on the right)", nothing before the "…".  Where not
    one whole entry fits, the line says where the list is, and the side
    panel has it."""
    game = first_game_where(5, _t2_with_idle_and_useful, tries=300)
    p = picking_for(game.view(POLICE), game.board)
    assert hunt_list(game.board, p.crossing_labels(), p.hunt_circles(), 3) == "…"
    told = set()
    for room in range(60, 260, 3):
        line = p.keys_hint(room=room)
        assert ":  …" not in line and ": …" not in line, (room, line)
        if HUNT_INTRO in line:  # an entry follows: a letter, its circles or "none"
            assert re.match(r"[a-zA-Z] (\d|[a-zA-Z ]*: none)", line.split(HUNT_INTRO)[1]), line
            told.add("list")
        elif HUNT_ON_THE_RIGHT in line:
            assert p.cut
            told.add("right")
    assert "list" in told
