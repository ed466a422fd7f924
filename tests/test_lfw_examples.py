"""The rulebook's worked examples (§10) and the move track (§3), played on the
1888 board (its latest edition) from the start with real actions: women and
patrol markers are placed so that the example happens.

Default-board facts used (read from the board where they matter): red circles
3 21 27 65 84 147 149 158; yellow crossings x57 x61 x73 x103 x155 x160 x165.
Circle 65 is joined to 67 by a single segment, to 82 through x132, to 51, 66
and 83 through x111 x103, and to 63 and 84 through x111 x103 x104 x105; x103
has 51, 66 and 83 directly adjacent, x104 none, x122 67 and 104.  The
crossing x72 has 99, 100 and 120 directly adjacent, and 83 is one crossing
(x80) further south.  The hideout 90 is four moves east of 82 (82 127 103 69
90); 103 and 69 are joined through x134 x146, which no policeman holds while
they stay on their patrol spots.
"""

from __future__ import annotations

import pytest

from lfw_play import (
    DEFAULT,
    go_home,
    jack_path,
    jack_round,
    legal_texts,
    move_wretched,
    new_game,
    play_night,
    played_ok,
    police_moves,
    police_turn,
    refused,
    to_hunt,
    to_kill,
    wait,
)
from whitechapel.lfw import actions as a
from whitechapel.lfw.rulebook import LAST_SPACE, OUT_OF_MOVES

HIDEOUT = 90  # the rulebook's hideout example
REDS = (3, 21, 27, 65, 84, 147, 149, 158)
# Night 1: blue on x103 (next to x104), yellow on x155 (two steps from x122).
PATROLS = (["x103", "x155", "x57", "x61", "x73"], ["x160", "x165"])
# For the search: blue on x73, next to the searching crossing; a fake on x103.
SEARCH_PATROLS = (["x73", "x57", "x61", "x155", "x160"], ["x103", "x165"])
NIGHT1 = ((3, 21, 27, 65, 84), (147, 149, 158))
ADJ_65 = {63, 66, 51, 67, 84, 83, 82}


def default_game(**options):
    return new_game(DEFAULT, **options)


def wretched_targets(g, source):
    return {x.target for x in g.legal_actions() if x.source == source}


def steps(g):
    return [x for x in g.legal_actions() if isinstance(x, a.Step) and not x.home]


# -- the Wretched on 65 ----------------------------------------------------------


def night_1_crime_on_82():
    """Night 1: the Wretched of 65 walks to 82 and dies there (a crime scene
    need not be red); while Jack goes home, blue walks x103 -> x104 and
    yellow x155 -> x122."""
    g = to_kill(default_game(), hideout=HIDEOUT, women=NIGHT1, patrols=PATROLS)
    g.play("wait")
    # night 1: the marker on x103 stands beside 51, 66 and 83, and on every path to them
    assert set(g.board.jack_adjacent(65)) == ADJ_65
    assert set(g.board.direct_circles("x103")) == {51, 66, 83}
    assert wretched_targets(g, 65) == {67, 82}
    refused(g, "wretched 65>66", "cannot go to 66")
    refused(g, "wretched 65>63", "cannot go to 63")  # only through x103
    move_wretched(g, {65: 82})
    g.play("reveal x160")
    g.play("kill 82")
    assert g.view("police").to_json()["crime_scenes"] == [{"night": 1, "circle": 82}]
    assert "x104" in g.board.police_adjacent("x103")
    assert "x122" in g.board.police_within_two("x155")
    jack_round(g, "step 127", moves={"blue": "x104", "yellow": "x122"})
    jack_round(g, "step 103")
    jack_round(g, "step 69")
    g.play("step 90 home")
    assert g.night == 2 and (g.police["blue"], g.police["yellow"]) == ("x104", "x122")
    return g


def test_example_the_wretched_on_65_moves_neither_beside_nor_through_a_patrol_marker():
    g = night_1_crime_on_82()
    g.play("women 65 3 21 27 / 84 147 149")
    g.play("patrols x104 x122 x57 x61 x73 / x160 x165")  # night 2: where they ended
    g.play("wait")
    assert g.phase == "wretched" and 65 in g.to_move
    targets = wretched_targets(g, 65)
    assert targets <= ADJ_65
    assert targets == {51, 66, 83}
    refused(g, "wretched 65>82", "cannot go to 82")  # night 1's crime scene
    assert g.board.step_paths(65, 63) == [frozenset({"x103", "x104", "x105", "x111"})]
    assert not g.board.direct_circles("x104")
    refused(g, "wretched 65>63", "cannot go to 63")  # passes through x104, beside none
    assert g.board.step_paths(65, 67) == [frozenset()]
    assert 67 in g.board.direct_circles("x122")
    refused(g, "wretched 65>67", "cannot go to 67")  # ends beside x122, passes none
    refused(g, "wretched 65>90", "cannot go to 90")  # not Jack-adjacent
    refused(g, "wretched 65>66", "police's turn", side="jack")
    g.play("wretched 65>66")
    assert 66 in g.wretched and 65 not in g.wretched


# -- coach 103 -> 69 -> 56 and the normal move 127 -> 103 ------------------------


def test_example_normal_move_127_103_then_coach_103_69_56_then_the_alley_south_of_56():
    g = to_hunt(default_game(), hideout=HIDEOUT, women=NIGHT1, kill=21)
    for circle in jack_path(g, 127):  # the policemen stay where they are
        jack_round(g, f"step {circle}")
    assert g.jack == 127
    assert "step 103" in legal_texts(g)  # a normal move
    jack_round(g, "step 103")
    assert g.view("police").to_json()["track"][-1]["how"] == "step"
    assert "coach 69 56" in legal_texts(g)
    coaches = g.coaches
    jack_round(g, "coach 69 56")
    assert g.jack == 56 and g.coaches == coaches - 1
    how = [t["how"] for t in g.view("police").to_json()["track"]]
    assert how[0] == "crime" and how[-3:] == ["step", "coach", "coach"]
    alleys = {x.circle for x in g.legal_actions() if isinstance(x, a.Alley)}
    assert {57, 73, 72, 71, 70, 69} <= alleys
    played_ok(g, "alley 73")


# -- the search at the crossing of 99, 100 and 120 -------------------------------


def test_example_search_finds_nothing_at_99_a_clue_at_100_and_stops_before_120():
    b = default_game().board
    found = [x for x in b.crossings if set(b.direct_circles(x)) == {99, 100, 120}]
    assert len(found) == 1
    k = found[0]
    assert k in b.police_adjacent("x73")
    g = to_hunt(default_game(), hideout=HIDEOUT, women=NIGHT1, patrols=SEARCH_PATROLS, kill=65)
    jack_round(g, "step 83")
    g.play("step 100")  # through the crossing before any policeman stands there
    police_moves(g, {"blue": k})
    assert g.acting_colour == "blue" and g.police["blue"] == k
    g.play("blue search 99")
    assert g.phase == "searching" and g.acting_colour == "blue"
    assert legal_texts(g) == {"blue search 100", "blue search 120"}
    g.play("blue search 100")
    pv = g.view("police").to_json()
    assert pv["searched"] == [99] and pv["clues"] == [100]
    assert g.phase == "clues" and g.acting_colour == "yellow"  # 120 was never named
    refused(g, "blue search 120", "the yellow policeman acts now")
    search_log = [e for e in pv["log"] if e["event"] == "search"]
    assert [(e["circle"], e["clue"]) for e in search_log] == [(99, False), (100, True)]


# -- the double event ------------------------------------------------------------


def test_example_double_event_on_night_3_in_jacks_order_hunt_starts_at_T2():
    g = night_1_crime_on_82()
    play_night(g, 84, women=((84, 3, 21, 27), (65, 147, 149)))
    assert g.night == 3
    to_kill(g, women=((3, 27, 65), (21, 147, 149)))
    assert g.chief == "brown"
    g.play("kill 3 27")
    path = g.view("jack").to_json()["jack"]["path"][2]
    assert path == [
        {"space": "I", "circle": 3, "how": "crime"},
        {"space": "1", "circle": 27, "how": "crime"},
    ]
    assert g.jack == 27
    assert g.phase == "hunt" and g.to_act == "police" and g.acting_colour == "brown"
    scenes = [(c["night"], c["circle"]) for c in g.view("police").to_json()["crime_scenes"]]
    assert sorted(scenes) == [(1, 82), (2, 84), (3, 3), (3, 27)]
    police_turn(g)
    assert g.phase == "escape" and g.next_space() == 6
    go_home(g)
    assert g.night == 4


# -- the move track (§3) ---------------------------------------------------------


def walk_until_caught_by_the_track(g) -> int:
    """Jack steps (never home) while the police stay and pass: his move count."""
    n = 0
    while not g.outcome:
        jack_round(g, str(steps(g)[0]))
        n += 1
    assert (g.outcome.winner, g.outcome.reason) == ("police", OUT_OF_MOVES)
    return n


def test_track_a_kill_on_I_leaves_15_moves():
    g = to_hunt(default_game(), hideout=HIDEOUT, women=NIGHT1, kill=65)
    assert g.view("police").to_json()["track"] == [{"space": "I", "index": 4, "how": "crime"}]
    assert walk_until_caught_by_the_track(g) == 15
    assert g.outcome.reason.startswith("Jack did not reach his hideout")
    assert g.row[-1][0] == LAST_SPACE


def test_track_a_kill_on_V_leaves_19_moves():
    g = to_kill(default_game(), hideout=HIDEOUT, women=NIGHT1)
    for _ in range(4):
        wait(g)
    victim = g.wretched[0]
    g.play(f"kill {victim}")
    assert g.view("police").to_json()["track"] == [{"space": "V", "index": 0, "how": "crime"}]
    assert walk_until_caught_by_the_track(g) == 19


def hunt_at_65():
    return to_hunt(default_game(), hideout=HIDEOUT, women=NIGHT1, kill=65)


def to_103(g):
    """Two normal moves east: 65 -> 67 -> 103 (spaces 1 and 2)."""
    jack_round(g, "step 67")
    jack_round(g, "step 103")


def bounce(g, n):
    """n normal moves between 103 and 69 (joined through x134 and x146,
    which no policeman holds while they stay on their patrol spots)."""
    for _ in range(n):
        jack_round(g, f"step {69 if g.jack == 103 else 103}")


def test_track_a_coach_as_the_last_move_on_spaces_14_15_is_legal():
    g = hunt_at_65()
    to_103(g)
    bounce(g, 11)  # numbered spaces 1..13
    assert g.next_space() == LAST_SPACE - 1 and g.jack == 69
    coaches = [x for x in g.legal_actions() if isinstance(x, a.Coach)]
    assert coaches
    g.play("coach 103 127")  # spaces 14 and 15, not home
    assert (g.outcome.winner, g.outcome.reason) == ("police", OUT_OF_MOVES)


def test_track_a_coach_home_on_spaces_14_15_does_not_save_jack():
    g = hunt_at_65()
    to_103(g)
    bounce(g, 11)
    assert g.next_space() == LAST_SPACE - 1 and g.jack == 69
    g.play("coach 106 90")  # lands on the hideout: a special move never ends the night
    assert (g.outcome.winner, g.outcome.reason) == ("police", OUT_OF_MOVES)


def test_track_no_coach_with_one_space_left():
    g = hunt_at_65()
    to_103(g)
    bounce(g, 12)
    assert g.next_space() == LAST_SPACE and g.coaches == 3 and g.jack == 103
    assert not any(isinstance(x, a.Coach) for x in g.legal_actions())
    refused(g, "coach 69 90", r"a coach needs two free spaces on the move track \(T1\)")
    assert steps(g)  # a normal move is still possible (and will lose)


def test_track_a_coach_onto_the_hideout_does_not_end_the_night():
    g = hunt_at_65()
    to_103(g)
    jack_round(g, "coach 69 90")
    assert g.jack == HIDEOUT and g.night == 1 and g.outcome is None
    assert g.phase == "escape"
    assert "step 90 home" not in legal_texts(g)  # he is there; he must move on


@pytest.mark.parametrize("start", [62, 89, 106])
def test_track_an_alley_onto_the_hideout_does_not_end_the_night(start):
    g = hunt_at_65()
    assert HIDEOUT in g.board.alley_destinations(start)
    for circle in jack_path(g, start):  # the policemen stay where they are
        jack_round(g, f"step {circle}")
    assert g.jack == start
    jack_round(g, f"alley {HIDEOUT}")
    assert g.jack == HIDEOUT and g.night == 1 and g.outcome is None


def test_track_writing_space_15_away_from_home_loses():
    g = hunt_at_65()
    to_103(g)
    bounce(g, 11)
    jack_round(g, "step 106")  # space 14
    assert g.next_space() == LAST_SPACE
    g.play("step 90")  # home, but not announced: space 15 written, not home
    assert g.outcome.winner == "police"
    assert g.outcome.reason == "Jack did not reach his hideout by the end of the move track"


def test_track_step_home_on_space_15_saves_jack():
    g = hunt_at_65()
    to_103(g)
    bounce(g, 11)
    jack_round(g, "step 106")
    assert g.next_space() == LAST_SPACE
    g.play("step 90 home")
    assert g.outcome is None and (g.night, g.phase) == (2, "women")
