"""LfW play-test round 51 (testers U4 and V4): what they found, as a
player would notice it."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE


def _sweep_stops_where_a_clue_means_he_is_there(game) -> bool:
    """T3, the first policeman to act: key 9's actions, played out on a
    copy, reach a later policeman beside a circle where a clue could only
    mean that Jack stands there now, and nowhere a search of his tells
    more, though no arrest there is worth a stop of its own."""
    from whitechapel.lfw.ui import sentences
    from whitechapel.lfw.ui.bench import sweep_run

    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return False
    view = game.view(POLICE)
    if view.acting_colour != sentences.police_order(view)[0]:
        return False
    return "could only mean Jack is there now" in sweep_run(game)[1]


def test_t3_key_9_never_searches_where_a_clue_could_only_mean_jack_is_there():
    """U4: "twice [9] searched circles where a clue could only have meant
    'Jack is standing here', so an arrest was strictly better."  Key 9
    stops before such a policeman (he is still to act) and says where and
    with what chance; the policeman's search there could at best have
    found him, an arrest takes him (T3, T4)."""
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.ui import placenames, sweep
    from whitechapel.lfw.ui.bench import sweep_run
    from whitechapel.lfw.ui.picking import clue_odds

    game = first_game_where(51, _sweep_stops_where_a_clue_means_he_is_there, tries=300)
    played, why = sweep_run(game)
    for text in played:
        game.play(text)
    view = game.view(POLICE)
    assert view.phase.key == Phase.CLUES and view.acting_colour is not None
    assert why.startswith(f"9 stopped before {sweep.sentences.name(view.acting_colour)}: ")
    circle = int(why.split("a clue on ")[1].split()[0])
    # the engine's own facts: every path of tonight through that circle ends on it
    nb = notebook(view, game.board)
    share = nb.counts[circle] / sum(nb.counts.values())
    assert abs(clue_odds(view, game.board, [circle], nb)[circle] - share) < 1e-9
    assert circle in placenames.touches(game.board, view.police[view.acting_colour])
    assert f"({max(1, round(100 * share))} in 100 of his paths end there)" in why


async def test_t3_after_key_9_stopped_one_9_goes_on(tmp_path):
    """Key 9's stop says "9 again searches on": one 9 does (it asked
    twice, the notice already being the question)."""
    import settle
    from lfw_app_play import game_app, press_for_all, prompt_text, raise_curtain
    from test_lfw_round48 import _sweep_stops_for_an_arrest

    game = first_game_where(49, _sweep_stops_for_an_arrest, tries=300)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        await press_for_all(pilot, app, "9")
        stopped = screen.source.view(POLICE)
        assert "9 again searches on" in " ".join(prompt_text(app).split())
        await settle.press(pilot, "9")
        after = screen.source.view(POLICE)
        assert "9 again: yes" not in prompt_text(app)
        assert len(after.log) > len(stopped.log), prompt_text(app)


def test_the_guided_police_night_promises_an_alley_only_where_the_streets_let_him():
    """V4: the guided police night "says the teaching Jack shows 'his
    waits, a coach, an alley'. My Jack used no alley (4 walks and 1 coach)
    and went home."  The teaching Jack takes an alley only where one is
    legal and keeps home in reach: some guided nights have none, and the
    promise says so."""
    from test_lfw_round6_learn import SEEDS, night_one, night_one_events
    from whitechapel.lfw.ui import learn

    kinds = [[k for k, _ in night_one_events(night_one(s, "teaching", "easy"))] for s in SEEDS]
    assert any("alley" not in k for k in kinds)  # it happens: V4's night
    words = " ".join(dict((side, text) for side, _, text in learn.SIDE_CHOICES)[POLICE].split())
    assert "an alley where the streets let him" in words, words


async def test_a_lesson_opened_from_the_palette_mid_game_leaves_the_game_first(tmp_path):
    """V4: "Esc from the puzzle list went to the wrong lesson. It took me
    back into the earlier guided police game (night 2)": the palette's
    lessons (and new games, saved games) opened over the game, which
    stayed under them.  Now the game is left first, asked as "Back to the
    menu" asks (it is saved); Esc from the lesson is the menu."""
    import settle
    from lfw_app_play import game_app, raise_curtain
    from whitechapel.app import MenuScreen
    from whitechapel.lfw.ui.screen import LfwScreen
    from whitechapel.ui.screens.leave import LeaveScreen

    game = first_game_where(51, lambda g: g.night >= 2, tries=20)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        commands = {c.title: c for c in app.get_system_commands(screen)}
        commands["Learn Letters from Whitechapel: puzzles"].callback()
        await settle.settle(pilot)
        assert isinstance(app.screen, LeaveScreen)
        await settle.press(pilot, "escape")  # no: the game, as it was
        assert app.screen is screen
        commands["Learn Letters from Whitechapel: puzzles"].callback()
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # yes
        assert not any(isinstance(s, LfwScreen) for s in app.screen_stack)
        await settle.press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)


async def test_t3_key_9s_stop_is_never_cut_at_200_columns(tmp_path):
    """W4 (round 52): "At 200 columns the prompt line is cut off, not
    wrapped ... '… search: (a: 158 (clue known), c: 160); 1 search all, 2'
    ends at the edge ... always on the 9-stop lines."  The prompt's rows
    hold its whole text; where the stop's sentence and the keys do not fit
    one row, the sentence alone (the keys are on the buttons under it)."""
    from lfw_app_play import game_app, press_for_all, raise_curtain
    from test_lfw_round48 import _sweep_stops_for_an_arrest
    from whitechapel.ui.widgets.text import TextPanel

    game = first_game_where(49, _sweep_stops_for_an_arrest, tries=300)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await press_for_all(pilot, app, "9")
        prompt = screen.query_one("#prompt", TextPanel)
        assert "9 again searches on." in prompt.render().plain
        rows = screen.wrapped_rows(prompt.markup, prompt.size.width)
        assert rows <= prompt.size.height, (rows, prompt.size, prompt.render().plain)
