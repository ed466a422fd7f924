"""LfW play-test round 51, tester V4, at 120×40: "the 'Deduction Jack can be
on 14 circles (…)' line was pushed under the log, so only 'Jack can be on
14' showed."  The notebook's panel takes the rows its text needs from the
log's (which keeps a few), where it has more than its share."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE


def _late_t3(game) -> bool:
    return game.phase == Phase.CLUES and game.to_act == POLICE and len(game.view(POLICE).track) >= 4


async def test_the_notebooks_panel_shows_its_whole_text_at_120x40(tmp_path):
    import settle
    from lfw_app_play import game_app, raise_curtain
    from snapshots import screen_text
    from whitechapel.lfw.ui.screen import LOG_ROWS
    from whitechapel.ui.widgets.text import TextPanel

    game = first_game_where(7, _late_t3, tries=50, board="tutorial")
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        for _ in range(2):  # the heat map's longer deduction, then back
            notes, log = screen.query_one("#notes", TextPanel), screen.query_one("#log")
            need = screen.wrapped_rows(notes.markup, notes.size.width)
            assert need <= notes.size.height, (need, notes.size, screen_text(app))
            assert log.size.height >= LOG_ROWS
            last = notes.markup.rstrip().splitlines()[-1].split()[-1]
            assert last in " ".join(screen_text(app).split()), last
            await settle.press(pilot, "f6")
        notes = screen.query_one("#notes", TextPanel)
        assert screen.query_one("#log").size.height >= LOG_ROWS
