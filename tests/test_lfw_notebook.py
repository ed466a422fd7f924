"""The police notebook's deductions, one kind of fact at a time, on the
tutorial board (rules T1–T3, N3, S1, O5, O6).

Each case is a view written by hand (the public fields the notebook reads,
on a fresh game's public view) and the answer worked out by hand from the
board's adjacency:

    3: Jack-adjacent to 2 (a street with no crossing), 9 and 11 (through x2)
    2: 1 (through x1), 3, 9 (through x3)
    9: 2, 3, 10, 11, 16, 17, 18, 19, 24, 25     11: 3, 9, 10, 12, 17, 20
    13: 5 (through x9), 22 (through x21)         22: 13, 23, 29, 34
    alleys from 3: 2 and 9;  red circles: 2, 4, 6, 13, 19, 32, 34, 36
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import replace

import pytest

from whitechapel.core.game import PUBLIC, Outcome
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.view_parts import ArrestSeen, MoveSeen, NightSeen, SearchSeen
from whitechapel.lfw.views import HideoutNamed, LfwView, PhaseSeen, TrackSpace

BOARD = load_board("tutorial@1")  # the edition the cases were worked out on
BLANK = LfwGame.new(1, board=BOARD).view(PUBLIC)  # the fields the notebook does not read


def move(how: str = "step", *police: str) -> MoveSeen:
    return MoveSeen(how, 0, {f"p{i}": x for i, x in enumerate(police)})


def night(scenes, moves=(), searches=(), arrests=(), home=False, number=1) -> NightSeen:
    """`searches`: (written, circle, clue); `arrests`: (written, circles, caught)."""
    return NightSeen(
        night=number,
        crime_scenes=tuple(sorted(scenes)),
        crime_index=4,
        moves=tuple(moves),
        searches=tuple(SearchSeen("blue", c, clue, w) for w, c, clue in searches),
        arrests=tuple(ArrestSeen("red", tuple(cs), ok, w) for w, cs, ok in arrests),
        home=home,
    )


def view(
    *nights, phase="hunt", police=(), options=(), named=(), outcome=None, coaches=0, alleys=0
) -> LfwView:
    last = nights[-1] if nights else None
    written = 0
    if last and last.crime_scenes:
        written = len(last.crime_scenes) + sum(2 if m.how == "coach" else 1 for m in last.moves)
    return replace(
        BLANK,
        night=len(nights),
        nights=tuple(nights),
        phase=PhaseSeen.of(Phase(phase)),
        options=Options(**{name: True for name in options}),
        police={f"p{i}": x for i, x in enumerate(police)},
        track=track(*(3 + k for k in range(written))),
        coaches_left=coaches,
        alleys_left=alleys,
        hideouts_named=tuple(HideoutNamed(1, c, found) for c, found in named),
        outcome=Outcome("police", outcome) if outcome else None,
    )


def track(*indexes: int) -> tuple[TrackSpace, ...]:
    return tuple(TrackSpace("", i, "step") for i in indexes)


def counts(v) -> dict[int, int]:
    return dict(notebook(v, BOARD).counts)


# -- T1: the moves ------------------------------------------------------------------------


def test_t1_a_walk_goes_to_every_jack_adjacent_circle():
    assert counts(view(night([3], [move()]))) == {2: 1, 9: 1, 11: 1}


def test_t1_a_policeman_blocks_a_walk_at_that_moment_but_not_later():
    # A policeman on x2 as Jack made his first move: only 2 was open then.
    # He has left x2 before the second move, which is free again.
    early = view(night([3], [move("step", "x2"), move()]))
    assert counts(early) == {1: 1, 3: 1, 9: 1}
    # Held at the second move instead, x2 closes 9 -> 3 and 9 -> 11, 11 -> 3 and 11 -> 9.
    late = view(night([3], [move(), move("step", "x2")]))
    assert counts(late) == {
        1: 1,
        2: 1,
        3: 1,
        9: 1,
        10: 2,
        12: 1,
        16: 1,
        17: 2,
        18: 1,
        19: 1,
        20: 1,
        24: 1,
        25: 1,
    }


def test_t1_a_coach_writes_both_circles_and_ignores_policemen():
    coach = view(night([3], [move("coach", "x2", "x1", "x3")]))
    assert counts(coach) == {
        1: 1,
        2: 1,
        9: 2,
        10: 2,
        11: 1,
        12: 1,
        16: 1,
        17: 2,
        18: 1,
        19: 1,
        24: 1,
        25: 1,
        20: 1,
    }
    # A clue on 2 once the coach had passed: 3-2-1, 3-2-9 (2 in the middle) and 3-9-2.
    clue = view(night([3], [move("coach")], searches=[(3, 2, True)]))
    assert counts(clue) == {1: 1, 9: 1, 2: 1}
    # Nothing on 9: no coach through 9 or to 9.
    nothing = view(night([3], [move("coach")], searches=[(3, 9, False)]))
    assert counts(nothing) == {1: 1, 10: 1, 12: 1, 17: 1, 20: 1}


def test_t1_an_alley_crosses_a_block_ignoring_policemen():
    assert counts(view(night([3], [move("alley", "x2")]))) == {2: 1, 9: 1}


# -- T3: what the police learnt ---------------------------------------------------------------


def test_t3_a_clue_means_written_by_then():
    # A clue on 9 after one move: he went to 9 on that move.
    v = view(night([3], [move(), move()], searches=[(2, 9, True)]))
    assert counts(v) == {2: 1, 3: 1, 10: 1, 11: 1, 16: 1, 17: 1, 18: 1, 19: 1, 24: 1, 25: 1}
    # The same clue found after the second move: 9 on the first or the second.
    later = counts(view(night([3], [move(), move()], searches=[(3, 9, True)])))
    assert later == {**counts(v), 9: 2}  # 3-2-9 and 3-11-9 as well


def test_t3_a_clue_on_the_crime_scene_tells_nothing():
    bare = counts(view(night([3], [move()])))
    assert counts(view(night([3], [move()], searches=[(2, 3, True)]))) == bare


def test_t3_a_search_that_found_nothing_means_not_written_by_then():
    # Nothing on 9 after the first move; 9 may still come on the second.
    v = view(night([3], [move(), move()], searches=[(2, 9, False)]))
    assert counts(v) == {1: 1, 3: 2, 9: 2, 10: 1, 12: 1, 17: 1, 20: 1}
    # Found nothing after the second move: 9 was never written.
    assert 9 not in counts(view(night([3], [move(), move()], searches=[(3, 9, False)])))


def test_t3_a_failed_arrest_means_not_there_then():
    assert counts(view(night([3], [move()], arrests=[(2, [9], False)]))) == {2: 1, 11: 1}
    # Only then: he may stand on 9 after his next move.
    assert counts(view(night([3], [move(), move()], arrests=[(2, [9], False)])))[9] == 2


def test_o4_an_area_arrest_rules_out_every_circle_named():
    assert counts(view(night([3], [move()], arrests=[(2, [9, 11], False)]))) == {2: 1}


def test_t3_a_successful_arrest_pins_jack():
    v = view(night([3], [move()], arrests=[(2, [9], True)]), outcome="Jack is arrested")
    assert counts(v) == {9: 1}


# -- N3: the double event --------------------------------------------------------------------


def test_n3_both_scenes_are_written_and_jack_stands_on_either():
    assert counts(view(night([3, 11], number=3))) == {3: 1, 11: 1}
    after = view(night([3, 11], [move()], number=3))
    # From 11 (3 first): 3 9 10 12 17 20; from 3 (11 first): 2 9 11.
    assert counts(after) == {2: 1, 3: 1, 9: 2, 10: 1, 11: 1, 12: 1, 17: 1, 20: 1}
    # A failed arrest on 3 before his first move: 3 was written first.
    pinned = view(night([3, 11], [move()], arrests=[(2, [3], False)], number=3))
    assert counts(pinned) == {3: 1, 9: 1, 10: 1, 12: 1, 17: 1, 20: 1}
    # A clue on either scene says nothing of the order.
    clue = view(night([3, 11], [move()], searches=[(3, 3, True)], number=3))
    assert counts(clue) == counts(after)


# -- T1: Jack must move -------------------------------------------------------------------------


def test_t1_jack_is_not_where_he_could_not_move():
    # From 22 to 13, 23, 29 or 34; policemen on x9 and x21 now seal 13
    # (no coach or alley left), so as Jack is to move he is not there.
    sealed = dict(police=("x9", "x21"), phase="escape")
    assert counts(view(night([22], [move()]), **sealed)) == {23: 1, 29: 1, 34: 1}
    # Not his turn yet: the check waits for it.
    assert 13 in counts(view(night([22], [move()]), police=("x9", "x21"), phase="clues"))
    # An alley left frees 13.
    assert 13 in counts(view(night([22], [move()]), alleys=1, **sealed))
    # "Jack cannot move" pins him there.
    trapped = view(
        night([22], [move()]), police=("x9", "x21"), phase="escape", outcome="Jack cannot move"
    )
    assert counts(trapped) == {13: 1}


# -- S1, O5, O6: the hideout ------------------------------------------------------------------


HOME_NIGHT = night([3], [move(), move()], home=True)
ENDS = {1, 2, 3, 9, 10, 11, 12, 16, 17, 18, 19, 20, 24, 25}


def test_s1_the_hideout_is_where_a_finished_night_ended_and_not_red():
    nb = notebook(view(HOME_NIGHT, night([], number=2)), BOARD)
    assert set(nb.nights[0].counts) == ENDS
    assert nb.nights[0].counts[3] == 3  # 3-2-3, 3-9-3, 3-11-3: bluffs through home count
    assert set(nb.hideouts) == ENDS - {2, 19}
    assert not nb.on_board and nb.counts == {}


def test_s1_before_any_night_ends_every_circle_but_the_red_ones():
    nb = notebook(view(night([3], [move()])), BOARD)
    assert set(nb.hideouts) == set(BOARD.circles) - BOARD.red


def test_every_finished_night_narrows_the_hideout():
    second = night([25], [move()], home=True, number=2)  # 25: 9 16 17 18 19 24 26
    nb = notebook(view(HOME_NIGHT, second, night([], number=3)), BOARD)
    assert set(nb.hideouts) == {9, 16, 17, 18, 24}


def test_o5_the_hideout_is_not_next_to_a_red_circle():
    nb = notebook(view(HOME_NIGHT, night([], number=2), options=["catch_me"]), BOARD)
    assert set(nb.hideouts) == {10, 11}


def test_o6_a_circle_named_in_vain_is_not_the_hideout():
    v = view(HOME_NIGHT, night([], number=2), options=["catch_me"], named=[(10, False)])
    assert notebook(v, BOARD).hideouts == (11,)
    found = view(
        HOME_NIGHT,
        night([], number=2),
        named=[(12, True)],
        outcome="the police named Jack's hideout",
    )
    assert notebook(found, BOARD).hideouts == (12,)


def test_homeward_keeps_the_circles_a_hideout_is_still_in_reach_of():
    # Night 2 from 36 (27 26 35); hideouts 9 16 17 18 24 after two nights.
    second = night([25], [move()], home=True, number=2)
    tonight = night([36], [move()], number=3)
    v = replace(view(HOME_NIGHT, second, tonight), track=track(17))
    nb = notebook(v, BOARD)  # two spaces left: 35 -> 26 -> 18 will do
    assert set(nb.counts) == set(nb.homeward()) == {26, 27, 35}
    v = replace(v, track=track(18))  # one space left: 26 and 27 are next to 18 (26 to 24 too)
    assert set(notebook(v, BOARD).homeward()) == {26, 27}
    assert notebook(replace(v, track=track(19)), BOARD).homeward() == {}


def test_a_view_without_the_hunt_record_is_refused():
    """A view received as JSON must carry the hunt's record to be read."""
    from whitechapel.lfw.rules import RULES

    data = BLANK.to_json()
    del data["nights"]
    with pytest.raises(ValueError):
        RULES.view_from_json(data)


# -- `whitechapel lfw notebook RECORD` ----------------------------------------------------------


@pytest.fixture
def saved(tmp_path):
    """A homing Jack's game on the tutorial board, all options, saved."""
    from lfw_random import OPTIONS, play
    from whitechapel.core.record import record_of

    game = play(11, "tutorial@1", OPTIONS["all"], homing=9)
    path = tmp_path / "game.json"
    path.write_text(record_of(game).dumps(), encoding="utf-8")
    return game, path


def test_the_command_prints_the_police_notebook_of_a_record(saved, capsys):
    from whitechapel.cli import main
    from whitechapel.lfw.game import LfwGame

    game, path = saved
    assert main(["lfw", "notebook", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == notebook(game.view("police"), BOARD).to_json()
    # After its N-th action: the game replayed that far.
    half = LfwGame(game.setup, game.options, BOARD)
    for action in game.history[:60]:
        half.apply(action)
    assert main(["lfw", "notebook", str(path), "--at", "60"]) == 0
    text = capsys.readouterr().out
    nb = notebook(half.view("police"), BOARD)
    assert f"night {half.night}, after action 60 of {len(game.history)}" in text
    assert f"Hideout candidates ({len(nb.hideouts)}): " in text
    assert (f"Jack can be on {len(nb.counts)} circle" in text) == nb.on_board
    for circle, paths in nb.counts.items():
        assert re.search(rf"^\s+{circle}\s+{paths:,}\s", text, re.M)


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--at", "100000"], "has only"),
        (["--at", "-1"], "-1 is below 0"),
        (["--at", "soon"], "'soon' is not a whole number"),
    ],
)
def test_the_command_refuses_a_bad_moment_in_one_line(saved, capsys, args, problem):
    from whitechapel.cli import main

    with contextlib.suppress(SystemExit):
        assert main(["lfw", "notebook", str(saved[1]), *args]) == 2  # usage (issue 50)
    err = capsys.readouterr().err
    assert problem in err and err.strip().count("\n") == 0 and "Traceback" not in err


def test_the_command_refuses_what_is_not_an_lfw_record_in_one_line(tmp_path, capsys):
    from whitechapel.cli import main
    from whitechapel.core.chance import Chance
    from whitechapel.core.record import record_of
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.selfplay import play_randomly

    pocket = tmp_path / "pocket.json"
    pocket.write_text(record_of(play_randomly(PocketGame.new(3), Chance(3), limit=4)).dumps())
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    for path, problem in [
        (pocket, "not of Letters from Whitechapel"),
        (broken, "broken.json"),
        (tmp_path / "none.json", "no such file"),
        (tmp_path, "is a folder"),
    ]:
        assert main(["lfw", "notebook", str(path)]) == 1
        err = capsys.readouterr().err
        assert problem in err and err.strip().count("\n") == 0 and "Traceback" not in err
