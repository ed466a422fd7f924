"""No rules reference's tag on a Letters from Whitechapel screen (tester
K2, round 19): the box's rulebook has no "H3", "T1" or "N3", so whatever a
player reads -- the phase line, the prompt and its refusals, the panels,
the log, the curtains, the toasts, F1, the hints and the puzzles -- says the
phases and rules in words.  A log line's night ("N3 Blue moves …") is not
a tag and stays; circle numbers and crossing ids are never touched."""

from __future__ import annotations

import re

import pytest

import settle
from lfw_app_play import LfwDriver, lfw_app, widget_text
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.cli import main
from whitechapel.lfw.options import OPTIONS, Options
from whitechapel.lfw.puzzles import PUZZLES
from whitechapel.lfw.ui.learn import HintBox
from whitechapel.lfw.ui.panels import log_line, untagged
from whitechapel.lfw.ui.puzzles import PuzzleList, PuzzleScreen, heading
from whitechapel.ui.screens.help import HelpScreen

# A tag: H1-H9, T1-T3, S1, O1-O6 wherever they stand; N3 (the double event)
# unless a word follows it, as the log's night does ("N4 Yellow moves").
TAG = re.compile(r'\b[HTSO][1-9]\b|\bN[1-9]\b(?! [A-Za-z"])')

EVERY_OPTION = Options(**dict.fromkeys(OPTIONS, True))


def tags_in(text: str) -> list[str]:
    return [m.group() for m in TAG.finditer(text)]


def test_the_tag_finder_finds_tags_and_leaves_nights_and_crossings():
    said = "Night 3/4 · T2 Hunting the monster (H3) · N3: the police first, (N3)"
    assert tags_in(said) == ["T2", "H3", "N3", "N3"]
    assert tags_in("N4 Yellow moves to the crossing x57 · 3 spaces · F1 help") == []
    assert tags_in('N1 "I know where you live": 15') == []  # the log's night, then O6


def test_untagged_keeps_words_numbers_crossings_and_the_logs_nights():
    assert untagged("(the last 2 fakes on the only crossings left, H3)") == (
        "(the last 2 fakes on the only crossings left)"
    )
    assert untagged("the blue policeman moves now (T2: the Chief first, then clockwise)") == (
        "the blue policeman moves now (the Chief first, then clockwise)"
    )
    assert untagged("each goes to a free yellow crossing (O1 Saucy Jacky)") == (
        "each goes to a free yellow crossing (Saucy Jacky)"
    )
    assert untagged("**Hell** (H1–H9): Jack") == "**Hell**: Jack"
    kept = "N3 Blue moves to x57 (2 steps) · circle 57 · 15 spaces"
    assert untagged(kept) == kept


class TagWatch:
    """After every key: the whole screen and every panel's whole text (what
    scrolling would show too) hold no tag; the phases seen, to know the
    watch saw the game's every part."""

    def __init__(self, driver: LfwDriver) -> None:
        self.driver = driver
        self.phases: set[str] = set()
        self.looks = 0
        self.nights_seen = 0  # looks where a log line's night showed

    def __call__(self, key: str) -> None:
        app = self.driver.app
        text = screen_text(app) + "\n" + widget_text(app)
        assert not tags_in(text), f"tags {tags_in(text)} after {key!r}:\n{text}"
        self.phases.add(self.driver.game.phase)
        self.looks += 1
        self.nights_seen += bool(re.search(r"\bN[1-4] [A-Z]", text))


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_a_whole_hot_seat_game_shows_no_rule_tag(tmp_path, size):
    app, screen = lfw_app(8, tmp_path, options=EVERY_OPTION)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        driver = LfwDriver(pilot, screen, 8)
        watch = TagWatch(driver)
        driver.after_each.append(watch)
        await driver.play_game()
        assert screen.source.game.outcome is not None
        assert watch.looks > 100 and {"hideout", "patrols", "hunt", "clues"} <= watch.phases
        if size[0] >= 100:  # the log's panel shows (at 80x24 only with F5): its nights stayed
            assert watch.nights_seen > 0


async def test_refusals_say_no_rule_tag(tmp_path):
    """The engine's refusal ("… (S1)", "… (O5)") and the screen's own
    ("… not Jack-adjacent …") reach the player without their tags."""
    app, screen = lfw_app(1, tmp_path, options=Options(catch_me=True))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the curtain to Jack
        game = screen.source.game
        before = game.clone()
        for ch in str(min(game.board.red)):  # a red circle: no hideout there
            await settle.press(pilot, ch)
        await settle.press(pilot, "enter")
        assert game == before and screen.notice
        text = screen_text(app) + "\n" + widget_text(app)
        assert "red" in " ".join(text.split()) and not tags_in(text), text


async def test_f1_help_has_no_rule_tag(tmp_path):
    app, _screen = lfw_app(3, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "f1")
        assert isinstance(app.screen, HelpScreen)
        help_text = app.screen.markdown
        assert "**Hell**" in help_text and "**The Hunt**" in help_text
        assert not tags_in(help_text), tags_in(help_text)
        assert not tags_in(screen_text(app)), screen_text(app)


async def test_hint_boxes_and_puzzles_show_no_rule_tag(tmp_path, monkeypatch):
    """The guided night's first hint box, beside-the-map line after it, and
    every puzzle's heading and texts."""
    from whitechapel.lfw.ui import learn

    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    screen = learn.guided_game("jack", 11)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, HintBox)
        assert "Your hideout" in screen_text(app) and not tags_in(screen_text(app))
        await settle.press(pilot, "enter")
        text = screen_text(app) + "\n" + widget_text(app)
        assert "Hint · Your hideout" in text and not tags_in(text), text
        for number in range(1, len(PUZZLES) + 1):
            assert not tags_in(heading(number, PUZZLES[number - 1]))
            app.push_screen(PuzzleScreen(number))
            await settle.settle(pilot)
            assert not tags_in(screen_text(app)), screen_text(app)
            app.pop_screen()
        app.push_screen(PuzzleList())
        await settle.settle(pilot)
        assert "1." in screen_text(app) and not tags_in(screen_text(app)), screen_text(app)


def test_the_printed_list_of_puzzles_has_no_rule_tag(capsys):
    assert main(["lfw", "learn", "--list"]) == 0
    out = capsys.readouterr().out
    assert "1." in out and not tags_in(out), out


def test_a_log_line_keeps_its_night():
    from whitechapel.lfw.view_parts import LogEntry

    entry = LogEntry(night=3, event="kill", crime_scenes=(12, 30))
    assert untagged(log_line(entry)).startswith("N3 ")
