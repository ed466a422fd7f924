"""Round 34 of issue 43's blind play-tests (testers M3 and N3): what they
found, held by tests."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from lfw_app_play import first_game_where
from whitechapel.lfw.rulebook import COLOURS, POLICE
from whitechapel.lfw.ui import panels, placenames


def _too_long_for_searches(g, colour: str) -> bool:
    """No form of `colour`'s row with his name and "searches" fits the panel."""
    forms = panels.police_forms(g.view(POLICE), colour, g.board)
    return all(cell_len(Text.from_markup(f).plain) > panels.PANEL_WIDTH for f in forms)


def _someone_searches_four_long_numbers(g) -> bool:
    return any(_too_long_for_searches(g, c) for c in g.view(POLICE).police)


def test_t3_every_row_of_the_police_panel_names_its_policemans_colour():
    """N3: on night 4 the Chief's row read "Y searches 110 122 123 137",
    without the word "yellow" every other row had: a row too long for
    its letter and name keeps the name, "yellow searches 110 122 123 137"."""
    game = first_game_where(4, _someone_searches_four_long_numbers, tries=100)
    view = game.view(POLICE)
    text = panels.police_text(view, board=game.board, width=panels.PANEL_WIDTH)
    rows = Text.from_markup(text).plain.split("\n")[1:]
    assert len(rows) == len(COLOURS)
    for colour, row in zip(COLOURS, rows, strict=True):
        assert colour in row, (colour, rows)
        assert cell_len(row) <= panels.PANEL_WIDTH
    long = next(
        c
        for c, x in view.police.items()
        if len(panels._searches(placenames.touches(game.board, x))) >= 24
    )
    circles = " ".join(map(str, placenames.touches(game.board, view.police[long])))
    assert any(row.endswith(circles) for row in rows), rows


def _wretched_on_a_later_night(g) -> bool:
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.ui import wretched

    return g.phase == Phase.WRETCHED and g.night >= 2 and wretched.offered(g.view(POLICE))


def _far(board, odds: dict[int, float], walk: str) -> float:
    """How far a Wretched's walk ("wretched 3>15") ends from the hideouts,
    in Jack's moves (8 as far as any), their shares weighed."""
    target = int(walk.split(">")[-1])
    ways = {h: board.jack_distance(target, h) for h in odds}
    return sum(w * (8 if ways[h] is None else min(8, ways[h])) for h, w in odds.items())


def test_h6_key_0_walks_the_wretched_away_from_the_likely_hideouts():
    """N3: key 0 "walked another 149→54→40→41, straight into the area of
    Jack's likely hideout".  From night 2 it weighs the notebook's
    hideouts as the hard computer police do: where the two walks differ,
    the walk key 0 takes ends farther (in Jack's moves, the hideouts'
    shares weighed) from them; with the notebook off it is as before."""
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.ui import wretched

    differed = 0
    for seed in range(30, 60):
        game = first_game_where(seed, _wretched_on_a_later_night, tries=100)
        view = game.view(POLICE)
        nb = notebook(view, game.board)
        odds = wretched.likely_hideouts(nb)
        assert odds and abs(sum(odds.values()) - 1) < 1e-9
        near, away = wretched.step(view, game.board), wretched.step(view, game.board, nb)
        assert wretched.step(view, game.board, None) == near
        if near == away:
            continue
        differed += 1

        assert _far(game.board, odds, away) > _far(game.board, odds, near), (near, away)
    assert differed >= 2


async def test_h6_key_0_on_the_screen_walks_as_the_notebook_says(tmp_path):
    """The screen's key 0 sends the walk that weighs the hideouts (the
    police's own notebook), not the one that ignores them."""
    import settle
    from lfw_app_play import game_app, raise_curtain
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.ui import wretched

    for seed in range(30, 40):
        game = first_game_where(seed, _wretched_on_a_later_night, tries=100)
        view = game.view(POLICE)
        away = wretched.step(view, game.board, notebook(view, game.board))
        if away != wretched.step(view, game.board):
            break
    else:
        raise AssertionError("no Wretched whose walks differ")
    before = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert "away from his likely hideouts" in " ".join(
            app.screen.query_one("#prompt").render().plain.split()
        )
        await settle.press(pilot, "0", "0")  # H6's 0 asks first (tester G4, round 44)
        assert str(game.history[before]) == away


def _prompt_overflow(app, screen) -> int:
    """The rows the prompt's text needs beyond the rows its panel shows."""
    from whitechapel.lfw.ui.panels import untagged

    panel = app.screen.query_one("#prompt")
    text = untagged(placenames.in_words(screen.prompt_text(screen.current_view()), screen.board))
    rows = len(Text.from_markup(text).wrap(app.console, panel.content_size.width))
    return rows - panel.content_size.height


async def test_h3_the_later_nights_fakes_note_is_never_cut(tmp_path):
    """K3 and N3 (rounds 33, 34), at 200 columns: "… the last 2 fakes go on
    k … and m … by themselves (policemen ended there last" and cut there.
    The note was measured with its crossings' ids ("x83"), shown in words
    ("between 78 and 79"): measured as shown, the prompt holds it whole."""
    import settle
    from lfw_app_play import game_app, raise_curtain
    from test_lfw_round19_l2 import _later_patrols

    noted = 0
    for seed in (3, 4, 5, 6):
        game = first_game_where(seed, _later_patrols, tries=100)
        placement = game.view(POLICE).placement
        may = [x for x in placement.may if x not in placement.must]
        orders = ([may[0], *placement.must[:3]], [may[0], may[1], *placement.must[:2]])
        for i, order in enumerate(orders):
            app, screen = game_app(game.clone(), tmp_path / f"{seed}-{i}")
            async with app.run_test(size=(200, 60)) as pilot:
                await raise_curtain(pilot, screen)
                for crossing in order:
                    labels = screen.picking.labels()
                    letter = next((k for k, v in labels.items() if v == crossing), None)
                    if letter is None:
                        break
                    await settle.press(pilot, letter)
                    noted += "by themselves" in screen.prompt_text(screen.current_view())
                    assert _prompt_overflow(app, screen) <= 0, (seed, order)
    assert noted >= 2


async def test_t3_the_guided_nights_last_summary_says_enter_leads_to_what_next(
    tmp_path, monkeypatch
):
    """N3: "After 'Jack is arrested' there is no review and no 'next,
    try…'. Esc goes straight to the menu."  Where the guided night ends
    the game, its last summary says Enter leads to why and what next (the
    lesson's end), and Enter brings it."""
    import settle
    from snapshots import screen_text
    from test_lfw_round6_learn import BOARD, caught_on_night_1
    from whitechapel.app import WhitechapelApp
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.options import Options
    from whitechapel.lfw.rulebook import JACK
    from whitechapel.lfw.ui import learn
    from whitechapel.lfw.ui.bench import keys_for
    from whitechapel.lfw.ui.learn import GuidedScreen, LessonOverBox
    from whitechapel.lfw.ui.screen import LfwScreen
    from whitechapel.ui.source import LocalSource

    monkeypatch.setattr(LfwScreen, "PACE", 0.0)
    over = caught_on_night_1(POLICE)
    game = LfwGame(over.setup, Options(), BOARD)
    for action in over.history[:-1]:
        game.apply(action)
    assert game.to_act == POLICE and game.outcome is None
    players = {POLICE: learn.LEARNER, JACK: "computer:easy"}
    record = record_of(game, seed=1, players=players, settings=dict(learn.GUIDED_SETTINGS))
    screen = GuidedScreen(LocalSource(game, record, Store(tmp_path)), BOARD)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        while app.screen is not screen:  # the hint boxes of this decision
            await settle.press(pilot, "enter")
        await settle.press(pilot, *keys_for(game, str(over.history[-1])))
        assert game.outcome is not None
        assert "Press Enter to see why, and what to try next." in screen_text(app)
        await settle.press(pilot, "enter")
        assert isinstance(app.screen, LessonOverBox)


async def test_t1_jacks_prompt_says_no_step_where_every_street_is_barred(tmp_path):
    """O3 (round 35): "On one turn every street was blocked, and the prompt
    still read 'Move: step to a circle, take a coach…' although only
    '2 coach, 3 alley' were offered"."""
    from lfw_app_play import game_app, prompt_text, raise_curtain
    from whitechapel.lfw.actions import Coach, Step
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import JACK
    from whitechapel.lfw.ui.screen import NO_STEP

    def barred(g) -> bool:
        if g.phase != Phase.ESCAPE or g.to_act != JACK:
            return False
        moves = g.legal_actions()
        return not any(isinstance(a, Step) for a in moves) and any(
            isinstance(a, Coach) for a in moves
        )

    game = first_game_where(8, barred, tries=400)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        said = prompt_text(app)
        assert NO_STEP in said and "step to a circle" not in said, said
