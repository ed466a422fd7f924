"""Round 34's layout findings (issue 44; play-testers RN and RO,
docs/playtests/2026-12-07-pocket-round34-*.md), each checked on the screen
as a player sees it, at 80×24 and at 200×60."""

from __future__ import annotations

import re

import pytest

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
    says "Rounds" before its letters, and the key beside them."""
    text = await investigator_screen(tmp_path, 3, 11, size)  # round 3: two tokens taken
    row = re.search(r"Rounds J ?J 3 ?4 ?5 ?6 ?7 ?8 .*", text)
    assert row, text
    assert re.search(r"I ?(=inv|investigator),? J ?(=| )Jack", row.group()), text


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
