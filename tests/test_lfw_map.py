"""The Letters from Whitechapel map model (rules §2, §6 T1) on small maps
whose answers are worked out by hand, and the map validator."""

from __future__ import annotations

import itertools
import json

import pytest

from lfw_maps import board, good_map_json, make_map, map_json, segments_from
from whitechapel.core.errors import MapError
from whitechapel.lfw.map import mapcheck
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import map_from_json, parse_map, read_map_file

# -- the main hand-made map ---------------------------------------------------
#
#          x=0      x=10     x=20     x=30     x=40     x=50
#   y=0    1 ------ 2 ------ p ------ q ------ 3
#          |                 |        |        |
#   y=10   a ------ 4        |        8        b ------ 9
#          |        |        |                 |
#   y=20   5 ------ c ------ e ------ d ------ 6
#                                     |
#   y=30                              7
#
# Digits are circles, letters crossings.  Features:
# - 1-2 is a circle-circle segment (no policeman can block it);
# - 2-p-q-3 passes a chain of two crossings;
# - e is a crossing with no circle attached;
# - 9 and 7 are spurs sticking out of the map: on no block;
# - 8 is a spur inside the right block: on its perimeter.
# Blocks (faces): 1-2-p-e-c-4-a (circles 1 2 4), a-4-c-5 (circles 4 5),
# p-q-3-b-6-d-e with the spur q-8 (circles 3 6 8).
# Canvas 60x40, sector columns end at x=20 and x=40, row a ends at y=15.

M_CIRCLES = {
    1: (0, 0),
    2: (10, 0),
    3: (40, 0),
    4: (10, 10),
    5: (0, 20),
    6: (40, 20),
    7: (30, 30),
    8: (30, 10),
    9: (50, 10),
}
M_CROSSINGS = {
    "p": (20, 0),
    "q": (30, 0),
    "a": (0, 10),
    "b": (40, 10),
    "c": (10, 20),
    "d": (30, 20),
    "e": (20, 20),
}
M_SEGMENTS = segments_from(
    "1-2 2-p p-q q-3 1-a a-5 a-4 4-c 5-c c-e e-d d-6 3-b b-6 b-9 p-e q-8 d-7"
)


@pytest.fixture(scope="module")
def m() -> Board:
    return board(
        M_CIRCLES, M_CROSSINGS, M_SEGMENTS, width=60, height=40, columns=(20, 40), rows=(15,)
    )


# Worked out by hand: from each circle, the circles reached through crossings
# only.  The crossings form three groups: {a} touching 1 4 5; {b} touching
# 3 6 9; {p q e c d} touching 2 3 8 4 5 6 7.  Plus the direct 1-2.
M_ADJACENT = {
    1: {2, 4, 5},
    2: {1, 3, 4, 5, 6, 7, 8},
    3: {2, 4, 5, 6, 7, 8, 9},
    4: {1, 2, 3, 5, 6, 7, 8},
    5: {1, 2, 3, 4, 6, 7, 8},
    6: {2, 3, 4, 5, 7, 8, 9},
    7: {2, 3, 4, 5, 6, 8},
    8: {2, 3, 4, 5, 6, 7},
    9: {3, 6},
}


def test_main_map_counts(m):
    assert sorted(m.circles) == list(range(1, 10))
    assert set(m.crossings) == set("pqabcde")
    assert m.graph.number_of_edges() == 18
    assert all(m.is_circle(c) for c in range(1, 10))
    assert not m.is_circle(10) and not m.is_circle("p")
    assert m.is_crossing("e") and not m.is_crossing("z") and not m.is_crossing(1)


@pytest.mark.parametrize("circle", sorted(M_ADJACENT))
def test_jack_adjacent_by_hand(m, circle):
    assert set(m.jack_adjacent(circle)) == M_ADJACENT[circle]
    assert len(m.jack_adjacent(circle)) == len(M_ADJACENT[circle])  # no repeats
    assert sorted(m.jack_moves(circle)) == sorted(M_ADJACENT[circle])


def test_circle_circle_segment_is_never_blocked(m):
    # 1 has the direct segment to 2 and the crossing a; with a policeman on
    # every crossing only 2 is left.
    assert m.jack_moves(1, list(m.crossings)) == [2]
    assert m.jack_moves(2, list(m.crossings)) == [1]
    assert m.step_paths(1, 2) == [frozenset()]


def test_chain_of_two_crossings_and_crossing_without_circles(m):
    # 2 -> p -> q -> 3: police on p or q cuts 2 from 3 (3 is reached only that way).
    assert m.step_paths(2, 3) == [frozenset({"p", "q"})]
    assert 3 not in m.jack_moves(2, ["q"])
    assert 3 not in m.jack_moves(2, ["p"])
    # e carries no circle but joins p to c and d: police on e keeps 2 from 4 5 6 7.
    assert m.direct_circles("e") == ()
    assert sorted(m.jack_moves(2, ["e"])) == [1, 3, 8]
    assert m.step_paths(2, 4) == [frozenset({"p", "e", "c"})]
    # from 3, police on e: q-p still reaches 2 and 8, b reaches 6 and 9.
    assert sorted(m.jack_moves(3, ["e"])) == [2, 6, 8, 9]
    assert sorted(m.jack_moves(3, ["q"])) == [6, 9]


def test_spurs(m):
    # 9 hangs off b: Jack-adjacent only to 3 and 6; police on b traps it.
    assert m.jack_adjacent(9) == (3, 6)
    assert m.jack_moves(9, ["b"]) == []
    # 7 hangs off d.
    assert m.jack_moves(7, ["d"]) == []
    assert sorted(m.jack_moves(7, ["e"])) == [6]
    # 8 hangs off q inside the right block.
    assert sorted(m.jack_moves(8, ["p"])) == [3]


def test_two_routes_between_the_same_circles(m):
    # 3 reaches 6 through b, or through q-p-e-d.
    assert m.step_paths(3, 6) == [frozenset({"b"}), frozenset({"q", "p", "e", "d"})]
    assert 6 in m.jack_moves(3, ["b"])
    assert 6 in m.jack_moves(3, ["d"])
    assert 6 not in m.jack_moves(3, ["b", "d"])
    # 4 reaches 5 through a or through c; with both held 4 cannot move at all.
    assert m.step_paths(4, 5) == [frozenset({"a"}), frozenset({"c"})]
    assert 5 in m.jack_moves(4, ["a"])
    assert 5 in m.jack_moves(4, ["c"])
    assert m.jack_moves(4, ["a", "c"]) == []
    # not adjacent: no path at all
    assert m.step_paths(7, 9) == []
    assert m.step_paths(1, 3) == []


def test_police_mask_is_accepted(m):
    mask = m.police_mask(["b", "d"])
    assert mask == m.xbit["b"] | m.xbit["d"]
    assert m.jack_moves(3, mask) == m.jack_moves(3, ["b", "d"])
    assert 6 not in m.jack_moves(3, mask)


# Police adjacency of the main map, by hand: direct crossing pairs p-q p-e
# e-c e-d; through circles: 1-2 joins a and p, 3 joins q and b, 4 and 5 join
# a and c, 6 joins d and b; 7, 8, 9 touch one crossing each.
M_POLICE = {
    "p": {"q", "e", "a"},
    "q": {"p", "b"},
    "e": {"p", "c", "d"},
    "c": {"e", "a"},
    "d": {"e", "b"},
    "a": {"p", "c"},
    "b": {"q", "d"},
}


@pytest.mark.parametrize("crossing", sorted(M_POLICE))
def test_police_adjacent_by_hand(m, crossing):
    assert set(m.police_adjacent(crossing)) == M_POLICE[crossing]
    assert len(m.police_adjacent(crossing)) == len(M_POLICE[crossing])


def test_police_graph_ignores_circles_only(m):
    # a and e are two steps apart (a-c-e or a-p-e), never one.
    assert "e" not in m.police_adjacent("a")
    assert m.police_distance("a", "e") == 2
    assert m.police_distance("a", "b") == 3  # a-p-q-b
    assert m.police_distance("c", "q") == 3
    assert m.police_distance("d", "d") == 0


M_DIRECT = {
    "p": (2,),
    "q": (3, 8),
    "a": (1, 4, 5),
    "b": (3, 6, 9),
    "c": (4, 5),
    "d": (6, 7),
    "e": (),
}


@pytest.mark.parametrize("crossing", sorted(M_DIRECT))
def test_direct_circles_by_hand(m, crossing):
    assert m.direct_circles(crossing) == M_DIRECT[crossing]


def test_blocks_by_hand(m):
    assert len(m.blocks) == 3
    assert set(m.blocks) == {frozenset({1, 2, 4}), frozenset({4, 5}), frozenset({3, 6, 8})}


M_ALLEY = {
    1: (2, 4),
    2: (1, 4),
    3: (6, 8),
    4: (1, 2, 5),
    5: (4,),
    6: (3, 8),
    7: (),
    8: (3, 6),
    9: (),
}


@pytest.mark.parametrize("circle", sorted(M_ALLEY))
def test_alley_destinations_by_hand(m, circle):
    assert m.alley_destinations(circle) == M_ALLEY[circle]


def test_coach_routes_by_hand(m):
    # 9 -> 3 or 6, then anywhere Jack-adjacent from there except back to 9.
    expected = {(3, e) for e in (2, 4, 5, 6, 7, 8)} | {(6, e) for e in (2, 3, 4, 5, 7, 8)}
    routes = m.coach_routes(9)
    assert len(routes) == 12
    assert set(routes) == expected
    assert m.coach_destinations(9) == {2, 3, 4, 5, 6, 7, 8}
    # Policemen never matter: with b held, 9 has no normal move but the same coach routes.
    assert m.coach_routes(9, ["b"]) == routes
    assert m.coach_routes(9, list(m.crossings)) == routes
    # 1 -> {2, 4, 5}; second steps leave out 1 itself.
    expected_1 = (
        {(2, e) for e in (3, 4, 5, 6, 7, 8)}
        | {(4, e) for e in (2, 3, 5, 6, 7, 8)}
        | {(5, e) for e in (2, 3, 4, 6, 7, 8)}
    )
    assert set(m.coach_routes(1)) == expected_1
    assert len(m.coach_routes(1)) == 18


def test_jack_distances_by_hand(m):
    assert m.jack_distance(1, 1) == 0
    assert m.jack_distance(1, 2) == 1
    assert m.jack_distance(7, 9) == 2  # 7-3-9 or 7-6-9
    assert m.jack_distance(1, 9) == 3  # 1-2-3-9: no neighbour of 1 touches 9
    assert m.jack_distance(9, 1) == 3


def test_sectors_of_the_main_map(m):
    # columns end at x=20 and x=40, row a ends at y=15; a boundary belongs to
    # the sector after it.
    expected = {
        1: "A/a",
        2: "A/a",
        "a": "A/a",
        "p": "B/a",
        "q": "B/a",
        8: "B/a",
        3: "C/a",
        9: "C/a",
        5: "A/b",
        "c": "A/b",
        "e": "B/b",
        "d": "B/b",
        7: "B/b",
        6: "C/b",
        "b": "C/a",
        4: "A/a",
    }
    assert {v: m.sector(v) for v in expected} == expected


def test_sector_boundaries():
    b = board(
        {1: (19, 14), 2: (20, 15), 3: (39, 14), 4: (40, 16), 5: (59, 39), 6: (0, 39)},
        {"k": (45, 5)},
        width=60,
        height=40,
        columns=(20, 40),
        rows=(15,),
    )
    got = {v: b.sector(v) for v in (1, 2, 3, 4, 5, 6, "k")}
    assert got == {1: "A/a", 2: "B/b", 3: "B/a", 4: "C/b", 5: "C/b", 6: "A/b", "k": "C/a"}


# -- two routes from 1 to 2 ---------------------------------------------------
#
#   y=0        u ------- v            u (10,0), v (20,0)
#             /           \
#   y=10     1             2          1 (0,10), 2 (30,10)
#             \           /
#   y=20       `--- x ---'            x (15,20)


@pytest.fixture(scope="module")
def two_routes() -> Board:
    return board(
        {1: (0, 10), 2: (30, 10)},
        {"u": (10, 0), "v": (20, 0), "x": (15, 20)},
        segments_from("1-u u-v v-2 1-x x-2"),
    )


def test_step_paths_list_each_route(two_routes):
    assert two_routes.step_paths(1, 2) == [frozenset({"x"}), frozenset({"u", "v"})]
    assert two_routes.step_paths(2, 1) == [frozenset({"x"}), frozenset({"u", "v"})]


@pytest.mark.parametrize(
    ("police", "reachable"),
    [
        ((), True),
        (("u",), True),
        (("v",), True),
        (("x",), True),
        (("u", "v"), True),
        (("x", "u"), False),
        (("x", "v"), False),
        (("x", "u", "v"), False),
    ],
)
def test_blocking_one_route_then_both(two_routes, police, reachable):
    assert two_routes.jack_moves(1, police) == ([2] if reachable else [])
    assert two_routes.jack_moves(2, police) == ([1] if reachable else [])


def test_police_adjacency_two_routes(two_routes):
    # u-v direct; 1 touches u and x, 2 touches v and x: all three are adjacent.
    assert set(two_routes.police_adjacent("u")) == {"v", "x"}
    assert set(two_routes.police_adjacent("x")) == {"u", "v"}
    assert two_routes.direct_circles("x") == (1, 2)
    assert two_routes.direct_circles("u") == (1,)


def test_police_through_a_chain_of_circles():
    #   x ---- 1 ---- 2 ---- 3 ---- y ---- z        (all on y=0)
    # x and y are joined through circles only; z is one more step.
    b = board(
        {1: (10, 0), 2: (20, 0), 3: (30, 0)},
        {"x": (0, 0), "y": (40, 0), "z": (50, 0)},
        segments_from("x-1 1-2 2-3 3-y y-z"),
    )
    assert set(b.police_adjacent("x")) == {"y"}
    assert set(b.police_adjacent("y")) == {"x", "z"}
    assert b.police_adjacent("z") == ("y",)
    assert b.police_distance("x", "z") == 2
    # Jack's view: 1-2-3 are direct steps; y and z lead nowhere.
    assert b.jack_adjacent(1) == (2,)
    assert b.jack_adjacent(2) == (1, 3)
    assert b.jack_moves(3, ["x", "y", "z"]) == [2]


def test_distances_across_disconnected_parts():
    #   1 -- x -- 2        3 -- y -- 4
    b = board(
        {1: (0, 0), 2: (20, 0), 3: (40, 0), 4: (60, 0)},
        {"x": (10, 0), "y": (50, 0)},
        segments_from("1-x x-2 3-y y-4"),
    )
    assert b.jack_distance(1, 2) == 1
    assert b.jack_distance(1, 3) is None
    assert b.jack_distance(4, 3) == 1
    assert b.police_distance("x", "y") is None
    assert b.police_distance("x", "x") == 0
    assert b.blocks == []
    assert b.alley_destinations(1) == ()


def test_one_block_with_spurs_inside_and_outside_any_numbering():
    """A triangle with a spur inside and one outside.  The blocks must not
    depend on how the circles happen to be numbered.

        A --------- B          A (10,10)  B (30,10)
          \\  I    /            I (20,13) hangs off A, inside
            \\    /
              C                C (20,20)
              |
              O                O (20,40) hangs off C, outside
    """
    places = {"A": (10, 10), "B": (30, 10), "C": (20, 20), "I": (20, 13), "O": (20, 40)}
    wrong = []
    for numbers in itertools.permutations(range(1, 6)):
        n = dict(zip(places, numbers, strict=True))
        b = board(
            {n[k]: p for k, p in places.items()},
            segments=[
                (n["A"], n["B"]),
                (n["B"], n["C"]),
                (n["C"], n["A"]),
                (n["A"], n["I"]),
                (n["C"], n["O"]),
            ],
        )
        expected = [frozenset({n["A"], n["B"], n["C"], n["I"]})]
        if b.blocks != expected or b.alley_destinations(n["O"]) != ():
            wrong.append((n, b.blocks))
    assert wrong == [], f"{len(wrong)} of 120 numberings give wrong blocks, e.g. {wrong[0]}"


def test_one_block_spur_outside_minimal():
    #   2 ------- 1        2 (10,10)   1 (30,10)
    #     \     /
    #       \ /
    #        3            3 (20,20)
    #        |
    #        4            4 (20,40): sticks out, on no block
    b = board(
        {1: (30, 10), 2: (10, 10), 3: (20, 20), 4: (20, 40)},
        segments=[(1, 2), (2, 3), (3, 1), (3, 4)],
    )
    assert b.blocks == [frozenset({1, 2, 3})]
    assert b.alley_destinations(4) == ()
    assert b.alley_destinations(1) == (2, 3)


def test_blocks_given_in_the_file_are_used():
    js = map_json(
        {1: (0, 10), 2: (30, 10)},
        {"u": (10, 0), "v": (20, 0), "x": (15, 20)},
        segments_from("1-u u-v v-2 1-x x-2"),
    )
    js["blocks"] = [[1, "u", "v"]]
    b = Board(map_from_json(js))
    assert b.blocks == [frozenset({1})]
    assert b.alley_destinations(1) == ()
    js["blocks"] = [[1, "u", "v", 2, "x"]]
    assert Board(map_from_json(js)).alley_destinations(1) == (2,)


# -- the validator ------------------------------------------------------------


def refuse(js) -> MapError:
    """The error reading + validating this JSON map raises."""
    with pytest.raises(MapError) as info:
        mapcheck.validate(map_from_json(js))
    return info.value


def has_problem(err: MapError, *parts: str) -> bool:
    return any(all(p in q for p in parts) for q in err.problems)


def test_good_map_passes():
    data = map_from_json(good_map_json())
    assert mapcheck.problems(data) == []
    b = mapcheck.validate(data)
    assert isinstance(b, Board)
    assert len(b.blocks) == 8
    assert b.alley_destinations(1) == (2,)
    assert b.alley_destinations(5) == (4, 6)
    assert b.red == frozenset(range(1, 9))
    assert b.yellow == frozenset(f"x{i}" for i in range(1, 8))
    assert b.goulston == "x8"


def test_good_map_round_trips_through_text(tmp_path):
    data = map_from_json(good_map_json())
    path = tmp_path / "ladder.json"
    path.write_text(data.dumps(), encoding="utf-8")
    again = read_map_file(path)
    assert again == data
    assert json.loads(data.dumps()) == data.to_json()


def test_statistics_of_the_good_map():
    stats = mapcheck.statistics(mapcheck.validate(map_from_json(good_map_json())))
    assert stats["circles"] == 9
    assert stats["crossings"] == 9
    assert stats["segments"] == 25
    assert stats["blocks"] == 8
    assert stats["alley_pairs"] == 8
    assert stats["red"] == list(range(1, 9))
    assert stats["yellow"] == 7
    assert stats["yellow_sectors"] == ["A/a"]
    assert stats["goulston_sector"] == "B/a"
    # every circle reaches every other through the crossing rail
    assert (stats["jack_adjacency"].min, stats["jack_adjacency"].max) == (8, 8)
    assert stats["jack_diameter"] == 1
    # every crossing reaches every other through the circle rail
    assert (stats["police_adjacency"].min, stats["police_adjacency"].max) == (8, 8)
    assert (stats["direct_circles"].min, stats["direct_circles"].max) == (1, 1)
    assert stats["planar"] is True
    assert stats["sectors"] == {"A/a": 7, "A/b": 0, "B/a": 2, "B/b": 0, "C/a": 0, "C/b": 0}
    assert "blocks" in mapcheck.stats_text(stats)


def test_not_json():
    with pytest.raises(MapError) as info:
        parse_map(b"{")
    assert "JSON" in str(info.value)
    assert "line 1" in str(info.value)
    with pytest.raises(MapError, match="JSON"):
        parse_map(b"\xff\xfe\x00")
    with pytest.raises(MapError, match="not an object"):
        parse_map("[1, 2]")


def test_wrong_format():
    js = good_map_json()
    js["format"] = "chess-board"
    err = refuse(js)
    assert "chess-board" in str(err)
    assert err.problems == [str(err)]


def test_newer_version():
    js = good_map_json()
    js["version"] = 2
    err = refuse(js)
    assert "version 2" in str(err)
    assert "newer" in str(err)


@pytest.mark.parametrize("version", ["x", 0, True, 1.5, None])
def test_version_not_a_positive_whole_number(version):
    js = good_map_json()
    js["version"] = version
    assert repr(version) in str(refuse(js))


def test_unknown_node_in_a_segment():
    js = good_map_json()
    js["segments"].append([1, "zz"])
    err = refuse(js)
    assert has_problem(err, "segment 26", "unknown node crossing 'zz'")


def test_duplicate_circle_number():
    js = good_map_json()
    js["circles"].append({"n": 3, "x": 100, "y": 10})
    assert has_problem(refuse(js), "circle 3", "duplicate circle number")


def test_duplicate_crossing_id():
    js = good_map_json()
    js["crossings"].append({"id": "x4", "x": 100, "y": 30})
    assert has_problem(refuse(js), "crossing 'x4'", "duplicate crossing id")


def test_segment_joining_a_node_to_itself():
    js = good_map_json()
    js["segments"].append([5, 5])
    assert has_problem(refuse(js), "segment 26", "circle 5 to itself")
    js = good_map_json()
    js["segments"].append(["x3", "x3"])
    assert has_problem(refuse(js), "segment 26", "crossing 'x3' to itself")


def test_repeated_segment():
    js = good_map_json()
    js["segments"].append([2, 1])
    assert has_problem(refuse(js), "segment 26", "circle 2–circle 1", "twice")


def test_circles_not_numbered_one_to_n():
    js = good_map_json()
    js["circles"][8]["n"] = 12
    js["segments"] = [[12 if v == 9 else v for v in s] for s in js["segments"]]
    err = refuse(js)
    assert has_problem(err, "1..9", "missing: [9, 10, 11]")


def test_two_nodes_on_the_same_spot():
    js = good_map_json()
    js["crossings"].append({"id": "z", "x": 10, "y": 10})  # where circle 1 stands
    js["segments"].append(["z", 1])
    assert has_problem(refuse(js), "crossing 'z'", "same place", "circle 1")


def test_streets_crossing_in_the_drawing():
    # Both diagonals of the first square of the ladder: an X.
    js = good_map_json()
    js["segments"] += [[1, "x2"], [2, "x1"]]
    err = refuse(js)
    assert has_problem(err, "streets cross", "circle 1–crossing 'x2'", "circle 2–crossing 'x1'")
    assert len(err.problems) == 1


def test_street_running_through_a_node():
    # x1-x3 runs straight over x2 (T-shape / overlap), and over x1-x2 and x2-x3.
    js = good_map_json()
    js["segments"].append(["x1", "x3"])
    err = refuse(js)
    assert has_problem(err, "streets cross", "crossing 'x1'–crossing 'x3'")


@pytest.mark.parametrize(
    ("where", "item", "expected"),
    [
        ("circles", {"n": 10, "x": 200, "y": 70}, "circle 10 has no street"),
        ("crossings", {"id": "lonely", "x": 200, "y": 70}, "crossing 'lonely' has no street"),
    ],
)
def test_node_with_no_street(where, item, expected):
    js = good_map_json()
    js[where].append(item)
    assert has_problem(refuse(js), expected)


def test_disconnected_parts():
    js = good_map_json()
    js["circles"] += [{"n": 10, "x": 150, "y": 10}, {"n": 11, "x": 160, "y": 10}]
    js["segments"].append([10, 11])
    err = refuse(js)
    assert has_problem(err, "2 disconnected parts", "circle 10", "circle 11")


def test_too_few_red_circles():
    js = good_map_json()
    del js["circles"][7]["red"]  # circle 8
    assert has_problem(refuse(js), "7 red circles", "at least 8")


def test_too_few_yellow_crossings():
    js = good_map_json()
    del js["crossings"][6]["yellow"]  # x7
    assert has_problem(refuse(js), "6 yellow crossings", "at least 7")


def test_no_goulston_crossing():
    js = good_map_json()
    del js["crossings"][7]["goulston"]  # x8
    assert has_problem(refuse(js), "Goulston", "not 0")


def test_two_goulston_crossings():
    js = good_map_json()
    js["crossings"][8]["goulston"] = True  # x9 too
    assert has_problem(refuse(js), "Goulston", "not 2")


def test_every_circle_red():
    js = good_map_json()
    js["circles"][8]["red"] = True
    assert has_problem(refuse(js), "every circle is red")


@pytest.mark.parametrize(
    ("where", "index", "key", "value", "expected"),
    [
        ("circles", 2, "x", 240, "circle 3"),
        ("circles", 2, "y", 80, "circle 3"),
        ("circles", 2, "x", -1, "circle 3"),
        ("crossings", 4, "y", -1, "crossing 'x5'"),
        ("crossings", 4, "x", 5000, "crossing 'x5'"),
    ],
)
def test_node_outside_the_canvas(where, index, key, value, expected):
    js = good_map_json()
    js[where][index][key] = value
    assert has_problem(refuse(js), expected, "inside the")


def test_every_rule_problem_is_listed():
    js = good_map_json()
    del js["circles"][7]["red"]
    del js["crossings"][6]["yellow"]
    del js["crossings"][7]["goulston"]
    err = refuse(js)
    assert len(err.problems) == 3
    assert has_problem(err, "7 red circles")
    assert has_problem(err, "6 yellow crossings")
    assert has_problem(err, "Goulston")
    assert "(and 2 more problems)" in str(err)


def test_every_structural_problem_is_listed():
    js = good_map_json()
    js["circles"].append({"n": 3, "x": 100, "y": 10})
    js["segments"] += [[5, 5], [1, "zz"]]
    err = refuse(js)
    assert len(err.problems) == 3
    assert has_problem(err, "duplicate circle number 3")
    assert has_problem(err, "circle 5 to itself")
    assert has_problem(err, "unknown node crossing 'zz'")
    assert "(and 2 more problems)" in str(err)


@pytest.mark.parametrize("streets", [5, "Commercial Street", [{"name": "s", "nodes": 7}]])
def test_streets_not_a_list_of_streets(streets):
    js = good_map_json()
    js["streets"] = streets
    with pytest.raises(MapError):
        map_from_json(js)


@pytest.mark.parametrize("node", [None, [1]])
def test_street_naming_something_that_is_no_node(node):
    js = good_map_json()
    js["streets"] = [{"name": "Commercial Street", "nodes": [1, node, 2]}]
    with pytest.raises(MapError) as info:
        map_from_json(js)
    assert "Commercial Street" in str(info.value)


def test_streets_are_kept():
    js = good_map_json()
    js["streets"] = [{"name": "Commercial Street", "nodes": [1, 2, "x2"]}]
    assert map_from_json(js).streets == [("Commercial Street", [1, 2, "x2"])]
    js["streets"] = [{"name": "Nowhere Lane", "nodes": [1, "zz"]}]
    with pytest.raises(MapError, match="Nowhere Lane"):
        map_from_json(js)


def test_board_without_rule_checks_still_works():
    # Board needs neither red circles nor yellow crossings nor Goulston Street.
    b = Board(make_map({1: (0, 0), 2: (10, 0)}, {}, [(1, 2)]))
    assert b.red == frozenset() and b.yellow == frozenset() and b.goulston is None
    assert b.jack_adjacent(1) == (2,)
    with pytest.raises(MapError):
        mapcheck.validate(b.data)


def test_read_map_file_missing(tmp_path):
    path = tmp_path / "nowhere.json"
    with pytest.raises(MapError) as info:
        read_map_file(path)
    assert str(path) in str(info.value)
    assert "no such" in str(info.value)


def test_read_map_file_folder(tmp_path):
    with pytest.raises(MapError) as info:
        read_map_file(tmp_path)
    assert str(tmp_path) in str(info.value)
    assert "folder" in str(info.value)


def test_read_map_file_names_the_path_in_every_problem(tmp_path):
    js = good_map_json()
    js["segments"] += [[5, 5], [1, "zz"]]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(js), encoding="utf-8")
    with pytest.raises(MapError) as info:
        read_map_file(path)
    assert len(info.value.problems) == 2
    assert all(q.startswith(f"{path}: ") for q in info.value.problems)
    assert str(path) in str(info.value)
