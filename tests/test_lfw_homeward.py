"""The way home (T1): how many spaces Jack needs to announce his hideout --
the last move a walk, alleys counted, policemen ignored.  One search
(`paths.homeward_reach`) serves the notebook's homeward map, the computer
Jack and Jack's sheet; here it is held to a search written apart.

Tutorial board (second edition), the facts the cases use:

    31: Jack-adjacent to 21 22 32 33 34; an alley to 16 21 22 30 32
    16: Jack-adjacent to 15 (among others);  15: Jack-adjacent to 2
    9: an alley to 1 2 14 15;  1: Jack-adjacent to 2 and 14 only
"""

from __future__ import annotations

from collections import deque

import pytest

from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.paths import homeward_reach
from whitechapel.lfw.players.jack_board import FAR, tables
from whitechapel.lfw.ui import jackturn

TUTORIAL = load_board("tutorial@2")


def reference(board, start: int, home: int, alleys: int) -> int | None:
    """Forward from `start`: the fewest moves until a walk lands on `home`
    (an alley may land there, but does not announce it)."""
    seen = {(start, 0)}
    queue = deque([(start, 0, 0)])
    while queue:
        c, used, moves = queue.popleft()
        for n in board.jack_adjacent(c):
            if n == home:
                return moves + 1
        nexts = [(n, used) for n in board.jack_adjacent(c)]
        if used < alleys:
            nexts += [(n, used + 1) for n in board.alley_destinations(c)]
        for state in nexts:
            if state not in seen:
                seen.add(state)
                queue.append((*state, moves + 1))
    return None


def test_an_alley_on_the_way_shortens_the_way_home():
    """31 to 2: four walks, or an alley to 16 and two walks (16, 15, 2).
    The computer Jack's copy of the search once ran its alleys the wrong
    way and counted four, as if he had none left."""
    board = TUTORIAL
    assert board.jack_distance(31, 2) == 4
    assert homeward_reach(board, (2,), 1)[31] == 3
    assert tables(board).need(31, 2, alleys=1) == 3
    assert tables(board).need(31, 2, alleys=0) == 4
    assert jackturn.moves_home(board, 31, 2, alleys=1) == 3


def test_an_alley_onto_the_hideout_does_not_announce_it():
    """9 to 1: an alley lands on 1, but only a walk ends the night (T1):
    two walks (9, 2, 1).  Jack's sheet once said "1 move away"."""
    board = TUTORIAL
    assert 1 in board.alley_destinations(9) and 1 not in board.jack_adjacent(9)
    assert jackturn.moves_home(board, 9, 1, alleys=1) == 2
    assert tables(board).need(9, 1, alleys=1) == 2


def test_on_the_hideout_it_is_out_and_back():
    assert homeward_reach(TUTORIAL, (1,), 0)[1] == 2


@pytest.mark.parametrize("alleys", [0, 1, 2])
def test_every_way_home_on_the_tutorial_board_agrees_with_a_search_written_apart(alleys):
    board = TUTORIAL
    jack = tables(board)
    for home in board.circles:
        reach = homeward_reach(board, (home,), alleys)
        for c in board.circles:
            want = reference(board, c, home, alleys)
            assert reach.get(c) == want, (c, home, alleys)
            assert jack.need(c, home, alleys) == (FAR if want is None else want)
            assert jackturn.moves_home(board, c, home, alleys) == want


def test_the_notebooks_homeward_map_reaches_the_nearest_candidate():
    """Several hideout candidates: the way to the nearest of them."""
    board = load_board(None)
    homes = (30, 93, 190)
    reach = homeward_reach(board, homes, 1)
    for c in list(board.circles)[::9]:
        options = [reference(board, c, h, 1) for h in homes]
        known = [n for n in options if n is not None]
        assert reach.get(c) == (min(known) if known else None), c
