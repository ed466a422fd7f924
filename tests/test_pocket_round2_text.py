"""Issue 44, round 2 (blind testers PC and PD, 7/10 each): Mr. Jack
Pocket's text and its side panel at 80×24, 120×40 and 200×60 -- Jack's
cards and the hint's short form before the log, both clocks whole in a
network seat's banner, Lane's wall-less crossroads said as it is, no rule
tag (P5, P8) in what a player reads, lines cut at their end and never
mid-number, and the words the testers found wrong or unclear."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

import settle
from pocket_app_play import SETUPS, curtain_text, pocket_app
from pocket_positions import setup
from snapshots import screen_text
from test_pocket_replay import seat_state
from whitechapel.app import WhitechapelApp
from whitechapel.pocket import hints
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.puzzles import PUZZLES
from whitechapel.pocket.sentences import log_sentences
from whitechapel.pocket.ui import computer, panels
from whitechapel.pocket.ui.screen import PocketScreen, is_summary
from whitechapel.ui.screens import game as game_screen
from whitechapel.ui.screens.game import help_text
from whitechapel.ui.source import RemoteSource
from whitechapel.ui.widgets.text import TextPanel

SIZES = [(80, 24), (120, 40), (200, 60)]
TAG = re.compile(r"\bP\d+\b")
# A hint's one-row form as the hints name the move (pocket/hints.py gives the
# words; the panel must show them whole): two rows of the panel at 80×24.
SHORT = "best: Toby 2 steps → 4 seen / 5 not"


def panel(screen: PocketScreen, name: str) -> str:
    """A side panel's text as painted, its rows joined."""
    widget = screen.query_one(f"#{name}", TextPanel)
    assert widget._rows is not None
    return " ".join(" ".join(strip.text for strip in widget._rows[1]).split())


def flat(app) -> str:
    return " ".join(screen_text(app).split())


# -- 1. the side panel at 80×24: Jack's cards and the hint before the log ----------------


@pytest.mark.parametrize("size", SIZES)
async def test_jacks_cards_and_the_hints_short_form_stay_whole_after_his_draw(
    tmp_path, monkeypatch, size
):
    """PD F1, PC 4: right after Jack drew an alibi card, with a hint above,
    the panel showed who he is and his hourglasses, not his card; the log's
    newest line gives way (cut at its end) instead."""
    forms = ["A hint in many words. " * 8, "A hint in fewer words. " * 3, SHORT]
    monkeypatch.setattr(hints, "token_hint", lambda view, side: forms)
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J; Bert on top
    screen.hints = True
    game = screen.source.game
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "enter")  # the welcome, the first hand-over
        assert app.screen is screen
        game.play("T+1")
        game.play("A")  # Jack draws Jeremy Bert: Jack plays on
        screen.holder = JACK
        screen.reset_choice()
        screen.refresh_all()
        await settle.settle(pilot)
        shown = panel(screen, "notes")
        said = [" ".join(f.split()) for f in forms]
        if size == (80, 24):
            assert f"Hint: {SHORT}" in shown, shown
        else:  # a fuller form, whole
            assert any(f"Hint: {f}" in shown for f in said), shown
        assert re.search(r"Your alibi cards: (Jeremy )?Bert", shown), shown
        assert "You are Inspector Lestrade" in shown and "Your hourglasses: 1 of 6" in shown
        assert "Log" in shown and "Jack drew the alibi card" in shown, shown
        if size != (80, 24):
            assert "Jack drew the alibi card of Jeremy Bert (1 hourglass)." in shown


@pytest.mark.parametrize("size", SIZES)
async def test_the_rounds_row_says_what_i_and_j_mean(tmp_path, size):
    """PD F8: "Rounds I J J I 5 6 7 8" was not explained on screen."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    game = screen.source.game
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the first hand-over
        assert "=inv" not in panel(screen, "rounds") and "I investigator" not in panel(
            screen, "rounds"
        )
        for text in ("H+1", "W+1", "J:-", "Rb2E"):
            game.play(text)
        screen.refresh_all()
        await settle.settle(pilot)
        rounds = panel(screen, "rounds")
        # the letters taken so far (here Jack's alone: round 36 keeps the row
        # spaced and its key beside it where it fits)
        letters = set(re.findall(r"Rounds ((?:[IJ] )+)", rounds)[0].split())
        for letter, word in (("I", "(=inv|investigator)"), ("J", "(=| )Jack")):
            assert bool(re.search(letter + " ?" + word, rounds)) == (letter in letters), rounds
        assert "Suspects left" in rounds and "Holmes" in rounds  # nothing pushed out


# -- the banner at a network seat: both clocks whole ----------------------------------


@pytest.mark.parametrize("width", [80, 100, 120, 200])
async def test_a_finished_network_games_banner_keeps_both_clocks_whole(width):
    """PD F1: at 80 columns the header read "… win (round 1)  ⏱ jack 7:22
    investigator", the seat's own clock cut off."""
    game = PocketGame.new(5)
    while game.outcome is None:
        game.advance(game.legal_actions()[0])
    clock = {"remaining": {"jack": 442.0, "investigator": 450.0}, "running": None}
    state = {**seat_state(game, INVESTIGATOR), "clock": clock}
    link = SimpleNamespace(rejoin_code=lambda room: "K7QX-K7Q4XM")
    screen = PocketScreen(RemoteSource(link, "r1", INVESTIGATOR, state))
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(width, 30)) as pilot:
        await settle.settle(pilot)
        top = screen_text(app).splitlines()[0]
        assert "⏱ jack 7:22  investigator 7:30" in top, top
        assert " win" in top, top  # who won stays said


# -- 2. Lane's crossroads: no wall to turn ------------------------------------------------

LANE_OPEN = setup(
    "pizer:S gull:N bert:E lestrade:W stealthy:S madame:N smith:E goodley:S lane:W",
    jack="goodley",
    deck_top=("madame", "pizer"),
    throws=("HWRJ", "ATXR", "HTRR", "AWXJ"),
    cleared=("lane",),
)


def test_lanes_open_crossroads_is_never_given_a_wall_in_the_log():
    """PC, PD F3: "rotated a1 (Lane) so that its wall faces east"."""
    game = PocketGame(LANE_OPEN)  # round 1: H W R J; Lane on c3, cleared
    game.play("H+1")
    game.play("Rc3N")
    said = [s for _, s in log_sentences(game.view(INVESTIGATOR))]
    assert said[-1] == "Jack turned c3 (Lane), an open crossroads: no line of sight changed."
    line = computer.moves_line(game.view(INVESTIGATOR), "Jack", 1)
    assert "wall" not in line.replace("no wall", "") and "Lane" in line, line


def test_a_rotation_of_lane_before_he_was_cleared_still_names_its_wall():
    game = PocketGame(SETUPS["goodley"])  # Lane on c3, a suspect: his tile has a wall
    game.play("H+1")
    game.play("Rc3N")
    said = [s for _, s in log_sentences(game.view(INVESTIGATOR))]
    assert said[-1] == "Jack rotated c3 (Lane) so that its wall faces north."


async def test_rotating_lanes_open_crossroads_says_nothing_changes(tmp_path):
    """PC: "Rotate b1 (Lane): wall no wall → west (shown)"."""
    app, _screen = pocket_app(LANE_OPEN, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3", "right", "down")  # the rotation, to c3
        text = flat(app)
        assert "Rotate c3 (Lane): no wall, no sight changes." in text, text
        await settle.press(pilot, "r")
        text = flat(app)
        assert "Rotate c3 (Lane): no wall, so nothing changes. Enter plays" in text, text
        assert "no wall →" not in text and "wall no wall" not in text


# -- 3. no rule tag on screen ------------------------------------------------------------


def test_no_rule_tag_in_the_puzzles_titles_summaries_and_help():
    """PC 3: "(P8)", "P6 · Lines of sight", "the race begins (P8)"."""
    for p in PUZZLES:
        assert not TAG.search(p.name) and p.name == p.title
    assert not TAG.search(help_text("whitechapel.pocket.ui"))
    game = PocketGame(SETUPS["goodley"])
    view = game.view(INVESTIGATOR)
    for face in (None, "H", "J", "R", "X", "A"):
        assert not TAG.search(panels.phase_help(view, face))
    text = panels.untagged("The race is on (P8): see him. P6 · Lines; x (P7, P8).")
    assert text == "The race is on: see him. Lines; x."


def race_view():
    """A played game whose log has the race beginning (P8)."""
    for seed in range(200):
        game = PocketGame.new(seed)
        while game.outcome is None and not game.view(INVESTIGATOR).race:
            game.advance(game.legal_actions()[seed % len(game.legal_actions())])
        if game.view(INVESTIGATOR).race:
            return game
    raise AssertionError("no race in 200 games")


def test_the_race_is_said_without_its_tag():
    game = race_view()
    view = game.view(INVESTIGATOR)
    said = [s for _, s in log_sentences(view)]
    assert "Both goals are reached: the race begins." in said
    rnd = view.round - 1 if view.step == 0 else view.round
    names = {JACK: "Jack", INVESTIGATOR: "the investigator"}
    summary = panels.round_summary(view, rnd, names)
    assert "the race begins" in summary and not TAG.search(summary)


# -- 4. cut at the end, never mid-number or mid-word ------------------------------------


def test_two_actions_at_80_columns_keep_the_first():
    """PC 5: "The investigator …then played the joker: Watson one step
    clockwise (10 → 11)." lost the first of the two actions."""
    game = PocketGame(
        setup(
            "pizer:S gull:N bert:E lestrade:W stealthy:S madame:N smith:E goodley:S lane:W",
            jack="goodley",
            throws=("HWRJ", "ATXR", "HTRR", "AWXJ"),
            detectives=(5, 8, 3),
        )
    )
    game.play("W+2")
    game.play("J:W")
    line = computer.moves_line(game.view(JACK), "The investigator", 2, width=78)
    assert len(line) <= 78 and "…" not in line, line
    assert "8→10" in line and "10→11" in line and "joker" in line, line


def test_a_saved_files_name_breaks_only_after_a_hyphen():
    """PC 5: the toast split the name mid-word: "…-df41" / "54.json"."""
    name = "as game-pocket-20261205T1919390000-df4154.json"
    for width in range(20, 60):
        rows = game_screen.name_rows(name, width)
        assert "".join(rows) == name
        assert all(r.endswith("-") for r in rows[:-1]), rows


async def test_the_saved_toast_at_80_columns_keeps_the_name_whole_per_row(tmp_path):
    app, _screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "ctrl+s")
        await settle.settle(pilot)
        said = [n.message for n in app._notifications][-1]
        rows = said.split("\n")[1:]
        assert rows[0].startswith("as game-pocket-") and rows[-1].endswith(".json"), rows
        assert len(rows) == 2 and all(len(r) <= 37 for r in rows), rows  # a toast: 40 cells


@pytest.mark.parametrize("size", SIZES)
async def test_the_end_of_round_list_never_wraps_a_step_number(tmp_path, size):
    """PC 5: "…clockwise (8" / "→ 9)" in the end-of-round lists."""
    app, _screen = pocket_app(
        SETUPS["goodley"],
        tmp_path,
        players={"jack": "Annabel Longname", "investigator": "Bartholomew Longername"},
    )
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "1", "2", "enter", "enter", "2", "2", "enter")
        await settle.press(pilot, "4", "0", "enter", "enter", "3", "r", "enter")
        await settle.settle(pilot)
        assert is_summary(app.screen)
        rows = screen_text(app).splitlines()
        assert not [r for r in rows if re.search(r"\(\d+\s*$", r)], "\n".join(rows)
        assert re.search(r"\b12→[12]\b", curtain_text(app)), curtain_text(app)


def test_a_step_number_never_ends_a_row_of_the_summary_at_any_width():
    from rich.console import Console
    from rich.text import Text

    game = PocketGame(SETUPS["goodley"])
    for text in ("H+2", "W+2", "J:T", "Rb2E"):
        game.play(text)
    names = {JACK: "Ann (Jack)", INVESTIGATOR: "Bob (the investigator)"}
    summary = panels.round_summary(game.view(INVESTIGATOR), 1, names)
    console = Console(width=200)
    for width in range(24, 100):
        for line in Text.from_markup(summary).wrap(console, width):
            assert not re.search(r"\(\d+\s*$", line.plain), (width, line.plain)
            assert not re.match(r"\s*→", line.plain), (width, line.plain)


# -- 5. the words --------------------------------------------------------------------


def test_suspects_left_one_says_who_won_or_the_race():
    """PC 5, PD F6: "Suspects left: 1, Jack found" when Jack had won."""
    game = race_view()
    view = game.view(INVESTIGATOR)
    assert len(view.suspects) == 1 and "Last suspect[/b]: must be seen" in panels.race_lines(view)
    while game.outcome is None:
        game.advance(game.legal_actions()[0])
    goal = panels.suspects_goal(game.view(INVESTIGATOR))
    assert goal == ("Jack got away" if game.outcome.winner == JACK else "Jack found")


def test_an_alibi_of_a_suspect_cleared_already_says_so():
    """PC 5: "showed an alibi card: Jeremy Bert (cleared)" when Bert was
    cleared at an earlier witness call."""
    game = PocketGame(SETUPS["goodley"])  # round 2's alibi: Madame on top
    for text in ("H+1", "W+1", "J:-", "Rb2E"):
        game.play(text)
    cleared = [c for c in game.view(INVESTIGATOR).log[-1].cleared if c != "madame"]
    assert panels.shown_card(game.view(INVESTIGATOR)) == ""
    game2 = PocketGame(
        setup(
            "pizer:S gull:N bert:E lestrade:W stealthy:S madame:N smith:E goodley:S lane:W",
            jack="goodley",
            deck_top=(cleared[0],),
            throws=("HWRJ", "ATXR", "HTRR", "AWXJ"),
        )
    )
    for text in ("H+1", "W+1", "J:-", "Rb2E", "T+1"):
        game2.play(text)
    game2.play("A")  # the investigator shows the card of a suspect cleared in round 1
    text = panels.shown_card(game2.view(JACK))
    assert "already cleared" in text and "now cleared" not in text, text


def test_one_wording_for_jacks_cards_and_the_rules_screen_says_who_takes_the_token():
    game = PocketGame(SETUPS["goodley"])
    jack = game.view(JACK).jack
    for text in (panels.secret_panel(jack), panels.secret_rows(jack)):
        assert "Your alibi cards:" in text and "Your cards:" not in text
    rules = help_text("whitechapel.pocket.ui")
    assert "seen/unseen side" not in rules
    assert "the investigator takes the round's token" in " ".join(rules.split())


async def test_the_jokers_marks_are_explained_on_the_prompt(tmp_path):
    """PC 5: lowercase "w5", "t9" beside the board, unexplained."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)  # round 1: H W R J
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "4")
        prompt = panel(screen, "prompt")
        view = screen.current_view()
        marks = [f"{'hwt'[d]}{view.detectives[d] % 12 + 1}" for d in range(3)]
        assert f"{' '.join(marks)}: where each may go" in prompt, prompt
        await settle.press(pilot, "escape")  # back to the tokens: no target yet
        await settle.press(pilot, "4")
        assert " ".join(marks) in panel(screen, "prompt")
