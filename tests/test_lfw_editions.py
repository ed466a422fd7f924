"""Old games keep their board when the 1888 board is redrawn (issue 17).

`tests/data/lfw_records_ed1/` holds two records written by the program
before the redrawing (the first edition was then the only 1888 board, and
records named it 'whitechapel-1888' with no edition): a finished game and an
autosave in the middle of night 2.  The facts checked after replaying them
were read with that program.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from whitechapel.core.errors import MapError, RecordError
from whitechapel.core.record import Record, record_of, replay
from whitechapel.core.store import load_game
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map import mapcheck
from whitechapel.lfw.map.maps import is_shipped, load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.setup import Setup

OLD = Path(__file__).parent / "data" / "lfw_records_ed1"


def test_a_finished_game_recorded_on_the_first_edition_replays_on_it():
    record, g = load_game(OLD / "finished.json")
    assert record.setup["map"] == {"builtin": "whitechapel-1888"}  # as written then
    assert g.board.builtin_id == "whitechapel-1888@1"
    assert g.outcome is not None and g.outcome.winner == "jack" and g.night == 4
    scenes = [(c["night"], c["circle"]) for c in g.view("police").to_json()["crime_scenes"]]
    assert scenes == [(1, 21), (2, 147), (3, 65), (3, 158), (4, 84)]
    assert g.police == {
        "blue": "x63",
        "yellow": "x117",
        "brown": "x161",
        "red": "x103",
        "green": "x163",
    }


def test_an_autosave_from_the_first_edition_resumes_on_it():
    record, g = load_game(OLD / "midgame.json")
    assert g.outcome is None and (g.night, g.phase) == (2, "searching")
    assert g.police == {
        "blue": "x22",
        "yellow": "x103",
        "brown": "x71",
        "red": "x7",
        "green": "x64",
    }
    assert g.view("jack").to_json()["jack"]["path"][-1][-1] == {
        "space": "2",
        "circle": 58,
        "how": "coach",
    }
    g.apply(g.legal_actions()[0])  # the game goes on
    again = record_of(g, seed=record.seed, started=record.started)
    assert again.setup["map"] == {"builtin": "whitechapel-1888@1"}  # saved with its edition
    assert replay(Record.loads(again.dumps())).board.builtin_id == "whitechapel-1888@1"


def test_a_new_game_is_played_on_the_latest_edition_and_records_it():
    g = LfwGame.new(5, Options(), load_board())
    assert g.board.edition == 3 and g.board.builtin_id == "whitechapel-1888@3"
    g.apply(g.legal_actions()[0])
    record = record_of(g)
    assert record.setup["map"] == {"builtin": "whitechapel-1888@3"}
    assert replay(Record.loads(record.dumps())).board is g.board


def test_a_setup_names_the_latest_edition_when_given_a_bare_name():
    chiefs = ("blue", "yellow", "brown", "red", "green")
    assert Setup(chiefs, "whitechapel-1888").map_name == "whitechapel-1888@3"
    assert Setup(chiefs, "whitechapel-1888") == Setup(chiefs, "whitechapel-1888@3")
    assert Setup(chiefs, "tutorial").map_name == "tutorial@3"
    # a record naming only "tutorial" was made before editions: the first
    assert Setup.from_json({"chiefs": list(chiefs), "map": {"builtin": "tutorial"}}).board() is (
        load_board("tutorial@1")
    )
    assert load_board("tutorial@1") is not load_board("tutorial")


@pytest.mark.parametrize("name", ["whitechapel-1888@4", "whitechapel-1888@x", "atlantis@1"])
def test_a_record_on_a_board_this_program_lacks_says_so_in_one_sentence(name):
    text = (OLD / "finished.json").read_text()
    data = json.loads(text)
    data["setup"]["map"] = {"builtin": name}
    with pytest.raises(RecordError) as e:
        replay(Record.loads(json.dumps(data)))
    message = str(e.value)
    assert f"unknown board {name!r}" in message and "whitechapel-1888@3" in message
    assert message.count(". ") == 0 and "\n" not in message


def test_each_edition_loads_by_name_and_edition():
    first, latest = load_board("whitechapel-1888@1"), load_board("whitechapel-1888")
    assert (first.edition, latest.edition) == (1, 3)
    assert load_board("whitechapel-1888@3") is latest
    assert load_board("whitechapel-1888@2").edition == 2
    assert first.builtin_name == latest.builtin_name == "whitechapel-1888"
    assert mapcheck.statistics(first)["crooked_segments"] > 0  # the first drawing, kept as it was
    assert is_shipped("whitechapel-1888@1") and not is_shipped("whitechapel-1888@7")
    with pytest.raises(MapError, match="has no edition '7'"):
        load_board("whitechapel-1888@7")
