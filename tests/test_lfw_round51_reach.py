"""LfW play-test round 51, tester U4: "Plan police moves by target. Let me
type a circle and see which policemen can reach a crossing beside it, and
in how many steps, then move them with one key."  The street inspector
(key `/`) says who can stand beside the circle after one move (T2), and
for the policeman moving now his keys for those crossings."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE


def _second_policeman_moving(game) -> bool:
    """T2, one policeman moved already, the acting one able to reach a
    free crossing beside some circle he does not stand beside."""
    from whitechapel.lfw.ui import sentences

    if game.phase != Phase.HUNT or game.to_act != POLICE:
        return False
    view = game.view(POLICE)
    return view.acting_colour == sentences.police_order(view)[1]


async def test_t2_slash_a_circle_says_who_can_reach_beside_it_and_the_keys(tmp_path):
    import settle
    from lfw_app_play import game_app, prompt_text, raise_curtain
    from whitechapel.lfw.ui import sentences, streets
    from whitechapel.lfw.ui.picking import hunt_letters

    game = first_game_where(51, _second_policeman_moving, tries=50)
    view = game.view(POLICE)
    acting = view.acting_colour
    moved = sentences.police_order(view)[0]
    letters = hunt_letters(view, game.board)
    # a circle beside one of his crossings, not beside where he stands
    here = view.police[acting]
    circle = next(
        c
        for c in game.board.circles
        if set(streets.streets_of(game.board, c).doors) & set(letters)
        and here not in streets.streets_of(game.board, c).doors
    )
    found = streets.streets_of(game.board, circle)
    keys = sorted(k for x, k in letters.items() if x in found.doors)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        for key in ("slash", *str(circle)):
            await settle.press(pilot, key)
        said = " ".join(prompt_text(app).split())
        word = "keys" if len(keys) > 1 else "key"
        assert f"{sentences.name(acting)} ({word} {', '.join(keys)})" in said, said
        assert "can reach a crossing beside it in one move" in said
        # the policeman who moved this turn is not offered
        assert f"{sentences.name(moved)} (" not in said.split(" · ")[-1], said


def test_t1_on_jacks_turn_every_policemans_next_move_is_counted_in_steps():
    """Off the police's own T2 (Jack weighing a walk), every policeman's
    next move, in steps, no keys."""
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.ui import streets

    board = load_board("1888")
    found = streets.streets_of(board, 106)
    one = next(x for x in board.police_within_two(found.doors[0]) if x not in found.doors)
    steps = board.police_distance(one, found.doors[0])
    said = streets.sentence(board, found, {"blue": one})
    assert f"Blue ({steps} step{'s' if steps != 1 else ''}) can reach a crossing beside it" in said
    held = streets.sentence(board, found, {"blue": found.doors[0]})
    assert "can reach" not in held  # on one already: said as before ("Blue on one")
