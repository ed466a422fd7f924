"""Round 44, tester G4 (docs/playtests/2026-12-07-lfw-round44-G4.md): "The
police-danger flags are not always there. Walking from 159, the list '(127
131 132 157 …); nearest home: 127 131 157' had no 'beside police' tag on
131, yet Yellow stood beside it."  Where Jack's keys line is cut, the
circles beside a policeman (or in reach of one) keep their flags: the
numbers and the rest give way first."""

from __future__ import annotations

import re

import pytest

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain, widget_text
from test_lfw_round19 import _crowded_step
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.ui.picking import Picking, picking_for

WIDE, NARROW = 190, 70  # a 200-column prompt's one row; 80×24 with the legend under the map


def _long_walk(g) -> bool:
    """T1, a step typed by number (too many circles for letters), one
    circle beside a policeman, a line too long for a 200-column row."""
    if g.phase != Phase.ESCAPE or g.to_act != JACK:
        return False
    p = picking_for(g.view(JACK), g.board)
    if "step" not in p.word_options():
        return False
    p.pick("step")
    if p.circle_labels() or not any(p.beside(c) for c in p.circle_options()):
        return False
    return len(p.keys_hint()) > 260 and bool(p.home_part())


def _stepping(find, seed: int = 1) -> tuple[object, Picking]:
    game = first_game_where(seed, find, tries=300)
    p = picking_for(game.view(JACK), game.board)
    p.pick("step")
    return game, p


def _listed(line: str, words: str) -> list[str]:
    """The circles a flag's list names on the line: "beside police: 90 113"."""
    found = re.search(rf"{words}: ([\d ]+)", line)
    return found.group(1).split() if found else []


@pytest.mark.parametrize("room", [WIDE, NARROW])
def test_t1_a_cut_walk_list_keeps_the_circles_beside_the_police_flagged(room):
    """The numbers are cut ("… +12 more"), the "beside police" flag stays,
    and at the wide room "in reach of police" and "nearest home" too."""
    _, p = _stepping(_long_walk)
    circles = p.circle_options()
    line = p.keys_hint(room=room)
    assert len(line) <= room, line
    assert re.search(r"… \+\d+ more", line), line
    beside = [c for c in circles if p.beside(c)]
    assert beside and _listed(line, "beside police") == beside, line
    if room == WIDE:
        near = [c for c in circles if c not in beside and p.in_reach(c)]
        assert _listed(line, "in reach of police") == near, line
        assert p.home_part() in line, line
    assert p.cut  # the side panel lists every circle with its notes


@pytest.mark.parametrize("room", [150, 100, NARROW])
def test_t1_a_cut_lettered_list_keeps_the_flags_too(room):
    """Five circles or fewer carry letters, each with its notes ("c: 54
    (beside Yellow)"); where the notes go for want of room, the flags stay,
    said short, and the circles nearest home with them."""
    _, p = _stepping(_crowded_step)
    line = p.keys_hint(room=room)
    assert len(line) <= room, line
    assert "(beside" not in line, line  # the notes went
    beside = [c for c in p.circle_options() if p.beside(c)]
    assert beside and _listed(line, "beside police") == beside, line
    assert p.home_part() in line, line


@pytest.mark.parametrize("size,legend", [((200, 60), False), ((80, 24), True)])
async def test_t1_the_screen_flags_every_circle_beside_the_police(tmp_path, size, legend):
    """On the screen: the prompt's keys line names each circle beside a
    policeman after "beside police:", and the side panel's list says who
    stands beside it ("90 (home in 7; beside Brown)")."""
    game, p = _stepping(_long_walk)
    beside = {c: p.beside(c) for c in p.circle_options() if p.beside(c)}
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        if legend:  # F3 under the map: the keys line has one row
            await settle.press(pilot, "f3")
        await settle.press(pilot, screen.picking.word_key(0, "step"))
        prompt = prompt_text(app)
        assert "Jack steps to" in prompt, prompt
        assert _listed(prompt, "beside police") == list(beside), prompt
        panels = widget_text(app).replace(prompt, "")
        for c, who in beside.items():
            said = f"beside {sentences.and_list(sentences.name(w) for w in who)}"
            assert re.search(rf"\b{c} \([^)]*{said}\)", panels), (c, said, panels)
