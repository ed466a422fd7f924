"""Fewer keys a police turn (T2, T3) and plain words about home, coaches
and alleys (T1, H2): the keys bench on the normal computer's decisions,
fixed letters through a search, night 1's women by the marked ones only."""

from __future__ import annotations

import statistics

from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import ALLEY, COACH, JACK, STEP
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import jackturn, sentences
from whitechapel.lfw.ui.bench import keys_for, normal_police_turn_keys, police_turn_keys
from whitechapel.lfw.ui.choosing import Chooser
from whitechapel.lfw.ui.picking import Picking, picking_for


def played_until(seed: int, stop) -> LfwGame:
    chance = Chance(seed)
    for _ in range(40):
        game = LfwGame.new(chance.below(10**6))
        while game.outcome is None:
            if stop(game):
                return game
            if game.to_act == JACK:
                game.apply(homeward_action(game.clone(), chance))
            else:
                game.apply(game.random_action(chance))
    raise AssertionError("no such game")


def test_t2_t3_keys_per_police_turn_on_the_normal_computers_decisions():
    """The bench's figure for a fixed seed (budget 0: the same everywhere).
    Measured 10 with these keys (16 before); the issue's 8 needs folds this
    screen does not have yet (docs/lfw.md, Hot seat)."""
    counts = normal_police_turn_keys(games=3, seed=2026)
    assert len(counts) > 20
    assert statistics.median(counts) <= 10, sorted(counts)


def test_t2_t3_a_turn_where_all_stay_and_pass_is_two_keys():
    counts = police_turn_keys(games=2, seed=2026, idle=True)
    assert counts and max(counts) <= 2, counts


def _search_game() -> LfwGame:
    """T3, a policeman with at least three circles beside him."""

    def stop(g: LfwGame) -> bool:
        if g.phase != Phase.CLUES:
            return False
        return sum(" search " in str(a) for a in g.legal_actions()) >= 3

    return played_until(7, stop)


def test_t3_letters_stay_the_same_between_the_names_of_one_search():
    game = _search_game()
    p = picking_for(game.view(game.to_act), game.board)
    assert p.t3_word_stage()
    before = dict(p.labels())
    assert len([v for v in before.values() if v.isdigit()]) >= 3
    first_key = keys_for(game, next(str(a) for a in game.legal_actions() if " search " in str(a)))
    assert len(first_key) == 1 and first_key[0] in before  # one letter starts the search
    key, circle = next((k, v) for k, v in before.items() if v.isdigit())
    game.play(f"{game.acting_colour} search {circle}")
    if game.phase != Phase.SEARCHING:
        return  # a clue at once: nothing left to name
    later = picking_for(game.view(game.to_act), game.board)
    after = later.labels()
    assert key not in after  # the named circle is no longer offered
    for k, v in after.items():
        assert before[k] == v  # every other circle keeps its letter
    assert "a letter names the next circle" in later.keys_hint()


def test_h2_night_1_women_by_naming_only_the_marked_ones():
    game = played_until(3, lambda g: g.phase == Phase.WOMEN and g.night == 1)
    place = game.view(JACK).placement
    assert place is not None and len(place.circles) == place.women  # every red circle
    text = str(game.random_action(Chance(1)))
    keys = keys_for(game, text)
    assert keys[-1] == "enter" and len(keys) == place.marked + 1, keys  # one letter each
    p = picking_for(game.view(JACK), game.board)
    for k in keys[:-1]:
        p.pick(p.labels()[k])
    assert p.placed_all() and "H2" in (p.forced_text() or "")


def test_t1_a_coach_or_alley_onto_the_hideout_does_not_end_the_night():
    for kind in (COACH, ALLEY):
        note = jackturn.home_note(kind, True)
        assert "never ends the night" in note and "T1" in note and "home!" not in note
    walk = jackturn.home_note(STEP, True)
    assert "announce" in walk and "pass through" in walk and "T1" in walk
    assert jackturn.home_note(STEP, False) == ""
    assert "never ends the night, T1" in sentences.describe(["alley", "12"])
    assert "never ends the night, T1" in sentences.describe(["coach", "12", "13"])
    assert "the night ends (T1)" in sentences.describe(["step", "12", "home"])


def test_t1_the_step_onto_the_hideout_says_announce_or_pass_through():
    p = Picking(load_board("tutorial"), Chooser(["step 2", "step 2 home", "step 6"]))
    p.pick("2")  # "step" is the only first word: taken with it
    assert p.options() == ["home"]
    hint = p.keys_hint()
    assert "1 home: announce your hideout, the night ends (T1)" in hint
    assert "Enter alone: pass through it, the night goes on" in hint
    assert "done" not in hint
