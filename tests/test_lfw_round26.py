"""Round 26's findings (issue 43; play-tester X2,
docs/playtests/2026-12-06-lfw-round26-X2.md), each checked as a player
would notice it."""

from __future__ import annotations

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui.panels import last_night_police
from whitechapel.lfw.ui.picking import picking_for
from whitechapel.lfw.ui.screen import GUIDE


def _night_two_markers(game) -> bool:
    return game.phase == Phase.PATROLS and game.night == 2


def test_h3_later_nights_letters_say_which_are_last_nights_places():
    """X2: "Patrol placement on nights 2-4: twelve places offered for
    seven markers" — the prompt says which letters are last night's five
    and which the yellow crossings."""
    game = first_game_where(3, _night_two_markers)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    ended = set(last_night_police(view).values())
    letters = p.crossing_labels()  # in letter order
    first = " ".join(k for k, x in letters if x in ended)
    rest = " ".join(k for k, x in letters if x not in ended)
    assert len(first.split()) == 5 and len(rest.split()) >= 2
    said = p.later_places()
    assert (
        said
        == f"{first} where the policemen ended last night (one each), and two yellow ones of {rest}"
    )


async def test_h3_a_third_yellow_crossing_is_refused_with_the_reason(tmp_path):
    """X2: "say so when a key is refused" — after two markers on yellow
    crossings, a third yellow one's letter says why, and nothing moves."""
    game = first_game_where(3, _night_two_markers)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        p = screen.picking
        assert "ended last night (one each), and two yellow ones of" in (prompt_text(app))
        ended = set(last_night_police(game.view(POLICE)).values())
        yellow = [k for k, x in p.crossing_labels() if x not in ended]
        await settle.press(pilot, yellow[0])
        await settle.press(pilot, yellow[1])
        before = [str(x) for x in screen.picking.chooser.picked]
        assert len(before) == 2
        await settle.press(pilot, yellow[2])
        said = prompt_text(app)
        assert f"'{yellow[2]}' is a yellow crossing, and two markers stand on yellow ones" in said
        assert "where the policemen ended last night" in said
        assert [str(x) for x in screen.picking.chooser.picked] == before


def test_h6_the_wretched_are_said_to_be_jacks_possible_victims():
    """X2: "I took the Wretched for the decoys ... a one-line 'these are
    Jack's possible victims' would have saved me"."""
    assert "a woman he may kill" in GUIDE["wretched"]
    from whitechapel.lfw.ui.panels import _LINES

    class _E:
        circles = (3, 27)

    assert _LINES["wretched"](_E()) == "Wretched (the women Jack may kill) on 3 27"
