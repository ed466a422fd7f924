"""The rulebook's worked examples (§10) and the move track (§3), played on the
1888 board from the start with real actions: women and patrol markers are
placed so that the example happens.

Default-board facts used (read from the board where they matter): red circles
3 21 27 65 84 147 149 158; yellow crossings x53 x58 x64 x127 x181 x184 x185;
the crossing x58 has 27 52 53 99 120 directly adjacent; circle 65 is joined
to 63 66 67 83 by single segments, to 82 through x119 (or x110 x111), to 84
through x100 (or x110 x111) and to 51 only through x110 x111 x112.
"""

from __future__ import annotations

import networkx as nx
import pytest

from lfw_play import (
    DEFAULT,
    go_home,
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
from whitechapel.lfw.hunt import OUT_OF_MOVES
from whitechapel.lfw.phases import LAST_SPACE

HIDEOUT = 90  # the rulebook's hideout example
REDS = (3, 21, 27, 65, 84, 147, 149, 158)
# Night 1: blue on x58 (next to the searching crossing), the rest on yellow.
PATROLS = (["x58", "x53", "x64", "x127", "x181"], ["x184", "x185"])
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
    need not be red); blue walks x58 -> x86 -> x111 while Jack goes home."""
    g = to_kill(default_game(), hideout=HIDEOUT, women=NIGHT1, patrols=PATROLS)
    g.play("wait")
    # night 1: no marker near 65, only the Wretched on 84 is in the way
    assert set(g.board.jack_adjacent(65)) == ADJ_65
    assert wretched_targets(g, 65) == ADJ_65 - {84}
    refused(g, "wretched 65>84", "cannot go to 84")
    move_wretched(g, {65: 82})
    g.play("reveal x184")
    g.play("kill 82")
    assert g.view("police")["crime_scenes"] == [{"night": 1, "circle": 82}]
    assert nx.shortest_path(g.board.police_graph, "x58", "x111") == [
        "x58", "x71", "x86", "x94", "x111"
    ]  # fmt: skip
    jack_round(g, "step 65", moves={"blue": "x86"})
    jack_round(g, "step 66", moves={"blue": "x111"})
    g.play("step 90 home")
    assert g.night == 2 and g.police["blue"] == "x111"
    return g


def test_example_the_wretched_on_65_moves_neither_beside_nor_through_a_patrol_marker():
    g = night_1_crime_on_82()
    g.play("women 65 3 21 27 / 84 147 149")
    g.play("patrols x111 x53 x64 x127 x181 / x58 x184")  # night 2: where they ended
    g.play("wait")
    assert g.phase == "wretched" and 65 in g.to_move
    targets = wretched_targets(g, 65)
    assert targets <= ADJ_65
    assert targets == {63, 66, 67, 83}
    assert set(g.board.direct_circles("x111")) == {82, 84}
    refused(g, "wretched 65>82", "cannot go to 82")  # ends beside x111
    refused(g, "wretched 65>84", "cannot go to 84")  # ends beside x111
    assert g.board.step_paths(65, 51) == [frozenset({"x110", "x111", "x112"})]
    assert not set(g.board.direct_circles("x111")) & {51}
    refused(g, "wretched 65>51", "cannot go to 51")  # passes through x111
    refused(g, "wretched 65>90", "cannot go to 90")  # not Jack-adjacent
    refused(g, "wretched 65>82", "police's turn", side="jack")
    g.play("wretched 65>67")
    assert 67 in g.wretched and 65 not in g.wretched


# -- coach 103 -> 69 -> 56 and the normal move 127 -> 103 ------------------------


def test_example_normal_move_127_103_then_coach_103_69_56_then_the_alley_south_of_56():
    g = to_hunt(default_game(), hideout=HIDEOUT, women=NIGHT1, kill=21)
    jack_round(g, "step 81")
    jack_round(g, "step 127")
    assert "step 103" in legal_texts(g)  # a normal move
    jack_round(g, "step 103")
    assert g.view("police")["track"][-1]["how"] == "step"
    assert "coach 69 56" in legal_texts(g)
    coaches = g.coaches
    jack_round(g, "coach 69 56")
    assert g.jack == 56 and g.coaches == coaches - 1
    assert [t["how"] for t in g.view("police")["track"]] == [
        "crime", "step", "step", "step", "coach", "coach"
    ]  # fmt: skip
    alleys = {x.circle for x in g.legal_actions() if isinstance(x, a.Alley)}
    assert {57, 73, 72, 71, 70, 69} <= alleys
    played_ok(g, "alley 73")


# -- the search at the crossing of 99, 100 and 120 -------------------------------


def test_example_search_finds_nothing_at_99_a_clue_at_100_and_stops_before_120():
    b = default_game().board
    found = [x for x in b.crossings if set(b.direct_circles(x)) == {99, 100, 120}]
    assert len(found) == 1
    k = found[0]
    assert k in b.police_adjacent("x58")
    g = to_hunt(default_game(), hideout=HIDEOUT, women=NIGHT1, patrols=PATROLS, kill=65)
    jack_round(g, "step 83")
    g.play("step 100")  # through the crossing before any policeman stands there
    police_moves(g, {"blue": k})
    assert g.acting_colour == "blue" and g.police["blue"] == k
    g.play("blue search 99")
    assert g.phase == "searching" and g.acting_colour == "blue"
    assert legal_texts(g) == {"blue search 100", "blue search 120"}
    g.play("blue search 100")
    pv = g.view("police")
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
    path = g.view("jack")["jack"]["path"][2]
    assert path == [
        {"space": "I", "circle": 3, "how": "crime"},
        {"space": "1", "circle": 27, "how": "crime"},
    ]
    assert g.jack == 27
    assert g.phase == "hunt" and g.to_act == "police" and g.acting_colour == "brown"
    scenes = [(c["night"], c["circle"]) for c in g.view("police")["crime_scenes"]]
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
    assert g.view("police")["track"] == [{"space": "I", "index": 4, "how": "crime"}]
    assert walk_until_caught_by_the_track(g) == 15
    assert g.outcome.reason.startswith("Jack did not reach his hideout")
    assert g.row[-1][0] == LAST_SPACE


def test_track_a_kill_on_V_leaves_19_moves():
    g = to_kill(default_game(), hideout=HIDEOUT, women=NIGHT1)
    for _ in range(4):
        wait(g)
    victim = g.wretched[0]
    g.play(f"kill {victim}")
    assert g.view("police")["track"] == [{"space": "V", "index": 0, "how": "crime"}]
    assert walk_until_caught_by_the_track(g) == 19


def hunt_at_65():
    return to_hunt(default_game(), hideout=HIDEOUT, women=NIGHT1, kill=65)


def bounce(g, n):
    """n normal moves between 65 and 63 (one segment apart, never blocked)."""
    for _ in range(n):
        jack_round(g, f"step {63 if g.jack == 65 else 65}")


def test_track_a_coach_as_the_last_move_on_spaces_14_15_is_legal():
    g = hunt_at_65()
    bounce(g, 13)  # numbered spaces 1..13
    assert g.next_space() == LAST_SPACE - 1 and g.jack == 63
    coaches = [x for x in g.legal_actions() if isinstance(x, a.Coach)]
    assert coaches
    g.play("coach 66 89")  # spaces 14 and 15, not home
    assert (g.outcome.winner, g.outcome.reason) == ("police", OUT_OF_MOVES)


def test_track_a_coach_home_on_spaces_14_15_does_not_save_jack():
    g = hunt_at_65()
    bounce(g, 12)
    jack_round(g, "step 66")
    assert g.next_space() == LAST_SPACE - 1
    g.play("coach 89 90")  # lands on the hideout: a special move never ends the night
    assert (g.outcome.winner, g.outcome.reason) == ("police", OUT_OF_MOVES)


def test_track_no_coach_with_one_space_left():
    g = hunt_at_65()
    bounce(g, 14)
    assert g.next_space() == LAST_SPACE and g.coaches == 3
    assert not any(isinstance(x, a.Coach) for x in g.legal_actions())
    refused(g, "coach 66 89", r"a coach needs two free spaces on the move track \(T1\)")
    assert steps(g)  # a normal move is still possible (and will lose)


def test_track_a_coach_onto_the_hideout_does_not_end_the_night():
    g = hunt_at_65()
    jack_round(g, "coach 66 90")
    assert g.jack == HIDEOUT and g.night == 1 and g.outcome is None
    assert g.phase == "escape"
    assert "step 90 home" not in legal_texts(g)  # he is there; he must move on


@pytest.mark.parametrize("start", [88, 89, 91])
def test_track_an_alley_onto_the_hideout_does_not_end_the_night(start):
    g = hunt_at_65()
    assert HIDEOUT in g.board.alley_destinations(start)
    while g.jack != start:
        nxt = next(x for x in steps(g) if g.board.jack_distance(x.circle, start)
                   < g.board.jack_distance(g.jack, start))  # fmt: skip
        jack_round(g, str(nxt))
    jack_round(g, f"alley {HIDEOUT}")
    assert g.jack == HIDEOUT and g.night == 1 and g.outcome is None


def test_track_writing_space_15_away_from_home_loses():
    g = hunt_at_65()
    bounce(g, 13)
    jack_round(g, "step 66")  # space 14
    assert g.next_space() == LAST_SPACE
    g.play("step 90")  # home, but not announced: space 15 written, not home
    assert g.outcome.winner == "police"
    assert g.outcome.reason == "Jack did not reach his hideout by the end of the move track"


def test_track_step_home_on_space_15_saves_jack():
    g = hunt_at_65()
    bounce(g, 13)
    jack_round(g, "step 66")
    assert g.next_space() == LAST_SPACE
    g.play("step 90 home")
    assert g.outcome is None and (g.night, g.phase) == (2, "women")
