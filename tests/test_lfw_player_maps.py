"""A player's map (a board from a file, carried by the record as its data):
every game and player on it in one process share one board, as on the
shipped boards.  A board per game kept the engine's caches of moves (keyed
by board) growing with each game an arena or a server played on it, and
with them the pauses of Python's garbage collector."""

from __future__ import annotations

import copy

import pytest

from whitechapel.core.errors import RecordError
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.rulebook import COLOURS
from whitechapel.lfw.setup import Setup, board_of_table, table_of

DATA = load_board("tutorial@2").data.to_json()


def test_games_and_players_on_one_players_map_share_one_board():
    first = Setup(tuple(COLOURS), None, copy.deepcopy(DATA))
    second = Setup(tuple(reversed(COLOURS)), None, copy.deepcopy(DATA))
    board = first.board()
    assert second.board() is board
    assert board_of_table(table_of(second)) is board  # the players' board
    assert LfwGame.new(3, board=board).board is board


def test_a_players_map_that_is_not_usable_is_refused_with_a_sentence():
    bad = copy.deepcopy(DATA)
    bad["circles"] = []
    with pytest.raises(RecordError, match="map is not usable"):
        Setup(tuple(COLOURS), None, bad).board()
