"""The round's end solved exactly (issue 44, `players/lastround.py`): with at
most three tokens left, the hard players try every line to the witness
call (P7) and the end (P8), over everything their side does not know.

The blind tester's game (seed 75804150241811, the record in
`data/pocket-hard-missed-win-record.json`): round 8, after Jack's exchange,
Bert (Jack) and Gull are the suspects left, Jack holds two round tokens and
three alibi cards the investigator never saw.  The hard investigator played
Watson 8→10 and the joker Watson 10→11: Gull seen and cleared, Bert unseen
with his sixth hourglass (P8, both goals in round 8, not seen: Jack wins).
Toby 3→4 instead sees Bert — a win in the real game.  From the
investigator's view, though, Gull may as well be Jack, and then Toby's line
leaves *Gull* unseen with the last other suspect cleared: each line wins in
the worlds where the other loses, 9 of 14 by weight each.  What the solve
guarantees is checked here on the tester's position, on the same position
with Madame (two hourglasses) in Gull's place — where Toby's line is a
forced win the old search missed — and on hand-made positions for Jack.
"""

from __future__ import annotations

import dataclasses
import json
from itertools import combinations
from pathlib import Path

import pytest

from test_pocket_jack_puzzles import PUZZLES
from test_pocket_jack_puzzles import position as puzzle_position
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTER_INDEX, INVESTIGATOR, JACK
from whitechapel.pocket.players import lastround
from whitechapel.pocket.players.hard import HardPlayer
from whitechapel.pocket.setup import Setup

RECORD = Path(__file__).parent / "data" / "pocket-hard-missed-win-record.json"
C = CHARACTER_INDEX


def _tester_game() -> PocketGame:
    """Round 8 of the tester's game after Jack's exchange a2↔a3."""
    record = json.loads(RECORD.read_text())
    g = PocketGame(Setup.from_json(record["setup"]))
    for action in record["actions"][:29]:
        g.play(action)
    assert (g.round, g.step, g.to_act) == (8, 1, INVESTIGATOR)
    assert g.detectives == [5, 8, 3]  # Holmes, Watson, Toby
    return g


def _legal(g: PocketGame) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def _hard(side: str, seed: int = 1) -> HardPlayer:
    return HardPlayer(side, seed)


def _behind(g: PocketGame, jack: str, cards: list[str], *, swap=None, count=None) -> PocketGame:
    """The game behind `g`'s investigator view with `jack` holding `cards`
    (the view unchanged but for `swap`: two characters changing places,
    their cleared marks staying on the squares)."""
    view = g.view(INVESTIGATOR)
    if swap:
        a, b = swap
        names = {a: b, b: a}
        tiles = tuple(
            dataclasses.replace(t, character=names.get(t.character, t.character))
            for t in view.tiles
        )
        view = dataclasses.replace(view, tiles=tiles)
    view = dataclasses.replace(view, jack_alibi_count=len(cards) if count is None else count)
    held = {C[jack], *(C[c] for c in cards), *(C[c] for c in view.investigator_alibis)}
    deck = [c for c in range(9) if c not in held]
    return PocketGame.behind(
        view, jack=C[jack], jack_alibis=[C[c] for c in cards], deck=deck, throws=g.setup.throws
    )


def _end(g: PocketGame, jack_last: str) -> str:
    h = g.clone()
    h.play(jack_last, JACK)
    return h.outcome.winner


# -- the tester's position ------------------------------------------------------------


def test_the_testers_round_8_is_a_coin_flip_from_the_investigators_view_p8():
    g = _tester_game()
    g.play("W+2", INVESTIGATOR)
    view = g.view(INVESTIGATOR)
    solved = lastround.solve(view, _legal(g), None)
    assert solved is not None and not solved.forced
    assert set(solved.actions) == {"J:W", "J:T"}  # Gull seen, or Bert seen
    assert solved.share == pytest.approx(9 / 14)
    # Each wins where the other loses: Toby's line in the real game (Bert),
    # Watson's if Gull were Jack with his cards (P8: both goals, unseen).
    real = g.clone()
    real.play("J:T", INVESTIGATOR)
    assert {_end(real, a) for a in ("H+1", "H+2")} == {INVESTIGATOR}
    gull = _behind(g, "gull", ["smith", "bert", "pizer"])
    assert gull.view(INVESTIGATOR) == dataclasses.replace(view, log=())  # no past, the same board
    gull.play("J:T", INVESTIGATOR)
    assert {_end(gull, a) for a in ("H+1", "H+2")} == {JACK}
    # The hard investigator plays one of the two, never a line that wins less.
    assert _hard(INVESTIGATOR).choose(view, _legal(g), 0) in {"J:W", "J:T"}


def test_the_testers_first_decision_keeps_a_best_line_open():
    g = _tester_game()
    player = _hard(INVESTIGATOR)
    first = player.choose(g.view(INVESTIGATOR), _legal(g), 0)
    assert player.solved is not None and player.solved.share == pytest.approx(9 / 14)
    g.play(first, INVESTIGATOR)
    after = lastround.solve(g.view(INVESTIGATOR), _legal(g), None)
    assert after is not None and after.share == pytest.approx(9 / 14)


# -- the same board, Madame in Gull's place: a forced win --------------------------------


def _madame_game(jack: str = "bert", cards=("smith", "pizer")) -> PocketGame:
    """The tester's board with Madame on a2 (wall east) and Gull cleared on
    c3, Jack holding two round tokens and two cards: as Madame he has at
    most 2 + 2 + 1 = 5 hourglasses after an unseen call, as Bert up to 6
    (Madame's card among his two)."""
    return _behind(_tester_game(), jack, list(cards), swap=("gull", "madame"))


def _worlds(view_game: PocketGame):
    """Every Jack and hand the investigator cannot rule out."""
    view = view_game.view(INVESTIGATOR)
    suspects = [t.character for t in view.tiles if not t.cleared]
    unseen = [c for c in C if c not in view.investigator_alibis]
    for jack in suspects:
        others = [c for c in unseen if c != jack]
        for hand in combinations(others, view.jack_alibi_count):
            yield jack, list(hand)


def test_toby_to_4_is_a_forced_win_and_the_hard_investigator_plays_its_line_p7_p8():
    g = _madame_game()
    player = _hard(INVESTIGATOR)
    for _ in range(2):
        action = player.choose(g.view(INVESTIGATOR), _legal(g), 0)
        assert player.solved is not None and player.solved.forced
        g.play(action, INVESTIGATOR)
    assert {"J:T"} & {str(a) for a in g.history}  # Toby 3→4 with the joker
    # Whoever Jack is, whatever his cards, whatever his last action: won.
    for jack, hand in _worlds(g):
        world = _behind(g, jack, hand)
        for last in _legal(world):
            assert _end(world, last) == INVESTIGATOR, (jack, hand, last)


def test_the_line_the_tester_saw_played_is_no_forced_win_there():
    g = _madame_game()
    g.play("W+2", INVESTIGATOR)
    g.play("J:W", INVESTIGATOR)  # Madame seen alone: Bert unseen
    lost = [
        (jack, hand) for jack, hand in _worlds(g) if _end(_behind(g, jack, hand), "H+1") == JACK
    ]
    assert lost and all(jack == "bert" and "madame" in hand for jack, hand in lost)


def test_the_decision_is_the_views_alone_another_jack_plays_the_same():
    """Counterfactual (P9): Bert with Smith and Pizer, Madame with Lane and
    Lestrade — another Jack, other hourglasses, the same view — the same move."""
    games = [_madame_game("bert", ("smith", "pizer")), _madame_game("madame", ("lane", "lestrade"))]
    assert games[0].jack_hourglasses() != games[1].jack_hourglasses()
    views = [g.view(INVESTIGATOR) for g in games]
    assert views[0] == views[1]
    moves = {_hard(INVESTIGATOR, 7).choose(v, _legal(games[0]), 0) for v in views}
    assert len(moves) == 1 and moves <= set(_legal(games[0]))


def test_the_solve_has_a_fixed_work_and_gives_the_decision_back_past_it():
    g = _madame_game()
    view, legal = g.view(INVESTIGATOR), _legal(g)
    solved = lastround.solve(view, legal, None)
    assert solved is not None and solved.work <= 2_000
    assert lastround.solve(view, legal, None, work=5) is None  # gives up
    # The hard player's answer stays legal on a deadline already passed.
    player = _hard(INVESTIGATOR)
    player.clocks = {"cpu": lambda: 10.0 * next(_ticks), "wall": lambda: 0.0}
    assert player.choose(view, legal, 0.05) in legal


_ticks = iter(range(10**6))


# -- Jack's forced wins -----------------------------------------------------------------


@pytest.mark.parametrize("name", PUZZLES)
def test_jack_finds_a_sure_win_of_round_7_by_the_solve_p8(name):
    layout, jack, cleared, throw, first, winning, _ = PUZZLES[name]
    g = puzzle_position(layout, jack, cleared, throw, first)
    solved = lastround.solve(g.view(JACK), _legal(g), None)
    assert solved is not None and solved.forced and solved.actions[0] in winning
    player = _hard(JACK)
    assert player.choose(g.view(JACK), _legal(g), 0) in winning
    assert player.solved is not None  # no playouts: the solve answered


def test_jacks_last_round_first_action_survives_every_answer_p8():
    """Round 8, Jack first with four tokens: Jack (Bert) at five
    hourglasses, few suspects left.  The solve's move must win whatever the
    investigator's two actions and whichever card an alibi draws."""
    # The tester's round 8 at its start: the exchange not played yet.
    record = json.loads(RECORD.read_text())
    g = PocketGame(Setup.from_json(record["setup"]))
    for action in record["actions"][:28]:
        g.play(action)
    assert (g.round, g.step, g.to_act, g.jack_hourglasses()) == (8, 0, JACK, 5)
    solved = lastround.solve(g.view(JACK), _legal(g), None)
    assert solved is not None and solved.forced

    def sure(h: PocketGame) -> bool:
        if h.outcome is not None:
            return h.outcome.winner == JACK
        if h.unresolved:
            r = h.clone()
            r.resolve()
            return sure(r)
        outs = []
        for a in h.legal_actions():
            every_card = True  # an alibi: whichever card it draws
            for card in h.undrawn() if str(a) == "A" else [None]:
                k = h.with_next_card(card) if card is not None else h.clone()
                k.apply(a)
                every_card = every_card and sure(k)
            outs.append(every_card)
        return any(outs) if h.to_act == JACK else all(outs)

    after = g.clone()
    after.play(solved.actions[0], JACK)
    assert sure(after)
