"""Hard Jack's puzzles (issue 29): positions where Jack's right move is known.

The UX tester beat hard Jack in four rounds with a swap a single Toby move
punished.  Each puzzle here is a round-7 position (P4: the investigator has
played the round's first action, Jack plays the next two, the investigator
the last) where Jack holds five hourglasses (P8: unseen at this witness
call, he has his sixth and wins) and few suspects are left (seen, he may
lose at once).  For each, the moves that win whatever the investigator and
the alibi cards do are known — worked out here by trying every line of the
round with the engine — and some other moves lose outright: the swap that
puts Jack where the last token's detective (Toby, Holmes) sees him, the
rotation that opens his street.  Hard Jack, given no time limit (budget 0:
the same decision every time, never the clock), must choose a winning move.
"""

from __future__ import annotations

import pytest

from pocket_positions import game, jump_to_round
from whitechapel.core import players
from whitechapel.pocket.actions import ALIBI_ACTION
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import JACK

# layout (a1 .. c3, `character:wall`), Jack, the suspects cleared, round 7's
# throw, the investigator's first action; the winning moves; a losing one.
PUZZLES = {
    "swap-punished-by-toby": (
        "gull:W stealthy:N lestrade:E smith:N bert:E madame:W pizer:E goodley:S lane:S",
        "pizer",
        ("lestrade", "goodley", "gull", "stealthy", "smith"),
        "HTXR",
        "Ra2E",
        {"H+1", "H+2", "T+1", "T+2", "Xb1a3", "Xc1a3", "Xb2a3", "Xc2a3", "Xa3b3", "Xa3c3"},
        "Xa1a3",
    ),
    "swap-punished-by-holmes-or-toby": (
        "gull:W bert:W lane:E stealthy:E smith:W lestrade:S pizer:E madame:S goodley:N",
        "pizer",
        ("madame", "lestrade", "stealthy", "bert"),
        "ATXR",
        "Ra1E",
        {"A", "T+1", "T+2", "Xb1a3", "Xc1a3", "Xa2a3", "Xb2a3", "Xc2a3", "Xa3b3", "Xa3c3"},
        "Xa1b2",
    ),
    "one-bad-swap-among-many": (
        "smith:W stealthy:W bert:E pizer:N gull:E lestrade:N goodley:N lane:S madame:W",
        "stealthy",
        ("madame", "lestrade", "goodley", "lane"),
        "HTXJ",
        "T+1",
        {"H+1", "H+2", "J:H", "J:W", "J:T", "J:-"}
        | {"Xa1b1", "Xb1c1", "Xb1a2", "Xb1c2", "Xb1a3", "Xb1c3"},
        "Xb2c2",
    ),
    "toby-or-the-right-rotation": (
        "smith:W goodley:N pizer:E stealthy:N bert:E lestrade:W madame:E lane:S gull:E",
        "madame",
        ("pizer", "gull", "stealthy", "bert"),
        "HTRR",
        "Rb3E",
        {"T+1", "T+2", "Ra3S", "Ra3W"},
        "Ra1N",
    ),
    "keep-the-street-shut": (
        "bert:W lane:S goodley:E gull:W madame:S pizer:N lestrade:N smith:S stealthy:E",
        "bert",
        ("madame", "lestrade", "goodley", "pizer", "gull", "lane"),
        "HTRR",
        "Rb3N",
        {"H+2", "T+1", "Ra1N", "Rc3W"},
        "Ra3E",
    ),
    "most-rotations-lose": (
        "smith:W pizer:E lane:E lestrade:W goodley:S madame:S bert:N gull:S stealthy:E",
        "pizer",
        ("lestrade", "goodley", "gull", "bert", "smith"),
        "ATXR",
        "Xa1b2",
        {"A", "T+1", "T+2", "Ra1E", "Ra1W", "Rb1W"},
        "Rb2N",
    ),
}


def position(layout, jack, cleared, throw, first) -> PocketGame:
    g = jump_to_round(
        game(layout, jack=jack, cleared=cleared, throws=("HWRR", "HWRR", "HWRR", throw)), 7, 5
    )
    assert g.jack_hourglasses() == 5 and g.to_act != JACK
    g.play(first, g.to_act)
    assert g.to_act == JACK and g.step == 1
    return g


def _after(g: PocketGame, action) -> list[PocketGame]:
    """The games an action may lead to: an alibi, one for each card left."""
    if action is ALIBI_ACTION:
        out = []
        for card in g.undrawn():
            h = g.with_next_card(card)
            h.apply(action)
            out.append(h)
        return out
    h = g.clone()
    h.apply(action)
    return [h]


def _sure(g: PocketGame) -> int:
    """What Jack can be sure of by the round's witness call (P7, P8), the
    investigator and the cards doing their worst: 1 a win, -1 a loss, 0 the
    game goes on."""
    if g.unresolved:
        h = g.clone()
        h.resolve()
        return 0 if h.outcome is None else (1 if h.outcome.winner == JACK else -1)
    values = [min(_sure(h) for h in _after(g, a)) for a in g.legal_actions()]
    return max(values) if g.to_act == JACK else min(values)


def _verdicts(g: PocketGame) -> dict[str, int]:
    return {str(a): min(_sure(h) for h in _after(g, a)) for a in g.legal_actions()}


@pytest.mark.parametrize("name", PUZZLES)
def test_each_puzzle_has_the_winning_moves_it_says_and_a_losing_one(name):
    layout, jack, cleared, throw, first, winning, losing = PUZZLES[name]
    verdicts = _verdicts(position(layout, jack, cleared, throw, first))
    assert {a for a, v in verdicts.items() if v == 1} == winning
    assert verdicts[losing] == -1


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", PUZZLES)
def test_hard_jack_finds_a_winning_move_p7_p8(name, seed):
    layout, jack, cleared, throw, first, winning, _ = PUZZLES[name]
    g = position(layout, jack, cleared, throw, first)
    view = g.view(JACK)
    player = players.new_player("pocket", "hard", JACK, seed)
    assert players.choose(player, "pocket", view, 0).action in winning


# A round-5 position from a game the previous hard Jack lost to `easy` (issue
# 30, setup seed 7001): Jack (Goodley) is to play his first of two actions.
# Holmes two steps (what it played, its random playouts' favourite among
# the actions the round search finds equal) leaves a board the easy
# investigator wins from every time; the joker moving Watson does not.
# Easy against easy from each move, 300 games on possible decks: Jack won
# 0 % after H+2 and 57 % after J:W; the test plays a few of them.
ROUND_FIVE_SETUP = {
    "tiles": [
        "a1:lane:W", "b1:madame:E", "c1:pizer:E", "a2:gull:N", "b2:bert:E",
        "c2:smith:N", "a3:goodley:S", "b3:stealthy:S", "c3:lestrade:N",
    ],
    "jack": "goodley",
    "alibi_deck": ["madame", "stealthy", "bert", "gull", "lane", "lestrade", "smith", "pizer"],
    "throws": ["ATXJ", "HTRJ", "HWXJ", "HWRJ"],
    "detectives": {"holmes": 12, "watson": 4, "toby": 8},
    "cleared": [],
}  # fmt: skip
ROUND_FIVE_MOVES = "Xa1b3 T+1 J:- A Ra2S W+2 Rb1N H+2 T+2 J:W Ra2W H+1 W+1 A Rc2E Xc2c3 Xa2c2"


def _round_five() -> PocketGame:
    from whitechapel.pocket.setup import Setup

    g = PocketGame(Setup.from_json(ROUND_FIVE_SETUP))
    for move in ROUND_FIVE_MOVES.split():
        g.play(move, g.to_act)
    assert g.round == 5 and g.to_act == JACK
    return g


def _easy_games(g: PocketGame, games: int) -> int:
    """Jack's wins, easy against easy, on possible decks and throws."""
    from whitechapel.core.chance import Chance
    from whitechapel.pocket import worlds
    from whitechapel.pocket.players.simple import EasyPlayer

    chance, won = Chance(1), 0
    for k in range(games):
        w = worlds.sample(g.view(JACK), chance)
        seats = {JACK: EasyPlayer(JACK, k), "investigator": EasyPlayer("investigator", k + 99)}
        while w.outcome is None:
            side = w.to_act
            w.play(seats[side].choose(w.view(side), [str(a) for a in w.legal_actions()]), side)
        won += w.outcome.winner == JACK
    return won


def test_the_round_five_move_easy_always_punishes_is_the_worse():
    after = {}
    for move in ("H+2", "J:W"):
        g = _round_five()
        g.play(move, JACK)
        after[move] = _easy_games(g, 20)
    assert after["H+2"] == 0 and after["J:W"] >= 5


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_jack_avoids_the_move_easy_always_punishes(seed):
    g = _round_five()
    view = g.view(JACK)
    legal = [str(a) for a in g.legal_actions()]
    assert "H+2" in legal
    choice = players.new_player("pocket", "hard", JACK, seed).choose(view, legal, 0)
    assert choice != "H+2"
