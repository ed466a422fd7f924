"""Round 4 of the play-tests (issue 43), the screen's leftovers: the legend
(F3) at 200×60 beside the whole 1888 board, not over its rows; the choice
buttons at 80×24, every label whole and no offered choice dropped unseen
("+N more"); the map on Jack's circle and his moves on his turn (T1), on
his screen only (§9)."""

from __future__ import annotations

import re

from rich.text import Text

import settle
from test_lfw_display import app_for, find_game, region_text, shown
from whitechapel.core.chance import Chance
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui.choosing import node_of
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.picking import picking_for
from whitechapel.lfw.ui.screen import MORE, LfwScreen
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.text import TextPanel

BUTTON_80 = 10  # cells a choice button has at 80 columns (7 of them)


def numbers(app, m: MapView) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", region_text(app, m))}


def in_sight(m: MapView, node) -> bool:
    """Is the node's whole label inside the map's visible region?"""
    lab = m.canvas.labels[node]
    r = m.scrollable_content_region
    x, y = lab.x0 - int(m.scroll_x), lab.y - int(m.scroll_y)
    return x >= 0 and lab.x1 - int(m.scroll_x) < r.width and 0 <= y < r.height


# -- 1. the legend (F3) beside the whole board -------------------------------------------------


async def test_f3_at_200x60_keeps_every_1888_circle_whole_and_shows_all_the_legend(tmp_path):
    game = find_game(lambda g: g.night == 1 and g.phase == "hunt", board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await shown(app, screen, pilot)
        m = screen.query_one(MapView)
        assert numbers(app, m) == set(range(1, 196))
        await settle.press(pilot, "f3")
        await settle.settle(pilot)
        # The board keeps its rows: every circle's number whole, nothing to scroll.
        assert numbers(app, m) == set(range(1, 196))
        assert (m.max_scroll_x, m.max_scroll_y) == (0, 0)
        # The legend is in the side column, every one of its lines in sight.
        panel = screen.query_one("#side_legend", TextPanel)
        lines = Text.from_markup(panel.markup).wrap(app.console, panel.size.width)
        assert len(lines) > 5
        shown_text = region_text(app, panel)
        for line in lines:
            assert line.plain.strip() in shown_text, line.plain
        # F3 again: the notebook back in its place.
        await settle.press(pilot, "f3")
        assert screen.query_one("#notes").display and not panel.display


async def test_f3_at_80x24_and_120x40_shows_the_legend_under_the_map(tmp_path):
    game = find_game(lambda g: g.night == 1 and g.phase == "hunt", board=None)
    for size in ((80, 24), (120, 40)):
        app, screen = app_for(game, tmp_path)
        async with app.run_test(size=size) as pilot:
            await shown(app, screen, pilot)
            await settle.press(pilot, "f3")
            await settle.settle(pilot)
            legend = screen.query_one("#legend", TextPanel)
            assert legend.display and legend.region.height >= 3, size
            first = Text.from_markup(legend.markup).wrap(app.console, legend.size.width)[0]
            assert first.plain.strip() in region_text(app, legend), size


# -- 2. the choice buttons at 80×24 ----------------------------------------------------------


def pages(p, room: int, width: int) -> list[list[tuple[str, str]]]:
    """Every page of buttons "+N more" shows, from the first on."""
    out, start = [], 0
    while True:
        specs = p.choice_specs(room, width, start)
        out.append(specs)
        more = [w for _, w in specs if w.startswith(MORE)]
        if not more:
            return out
        start = int(more[0].removeprefix(MORE))
        if start == 0 or len(out) > 20:
            return out


def test_every_phase_s_buttons_fit_80_columns_and_none_is_dropped():
    """H1, H2, H3, the kill, T1 (moves, the hideout's "home"/"through"),
    T2, T3, over random games on the 1888 board: each label fits a button
    at 80 columns, and every choice is on a button of some page."""
    seen: set[str] = set()
    for seed in range(3):
        chance = Chance(seed)
        game = find_game(lambda g: True, board=None, seeds=[seed])
        while game.outcome is None and len(game.history) < 160:
            side = game.to_act
            p = picking_for(game.view(side), game.board)
            full = {w for _, w in p.choice_specs(99)}
            got = pages(p, LfwScreen.CHOICES, BUTTON_80)
            for page in got:
                assert len(page) <= LfwScreen.CHOICES
                for label, _ in page:
                    assert len(label) <= BUTTON_80, (game.phase, label)
            assert full <= {w for page in got for _, w in page}, game.phase
            seen.add(str(game.phase))
            game.apply(game.random_action(chance))
    assert {"hideout", "women", "patrols", "escape", "hunt"} <= seen


def button_words(screen) -> dict[str, str]:
    return {b.label: b.choice for b in screen.query(Choice) if b.choice}


async def test_at_80x24_the_women_s_buttons_are_whole_and_more_shows_the_rest(tmp_path):
    """H2 on the 1888 board: 8 red circles, 7 buttons.  Before, "j 149"
    and "k 158" had no button and nothing said so."""
    game = find_game(lambda g: g.phase == "women", board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(app, screen, pilot)
        await settle.settle(pilot)
        offered = {v for _, v in screen.picking.circle_labels()}
        assert len(offered) > 5
        first = button_words(screen)
        more = [label for label, w in first.items() if w.startswith(MORE)]
        assert more and more[0].startswith("+"), first
        words = set(first.values())
        button = next(b for b in screen.query(Choice) if b.choice.startswith(MORE))
        await pilot.click(button)
        await settle.settle(pilot)
        words |= set(button_words(screen).values())
        assert offered <= words
        rows = region_text(app, screen.query_one("#choices"))
        assert "…" not in rows
        for label in button_words(screen):
            assert label in rows
        # Every woman placed: the confirm button whole too (was "Enter: pl…").
        for _ in range(5):
            await settle.press(pilot, "tab", "enter")
        while not screen.picking.placed_all():
            await settle.press(pilot, "tab", "enter")
        await settle.settle(pilot)
        rows = region_text(app, screen.query_one("#choices"))
        assert "…" not in rows and "*done" in button_words(screen).values()


# -- 3. the map on Jack on his turn (T1), at 80×24 -------------------------------------------


async def test_at_80x24_jack_s_map_opens_on_his_circle_and_his_moves(tmp_path):
    def far(g) -> bool:
        jack = g.view(JACK).jack
        if g.phase != "escape" or g.to_act != JACK or jack is None or jack.position is None:
            return False
        x, y = g.board.pos[jack.position]
        return x > 60 and y > 20  # away from the top left, where a map opens

    game = find_game(far, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(app, screen, pilot)
        await settle.settle(pilot)
        assert screen.holder == JACK
        m = screen.query_one(MapView)
        where = screen.current_view().jack.position
        assert in_sight(m, where)
        await settle.press(pilot, "1")  # a walk: his targets
        await settle.settle(pilot)
        assert in_sight(m, where)
        targets = [node_of(o) for o in screen.picking.node_options()]
        assert targets and any(in_sight(m, t) for t in targets)


async def test_at_80x24_the_police_map_follows_the_acting_policeman_not_jack(tmp_path):
    """§9: the police's map is placed from their view alone."""
    game = find_game(lambda g: g.phase == "hunt" and g.to_act == POLICE, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(app, screen, pilot)
        await settle.settle(pilot)
        assert screen.holder == POLICE
        view = screen.current_view()
        assert view.jack is None or view.jack.position is None
        m = screen.query_one(MapView)
        assert in_sight(m, view.police[view.acting_colour])
