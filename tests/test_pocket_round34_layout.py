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
