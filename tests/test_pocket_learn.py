"""Learning Mr. Jack Pocket by puzzles, as a player meets it: the menu's
"Learn" entry and the command line open the list, a puzzle starts on its
lesson, is played by keys on the game screen for one side (no hand-over),
and ends on a sentence saying whether its goal was met, with next / try
again / the list.  Playing the investigator, Jack's identity never shows."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

import settle
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.cli import main
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.pieces import CHARACTERS, INVESTIGATOR, JACK
from whitechapel.pocket.puzzles import PUZZLES
from whitechapel.pocket.ui.bench import keys_for
from whitechapel.pocket.ui.puzzles import LessonScreen, PuzzleList, PuzzleScreen
from whitechapel.pocket.ui.screen import is_handover
from whitechapel.ui.widgets.text import TextPanel

IDS = [f"{i}-{p.title}" for i, p in enumerate(PUZZLES, 1)]


def exit_code(argv: list[str]) -> int:
    """`main`'s exit status, a usage error refused while the command line is
    read (SystemExit from argparse) included (issue 50)."""
    try:
        return main(argv)
    except SystemExit as done:
        return int(done.code or 0)


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def panel(screen, name: str) -> str:
    return " ".join(screen.query_one(f"#{name}", TextPanel).render().plain.split())


def prompt(screen) -> str:
    return panel(screen, "prompt")


async def start_puzzle(app, pilot, number: int) -> PuzzleScreen:
    """From the list: puzzle `number`, past its lesson."""
    assert isinstance(app.screen, PuzzleList)
    for _ in range(number - 1):
        await settle.press(pilot, "down")
    await settle.press(pilot, "enter")
    await settle.settle(pilot)
    assert isinstance(app.screen, LessonScreen)
    await settle.press(pilot, "enter")
    await settle.settle(pilot)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen) and screen.number == number
    return screen


async def play(pilot, screen: PuzzleScreen, texts, watch=None) -> None:
    """Play the actions by keys, as the player would; `watch` runs after each key."""
    game = screen.source.game
    for text in texts:
        assert screen.can_act(), f"{text}: the player may not act"
        for k in keys_for(game, parse_action(text)):
            await settle.press(pilot, k)
            if watch is not None:
                watch()
        assert str(game.history[-1]) == text


async def test_the_menu_offers_the_puzzles_and_a_puzzles_lesson_comes_first():
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "Learn Mr. Jack Pocket: puzzles" in screen_text(app)
        options = app.screen.query_one(OptionList)
        options.highlighted = options.get_option_index("learn-pocket")
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList)
        text = flat(app)
        for number, p in enumerate(PUZZLES, 1):
            assert f"{number}. {p.title}" in text and f"{p.tag} ·" not in text
        await settle.press(pilot, "down", "down", "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        text = flat(app)
        assert "Puzzle 3 of 6 · The witness call" in text
        assert "Your goal: Clear 4 suspects whichever way the witness call goes." in text
        await settle.press(pilot, "escape")  # back to the list, not into the puzzle
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("number", range(1, len(PUZZLES) + 1), ids=IDS)
async def test_a_puzzle_solved_by_keys_says_so_and_enter_goes_on(number):
    p = PUZZLES[number - 1]
    app = WhitechapelApp(start=PuzzleList())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_puzzle(app, pilot, number)
        assert f"Puzzle {number} · Goal: {p.goal}" in screen_text(app)
        seen_handover = []
        await play(pilot, screen, p.solution, lambda: seen_handover.append(is_handover(screen)))
        assert not any(seen_handover), "a puzzle has no hand-over"
        await settle.settle(pilot)
        assert prompt(screen).startswith("✔ Goal met. ")
        assert p.judge is not None and prompt(screen)[len("✔ Goal met. ") :] in flat(app)
        assert not screen.can_act()  # the puzzle stops there, whoever is to act
        game = screen.source.game
        assert len(game.history) == len(p.opening) + p.moves
        await settle.press(pilot, "1")  # no key plays on
        assert len(game.history) == len(p.opening) + p.moves
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        if number < len(PUZZLES):
            assert isinstance(app.screen, LessonScreen)
            assert f"Puzzle {number + 1} of 6" in flat(app)
        else:
            assert isinstance(app.screen, PuzzleList)


async def test_a_wrong_play_says_why_and_enter_tries_again():
    app = WhitechapelApp(start=PuzzleList())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_puzzle(app, pilot, 1)
        await play(pilot, screen, ["H+1"])
        await settle.settle(pilot)
        assert prompt(screen) == (
            "✘ Not this time. The detectives see only 2 suspects (Bert and Stealthy), not 3."
        )
        # a way to meet it, after a miss, beside the board (tester RL, Pocket round 33)
        assert "One way to meet the goal: Watson 2 steps (4 → 6)." in panel(screen, "notes")
        assert [b.label for b in screen.query("#choices Choice") if b.choice][:3] == [
            "Try again",
            "Next puzzle",
            "Puzzles",
        ]
        await settle.press(pilot, "enter")  # the same puzzle, from its start
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        again = app.screen
        assert isinstance(again, PuzzleScreen) and again is not screen and again.number == 1
        assert again.source.game.history == [] and again.verdict is None
        await play(pilot, again, ["W+2"])
        await settle.settle(pilot)
        assert prompt(again).startswith("✔ Goal met.")
        await settle.press(pilot, "p")  # the list, the puzzle just played highlighted
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList)


async def test_two_moves_in_a_row_then_the_verdict():
    """Puzzle 2: Jack plays two actions; the verdict waits for the second."""
    app = WhitechapelApp(start=PuzzleList())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_puzzle(app, pilot, 2)
        assert "You are Sergeant Goodley" in flat(app)  # Jack's own secret panel
        await play(pilot, screen, ["Ra1W"])
        await settle.settle(pilot)
        assert screen.verdict is None and screen.can_act()
        assert "Choose an action token" in prompt(screen)
        await play(pilot, screen, ["H+1"])
        await settle.settle(pilot)
        assert prompt(screen) == "✘ Not this time. Watson still sees you."
        way = "turn a1 (Goodley) so its wall faces west, then turn c1 (Gull) so its wall faces east"
        assert f"{way}." in panel(screen, "notes")


async def test_the_witness_call_of_a_puzzle_is_summed_up_beside_the_board():
    app = WhitechapelApp(start=PuzzleList())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_puzzle(app, pilot, 3)
        await play(pilot, screen, ["Rb1N"])
        await settle.settle(pilot)
        assert "End of round 1" in flat(app)  # in sight, and in full:
        assert panel(screen, "notes") == (
            "End of round 1 Jack was seen: the investigator takes the token. "
            "Cleared: Smith, Gull, Bert, Pizer. Alibi shown: Lestrade."
        )
        assert not is_handover(screen)


@pytest.mark.parametrize("number", [n for n, p in enumerate(PUZZLES, 1) if p.side == INVESTIGATOR])
async def test_playing_the_investigator_jacks_identity_never_shows(number):
    """P9: every key of the puzzle, then its verdict; the game screen shows
    the investigator's view only (Jack's name appears once the game is over,
    as in any game: P8)."""
    p = PUZZLES[number - 1]
    jack = CHARACTERS[p.setup.jack].name
    app = WhitechapelApp(start=PuzzleList())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_puzzle(app, pilot, number)

        def no_secret() -> None:
            text = flat(app)
            assert "You are" not in text and "Secret" not in text
            assert f"Jack was {jack}" not in text or screen.source.game.outcome is not None
            if screen.source.game.suspect_count() > 2 and " " in jack:  # Madame: a tile's name
                assert jack not in text

        no_secret()
        await play(pilot, screen, p.solution, no_secret)
        await settle.settle(pilot)
        no_secret()
        assert screen.current_view().side == INVESTIGATOR
        assert screen.current_view().jack is None or screen.source.game.outcome is not None


def test_the_registry_says_which_games_teach():
    """The menu builds "Learn …" from the registry, naming no game: a game
    that teaches has a learn screen among its screens, and its rules have none."""
    from whitechapel.core.registry import entries, rules_for
    from whitechapel.ui.games import screens_for

    assert sorted(e.name for e in entries() if e.learn) == ["lfw", "pocket"]
    assert sorted(e.name for e in entries() if e.guided) == ["lfw", "pocket"]
    for e in entries():
        assert hasattr(screens_for(e.name), "learn_screen") == e.learn
        assert hasattr(screens_for(e.name), "guided_screen") == e.guided
        assert not hasattr(rules_for(e.name), "learn_screen")


def test_the_command_line_lists_and_checks_the_puzzles(capsys):
    assert main(["pocket", "puzzles", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0]
        == "1. Lines of sight (you play the investigator): make the detectives see 3 suspects"
    )
    assert len(out) == len(PUZZLES) + 1 and "--puzzle N" in out[-1]
    assert exit_code(["pocket", "--puzzle", "7"]) == 2  # a usage error (issue 50)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "there are 6 puzzles: choose one from 1 to 6" in err[0]
    assert main(["pocket", "--puzzle", "2", "--plain"]) == 2  # a usage error (issue 50)
    assert "cannot be combined with --plain" in capsys.readouterr().err


async def test_the_command_line_puzzle_starts_on_its_lesson_and_p_lists_them(monkeypatch):
    from whitechapel.pocket.ui.entry import SCREENS

    app = WhitechapelApp(start=SCREENS.learn_screen(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert "Puzzle 4 of 6 · An hourglass for Jack" in flat(app)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleScreen) and app.screen.puzzle.side == JACK
        await settle.press(pilot, "p")
        await settle.settle(pilot)
        assert isinstance(app.screen, PuzzleList)
        assert app.screen.query_one("#puzzles").highlighted == 3
