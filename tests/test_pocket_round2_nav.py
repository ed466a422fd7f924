"""Issue 44, round 2 (testers PC and PD): Mr. Jack Pocket's navigation,
setup and hand-over as blind testers met them.

- PD F2: mid-game, `m` asks, then goes to the menu (the game kept for
  Continue); Esc still steps back a choice; the palette says what its
  entries do.
- PC 9, PD F4: who plays and the computer's level are two rows, an old
  remembered choice still loads, and the game's first screen says whom
  the player is against.
- PC 7, PD F7: the hand-over's hold is short, and the investigator sees the
  alibi card he drew before the curtain falls (P5).
- PD F8: Esc from the puzzle list goes back where it came from; the list
  ticks the puzzles solved, remembered in the data folder.
(PC 6, the network seat's round summary going with the next round's first
action, is in test_pocket_net_summary.py.)"""

from __future__ import annotations

from textual.widgets import OptionList

import settle
from pocket_app_play import SETUPS, curtain_text, pocket_app, widget_text
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core import config
from whitechapel.core.solved import solved
from whitechapel.core.store import Store
from whitechapel.pocket.actions import ALIBI_ACTION, parse_action
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.puzzles import PUZZLES
from whitechapel.pocket.ui.bench import keys_for
from whitechapel.pocket.ui.learn import LearnScreen
from whitechapel.pocket.ui.puzzles import LessonScreen, PuzzleList, PuzzleScreen
from whitechapel.pocket.ui.screen import HOLD, PocketScreen, is_handover
from whitechapel.pocket.ui.setup import PocketSetup, pocket_screen
from whitechapel.ui.screens.leave import LeaveScreen
from whitechapel.ui.turns import HOLD as SHARED_HOLD
from whitechapel.ui.turns import PASS, TurnControl
from whitechapel.ui.widgets.picker import Picker


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def toasts(app) -> list[str]:
    """The notifications on screen now."""
    return [n.message for n in app._notifications]


# -- PD F2: back to the menu mid-game ----------------------------------------------------


async def test_m_mid_game_asks_then_leaves_for_the_menu_and_continue_finds_the_game(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the first hand-over: the investigator
        assert screen.can_act()
        assert "m Menu" in screen_text(app)  # on the keys line at 80 columns
        await settle.press(pilot, "1")
        assert screen.choice.token is not None
        await settle.press(pilot, "escape")  # Esc steps back a choice, as before
        assert screen.choice.token is None and app.screen is screen
        await settle.press(pilot, "m")
        await settle.settle(pilot)
        assert isinstance(app.screen, LeaveScreen)
        text = widget_text(app)
        assert "Leave this game for the menu? It is saved: Continue takes it up again." in text
        assert "m again or Enter: yes" in text and "Esc: no" in text
        await settle.press(pilot, "escape")  # no: the game, as it was
        assert app.screen is screen and screen.can_act()
        await settle.press(pilot, "m", "m")  # m again: yes
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
    saved = [s for s in Store(tmp_path).list() if s.record is not None]
    assert saved and saved[0].record.outcome is None  # Continue takes it up again


async def test_the_palette_says_what_new_game_opens_and_offers_the_menu_mid_game(tmp_path):
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        commands = {c.title: c for c in app.get_system_commands(screen)}
        new = commands["New Mr. Jack Pocket game"]
        assert "Start a hot-seat game" not in new.help and "settings" in new.help
        back = commands["Back to the menu"]
        assert "saved" in back.help
        back.callback()
        await settle.settle(pilot)
        assert isinstance(app.screen, LeaveScreen)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)


# -- PC 9, PD F4: who plays, and at which level ---------------------------------------------


async def test_an_old_remembered_choice_loads_as_two_rows_and_the_setup_says_the_game():
    config.remember("pocket", play="jack:hard")  # as every earlier version wrote it
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        setup = app.screen
        assert setup.query_one("#opponent", Picker).value == "jack"
        assert setup.query_one("#level", Picker).value == "hard"
        text = flat(app)
        assert "(•) You as investigator" in text and "(•) hard" in text
        assert "You are the investigator against the computer's hard Jack." in text
        # The level row: one step left is 'normal', said at once.
        setup.query_one("#level", Picker).focus()
        await settle.press(pilot, "left")
        assert "You are the investigator against the computer's normal Jack." in flat(app)
        # Two people: the level row is off, and the sentence says so.
        setup.query_one("#opponent", Picker).choose("people")
        await settle.settle(pilot)
        assert setup.query_one("#level", Picker).disabled
        assert "Two people at this keyboard" in flat(app)
        setup.query_one("#opponent", Picker).choose("investigator")
        await settle.settle(pilot)
        assert "You are Jack against the computer's normal investigator." in flat(app)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        game = app.screen
        assert isinstance(game, PocketScreen)
        assert game.source.record.players == {"investigator": "computer:normal"}
        # The game's first screen says it too, on the prompt, not in a toast
        # over the tokens (tester PF, round 3)
        assert "You are Jack against the computer's normal investigator." in flat(app)
        assert not toasts(app)
    remembered = config.load().settings.game("pocket")
    assert remembered["play"] == "investigator:normal" and remembered["level"] == "normal"


async def test_a_game_against_the_computer_opens_saying_whom_the_player_is():
    screen = pocket_screen(5, {JACK: "computer:random"})
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "You are the investigator against the computer's random Jack." in flat(app)
        assert not toasts(app)


# -- PC 7, PD F7: the hand-over ---------------------------------------------------------


async def test_a_pocket_hand_over_holds_a_few_hundred_ms_not_one_and_a_half_s(
    tmp_path, monkeypatch
):
    now = [0.0]
    monkeypatch.setattr(TurnControl, "hold", SHARED_HOLD)  # as shipped
    monkeypatch.setattr(TurnControl, "clock", staticmethod(lambda: now[0]))
    assert HOLD <= 0.5 < SHARED_HOLD
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert screen.turns.curtain_kind == PASS
        now[0] += 0.2
        await settle.press(pilot, "enter")  # a second Enter, typed ahead: not taken
        assert screen.curtain_up and screen.holder is None
        now[0] += HOLD  # a deliberate Enter, a moment later
        await settle.press(pilot, "enter")
        assert not screen.curtain_up and screen.holder == INVESTIGATOR


async def test_the_investigator_sees_the_alibi_he_drew_before_the_curtain_falls(tmp_path):
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: Alibi, Toby, ...
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # to the investigator
        assert screen.holder == INVESTIGATOR
        await settle.press(pilot, *keys_for(game, ALIBI_ACTION))
        assert game.history[-1] is ALIBI_ACTION and game.to_act == JACK
        card = game.view(INVESTIGATOR).log[-1].card
        name = next(w for w in ("Bert", "Madame") if w.lower() in card)
        # on the hand-over's own curtain, one Enter (testers QU, QV, QW, rounds
        # 24-25: a screen of its own first was "two Enters for a public fact")
        text = curtain_text(app)
        assert is_handover(screen) and screen.turns.curtain_kind == PASS
        assert "Pass to Ann (Jack)" in text
        assert "The investigator showed an alibi card: " in text and name in text
        assert "Secret" not in text and "You are" not in text  # nothing of Jack's


# -- PD F8: the puzzles --------------------------------------------------------------------


async def test_esc_from_the_puzzles_goes_back_to_learn_by_playing():
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        menu = app.screen.query_one(OptionList)
        menu.highlighted = menu.get_option_index("guided-pocket")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, LearnScreen)
        options = app.screen.query_one(OptionList)
        options.highlighted = options.get_option_index("puzzles")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, LearnScreen)
        # back on its first choice (tester PL, round 6: the list kept "The
        # puzzles" highlighted, and Up started a guided game as Jack)
        assert app.screen.query_one(OptionList).highlighted == 0
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_the_puzzle_list_ticks_the_puzzles_solved_and_remembers_them():
    p = PUZZLES[0]
    app = WhitechapelApp(start=PuzzleList())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "✔" not in screen_text(app)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        for text in p.solution:
            await settle.press(pilot, *keys_for(screen.source.game, parse_action(text)))
        await settle.settle(pilot)
        assert screen.verdict is not None and screen.verdict.met
        await settle.press(pilot, "p")  # the list again
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList)
        text = screen_text(app)
        assert "✔ 1." in text and "✔ 2." not in text
    assert solved("pocket") == {1}
    app = WhitechapelApp(start=PuzzleList())  # a later start: still ticked
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "✔ 1." in screen_text(app)


async def test_the_palettes_back_to_the_menu_is_both_games_and_lfw_keeps_its_letter_m(tmp_path):
    """The question and the way to the menu are the shared game screen's
    (they name no game): LfW's palette offers them too, while its `m`, a
    letter it types, stays its own."""
    from lfw_app_play import first_game_where, game_app
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import POLICE

    game = first_game_where(12, lambda g: g.phase == Phase.CLUES and g.to_act == POLICE)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        commands = {c.title: c for c in app.get_system_commands(screen)}
        assert not any(b.key == "m" for b in screen.BINDINGS)
        commands["Back to the menu"].callback()
        await settle.settle(pilot)
        assert isinstance(app.screen, LeaveScreen)
        await settle.press(pilot, "m")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)


def test_a_puzzles_file_that_cannot_be_read_ticks_nothing_and_is_kept():
    from whitechapel.core.solved import remember_solved, solved_path

    path = solved_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not json {", encoding="utf-8")
    assert solved("pocket") == set()
    problem = remember_solved("pocket", 2)
    assert problem is not None and "cannot be read" in problem
    assert path.read_text(encoding="utf-8") == "not json {"  # never written over
    path.unlink()
    assert remember_solved("pocket", 2) is None and remember_solved("lfw", 1) is None
    assert solved("pocket") == {2} and solved("lfw") == {1}
