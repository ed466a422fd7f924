"""Saved games (core/store.py): atomic, checked writes in the data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import whitechapel.core.store as store_module
from whitechapel.core.chance import Chance
from whitechapel.core.errors import RecordError
from whitechapel.core.record import Record, record_of
from whitechapel.core.store import (
    DATA_DIR_ENV,
    Store,
    autosave_name,
    data_dir,
    load_game,
    read_record,
)
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.selfplay import play_randomly, random_game

STARTED = "2026-11-29T13:25:00+00:00"


def finished_record(seed: int = 3) -> tuple[Record, PocketGame]:
    game = random_game(seed, Chance(seed))
    return record_of(game, seed=seed, players={"jack": "Ann"}, started=STARTED), game


def unfinished_record(seed: int = 3, actions: int = 5) -> tuple[Record, PocketGame]:
    game = play_randomly(PocketGame.new(seed), Chance(seed), limit=actions)
    assert game.outcome is None
    return record_of(game, seed=seed, started=STARTED), game


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- saving and reading back -------------------------------------------------


def test_save_then_read_and_load_round_trip(tmp_path):
    store = Store(tmp_path)
    record, game = finished_record()
    path = store.save(record, "my-game")
    assert path == tmp_path / "saves" / "my-game.json"
    assert path.is_file()
    assert read_record(path) == record
    loaded_record, loaded_game = load_game(path)
    assert loaded_record == record
    assert loaded_game == game
    assert loaded_game.outcome == game.outcome


def test_save_of_an_unfinished_game_round_trips(tmp_path):
    record, game = unfinished_record()
    _, loaded = load_game(Store(tmp_path).save(record, "half"))
    assert loaded == game
    assert loaded.view("investigator") == game.view("investigator")
    assert loaded.view("jack") == game.view("jack")


def test_a_json_suffix_is_not_doubled(tmp_path):
    path = Store(tmp_path).save(finished_record()[0], "kept.json")
    assert path.name == "kept.json"


def test_saving_again_replaces_the_file(tmp_path):
    store = Store(tmp_path)
    first, _ = unfinished_record(actions=2)
    second, _ = unfinished_record(actions=6)
    store.save(first, "game")
    path = store.save(second, "game")
    assert read_record(path).actions == second.actions
    assert files_in(store.saves) == ["game.json"]


def test_read_record_of_a_missing_file_names_it(tmp_path):
    missing = tmp_path / "nothing-here.json"
    with pytest.raises(RecordError, match="no such file") as caught:
        read_record(missing)
    assert str(missing) in str(caught.value)


def test_read_record_of_a_folder(tmp_path):
    with pytest.raises(RecordError, match="is a folder"):
        read_record(tmp_path)


def test_read_record_of_a_corrupt_file_names_it(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "whitechapel-rec', encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert str(path) in str(caught.value)
    assert "broken JSON" in str(caught.value)


def test_load_game_names_the_file_when_an_action_does_not_replay(tmp_path):
    record, _ = unfinished_record()
    record.actions[1] = "Z9"
    path = tmp_path / "bad.json"
    path.write_text(record.dumps(), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_game(path)
    message = str(caught.value)
    assert str(path) in message
    assert "action 2" in message


# -- listing -----------------------------------------------------------------


def test_list_of_an_empty_store(tmp_path):
    assert Store(tmp_path).list() == []


def test_list_is_newest_first(tmp_path):
    store = Store(tmp_path)
    names = ["old", "newest", "middle"]
    times = {"old": 1_000_000_000, "newest": 1_700_000_000, "middle": 1_500_000_000}
    for seed, name in enumerate(names):
        path = store.save(unfinished_record(seed, actions=seed + 1)[0], name)
        os.utime(path, (times[name], times[name]))
    listed = store.list()
    assert [s.path.name for s in listed] == ["newest.json", "middle.json", "old.json"]
    assert [s.modified for s in listed] == [1_700_000_000, 1_500_000_000, 1_000_000_000]
    assert all(s.record is not None and s.problem == "" for s in listed)
    assert listed[0].record == read_record(store.saves / "newest.json")


def test_list_shows_a_corrupt_file_with_its_problem(tmp_path):
    store = Store(tmp_path)
    good = store.save(finished_record()[0], "good")
    os.utime(good, (1_600_000_000, 1_600_000_000))
    corrupt = store.saves / "corrupt.json"
    corrupt.write_bytes(b'{"format": "whitechapel-record", "vers')
    os.utime(corrupt, (1_700_000_000, 1_700_000_000))
    listed = store.list()
    assert [s.path.name for s in listed] == ["corrupt.json", "good.json"]
    assert listed[0].record is None
    assert "corrupt.json" in listed[0].problem
    assert "broken JSON" in listed[0].problem
    assert listed[1].record is not None


def test_list_ignores_files_that_are_not_records(tmp_path):
    store = Store(tmp_path)
    store.save(finished_record()[0], "good")
    (store.saves / "notes.txt").write_text("not a game", encoding="utf-8")
    assert [s.path.name for s in store.list()] == ["good.json"]


# -- a bad record never replaces a good one ----------------------------------


@pytest.mark.parametrize("bad_action", ["Z9", "J:-"], ids=["unknown", "illegal"])
def test_a_record_that_does_not_replay_is_not_written(tmp_path, bad_action):
    store = Store(tmp_path)
    good, _ = unfinished_record(actions=0)
    path = store.save(good, "game")
    before = path.read_bytes()
    # Round 1 opens with the investigator, who may never play J:- (P5).
    bad = Record.loads(good.dumps())
    bad.actions = [bad_action]
    with pytest.raises(RecordError, match="action 1"):
        store.save(bad, "game")
    assert path.read_bytes() == before
    assert files_in(store.saves) == ["game.json"]


def test_a_record_with_a_false_outcome_is_not_written(tmp_path):
    store = Store(tmp_path)
    good, _ = finished_record()
    path = store.save(good, "game")
    before = path.read_bytes()
    bad = Record.loads(good.dumps())
    bad.actions = bad.actions[:-1]  # the recorded outcome no longer follows
    with pytest.raises(RecordError, match="altered or is corrupt"):
        store.save(bad, "game")
    assert path.read_bytes() == before


def test_a_bad_record_under_a_new_name_leaves_no_file(tmp_path):
    store = Store(tmp_path)
    bad, _ = unfinished_record()
    bad.actions.append("Z9")
    with pytest.raises(RecordError):
        store.save(bad, "new")
    assert not (store.saves / "new.json").exists()


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch, failing):
    store = Store(tmp_path)
    old, _ = unfinished_record(actions=2)
    path = store.save(old, "game")
    before = path.read_bytes()

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    newer, _ = unfinished_record(actions=7)
    with monkeypatch.context() as patch, pytest.raises(OSError):
        patch.setattr(store_module.os, failing, disk_full)
        store.save(newer, "game")
    assert path.read_bytes() == before
    assert files_in(store.saves) == ["game.json"]  # no temporary file left behind
    assert read_record(path) == old


def test_a_failed_first_write_leaves_nothing(tmp_path, monkeypatch):
    store = Store(tmp_path)

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    record, _ = finished_record()
    with monkeypatch.context() as patch, pytest.raises(OSError):
        patch.setattr(store_module.os, "replace", disk_full)
        store.save(record, "game")
    assert files_in(store.saves) == []


@pytest.mark.parametrize("name", ["", "../x", ".hidden", "a/b", "a\\b", "a\0b", "..", ".json"])
def test_bad_names_are_refused(tmp_path, name):
    store = Store(tmp_path / "data")
    with pytest.raises(RecordError, match="not a usable file name"):
        store.save(finished_record()[0], name)
    assert files_in(tmp_path) == []  # nothing written anywhere, not even the folder


# -- where the data lives ----------------------------------------------------


def test_data_dir_honours_the_environment(tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv(DATA_DIR_ENV, str(elsewhere))
    assert DATA_DIR_ENV == "WHITECHAPEL_DATA_DIR"
    assert data_dir() == elsewhere
    store = Store()
    assert store.root == elsewhere
    path = store.save(finished_record()[0], "here")
    assert path == elsewhere / "saves" / "here.json"
    assert path.is_file()


def test_data_dir_without_the_override_is_a_whitechapel_folder(monkeypatch):
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert data_dir().name == "whitechapel"  # only computed: nothing is written


# -- autosave names ----------------------------------------------------------


def test_autosave_name_is_stable_for_the_same_record():
    record, _ = finished_record()
    name = autosave_name(record)
    assert autosave_name(record) == name
    assert autosave_name(Record.loads(record.dumps())) == name
    assert name.startswith("autosave-pocket-")
    assert "20261129-132500" in name  # a date and a time (M4, Q4, LfW rounds 47-49)


def test_autosave_name_is_the_same_as_the_game_goes_on():
    shorter, _ = unfinished_record(actions=1)
    longer, _ = unfinished_record(actions=6)
    assert autosave_name(shorter) == autosave_name(longer)


def test_autosave_names_differ_between_games():
    a, _ = unfinished_record(seed=1)
    b = Record.loads(a.dumps())
    b.players = {"jack": "Cy", "investigator": "Di"}
    c = Record.loads(a.dumps())
    c.started = "2026-11-30T09:00:00+00:00"
    assert len({autosave_name(a), autosave_name(b), autosave_name(c)}) == 3


def test_autosave_name_gives_no_seed_away():
    """A name is shown to players ("saved in …"); a seed gives away Jack and
    the deck.  Games that differ only in their secrets share a name."""
    a, _ = unfinished_record(seed=123456)
    b, _ = unfinished_record(seed=654321)
    assert autosave_name(a) == autosave_name(b)
    assert "123456" not in autosave_name(a)


def test_autosave_name_is_a_usable_file_name(tmp_path):
    record, _ = unfinished_record()
    name = autosave_name(record)
    path = Store(tmp_path).save(record, name)
    assert path.parent == tmp_path / "saves"
    assert path.name == f"{name}.json"
