"""What a position between two rounds is worth: the investigator's chance to
win from the start of round `r` with `n` suspects left and Jack holding `h`
hourglasses (the search's leaves, `search.py`).

Two tables of the same shape.  `model_table()` is worked out from a model
of the game (each witness call splits the suspects in two halves, Jack is
seen as often as his half says, the alibi cards shared between the sides);
`LEARNT` is the share of games won from each such position in games
between the search players (`tools/pocket_values.py` writes it), the model
filling the positions those games seldom reached.
"""

from __future__ import annotations

from functools import cache

from whitechapel.pocket.players import learnt

ROUNDS = 8
GOAL = 6  # Jack's hourglasses (P8)


@cache
def _model(r: int, n: int, h: int, race: bool) -> float:
    """The investigator's chance from the start of round r (1..9: 9 is after
    the last) with n suspects and h hourglasses."""
    if r > ROUNDS:
        return 0.0  # P8: neither goal after round 8, or the race survived it
    if race:
        # Each later call sees Jack about half the time.
        p = 0.5
        return p + (1 - p) * _model(r + 1, n, h, True)
    if n <= 1:
        return 1.0
    if h >= GOAL:
        return 0.0
    seen = n // 2
    total = 0.0
    # Alibi cards: each pair of rounds one is drawn; either side takes it.
    for jack_card, p_card in ((1, 0.25), (0, 0.75)):
        h2 = h + jack_card
        for jack_seen, p in ((True, seen / n), (False, 1 - seen / n)):
            n2 = seen if jack_seen else n - seen
            h3 = h2 if jack_seen else h2 + 1
            inv, jack = n2 == 1, h3 >= GOAL
            if inv and jack:
                v = 1.0 if jack_seen else _model(r + 1, n2, h3, True)
            elif inv:
                v = 1.0
            elif jack:
                v = 0.0
            else:
                v = _model(r + 1, n2, h3, False)
            total += p_card * p * v
    return total


def model_table() -> dict[tuple[int, int, int, bool], float]:
    return {
        (r, n, h, race): _model(r, n, h, race)
        for r in range(1, ROUNDS + 2)
        for n in range(1, 10)
        for h in range(0, GOAL + 3)
        for race in (False, True)
    }


_MODEL = model_table()
TABLE: dict[tuple[int, int, int, bool], float] = {**_MODEL, **learnt.TABLE}


def worth(r: int, n: int, h: int, race: bool) -> float:
    """The investigator's chance from the start of round `r` (9: the game is
    over by time), `n` suspects, `h` hourglasses, in the race or not."""
    return TABLE[min(r, ROUNDS + 1), max(1, n), min(h, GOAL + 2), race]
