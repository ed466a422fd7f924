"""Round 43's findings (issue 43; play-testers E4 and F4,
docs/playtests/2026-12-07-lfw-round43-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from pathlib import Path

from lfw_app_play import first_game_where
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui import notebook as notebook_ui


def _arrested_then_moved(g) -> bool:
    """T2, after Jack's move, with failed arrests earlier tonight."""
    v = g.view(POLICE)
    return g.phase == "hunt" and any(e.event == "arrest" for e in v.log if e.night == v.night)


def test_t3_failed_arrests_before_jacks_last_move_are_said_apart():
    """F4: "'Failed arrests tonight: 31 ×2 (blue, yellow), 99 ×2 …, 59
    (red)' mixes turns. 59 failed on turn 1 but was a live candidate again
    on turn 2, and I briefly thought it was ruled out."  An arrest that
    found nobody rules the circle out only until Jack moves again."""
    game = first_game_where(3, _arrested_then_moved, tries=200)
    view = game.view(POLICE)
    text = "\n".join(notebook_ui._notebook_lines(view, game.board))
    tonight = [a for a in view.failed_arrests if a.night == view.night]
    assert tonight
    assert "Failed arrests this turn: —" in text, text
    line = next(x for x in text.splitlines() if x.startswith("Failed arrests before his last"))
    assert "(he may be there now)" in line
    for a in tonight:
        assert f"{a.circles[0]} ({a.colour})" in line, line


def test_t3_the_help_says_one_rule_for_key_0():
    """F4: "The help for 0 contradicts itself": "0 in the searches asks
    only once a policeman has acted" beside "asked first, unless nobody
    moved".  Key 0 asks first wherever more than one is still to act
    (D4, round 42), and the help says so once."""
    import whitechapel.lfw.ui as ui

    help_text = (Path(ui.__file__).parent / "help.md").read_text()
    assert "0 0 0 0" in help_text
    assert "unless nobody moved" not in help_text
    assert "asks only once a policeman has acted" not in help_text
