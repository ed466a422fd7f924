"""Round 30's findings (issue 43; play-testers E3 and F3,
docs/playtests/2026-12-06-lfw-round30-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import pytest

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.ui.placenames import WINDS, heading


@pytest.mark.parametrize("name", ["1888", "tutorial"])
def test_t2_heading_says_which_way_a_circle_lies_as_the_map_draws_it(name):
    """F3: "The 'nearest them: h (11 crossings)' hint has no direction":
    the way is the compass's, north the top of the map."""
    board = load_board(name)
    data = cv.map_data(board)
    x = data.crossings[len(data.crossings) // 2]
    for c in data.circles:
        dx, dy = c.x - x.x, c.y - x.y
        way = heading(board, x.id, c.n)
        assert way in WINDS
        if abs(dy) * 2 < abs(dx) / 3:  # well east or west of it
            assert way == ("east" if dx > 0 else "west"), (x.id, c.n, dx, dy)
        if abs(dx) < abs(dy) * 2 / 3:  # well above or below it
            assert way == ("north" if dy < 0 else "south"), (x.id, c.n, dx, dy)


def test_h6_a_wretched_move_that_is_the_only_move_says_why():
    """E3: '"The only choice: The Wretched on 82 moves to 65" gives no
    reason'."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.picking import WRETCHED_RULE, picking_for

    def alone(game) -> bool:
        return (
            game.phase == Phase.WRETCHED
            and game.to_act == POLICE
            and len(game.legal_actions()) == 1
        )

    game = first_game_where(3, alone, tries=300)
    said = picking_for(game.view(POLICE), game.board).forced_text()
    assert said is not None and said.startswith("The only choice: "), said
    assert f"the only circle left to her ({WRETCHED_RULE})" in said, said


def _t3_first(game):
    """The police's view and notebook where T3's first policeman acts and
    key 9 is offered; else None."""
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.picking import picking_for

    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return None
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    if not p.sweep_offered() or p.mid_turn():
        return None
    return view, notebook(view, game.board)


def _beside_and_t3(game, least: int = 1) -> bool:
    """T3's first policeman to act, and at least `least` policemen beside
    a circle where Jack can be."""
    from whitechapel.lfw.ui.placenames import touches

    found = _t3_first(game)
    if found is None:
        return False
    view, nb = found
    near = [x for x in view.police.values() if set(touches(game.board, x)) & set(nb.counts)]
    return len(near) >= least


def test_t3_key_9_asked_says_where_an_arrest_could_take_jack():
    """E3: "`9` = 'everyone searches (no arrest)' makes it easy to miss a
    winning arrest ... Blue searched and found a clue on 105 at the very
    moment Jack stood there".  9's question names the circles beside the
    policemen where Jack can be; with none, it says nothing of arrests."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import sentences
    from whitechapel.lfw.ui.picking import SWEEP, picking_for
    from whitechapel.lfw.ui.placenames import touches

    def beside(game) -> dict[str, list[int]]:
        view = game.view(POLICE)
        nb = notebook(view, game.board)
        return {
            c: [n for n in touches(game.board, x) if n in nb.counts] for c, x in view.police.items()
        }

    def t3(game) -> bool:
        if game.phase != Phase.CLUES or game.to_act != POLICE:
            return False
        p = picking_for(game.view(POLICE), game.board)
        return p.sweep_offered() and not p.mid_turn()

    game = first_game_where(5, lambda g: t3(g) and any(beside(g).values()), tries=300)
    asked = picking_for(game.view(POLICE), game.board).rest_question(SWEEP)
    colour, near = next((c, n) for c, n in beside(game).items() if n)
    assert f"by {sentences.name(colour)}" in asked, asked
    assert len(asked) <= 190, asked  # one row of the keys line beside the whole board (G3)
    assert all(str(n) in asked for n in near)
    assert "only an arrest takes him" in asked or "arrest: him" in asked

    game = first_game_where(5, lambda g: t3(g) and not any(beside(g).values()), tries=300)
    asked = picking_for(game.view(POLICE), game.board).rest_question(SWEEP)
    assert "arrest takes" not in asked and "Jack may be on" not in asked, asked


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_narrow_footer_keeps_f6_in_sight(tmp_path, size):
    """E3 and F3: "The key bar also loses F6 Notebook ... at this width":
    below 120 columns the footer leaves out Tab and Enter (F1 says them),
    and F6 is in sight on the police's screen."""
    import settle
    from snapshots import screen_text
    from test_lfw_snapshots import PLAYERS, played_until, screen_for
    from whitechapel.app import WhitechapelApp
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.setup import LfwSetup

    app = WhitechapelApp(start=LfwSetup(seed=7, map_name="tutorial", players=PLAYERS))
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        game = played_until(7, lambda g: g.phase == "hunt" and g.night == 1, board="1888")
        screen = screen_for(game, tmp_path)
        app.switch_screen(screen)
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert screen.holder == POLICE
        footer = screen_text(app).splitlines()[-1]
        # (round 44: the narrow footer names F6 by the notebook's mode)
        assert "f6 Circles●" in footer and "esc Back" in footer, footer
        assert "tab Next" not in footer, footer


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_h2_a_possible_circle_stands_apart_from_a_plain_one_without_colour_sense(dark):
    """F3: "Possible circles are shown by underline plus a lavender
    background, which is hard to see": the tint is far darker than a plain
    circle's chip (a difference of lightness, which reads without telling
    hues apart), and its number as readable."""
    from whitechapel.lfw.map import canvas as cv
    from whitechapel.lfw.ui import mapstyle

    def luminance(colour) -> float:
        def channel(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = colour.get_truecolor()
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    possible = mapstyle.parse_style(mapstyle.style_spec("possible", dark))
    plain = mapstyle.parse_style(mapstyle.style_spec(cv.CIRCLE, dark))
    assert possible.bold and possible.underline
    ground, ink = luminance(possible.bgcolor), luminance(possible.color)
    assert luminance(plain.bgcolor) - ground >= 0.4
    assert (max(ground, ink) + 0.05) / (min(ground, ink) + 0.05) >= 4.5  # WCAG AA


def test_t3_key_9_names_a_circle_beside_two_policemen_once():
    """J3 (round 32): "one confirmation counted a circle twice"."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.picking import SWEEP, picking_for
    from whitechapel.lfw.ui.placenames import touches

    def shared(game) -> bool:
        found = _t3_first(game)
        if found is None:
            return False
        view, nb = found
        seen: list[int] = []
        for x in view.police.values():
            seen += [c for c in touches(game.board, x) if c in nb.counts]
        return len(seen) != len(set(seen))

    game = first_game_where(5, shared, tries=600)
    view = game.view(POLICE)
    asked = picking_for(view, game.board).rest_question(SWEEP)
    nb = notebook(view, game.board)
    circles = {c for x in view.police.values() for c in touches(game.board, x) if c in nb.counts}
    # the fullest form that fits one row (K3, round 33): the count said
    # where there is room, every circle named once in any form
    if " circles)" in asked:
        assert f"({len(circles)} of his {len(nb.counts)} circles)" in asked, asked
    listed = asked.split("Jack may be on ")[1].split(" (")[0].split(":")[0]
    numbers = [int(w) for w in listed.replace(";", " ").replace(",", " ").split() if w.isdigit()]
    assert len(numbers) == len(set(numbers)) == len(circles), asked
