"""The computer police never waste a turn (issue 49; play-testers J and
L, rounds 5 and 6; docs/lfw-computer-police.md, "Never a wasted turn").

T3: an action tells something (an arrest where Jack can be, a search of a
circle some paths pass and others do not, no clue known there) or it is a
pass with a reason.  T2: a policeman with nothing to do goes where he can
search or arrest, unless he holds a seal or guards a step home.

The positions are those of the issue's game (`ISSUE_49`, a record of
this program: after Jack's first coach all five stayed and four passed;
on night 3 Brown arrested on 99 three turns running while Yellow passed
every turn), replayed with a fixed budget (0: every decision to its own
end, the same on any machine).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from whitechapel.core import players
from whitechapel.core.arena import play_one
from whitechapel.core.record import Record, replay
from whitechapel.core.store import read_record
from whitechapel.lfw.actions import Arrest, Pass, Search
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import police_sense, police_waste
from whitechapel.lfw.players.police import STYLES, Police
from whitechapel.lfw.rulebook import JACK, POLICE

ISSUE_49 = Path("/work/shared/data/lfw-hard-police-passive.json")
LOCAL = Path(__file__).parent / "data" / "lfw-hard-police-passive.json"


def _record() -> Record:
    for path in (LOCAL, ISSUE_49):
        if path.exists():
            return read_record(path)
    pytest.skip("the issue's game is not on this machine")


def _game_after(record: Record, actions: int):
    return replay(dataclasses.replace(record, actions=record.actions[:actions], outcome=None))


def _police_turns(record: Record):
    """(action number, the game as the police's turn begins) for every
    police turn of the Hunt in the record."""
    game = _game_after(record, 0)
    last = None
    for i, text in enumerate(record.actions, start=1):
        if game.to_act == POLICE and game.phase == Phase.HUNT and last == JACK:
            yield i, game.clone()
        last = game.to_act
        game.play(text)


def _play_turn(game, player) -> dict[str, float]:
    """The police's whole turn (T2 and T3) played by `player`, budget 0,
    and its account (`audit`)."""
    counts: dict[str, float] = {}
    while game.to_act == POLICE and game.outcome is None:
        view = game.view(POLICE)
        action = players.choose(player, "lfw", view, 0).action
        for name, value in player.audit(view, action).items():
            counts[name] = counts.get(name, 0.0) + value
        game.play(action)
    return counts


def test_t2_t3_the_issue_49_game_replayed_every_police_turn_is_purposeful():
    record = _record()
    table = None
    total: dict[str, float] = {}
    first = None
    for i, game in _police_turns(record):
        table = table or players.table_of("lfw", game)
        player = players.new_player("lfw", "hard", POLICE, 1, table)
        counts = _play_turn(game, player)
        first = counts if first is None else first
        for name, value in counts.items():
            total[name] = total.get(name, 0.0) + value
        assert not counts.get("T3 wasted"), (i, counts)
    # After Jack's first coach (82 -> 65 -> 84) the record has all five
    # staying (a loaded machine: 18 decisions cut by the wall clock); with
    # a fixed budget two stay, each beside a circle where Jack can be.
    assert first is not None and first.get("T2 stays", 0) <= 2
    assert total["T2 moves"] == 60
    # Every pass with a possible circle in reach had its reason (since
    # round 43's late seals, that the circles beside him were ruled out).
    assert any(name.startswith("T3 passes, ") for name in total), total


def _t3_after(actions: int):
    """The police's view and legal actions at the record's T3 decision."""
    game = _game_after(_record(), actions)
    view = game.view(POLICE)
    assert view.phase.key == Phase.CLUES
    return game, view, legal(view)


def test_t3_a_pass_beside_a_circle_where_jack_can_be_is_wasted():
    # Night 2, action 81: Brown at x59 beside 43, where Jack can be.
    game, view, actions = _t3_after(80)
    assert view.acting_colour == "brown"
    assert 43 in notebook(view, game.board).counts
    why = police_waste.judge(view, game.board, actions, Pass("brown"))
    assert why is not None and "arrest on 43" in why
    assert police_waste.judge(view, game.board, actions, Arrest("brown", 43)) is None


def test_t3_an_arrest_where_jack_cannot_be_and_a_search_of_the_crime_scene_are_wasted():
    # Night 2, action 82: Brown's arrest on 43 found nobody; Red stands
    # beside 3 (tonight's crime scene) and 43.
    game, view, actions = _t3_after(81)
    assert view.acting_colour == "red"
    assert 43 not in notebook(view, game.board).counts
    again = police_waste.judge(view, game.board, actions, Arrest("red", 43))
    assert again is not None and "cannot be there" in again
    scene = police_waste.judge(view, game.board, actions, Search("red", 3))
    assert scene is not None and "known" in scene
    assert police_waste.reason(view, game.board, actions).startswith("red passes")


def test_the_arena_reports_the_polices_own_account_of_stays_passes_and_waste():
    result = play_one("lfw", {JACK: "random", POLICE: "hard"}, 3, budget=0)
    counts = result.audit[POLICE]
    assert counts["T2 moves"] > 0 and counts["T3 actions"] > 0
    assert not counts.get("T3 wasted")
    assert JACK not in result.audit or not result.audit[JACK]


def test_t2_a_policeman_sealing_the_likely_hideout_keeps_his_crossing():
    # Night 2, action 87: 43 and 44 are among the likeliest hideouts, two
    # crossings each seal them (x44 and x59; x34 and x53): Brown (x59),
    # Red (x44) and Blue (x34) hold three.  Drawn toward where Jack may
    # be, they keep them (play-tester J, night 4: the policeman beside the
    # hideout moved off, and Jack stepped home).
    game = _game_after(_record(), 86)
    # sealing from Jack's first move, as before round 43 (the hard police
    # now seal from 8 spaces left: test_lfw_police_seal_late.py)
    style = dataclasses.replace(STYLES["hard"], seal_late=None)
    player = Police(POLICE, 1, players.table_of("lfw", game), style)
    facts = police_sense.facts(game.board)
    seal = facts.seal[43] | facts.seal[44]
    held = {c: x for c, x in game.view(POLICE).police.items() if x in seal}
    assert set(held) >= {"brown", "red", "blue"}
    while game.phase == Phase.HUNT and game.to_act == POLICE:
        game.play(players.choose(player, "lfw", game.view(POLICE), 0).action)
    after = game.view(POLICE).police
    assert all(after[c] == x for c, x in held.items()), (held, after)


def test_t2_a_policeman_with_nothing_beside_him_walks_toward_jack():
    """Play-tester C2 (round 15): "the police mostly sat still or drifted
    north-east while I was in the south"; "after my first move, only Brown
    moved".  A policeman the plan leaves where he seals nothing, guards
    nothing and stands beside no circle Jack can be on, and who cannot get
    beside one this turn, walks toward where Jack is likely
    (`Style.toward`): in the issue's game no stay is left without one of
    those reasons (seven were, before)."""
    idle = stays = 0
    for _, game in _police_turns(_record()):
        player = players.new_player("lfw", "hard", POLICE, 1, players.table_of("lfw", game))
        while game.to_act == POLICE and game.outcome is None:
            view = game.view(POLICE)
            action = players.choose(player, "lfw", view, 0).action
            if action.endswith(" stay"):
                stays += 1
                idle += player.holds(action.split()[0]) is None
            game.play(action)
    assert stays and not idle, (stays, idle)
