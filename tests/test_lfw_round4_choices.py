"""What play-tester G (issue 43, round 4) could not see: every choice of
the moment where the whole board shows, the circles Jack may step to, every
circle Jack can be on, and the tokens a night brings before it starts."""

from __future__ import annotations

import re

from rich.text import Text

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from snapshots import screen_text
from whitechapel.lfw.notebook import notebook as deduce
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import deduction, panels
from whitechapel.lfw.ui.picking import picking_for


def test_before_night_1_the_track_says_the_tokens_the_night_brings():
    game = first_game_where(3, lambda g: g.phase == Phase.HIDEOUT)
    lines = panels.track_text(game.view(JACK)).splitlines()
    assert "Night 1: 3 coaches · 2 alleys" in lines
    assert all(len(line) <= panels.PANEL_WIDTH for line in lines[3:])  # not cut (play-tester I)
    moved = first_game_where(3, lambda g: g.phase == Phase.HUNT and g.night == 1)
    assert "Coaches left" in panels.track_text(moved.view(POLICE))


def test_the_police_notebook_lists_every_circle_jack_can_be_on():
    def many(g):
        return g.to_act == POLICE and len(deduce(g.view(POLICE), g.board).counts) > 12

    game = first_game_where(4, many)
    nb = deduce(game.view(POLICE), game.board)
    text = Text.from_markup(deduction.deduction_text(nb)).plain
    assert deduction.runs(nb.possible) in text


def test_jacks_keys_line_lists_the_circles_he_may_step_to():
    def walking(g):
        if g.phase != Phase.ESCAPE or g.to_act != JACK:
            return False
        p = picking_for(g.view(JACK), g.board)
        return 5 < len(p.circle_options()) <= 10

    game = first_game_where(5, walking)
    p = picking_for(game.view(JACK), game.board)
    hint = p.keys_hint()
    assert f"({' '.join(p.circle_options())})" in hint, hint


async def test_at_200x60_the_side_panel_lists_every_crossing_with_its_circles(tmp_path):
    game = first_game_where(6, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    p = picking_for(game.view(POLICE), game.board)
    letters = [k for k, _ in p.crossing_labels()]
    assert len(letters) > 8  # more than the prompt's one row holds
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.has_class("fits")
        side = "\n".join(line.split("▏")[-1] for line in screen_text(app).splitlines())
        flat = " ".join(side.split())
        assert "Crossing letters → the circles beside each where Jack can be" in flat
        shown = set(re.findall(r"(?:^|\s)([a-zA-Z])→", flat))
        # the letters beside none of Jack's circles together (L2, round 19)
        if m := re.search(r"\b((?:[a-zA-Z] )*[a-zA-Z]): none", flat):
            shown |= set(m[1].split())
        assert set(letters) <= shown, (letters, flat)


async def test_h3_a_later_nights_last_crossings_left_are_filled_and_said(tmp_path):
    """H3 on night 2 on: where last night's crossings are all that is left
    for the fake markers, they go there at once and the prompt says why
    (play-tester G took the one crossing left for a bug; Y, round 13, had
    to type it)."""
    game = first_game_where(
        8, lambda g: g.phase == Phase.PATROLS and g.night >= 2 and g.to_act == POLICE
    )
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        for _ in range(5):  # the real markers, each on the last crossing offered
            p = screen.picking
            await settle.press(pilot, p.label_of(p.node_options()[-1]))
        assert screen.picking.placed_all()
        said = " ".join(prompt_text(app).split())
        assert "(the last 2 fakes on the only crossings left)" in said, said


def test_t3_search_all_names_circles_with_a_known_clue_last():
    """`1 search` (T3): a circle with tonight's clue or crime scene already
    known ends the search on what the police have; it comes last
    (play-tester H saw searches end at once on the crime scene)."""
    from whitechapel.lfw.actions import Search
    from whitechapel.lfw.legal import legal
    from whitechapel.lfw.ui.picking import clue_odds, search_order

    def beside_a_known_one(g):
        if g.phase != Phase.CLUES or g.to_act != POLICE:
            return False
        view = g.view(POLICE)
        known = {s.circle for s in view.crime_scenes if s.night == view.night} | set(view.clues)
        circles = [a.circle for a in legal(view) if isinstance(a, Search)]
        odds = clue_odds(view, g.board, circles)
        at = [i for i, c in enumerate(circles) if c in known]
        idle = [i for i, c in enumerate(circles) if c in odds and not 1e-12 < odds[c] < 1 - 1e-12]
        return bool(at and idle) and min(at) < max(idle)

    game = first_game_where(9, beside_a_known_one)
    view = game.view(POLICE)
    known = {s.circle for s in view.crime_scenes if s.night == view.night} | set(view.clues)
    order = search_order(view, game.board)
    tail = order[len(order) - len(set(order) & known) :]
    assert set(tail) == set(order) & known, (order, known)


async def test_t3_key_0_passes_the_last_policeman_too(tmp_path):
    """Key 0, "everyone still to act passes", takes the last one alone
    as well (play-tester I, round 5, had it refused)."""
    from whitechapel.lfw.ui import sentences

    def last_to_act(g):
        if g.phase != Phase.CLUES or g.to_act != POLICE:
            return False
        view = g.view(POLICE)
        return not sentences.still_to_act(view) and picking_for(view, g.board).idle_word() == "pass"

    game = first_game_where(10, last_to_act)
    colour = game.acting_colour
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        n = len(game.history)
        await settle.press(pilot, "0")  # asked first, the last one's too (tester G4, round 44)
        assert len(game.history) == n
        assert "0 again: yes" in " ".join(app.screen.query_one("#prompt").render().plain.split())
        await settle.press(pilot, "0")
        assert str(game.history[-1]) == f"{colour} pass"
