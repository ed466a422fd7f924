"""Round 34's layout findings (issue 44; play-testers RN and RO,
docs/playtests/2026-12-07-pocket-round34-*.md), each checked on the screen
as a player sees it, at 80×24 and at 200×60."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

import settle
from pocket_app_play import SETUPS, plan_game, pocket_app
from snapshots import screen_text
from whitechapel.pocket.ui import panels

SIZES = [(80, 24), (200, 60)]
LEGEND = "━ Holmes  ┅ Watson  · Toby"


def rows_with(text: str, words: str) -> list[str]:
    return [row for row in text.splitlines() if words in row]


async def investigator_screen(tmp_path, seed: int, played: int, size: tuple[int, int]) -> str:
    """The investigator's screen (past the hand-over) in goodley's game of
    `seed`'s random picks, after its first `played` actions."""
    plan, _ = plan_game(SETUPS["goodley"], seed)
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    game = screen.source.game
    for action in plan[:played]:
        game.advance(action)
    assert game.to_act == "investigator"
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # "Pass to Bob"
        return screen_text(app)


# -- 1. the rounds row keeps its label (RO) ---------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_the_rounds_row_keeps_its_label_beside_the_letters_key(tmp_path, size):
    """RO (80×24): "The 'Rounds' label disappears once the 'I=inv J=Jack'
    legend is added; the row reads 'J J I J J 6 7 8 I=inv J=Jack'."  The row
    says "Rounds" before its letters, spaced (RR, round 36: "Rounds JJ
    345678" was packed together), and the key beside them or under them."""
    text = await investigator_screen(tmp_path, 3, 11, size)  # round 3: two tokens taken
    row = re.search(r"Rounds J J 3 4 5 6 7 8.*\n.*", text)
    assert row, text
    # the letters taken so far explained (Jack took both: "J=Jack")
    assert re.search(r"J ?(=| )Jack", row.group()), text


# -- 2. the sight legend stays under the investigator's warning (RN) --------------------


WARNINGS = [
    (3, 11, panels.MAY_WIN_UNSEEN),
    (10, 22, panels.WIN_OR_RACE),
    (3, 8, "Alibi + unseen: Jack may win"),
    (30, 24, "Alibi+unseen: may win or race"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("seed", "played", "warning"), WARNINGS)
async def test_p8_the_sight_legend_stays_under_the_investigators_warning(
    tmp_path, size, seed, played, warning
):
    """RN (80×24 and 200×60): "When the side panel shows 'Jack may win if
    unseen' or 'Unseen: Jack may win or race', the legend line '━ Holmes ┅
    Watson · Toby' disappears."  The warning and the legend are both on
    screen, and so is every row of the panel between them."""
    text = await investigator_screen(tmp_path, seed, played, size)
    assert rows_with(text, warning), text
    assert rows_with(text, LEGEND), text
    assert rows_with(text, "Suspects left:") or rows_with(text, "Last suspect"), text


# -- 3. the round's summary never over the board (RO) -----------------------------------


def region_text(text: str, region) -> list[str]:
    """The rows and columns of `region` in a screen's text."""
    rows = text.splitlines()
    rows += [""] * (region.bottom - len(rows))
    return [
        rows[y].ljust(region.right)[region.x : region.right] for y in range(region.y, region.bottom)
    ]


async def summary_after_jacks_card(pilot, screen) -> None:
    """Goodley's game of seed 8's picks, to the end of round 2, whose last
    action is Jack's alibi: his card behind the curtain, then the summary."""
    import random

    from pocket_app_play import Driver, is_summary

    plan, _ = plan_game(SETUPS["goodley"], 8)
    driver = Driver(pilot, screen, random.Random(8))
    await driver.play_game(plan[:7])
    while not (driver.top() is screen and screen.can_act()):
        await driver.pass_handover()
    await driver.keys_for(plan[7])
    await driver.see_drawn_card()
    await settle.settle(pilot)
    assert is_summary(driver.top()) and "End of round 2" in screen.query_one("#curtain").markup


async def assert_the_board_whole(pilot, app, screen) -> None:
    """The board's cells read the same with the summary beside it and without."""
    from whitechapel.pocket.ui.district import District

    district, curtain = screen.query_one(District), screen.query_one("#curtain")
    board = district.region
    assert board.width and curtain.region.width and not curtain.region.overlaps(board)
    beside = region_text(screen_text(app), board)
    curtain.display = False
    await settle.settle(pilot)
    alone = region_text(screen_text(app), board)
    curtain.display = True
    await settle.settle(pilot)
    assert beside == alone, "\n".join(beside)
    assert "Press Enter to go on." in " ".join(screen_text(app).split())


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50), (200, 60)])
async def test_p7_the_round_summary_stands_beside_the_board_never_over_it(tmp_path, size):
    """RO (200×60): "The end-of-round summary is drawn over the right third
    of the board: column c, W6 and '(Stealthy)' are cut off.  Meanwhile the
    status line says 'the board as the call saw it'."  (After Jack's alibi
    card, shown to him alone first.)  The board reads the same with the
    summary beside it as without it."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        await summary_after_jacks_card(pilot, screen)
        await assert_the_board_whole(pilot, app, screen)


@pytest.mark.parametrize(("start", "end"), [((80, 24), (200, 60)), ((200, 60), (80, 24))])
async def test_p7_the_round_summary_moves_beside_the_board_when_the_window_changes(
    tmp_path, start, end
):
    """RO's finding with the window resized while the summary stands: it
    follows the board, which grows or shrinks with the window."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    async with app.run_test(size=start) as pilot:
        await settle.settle(pilot)
        await summary_after_jacks_card(pilot, screen)
        await pilot.resize_terminal(*end)
        await settle.settle(pilot)
        await assert_the_board_whole(pilot, app, screen)


# -- 1 and 4. every summary says who saw whom, and the round's actions (RO, RN) -------------


def summary_seen(app, screen) -> str:
    """The words of the round's summary as they stand on the screen, on one line."""
    curtain = screen.query_one("#curtain")
    return " ".join(" ".join(region_text(screen_text(app), curtain.region)).split())


async def summaries_to_the_end(pilot, app, screen, seed: int) -> list[str]:
    """Every round's summary of the lestrade game of `seed`'s random picks,
    played by keys at the hot seat, as the screen shows it."""
    import random

    from pocket_app_play import Driver, is_summary

    plan, _ = plan_game(SETUPS["lestrade"], seed)
    seen: list[str] = []

    async def read(_key: str) -> None:
        if is_summary(app.screen):
            await settle.settle(pilot)
            said = summary_seen(app, screen)
            if not seen or seen[-1] != said:
                seen.append(said)

    driver = Driver(pilot, screen, random.Random(seed), after_each=read)
    await driver.play_game(plan[:-1])
    while not (driver.top() is screen and screen.can_act()):
        await driver.pass_handover()
    await driver.keys_for(plan[-1])
    await read("")
    assert screen.source.outcome is not None and is_summary(app.screen)
    return seen


def who_saw_whom(summary: str) -> str:
    """The sentence of a summary saying what the detectives saw ('' if none)."""
    return next((s for s in summary.split(". ") if " saw " in f"{s} "), "")


@pytest.mark.parametrize("size", SIZES)
async def test_p7_every_rounds_summary_says_who_saw_whom(tmp_path, size):
    """RO (80×24): "The end-of-round panel drops the 'Holmes saw…, Watson
    saw…' line."  Each round's summary beside the board says what each
    detective saw at the call."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        said = await summaries_to_the_end(pilot, app, screen, 12)
    assert len(said) == 5, said
    for summary in said:
        assert "End of round" in summary and "Press Enter to go on." in summary, summary
        sentence = who_saw_whom(summary)
        assert all(d in sentence for d in ("Holmes", "Watson", "Toby")), summary


@pytest.mark.parametrize("size", SIZES)
async def test_p8_the_game_over_summary_lists_the_last_rounds_actions(tmp_path, size):
    """RN (80×24): "The game-over summary at 80×24 left out the four actions
    of the round.  So the action that decided the game, my alibi clearing
    Goodley, was not in the summary, only in the log."  (Here too the
    investigator's alibi card clears Goodley in round 5, and the call
    leaves Jack the last suspect.)  The last summary lists the four actions,
    the alibi card among them, and who saw whom; then who wins, and Enter."""
    app, screen = pocket_app(SETUPS["lestrade"], tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        said = await summaries_to_the_end(pilot, app, screen, 12)
        last = said[-1]
        for n in range(1, 5):
            assert f"{n}. " in last, last
        assert re.search(r"(Goodley's alibi|alibi card of Sergeant Goodley)", last), last
        assert all(d in who_saw_whom(last) for d in ("Holmes", "Watson", "Toby")), last
        assert "wins" in last and last.endswith("Press Enter to go on."), last
        buttons = [b for b in screen.query("#choices Choice") if b.choice]
        curtain = screen.query_one("#curtain")
        assert buttons and not any(b.region.overlaps(curtain.region) for b in buttons)


def test_p7_every_summary_fits_beside_the_board_at_80x24_with_its_actions_and_who_saw_whom():
    """RN and RO (80×24), over random games: the column beside the board,
    28 columns by 22 rows, holds a form of every round's summary, the last
    one's too, with the round's four actions and who saw whom in it."""
    import random

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import INVESTIGATOR, JACK
    from whitechapel.pocket.setup import random_setup
    from whitechapel.pocket.sightlines import sightings_at_call

    names = {JACK: "Ann (Jack)", INVESTIGATOR: "Bob (the investigator)"}
    ends = 0
    for seed in range(80):
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            if game.to_act is not None:
                game.apply(rng.choice(game.legal_actions()))
                continue
            game.resolve()
            view = game.view(INVESTIGATOR)
            ended = panels.last_round_ended(view)
            secrets = game.view(JACK).jack if game.outcome is None else None
            forms = panels.summary_forms(
                view, ended, names, sightings_at_call(view, ended), secrets
            )
            form = panels.fitting(forms, 28, 22)
            said = " ".join(Text.from_markup(form).plain.split())
            assert panels.text_rows(form, 28) <= 22, form
            assert all(f"{n}. " in said for n in range(1, 5)), said
            assert all(d in who_saw_whom(said) for d in ("Holmes", "Watson", "Toby")), said
            ends += game.outcome is not None
    assert ends == 80
