"""Round 13 of issue 43's blind play-tests (testers Y and Z): the police's
searches open Jack's prompt as Jack's actions open theirs; the words of a
later policeman's key say that it skips those before him."""

from __future__ import annotations

import settle
from lfw_app_play import game_app, press_for_all, prompt_text, raise_curtain
from test_lfw_display import find_game
from test_lfw_round8_news import play
from whitechapel.lfw.actions import Pass, Search
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui.computer import found_line
from whitechapel.lfw.view_parts import LogEntry


async def one_key(game: LfwGame, tmp_path, hint: str, key: str) -> tuple[list, str]:
    """At the hot seat, past the curtain: the keys line says `hint`; `key`
    pressed; what it played, and what was left typed."""
    before = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert hint in prompt_text(app), prompt_text(app)
        await press_for_all(pilot, app, key)
        await settle.settle(pilot)
        return game.history[before:], screen.picking.typed


def _searching(game: LfwGame) -> bool:
    return game.phase == Phase.CLUES and any(isinstance(a, Search) for a in game.legal_actions())


async def test_t3_t1_what_the_police_found_opens_jacks_prompt(tmp_path):
    """Tester Y, round 13: the police's prompt says what Jack did since
    their last action; Jack's said nothing of their searches.  At the hot
    seat Jack's T1 prompt now opens with what they found, from his view."""
    game = find_game(_searching, board=None)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        search = next(a for a in game.legal_actions() if isinstance(a, Search))
        await play(pilot, screen, game, str(search))
        while game.to_act != JACK and game.outcome is None:
            legal = game.legal_actions()  # the others pass (a search under way: its next)
            rest = next((a for a in legal if isinstance(a, Pass)), legal[0])
            await play(pilot, screen, game, str(rest))
        assert game.phase == Phase.ESCAPE, game.phase
        await raise_curtain(pilot, screen)
        said = prompt_text(app)
        who = search.colour.capitalize()
        assert said.startswith(f"The police since your move: {who} searched"), said
        await play(pilot, screen, game, str(game.legal_actions()[0]))
        await raise_curtain(pilot, screen)
        if game.to_act == JACK:
            assert "The police since your move" not in prompt_text(app)


def test_the_found_line_names_only_searches_and_arrests():
    jack = LogEntry("move", 1, how="step", space="3")
    search = LogEntry("search", 1, colour="red", circle=12)
    assert found_line([jack]) == ""
    line = found_line([jack, search])
    assert line.startswith("[b]The police since your move:[/b] Red searched 12"), line
    assert "Jack" not in line
    blue = LogEntry("search", 1, colour="blue", circle=40)
    assert " · Blue searched 40" in found_line([jack, search, blue])  # both of two


def _only_pass(game: LfwGame) -> bool:
    return game.phase == Phase.CLUES and all(isinstance(a, Pass) for a in game.legal_actions())


async def test_t3_key_9_when_the_first_policemans_only_action_is_a_pass(tmp_path):
    """Tester Y, round 13: "the '9 all search' shortcut is not offered when
    the first policeman's only choice is to pass. You must press Enter
    first."  Now 9 is offered there, plays his pass and goes on to the next
    (sweep.py), each after him searching or passing from the police's view."""
    game = find_game(_only_pass, board=None)
    acting = game.view(POLICE).acting_colour
    actions, _typed = await one_key(game, tmp_path, "9 everyone searches", "9")
    played = [str(a) for a in actions]
    assert played[0] == f"{acting} pass", played
    assert len(played) > 1  # and the others after him


async def test_t3_key_9_in_a_search_under_way_names_the_rest_then_everyone_searches(tmp_path):
    """Tester Y, round 13: "In the middle of a search, 9 came out as 'Typed:
    9' rather than 'all search'."  In a search under way 9 names the circles
    left, likeliest first, until a clue ends it (T3), then everyone after
    him searches where a clue can be."""
    game = find_game(
        lambda g: (
            g.phase == Phase.SEARCHING
            and not any(str(a.circle).startswith("9") for a in g.legal_actions())
        ),
        board=None,
    )
    acting = game.view(POLICE).acting_colour
    played, typed = await one_key(game, tmp_path, "then everyone after him searches", "9")
    assert typed == ""
    assert played and all(a.colour == acting for a in played[:1])
    assert game.phase != Phase.SEARCHING or game.view(POLICE).acting_colour != acting


async def test_h6_key_0_moves_every_wretched_still_to_move_toward_the_policemen(tmp_path):
    """Tester A2, round 14: "When Jack waits, the Chief must move every
    Wretched ... about 24 key presses before the hunt even began."  In H6
    key 0 walks each Wretched still to move, one action at a time, to the
    neighbouring circle nearest the real policemen (as the computer police
    do), from the police's view; then it is Jack's turn."""
    from whitechapel.lfw.actions import WretchedMove

    game = find_game(
        lambda g: g.phase == Phase.WRETCHED and len(g.view(POLICE).wretched) >= 2, board=None
    )
    played, _typed = await one_key(
        game,
        tmp_path,
        "0 every Wretched left: to the circle nearest your real markers",
        "0",
    )
    assert len(played) >= 2 and all(isinstance(a, WretchedMove) for a in played), played
    assert game.phase != Phase.WRETCHED and game.to_act == JACK


def test_t1_jacks_sheet_numbers_each_kind_of_move_by_its_fixed_key():
    """Tester C2, round 15: "When Jack can't walk, the side panel says '1
    coach', but the key is 2"."""
    from whitechapel.lfw.rulebook import COACH, STEP
    from whitechapel.lfw.ui import jackturn

    def no_step(g: LfwGame) -> bool:
        if g.phase != Phase.ESCAPE:
            return False
        kinds = jackturn.move_options(g.view(JACK))
        return STEP not in kinds and COACH in kinds

    game = find_game(no_step, board=None, seeds=range(300))
    lines = jackturn.move_lines(game.view(JACK))
    assert any(line.startswith(" 2 coach:") for line in lines), lines
    assert not any(line.startswith(" 1 ") for line in lines), lines


def test_h7_each_face_down_marker_keeps_its_letter_from_one_turn_to_the_next():
    """Testers Z and D2 (rounds 13 and 15): "revealing `d` shifts the rest:
    `e` goes from 51·66·83 to 127·132", and D2 turned the wrong marker."""
    from whitechapel.lfw.ui.picking import picking_for

    def two_reveals(g: LfwGame) -> bool:
        return g.phase == Phase.REVEAL and len(picking_for(g.view(JACK), g.board).labels()) >= 3

    game = find_game(two_reveals, board=None, seeds=range(300))
    before = picking_for(game.view(JACK), game.board).labels()
    first = next(iter(before.values()))
    game.play(f"reveal {first}")
    while game.phase != Phase.REVEAL and game.outcome is None and game.to_act != JACK:
        game.play(str(game.legal_actions()[0]))  # the Wretched walk (H6)
    if game.phase != Phase.REVEAL:  # he killed or waited: wait again, to turn another
        wait = next((a for a in game.legal_actions() if str(a).endswith("wait")), None)
        assert wait is not None, game.legal_actions()
        game.play(str(wait))
        while game.phase != Phase.REVEAL:
            game.play(str(game.legal_actions()[0]))
    after = picking_for(game.view(JACK), game.board).labels()
    assert after and all(before.get(k) == v for k, v in after.items()), (before, after)
