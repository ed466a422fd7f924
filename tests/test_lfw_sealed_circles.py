"""Every circle can be searched (T3: a policeman searches, and arrests, only
on the circles beside his crossing).  Round 36's tester R3 watched the hard
Jack walk 2 -> 1 -> 2 -> 1 on the 1888 board's circle 1, which touched no
crossing, so no policeman could ever reach it.  Edition 3 of each shipped
board puts a crossing on one of such a circle's streets
(tools/seal_circles.py); `map check` refuses a map with such a circle; the
earlier editions stay for the games played on them."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

from whitechapel.cli import main
from whitechapel.core.errors import MapError
from whitechapel.core.record import Record, record_of, replay
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapcheck import validate
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.map.shipped import read_shipped
from whitechapel.lfw.rulebook import COLOURS
from whitechapel.lfw.setup import Setup

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def unsearchable(board) -> list[int]:
    beside = {c for x in board.crossings for c in board.direct_circles(x)}
    return sorted(set(board.circles) - beside)


@pytest.mark.parametrize("name", ["whitechapel-1888", "tutorial"])
def test_T3_every_circle_of_the_shipped_boards_has_a_crossing_beside_it(name):
    assert unsearchable(load_board(name)) == []


@pytest.mark.parametrize(
    ("name", "circle", "crossing"), [("whitechapel-1888", 1, "x235"), ("tutorial", 25, "x46")]
)
def test_T3_a_policeman_beside_the_circle_jack_hid_on_can_search_it(name, circle, crossing):
    old = load_board(f"{name}@2")
    assert circle in unsearchable(old)  # the circle R3 saw Jack sit on
    new = load_board(name)
    assert circle in new.direct_circles(crossing)
    # Jack's walks are those of edition 2: only the police gained a place
    assert set(map(frozenset, new.jack_graph.edges)) == set(map(frozenset, old.jack_graph.edges))
    assert sorted(map(sorted, new.blocks)) == sorted(map(sorted, old.blocks))


def test_the_third_editions_are_the_second_with_their_circles_sealed():
    sys.path.insert(0, str(TOOLS))
    try:
        import seal_circles
    finally:
        sys.path.remove(str(TOOLS))
    for name in ("whitechapel-1888", "tutorial"):
        sealed = seal_circles.seal(load_board(f"{name}@2").data, 3)
        assert sealed.dumps().encode() == read_shipped(f"{name}.json")


def test_map_check_refuses_a_circle_with_no_crossing_beside_it(tmp_path, capsys):
    data = load_board("tutorial@2").data
    with pytest.raises(MapError) as e:
        validate(data)
    assert e.value.problems == [
        "circle 12 has no crossing beside it, so no policeman could search it or arrest "
        "Jack there (T3): put a crossing on one of its streets (to 8 or 13)",
        "circle 25 has no crossing beside it, so no policeman could search it or arrest "
        "Jack there (T3): put a crossing on one of its streets (to 19 or 26)",
    ]
    path = tmp_path / "mine.json"
    path.write_text(data.dumps())
    assert main(["map", "check", str(path)]) != 0
    said = capsys.readouterr()
    assert "circle 12 has no crossing beside it" in said.out + said.err
    assert "Traceback" not in said.out + said.err


def test_a_record_on_an_earlier_edition_or_an_older_players_map_still_replays():
    game = LfwGame.new(7, board=load_board("whitechapel-1888@2"))
    game.apply(game.legal_actions()[0])
    again = replay(Record.loads(record_of(game).dumps()))
    assert again.board.builtin_id == "whitechapel-1888@2"
    mine = copy.deepcopy(load_board("tutorial@2").data.to_json())  # made before the check
    board = Setup(tuple(COLOURS), None, mine).board()
    assert unsearchable(board) == [12, 25]
    assert json.loads(json.dumps(board.data.to_json())) == mine


def test_one_crossing_seals_two_neighbouring_circles_that_had_none():
    """Circles 1 and 2 joined by a street, neither beside a crossing: the
    crossing put on that street is beside both, so the second needs none of
    its own (one crossing, both searchable)."""
    from lfw_maps import make_map

    sys.path.insert(0, str(TOOLS))
    try:
        import seal_circles
    finally:
        sys.path.remove(str(TOOLS))
    data = make_map(
        {1: (10, 10), 2: (20, 10), 3: (30, 10)}, {"x1": (40, 10)}, [(1, 2), (2, 3), (3, "x1")]
    )
    sealed = seal_circles.seal(data)
    assert [x.id for x in sealed.crossings] == ["x1", "x2"]
    assert (1, "x2") in sealed.segments and ("x2", 2) in sealed.segments
    assert unsearchable(Board(sealed)) == []
