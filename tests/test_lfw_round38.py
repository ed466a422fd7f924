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


def test_h6_the_hideouts_ranking_says_its_figures_are_shares_of_paths_not_odds():
    """U3: "Hideouts most nights' paths end on: 99 85%, 86 5%" read as
    "almost certainly 99", and Jack lived on 86."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import deduction

    game = first_game_where(3, lambda g: g.night >= 3, tries=60)
    nb = notebook(game.view(POLICE), game.board)
    line = next(
        x for x in deduction.deduction_text(nb, shares=True).splitlines() if "Hideouts" in x
    )
    head = "Hideouts most of the nights' paths end on, first (a count, not odds): "
    assert line.startswith(head), line
    # F4 (round 43): "56 62%, 69 28%" still read as odds; a ranking, no figures
    assert "%" not in line, line


def test_t2_a_letter_is_said_short_of_the_circle_never_from_it():
    """U3: "c (east of him, 1 crossing from 65)" read as beside 65; Brown
    went there and could not arrest on 65."""
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.players.police_sense import facts
    from whitechapel.lfw.ui.picking import nearest_tail

    board = load_board()
    near = facts(board)
    crossing = next(x for x in board.crossings if not board.direct_circles(x))
    jack = frozenset(c for c in board.circles if 2 <= near.distance(crossing, c) <= 3)
    tail = nearest_tail(board, [("a", crossing)], jack, ("Blue", crossing))
    assert " short of " in tail and " from " not in tail.split(": ", 2)[-1], tail
