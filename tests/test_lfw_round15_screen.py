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
    names the way: "3 spaces home: coach + walk"."""

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
    way = jackturn.home_way(view, game.board, here)
    # where the first goes (A3); spaced, so a narrow panel wraps between moves (D4)
    words = " + ".join([f"{route[0]} (to {way[0][1]})", *route[1:]])
    assert f"{now} spaces home: {words}" in sheet, sheet
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


async def test_t2_key_0_mid_turn_asks_first_and_at_the_turns_start_too(tmp_path):
    """C2: "On night 2 of game 1 I pressed 0 meaning 'skip this one'. Brown
    and Red both stayed, and Esc did not bring them back ... The B/Y/N/R/G
    skip keys ask for a confirming second press, but 0 and 9 ... do not."
    Where some policemen have moved, 0 asks first (and says that 3 makes
    only this one stay); at the turn's start it asks too (L2, round 19: a
    0 typed ahead for the Wretched landed there)."""
    import settle
    from lfw_app_play import game_app, prompt_text, raise_curtain
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import sentences

    def mid_t2(g) -> bool:
        if g.phase != Phase.HUNT or g.to_act != POLICE:
            return False
        view = g.view(POLICE)
        order = sentences.police_order(view)
        later = sentences.still_to_act(view)
        return order.index(view.acting_colour) > 0 and len(later) >= 1

    game = first_game_where(5, mid_t2, tries=300)
    acting = game.acting_colour
    later = sentences.still_to_act(game.view(POLICE))
    n = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "0")
        asked = prompt_text(app)
        assert "0 again: yes" in asked and "3: only" in asked, asked
        assert len(game.history) == n  # nothing done yet
        await settle.press(pilot, "escape")
        assert len(game.history) == n and "0 again" not in prompt_text(app)
        await settle.press(pilot, "0", "0")
        played = [str(a) for a in game.history[n:]]
        assert played == [f"{c} stay" for c in (acting, *later)], played

    def first_t2(g) -> bool:
        if g.phase != Phase.HUNT or g.to_act != POLICE:
            return False
        view = g.view(POLICE)
        return sentences.police_order(view).index(view.acting_colour) == 0

    game = first_game_where(5, first_t2, tries=300)
    n = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "0")  # asked first there too (tester L2, round 19)
        assert len(game.history) == n and "0: everyone" in prompt_text(app)
        await settle.press(pilot, "0")
        assert len(game.history) - n == len(sentences.police_order(game.view(POLICE)))


async def test_the_legend_at_the_games_end_says_which_night_its_marks_are_of(tmp_path):
    """E2 (round 16): at the end of the game the legend read "clue tonight"
    and "path tonight" beside every night's path.  Once the game is over it
    names the night: the last night's clues and failed arrests, and the
    path of the night keys 1-4 show (key 0: every night)."""
    import settle
    from lfw_app_play import game_app, raise_curtain
    from whitechapel.core.chance import Chance
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.selfplay import homeward_action

    chance = Chance(5)
    game = LfwGame.new(5)
    while game.outcome is None:
        turn = homeward_action(game.clone(), chance) if game.to_act == JACK else None
        game.apply(turn or game.random_action(chance))
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        text = Text.from_markup(screen.legend_markup(200)).plain
        assert "tonight" not in text, text
        assert "path, every night" in text, text
        await settle.press(pilot, "1")
        text = Text.from_markup(screen.legend_markup(200)).plain
        assert "path, night 1" in text, text
    from whitechapel.lfw.ui.mapstyle import legend_markup

    assert "path tonight" in Text.from_markup(legend_markup(200)).plain  # during the game


def test_the_night_summary_says_the_police_know_the_hideout_when_one_circle_is_left():
    """H2 (round 17): "your hideout is one of 1 circle" on Jack's summary at
    the moment the police know it exactly."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import nightend

    game = first_game_where(5, lambda g: g.night == 2, tries=5)

    def said(side, n):
        return Text.from_markup(nightend.night_summary(game.view(side), 1, hideouts=n)).plain

    assert "they know your hideout" in said(JACK, 1) and "one of 1" not in said(JACK, 1)
    assert "the police know where Jack lives" in said(POLICE, 1)
    assert "your hideout is one of 9 circles" in said(JACK, 9)
    assert "Hideout candidates: 9 circles." in said(POLICE, 9)
