"""Hard Jack against a naive investigator (issue 30, P4, P7, P8).

The `easy` investigator beat the hard Jack in about one game of twenty-five,
with Jack the last suspect; two of three such games traced went this way:
in an even round (P4: Jack, investigator,
investigator, Jack) Jack's first action left a board on which the
investigator's two actions, each the one that splits the suspects best as
the board stands, left this Jack no last action that kept a second suspect
at the witness call (P7, P8: the investigator wins).  Jack's search judged
those actions as good as the others: its investigator looks ahead, knows
Jack moves last, and seldom plays such a line — a naive one does.

Each position here is one of those games at the start of round 4 (the
game of setup seed S after the actions listed, as the arena played it).
For every action the hard Jack may choose (budget 0: the same decision
every time) the naive investigator's answers are tried, all of his ties:
whatever he plays, Jack must keep a way out.
"""

from __future__ import annotations

import pytest

from whitechapel.core import players
from whitechapel.pocket.actions import Action, Alibi, parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.players.hard import NAIVE, HardPlayer
from whitechapel.pocket.players.simple import board_score

GAMES = {
    # seed: the actions of rounds 1 to 3, as the arena played them
    "seed-60303": (60303, "H+1 Rc3W J:H W+1 A T+1 Xb1c3 Ra3S Ra3E A J:T T+1"),
    "seed-60304": (60304, "Ra1S J:W A T+1 Ra3S Xb3c3 W+2 H+2 Xc1a3 A J:W T+2"),
}


def at_round_4(seed: int, actions: str) -> PocketGame:
    g = PocketGame.new(seed)
    for text in actions.split():
        g.apply(parse_action(text))
        if g.unresolved:
            g.resolve()
    assert (g.round, g.step, g.to_act) == (4, 0, JACK)
    return g


def after(g: PocketGame, action: Action) -> PocketGame:
    out = g.clone()
    out.apply(action)
    return out


def naive_answers(g: PocketGame) -> list[Action]:
    """The investigator's actions that split the board best as it stands
    (`easy`'s rule without its alibi: the board after each action)."""
    view = g.view(INVESTIGATOR)
    scored = [
        (board_score(view, after(g, a).view(INVESTIGATOR).tiles, INVESTIGATOR), a)
        for a in g.legal_actions()
        if not isinstance(a, Alibi)
    ]
    top = max(score for score, _ in scored)
    return [a for score, a in scored if score >= top - 1e-9]


def trapped(g: PocketGame) -> bool:
    """After Jack's first action of the round: can the naive investigator's
    two answers leave Jack no last action that survives the witness call?"""
    if g.to_act == JACK:  # the round's last action: any that does not lose
        for action in g.legal_actions():
            last = after(g, action)
            if last.unresolved:
                last.resolve()
            if last.outcome is None or last.outcome.winner == JACK:
                return False
        return True
    return any(trapped(after(g, a)) for a in naive_answers(g))


def traps(g: PocketGame) -> set[str]:
    """Jack's actions after which the naive investigator can trap him."""
    return {str(a) for a in g.legal_actions() if trapped(after(g, a))}


@pytest.mark.parametrize("name", GAMES)
def test_hard_jack_leaves_the_naive_investigator_no_trap_in_an_even_round(name: str) -> None:
    seed, actions = GAMES[name]
    g = at_round_4(seed, actions)
    punished = traps(g)
    assert punished, "the position has actions a naive investigator punishes"
    player = players.new_player("pocket", "hard", JACK, 7, None)
    view = g.view(JACK)
    choice = player.choose(view, players.legal_in("pocket", view), 0)
    assert choice not in punished


def test_without_the_naive_investigator_the_search_finds_the_traps_as_good_as_the_rest() -> None:
    """What the change is for: Jack's search with no naive investigator
    ranks a trap within a hair of its best (and the playouts then chose
    it); with him, every trap falls out of the actions it keeps."""
    seed, actions = GAMES["seed-60304"]
    g = at_round_4(seed, actions)
    view = g.view(JACK)
    legal = players.legal_in("pocket", view)
    punished = traps(g)
    kept = {}
    for naive in (0.0, NAIVE):
        player = HardPlayer(JACK, 7)
        player.naive = naive
        player.choose(view, legal, 0)
        kept[naive] = set(player.found)
    assert kept[0.0] & punished
    assert not kept[NAIVE] & punished
