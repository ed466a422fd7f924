"""Round 22's findings (issue 43; play-testers Q2 and R2,
docs/playtests/2026-12-06-lfw-round22-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.puzzles import puzzle
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui import jackturn
from whitechapel.lfw.ui.picking import picking_for


def _coach_choice(g) -> bool:
    """T1 with a coach to take, whose first circles differ in how near
    home their coach can end."""
    if g.phase != Phase.ESCAPE or g.to_act != JACK:
        return False
    p = picking_for(g.view(JACK), g.board)
    if "coach" not in p.word_options():
        return False
    p.pick("coach")
    part = p.home_part()
    return bool(part) and len(part.split(":")[1].split("(")[0].split()) < len(p.circle_options())


def _home_after(game, second: str) -> int | None:
    view = game.view(JACK)
    police = [x for x in view.police.values() if x]
    if int(second) == view.jack.hideout:
        return None
    return jackturn.moves_home_now(
        game.board, int(second), view.jack.hideout, view.alleys_left, view.coaches_left - 1, police
    )


async def test_t1_a_coachs_first_circle_says_which_lead_nearest_home(tmp_path):
    """R2: "The coach's first choice gives no 'nearest home' guidance; the
    second choice does. To find the way home I had to try a first circle,
    Esc, and try another."  The first choice names the circles whose
    coach can end nearest home, and how many moves then remain."""
    game = first_game_where(3, _coach_choice, tries=300)
    p = picking_for(game.view(JACK), game.board)
    p.pick("coach")
    part = p.home_part()
    assert part.startswith("nearest home: ") and part.endswith("after the coach)")
    named = part.removeprefix("nearest home: ").split(" (")[0].split()
    best = int(part.split("(then ")[1].split()[0])
    for first in p.circle_options():  # each first circle: its best second circle
        ends = [w[2] for w in p.chooser.legal if w[:2] == ("coach", first)]
        counts = [n for e in ends if (n := _home_after(game, e)) is not None]
        assert (first in named) == (bool(counts) and min(counts) == best), (first, counts)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "2")  # a coach
        assert part in " ".join(prompt_text(app).split())


def test_t3_puzzle_4_says_where_yellow_stood_all_along():
    """Q2: puzzle 4 named Green's and Red's places "but leaves out that
    Yellow was already blocking 16. The answer text then relies on it"."""
    p = puzzle(4)
    assert "Yellow the street to 16" in p.explanation
    assert "Yellow stood" in p.question and "beside 16" in p.question


def test_guided_jack_home_says_what_won_it_and_no_more():
    """R2: the guided night's close said "you kept out of the policemen's
    reach" after he had stood where the program said a policeman could
    reach, and a clue was found there.  It says what did win it: no arrest
    named his circle, and he was home in time."""
    from whitechapel.lfw import hints

    game = first_game_where(2, lambda g: getattr(g, "night", 1) == 2, tries=50)
    said = hints._home_lesson(game.view(JACK), JACK)
    assert "policemen's reach" not in said
    assert "no arrest named the circle you stood on" in said
