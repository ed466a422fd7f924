"""Round 6 of the Pocket play-tests (blind testers PI and PJ, round 5): the
tile cursor's start, the side panel at 80×24, cleared names, Jack's whole
count at the end, the review's better move, the hints' first rows, the
puzzles' words, the hot seat's line on the other side's turn, and the
new-game form (docs/pocket.md, "Round 6: PI and PJ")."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from rich.text import Text

import settle
from pocket_app_play import SETUPS, Driver, pocket_app
from pocket_positions import every_hint, graded_decisions, setup
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.pocket import ahead, hints, review
from whitechapel.pocket.actions import Joker, Move, Rotate, parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import CHARACTERS, INVESTIGATOR, JACK
from whitechapel.pocket.puzzles import PUZZLES
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.bench import keys_for
from whitechapel.pocket.ui.district import tile_block
from whitechapel.pocket.ui.puzzles import LessonScreen, PuzzleScreen
from whitechapel.pocket.ui.setup import PocketSetup
from whitechapel.pocket.views import Secrets, Tile
from whitechapel.ui.widgets.picker import Picker
from whitechapel.ui.widgets.text import TextPanel

PANEL = 29  # the side column's columns at 80×24, its narrowest (80 to 200 columns)


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def painted_rows(screen, name: str) -> list[str]:
    """A panel's rows as painted (its last layout)."""
    widget = screen.query_one(f"#{name}", TextPanel)
    assert widget._rows is not None
    return [strip.text.rstrip() for strip in widget._rows[1]]


def prompt(screen) -> str:
    return " ".join(" ".join(painted_rows(screen, "prompt")).split())


# -- 1. the tile cursor starts on b2 every time (PI, PJ) ---------------------------------


async def test_p5_the_tile_cursor_starts_on_b2_every_time_and_the_prompt_names_it(tmp_path):
    """The investigator swapped a1 and c3 in round 1, Jack turned a3 in
    round 2: the investigator's rotation starts on b2 (it started on c3,
    his last tile, and a quick `4 r` previewed turning it)."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J
    game = screen.source.game
    for text in ("A", "T+1", "J:-", "Xa1c3"):
        game.play(text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()  # round 2: Jack, H W R R
        await settle.press(pilot, "3")
        assert screen.choice.cursor == 4 and "Rotate b2 — " in prompt(screen)
        await settle.press(pilot, "escape")
        await driver.play(parse_action("Ra3N"))
        await driver.pass_handover()  # the investigator
        await settle.press(pilot, "4", "r")
        assert screen.choice.cursor == 4
        candidate = screen.candidate()
        assert isinstance(candidate, Rotate) and candidate.square == 4
        assert "Rotate b2 (" in prompt(screen)  # the tile turned, named
        await settle.press(pilot, "escape", "escape", "escape", "4")
        assert screen.choice.cursor == 4 and "Rotate b2 — " in prompt(screen)


# -- 2. the side panel at 80×24: hourglasses and the log (PJ) ----------------------------


@pytest.mark.parametrize("glasses", range(9))
def test_p8_jacks_hourglasses_keep_to_one_row_of_the_narrowest_panel(glasses):
    """PJ: "Your hourglasses: 7 (6 needed)" took two rows at 80×24."""
    jack = Secrets("lestrade", ("bert", "madame", "gull"), glasses)
    for text in (panels.secret_panel(jack), panels.secret_rows(jack)):
        row = next(r for r in Text.from_markup(text).plain.split("\n") if "hourglasses" in r)
        assert len(row) <= PANEL, row
        assert str(glasses) in row and "6" in row


def log_views(seeds=range(4)):
    for seed in seeds:
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            game.advance(rng.choice(game.legal_actions()))
            yield game.view(INVESTIGATOR)
        yield game.view(JACK)


def test_p9_every_log_line_is_a_whole_action_in_two_rows_at_every_width():
    """PJ: "Jack swapped b1 (Stealthy)…", "The investigator moved Watso…":
    at every width of the side column (29 columns at 80×24 to 70 at
    200 columns) each line of the log takes one or two rows, in full
    sentences where they fit, else in fewer words."""
    for view in log_views():
        for width in range(PANEL, 71):
            for line in panels.log_lines(view, width):
                assert panels.rows_of(line, width) <= 2, (width, line)
    view = next(v for v in log_views() if len(v.log) > 4)
    assert panels.log_lines(view, 200) == panels.log_lines(view)  # wide: the sentences


async def test_p9_jacks_panel_at_80x24_keeps_the_newest_action_whole(tmp_path, monkeypatch):
    """Jack with three cards and 7 hourglasses (PJ's race): his cards and
    hourglasses above the log, and the investigator's move below them
    whole, never cut with '…'."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)  # round 1: A T X J
    game = screen.source.game
    for text in ("T+1", "A", "J:-", "Xa1c3", "H+1", "W+1", "Rb2E"):  # round 2: H W R R
        game.play(text)
    real = screen.source.view

    def rich_jack(side):
        view = real(side)
        if side != JACK:
            return view
        return dataclasses.replace(view, jack=Secrets("lestrade", ("bert", "madame", "gull"), 7))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        monkeypatch.setattr(screen.source, "view", rich_jack)
        await Driver(pilot, screen).pass_handover()  # to Jack
        await settle.settle(pilot)
        rows = painted_rows(screen, "notes")
        text = "\n".join(rows)
        assert "…" not in text, text
        assert any(r.startswith("Your hourglasses: 7") for r in rows), text
        newest = " ".join(rows[rows.index("Log (PgUp: older)") + 1 :])
        assert "b2" in newest and "east" in newest and newest.endswith("."), text


# -- 3. a cleared suspect reads the same on every tile (PJ) ------------------------------


@pytest.mark.parametrize("wall", "NESW")
def test_p2_a_cleared_name_keeps_its_brackets_beside_any_wall(wall):
    """PJ: "Stealthy █ / cleared" beside "(Gull)" at 80 columns."""
    for character in CHARACTERS:
        name = character.name.split()[-1]
        block = tile_block(Tile("a1", character.id, wall, True, False), 13, 5, None, False, (), "")
        rows = ["".join(ch for ch, _ in row) for row in block]
        assert f"({name})" in rows[1], (wall, rows)
        assert "cleared" in rows[3]


@pytest.mark.parametrize("wall", "NESW")
def test_p9_jacks_own_name_keeps_both_marks_beside_any_wall(wall):
    """PL (round 6): "▸Lestrade" beside an east wall at 80×24, the closing
    mark lost; both marks now, as a cleared name's brackets."""
    for character in CHARACTERS:
        name = character.name.split()[-1]
        tile = Tile("a1", character.id, wall, False, False)
        block = tile_block(tile, 13, 5, None, False, (), "", mine=True)
        rows = ["".join(ch for ch, _ in row) for row in block]
        assert f"▸{name}◂" in rows[1], (wall, rows)


# -- 4. at the end, Jack's whole count for both (PJ, puzzle 6) ----------------------------


async def start_puzzle(pilot, app, number: int) -> PuzzleScreen:
    await settle.settle(pilot)
    assert isinstance(app.screen, LessonScreen)
    await settle.press(pilot, "enter")
    screen = app.screen
    assert isinstance(screen, PuzzleScreen)
    return screen


async def solve(pilot, screen: PuzzleScreen) -> None:
    game = screen.source.game
    for text in screen.puzzle.solution:
        for k in keys_for(game, parse_action(text)):
            await settle.press(pilot, k)
    await settle.settle(pilot)


async def test_p8_at_the_end_the_panel_counts_jacks_alibi_hourglasses():
    """Puzzle 6 won by Jack with six (three round tokens, Madame's card
    and the call's): the panel said "Hourglasses known: 4 of 6"."""
    app = WhitechapelApp(start=PuzzleScreen(6))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_puzzle(pilot, app, 6)
        await solve(pilot, screen)
        assert screen.source.outcome is not None
        total = screen.source.game.view(JACK).jack.hourglasses
        rows = painted_rows(screen, "rounds")
        assert f"Jack's hourglasses: {total} of 6" in rows, rows
        assert not any(r.startswith("Hourglasses known") for r in rows), rows


# -- 5. the review names the token when only the token differs (PI) ----------------------


def test_p4_the_better_move_with_the_other_token_says_so(monkeypatch):
    """PI: "your move, the joker: Toby 1 step (8 → 9) ... Better: Toby 1
    step (8 → 9)" read as the same move: the better one is named by its
    token, and what that token leaves in play."""
    game = PocketGame(SETUPS["goodley"])  # round 1: H W R J, the investigator first
    view = game.view(INVESTIGATOR)
    grading = ahead.grade(view, INVESTIGATOR)
    joker, own = Joker(0), Move(0, 1)
    assert joker in legal(view) and own in legal(view)
    turn = review.Turn(view, INVESTIGATOR, joker, grading.of(joker), grading.of(own))
    monkeypatch.setattr(review, "turning_point", lambda *a, **k: turn)
    final = game.view(INVESTIGATOR)
    said = review.turning_sentence(final, [view], INVESTIGATOR)
    mine, better = said.split("Better: ")
    assert "the joker: Holmes 1 step (12 → 1)" in mine
    assert better.startswith("Holmes's own token for the same step (12 → 1)"), better
    assert "leaves the joker in play" in better and "Holmes 1 or 2 steps" in better
    turn = review.Turn(view, INVESTIGATOR, own, grading.of(own), grading.of(joker))
    monkeypatch.setattr(review, "turning_point", lambda *a, **k: turn)
    better = review.turning_sentence(final, [view], INVESTIGATOR).split("Better: ")[1]
    assert better.startswith("the joker for the same step (12 → 1)"), better
    assert "leaves Holmes's own token in play" in better


# -- 6. a hint leads with the move, then why, in short rows (PI) -------------------------


def test_p4_a_hints_fuller_forms_lead_with_the_move_then_why():
    """PI: one paragraph of 6-8 rows at 80×24.  The fuller forms start
    with the move on a row of its own, then the reason, each in one or
    two rows of the panel; the last form is still one sentence."""
    count = 0
    for _view, _side, forms in every_hint(range(3)):
        for f in forms:
            lead = f[1].split("\n")
            assert len(lead) == 2, f[1]
            assert f[0].startswith(f[1] + "\n")
            first, why = lead
            assert panels.rows_of(f"Hint: {first}", PANEL) <= 2, first
            assert panels.rows_of(why, PANEL) <= 2, why
            assert "\n" not in f[-1]
            count += 1
    assert count > 50


async def test_p4_the_hint_at_80x24_names_the_move_on_its_first_row(tmp_path):
    """In the guided game at 80×24, the notes panel's first row is the
    hint's move, and its reason follows on the next row."""
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.pocket.ui.screen import PocketScreen
    from whitechapel.ui.source import LocalSource

    game = PocketGame(SETUPS["lestrade"])
    players = {"jack": "computer:easy", "investigator": "Bob"}
    record = record_of(game, seed=None, players=players, settings={"hints": "first"})
    screen = PocketScreen(LocalSource(game, record, Store(tmp_path)))
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        if isinstance(app.screen, LessonScreen):
            await settle.press(pilot, "enter")
        assert screen.can_act()
        view = screen.current_view()
        best = ahead.grade(view, INVESTIGATOR).best()
        rows = painted_rows(screen, "notes")
        move = hints.move_row(view, best.action)
        reason = next(
            i
            for i, row in enumerate(rows)
            if row.startswith(("Whatever Jack answers", "At the call", "Then ", "Clears at least"))
        )
        assert rows[0].startswith("Hint: ") and 1 <= reason <= 2, (
            rows
        )  # the move, wrapped at most once
        assert move[1:] in " ".join(rows[:reason]), rows


# -- 7. the puzzles' words (PI) ---------------------------------------------------------


async def test_p8_puzzle_5s_verdict_names_jack():
    """PI: "You win (only one suspect is left: Jack is identified)" named nobody."""
    app = WhitechapelApp(start=PuzzleScreen(5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_puzzle(pilot, app, 5)
        await solve(pilot, screen)
        assert prompt(screen).startswith("✔ Goal met.")
        assert "Jack was John Smith." in prompt(screen)


async def test_p8_puzzle_6s_log_starts_at_the_round_the_player_takes_over():
    """PI: its made-up history said "cleared nobody new" in round 1 with
    seven suspects already cleared; the log shows round 4 only (the lesson
    tells the rounds before)."""
    assert PUZZLES[5].start().round == 4
    app = WhitechapelApp(start=PuzzleScreen(6))
    async with app.run_test(size=(80, 40)) as pilot:
        screen = await start_puzzle(pilot, app, 6)
        text = "\n".join(painted_rows(screen, "notes"))
        assert "── Round 4 ──" in text, text
        assert not re.search(r"Round [123] ", text), text
        assert "nobody new" not in text, text


# -- 8. at the hot seat, what the other side just did (PI) -------------------------------


async def incoming_line(tmp_path, the_setup) -> str:
    """The prompt's second row for the investigator after Jack's turn of
    round 1 (hot seat, a hand-over at every change)."""
    app, screen = pocket_app(the_setup, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()  # round 1: the investigator, A T X J
        await driver.play(parse_action("T+1"))
        await driver.pass_handover()  # Jack
        await driver.play(parse_action("A"))  # his card behind his own curtain
        await driver.play(parse_action("J:H"))
        await driver.pass_handover()  # the investigator again
        assert screen.holder == INVESTIGATOR and screen.can_act()
        return painted_rows(screen, "prompt")[1].strip()


LAYOUT = "lane:N smith:E madame:S goodley:W lestrade:N pizer:E stealthy:S bert:W gull:N"
THROWS = ("ATXJ", "HWRR", "AWRJ", "HTXR")


async def test_p9_after_a_hand_over_the_line_says_what_the_other_side_did(tmp_path):
    """PI: against the computer the line under the board says what Jack
    just did; at the hot seat it was empty after a hand-over.  It is
    public: the same whoever Jack is and whichever card he drew."""
    one = setup(LAYOUT, jack="lestrade", deck_top=("bert",), throws=THROWS)
    two = setup(LAYOUT, jack="gull", deck_top=("madame",), throws=THROWS)
    line = await incoming_line(tmp_path / "one", one)
    assert line.startswith("Jack drew an alibi card"), line
    assert "then played the joker" in line and "Holmes" in line, line
    assert "Bert" not in line and "Lestrade" not in line
    assert await incoming_line(tmp_path / "two", two) == line


# -- 9. the new-game form (PI) ------------------------------------------------------------


async def test_the_computers_level_row_is_hidden_for_two_people():
    """PI: "Computer's level" stood on the form with "Two people" chosen."""
    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        form = app.screen
        form.query_one("#opponent", Picker).choose("people")
        await settle.settle(pilot)
        assert "Computer's level" not in flat(app)
        assert "Two people at this keyboard" in flat(app)
        form.query_one("#opponent", Picker).choose("jack")
        await settle.settle(pilot)
        assert "Computer's level" in flat(app)


def test_p8_a_hint_in_the_race_never_promises_unseen_against_an_answer_it_did_not_look_at():
    """Tester PL (round 6), the guided game as Jack, round 6, the race on:
    "Best: moving Holmes 2 steps: you stay unseen: the race goes on"; the
    investigator turned c2 north and walked Holmes with the joker, and he
    was seen.  The quick look-ahead never looked at that answer; every
    answer is looked at now, and the hint says every move leaves him seen."""
    from whitechapel.pocket.actions import parse_action

    game = PocketGame.new(144893164763314)
    record = "Ra2E J:W H+2 W+2 A Rc1N Xb1a2 T+2 Xa1c1 H+1 J:H W+2 A Ra3E Rb2N T+2 A T+1 Xa1b1 Rc3W"
    for text in record.split(" "):
        game.advance(parse_action(text))
    view = game.view(JACK)
    long, short = hints.ahead_lines(view, JACK, None)
    assert "whatever you play, he can see you" in long, long
    assert hints.BEST_ANSWER_WINS in short and "unseen" not in short, short
    assert "whatever he answers" not in short, short


def _same_words(seed: int):
    """The first decision of a random game (`seed`) with two actions the
    hints say in the same words, one graded better, their splits unlike."""
    for game, view, side, graded in graded_decisions(seed):
        for action, mine in graded:
            for _, best in graded:
                if (
                    best.value > mine.value
                    and best.call != mine.call
                    and hints.said(view, best, side)[0] == hints.said(view, mine, side)[0]
                ):
                    return game, view, side, action, mine, best
    return None


def test_p4_a_better_move_said_in_the_same_words_says_its_split(monkeypatch):
    """PV (round 12): "Better: swap a1 and c1 … at least 1 cleared"
    promised exactly what his own move did.  Where the better move's words
    are the learner's own, the review says both splits."""
    found = next(f for f in map(_same_words, range(10)) if f is not None)
    game, view, side, action, mine, best = found
    turn = review.Turn(view, side, action, mine, best)
    monkeypatch.setattr(review, "turning_point", lambda *a, **k: turn)
    better = review.turning_sentence(game.view(side), [view], side).split("Better: ")[1]
    assert f"{best.call.words()}, where yours ends {mine.call.words()}" in better, better
