"""Letters from Whitechapel rules, one group of tests per tag of the rules
reference (docs/rules/letters-from-whitechapel.md).

Each test plays real actions from the start on the 36-circle tutorial board
(or a small hand-made map) and checks what the engine allows and what it
refuses; every refusal must raise IllegalAction with the reason and leave the
game exactly as it was (`lfw_play.refused`).

Tutorial board facts the tests lean on (all read from the board in place):
red circles 2 4 6 13 19 32 34 36; yellow crossings x11 x18 x22 x24 x31 x37
x41; Goulston Street is x6.  With the default patrols the five policemen
stand on x11 (blue) x18 (yellow) x22 (brown) x24 (red) x31 (green) and the
fakes on x37 x41.
"""

from __future__ import annotations

import pytest

from lfw_play import (
    default_patrols,
    game_on_map,
    go_home,
    jack_round,
    legal_texts,
    move_wretched,
    new_game,
    patrols_text,
    play_night,
    played_ok,
    police_actions,
    police_moves,
    police_turn,
    refused,
    to_hunt,
    to_kill,
    wait,
    women_text,
    yellow,
)
from whitechapel.core.errors import IllegalAction
from whitechapel.lfw import actions as a
from whitechapel.lfw.rulebook import ARRESTED, FOUND_HIDEOUT, TRAPPED

REDS = (2, 4, 6, 13, 19, 32, 34, 36)
YELLOW = ("x11", "x18", "x22", "x24", "x31", "x37", "x41")
NIGHT1 = ((2, 4, 6, 13, 19), (32, 34, 36))  # women: marked / unmarked
# Night-1 patrols that leave x18 (and so the way 2 -> 9 -> 19 -> 21) free.
QUIET = (["x11", "x22", "x24", "x31", "x37"], ["x18", "x41"])


def hunt_at_19(**options):
    """Night 1, default patrols, Jack (hideout 21) kills on 19 at I: T1."""
    g = new_game(**options)
    return to_hunt(g, hideout=21, women=NIGHT1, kill=19)


def steps(g) -> set[int]:
    return {x.circle for x in g.legal_actions() if isinstance(x, a.Step) and not x.home}


# -- S1 ------------------------------------------------------------------------------


def test_S1_the_hideout_is_any_circle_but_a_red_one():
    g = new_game()
    assert (g.phase, g.to_act, g.night) == ("hideout", "jack", 0)
    assert {x.circle for x in g.legal_actions()} == set(g.board.circles) - set(REDS)
    for red in REDS:
        refused(g, f"hideout {red}", r"may not be a red circle \(S1\)")
    refused(g, "hideout 99", "there is no circle 99")
    refused(g, "hideout 5", "jack's turn", side="police")
    g.play("hideout 5")  # next to the red 6 and 13: fine without O5
    assert (g.phase, g.night) == ("women", 1)
    assert g.view("jack").to_json()["jack"]["hideout"] == 5
    assert "jack" not in g.view("police").to_json()  # the police never see it


def test_S1_O5_catch_me_refuses_red_and_red_adjacent_circles():
    g = new_game(catch_me=True)
    near_red = {n for r in REDS for n in g.board.jack_adjacent(r)}
    allowed = set(g.board.circles) - set(REDS) - near_red
    assert allowed == {8, 10, 11, 15, 30}
    assert {x.circle for x in g.legal_actions()} == allowed
    refused(g, "hideout 19", r"red circle \(S1\)")
    for c in (5, 21, 9, 14):
        assert c in near_red
        refused(g, f"hideout {c}", r"next to a red circle \(O5\)")
    g.play("hideout 30")
    assert g.phase == "women"


# -- H1/H2 ---------------------------------------------------------------------------


def test_H2_night_1_has_eight_women_five_marked_on_red_circles_only():
    g = new_game()
    g.play("hideout 21")
    assert g.to_act == "jack"
    refused(g, women_text((2, 4, 6, 13), (19, 32, 34, 36)), r"8 women tokens, 5 of them marked")
    refused(g, women_text((2, 4, 6, 13, 19), (32, 34)), r"8 women tokens, 5 of them marked")
    refused(g, women_text((2, 4, 6, 13, 19), (32, 34, 1)), r"circle 1 is not a red circle \(H2\)")
    refused(g, women_text((2, 4, 6, 13, 19), (32, 34, 4)), "one token per circle")
    refused(g, women_text(*NIGHT1), "jack's turn", side="police")
    legal = g.legal_actions()
    assert legal and all(len(x.marked) == 5 and len(x.unmarked) == 3 for x in legal)
    assert all(set(x.marked) | set(x.unmarked) == set(REDS) for x in legal)
    g.play(women_text(*NIGHT1))
    assert g.phase == "patrols" and g.to_act == "police"
    assert g.view("police").to_json()["women_tokens"] == list(REDS)  # where, not which
    assert g.view("jack").to_json()["jack"]["marked_women"] == [2, 4, 6, 13, 19]
    assert "jack" not in g.view("police").to_json()


def test_H1_H2_women_and_tokens_per_night_and_never_on_a_crime_scene():
    g = new_game()
    g.play("hideout 21")
    counts = {1: (8, 5), 2: (7, 4), 3: (6, 3), 4: (4, 1)}  # women tokens, marked
    tokens = {1: (3, 2), 2: (2, 2), 3: (2, 1), 4: (1, 1)}  # coaches, alleys (§3)
    kills = {1: 19, 2: 4, 3: (6, 2), 4: 13}
    women = {
        1: NIGHT1,
        2: ((2, 4, 6, 13), (32, 34, 36)),
        3: ((2, 6, 13), (32, 34, 36)),
        4: ((13,), (32, 34, 36)),
    }
    for night in (1, 2, 3, 4):
        assert (g.night, g.phase) == (night, "women")
        v = g.view("police").to_json()
        assert (v["coaches_left"], v["alleys_left"]) == tokens[night]
        total, marked = counts[night]
        scenes = [c for _, c in g.crime_scenes]
        free = [c for c in REDS if c not in scenes]
        assert len(free) == total  # every red circle without a crime scene is filled
        many = f"night {night} has {total} women tokens, {marked} of them marked"
        refused(g, women_text(free[: marked - 1], free[marked - 1 :]), many)  # one marked short
        refused(g, women_text(free[: marked + 1], free[marked + 1 :]), many)  # one marked more
        refused(g, women_text(free[:marked], free[marked:-1]), many)  # one token short
        for scene in (c for c in scenes if c in REDS):
            bad = [scene, *[c for c in free if c != scene]][:total]
            refused(g, women_text(bad[:marked], bad[marked:]), r"holds a crime scene \(H2\)")
        legal = g.legal_actions()
        assert legal
        assert all(len(x.marked) == marked and len(x.marked + x.unmarked) == total for x in legal)
        assert all(not set(x.marked + x.unmarked) & set(scenes) for x in legal)
        play_night(g, kills[night], women=women[night], patrols=QUIET if night == 1 else None)
    assert g.outcome.winner == "jack"


# -- H3 ------------------------------------------------------------------------------


def test_H3_night_1_seven_markers_on_yellow_crossings_five_real_two_fakes():
    g = new_game(chiefs=("green", "blue", "yellow", "brown", "red"))
    g.play("hideout 21")
    g.play(women_text(*NIGHT1))
    assert g.chief == "green" and g.view("jack").to_json()["chief"] == "green"
    assert g.acting_colour == "green" and g.to_act == "police"
    refused(g, patrols_text(YELLOW[:5], ["x41", "x13"]), r"yellow crossing \(H3\)")
    refused(g, patrols_text(YELLOW[:5], ["x41"]), r"seven markers on seven crossings")
    refused(g, patrols_text(YELLOW[:5], ["x41", "x11"]), r"seven markers on seven crossings")
    refused(g, patrols_text(YELLOW[:5], ["x41", "x99"]), "there is no crossing 'x99'")
    refused(g, patrols_text(YELLOW[:5], YELLOW[5:]), "police's turn", side="jack")
    before = g.clone()
    with pytest.raises(IllegalAction, match="five real, two fakes"):  # six real
        g.apply(a.Patrols(YELLOW[:6], YELLOW[6:]))
    assert g == before
    # the fakes may be anywhere among the seven; colours follow the text's order
    g.play(patrols_text(["x41", "x37", "x31", "x24", "x22"], ["x11", "x18"]))
    secrets = {
        m["crossing"]: m["colour"]
        for m in g.view("police").to_json()["police_secrets"]["patrol_markers"]
    }
    assert secrets == {
        "x41": "blue",
        "x37": "yellow",
        "x31": "brown",
        "x24": "red",
        "x22": "green",
        "x11": None,
        "x18": None,
    }
    public = g.view("jack").to_json()["patrol_markers"]
    assert {m["crossing"] for m in public} == set(YELLOW)
    assert all(m["colour"] is None and not m["revealed"] for m in public)
    assert "police_secrets" not in g.view("jack").to_json()


def test_H3_the_nights_chief_token_is_turned_in_H3_after_the_women_are_placed():
    """H2 comes before H3: Jack places the women before the Chief token is
    turned, so neither side can know tonight's Chief in H2."""
    chiefs = ("red", "green", "yellow", "brown", "blue")
    g = new_game(chiefs=chiefs)
    g.play("hideout 21")
    for night in (1, 2):
        assert (g.night, g.phase) == (night, "women")
        for side in ("jack", "police"):
            v = g.view(side).to_json()
            assert v["chief"] != chiefs[night - 1]
            assert chiefs[night - 1] not in [
                e.get("chief") for e in v["log"] if e["night"] == night
            ]
        g.play(women_text(*NIGHT1) if night == 1 else women_text((2, 4, 6, 13), (32, 34, 36)))
        assert g.view("jack").to_json()["chief"] == chiefs[night - 1]  # turned in H3
        g.play(default_patrols(g) if night == 2 else patrols_text(*QUIET))
        g.play(f"kill {19 if night == 1 else 4}")
        go_home(g)


def night_2_after_moves(moves, **options):
    """Night 1 with blue x11->x13 (off yellow) in the first T2, then home: H3 of night 2."""
    g = new_game(**options)
    to_hunt(g, hideout=21, women=NIGHT1, kill=19)
    jack_round(g, "step 20", moves=moves)
    go_home(g)
    assert g.night == 2
    g.play(women_text((2, 4, 6, 13), (32, 34, 36)))
    assert g.phase == "patrols"
    return g


def test_H3_night_2_five_markers_where_the_police_ended_and_two_on_free_yellow():
    g = night_2_after_moves({"blue": "x13"})
    ended = ["x13", "x18", "x22", "x24", "x31"]
    assert [g.police[c] for c in ("blue", "yellow", "brown", "red", "green")] == ended
    assert g.chief == "yellow"
    # an end position left empty
    refused(
        g,
        patrols_text(["x11", "x18", "x22", "x24", "x31"], ["x37", "x41"]),
        r"where the policemen ended last night \(H3\)",
    )
    # the two others on a non-yellow crossing
    refused(g, patrols_text(ended, ["x37", "x7"]), r"yellow crossings no policeman held \(H3\)")
    # fakes on end positions, real markers on the free yellow crossings: allowed
    g.play(patrols_text(["x11", "x41", "x22", "x24", "x31"], ["x13", "x18"]))
    secrets = {
        m["crossing"]: m["colour"]
        for m in g.view("police").to_json()["police_secrets"]["patrol_markers"]
    }
    assert secrets["x13"] is None and secrets["x18"] is None
    assert secrets["x11"] == "blue" and secrets["x41"] == "yellow"
    assert g.phase == "kill"


# -- H4/H5 ---------------------------------------------------------------------------


def test_H4_marked_women_become_wretched_and_the_marker_goes_on_I():
    g = to_kill(new_game(), hideout=21, women=NIGHT1)
    v = g.view("police").to_json()
    assert g.phase == "kill" and g.to_act == "jack"
    assert v["wretched"] == [2, 4, 6, 13, 19]  # unmarked 32 34 36 left the board
    assert v["women_tokens"] == []
    assert v["time_of_the_crime"] == "I"
    assert g.crime_space == 4


def test_H5_wait_moves_the_marker_one_space_left_and_on_V_jack_must_kill():
    g = to_kill(new_game(), hideout=21, women=NIGHT1)
    assert legal_texts(g) == {"kill 2", "kill 4", "kill 6", "kill 13", "kill 19", "wait"}
    refused(g, "kill 32", r"kills where a Wretched stands \(H5\)")
    refused(g, "kill 2 4", r"one victim a night, except night 3 \(N3\)")
    refused(g, "kill 2", "jack's turn", side="police")
    for roman in ("II", "III", "IV", "V"):
        wait(g)
        assert g.view("police").to_json()["time_of_the_crime"] == roman
    assert g.crime_space == 0
    assert "wait" not in legal_texts(g)
    refused(g, "wait", r"Jack must kill \(H5\)")
    victim = g.wretched[0]
    g.play(f"kill {victim}")
    assert g.view("police").to_json()["track"] == [{"space": "V", "index": 0, "how": "crime"}]


# -- H6 ------------------------------------------------------------------------------


def h6_night_1():
    """Night 1, markers on all seven yellow crossings, Wretched on 4 13 19 34 36."""
    g = to_kill(new_game(), hideout=21, women=((4, 13, 19, 34, 36), (2, 6, 32)))
    g.play("wait")
    assert g.phase == "wretched" and g.to_act == "police" and g.acting_colour == "blue"
    return g


def targets(g, source):
    return {x.target for x in g.legal_actions() if x.source == source}


def test_H6_wretched_move_to_an_empty_jack_adjacent_circle_not_beside_or_through_a_marker():
    g = h6_night_1()
    assert g.to_move == [4, 13, 19, 34, 36]
    # 19's Jack-adjacent circles: 4 9 16 17 18 20 21 24 25 28
    assert set(g.board.jack_adjacent(19)) == {4, 9, 16, 17, 18, 20, 21, 24, 25, 28}
    assert targets(g, 19) == {20, 21, 28}
    beside = {c for x in g.markers for c in g.board.direct_circles(x)}
    assert not beside & {9, 16, 26}  # refused below only for passing a marker
    assert {frozenset({"x10", "x18"})} == set(g.board.step_paths(19, 9))
    assert g.markers["x41"].colour is None  # a fake, still a patrol marker
    refused(g, "wretched 19>4", "cannot go to 4")  # another Wretched: not empty
    refused(g, "wretched 19>9", "cannot go to 9")  # only through x18, which holds a marker
    refused(g, "wretched 19>16", "cannot go to 16")  # likewise
    refused(g, "wretched 19>17", "cannot go to 17")  # beside x11 and x18
    refused(g, "wretched 19>24", "cannot go to 24")  # beside x24
    assert targets(g, 4) == {20, 21, 28}
    refused(g, "wretched 4>12", "cannot go to 12")  # beside x11
    refused(g, "wretched 4>5", "cannot go to 5")  # not Jack-adjacent
    assert targets(g, 36) == {27}
    refused(g, "wretched 36>26", "cannot go to 26")  # through x41 only (a fake: still a marker)
    refused(g, "wretched 36>35", "cannot go to 35")  # beside x41
    assert targets(g, 13) == {5, 22}
    assert targets(g, 34) == {22}
    refused(g, "wretched 34>23", "cannot go to 23")  # beside x31
    refused(g, "wretched 2>3", "no Wretched left to move on 2")
    refused(g, "wretched 19>20", "police's turn", side="jack")
    # a Wretched with a legal move may not stay
    refused(g, "wretched 34=", r"stays only when it has no legal move \(H6\)")
    # once 13 takes 22, 34 has nowhere to go and must stay
    g.play("wretched 13>22")
    assert legal_texts(g) >= {"wretched 34="}
    assert targets(g, 34) == {None}
    refused(g, "wretched 34>22", "cannot go to 22")
    refused(g, "wretched 22>13", "no Wretched left to move on 22")  # moved already
    g.play("wretched 34=")
    g.play("wretched 4>20")
    assert targets(g, 19) == {4, 21, 28}  # 4 is empty now, 20 is not
    g.play("wretched 19>4")
    g.play("wretched 36>27")
    assert g.phase == "reveal" and g.to_act == "jack"
    assert sorted(g.view("police").to_json()["wretched"]) == [4, 20, 22, 27, 34]


def test_H6_wretched_may_not_end_on_a_crime_scene():
    # Night 1: the Wretched of 4 walks to 21 and dies there (21 is not red).
    g = to_kill(new_game(), hideout=28, women=NIGHT1)
    wait(g, moves={4: 21})
    g.play("kill 21")
    go_home(g)
    assert g.night == 2 and g.crime_scenes == [(1, 21)]
    to_kill(g, women=((2, 4, 6, 13), (19, 32, 34)))
    g.play("wait")
    # 4 -> 21: Jack-adjacent through x7, no marker near, but a crime scene
    assert 21 in g.board.jack_adjacent(4)
    markers = set(g.markers)
    assert not {"x7", "x20", "x8"} & markers
    assert 21 not in targets(g, 4)
    refused(g, "wretched 4>21", "cannot go to 21")


# -- H7 ------------------------------------------------------------------------------


def test_H7_jack_turns_a_marker_a_fake_leaves_a_real_one_stays_face_up():
    g = to_kill(new_game(), hideout=21, women=NIGHT1)  # real x11..x31, fakes x37 x41
    g.play("wait")
    move_wretched(g)
    assert g.phase == "reveal" and g.to_act == "jack"
    assert legal_texts(g) == {f"reveal {x}" for x in YELLOW}
    refused(g, "reveal x13", r"face-down patrol marker \(H7\)")
    g.play("reveal x41")  # a fake: removed
    v = g.view("jack").to_json()
    assert "x41" not in {m["crossing"] for m in v["patrol_markers"]}
    assert g.phase == "kill"
    g.play("wait")
    move_wretched(g)
    refused(g, "reveal x41", r"face-down patrol marker \(H7\)")
    g.play("reveal x11")  # real: stays, face up, its colour public
    for side in ("jack", "police"):
        shown = {m["crossing"]: m for m in g.view(side).to_json()["patrol_markers"]}
        assert shown["x11"] == {"crossing": "x11", "revealed": True, "colour": "blue"}
        assert shown["x18"]["colour"] is None and not shown["x18"]["revealed"]
    g.play("wait")
    move_wretched(g)
    assert "reveal x11" not in legal_texts(g)
    refused(g, "reveal x11", r"face-down patrol marker \(H7\)")
    # the revealed real marker still holds its crossing for the Wretched (H6)
    g.play("reveal x18")
    g.play("wait")
    assert all(12 not in targets(g, w) for w in g.to_move)  # 12 is beside x11


# -- H8/H9 ---------------------------------------------------------------------------


def test_H8_H9_the_crime_is_written_under_the_marker_and_the_alarm_brings_the_police():
    g = to_kill(new_game(), hideout=21, women=NIGHT1)
    secrets = g.view("police").to_json()["police_secrets"]["patrol_markers"]
    real = {m["colour"]: m["crossing"] for m in secrets if m["colour"]}
    wait(g, reveal="x41", moves={19: 20})
    wait(g, reveal="x37", moves={20: 21})
    assert g.view("jack").to_json()["time_of_the_crime"] == "III"
    victim = 21  # the Wretched of 19 walked to 20, then 21
    assert victim in g.wretched
    g.play(f"kill {victim}")
    jv, pv = g.view("jack").to_json(), g.view("police").to_json()
    assert jv["jack"]["path"][0] == [{"space": "III", "circle": 21, "how": "crime"}]
    assert jv["jack"]["position"] == 21 and g.jack == 21
    assert pv["track"] == [{"space": "III", "index": 2, "how": "crime"}]
    assert pv["crime_scenes"] == [{"night": 1, "circle": 21}]
    assert pv["police"] == real  # real markers became policemen of their colour
    assert pv["patrol_markers"] == [] and pv["wretched"] == []  # fakes, Wretched gone
    assert g.phase == "escape" and g.to_act == "jack"


# -- T1 ------------------------------------------------------------------------------


def test_T1_normal_move_blocked_only_when_every_path_passes_a_policeman():
    g = hunt_at_19()
    assert g.police["yellow"] == "x18"
    # every street from 19 to 9 16 17 18 24 25 passes x18
    assert steps(g) == {4, 20, 21, 28}
    refused(g, "step 17", r"every street there passes a crossing held by a policeman \(T1\)")
    refused(g, "step 5", r"not Jack-adjacent")
    refused(g, "step 20", "jack's turn", side="police")
    jack_round(g, "step 21", moves={"blue": "x7"})
    # 21 -> 12 only through x7; 21 -> 4 and 21 -> 20 also round by x20
    assert {frozenset({"x7"})} == set(g.board.step_paths(21, 12))
    assert frozenset({"x7"}) in g.board.step_paths(21, 4)
    assert steps(g) == {4, 19, 20, 28}
    refused(g, "step 12", "every street there passes")
    jack_round(g, "step 4", moves={"yellow": "x20"})  # x18 -> x19 -> x20
    assert g.police["blue"] == "x7" and g.police["yellow"] == "x20"
    assert steps(g) == set()  # x7 and x20 close every street from 4
    for c in (12, 19, 20, 21, 28):
        refused(g, f"step {c}", "every street there passes")


def test_T1_coach_two_steps_ignoring_police_to_two_new_circles():
    g = hunt_at_19()
    coaches = {(x.first, x.second) for x in g.legal_actions() if isinstance(x, a.Coach)}
    assert coaches == set(g.board.coach_routes(19))
    assert (18, 26) in coaches and (9, 10) in coaches  # through x18, held by yellow
    assert all(m != 19 and e not in (19, m) for m, e in coaches)
    refused(g, "coach 18 19", r"two Jack-adjacent steps to two new circles \(T1\)")
    refused(g, "coach 18 5", r"two Jack-adjacent steps")
    refused(g, "coach 5 6", r"two Jack-adjacent steps")
    g.play("coach 18 26")
    v = g.view("police").to_json()
    assert v["track"][1:] == [
        {"space": "1", "index": 5, "how": "coach"},
        {"space": "2", "index": 6, "how": "coach"},
    ]
    assert v["coaches_left"] == 2 and g.jack == 26
    assert "jack" not in v  # the police never see the circles


def test_T1_alley_along_one_block_ignoring_police():
    g = hunt_at_19()
    alleys = {x.circle for x in g.legal_actions() if isinstance(x, a.Alley)}
    assert alleys == set(g.board.alley_destinations(19)) == {17, 18, 20, 27, 28}
    assert 27 not in g.board.jack_adjacent(19)  # an alley is no normal move
    refused(g, "alley 9", r"an alley crosses one block to another circle on its edge \(T1\)")
    jack_round(g, "alley 17")  # next to yellow's x18: police ignored
    assert g.view("police").to_json()["track"][-1] == {"space": "1", "index": 5, "how": "alley"}
    assert g.alleys == 1
    assert 20 in g.board.alley_destinations(17)
    jack_round(g, "alley 20")
    assert g.alleys == 0
    assert not any(isinstance(x, a.Alley) for x in g.legal_actions())
    dest = g.board.alley_destinations(g.jack)[0]
    refused(g, f"alley {dest}", r"no alley token left tonight \(T1\)")


def test_T1_tokens_per_night_are_lost_at_the_end_of_the_night():
    g = hunt_at_19()
    assert (g.coaches, g.alleys) == (3, 2)
    jack_round(g, "coach 20 21")
    jack_round(g, "coach 28 27")
    jack_round(g, "coach 28 4")
    assert g.coaches == 0
    assert not any(isinstance(x, a.Coach) for x in g.legal_actions())
    refused(g, "coach 28 27", r"no coach token left tonight \(T1\)")
    go_home(g)  # 21 is home; alleys unused
    assert g.night == 2
    assert (g.view("jack").to_json()["coaches_left"], g.view("jack").to_json()["alleys_left"]) == (
        2,
        2,
    )


def test_T1_step_home_only_on_the_hideout_and_it_ends_the_night():
    g = hunt_at_19()  # hideout 21
    assert "step 21 home" in legal_texts(g)
    assert "step 20 home" not in legal_texts(g)
    refused(g, "step 20 home", r"only the hideout can be announced \(T1\)")
    jack_round(g, "step 21", acts={"yellow": "search 19"})  # home, unannounced: a bluff
    assert g.night == 1 and g.phase == "escape"
    assert g.view("police").to_json()["clues"] == [19]
    jack_round(g, "step 20")
    g.play("step 21 home")
    assert (g.night, g.phase, g.to_act) == (2, "women", "jack")
    pv = g.view("police").to_json()
    assert pv["clues"] == [] and pv["police"] == {}  # clues go, policemen leave the board
    assert pv["crime_scenes"] == [{"night": 1, "circle": 19}]  # crime scenes stay
    assert g.police["blue"] == "x11"  # where they ended: night 2's patrols


def trap_map() -> dict:
    """Eight red dead ends 1..8, each behind its own yellow crossing y1..y8
    with one circle 11..18 beyond; no blocks, no circle with two neighbours."""
    circles = [{"n": n, "x": 10 * n, "y": 5, "red": True} for n in range(1, 9)]
    circles += [{"n": 10 + n, "x": 10 * n, "y": 25} for n in range(1, 9)]
    crossings = [
        {"id": f"y{n}", "x": 10 * n, "y": 15, "yellow": n <= 7, "goulston": n == 8}
        for n in range(1, 9)
    ]
    segments = [[n, f"y{n}"] for n in range(1, 9)] + [[f"y{n}", 10 + n] for n in range(1, 9)]
    data = {
        "format": "whitechapel-map",
        "version": 1,
        "name": "dead ends",
        "canvas": {"width": 100, "height": 30},
        "sectors": {"columns": [30, 60], "rows": [15]},
        "circles": circles,
        "crossings": crossings,
        "segments": segments,
    }
    return data


def test_T1_jack_with_no_legal_move_loses():
    g = game_on_map(trap_map())
    g.play("hideout 12")
    g.play(women_text((1, 2, 3, 4, 5), (6, 7, 8)))
    g.play(patrols_text(["y1", "y2", "y3", "y4", "y5"], ["y6", "y7"]))
    # Wretched on 2..5 would be free; kill on 1, whose only street passes y1
    g.play("kill 1")
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.reason) == ("police", TRAPPED)
    refused(g, "step 11", "the game is over")


# -- T2 ------------------------------------------------------------------------------


def test_T2_zero_to_two_steps_never_ending_on_another_policeman():
    g = hunt_at_19()
    g.play("step 20")
    assert g.phase == "hunt" and g.acting_colour == "blue"
    b = g.board
    legal = {x.crossing for x in g.legal_actions()}
    assert None in legal  # stay
    within_two = {x for x in b.crossings if 1 <= b.police_distance("x11", x) <= 2}
    assert legal - {None} == within_two - set(g.police.values())
    refused(g, "blue x18", r"another policeman ends his move there \(T2\)")
    refused(g, "blue x12", r"at most two steps between crossings \(T2\)")  # three steps
    assert b.police_distance("x11", "x12") == 3
    assert "x17" not in b.police_adjacent("x11")
    g.play("blue x17")  # x11 -> x18 (yellow stands there) -> x17: passing is fine
    assert g.police["blue"] == "x17"


def test_T2_the_chief_moves_first_then_clockwise_wrong_colour_refused():
    g = to_hunt(
        new_game(chiefs=("red", "blue", "yellow", "brown", "green")),
        hideout=21,
        women=NIGHT1,
        kill=19,
    )
    g.play("step 20")
    order = []
    while g.phase == "hunt":
        colour = g.acting_colour
        order.append(colour)
        for other in {"blue", "yellow", "brown", "red", "green"} - {colour}:
            refused(g, f"{other} stay", f"the {colour} policeman moves now")
        g.play(f"{colour} stay")
    assert order == ["red", "green", "blue", "yellow", "brown"]
    assert g.phase == "clues" and g.acting_colour == "red"


def test_T2_a_policeman_may_end_where_another_one_just_left():
    g = hunt_at_19()
    g.play("step 20")
    g.play("blue x7")
    g.play("yellow x11")
    assert g.police["yellow"] == "x11"


# -- T3 ------------------------------------------------------------------------------


def test_T3_search_names_circles_one_at_a_time_until_a_clue_or_all_are_named():
    g = hunt_at_19()
    jack_round(g, "step 20")
    g.play("step 21")
    police_moves(g)
    assert g.phase == "clues" and g.acting_colour == "blue"
    # blue on x11: 10 11 12 17, none on Jack's path (19, 20, 21)
    assert g.board.direct_circles("x11") == (10, 11, 12, 17)
    refused(g, "blue search 20", r"directly adjacent to his crossing \(T3\)")
    refused(g, "yellow search 19", r"the blue policeman acts now")
    g.play("blue search 17")
    assert g.phase == "searching" and g.acting_colour == "blue"
    assert legal_texts(g) == {"blue search 10", "blue search 11", "blue search 12"}
    refused(g, "blue search 17", "directly adjacent")  # named already
    refused(g, "blue arrest 10", r"not allowed now")
    refused(g, "blue pass", r"not allowed now")
    refused(g, "yellow search 19", r"still searching")
    g.play("blue search 10")
    g.play("blue search 12")
    g.play("blue search 11")  # all named, none written: his action ends
    assert g.phase == "clues" and g.acting_colour == "yellow"
    assert g.view("police").to_json()["searched"] == [17, 10, 12, 11]
    # yellow on x18: 17 18 19 24 25; 19 (the crime scene) is written tonight
    g.play("yellow search 24")
    assert g.phase == "searching"
    g.play("yellow search 19")  # a clue: the action ends before 17 18 25
    assert g.view("police").to_json()["clues"] == [19]
    assert g.phase == "clues" and g.acting_colour == "brown"


def test_T3_arrest_names_one_directly_adjacent_circle():
    g = hunt_at_19()
    jack_round(g, "step 20", moves={"blue": "x7"})
    assert g.acting_colour is None  # Jack's T1 again
    g.play("step 21")
    police_moves(g)
    assert g.acting_colour == "blue" and g.police["blue"] == "x7"
    refused(g, "blue arrest 19", r"directly adjacent to his crossing \(T3\)")
    g.play("blue arrest 12")  # wrong: nothing learned beyond that
    v = g.view("police").to_json()
    assert v["failed_arrests"] == [{"night": 1, "colour": "blue", "circles": [12]}]
    assert g.acting_colour == "yellow" and g.outcome is None
    police_actions(g)
    g.play("step 20")
    police_moves(g)
    g.play("blue arrest 20")
    assert (g.outcome.winner, g.outcome.reason) == ("police", ARRESTED)
    assert g.view("police").to_json()["jack"]["position"] == 20  # shown once the game is over


def test_T3_police_may_search_or_arrest_only_on_their_own_direct_circles():
    g = hunt_at_19()
    g.play("step 20")
    police_moves(g)
    for colour, x in sorted(g.police.items(), key=lambda kv: g.police_order().index(kv[0])):
        near = set(g.board.direct_circles(x))
        legal = legal_texts(g)
        assert {f"{colour} search {c}" for c in near} <= legal
        assert {f"{colour} arrest {c}" for c in near} <= legal
        far = next(c for c in g.board.circles if c not in near)
        refused(g, f"{colour} search {far}", "directly adjacent")
        refused(g, f"{colour} arrest {far}", "directly adjacent")
        g.play(f"{colour} pass")


# -- N3 ------------------------------------------------------------------------------


def to_night_3(**options):
    g = new_game(**options)
    play_night(g, 19, hideout=21, women=NIGHT1, patrols=QUIET)
    play_night(g, 4, women=((2, 4, 6, 13), (32, 34, 36)))
    assert g.night == 3
    return to_kill(g, women=((2, 6, 13), (32, 34, 36)))


def test_N3_the_double_event_kills_two_in_jacks_order_and_the_hunt_starts_at_T2():
    g = to_night_3()
    legal = legal_texts(g)
    assert {"kill 6 2", "kill 2 6", "kill 13 6", "wait"} <= legal
    assert "kill 6" not in legal
    refused(g, "kill 6", r"double event: Jack kills two \(N3\)")
    refused(g, "kill 6 6", r"kills where a Wretched stands")
    refused(g, "kill 6 32", r"kills where a Wretched stands")
    g.play("kill 6 2")
    row = g.view("jack").to_json()["jack"]["path"][2]
    assert row == [
        {"space": "I", "circle": 6, "how": "crime"},
        {"space": "1", "circle": 2, "how": "crime"},
    ]
    assert g.jack == 2
    assert g.phase == "hunt" and g.to_act == "police"
    assert g.acting_colour == g.chief == "brown"
    assert {c["circle"] for c in g.view("police").to_json()["crime_scenes"] if c["night"] == 3} == {
        2,
        6,
    }
    police_turn(g)
    assert g.phase == "escape" and g.next_space() == 6  # the second kill was move 1


def test_N3_the_police_know_both_crime_scenes_but_not_their_order():
    views = []
    for order in ("6 2", "2 6"):
        g = to_night_3()
        g.play(f"kill {order}")
        views.append(g.view("police").to_json())
    assert views[0] == views[1]


# -- O1 letters ----------------------------------------------------------------------


def letters_night_2(moves=None, patrols=None):
    """letters on; night 1 blue x11->x13 and red x24->x28 (two yellow freed); H3 of night 2."""
    g = night_2_after_moves(moves or {"blue": "x13", "red": "x28"}, letters=True)
    g.play(patrols or patrols_text(["x13", "x18", "x22", "x28", "x31"], ["x37", "x41"]))
    return g


def test_O1_no_letter_on_night_1():
    g = new_game(letters=True)
    to_kill(g, hideout=21, women=NIGHT1, letter=None)
    assert g.phase == "kill"
    refused(g, "letter dear-boss x41 x13", "not allowed now")
    g.play("kill 19")
    g.play("step 20")
    assert g.phase == "hunt"  # no graffito on night 1


def test_O1_letters_in_H3_by_sector_to_free_yellow_crossings():
    g = letters_night_2()
    assert g.phase == "letter" and g.to_act == "jack"
    free = {"x11", "x24"}
    assert set(yellow(g)) - set(g.markers) == free
    legal = legal_texts(g)
    # Dear Boss: A/a or C/b -> only x41 (C/b); From Hell: A/b or C/a -> x13 x22 x31
    assert {x for x in legal if x.startswith("letter dear-boss")} == {
        f"letter dear-boss x41 {y}" for y in free
    }
    assert {x.split()[2] for x in legal if x.startswith("letter from-hell")} == {
        "x13",
        "x22",
        "x31",
    }
    # Saucy Jacky: two of the markers in B/a or B/b: x18 x28 x37
    assert {x for x in legal if x.startswith("letter saucy-jacky")} == {
        "letter saucy-jacky x18 x28",
        "letter saucy-jacky x18 x37",
        "letter saucy-jacky x28 x37",
    }
    assert "no-letter" in legal
    refused(g, "letter dear-boss x22 x11", r"sector A/a or C/b")
    refused(g, "letter dear-boss x41 x13", r"sector A/a or C/b and free yellow")
    refused(g, "letter from-hell x41 x11", r"sector A/b or C/a")
    refused(g, "letter saucy-jacky x18 x22", r"sector B/a or B/b")
    refused(g, "letter goulston red", r"written in the Hunt")
    before = g.view("police").to_json()["police_secrets"]["patrol_markers"]
    colour = {m["crossing"]: m["colour"] for m in before}["x41"]
    g.play("letter dear-boss x41 x11")
    after = {
        m["crossing"]: m["colour"]
        for m in g.view("police").to_json()["police_secrets"]["patrol_markers"]
    }
    assert "x41" not in after and after["x11"] == colour  # moved unseen, unchanged
    assert g.phase == "kill"
    assert g.view("jack").to_json()["letters"] == [{"night": 2, "letter": "dear-boss"}]
    # at most one letter a night: no graffito after Jack's move tonight
    g.play("kill 4")
    g.play("step 21 home")
    assert g.night == 3


def test_O1_each_letter_once_a_game():
    g = letters_night_2()
    g.play("letter from-hell x22 x24")
    g.play("kill 4")
    go_home(g)
    assert g.night == 3
    g.play(women_text((2, 6, 13), (32, 34, 36)))
    g.play(default_patrols(g))
    assert sorted(g.markers) == ["x11", "x13", "x18", "x22", "x24", "x28", "x31"]
    assert set(yellow(g)) - set(g.markers) == {"x37", "x41"}
    assert g.board.sector("x22") == "A/b"  # From Hell's sector, a free yellow to go to
    assert g.phase == "letter"
    assert legal_texts(g) == {
        "letter saucy-jacky x18 x24",
        "letter saucy-jacky x18 x28",
        "letter saucy-jacky x24 x28",
        "no-letter",
    }
    refused(g, "letter from-hell x22 x37", r"each letter may be sent once a game \(O1\)")


def test_O1_saucy_jacky_the_chief_moves_both_picked_markers_to_free_yellow():
    g = letters_night_2()
    g.play("letter saucy-jacky x18 x37")
    assert g.phase == "saucy" and g.to_act == "police" and g.acting_colour == "yellow"
    assert legal_texts(g) == {"saucy x18>x11 x37>x24", "saucy x18>x24 x37>x11"}
    refused(g, "saucy x18>x11 x28>x24", r"the two markers Jack picked")
    refused(g, "saucy x18>x11 x37>x11", r"different free yellow crossing")
    refused(g, "saucy x18>x11 x37>x7", r"different free yellow crossing")
    refused(g, "saucy x18>x11 x37>x24", "police's turn", side="jack")
    secrets = {
        m["crossing"]: m["colour"]
        for m in g.view("police").to_json()["police_secrets"]["patrol_markers"]
    }
    g.play("saucy x18>x24 x37>x11")
    now = {
        m["crossing"]: m["colour"]
        for m in g.view("police").to_json()["police_secrets"]["patrol_markers"]
    }
    assert now["x24"] == secrets["x18"] and now["x11"] == secrets["x37"]
    assert "x18" not in now and "x37" not in now
    assert g.phase == "kill"


def test_O1_goulston_graffito_after_jacks_move_chief_moves_named_or_brown():
    g = letters_night_2()
    g.play("no-letter")
    g.play("kill 4")
    g.play("step 21")
    assert g.phase == "graffito" and g.to_act == "jack"
    assert legal_texts(g) == {
        "letter goulston red",
        "letter goulston green",
        "letter goulston blue",
        "no-letter",
    }
    refused(g, "letter goulston yellow", r"naming red, green or blue \(O1\)")
    refused(g, "letter goulston brown", r"naming red, green or blue \(O1\)")
    refused(g, "letter dear-boss x41 x11", r"naming red, green or blue")
    g.play("letter goulston green")
    assert g.phase == "graffito_chief" and g.to_act == "police" and g.acting_colour == "yellow"
    assert legal_texts(g) == {"graffito green", "graffito brown"}
    refused(g, "graffito red", r"the green or the brown policeman \(O1\)")
    g.play("graffito brown")
    assert g.police["brown"] == g.board.goulston == "x6"
    assert g.phase == "hunt" and g.acting_colour == "yellow"
    police_turn(g)
    g.play("step 20")  # one letter a night: no second graffito
    assert g.phase == "hunt"
    police_turn(g)
    g.play("step 21 home")
    # night 3: the graffito was used, H3 letters still open
    to_kill(g, women=((2, 6, 13), (32, 34, 36)), letter=None)
    assert g.phase == "letter" and "no-letter" in legal_texts(g)
    assert any(x.startswith("letter dear-boss") for x in legal_texts(g))
    assert not any("goulston" in x for x in legal_texts(g))
    g.play("no-letter")
    g.play("kill 6 2")
    police_turn(g)
    g.play(str(next(x for x in g.legal_actions() if isinstance(x, a.Step))))
    assert g.phase == "hunt"  # graffito once a game


def test_O1_graffito_chief_picks_the_named_policeman():
    g = letters_night_2()
    g.play("no-letter")
    g.play("kill 4")
    g.play("step 21")
    g.play("letter goulston red")
    g.play("graffito red")
    assert g.police["red"] == "x6"


# -- O2 false clues ------------------------------------------------------------------


def five_clues(**options):
    """Night 1 (hideout 26): Jack 19 -> 20 -> 21 -> 28 -> 27 while the police
    find a clue on each of them: five clues."""
    g = hunt_at_19_h(26, **options)
    jack_round(
        g, "step 20", moves={"blue": "x7"}, acts={"blue": "search 20", "yellow": "search 19"}
    )
    jack_round(g, "step 21", acts={"blue": ["search 21"]})
    jack_round(g, "step 28", moves={"yellow": "x20"}, acts={"yellow": "search 28"})
    assert g.view("police").to_json()["clues"] == [20, 19, 21, 28]
    assert g.false_clue_tokens == 0
    g.play("step 27")
    police_moves(g, {"yellow": "x25"})
    g.play("blue pass")
    g.play("yellow search 27")
    assert g.view("police").to_json()["clues"] == [20, 19, 21, 28, 27]
    police_actions(g)
    return g


def hunt_at_19_h(hideout, **options):
    g = new_game(**options)
    return to_hunt(g, hideout=hideout, women=NIGHT1, kill=19)


def test_O2_a_false_clue_for_five_clues_placed_at_the_start_of_T3():
    g = five_clues(false_clues=True)
    assert g.view("jack").to_json()["false_clue_tokens"] == 1
    g.play("step 36")
    police_moves(g)
    assert g.phase == "false_clue" and g.to_act == "jack"
    refused(g, "blue pass", "jack's turn", side="police")
    g.play("false-clue 27")
    assert g.phase == "clues" and g.view("police").to_json()["false_clues"] == [27]
    assert g.false_clue_tokens == 0
    g.play("blue pass")
    assert g.acting_colour == "yellow" and g.police["yellow"] == "x25"
    refused(
        g, "yellow search 27", r"a false clue lies on 27: no search or arrest may target it \(O2\)"
    )
    refused(g, "yellow arrest 27", r"a false clue lies on 27")
    assert not any("27" in x for x in legal_texts(g))
    police_actions(g)
    go_home(g)
    assert g.night == 2
    assert g.view("police").to_json()["false_clues"] == [] and g.false_clue_tokens == 0


def test_O2_unused_false_clues_are_lost_at_the_end_of_the_night():
    g = five_clues(false_clues=True)
    g.play("step 36")
    police_moves(g)
    g.play("no-false-clue")
    assert g.false_clue_tokens == 1
    police_actions(g)
    go_home(g)
    assert g.night == 2 and g.view("jack").to_json()["false_clue_tokens"] == 0


def test_O2_off_no_false_clue_for_five_clues():
    g = five_clues()
    assert g.false_clue_tokens == 0
    g.play("step 36")
    police_moves(g)
    assert g.phase == "clues"


# -- O3 chase ------------------------------------------------------------------------


def test_O3_chase_moves_to_a_free_police_adjacent_crossing_as_the_action():
    g = hunt_at_19(chase=True)
    g.play("step 20")
    police_moves(g)
    assert g.acting_colour == "blue" and g.police["blue"] == "x11"
    chases = {x.crossing for x in g.legal_actions() if isinstance(x, a.Chase)}
    assert chases == set(g.board.police_adjacent("x11")) - set(g.police.values())
    refused(g, "blue chase x18", "another policeman stands there")
    refused(g, "blue chase x17", r"a chase goes to a police-adjacent crossing \(O3\)")
    g.play("blue chase x13")
    assert g.police["blue"] == "x13" and g.acting_colour == "yellow"


def test_O3_O4_O6_refused_when_their_option_is_off():
    g = to_hunt(
        new_game(chiefs=("brown", "blue", "yellow", "red", "green")),
        hideout=21,
        women=NIGHT1,
        kill=19,
    )
    g.play("step 20")
    police_moves(g)
    legal = legal_texts(g)
    assert not any(" chase " in x or "area-arrest" in x or x.startswith("know") for x in legal)
    colour = g.acting_colour
    refused(
        g,
        f"{colour} chase {g.board.police_adjacent(g.police[colour])[0]}",
        r"the chase is an optional rule that is off \(O3\)",
    )
    refused(g, f"{colour} area-arrest", r"area arrests are an optional rule that is off \(O4\)")
    refused(g, "know 21", r"once a game, on a night whose Chief is brown or red \(O6\)")


# -- O4 area arrest ------------------------------------------------------------------


def test_O4_area_arrest_names_every_directly_adjacent_circle():
    g = hunt_at_19(area_arrest=True)
    jack_round(g, "step 21", moves={"blue": "x7"})
    g.play("step 28")
    police_moves(g)
    assert "blue area-arrest" in legal_texts(g)
    g.play("blue area-arrest")  # x7: 4 12 20 21, Jack is on 28
    assert g.view("police").to_json()["failed_arrests"] == [
        {"night": 1, "colour": "blue", "circles": [4, 12, 20, 21]}
    ]
    police_actions(g)
    g.play("step 21")
    police_moves(g)
    g.play("blue area-arrest")
    assert (g.outcome.winner, g.outcome.reason) == ("police", ARRESTED)


# -- O6 I know where you live --------------------------------------------------------


def test_O6_naming_the_hideout_wins_on_a_brown_or_red_night_once_a_game():
    g = to_hunt(
        new_game(chiefs=("brown", "blue", "yellow", "red", "green"), know_where_you_live=True),
        hideout=21,
        women=NIGHT1,
        kill=19,
    )
    g.play("step 20")
    police_moves(g)
    assert "know 21" in legal_texts(g)
    refused(g, "know 99", "there is no circle 99")
    g.play("know 5")
    assert g.outcome is None and g.view("police").to_json()["know_used"]
    assert g.acting_colour == "brown"  # it was no policeman's action
    assert "know 21" not in legal_texts(g)
    refused(g, "know 21", r"only once a game")
    # a fresh game: the hideout named wins at once
    g2 = to_hunt(
        new_game(chiefs=("red", "blue", "yellow", "brown", "green"), know_where_you_live=True),
        hideout=21,
        women=NIGHT1,
        kill=19,
    )
    g2.play("step 20")
    police_moves(g2)
    g2.play("know 21")
    assert (g2.outcome.winner, g2.outcome.reason) == ("police", FOUND_HIDEOUT)


def test_O6_not_on_a_night_whose_chief_is_blue_yellow_or_green():
    g = new_game(chiefs=("blue", "red", "yellow", "brown", "green"), know_where_you_live=True)
    to_hunt(g, hideout=21, women=NIGHT1, kill=19)
    g.play("step 20")
    police_moves(g)
    refused(g, "know 21", r"Chief is brown or red \(O6\)")
    police_actions(g)
    go_home(g)
    to_hunt(g, women=((2, 4, 6, 13), (32, 34, 36)), kill=4)
    assert g.chief == "red"
    g.play("step 20")
    police_moves(g)
    played_ok(g, "know 21")
    assert g.outcome.reason == FOUND_HIDEOUT


def test_default_patrols_helper_matches_the_tutorial():
    g = new_game()
    g.play("hideout 21")
    g.play(women_text(*NIGHT1))
    assert default_patrols(g) == patrols_text(YELLOW[:5], YELLOW[5:])
