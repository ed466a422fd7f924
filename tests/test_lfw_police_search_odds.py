"""The hard police weigh a search against an arrest on one map of Jack
(T3; play-tester E3, round 30; docs/lfw-computer-police.md, "One map of
Jack for a search and an arrest").

E3 played Jack against the hard police: "for about 4 turns everyone stays
while Green arrests on 128 and Brown on 111, over and over ... 15 failed
arrests in one night, and no searching."  From night 2 the police read
Jack's positions homeward and as a purposeful Jack's (`Sense.where`), but
weighed a search's answer on every path alike: the search's expected
information came out below nothing, so any arrest beat it, at odds under
1 %.  The game is a record of this program
(`tests/data/lfw-hard-police-arrests-e3.json`, Jack's hideout 86),
replayed with a fixed budget (0: every decision to its own end).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from whitechapel.core import players
from whitechapel.core.record import replay
from whitechapel.core.store import read_record
from whitechapel.lfw.legal import legal
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import police_clues
from whitechapel.lfw.players.police_sense import entropy
from whitechapel.lfw.rulebook import POLICE

E3 = Path(__file__).parent / "data" / "lfw-hard-police-arrests-e3.json"
# night 2's police T3 actions in the record: Green's arrests on 128 (213,
# 224, 235) and Brown's on 111 (227, 238), each with Jack there at odds
# under 1 % and a search beside him that could tell where he went
NIGHT_2_ARRESTS = (202, 213, 224, 227, 235, 238)


def _game_after(actions: int):
    record = read_record(E3)
    return replay(dataclasses.replace(record, actions=record.actions[:actions], outcome=None))


def _hard(game):
    return players.new_player("lfw", "hard", POLICE, 1, players.table_of("lfw", game))


@pytest.mark.parametrize("at", NIGHT_2_ARRESTS)
def test_t3_e3_night_2_hard_police_search_where_an_arrest_has_odds_under_1_percent(at):
    game = _game_after(at)
    view = game.view(POLICE)
    assert view.phase.key == Phase.CLUES and view.night == 2
    recorded = read_record(E3).actions[at]
    assert recorded.split()[1] == "arrest"
    player = _hard(game)
    sense = player.sense(view)
    circle = int(recorded.split()[2])
    assert sense.where.get(circle, 0.0) < 0.01  # the arrest E3 watched fail
    action = players.choose(player, "lfw", view, 0).action
    assert action.split()[1] == "search", action
    assert action in {str(a) for a in legal(view)}


@pytest.mark.parametrize("at", NIGHT_2_ARRESTS)
def test_t3_a_search_never_tells_less_than_nothing(at):
    """Expected information: the entropy of Jack's positions now less its
    expectation after the answer, each answer weighed by its odds."""
    game = _game_after(at)
    view = game.view(POLICE)
    sense = _hard(game).sense(view)
    assert sense.where != dict.fromkeys(sense.where, 1 / len(sense.where))  # not uniform
    colour = view.acting_colour
    assert colour is not None
    for circle in police_clues.targets(legal(view), colour):
        q, hit, miss = sense.written_odds(circle)
        gain = entropy(sense.where) - q * entropy(hit) - (1 - q) * entropy(miss)
        assert gain >= -1e-9, (circle, gain)
        # the answers split the same odds: a clue's positions and none's
        # add up to where Jack can be now
        mixed = {c: q * hit.get(c, 0.0) + (1 - q) * miss.get(c, 0.0) for c in sense.where}
        assert all(abs(mixed[c] - p) < 1e-9 for c, p in sense.where.items())
