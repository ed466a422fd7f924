"""The street inspector (key `/`, lfw/ui/streets.py): testers I3 and J3
(round 32, docs/playtests/2026-12-06-lfw-round32-*.md) could not read the
1888 board by eye; J3 sealed hideout 106 from two sides and missed the
street leaving it upwards.  A circle's streets, the crossings on them and
the circles a walk on them reaches (T1) are lit, and said in words."""

from __future__ import annotations

import pytest

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.ui import streets
from whitechapel.lfw.ui.mapstyle import MAP_STYLES
from whitechapel.lfw.ui.mapview import MapView


@pytest.fixture(scope="module")
def board():
    return load_board("1888")


def _touching(board, circle: int) -> list[frozenset]:
    return [frozenset((circle, n)) for n in board.graph[circle]]


def test_t1_every_street_out_of_106_is_lit_up_to_the_circles_a_walk_reaches(board):
    found = streets.streets_of(board, 106)
    assert set(found.near) == set(board.jack_adjacent(106))
    full = cv.build_canvas(board)
    lit = cv.overlay(full, streets.node_marks(found), {}, streets.street_marks(found))
    for piece in _touching(board, 106):  # J3's missed `│` above 106 among them
        cells = full.streets[piece]
        assert cells and all(lit.tags[y][x] == streets.STREET for x, y in cells), piece
    for n in found.near:
        assert {lit.tags[y][x] for x, y in full.label_cells(n)} == {streets.NEAR}
    assert {lit.tags[y][x] for x, y in full.label_cells(106)} == {streets.CIRCLE}
    # a street of a circle a walk from 106 does not reach stays unlit
    far = next(c for c in board.circles if c != 106 and c not in found.near)
    other = next(p for p in _touching(board, far) if p not in found.segments)
    assert all(lit.tags[y][x] == cv.STREET for x, y in full.streets[other])


def test_t1_the_sentence_says_who_bars_which_walk_and_what_nobody_bars(board):
    circle = next(
        c
        for c in board.circles
        if any(isinstance(n, int) for n in board.graph[c])
        and any(isinstance(n, str) for n in board.graph[c])
    )
    found = streets.streets_of(board, circle)
    door = found.doors[0]
    said = streets.sentence(board, found, {"blue": door})
    barred = streets.barred_now(board, found, {"blue": door})
    assert barred and all(who == ["blue"] for who in barred.values())
    assert f"Blue bars the walk to {barred and min(barred)}" in said
    assert f"{found.bare[0]}" in said and "no policeman can bar it" in said
    assert "Blue on " in said
    free = streets.sentence(board, found, {})
    assert "bars" not in free and f"{circle}: a walk reaches" in free


def test_the_inspectors_marks_look_like_no_other_mark():
    """A lit street, its circles and crossings must not read as a choice,
    the notebook's possible circles or a patrol's yellow crossing."""
    own = {MAP_STYLES[t] for t in (streets.NEAR, streets.CIRCLE)}
    others = {
        MAP_STYLES[t]
        for t in ("target", "cursor", "possible", "woman", "clue", "crime", "hideout", "jack")
    }
    assert not own & others
    assert MAP_STYLES[streets.STREET] not in (MAP_STYLES[cv.STREET], MAP_STYLES[cv.YELLOW])


def _tags(screen, nodes) -> set[str]:
    m = screen.query_one(MapView)
    return {m._shown.tags[y][x] for n in nodes for x, y in m._shown.label_cells(n)}


async def test_slash_and_a_number_light_its_streets_enter_keeps_them_esc_unlights(tmp_path):
    import settle
    from lfw_app_play import game_app, prompt_text, raise_curtain
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.rulebook import POLICE

    game = LfwGame.new(5)
    app, screen = game_app(game, tmp_path)
    before = game.view(POLICE)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        shown = prompt_text(app)
        near = streets.streets_of(game.board, 106).near
        for key in ("slash", "1", "0", "6"):
            await settle.press(pilot, key)
        assert "106: a walk reaches" in prompt_text(app)
        assert _tags(screen, [106]) == {streets.CIRCLE}
        assert _tags(screen, near) == {streets.NEAR}
        await settle.press(pilot, "enter")
        assert prompt_text(app) == shown  # the game's own prompt again
        notes = " ".join(screen.query_one("#notes").render().plain.split())
        assert "Streets of 106" in notes and "a walk reaches" in notes
        assert _tags(screen, near) == {streets.NEAR}  # still lit
        await settle.press(pilot, "escape")
        assert not _tags(screen, [106, *near]) & {streets.CIRCLE, streets.NEAR}
        assert prompt_text(app) == shown
        # a number that is no circle: said, and nothing changes
        for key in ("slash", "9", "9", "9"):
            await settle.press(pilot, key)
        assert "There is no circle 999 on this board" in prompt_text(app)
        await settle.press(pilot, "enter")
        assert prompt_text(app) == shown
        assert game.view(POLICE) == before
