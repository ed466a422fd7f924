"""Taking back a move in a game against the computer (ctrl+z; testers PS
and PU, issue 44: "add take-back in learning games"): the player's last
action goes, with the computer's answers after it; nothing else changes,
and where there is nothing to take back a sentence says why."""

from __future__ import annotations

import contextlib
import random

import pytest

import settle
from pocket_app_play import Driver, choose
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of, replay
from whitechapel.core.store import read_record
from whitechapel.core.thinking import InProcess
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK as LFW_JACK
from whitechapel.lfw.rulebook import POLICE
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui.lesson import LessonScreen
from whitechapel.pocket.ui.screen import PocketScreen, is_summary
from whitechapel.pocket.ui.setup import pocket_screen
from whitechapel.ui.source import LocalSource


def prompt(screen) -> str:
    return " ".join(screen.query_one("#prompt").render().plain.split())


async def _computer_done(pilot, screen: PocketScreen) -> None:
    await until(lambda: screen.turns.thinking is None, what="the computer's move", pilot=pilot)
    await settle.settle(pilot)


async def test_ctrl_z_takes_back_the_investigators_action_and_jacks_answers(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    screen = pocket_screen(9, {JACK: "computer:easy"}, {"hints": "first"})  # a guided game
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen.turns.thinker = InProcess("pocket", screen.turns.computers, 7)
        await until(lambda: isinstance(app.screen, LessonScreen), what="the welcome", pilot=pilot)
        await settle.settle(pilot)
        assert "ctrl+z takes back your last action" in " ".join(screen_text(app).split())
        await settle.press(pilot, "enter")
        await settle.press(pilot, "ctrl+z")  # nothing played yet: said, nothing changes
        assert "Nothing to take back" in prompt(screen)
        rng = random.Random(5)
        source = screen.source
        while len(source.game.history) < 4:  # round 1: you, Jack, Jack, you
            if is_summary(app.screen):
                await settle.press(pilot, "enter")
                continue
            await _computer_done(pilot, screen)
            if source.to_act == INVESTIGATOR:
                await Driver(pilot, screen, rng).keys_for(choose(source.game, rng))
        told = False
        for _ in range(20):  # round 2: Jack's first action, then yours
            await _computer_done(pilot, screen)
            if is_summary(app.screen) and not told:
                # ctrl+z on the round's summary says what first, and takes
                # nothing back (tester PV, round 12: silently nothing)
                played = len(source.game.history)
                await settle.press(pilot, "ctrl+z")
                notes = [n.message for n in app._notifications]
                assert any("Enter first" in n for n in notes), notes
                assert len(source.game.history) == played
                told = True
            if is_summary(app.screen) or screen.curtain_up:
                await settle.press(pilot, "enter")
            elif source.to_act == INVESTIGATOR:
                break
        assert told and source.to_act == INVESTIGATOR and source.game.round == 2, (
            source.game.history,
            source.game.outcome,
            source.game.round,
            screen.curtain_kind,
        )
        played = [str(a) for a in source.game.history]
        before = source.version
        await settle.press(pilot, "ctrl+z")
        await settle.settle(pilot)
        kept = [str(a) for a in source.game.history]
        assert kept == played[: len(kept)] and len(played) - len(kept) == 2  # yours, then Jack's
        assert source.to_act == INVESTIGATOR and source.version > before
        # the game stands where it stood before that action: replayed, the same
        again = replay(record_of(source.game))
        assert again.view(INVESTIGATOR) == source.game.view(INVESTIGATOR)
        await until(lambda: not screen._unsaved, what="the autosave", pilot=pilot)
        saved = read_record(screen.saved_to)
        assert saved.actions == kept  # Continue finds the game as taken back


@pytest.mark.parametrize("players", [{}, {JACK: "computer:random"}], ids=["two-people", "for-real"])
async def test_ctrl_z_is_no_key_in_a_game_of_two_people_or_one_played_for_real(tmp_path, players):
    """A move taken back would tell what the other side hides: only a
    guided game takes moves back."""
    screen = pocket_screen(5, players)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        while screen.curtain_up:
            await settle.press(pilot, "enter")
        rng = random.Random(1)
        await Driver(pilot, screen, rng).keys_for(choose(screen.source.game, rng))
        await _computer_done(pilot, screen)
        n = len(screen.source.game.history)
        await settle.press(pilot, "ctrl+z")
        assert len(screen.source.game.history) == n >= 1
        assert "Taken back" not in screen_text(app)


def test_the_polices_take_back_goes_back_to_before_their_last_action():
    """LfW's police against the computer's Jack: the source takes back to
    before the police's last action, Jack's moves after it gone too."""
    game = LfwGame.new(3, Options(), load_board("tutorial"))
    rng = random.Random(3)
    source = LocalSource(game, record_of(game, players={LFW_JACK: "computer:easy"}))
    while not (game.to_act == LFW_JACK and any(str(a).startswith("red") for a in game.history)):
        game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
    history = [str(a) for a in game.history]
    last_police = max(
        i
        for i, t in enumerate(history)
        if t.split()[0] in ("red", "blue", "green", "yellow", "brown")
    )
    taken = source.take_back(POLICE)
    assert taken >= 1
    assert [str(a) for a in source.game.history] == history[: len(history) - taken]
    assert source.game.to_act == POLICE
    assert len(source.game.history) <= last_police


@contextlib.asynccontextmanager
async def guided_to_the_end(tmp_path, monkeypatch, computer: str):
    """A guided Pocket game (seed 9) against the easy computer on the
    `computer` side, the person's random actions played by keys to its end:
    (app, pilot, screen) over the last round's summary."""
    from pocket_app_play import person_to_the_end, read_lesson

    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    screen = pocket_screen(9, {computer: "computer:easy"}, {"hints": "first"})
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen.turns.thinker = InProcess("pocket", screen.turns.computers, 7)
        await until(lambda: isinstance(app.screen, LessonScreen), what="the welcome", pilot=pilot)
        await read_lesson(pilot, app)
        rng = random.Random(9)
        await person_to_the_end(app, pilot, screen, Driver(pilot, screen, rng), rng)
        assert screen.source.outcome is not None
        yield app, pilot, screen


async def test_ctrl_z_at_the_end_of_a_guided_game_takes_the_last_move_back(tmp_path, monkeypatch):
    """A3 (LfW round 28): "the guided night has no way back after a loss
    ... ctrl+z does nothing there": at the end, over the last summary too,
    the move is taken back and the game goes on."""
    async with guided_to_the_end(tmp_path, monkeypatch, JACK) as (_app, pilot, screen):
        await settle.press(pilot, "ctrl+z")  # over the last round's summary
        await settle.settle(pilot)
        assert screen.source.outcome is None and not screen.curtain_up
        assert screen.source.to_act == INVESTIGATOR


async def test_ctrl_z_at_the_end_of_a_guided_jack_game_gives_jack_his_screen_back(
    tmp_path, monkeypatch
):
    """QC (Pocket round 15): at the game-over screen of the guided Jack game
    ctrl+z "returned to round 6 but the screen was dead: no token bar, the
    header read 'Tokens Jack→you→you→Jack' although I was Jack, Jack's
    secret panel and ▸Pizer◂ were gone ... 1-4 / Enter did nothing"."""
    from pocket_app_play import button_names
    from whitechapel.ui.widgets.text import TextPanel

    async with guided_to_the_end(tmp_path, monkeypatch, INVESTIGATOR) as (app, pilot, screen):
        source = screen.source
        await settle.press(pilot, "ctrl+z")
        await settle.settle(pilot)
        await _computer_done(pilot, screen)
        if is_summary(app.screen):
            await settle.press(pilot, "enter")
        assert source.outcome is None and source.to_act == JACK
        assert screen.holder == JACK and screen.can_act()
        assert screen.current_view().jack is not None  # his own view: who he is
        assert not screen.has_class("over")
        tokens = screen.query_one("#tokens", TextPanel).render().plain
        assert "you→" in tokens or "→you" in tokens
        assert "you→Jack" not in tokens.replace("Jack→you→you→Jack", "")  # he is "you"
        assert button_names(screen), "no token to choose"
