"""Jack's irreversible choices made safe (issue 43, round 8, play-tester P's
findings 1 and 2), on the hot-seat screen as a player sees it.

- H2 → H5: a red circle's letter when Jack places the women is the letter
  that kills there (P: `d` was 7 at H2 and 13 at the kill; he killed on 13),
  also after the Chief moved the Wretched (H6) and on night 2 and later.
- H5: the kill is asked before it is played: one key names the woman,
  Enter kills, Esc takes the choice back; the question says what stands
  beside her circle (a patrol marker; a policeman), and nothing where
  nothing does.
- T1: a step's circles beside a policeman are marked, and a step that is
  the only one a step can take says so, with the coach / alley still open
  and the policeman beside it (P: "the only place left" walked him into an
  arrest).
"""

from __future__ import annotations

import re

import pytest

import settle
from lfw_app_play import SEEDED_1888, LfwDriver, game_app, prompt_text, raise_curtain, widget_text
from test_lfw_display import find_game
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.picking import ALL_LABELS, picking_for

LETTERED = re.compile(r"\b([a-zA-Z]): (\d+)")  # "d: 7" in the keys line
# "18 (Brown)", "18 (beside Brown)", the side panel's "18 (home in 1; beside Brown)"
FLAGGED = re.compile(r"\b(\d+) \((?:[^)]*; )?(?:beside )?([A-Z][^)]*)\)")


def letters_in(text: str) -> dict[str, str]:
    """The keys line's letters: letter → circle."""
    return dict(LETTERED.findall(text))


def at_kill(game: LfwGame) -> bool:
    return game.phase == Phase.KILL


def near(game: LfwGame, circle: int) -> bool:
    """Does a patrol marker or a policeman stand beside `circle` (computed
    here from the board, as a player counting crossings would)?"""
    crossings = [m.crossing for m in game.view(JACK).patrol_markers if m.crossing]
    crossings += [x for x in game.view(JACK).police.values() if x]
    return any(circle in game.board.direct_circles(x) for x in crossings)


def word_key(screen, word: str) -> str:
    """The digit of a word on the screen's choice of the moment."""
    return str(screen.picking.word_options().index(word) + 1)


# -- H2 → H5: one letter, one circle ----------------------------------------------------------


async def test_h2_h5_the_letter_that_placed_a_woman_kills_on_her_circle(tmp_path):
    """Night 1 on the tutorial board, through the screen: the letters of
    the women's placement (H2) and of the kill (H5) name the same circles,
    and the letter the tester pressed kills where H2 had it."""
    game = find_game(lambda g: g.phase == Phase.WOMEN)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        placing = letters_in(prompt_text(app))
        assert len(placing) == len(game.board.red), prompt_text(app)
        driver = LfwDriver(pilot, screen, seed=3)
        while not (game.phase == Phase.KILL and screen.holder == JACK and not screen.curtain_up):
            if screen.curtain_up:
                await driver.pass_handover()
            else:
                await driver.play_action(driver.next_action())
        await settle.press(pilot, word_key(screen, "kill"))
        killing = letters_in(prompt_text(app))
        assert killing, prompt_text(app)
        for letter, circle in killing.items():
            assert placing[letter] == circle, (letter, placing, killing)
        letter, circle = sorted(killing.items())[-1]
        await settle.press(pilot, letter)
        await settle.press(pilot, "enter")
        assert str(game.history[-1]) == f"kill {circle}"


def test_h5_after_h6_and_on_later_nights_each_woman_keeps_her_h2_letter():
    """The Wretched the Chief moved (H6) keep the letters of the red
    circles they stood on at H4; on nights 2 and later the free red circles
    keep the letters they had on night 1 (a crime scene's is left unused)."""
    moved = find_game(
        lambda g: (
            g.phase == Phase.KILL
            and len(g.view(JACK).wretched) > 1
            and any(e[0] == "wretched_move" and e[1] == g.night for e in g.events)
        ),
        board=SEEDED_1888,
    )
    view = moved.view(JACK)
    red = sorted(moved.board.red)
    start = [e for e in view.log if e.event == "wretched" and e.night == view.night][-1].circles
    assert tuple(view.wretched) != tuple(start)  # some moved
    p = picking_for(view, moved.board)
    p.pick("kill")
    labels = {v: k for k, v in p.labels().items()}
    for now, then in zip(view.wretched, start, strict=True):
        assert labels[str(now)] == ALL_LABELS[red.index(then)]

    later = find_game(lambda g: g.phase == Phase.WOMEN and g.night == 2, board=SEEDED_1888)
    view = later.view(JACK)
    scene = view.crime_scenes[0].circle
    women = picking_for(view, later.board).labels()
    assert str(scene) not in women.values()
    assert women == {ALL_LABELS[red.index(c)]: str(c) for c in red if c != scene}


# -- H5: the kill is asked --------------------------------------------------------------------


async def test_h5_one_key_does_not_kill_esc_takes_it_back_enter_kills(tmp_path):
    game = find_game(at_kill)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        played = len(game.history)
        await settle.press(pilot, word_key(screen, "kill"))
        (letter, circle), *_ = letters_in(prompt_text(app)).items()
        await settle.press(pilot, letter)
        asked = prompt_text(app)
        assert len(game.history) == played and game.phase == Phase.KILL
        assert (
            f"Kill the Wretched on {circle}" in asked
            and "Enter (or 1 again) kills; Esc back" in asked
        )
        await settle.press(pilot, letter)  # the same letter again: still asked, nothing killed
        assert len(game.history) == played
        assert "kills; Esc back" in prompt_text(app)
        await settle.press(pilot, "escape")
        assert len(game.history) == played
        assert "Kill the Wretched" not in prompt_text(app)
        assert letters_in(prompt_text(app))[letter] == circle
        for key in [*circle, "enter"]:  # by number and Enter: asked too
            await settle.press(pilot, key)
        assert len(game.history) == played
        assert f"Kill the Wretched on {circle}" in prompt_text(app)
        await settle.press(pilot, "enter")
        assert len(game.history) == played + 1
        assert str(game.history[-1]) == f"kill {circle}"


def test_h5_the_benchs_keys_for_a_kill_end_with_the_confirming_enter():
    game = find_game(at_kill)
    for action in [str(a) for a in game.legal_actions() if str(a).startswith("kill")]:
        keys = keys_for(game, action)
        assert keys[-1] == "enter" and len(keys) == 3, (action, keys)  # 1, a letter, Enter


async def test_n3_the_double_kill_is_asked_with_both_circles(tmp_path):
    game = find_game(lambda g: g.phase == Phase.KILL and g.night == 3, board=SEEDED_1888)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        played = len(game.history)
        await settle.press(pilot, word_key(screen, "kill"))
        first, second = list(letters_in(prompt_text(app)).items())[:2]
        await settle.press(pilot, first[0])
        await settle.press(pilot, second[0])
        assert len(game.history) == played
        asked = prompt_text(app)
        assert f"Kill the Wretched on {first[1]}" in asked
        assert f"then the one on {second[1]}" in asked, asked
        await settle.press(pilot, "enter")
        assert str(game.history[-1]) == f"kill {first[1]} {second[1]}"


def _kill_near_and_far(game: LfwGame) -> bool:
    if game.phase != Phase.KILL:
        return False
    beside = [near(game, w) for w in game.view(JACK).wretched]
    return any(beside) and not all(beside)


async def test_h5_the_question_warns_exactly_where_a_marker_stands_beside(tmp_path):
    """Before the Hunt the policemen stand on their markers' crossings: a
    Wretched beside a patrol marker is said to be, one beside none is not."""
    game = find_game(_kill_near_and_far, board=SEEDED_1888)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, word_key(screen, "kill"))
        letters = letters_in(prompt_text(app))
        assert len(letters) == len(game.view(JACK).wretched)
        for letter, circle in letters.items():
            await settle.press(pilot, letter)
            asked = prompt_text(app)
            assert f"Kill the Wretched on {circle}" in asked
            assert ("beside" in asked) == near(game, int(circle)), (circle, asked)
            if near(game, int(circle)):
                assert f"on {circle} (beside a face-down marker" in asked or "marker" in asked
            await settle.press(pilot, "escape")


# -- T1: a step beside a policeman ------------------------------------------------------------


def _steps_near_and_far(game: LfwGame) -> bool:
    if game.phase != Phase.ESCAPE:
        return False
    steps = [a.circle for a in game.legal_actions() if str(a).startswith("step ")]
    beside = [near(game, c) for c in steps]
    return len(steps) > 1 and any(beside) and not all(beside)


@pytest.mark.parametrize("size", [(200, 60), (80, 24)])
async def test_t1_the_step_circles_beside_a_policeman_are_marked_and_no_others(tmp_path, size):
    """In the keys line ("beside police: 18 (Brown)", "c: 18 (beside
    Brown)") or, where it has no room, in the list on the right."""
    game = find_game(_steps_near_and_far)
    police = game.view(JACK).police
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, word_key(screen, "step"))
        text = prompt_text(app) + "\n" + widget_text(app)
        # a policeman who can reach a circle is named apart (round 18: G2)
        text = re.sub(r"in reach of police: [^;]*", "", " ".join(text.split()))
        flagged = dict(FLAGGED.findall(text))
        for c in screen.picking.circle_options():
            who = [
                colour.capitalize()
                for colour, x in police.items()
                if int(c) in game.board.direct_circles(x)
            ]
            if who:
                assert c in flagged and who[0] in flagged[c], (c, who, text)
            else:
                assert c not in flagged, (c, text)


def _forced_step(beside: bool):
    def there(game: LfwGame) -> bool:
        if game.phase != Phase.ESCAPE:
            return False
        legal = [str(a) for a in game.legal_actions()]
        steps = [t for t in legal if t.startswith("step ")]
        if len(steps) != 1 or len(legal) == 1 or steps[0].endswith("home"):
            return False
        return near(game, int(steps[0].split()[1])) == beside

    return there


async def test_t1_a_forced_step_says_it_is_the_only_step_what_else_is_open_and_who_is_beside(
    tmp_path,
):
    game = find_game(_forced_step(beside=True))
    step = next(str(a) for a in game.legal_actions() if str(a).startswith("step "))
    circle = step.split()[1]
    view = game.view(JACK)
    who = next(c for c, x in view.police.items() if int(circle) in game.board.direct_circles(x))
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        played = len(game.history)
        await settle.press(pilot, word_key(screen, "step"))
        text = prompt_text(app)
        assert len(game.history) == played
        assert f"Jack steps to {circle}: the only circle a step reaches" in text, text
        assert "the only place left" not in text
        assert f"{circle} is beside {who.capitalize()}" in text, text
        if view.alleys_left and any(str(a).startswith("alley") for a in game.legal_actions()):
            assert f"an alley ({view.alleys_left} left)" in text, text
        if view.coaches_left and any(str(a).startswith("coach") for a in game.legal_actions()):
            assert f"a coach ({view.coaches_left} left)" in text, text
        await settle.press(pilot, "enter")
        assert str(game.history[-1]) == step


async def test_t1_a_forced_step_beside_nobody_carries_no_warning(tmp_path):
    game = find_game(_forced_step(beside=False))
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, word_key(screen, "step"))
        text = prompt_text(app)
        assert "the only circle a step reaches" in text and "is beside" not in text, text
        # in reach of a policeman, it says so (tester D3, LfW round 29);
        # else nothing
        step = next(str(a) for a in game.legal_actions() if str(a).startswith("step "))
        reach = sentences.reach_police(game.view(JACK), game.board, int(step.split()[1]))
        assert ("Careful" in text) == bool(reach), text
