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


def test_h3_the_keys_line_never_offers_an_empty_list_of_circles():
    """E4: placing the last real marker on night 2, "each letter on the map
    is a place for a marker; the circles beside it:  … (all listed on the
    right)", nothing before the "…".  Where not one letter's circles fit,
    the line does not begin the list."""
    from whitechapel.lfw.ui.picking import picking_for

    def later_patrols(g) -> bool:
        return g.phase == "patrols" and g.night >= 2 and g.to_act == POLICE

    game = first_game_where(3, later_patrols, tries=100)
    p = picking_for(game.view(POLICE), game.board)
    for room in range(40, 201):
        line = p.keys_hint(room=room)
        assert ":  …" not in line and ": …" not in line, (room, line)
    # whatever the rest of the line leaves it (E4's had a long rest), and a
    # letter whose circles are many (the crossing beside most circles)
    board = game.board
    widest = max(board.crossings, key=lambda x: (len(board.direct_circles(x)), x))
    p.crossing_labels = lambda: [("a", widest)]  # type: ignore[method-assign]
    for rest in range(0, 160):
        part = p._touches_part("the first part", "x" * rest, 150, "beside it: ")
        assert "beside it:  …" not in part, (rest, part)
