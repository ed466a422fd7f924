"""Boards by the names a player types (issue 50): every help page says
"(default: 1888)", so `--map 1888` is the 1888 board and `1888@1` its first
edition; `tutorial` the tutorial board.  An unknown name lists the names."""

from __future__ import annotations

import pytest

from whitechapel.cli import build_parser, main
from whitechapel.lfw.map.maps import load_board


@pytest.mark.parametrize(
    ("typed", "name", "edition"),
    [
        ("1888", "whitechapel-1888", 3),
        ("1888@1", "whitechapel-1888", 1),
        ("1888@2", "whitechapel-1888", 2),
        ("whitechapel-1888", "whitechapel-1888", 3),
        ("tutorial", "tutorial", 3),
        ("tutorial@1", "tutorial", 1),
        ("tutorial@2", "tutorial", 2),
    ],
)
def test_each_name_loads_its_board(typed, name, edition):
    for argv in (["lfw", "--map", typed], ["lfw", "arena", "--map", typed], ["map", "show", typed]):
        args = build_parser().parse_args(argv)
        given = getattr(args, "game_map", None) or getattr(args, "arena_map", None) or args.file
        board = load_board(given)
        assert board.builtin_id == f"{name}@{edition}"


@pytest.mark.parametrize("typed", ["1888", "1888@1", "tutorial"])
def test_map_check_takes_each_name(typed, capsys):
    assert main(["map", "check", typed, "--json"]) == 0
    assert '"circles"' in capsys.readouterr().out


def test_an_unknown_board_lists_the_names_there_are(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:  # a usage error (issue 50): exit 2
        main(["map", "check", "1999"])
    assert done.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("whitechapel map check: argument BOARD: 1999: no board of that name")
    assert "1888, 1888@1" in line and "tutorial" in line


def test_the_help_names_what_map_takes(capsys):
    with pytest.raises(SystemExit):
        main(["lfw", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "1888 (the default" in text and "1888@1 or 1888@2 (its earlier editions)" in text
    assert "tutorial" in text and "map file" in text
