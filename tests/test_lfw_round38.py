"""Round 38's findings (issue 43; play-testers U3 and V3,
docs/playtests/2026-12-07-lfw-round38-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import re

from whitechapel.lfw.puzzles import PUZZLES


def test_t1_a_puzzle_says_joined_directly_only_where_no_crossing_stands_between():
    """V3: puzzle 2's answer said "12 is joined to 13 directly" where the
    tutorial board's third edition draws a crossing between them (x45,
    docs/maps.md), so he concluded that "a • on the map is not always a
    crossing".  Every "joined … directly" in the puzzles' words is a
    street with no crossing on the puzzle's own board."""
    checked = 0
    for puzzle in PUZZLES:
        segments = {frozenset(s) for s in puzzle.board.data.segments}
        words = " ".join((puzzle.lesson, puzzle.explanation, puzzle.question))
        for a, b in re.findall(r"(\d+) is joined to (\d+) directly", words):
            assert frozenset((int(a), int(b))) in segments, (puzzle.title, a, b)
            checked += 1
    assert checked >= 1


def test_n3_the_double_events_murders_are_one_step_of_the_path_and_said_as_a_move():
    """V3: "Path: 160 (crime) → 64 (crime) → 56" put an arrow, a move,
    between two murders, and "(the second victim counts as the first)" was
    unclear.  The two murders stand together; the moves line says the
    second one counts as a move (N3)."""
    from whitechapel.lfw.rulebook import CRIME, STEP
    from whitechapel.lfw.ui.nightend import _moves_line, _path_line
    from whitechapel.lfw.view_parts import MoveSeen, NightSeen, PathSpace

    row = (PathSpace("III", 160, CRIME), PathSpace("1", 64, CRIME), PathSpace("2", 56, STEP))
    assert _path_line(row, home=False) == "Path: 160 & 64 (crimes) → 56"
    single = (PathSpace("III", 160, CRIME), PathSpace("1", 64, STEP))
    assert _path_line(single, home=False) == "Path: 160 (crime) → 64"
    seen = NightSeen(3, crime_scenes=(64, 160), moves=(MoveSeen("step", 4, {}),))
    assert _moves_line(seen, False).endswith("(the second murder counts as his first move).")
