"""The computer police (`lfw/players/police.py`): they play whole games
legally at every level, on both shipped boards, with the optional rules off
and all on (the hard police on every edition and a generated board too); the same views and seed give the same answers; and in
positions written by hand they do what a player would expect (T3: arrest
the one circle left, search only circles that may be written; T2: seal a
known hideout, stand a policeman beside every circle Jack may be on).

The hand-made views are on the tutorial board (edition 1), whose facts the
cases use:

    13: Jack-adjacent to 5 (through x9) and 22 (through x21)
    5: region {5}, sealed by x6 and x9;  9: Jack-adjacent to 2 3 10 11 16 17 18 19 24 25
    x1 is beside 1 and 2;  x11 beside 10 11 12 17;  x6 beside 5 6 14;  x9 beside 5 13
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from whitechapel.core import players
from whitechapel.core.arena import play_one
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.options import OPTIONS
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.police import POLICE_LEVELS
from whitechapel.lfw.players.police_sense import facts
from whitechapel.lfw.rulebook import COLOURS, JACK, POLICE
from whitechapel.lfw.view_parts import MoveSeen, NightSeen, SearchSeen
from whitechapel.lfw.views import CrimeScene, PhaseSeen, PoliceView, TrackSpace

LEVELS = ("easy", "normal", "hard")
TUTORIAL = {"builtin": "tutorial@1"}
BOARD = load_board("tutorial@1")
# A fresh game's police view: the fields the hand-made positions leave as they are.
BLANK = LfwGame.new(1, board=BOARD).view(POLICE)
ALL_ON = {name: True for name in OPTIONS}


# -- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table", [None, {"builtin": "tutorial@2"}], ids=["1888", "tutorial"])
@pytest.mark.parametrize("options", [{}, ALL_ON], ids=["plain", "all-options"])
def test_every_level_plays_whole_games_legally(level, table, options):
    """`play_one` asks as every host does and refuses an action not in the
    legal list (PlayerError), so a finished game is a legal one."""
    seeds = (3,) if level == "hard" and table is None else (3, 4)
    for seed in seeds:
        result = play_one("lfw", {JACK: "homeward", POLICE: level}, seed, 0, options, table)
        assert result.winner in (JACK, POLICE)
        assert result.times["cpu"][POLICE]  # the police did decide


def test_the_levels_are_offered_for_the_police():
    for level in LEVELS:
        p = players.new_player("lfw", level, POLICE, 1)
        assert (p.side, p.level) == (POLICE, level)
    assert set(POLICE_LEVELS) == {*LEVELS, "hard-2026-12"}  # and the frozen reference


def _decisions(
    level: str, seed: int, limit: int = 120
) -> list[tuple[PoliceView, Sequence[str], str]]:
    """The police's views, legal actions and answers in a game against homeward."""
    from whitechapel.core.registry import rules_for

    rules = rules_for("lfw")
    options = rules.check_options({})
    state = rules.start(rules.random_setup(seed, options, None), options)
    table = players.table_of("lfw", state)
    seats = {
        POLICE: players.new_player("lfw", level, POLICE, 77, table),
        JACK: players.new_player("lfw", "homeward", JACK, 5, table),
    }
    out = []
    while state.outcome is None and len(out) < limit:
        side = state.to_act
        view = state.view(side)
        action = players.choose(seats[side], "lfw", view, budget=0).action  # to its own end
        if side == POLICE:
            out.append((view, players.legal_in("lfw", view), action))
        state.play(action, side)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_views_and_seed_give_the_same_answers(level):
    played = _decisions(level, seed=11)
    assert len(played) > 30
    fresh = players.new_player("lfw", level, POLICE, 77, None)
    again = [fresh.choose(view, legal, 0) for view, legal, _ in played]
    assert again == [action for _, _, action in played]


# -- hand-made positions (tutorial board) --------------------------------------------------


def record(scenes, moves=(), searches=(), home=False, number=1) -> NightSeen:
    """One night of the hunt record: `moves` are (how, crossings held as he moved)."""
    return NightSeen(
        night=number,
        crime_scenes=tuple(sorted(scenes)),
        crime_index=4,
        moves=tuple(
            MoveSeen(how, 5 + i, dict(zip(COLOURS, held, strict=False)))
            for i, (how, held) in enumerate(moves)
        ),
        searches=tuple(SearchSeen("blue", c, clue, w) for w, c, clue in searches),
        home=home,
    )


def police_view(nights, police, phase, acting="blue", chief="blue", clues=()) -> PoliceView:
    """The police's view in the Hunt, with the fields the players read."""
    last = nights[-1]
    written = len(last.crime_scenes) + len(last.moves)
    return replace(
        BLANK,
        night=len(nights),
        nights=tuple(nights),
        phase=PhaseSeen.of(Phase(phase)),
        to_act=POLICE,
        acting_colour=acting,
        chief=chief,
        police=dict(police),
        track=tuple(TrackSpace("", 4 + k, "step") for k in range(written)),
        coaches_left=0,
        alleys_left=0,
        crime_scenes=tuple(CrimeScene(n.night, c) for n in nights for c in n.crime_scenes),
        clues=tuple(clues),
        log=(),
    )


def clue_actions(colour: str, crossing: str) -> list[str]:
    near = BOARD.direct_circles(crossing)
    return [
        *(f"{colour} search {c}" for c in near),
        *(f"{colour} arrest {c}" for c in near),
        f"{colour} pass",
    ]


def hunt_actions(colour: str, police: dict[str, str]) -> list[str]:
    taken = {x for c, x in police.items() if c != colour}
    here = police[colour]
    return [
        f"{colour} stay",
        *(f"{colour} {x}" for x in BOARD.police_within_two(here) if x not in taken),
    ]


def offering(view: PoliceView, legal: list[str]) -> PoliceView:
    """The view with these legal actions, as the engine lists them in it."""
    return replace(view, legal=tuple(parse_action(t) for t in legal))


def ask(level: str, view: PoliceView, legal: list[str]) -> str:
    """The level's answer, its decision run to its own end (budget 0: the
    same answer on any machine, however loaded)."""
    player = POLICE_LEVELS[level](POLICE, 1, TUTORIAL)
    answer = player.choose(offering(view, legal), legal, 0)
    assert answer in legal
    return answer


ELSEWHERE = {"yellow": "x41", "brown": "x37", "red": "x28", "green": "x43"}


@pytest.mark.parametrize("level", LEVELS)
def test_t3_with_one_circle_left_beside_a_policeman_he_arrests_it(level):
    # Jack left 13 while x21 was held: 5 is the only circle he can be on.
    nights = [record([13], moves=[("step", ["x21"])])]
    police = {"blue": "x6", **ELSEWHERE}
    view = police_view(nights, police, "clues")
    assert set(notebook(view, BOARD).counts) == {5}
    assert ask(level, view, clue_actions("blue", "x6")) == "blue arrest 5"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("crossing", "excluded"), [("x1", {1}), ("x11", {12})], ids=["x1", "x11"])
def test_t3_a_search_never_names_a_circle_the_notebook_excludes(level, crossing, excluded):
    # One free step from the crime scene 9: ten circles, 1 and 12 not among them.
    nights = [record([9], moves=[("step", [])])]
    police = {"blue": crossing, **ELSEWHERE}
    view = police_view(nights, police, "clues")
    possible = set(notebook(view, BOARD).counts)
    assert len(possible) == 10 and not excluded & possible
    answer = ask(level, view, clue_actions("blue", crossing))
    verb, circle = answer.split()[1], int(answer.split()[-1]) if answer[-1].isdigit() else None
    assert verb in ("search", "arrest")  # something beside him may be written
    assert circle in possible


@pytest.mark.parametrize("level", LEVELS)
def test_t3_after_a_miss_the_search_goes_on_where_a_clue_may_be(level):
    nights = [record([9], moves=[("step", [])], searches=[(2, 10, False)])]
    police = {"blue": "x11", **ELSEWHERE}
    view = police_view(nights, police, "searching")
    legal = ["blue search 11", "blue search 12", "blue search 17"]
    assert ask(level, view, legal) in ("blue search 11", "blue search 17")


def test_t2_with_the_hideout_known_hard_seals_it():
    # Night 1 ended on 5 (Jack left 13 while x21 was held and went home):
    # the hideout is 5, sealed by x6 and x9.  Night 2: Jack killed on 22
    # and made one move; the policemen stand a step or two from the seal.
    nights = [
        record([13], moves=[("step", ["x21"])], home=True),
        record([22], moves=[("step", [])], number=2),
    ]
    assert notebook(police_view(nights, {}, "hunt"), BOARD).hideouts == (5,)
    seal = facts(BOARD).seal[5]
    assert seal == {"x6", "x9"}
    police = {"blue": "x22", "yellow": "x30", "brown": "x41", "red": "x28", "green": "x43"}
    player = POLICE_LEVELS["hard"](POLICE, 1, TUTORIAL)
    for colour in COLOURS:  # the Chief (blue) first, then clockwise
        view = police_view(nights, police, "hunt", acting=colour)
        legal = hunt_actions(colour, police)
        answer = player.choose(offering(view, legal), legal, 0)  # to its own end
        target = answer.split()[1]
        if target != "stay":
            police[colour] = target
    assert seal <= set(police.values())


def _hunt(level: str, nights, police: dict[str, str]) -> dict[str, str]:
    """T2 played by the level, the Chief (blue) first, then clockwise: where
    the policemen end."""
    police = dict(police)
    player = POLICE_LEVELS[level](POLICE, 1, TUTORIAL)
    for colour in COLOURS:
        view = police_view(nights, police, "hunt", acting=colour)
        legal = hunt_actions(colour, police)
        target = player.choose(offering(view, legal), legal, 0).split()[1]  # to its own end
        if target != "stay":
            police[colour] = target
    return police


def test_t2_hard_stands_a_policeman_beside_every_circle_jack_may_be_on():
    # Jack killed on 33 and made one step: he stands on one of three
    # circles.  The reference (and the hard police before issue 30) read
    # his ways home from 24 sampled (circle, hideout) pairs, too few: the
    # draw pulls a policeman off toward one way and leaves one circle with
    # no policeman beside it.  The hard police read 120 (and try the plan's
    # ascent from each policeman in turn) and cover all three.
    nights = [record([33], moves=[("step", [])])]
    police = {"blue": "x19", "yellow": "x4", "brown": "x32", "red": "x30", "green": "x38"}
    possible = set(notebook(police_view(nights, police, "hunt"), BOARD).counts)
    assert len(possible) == 3
    f = facts(BOARD)

    def watched(ends: dict[str, str]) -> set[int]:
        return {c for c in possible if any(f.near[x][c] == 0 for x in ends.values())}

    assert watched(_hunt("hard", nights, police)) == possible
    assert watched(_hunt("hard-2026-12", nights, police)) != possible


# -- the board's measures (issue 30: plans that hold on any board) -------------------------


def _row_board():
    """Four circles in a row, a crossing between each two and one at each
    end:  e - 1 - a - 2 - b - 3 - c - 4 - d."""
    from lfw_maps import board, segments_from

    circles = {1: (20, 10), 2: (40, 10), 3: (60, 10), 4: (80, 10)}
    crossings = {"e": (10, 10), "a": (30, 10), "b": (50, 10), "c": (70, 10), "d": (90, 10)}
    return board(circles, crossings, segments_from("e-1 1-a a-2 2-b b-3 3-c c-4 4-d"))


def test_the_board_measures_count_a_hand_built_row_of_circles():
    """Jack's distances 1, 1, 1, 2, 2, 3: nine pairs in ten are within 3.
    Beside one crossing drawn alike: 1 + 2 + 2 + 2 + 1 circles over five,
    1.6; with one police step more, 3 + 4 + 4 + 3 over five, 2.8; two
    policemen, standing still: each circle has two crossings beside it, so
    it is left out only when both stand on the other three, 3 of 10 pairs:
    4 x 0.7 = 2.8.  Five policemen on five crossings serve every circle."""
    from whitechapel.lfw.players.police_sense import jack_distances, quantile, scale, team_reach

    b = _row_board()
    assert sorted(jack_distances(b)) == [1, 1, 1, 2, 2, 3]
    assert quantile(jack_distances(b), 0.9) == 3 and quantile([], 0.9) == 0
    assert team_reach(b, team=1, moves=0) == pytest.approx(1.6)
    assert team_reach(b, team=1, moves=1) == pytest.approx(2.8)
    assert team_reach(b, team=2, moves=0) == pytest.approx(2.8)
    assert (scale(b).reach, scale(b).far) == (4, 3)


def test_the_hard_police_weigh_the_boards_measures_and_the_reference_the_1888_numbers():
    from whitechapel.lfw.players.police_sense import scale

    for name in ("tutorial", "whitechapel-1888@1", "whitechapel-1888"):
        table = {"builtin": name}
        measured = scale(load_board(name))
        hard = players.new_player("lfw", "hard", POLICE, 1, table)
        reference = players.new_player("lfw", "hard-2026-12", POLICE, 1, table)
        assert (hard.support, hard.far) == (measured.reach, measured.far)
        assert (reference.support, reference.far) == (60, 8)
    assert (
        scale(load_board("tutorial")).reach < 40 < 60 < scale(load_board("whitechapel-1888")).reach
    )


def _generated_table() -> dict:
    """A board drawn by the tutorial's generator from another seed."""
    import sys
    from pathlib import Path

    tools = Path(__file__).resolve().parents[1] / "tools"
    sys.path.insert(0, str(tools))
    try:
        import make_tutorial_map

        net, graph, circ, goulston = make_tutorial_map.build(7)
        data = make_tutorial_map.to_mapdata(net, graph, circ, goulston)
    finally:
        sys.path.remove(str(tools))
    from whitechapel.lfw.map.mapcheck import validate
    from whitechapel.lfw.setup import random_setup, table_of

    return table_of(random_setup(0, validate(data)))


@pytest.mark.parametrize(
    "board", ["tutorial@1", "tutorial@2", "whitechapel-1888@1", "whitechapel-1888@2", "generated"]
)
def test_the_hard_police_play_whole_games_on_every_shipped_board_and_a_generated_one(board):
    """Hard against hard, every option too on the small boards (the whole
    games above play the 1888 board's with every option)."""
    table = _generated_table() if board == "generated" else {"builtin": board}
    for options in ({},) if board.startswith("whitechapel") else ({}, ALL_ON):
        result = play_one("lfw", {JACK: "hard", POLICE: "hard"}, 11, 0, options, table)
        assert result.winner in (JACK, POLICE)
        assert result.times["cpu"][POLICE]


def test_t2_the_plan_stops_at_the_deadline_with_the_policemen_placed_so_far():
    """A spent budget (core.players.Deadline, CPU time) ends the plan's
    ascent after the first policeman: the others stay where they stand; with
    time, several move toward the goal."""
    from whitechapel.core.players import Deadline
    from whitechapel.lfw.players.police_moves import Goal, plan

    f = facts(BOARD)
    start = dict(zip(COLOURS, ("x1", "x2", "x3", "x4", "x5"), strict=True))
    goal = Goal(where={c: 1.0 for c in BOARD.circles if c > 20})
    clock = iter((0.0, *([1e9] * 100)))
    spent = Deadline(0.5, cpu=lambda: 0.0, wall=lambda: next(clock))
    full = plan(f, start, COLOURS, goal)
    cut = plan(f, start, COLOURS, goal, deadline=spent)
    assert sum(full[c] != start[c] for c in COLOURS) >= 2
    assert all(cut[c] == start[c] for c in COLOURS[1:])
    assert cut[COLOURS[0]] != start[COLOURS[0]]  # the first one placed, before the others
