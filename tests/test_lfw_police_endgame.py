"""The hard police's endgame by the hideout (play-testers O2 and P2, round
21; docs/lfw-computer-police.md, "The endgame by the hideout (round 21)").

When the notebook leaves few hideout candidates, the hard police keep the
crossings that close the ways into them through Jack's night (T1: a step
through a policeman's crossing is blocked) and arrest, not search, on a
circle beside a candidate where Jack can be and a step takes him home (T3).

The positions are those of tester O2's game (a record of this program,
`tests/data/lfw-hard-police-endgame-o2.json`: Jack's hideout 66, the hard
police), replayed with a fixed budget (0: every decision to its own end,
the same on any machine).  Night 4: the notebook leaves 51 and 66; Jack
killed on 65 and took an alley to 117, one bare street from 66.  In the
record Yellow left x103 (a way into both) for 51's seal, Green searched 117
instead of arresting there, and Jack walked home.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from whitechapel.core import players
from whitechapel.core.record import Record, replay
from whitechapel.core.store import read_record
from whitechapel.lfw.actions import Arrest
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import police_sense
from whitechapel.lfw.rulebook import POLICE

DATA = Path(__file__).parent / "data"
O2 = DATA / "lfw-hard-police-endgame-o2.json"
P2 = DATA / "lfw-hard-police-endgame-p2.json"
O2_NIGHT_4_T2 = 151  # the police's first turn of night 4 (after "alley 117")
O2_NIGHT_4_T3 = 156  # the same turn's T3, after the record's moves (Green on x140)


def _game_after(record: Record, actions: int):
    return replay(dataclasses.replace(record, actions=record.actions[:actions], outcome=None))


def _hard(game):
    return players.new_player("lfw", "hard", POLICE, 1, players.table_of("lfw", game))


def test_t2_endgame_o2_night_4_no_policeman_leaves_a_way_into_a_candidate():
    """O2: "At the start Yellow stood on the crossing beside 66 and blocked
    it. On its next move it stepped away to close every way into 51"."""
    game = _game_after(read_record(O2), O2_NIGHT_4_T2)
    view = game.view(POLICE)
    nb = notebook(view, game.board)
    facts = police_sense.facts(game.board)
    assert set(nb.hideouts) == {51, 66}
    assert 117 in nb.counts and 117 in facts.region[66]  # a bare street from 66
    ways_in = facts.seal[51] | facts.seal[66]
    before = {c: x for c, x in view.police.items() if x in ways_in}
    assert before == {"yellow": "x103"}
    player = _hard(game)
    while game.phase == Phase.HUNT and game.to_act == POLICE:
        game.play(players.choose(player, "lfw", game.view(POLICE), 0).action)
    after = game.view(POLICE).police
    assert all(after[c] == x for c, x in before.items()), (before, after)


def test_t3_endgame_o2_night_4_green_arrests_on_117_beside_the_hideout():
    """O2: "Green searched 117, which sits next to hideout candidate 66,
    instead of arresting there. I walked in."  Jack can be on 117, and
    from 117 a bare street (no policeman can bar it) takes him to 66."""
    game = _game_after(read_record(O2), O2_NIGHT_4_T3)
    view = game.view(POLICE)
    assert view.phase.key == Phase.CLUES and view.acting_colour == "green"
    action = players.choose(_hard(game), "lfw", view, 0).action
    assert action == str(Arrest("green", 117))
    assert action in {str(a) for a in legal(view)}


def test_endgame_o2_night_4_the_hard_police_take_jack_before_he_walks_home():
    # The whole turn replayed: Yellow keeps x103, Green arrests on 117,
    # where the record's Jack stood: the police win where the tester won.
    game = _game_after(read_record(O2), O2_NIGHT_4_T2)
    player = _hard(game)
    while game.to_act == POLICE and game.outcome is None:
        game.play(players.choose(player, "lfw", game.view(POLICE), 0).action)
    assert game.outcome is not None and game.outcome.winner == POLICE


I3 = DATA / "lfw-hard-police-endgame-i3.json"
I3_NIGHT_3_RED = 243  # Red's T3 after Jack's alley to 84, a step from his hideout 88


def test_t3_endgame_i3_night_3_red_arrests_beside_the_one_way_into_the_known_hideout():
    """I3 (round 32): "On night 3 they knew my hideout and had a policeman
    beside its only way in. When I stood there, he searched instead of
    arresting, and I got home."  The notebook leaves one hideout, 88; Jack
    took an alley to 84, a step from it, and is on one of 98 circles (84 at
    0.3 %).  A search cannot stop his step home; the arrest on 84 can, and
    takes him there."""
    game = _game_after(read_record(I3), I3_NIGHT_3_RED)
    view = game.view(POLICE)
    nb = notebook(view, game.board)
    assert nb.hideouts == (88,) or set(nb.hideouts) == {88}
    assert view.acting_colour == "red" and 84 in nb.counts and len(nb.counts) > 50
    action = players.choose(_hard(game), "lfw", view, 0).action
    assert action == str(Arrest("red", 84))
    game.play(action)
    assert game.outcome is not None and game.outcome.winner == POLICE
