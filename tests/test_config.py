"""The settings file (core/config.py) and `whitechapel config` (issue 27):
what is remembered comes back, a bad file is one sentence and the defaults
and is never written over, and the command shows, locates and forgets it."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whitechapel.cli import main
from whitechapel.core import config
from whitechapel.core.config import Settings


def test_nothing_remembered_is_every_default(capsys):
    loaded = config.load()
    assert loaded.settings == Settings() and not loaded.exists and loaded.problem is None
    assert main(["config"]) == 0
    assert "every choice is at its default" in capsys.readouterr().out


def test_what_is_remembered_comes_back():
    assert config.remember("pocket", jack="Ann", investigator="Bob", handover="secrets") is None
    assert config.remember(theme="nord") is None
    assert config.remember("pocket", investigator=None, play="jack:hard") is None  # None: kept
    settings = config.load().settings
    assert settings.theme == "nord"
    assert settings.game("pocket") == {
        "jack": "Ann",
        "investigator": "Bob",
        "handover": "secrets",
        "play": "jack:hard",
    }
    assert settings.game("lfw") == {}


def test_the_file_is_written_only_when_something_changed():
    config.remember("lfw", police="Cid")
    path = config.config_path()
    os.utime(path, (1, 1))
    config.remember("lfw", police="Cid")
    config.remember(theme=None)
    assert path.stat().st_mtime == 1
    config.remember("lfw", police="Dora")
    assert path.stat().st_mtime != 1


def write(text: str | bytes) -> None:
    path = config.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


BAD = [
    ('theme = "nord', "not valid TOML"),
    ("theme = 3", "'theme' is not a string"),
    ('[pocket]\njack = ["Ann"]', "'pocket.jack' is not a string"),
    ("level = 'hard'", "'level' is neither"),
    (b"theme = '\xff'", "not UTF-8"),
    ("# " + "x" * 70_000, "too large"),
]


@pytest.mark.parametrize(("text", "why"), BAD)
def test_a_bad_file_is_one_sentence_and_the_defaults_and_is_kept(text, why, capsys):
    write(text)
    before = config.config_path().read_bytes()
    loaded = config.load()
    assert loaded.settings == Settings()
    assert why in loaded.problem and str(config.config_path()) in loaded.problem
    # remembering does not write over it: the player can still mend it
    assert config.remember("pocket", jack="Ann") == loaded.problem
    assert config.config_path().read_bytes() == before
    assert main(["config", "show"]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and why in err and "Traceback" not in err
    assert "every choice is at its default" in out


def test_a_folder_in_place_of_the_file(capsys):
    config.config_path().mkdir(parents=True)
    assert "is a folder" in config.load().problem
    assert main(["config", "reset"]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert "is a folder" in line


def test_config_path_show_and_reset(capsys):
    assert main(["config", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(config.config_path())
    config.remember("pocket", jack="Ann")
    assert main(["config", "show"]) == 0
    out = capsys.readouterr().out
    assert str(config.config_path()) in out and 'jack = "Ann"' in out
    assert main(["config", "reset"]) == 0
    assert "removed" in capsys.readouterr().out
    assert not config.config_path().exists()
    assert main(["config", "reset"]) == 0
    assert "nothing to reset" in capsys.readouterr().out


def test_the_written_file_explains_itself():
    config.remember(theme="nord")
    text = config.config_path().read_text(encoding="utf-8")
    assert text.startswith("# whitechapel's settings") and "whitechapel config reset" in text


strings = st.text(st.characters(exclude_categories=("Cs",)), max_size=20)


@given(
    theme=st.none() | strings,
    games=st.dictionaries(
        strings.filter(lambda s: s != "theme"),
        st.dictionaries(strings, strings, max_size=4),
        max_size=3,
    ),
)
def test_any_names_survive_the_round_trip(theme, games):
    """Names with quotes, backslashes, newlines or any script come back as typed."""
    settings = Settings(theme, {game: values for game, values in games.items() if values})
    assert Settings.from_toml(settings.to_toml()) == settings
