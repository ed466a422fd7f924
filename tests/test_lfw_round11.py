"""Round 11 of issue 43's blind play-tests (testers U and V): what they
found, each checked here."""

from __future__ import annotations

from whitechapel.lfw.rulebook import ALLEY, COACH, CRIME, STEP
from whitechapel.lfw.ui.nightend import _path_line
from whitechapel.lfw.view_parts import PathSpace


def test_t1_a_coach_is_marked_once_in_the_nights_path():
    """Tester U: "1 (crime) → 28 (coach) → 40 (coach)" beside "1 coach"
    read as two coaches; two coaches in a row read as two."""
    row = (
        PathSpace("0", 1, CRIME),
        PathSpace("1", 28, COACH),
        PathSpace("2", 40, COACH),
        PathSpace("3", 77, STEP),
        PathSpace("4", 78, COACH),
        PathSpace("5", 79, COACH),
        PathSpace("6", 80, COACH),
        PathSpace("7", 81, COACH),
        PathSpace("8", 82, ALLEY),
    )
    line = _path_line(row, home=True)
    assert line == (
        "Path: 1 (crime) → 28 → 40 (coach, 2 spaces) → 77 → 78 → 79 (coach, 2 spaces)"
        " → 80 → 81 (coach, 2 spaces) → 82 (alley) (home)"
    )
    assert line.count("coach") == 3


def test_t3_a_search_ending_on_a_known_clue_says_so_in_the_log():
    """Tester U: "9 all search" had Yellow search 30 again, "a clue!", when
    30's clue was known: the log says it was known (T3: naming it ends the
    search, on what the police knew); a new clue, or last night's, is news."""
    from types import SimpleNamespace

    from whitechapel.lfw.ui.panels import log_text
    from whitechapel.lfw.view_parts import LogEntry

    log = (
        LogEntry("kill", 1, crime_scenes=(21,)),
        LogEntry("search", 1, colour="yellow", circle=30, clue=True),
        LogEntry("search", 1, colour="blue", circle=11, clue=False),
        LogEntry("search", 1, colour="yellow", circle=30, clue=True),
        LogEntry("search", 1, colour="red", circle=21, clue=True),
        LogEntry("kill", 2, crime_scenes=(40,)),
        LogEntry("search", 2, colour="red", circle=30, clue=True),
    )
    lines = log_text(SimpleNamespace(log=log)).split("\n")[1:]
    assert lines[1] == "N1 Yellow searches 30: [b]a clue![/b]"
    assert lines[2] == "N1 Blue searches 11: nothing"
    assert lines[3] == "N1 Yellow searches 30: a clue, known already"
    assert lines[4] == "N1 Red searches 21: a clue, known already"  # the crime scene
    assert lines[6] == "N2 Red searches 30: [b]a clue![/b]"  # a new night
    # the same from a window of the log that starts after the first clue
    assert log_text(SimpleNamespace(log=log), entries=4).split("\n")[1] == (
        "N1 Yellow searches 30: a clue, known already"
    )


def test_t1_the_nights_summary_names_the_last_space_jack_wrote_even_after_a_coach():
    """Tester V: "to space 5 of the track" on N3 when the night's last move
    was a coach on spaces 5 and 6 (a coach's move has its first space's
    index and writes the next one too)."""
    from whitechapel.lfw.ui.nightend import _moves_line
    from whitechapel.lfw.view_parts import MoveSeen, NightSeen
    from whitechapel.lfw.viewing import SPACE_NAMES

    at = SPACE_NAMES.index  # a space's track index
    moves = (
        MoveSeen(STEP, at("1"), {}),
        MoveSeen(STEP, at("2"), {}),
        MoveSeen(STEP, at("3"), {}),
        MoveSeen(STEP, at("4"), {}),
        MoveSeen(COACH, at("5"), {}),
    )
    line = _moves_line(NightSeen(3, crime_scenes=(27, 158), moves=moves), True)
    assert "5 moves (4 walks, 1 coach), to space 6 of the track" in line
    walked = _moves_line(NightSeen(2, crime_scenes=(27,), moves=moves[:4]), True)
    assert "to space 4 of the track" in walked
