"""Rounds 9 and 11 of issue 43's play-tests: placing tokens all over the
board in a small window (tester O, round 8: "at 80×24 the police place
patrols nearly blind", one yellow crossing of seven in sight; tester S,
round 10: the overview opened for it instead was unreadable)."""

from __future__ import annotations

import settle
from lfw_app_play import game_app, raise_curtain, widget_text
from test_lfw_display import find_game
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.choosing import node_of
from whitechapel.lfw.ui.mapview import MapView


def night_1_patrols():
    """Night 1's H3 on the 1888 board: seven yellow crossings, the board over."""
    return find_game(lambda g: g.phase == "patrols" and g.night == 1, board=None)


def in_sight(screen) -> list:
    m = screen.query_one(MapView)
    return [v for v in (node_of(o) for o in screen.picking.node_options()) if m.in_sight(v)]


async def test_h3_at_80x24_the_patrols_go_down_on_the_map_most_places_in_sight(tmp_path):
    """At 80×24 the map, streets and numbers, with as many yellow crossings
    as the window holds together, each with its letter; the prompt says Tab
    brings each other one into sight (tester S, round 10: the overview
    opened for the placement was "an unreadable dot overview")."""
    game = night_1_patrols()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        assert not m.overview
        targets = [node_of(o) for o in screen.picking.node_options()]
        assert len(targets) == 7
        seen = in_sight(screen)
        assert len(seen) >= 2  # the most that fit together at this size
        for v in seen:  # each with its letter on the map
            drawn = "".join(m.canvas.chars[y][x] for x, y in m.canvas.label_cells(v))
            assert screen.picking.map_labels()[v] in drawn
        assert "Tab: the next on the map, F2: all." in widget_text(app)
        for _ in targets:  # Tab: each place in sight in turn
            await settle.press(pilot, "tab")
            hi = screen.picking.highlighted()
            assert hi is not None and m.in_sight(node_of(hi))


async def test_h3_the_window_that_holds_the_most_places_is_the_one_shown(tmp_path):
    """Of the windows around each yellow crossing, the map shows one with
    the most of them in sight (not the first crossing's, wherever it is)."""
    game = night_1_patrols()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        shown = len(in_sight(screen))
        targets = [node_of(o) for o in screen.picking.node_options()]
        for v in targets:
            m.centre_on_first([v], targets)
            await settle.settle(pilot)
            assert len(in_sight(screen)) <= shown


async def test_h3_where_the_map_shows_every_yellow_crossing_it_says_nothing_of_tab(tmp_path):
    game = night_1_patrols()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        assert not screen.query_one(MapView).overview
        assert len(in_sight(screen)) == 7
        assert "Tab: the next on the map" not in widget_text(app)


async def test_h3_f2_shows_every_place_and_the_overview_stays_while_markers_go_down(tmp_path):
    game = night_1_patrols()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        await settle.press(pilot, "f2")
        assert m.overview and len(in_sight(screen)) == 7
        assert "Tab: the next on the map" not in widget_text(app)
        first = keys_for(game, str(game.legal_actions()[0]))[0]
        await settle.press(pilot, first)  # one marker down
        await settle.settle(pilot)
        assert m.overview


def test_h2_a_circle_another_mark_holds_keeps_its_colour_and_takes_the_heat_bar():
    """Tester Q, round 9: the notebook named 29 and 42 likeliest, and the
    map drew no bar on them (they were searched earlier, and the searched
    mark won), while its strongest bars stood on less likely circles."""
    from whitechapel.lfw.ui import deduction

    marks = {29: "searched", 142: "clue-1", 7: "target"}
    texts = {7: " a "}  # a target's letter
    deduction.put_tint(marks, texts, {29: "heat-4", 142: "heat-3", 7: "heat-2", 12: "heat-1"})
    assert marks[29] == "searched" and texts[29] == "29█"
    assert marks[142] == "clue-1" and texts[142] == "142▆"  # drawn beside its number
    assert texts[7] == " a " and marks[7] == "target"  # a target's letter stays
    assert marks[12] == "heat-1" and texts[12] == "12▂"


async def test_t3_at_200x60_the_keys_line_fits_its_one_row(tmp_path):
    """Tester Q, round 9: where the whole board shows beside the panels the
    prompt has one row for its keys, and T3's line ended mid-sentence."""
    from lfw_app_play import prompt_text

    game = find_game(lambda g: g.phase == "clues" and g.night == 1, board=None)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.has_class("fits")
        room = screen.hint_room()
        line = screen.picking.keys_hint(room=room)
        assert room is not None and len(line) <= room, (len(line), room, line)
        assert "9 all search" in line and "3 pass" in prompt_text(app)


def test_t1_the_keys_line_names_the_circles_nearest_home():
    """Tester Q, round 9: Jack's sheet said "3 moves away" and nothing said
    which circle offered gets closer; he wasted two steps."""
    from whitechapel.lfw.rulebook import JACK
    from whitechapel.lfw.ui.jackturn import moves_home
    from whitechapel.lfw.ui.picking import picking_for

    def steps(g) -> bool:
        return (
            g.phase == "escape" and sum(str(a).startswith("step ") for a in g.legal_actions()) > 2
        )

    game = find_game(steps, board=None)
    p = picking_for(game.view(JACK), game.board)
    p.pick("step")
    view = game.view(JACK)
    hideout = view.jack.hideout
    need = {
        c: moves_home(game.board, int(c), hideout, view.alleys_left)
        for c in p.circle_options()
        if int(c) != hideout
    }
    best = min(n for n in need.values() if n is not None)
    nearest = [c for c, n in need.items() if n == best]
    line = p.keys_hint()
    assert f"nearest home: {' '.join(nearest)} (then {best} move" in line, line
    # and each circle's own count in the list on the right
    assert f"{nearest[0]} (home in {best}" in p.choices_text()


async def test_h6_at_80x24_the_wretched_to_move_and_her_places_are_on_the_map(tmp_path):
    """Tester T, round 10, at 80×24: the Chief moved a Wretched that was
    off the map.  Chosen by her letter, her places come into sight, wherever
    the map was."""
    from whitechapel.lfw.rulebook import POLICE

    def two_to_move(g) -> bool:  # two Wretched or more, one with places to choose
        if g.phase != "wretched" or g.to_act != POLICE:
            return False
        sources = [str(a).split()[1].split(">")[0] for a in g.legal_actions()]
        return len(set(sources)) >= 2 and max(sources.count(w) for w in sources) >= 2

    game = find_game(two_to_move, board=None)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        women = [node_of(o) for o in screen.picking.node_options()]
        assert women and m.in_sight(women[0])
        sources = [str(a).split()[1].split(">")[0] for a in game.legal_actions()]
        chosen = max(set(sources), key=sources.count)  # the one with the most places
        key = screen.picking.label_of(chosen)
        m.scroll_to(m.max_scroll_x, m.max_scroll_y, animate=False, force=True)  # looked away
        await settle.settle(pilot)
        await settle.press(pilot, key)
        places = [int(o) for o in screen.picking.options() if o.isdigit()]
        assert places and m.in_sight(places[0]), (chosen, places)


async def test_h5_at_80x24_jacks_map_holds_the_most_women_he_may_kill(tmp_path):
    """Tester A2, round 14, at 80×24: "Jack's map stays on the north-west
    corner while he turns a patrol marker or chooses a kill, though the
    markers and women are elsewhere."  At H5 (and H7) the map shows a
    window with the most of his targets in sight: none of the windows
    around each target holds more."""
    game = find_game(lambda g: g.phase == "kill" and g.night == 1, board=None)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        targets = list(game.view("jack").wretched)  # kill or wait: the Wretched in sight
        assert len(targets) >= 2

        def seen() -> int:
            return sum(m.in_sight(v) for v in targets)

        shown = seen()
        assert shown >= 1
        for v in targets:
            m.centre_on_first([v], targets)
            await settle.settle(pilot)
            assert seen() <= shown
