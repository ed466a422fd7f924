"""Pocket's views as JSON: the edges (records, the network protocol,
`whitechapel replay --json`) carry exactly what they carried before the
views were typed.

`data/pocket_views.json` was written by the code of commit 8644896 (views
still plain dicts): for each game of `VARIED_SEEDS` (every way a game can
end, P8), the SHA-256 of every position's three views as JSON (Jack's, the
investigator's, the public one), a few whole views to show a difference,
and a room's `state` messages (the seat's view; after a time-out, Jack's
secrets added for all).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from whitechapel.core.chance import Chance
from whitechapel.core.game import PUBLIC, view_json
from whitechapel.core.store import load_game
from whitechapel.net import roomfile
from whitechapel.net.rooms import Room
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.rules import RULES
from whitechapel.pocket.selfplay import random_game

GOLDEN = json.loads((Path(__file__).parent / "data" / "pocket_views.json").read_text())
SIDES = ("jack", "investigator", PUBLIC)


def positions(seed: int) -> Iterator[PocketGame]:
    """Every position of `random_game(seed)`, from its start to its end."""
    full = random_game(seed, Chance(seed))
    game = PocketGame(full.setup)
    yield game
    for action in full.history:
        game.play(str(action))
        yield game


def as_json(view) -> str:
    return json.dumps(view_json(view), ensure_ascii=False)


@pytest.mark.parametrize("seed", [int(s) for s in GOLDEN["digests"]])
def test_every_view_gives_the_same_json_as_before(seed):
    digest = hashlib.sha256()
    for i, game in enumerate(positions(seed)):
        for side in SIDES:
            text = as_json(game.view(side))
            key = f"{seed}:{i}:{side}"
            if key in GOLDEN["views"]:  # a whole view: where it differs shows
                assert json.loads(text) == GOLDEN["views"][key]
                assert text == json.dumps(GOLDEN["views"][key], ensure_ascii=False)  # key order
            digest.update(text.encode() + b"\n")
    assert digest.hexdigest() == GOLDEN["digests"][str(seed)]


def test_a_rooms_state_messages_are_the_same_as_before():
    history = random_game(17, Chance(17)).history
    game = PocketGame(random_game(17, Chance(17)).setup)
    for action in history[:9]:
        game.play(str(action))
    room = Room("ROOM", "pocket", game, seed=None, created="2026-01-01T00:00:00+00:00")
    messages = {f"state:{seat}": room.state_message(seat) for seat in ("jack", None)}
    room.result = {"winner": "jack", "reason": "time ran out for investigator"}
    room._changed()
    messages["timeout:investigator"] = room.state_message("investigator")
    for key, message in messages.items():
        assert json.dumps(message, ensure_ascii=False) == json.dumps(
            GOLDEN["messages"][key], ensure_ascii=False
        ), key


@pytest.mark.parametrize("seed", [0, 38])
def test_a_view_read_back_from_its_json_is_the_same_view(seed):
    """`PocketRules.view_from_json` (a network seat's screen) gives back the
    very view the engine gave, for every side at every position."""
    for game in positions(seed):
        for side in SIDES:
            view = game.view(side)
            assert RULES.view_from_json(json.loads(as_json(view))) == view


def test_a_seats_view_after_a_time_out_reads_back_with_jacks_secrets():
    message = GOLDEN["messages"]["timeout:investigator"]
    view = RULES.view_from_json(message["view"])
    assert view.side == "investigator" and view.jack is not None
    assert view.to_json() == message["view"]


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v.pop("tiles"),
        lambda v: v.update(game="lfw"),
        lambda v: v["tiles"][0].update(character="moriarty"),
        lambda v: v["log"].append({"round": 1, "side": "jack", "action": "H+3"}),
        lambda v: v.update(to_act="police"),
    ],
)
def test_anything_else_is_not_read_as_a_view(change):
    data = json.loads(as_json(PocketGame.new(1).view("jack")))
    change(data)
    with pytest.raises(ValueError, match=r"not a Mr\. Jack Pocket view"):
        RULES.view_from_json(data)


# -- records and a room's journal written before the witness call was a step --------

OLD = Path(__file__).parent / "data" / "pocket_records"


@pytest.mark.parametrize("name", ["pocket_38_finished.json", "pocket_38_round2_done.json"])
def test_an_old_record_loads_and_replays_to_the_same_views(name):
    """Records written by commit 8644896 (the witness call made inside the
    fourth action): a finished game, and one saved right after a round's
    end.  They replay, the call made at the same point, to the views they
    gave then."""
    record, game = load_game(OLD / name)
    expected = json.loads((OLD / "pocket_records_views.json").read_text())[name]
    for side in SIDES:
        assert view_json(game.view(side)) == expected[side]
    assert not game.unresolved
    assert [str(a) for a in game.history] == record.actions


def test_an_old_rooms_file_and_journal_line_replay_to_the_same_state_messages():
    """A room's file (three actions) and a journal line across the round's
    end, written by commit 8644896: the room replays them and tells each
    seat what it told it then."""
    data = json.loads((OLD / "pocket_room_journal.json").read_text())
    room = roomfile.from_json(data["room"], now=lambda: 1000.0)
    roomfile.apply_line(room, data["line"])
    for seat in ("jack", "investigator", None):
        assert room.state_message(seat) == data["states"][str(seat)]
