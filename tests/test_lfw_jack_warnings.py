"""Warnings before Jack gives himself away (tester Z, round 13, issue 43),
on the hot-seat screen as Jack sees it, before he commits.

- T1: a kind of move (step, coach, alley) after which the police's
  notebook would hold one or two circles is said on the prompt before he
  picks it, with what the other kinds would leave them; the numbers are
  the ones the police really get once the move is played (worked out here
  by playing it on a copy of the game and reading the police's notebook).
  Where every kind leaves them many circles, nothing is said.
- T1, a forced step (the only circle a step reaches): its line says the
  police will know he is there.
- N3 (rules §7): after the double kill the police move first, so on the
  kill prompt each Wretched a policeman-to-be could reach and arrest on
  (a marker or a policeman at most two crossings from a crossing beside
  her, T2 then T3) is flagged, and the question says it for the circle he
  would stand on.  On other nights Jack moves first: no such flag.
"""

from __future__ import annotations

import re

import pytest

import settle
from lfw_app_play import game_app, prompt_text, raise_curtain, widget_text
from snapshots import screen_text
from test_lfw_display import find_game
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import ALLEY, COACH, JACK, POLICE, STEP
from whitechapel.lfw.ui import exposure

BOARD = "whitechapel-1888"
WORDS = {STEP: "a step", COACH: "a coach", ALLEY: "an alley"}
BEFORE = "you could be arrested before you move"


def police_after(game: LfwGame, action: str) -> tuple[int, ...]:
    """The circles the police's notebook holds once `action` is played on
    a copy of the game: what they really get, read from their own view."""
    after = game.clone()
    after.apply(next(a for a in after.legal_actions() if str(a) == action))
    return notebook(after.view(POLICE), after.board).possible


def kinds(game: LfwGame) -> dict[str, str]:
    """T1: one action of each kind of move open to Jack (a step that
    announces the hideout left out: it ends the night)."""
    out: dict[str, str] = {}
    for a in map(str, game.legal_actions()):
        kind = a.split()[0]
        if kind in WORDS and not a.endswith("home"):
            out.setdefault(kind, a)
    return out


def truth(game: LfwGame) -> dict[str, tuple[int, ...]]:
    """Each kind open to Jack, with the circles the police would have."""
    return {k: police_after(game, a) for k, a in kinds(game).items()}


def whole(app) -> str:
    """The terminal as drawn, its words on one line (the prompt spans the
    width under the map at 80×24, so its wrapped rows read on)."""
    return " ".join(screen_text(app).split())


def _step_gives_him_away(game: LfwGame) -> bool:
    if game.phase != Phase.ESCAPE:
        return False
    found = truth(game)
    return (
        len(found.get(STEP, ())) == 1
        and len(found) > 1
        and all(len(c) > exposure.WARN_AT for k, c in found.items() if k != STEP)
    )


def _nothing_gives_him_away(game: LfwGame) -> bool:
    if game.phase != Phase.ESCAPE or game.night > 1:
        return False
    found = truth(game)
    return len(found) == 3 and all(len(c) > 2 * exposure.WARN_AT for c in found.values())


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_t1_a_step_that_leaves_the_police_one_circle_is_warned_of_before_the_choice(
    tmp_path, size
):
    game = find_game(_step_gives_him_away, board=BOARD)
    found = truth(game)
    (circle,) = found[STEP]
    played = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == JACK and game.phase == Phase.ESCAPE
        text = prompt_text(app)
        assert f"careful, a step: the police could tell you are on circle {circle}" in text, text
        others = [k for k in found if k != STEP]
        first = others[0]
        assert f"{WORDS[first]} leaves them {len(found[first])} circles" in text, text
        for k in others[1:]:
            assert f"{WORDS[k]} {len(found[k])}" in text, text
        # the keys line whole on the screen, the warning with it
        shown = whole(app)
        assert "1 step, 2 coach" in shown or "1 step, 3 alley" in shown, shown
        assert f"you are on circle {circle}" in shown, shown
        if size == (200, 60):  # Jack's sheet on the right says it by the move
            assert f"walk: space 1 · the police would know: {circle}" in widget_text(
                app
            ) or f"the police would know: {circle}" in widget_text(app)
        assert len(game.history) == played  # nothing played: it is said before


async def test_t1_where_every_kind_leaves_the_police_many_circles_nothing_is_said(tmp_path):
    game = find_game(_nothing_gives_him_away, board=BOARD)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        text = prompt_text(app)
        assert "1 step, 2 coach, 3 alley" in text, text
        assert "careful" not in text and "could tell" not in text, text
        assert "police would know" not in widget_text(app)


def _forced_step_gives_him_away(game: LfwGame) -> bool:
    if game.phase != Phase.ESCAPE:
        return False
    steps = [str(a) for a in game.legal_actions() if str(a).startswith("step ")]
    if len(steps) != 1 or steps[0].endswith("home"):
        return False
    found = truth(game)
    return len(found) > 1 and len(found[STEP]) == 1


async def test_t1_a_forced_step_says_the_police_will_know_where_he_is(tmp_path):
    game = find_game(_forced_step_gives_him_away, board=BOARD)
    step = kinds(game)[STEP]
    circle = step.split()[1]
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        played = len(game.history)
        await settle.press(pilot, "1")  # the step
        text = prompt_text(app)
        assert len(game.history) == played
        assert f"Jack steps to {circle}: the only circle a step reaches" in text, text
        assert (
            f"After it the police will know you are on {circle}" in text
            or "The police will know you are there." in text  # a long line: its short form
        ), text
        assert "Enter plays it" in whole(app)  # the keys line under it, not cut
        await settle.press(pilot, "enter")
        assert str(game.history[-1]) == step
        assert notebook(game.view(POLICE), game.board).possible == (int(circle),)


# -- N3: the police move first --------------------------------------------------------------


def in_reach(game: LfwGame, circle: int) -> bool:
    """Could a policeman-to-be arrest on `circle` before Jack moves: a
    patrol marker or policeman at most two police moves (T2) from a
    crossing beside the circle (T3)?  From the board, as a player counts."""
    view = game.view(JACK)
    starts = [m.crossing for m in view.patrol_markers if m.crossing]
    starts += [x for x in view.police.values() if x]
    board = game.board
    beside = [x for x in board.crossings if circle in board.direct_circles(x)]
    return any(
        (d := board.police_distance(s, x)) is not None and d <= 2 for s in starts for x in beside
    )


def _n3_near_and_far(game: LfwGame) -> bool:
    if game.phase != Phase.KILL or game.night != 3:
        return False
    near = [in_reach(game, w) for w in game.view(JACK).wretched]
    return any(near) and not all(near)


def word_key(screen, word: str) -> str:
    return str(screen.picking.word_options().index(word) + 1)


def letters(screen) -> dict[str, str]:
    """circle → its letter on the kill prompt."""
    return {v: k for k, v in screen.picking.circle_labels()}


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_n3_the_kill_flags_each_wretched_the_police_could_arrest_on_first(tmp_path, size):
    game = find_game(_n3_near_and_far, board=BOARD)
    wretched = game.view(JACK).wretched
    near = [w for w in wretched if in_reach(game, w)]
    far = [w for w in wretched if not in_reach(game, w)]
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        played = len(game.history)
        await settle.press(pilot, word_key(screen, "kill"))
        text = prompt_text(app)
        for w in near:  # "k: 158 (a face-down marker 1 crossing away)", "…, Red's marker too)"
            after = text.split(f"{w} (", 1)[-1]
            assert f"{w} (" in text and ("away)" in after or " too)" in after), (w, text)
        for w in far:
            assert f"{w} (" not in text, (w, text)
        # why, in full or (one row where the whole board shows) short
        assert "police move first" in text and "near your second victim" in text, text
        assert "arrest you" in text, text
        labels = letters(screen)
        # the far one first, the near one second: he would stand by the danger
        await settle.press(pilot, labels[str(far[0])])
        assert f"{near[0]} (" in prompt_text(app), prompt_text(app)
        await settle.press(pilot, labels[str(near[0])])
        asked = prompt_text(app)
        assert f"and stand on {near[0]}?" in asked, asked
        assert "The police move first:" in asked or "Police first:" in asked, asked
        assert re.search(rf"(from|beside) {near[0]} (could|may) arrest you", asked), asked
        if size[0] >= 200 and any(str(a) == "wait" for a in game.legal_actions()):
            # what he may do instead (T3, round 37: "I did not think of waiting")
            flat = " ".join(asked.split())
            assert "aiting instead moves the Wretched on" in flat or "waiting moves" in flat, asked
        assert "Enter (or 1 again) kills" in whole(app)
        # the other way round he stands where nothing reaches: no warning
        await settle.press(pilot, "escape")
        await settle.press(pilot, "escape")
        await settle.press(pilot, labels[str(near[0])])
        await settle.press(pilot, labels[str(far[0])])
        asked = prompt_text(app)
        assert f"and stand on {far[0]}?" in asked, asked
        assert "Careful" not in asked, asked
        await settle.press(pilot, "enter")
        assert len(game.history) == played + 1
        assert str(game.history[-1]) == f"kill {near[0]} {far[0]}"
        assert game.phase == Phase.HUNT  # and indeed the police move first (N3)


def _kill_in_reach_not_n3(game: LfwGame) -> bool:
    return (
        game.phase == Phase.KILL
        and game.night != 3
        and any(in_reach(game, w) for w in game.view(JACK).wretched)
    )


async def test_on_other_nights_jack_moves_first_and_no_kill_is_flagged(tmp_path):
    game = find_game(_kill_in_reach_not_n3, board=BOARD)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, word_key(screen, "kill"))
        near = next(w for w in game.view(JACK).wretched if in_reach(game, w))
        text = prompt_text(app)
        assert f"{near} (" not in text and "N3" not in text and "arrest" not in text, text
        await settle.press(pilot, letters(screen)[str(near)])
        asked = prompt_text(app)
        assert f"Kill the Wretched on {near}" in asked, asked
        assert "move first" not in asked and "could arrest" not in asked, asked


def test_the_warnings_are_jacks_alone_and_read_from_his_view():
    """Exposures exist only on Jack's view at his T1, and equal what the
    police get once a move of each kind is played."""
    game = find_game(_step_gives_him_away, board=BOARD)
    assert exposure.exposures(game.view(POLICE), game.board) == {}
    found = exposure.exposures(game.view(JACK), game.board)
    assert {k: e.circles for k, e in found.items()} == truth(game)
