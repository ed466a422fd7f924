"""Round 39's findings (issue 43; play-testers W3 and X3,
docs/playtests/2026-12-07-lfw-round39-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import pytest

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.marks import COLOUR_LETTERS
from whitechapel.lfw.ui.picking import crossing_letters, picking_for
from whitechapel.ui.widgets.text import Curtain


@pytest.mark.parametrize("board", ["1888", "tutorial"])
def test_h3_a_yellow_crossing_has_the_same_letter_in_the_patrols_as_in_the_hunt(board):
    """X3: "e was the crossing by 51/66/83 one moment, another crossing
    next to 60 the next": night 1's patrol markers lettered x103 `e`
    because x57 has its own letter `d` too, and in the hunt x103 was `d`.
    No two yellow crossings share a letter, so each keeps its own."""
    game = first_game_where(5, lambda g: g.phase == Phase.PATROLS and g.night == 1, board=board)
    p = picking_for(game.view(POLICE), game.board)
    labels = {v: k for k, v in p.labels().items()}
    own = crossing_letters(game.board)
    assert set(labels) == set(game.board.yellow)
    assert labels == {x: own[x] for x in labels}


def _t2_begins() -> LfwGame:
    """T2 as its first policeman is to move."""

    def stop(g: LfwGame) -> bool:
        if g.phase != Phase.HUNT:
            return False
        return g.acting_colour == sentences.police_order(g.view(POLICE))[0]

    return first_game_where(7, stop)


async def test_t2_ctrl_z_takes_back_this_turns_police_moves_in_a_game_played_for_real(tmp_path):
    """X3: pressing a later policeman's letter twice left the ones before
    him where they stood, "Esc does not bring them back", and ctrl+z
    worked only in the guided night.  In T2, until one searches or
    arrests, the police's moves of the turn tell Jack nothing: ctrl+z
    takes them back one by one, in a hot-seat game too."""
    game = _t2_begins()
    order = sentences.police_order(game.view(POLICE))
    where = dict(game.view(POLICE).police)
    n = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "ctrl+z")  # nothing of this turn yet: a sentence
        assert "Only this turn's police moves can be taken back, before any search" in prompt_text(
            app
        )
        assert len(screen.source.game.history) == n
        move = next(str(a) for a in game.legal_actions() if not str(a).endswith(" stay"))
        for key in keys_for(game, move):
            await settle.press(pilot, key)
        third = order[2]
        for _ in range(picking_for(game.view(POLICE), game.board).fold_presses(third)):
            await settle.press(pilot, COLOUR_LETTERS[third].lower())
        assert len(game.history) == n + 2 and game.acting_colour == third
        for back in (1, 2):
            await settle.press(pilot, "ctrl+z")
            assert len(screen.source.game.history) == n + 2 - back
        now = screen.source.game
        assert now.acting_colour == order[0] and dict(now.view(POLICE).police) == where
        await settle.press(pilot, "ctrl+z")  # his turn's first again: nothing more
        assert len(screen.source.game.history) == n


async def test_t3_ctrl_z_takes_back_nothing_once_the_police_act_on_circles(tmp_path):
    """A search tells the police where Jack has been: no take-back after
    it, and the sentence says why."""
    game = first_game_where(
        7, lambda g: g.phase == Phase.CLUES and g.view(POLICE).log[-1].event != "police_move"
    )
    n = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "ctrl+z")
        assert (
            "Only this turn's police moves can be taken back, before any search or arrest."
            in prompt_text(app)
        )
        assert len(screen.source.game.history) == n


def test_t3_a_search_left_one_circle_says_the_rule_that_makes_it_go_on():
    """Y3 (round 40) and X3: "no stop searching key: forced to search 30,
    a circle already known to hold a clue — 'The only choice: Brown
    searches 30'".  The rulebook's search goes on to the first clue or the
    last circle beside him; the forced line says so."""
    game = first_game_where(7, lambda g: g.phase == Phase.SEARCHING and len(g.legal_actions()) == 1)
    p = picking_for(game.view(POLICE), game.board)
    said = p.forced_text() or ""
    assert said.startswith("The only choice: "), said
    assert said.endswith(
        ": a search names every circle beside him until a clue is found, as in the box."
    ), said


async def test_the_command_palette_finds_the_keys_the_footer_shows(tmp_path):
    """Y3 (round 40): the command palette found nothing for "heat" or
    "note".  Each key the footer shows is a command there, under its
    words and key; choosing it does what the key does."""
    game = first_game_where(7, lambda g: g.phase == Phase.HUNT)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        commands = {c.title: c for c in app.get_system_commands(screen)}
        notebook = [t for t in commands if t.startswith("Notebook")]
        assert len(notebook) == 1 and notebook[0].endswith("(f6)"), sorted(commands)
        assert {"Help (f1)", "Overview (f2)", "Legend (f3)"} <= set(commands)
        before = screen.deduction_mode  # F6: possible circles, then the heat map
        await commands[notebook[0]].callback()
        await settle.settle(pilot)
        assert screen.deduction_mode != before


def test_h3_the_fakes_put_down_by_themselves_are_named_in_one_phrase():
    """Z3 (round 40): "the last 2 fakes went on the crossing between 3 and
    43 between 13 and 14": each crossing's id was put in words alone.
    The crossings are named together, as everywhere."""
    from whitechapel.lfw.ui.choosing import Placer

    game = first_game_where(3, lambda g: g.phase == Phase.PATROLS and g.night >= 2)
    p = picking_for(game.view(POLICE), game.board)
    c = p.chooser
    assert isinstance(c, Placer)
    while not p.placed_all():
        p.pick(str(c.options()[0]))
    c.filled = 2  # the last two put down by themselves, as where no others are left
    said = p.placed_note()
    assert said.startswith("Every marker is placed: the last 2 fakes went on the crossings "), said
    assert said.count("between") == 1 and "&" in said, said


def test_s1_the_hideouts_prompt_points_to_the_ways_in_on_the_right():
    """A4 (round 41): at 200×60 he never saw the circles counted by their
    ways in (the side panel's foot) and chose a hideout with two, which
    two policemen held from night 3 on.  The keys line points to the list
    (the guide's line above it keeps one row at 120 columns)."""
    game = first_game_where(3, lambda g: g.phase == Phase.HIDEOUT)
    from whitechapel.lfw.rulebook import JACK

    p = picking_for(game.view(JACK), game.board)
    hint = p.keys_hint(room=196)  # a 200-column prompt
    assert hint.startswith("type a number and Enter ("), hint
    assert " more, listed on the right by their ways in)" in hint, hint


async def test_t3_key_9_says_why_it_passed_a_policeman_beside_a_circle_jack_can_be_on(tmp_path):
    """B4 (round 41): "Blue stood next to 69, which the aid listed among
    the circles Jack can be on, yet the 9 key made him pass; the next turn
    the same key made him search it".  Every way Jack went passes such a
    circle, so a search there tells nothing: 9 passes him, and says so."""
    from lfw_app_play import press_for_all
    from whitechapel.lfw.ui import sweep

    def stop(g: LfwGame) -> bool:
        if g.phase != Phase.CLUES or g.to_act != POLICE:
            return False
        view = g.view(POLICE)
        played = sweep.step(view, g.board, view.acting_colour)
        return (
            played is not None
            and played.endswith(" pass")
            and bool(sweep.pass_reason(view, g.board))
        )

    game = first_game_where(5, stop, tries=20)
    why = sweep.pass_reason(game.view(POLICE), game.board)
    assert why.endswith("(a search there tells nothing: arrest there first, key 2)"), why
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        await press_for_all(pilot, app, "9")
        await settle.settle(pilot)
        said = " ".join(n.message for n in app._notifications)
        if screen.curtain_up:  # the turn is over: on the hand-over, no toast (round 44)
            said = " ".join(screen.query_one(Curtain).render().plain.split())
        assert why in said, said
