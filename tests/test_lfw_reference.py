"""`hard-2026-12`, LfW's frozen reference (issue 30): today's hard Jack and
police of December 2026, kept as a named level so that progress is measured
against them (`whitechapel lfw arena --jack hard-2026-12`), and held here to
the very games they played when they were frozen (tests/frozen_players.py:
no time limit, budget 0, so each game is the same action by action).

Two records: the harness's own on the 1888 board (the level against
itself, then each side against random) and one on the tutorial board,
where the hard police now read the board's measures and the reference must
not (against itself and against the normal levels)."""

from __future__ import annotations

import json
import os

import pytest

import frozen_players
from whitechapel.core import players
from whitechapel.lfw.rulebook import JACK, POLICE

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
NAME = "hard-2026-12"


def test_the_reference_is_kept_but_not_offered_to_people():
    assert NAME in players.references("lfw")
    assert NAME not in players.levels("lfw")
    for side in (JACK, POLICE):
        assert players.new_player("lfw", NAME, side, 1).level == NAME


def test_the_reference_plays_the_games_todays_hard_played_on_the_1888_board():
    compared = frozen_players.check("lfw", NAME, None if THOROUGH else 2)
    assert compared >= 6


def _tutorial_games():
    data = json.loads((frozen_players.DATA / f"lfw-{NAME}-tutorial.json").read_text())
    return data["table"], data["games"]


@pytest.mark.parametrize("index", range(12) if THOROUGH else (0, 1, 4, 9))
def test_the_reference_plays_the_games_todays_hard_played_on_the_tutorial_board(index):
    table, games = _tutorial_games()
    entry = games[index]
    levels = {side: (NAME if level == "hard" else level) for side, level in entry["levels"].items()}
    again = frozen_players.play("lfw", levels, entry["seed"], {}, table)
    assert again == entry["actions"]
