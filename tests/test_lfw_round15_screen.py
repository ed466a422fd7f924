"""Round 15's findings on the hot-seat screen (issue 43; play-testers C2
and D2, docs/playtests/2026-12-05-lfw-round15-*.md)."""

from __future__ import annotations

from rich.text import Text

from lfw_app_play import first_game_where
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui import jackturn
from whitechapel.lfw.ui.picking import picking_for


def test_t1_the_sheet_says_when_the_way_home_counts_a_tokens_spaces():
    """C2: "At 160: 'Your hideout: 63 · 3 moves away', and stepping to a
    'nearest home' circle says '(then 3 moves)'": the way home around the
    police took a coach (two spaces), so no step shortened it.  The sheet
    names the way: "3 spaces home: coach+walk"."""

    def by_token(g) -> bool:
        if g.phase != Phase.ESCAPE or g.to_act != JACK:
            return False
        view = g.view(JACK)
        here = view.jack.position
        if here is None or here == view.jack.hideout:
            return False
        route = jackturn.home_route(view, g.board, here)
        return route is not None and route[0] != "walk"

    game = first_game_where(5, by_token, tries=300)
    view = game.view(JACK)
    here = view.jack.position
    route = jackturn.home_route(view, game.board, here)
    now = jackturn.home_now(view, game.board, here)
    sheet = Text.from_markup(jackturn.jack_text(view, game.board)).plain
    assert f"{now} spaces home: {'+'.join(route)}" in sheet, sheet
    assert route[-1] == "walk"  # only a walk announces (T1)
    assert now == sum(jackturn.SPACES[k] for k in route)
    # and no step offered reaches home in fewer spaces than the way named
    p = picking_for(view, game.board)
    steps = [n for c in p.circle_options() if (n := p.moves_home(c)) is not None]
    assert not steps or min(steps) + 1 >= now


def test_t3_a_search_ending_on_the_crime_scene_is_not_news():
    """C2: "The police's forced search of the crime scene shows as 'Brown
    searched 43, 3: a clue on 3!'. It is the night's own crime scene, not
    new information." The news says the clue was there already; a clue
    found on a circle nobody knew of is still news."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import computer

    def on_crime_scene(g) -> bool:
        log = g.view(POLICE).log
        if not log or log[-1].event != "search" or not log[-1].clue:
            return False
        return log[-1].circle in computer.known_clues(log, len(log) - 1)

    game = first_game_where(5, on_crime_scene, tries=400)
    for side in (POLICE, JACK):
        log = game.view(side).log
        circle = log[-1].circle
        said = computer.results_line(log)
        assert f"the clue already on {circle}" in said, said
        assert f"a clue on {circle}!" not in said, said
    news = computer.played_lines(log[-1:])  # nothing known: a clue is news
    assert f"a clue on {circle}!" in news[0]
