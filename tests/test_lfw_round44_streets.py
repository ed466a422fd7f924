"""H4 (LfW round 44): "Make adjacency readable on the map while
deciding: light the streets and crossings each candidate letter or circle
touches, as / already does in words."  The streets the choice of the
moment touches are lit (`streets.choice_marks`), from the side's own
view."""

from __future__ import annotations

from lfw_app_play import first_game_where, game_app, raise_curtain
from test_lfw_round8_news import play
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import streets
from whitechapel.lfw.ui.mapview import MapView


def _beside(board, crossing: str) -> set[frozenset]:
    return {frozenset((crossing, n)) for n in board.graph[crossing] if isinstance(n, int)}


async def test_t2_each_crossing_offered_is_lit_to_the_circles_beside_it(tmp_path):
    game = first_game_where(3, lambda g: g.phase == Phase.HUNT, tries=50)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        lit = screen.query_one(MapView).lit
        offered = [o for o in screen.picking.node_options() if not str(o).isdigit()]
        assert offered
        want = set().union(*(_beside(game.board, str(x)) for x in offered))
        assert want and set(lit) == want
        assert set(lit.values()) == {streets.CHOICE}
        await pilot.press("f3")
        await pilot.pause()
        assert "lit: the choice's" in screen.legend_markup(180)


async def test_t3_the_acting_policemans_crossing_is_lit_to_the_circles_he_may_name(tmp_path):
    game = first_game_where(3, lambda g: g.phase == Phase.CLUES, tries=50)
    view = game.view(POLICE)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        crossing = view.police[view.acting_colour]
        assert set(screen.query_one(MapView).lit) == _beside(game.board, crossing)


async def test_t1_jacks_streets_are_lit_on_his_screen_and_nothing_on_the_polices(tmp_path):
    """Jack's circle is his secret: his streets are lit while he acts, on
    his screen; once the keyboard is the police's, nothing of his is."""
    game = first_game_where(3, lambda g: g.phase == Phase.ESCAPE, tries=50)
    here = game.view(JACK).jack.position
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        lit = set(screen.query_one(MapView).lit)
        assert lit == set(streets.streets_of(game.board, here).segments)
        step = next(str(a) for a in game.legal_actions() if str(a).startswith("step"))
        await play(pilot, screen, game, step)
        await raise_curtain(pilot, screen)
        assert game.to_act == POLICE and screen.holder == POLICE
        offered = [o for o in screen.picking.node_options() if not str(o).isdigit()]
        want = set().union(*(_beside(game.board, str(x)) for x in offered))
        assert set(screen.query_one(MapView).lit) == want


async def test_a_puzzles_map_shows_the_whole_board_on_f2_and_pans_with_shift_arrows():
    """H4: "In the puzzles the map cannot be panned, and F2 (overview) does
    nothing. At 80×24 puzzle 2's circle 13 sits at the edge, and I had to
    trust that the board ended there."  F2 shows the whole board (and back),
    Shift and an arrow pan, while the answer's line keeps its keys."""
    import settle
    from whitechapel.app import WhitechapelApp
    from whitechapel.lfw.ui.puzzles import PuzzleScreen

    app = WhitechapelApp(start=PuzzleScreen(2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        m = app.screen.query_one(MapView)
        x, y = m.scroll_x, m.scroll_y
        await settle.press(pilot, "shift+right", "shift+down")
        assert (m.scroll_x, m.scroll_y) != (x, y)
        await settle.press(pilot, "1")
        assert app.screen.query_one("#answer").value == "1"  # typing still answers
        await settle.press(pilot, "f2")
        assert m.overview
        await settle.press(pilot, "f2")
        assert not m.overview


async def test_pagedown_scrolls_a_long_hint_and_leaves_it_open(tmp_path):
    """H4: "At 80×24 the hint box covers the left half of the screen …
    PageDown closed it before I'd read the end."  PageDown and PageUp
    scroll the box's text; the box stays until Enter or Esc."""
    import settle
    from whitechapel.lfw import hints
    from whitechapel.lfw.ui.learn import HintBox

    game = first_game_where(7, lambda g: g.phase == Phase.HUNT, tries=50)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        long = " ".join(["A policeman moves up to two crossings."] * 40)
        app.push_screen(HintBox(hints.Hint("t", "T2", "A long hint", long, "Keys.")))
        await settle.settle(pilot)
        from textual.containers import Vertical

        box = app.screen.query_one(Vertical)
        assert box.max_scroll_y > 0
        await settle.press(pilot, "pagedown")
        assert isinstance(app.screen, HintBox) and box.scroll_y > 0
        await settle.press(pilot, "pageup")
        assert isinstance(app.screen, HintBox) and box.scroll_y == 0
        await settle.press(pilot, "enter")
        assert not isinstance(app.screen, HintBox)
