"""What the app remembers between starts (issue 27, core/config.py), as a
player notices it: the setup screens come back with the last names, levels,
hand-over and notebook modes; the theme comes back; a direct start from the
command line uses the remembered names; a bad settings file is one notice;
an SSH session neither reads nor writes the host's settings."""

from __future__ import annotations

from textual.widgets import Input

import settle
import whitechapel.app
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.cli import main
from whitechapel.core import config
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.lfw.ui.setup import LfwSetup
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.pocket.ui.setup import PocketSetup
from whitechapel.ui.widgets.picker import Picker


def field(app, selector: str, kind=Input):
    return app.screen.query_one(selector, kind).value


async def test_the_pocket_setup_comes_back_as_it_was_left():
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "tab", *"Ann", "tab", *"Bob")  # from Who plays
        app.screen.query_one("#handover", Picker).choose("secrets")
        app.screen.query_one("#opponent", Picker).choose("jack")  # the computer plays Jack
        app.screen.query_one("#level", Picker).choose("hard")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, PocketScreen)
    assert config.load().settings.game("pocket") == {
        "jack": "Ann",
        "investigator": "Bob",
        "handover": "secrets",
        "play": "jack:hard",
        "level": "hard",  # the level row's own (issue 44, round 2)
        "hints": "off",  # Learn by playing's row (issue 29), remembered like the rest
    }
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert field(app, "#jack-name") == "Ann" and field(app, "#inv-name") == "Bob"
        assert field(app, "#handover", Picker) == "secrets"
        assert field(app, "#opponent", Picker) == "jack"
        assert field(app, "#level", Picker) == "hard"


async def test_the_lfw_setup_comes_back_as_it_was_left():
    app = WhitechapelApp(start=LfwSetup(seed=9, map_name="tutorial"))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "tab", *"Ann", "tab", *"Cid")  # Play first, then the names
        app.screen.query_one("#notebook", Picker).choose("possible")
        app.screen.query_one("#opponent", Picker).choose("police:easy")
        await settle.settle(pilot)
        await settle.click(pilot, "#start")
        await settle.settle(pilot)
        assert isinstance(app.screen, LfwScreen)
        assert app.screen.source.record.settings == {"notebook": "possible", "hints": "off"}
    app = WhitechapelApp(start=LfwSetup())
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        assert field(app, "#jack-name") == "Ann" and field(app, "#police-name") == "Cid"
        assert field(app, "#notebook", Picker) == "possible"
        assert field(app, "#opponent", Picker) == "police:easy"


async def test_a_level_or_mode_no_longer_offered_is_left_at_its_default():
    config.remember("pocket", handover="never", play="jack:grandmaster", jack="Ann")
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert field(app, "#jack-name") == "Ann"
        assert field(app, "#handover", Picker) == "always"
        assert field(app, "#opponent", Picker) == "people"


async def test_the_theme_comes_back_and_a_new_one_is_remembered():
    config.remember(theme="nord")
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert app.theme == "nord"
        app.theme = "gruvbox"
        await settle.settle(pilot)
    assert config.load().settings.theme == "gruvbox"


async def test_an_ssh_session_neither_reads_nor_writes_the_settings():
    config.remember(theme="nord")
    app = WhitechapelApp(ssh=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert app.theme != "nord"
        app.theme = "gruvbox"
        await settle.settle(pilot)
    assert config.load().settings.theme == "nord"


async def test_a_bad_settings_file_is_one_notice_and_the_app_plays_on():
    path = config.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('theme = "nord\n', encoding="utf-8")
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle.settle(pilot)
        assert "The settings in" in " ".join(screen_text(app).split())
        await settle.press(pilot, *"Ann", "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, PocketScreen)
    assert path.read_text(encoding="utf-8") == 'theme = "nord\n'  # left for the player to mend


def started(monkeypatch) -> list:
    """The first screen of each app the command line runs (not run)."""
    screens: list = []
    monkeypatch.setattr(
        whitechapel.app.WhitechapelApp, "run", lambda self: screens.append(self.start)
    )
    return screens


def test_a_direct_start_uses_the_remembered_names_and_mode(monkeypatch):
    screens = started(monkeypatch)
    config.remember("pocket", jack="Ann", investigator="Bob", handover="secrets")
    assert main(["pocket", "--seed", "3", "--jack", "Dora"]) == 0
    record = screens[-1].source.record
    assert record.players == {"jack": "Dora", "investigator": "Bob"}
    assert screens[-1].handover == "secrets"
    # what the command line said is remembered in its turn
    assert config.load().settings.game("pocket")["jack"] == "Dora"
    config.remember("lfw", jack="Eve", notebook="off")
    assert main(["lfw", "--map", "tutorial", "--no-setup", "--police", "computer:easy"]) == 0
    record = screens[-1].source.record
    assert record.players == {"jack": "Eve", "police": "computer:easy"}
    assert record.settings == {"notebook": "off"}
