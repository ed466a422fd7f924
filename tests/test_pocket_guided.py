"""'Learn by playing' (issue 29): from the menu, a game against the easy
computer with hints (at every decision since issue 44: the kinds of token
in their first round, then the split, the answer, the alibi, the end),
played to its end by keys; the hints themselves (`pocket/hints.py`), from
a view alone.  More in `test_pocket_teaching.py`."""

from __future__ import annotations

import random

import settle
from pocket_app_play import Driver, person_to_the_end, read_lesson
from polling import until
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core.thinking import InProcess
from whitechapel.pocket import hints
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.ui.learn import LearnScreen
from whitechapel.pocket.ui.lesson import LessonScreen
from whitechapel.pocket.ui.screen import PocketScreen, is_summary
from whitechapel.ui.widgets.text import TextPanel


def notes(screen: PocketScreen) -> str:
    return " ".join(screen.query_one("#notes", TextPanel).markup.split())


async def test_learn_by_playing_from_the_menu_to_the_end_by_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "Learn Mr. Jack Pocket by playing" in screen_text(app)
        menu = app.screen.query_one("#menu")
        menu.highlighted = menu.get_option_index("guided-pocket")
        await settle.press(pilot, "enter")
        # issue 44: a side to choose (the investigator first), or the puzzles
        await until(lambda: isinstance(app.screen, LearnScreen), what="the sides", pilot=pilot)
        text = " ".join(screen_text(app).split())
        assert "Play the investigator" in text and "Play Jack" in text and "puzzles" in text
        await settle.press(pilot, "enter")
        await until(lambda: isinstance(app.screen, LessonScreen), what="the welcome", pilot=pilot)
        assert "You play the investigator" in " ".join(screen_text(app).split())
        await read_lesson(pilot, app)
        screen = app.screen
        assert isinstance(screen, PocketScreen) and screen.hints
        screen.turns.thinker = InProcess("pocket", screen.turns.computers, 7)
        game = screen.source.game
        assert screen.source.computers == {JACK: "easy"} and screen.holder == INVESTIGATOR
        assert screen.turns.computers == {JACK: "teaching"}  # the record names the easy one
        driver, rng = Driver(pilot, screen, random.Random(4)), random.Random(4)
        hinted: dict[int, bool] = {}

        def look() -> None:
            shown = "Hint:" in notes(screen)
            hinted[game.round] = hinted.get(game.round, False) or shown
            assert shown, (game.round, notes(screen))

        await person_to_the_end(app, pilot, screen, driver, rng, look)
        assert all(hinted.get(r) for r in range(1, game.round + 1))
        assert is_summary(app.screen)  # the last round's summary, then the end
        await settle.press(pilot, "enter")
        if isinstance(app.screen, LessonScreen):  # the review (longer since round 3)
            await settle.press(pilot, "enter")
        assert "game over" in screen_text(app)
        assert screen.source.record.settings == {"hints": "first"}  # Continue keeps them


def test_hints_name_the_new_kinds_and_what_the_board_would_show():
    game = PocketGame.new(5)  # round 1: H W R R
    view = game.view(INVESTIGATOR)
    forms = hints.token_hint(view, INVESTIGATOR)
    assert "\nTry to have about half the suspects seen" in forms[0]  # after the move
    assert "Holmes walks 1-2 places" in forms[0] and "A rotation turns a tile" in forms[0]
    # round 2 (PC): looking to the call, whatever Jack answers, the move named;
    # round 6 (PI): the move first, its reason on the next row
    assert forms[1].startswith("Turn b3 (Stealthy): wall east.\n")
    # only what holds against every answer (RK, round 32: the counts are
    # his best answer's, not sure)
    assert "Whatever Jack answers: the call clears 2 or more" in forms[1]
    assert forms[-1] == "Best: turning b3's wall east: the call clears 2 or more."
    move = next(a for a in game.legal_actions() if str(a) == "H+1")
    forms = hints.target_hint(view, INVESTIGATOR, "H", preview(view, move))
    assert "Jack can answer" in forms[0] and "Better: turn b3 (Stealthy)" in forms[0]
    # issue 44: against the best available
    assert forms[-1] == "Best: turning b3's wall east: the call clears 2 or more."
    assert forms[0].startswith("Better: turn b3 (Stealthy): wall east.\n")  # the move first
    assert "\nHolmes walks 1-2 places" in forms[0]
    assert "At once 1 seen, 8 unseen: lopsided" in forms[0]
    # Nobody seen: not "at least 0", but that the call might clear nobody.
    assert (
        hints.outlook(view, INVESTIGATOR) == "Then 0 seen, 9 unseen: a call now might clear nobody."
    )
    # Jack's own view: whether he would be seen.
    jack = game.view(JACK)
    me = hints.short_name(jack.jack.identity)
    assert f"; you ({me}) " in hints.outlook(preview(jack, move), JACK)
    # Kinds seen in an earlier round are not explained again (issue 44: the
    # hint is then of the split, the answer, the alibi, the end).
    rng = random.Random(1)
    while game.round < 3:
        game.advance(rng.choice(game.legal_actions()))
    later = game.view(game.to_act)
    kinds = [line for line, _ in hints.KINDS.values()]
    forms = hints.token_hint(later, later.to_act)
    assert forms and not any(k in forms[0] for k in kinds)
    for t in later.tokens:
        forms = hints.target_hint(later, later.to_act, t.up, None)
        assert forms and not any(k in forms[0] for k in kinds)
