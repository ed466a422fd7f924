"""Playouts whose witness calls are played for: the round's last action
chosen by the side that plays it, the others at random (issue 30).

A random playout lets the investigator clear whatever his random moves
happen to show; a real one, even the easy level, turns the round's last
action to the board that splits the suspects most evenly, and a real Jack
plays his own last action to stay unseen.  Random games judge a Jack's
action by how it fares against a careless investigator, and so prefer the
wrong ones (`tests/test_pocket_jack_puzzles.py`).  Here every round's
fourth action — the investigator's in odd rounds, Jack's in even ones (P4)
— is the one whose witness call the table (`values.py`) finds best for its
side: the investigator's by the average over the suspects left (he does
not know Jack), Jack's for who he is; ties go to the first in the engine's
order.  An alibi card is judged by the board it leaves: neither side knows
the card it would draw.  The other three actions of each round are drawn
as `playout.run` draws them.

The same rules as `playout.play` (`playout.legal_codes`, `playout.play`):
this module only chooses.
"""

from __future__ import annotations

from whitechapel.core.game import Outcome
from whitechapel.pocket import playout
from whitechapel.pocket.players.values import GOAL, worth
from whitechapel.pocket.playout import (
    EXCHANGE_END,
    EXCHANGES,
    JOKER_END,
    MOVE_END,
    ROTATE_END,
    STEP,
    Bits,
    Position,
)


def _seen_after(pos: Position, code: int) -> tuple[int, list[int]]:
    """The squares seen at the witness call were `code` played now, and the
    tiles then (no change made to `pos`)."""
    tiles, walls, dets = pos.tiles, pos.walls, pos.dets
    if code < MOVE_END:
        d = code >> 1
        dets = dets[:]
        dets[d] = STEP[dets[d]][(code & 1) + 1]
    elif code < JOKER_END - 1:
        d = code - MOVE_END
        dets = dets[:]
        dets[d] = STEP[dets[d]][1]
    elif JOKER_END <= code < ROTATE_END:
        sq = (code - JOKER_END) >> 2
        walls = walls[:]
        walls[sq] = (code - JOKER_END) & 3
    elif ROTATE_END <= code < EXCHANGE_END:
        x, y = EXCHANGES[code - ROTATE_END]
        tiles, walls = tiles[:], walls[:]
        tiles[x], tiles[y] = tiles[y], tiles[x]
        walls[x], walls[y] = walls[y], walls[x]
    return playout.seen_at_call(tiles, walls, dets, pos.cleared), tiles


def score(pos: Position, code: int, jack: bool) -> float:
    """What the witness call after `code` is worth to the side playing it
    (the table's worth, `values.worth`): the investigator's on average over
    the suspects left (he does not know Jack), Jack's for himself."""
    cleared = pos.cleared
    n = 9 - cleared.bit_count()
    h = pos.glasses
    r = pos.rnd + 1
    race = pos.race_round > 0
    squares, tiles = _seen_after(pos, code)
    k = 0
    jack_seen = False
    for sq in range(9):
        if squares >> sq & 1:
            c = tiles[sq]
            if not cleared >> c & 1:
                k += 1
                jack_seen = jack_seen or c == pos.jack
    if_seen = 1.0 if k == 1 or race else worth(r, k, h, race)  # P8: seen in the race, caught
    if h + 1 >= GOAL and not race:  # P8: his sixth hourglass, and both goals a race
        if_unseen = worth(r, 1, h + 1, True) if n - k == 1 else 0.0
    else:
        if_unseen = worth(r, n - k, h + 1, race)
    if jack:
        return -(if_seen if jack_seen else if_unseen)
    return (k * if_seen + (n - k) * if_unseen) / n


def last_action(pos: Position, jack: bool) -> int:
    """The round's fourth action as its side plays it for the witness call
    (`score`): the first of the best in the engine's order."""
    best_code, best = -1, -2.0
    for code in playout.legal_codes(pos):
        value = score(pos, code, jack)
        if value > best + 1e-12:
            best_code, best = code, value
    return best_code


def run(pos: Position, bits: Bits) -> Outcome:
    """Play `pos` to the end (a witness call due first made): each round's
    last action by `last_action`, the others at random (`playout.run`'s
    draws).  `pos` is changed."""
    while True:
        if pos.step == 4:
            outcome = playout.witness(pos)
            if outcome is not None:
                return outcome
        if pos.step == 3:
            code = last_action(pos, playout.jack_to_act(pos))
        else:
            codes = playout.legal_codes(pos)
            n = len(codes)
            b = playout.BITS[n]
            i = bits(b)
            while i >= n:
                i = bits(b)
            code = codes[i]
        outcome = playout.play(pos, code)
        if outcome is not None:
            return outcome
