"""Random games played to their end, fast: the playout path of the rules.

A playout plays the same game the engine plays (`PocketGame`: `apply`,
`resolve`) when each action is drawn as `selfplay.play_randomly` draws it —
`chance.below(len(legal_actions()))`, the same draws from the same source —
but it checks nothing (every action it plays is legal by construction), it
builds no legal list (it counts the actions and decodes the one drawn),
keeps no history, log or view, and reads lines of sight from tables
(`pocket/sight.py`'s rule, tabled for every wall on a line).  Its state is
a handful of integers and three short lists, copied from a game (`start`)
or drawn for a new one (`random_setup`: the rulebook's setup, P3, from one
draw of random bits instead of ~60).  `tests/test_pocket_playout.py` plays
thousands of games both ways and requires the same actions and the same
end.

Actions are numbered by their place in `actions.ALL_ACTIONS`: the moves,
the jokers, the rotations (square by square, each wall), the exchanges and
the alibi.  Pure Python reaches the issue's 2x (about 3x, `whitechapel
bench`), so nothing is compiled; the module stays plain ints and lists,
typed, should mypyc ever be wanted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from whitechapel.core.game import Outcome
from whitechapel.pocket import end
from whitechapel.pocket.actions import ALL_ACTIONS
from whitechapel.pocket.legal import actions_for, open_tokens
from whitechapel.pocket.pieces import (
    HOURGLASSES,
    JACK,
    LANE,
    POSITION_LINES,
    ROTATION,
    SIDES,
    START_POSITIONS,
    TOKENS,
    TURN_ORDER,
)
from whitechapel.pocket.setup import Setup

if TYPE_CHECKING:
    from whitechapel.pocket.game import PocketGame

NO_WALL: Final = 4  # a line's table reads Joseph Lane's empty crossroads as wall 4

Bits = Callable[[int], int]  # random.Random.getrandbits

# -- tables -------------------------------------------------------------------

_CODE = {a: i for i, a in enumerate(ALL_ACTIONS)}
MOVE_END: Final = 6  # codes 0..5: detective code // 2 moves code % 2 + 1
JOKER_END: Final = 10  # 6..8: a detective moves one step; 9: nobody
ROTATE_END: Final = 46  # 10..45: square (code - 10) // 4 turns to wall (code - 10) % 4
EXCHANGE_END: Final = 82  # 46..81: two squares change places; 82: the alibi


def _static_tables() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[int]]:
    """By faces | used << 4 and the side (index 2 * key + side, Jack 0):
    the codes of the actions other than rotations in the engine's order,
    the bit of the token each plays; by key, the Rotation token's bit (0:
    none open)."""
    codes: list[tuple[int, ...]] = []
    tokens: list[tuple[int, ...]] = []
    rotation: list[int] = []
    for key in range(256):
        faces, used = key & 15, key >> 4
        open_ = open_tokens(faces, used)
        rotation.append(1 << open_[ROTATION] if ROTATION in open_ else 0)
        for side in SIDES:
            static = [a for a in actions_for(side, faces, used, [], [], 0)]
            codes.append(tuple(_CODE[a] for a in static))
            tokens.append(tuple(1 << open_[a.face] for a in static))
    return codes, tokens, rotation


STATIC_CODES, STATIC_TOKENS, ROTATION_TOKEN = _static_tables()
# By faces | used << 4: each static action's token bit, by code (0: not open).
TOKEN_OF: Final = tuple(
    tuple(
        dict(
            pair
            for side in (0, 1)
            for pair in zip(
                STATIC_CODES[2 * key + side], STATIC_TOKENS[2 * key + side], strict=True
            )
        ).get(code, 0)
        for code in range(len(ALL_ACTIONS))
    )
    for key in range(256)
)
# P5: the walls a rotation may turn a tile to, in the engine's order (the others).
OTHER_WALLS: Final = tuple(tuple(w for w in range(4) if w != old) for old in range(4))
# The n-th square (0..8) whose bit is clear in a mask of rotated squares.
NTH_FREE: Final = tuple(tuple(sq for sq in range(9) if not mask >> sq & 1) for mask in range(512))
EXCHANGES: Final = tuple((a, b) for a in range(9) for b in range(a + 1, 9))
STEP: Final = tuple(tuple((p - 1 + s) % 12 + 1 for s in range(3)) for p in range(13))
BITS: Final = tuple(max(0, (n - 1).bit_length()) for n in range(128))  # Chance.below's
JACK_ACTS: Final = tuple(tuple(side == JACK for side in TURN_ORDER[parity]) for parity in (0, 1))


def _sight_tables() -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Per position 0..12 (0 unused): the squares it looks along, nearest
    first, and the seen squares for each of their walls (0..3, 4 none:
    index 25 * first + 5 * second + third), by P6."""
    out: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    for p in range(1, 13):
        squares, facing, far = POSITION_LINES[p]
        seen = []
        for code in range(125):
            walls = (code // 25, code // 5 % 5, code % 5)
            mask = 0
            for sq, w in zip(squares, walls, strict=True):
                if w == facing:
                    break
                mask |= 1 << sq
                if w == far:
                    break
            seen.append(mask)
        out.append((squares[0], squares[1], squares[2], tuple(seen)))
    return tuple(out)


SIGHT: Final = _sight_tables()


def seen_squares(walls: Sequence[int], d0: int, d1: int, d2: int) -> int:
    """The squares the detectives on positions d0, d1, d2 see (P6); `walls`
    with Joseph Lane's empty crossroads as `NO_WALL`."""
    mask = 0
    for p in (d0, d1, d2):
        a, b, c, seen = SIGHT[p]
        mask |= seen[walls[a] * 25 + walls[b] * 5 + walls[c]]
    return mask


def seen_at_call(
    tiles: Sequence[int], walls: Sequence[int], dets: Sequence[int], cleared: int
) -> int:
    """The squares the detectives see at a witness call (P6, P7): Joseph
    Lane's crossroads has no wall once he is cleared."""
    if cleared >> LANE & 1:
        walls = list(walls)
        walls[tiles.index(LANE)] = NO_WALL
    return seen_squares(walls, dets[0], dets[1], dets[2])


# -- the state ---------------------------------------------------------------


class Position:
    """A game's state in the playout's form: copied from a game (`start`) or
    a setup, and played on by `run` (which changes it)."""

    __slots__ = (
        "cleared",
        "deck",
        "deck_pos",
        "dets",
        "faces",
        "glasses",
        "jack",
        "race_round",
        "rnd",
        "rotated",
        "step",
        "throws",
        "tiles",
        "used",
        "walls",
    )

    def __init__(
        self,
        tiles: list[int],
        walls: list[int],
        dets: list[int],
        jack: int,
        deck: Sequence[int],
        throws: Sequence[int],
    ) -> None:
        self.tiles = tiles  # the character on each square
        self.walls = walls  # each square's wall, 0..3 (Joseph Lane's kept when cleared)
        self.dets = dets  # Holmes, Watson, Toby: positions 1..12
        self.jack = jack
        self.deck = deck  # every card, top first; deck_pos: the next to draw
        self.throws = throws  # rounds 1, 3, 5, 7: a bit per token, 1 its back face
        self.cleared = 0  # a bit per character
        self.rnd = 1
        self.step = 0
        self.faces = throws[0]
        self.used = 0  # a bit per token played this round
        self.rotated = 0  # a bit per SQUARE whose tile was rotated this round
        self.deck_pos = 0
        self.glasses = 0  # Jack's hourglasses: round tokens and his cards' (P8)
        self.race_round = 0

    def copy(self) -> Position:
        out = Position(
            self.tiles[:], self.walls[:], self.dets[:], self.jack, self.deck, self.throws
        )
        out.cleared, out.rnd, out.step = self.cleared, self.rnd, self.step
        out.faces, out.used, out.rotated = self.faces, self.used, self.rotated
        out.deck_pos, out.glasses, out.race_round = self.deck_pos, self.glasses, self.race_round
        return out


def throw_masks(throws: Sequence[Sequence[int]]) -> list[int]:
    return [sum(f << t for t, f in enumerate(th)) for th in throws]


def from_setup(setup: Setup) -> Position:
    """The position a setup starts from (its cleared suspects included)."""
    out = Position(
        list(setup.tiles),
        list(setup.walls),
        list(setup.detectives),
        setup.jack,
        setup.deck,
        throw_masks(setup.throws),
    )
    for c in setup.cleared:
        out.cleared |= 1 << c
    return out


# The squares whose walls P3 leaves to chance: not those next to the detectives.
FACING: Final = tuple(POSITION_LINES[p][0][0] for p in START_POSITIONS)
FREE_WALLS: Final = tuple(sq for sq in range(9) if sq not in FACING)
FACING_WALLS: Final = [
    next((POSITION_LINES[p][1] for p in START_POSITIONS if POSITION_LINES[p][0][0] == sq), 0)
    for sq in range(9)
]


def _draw(bits: Bits) -> tuple[list[int], list[int], int, list[int], list[int]]:
    """P3's setup from one uniform number: tiles, walls, Jack, deck and the
    throws of rounds 1, 3, 5 and 7 (a bit per token, 1 its back face)."""
    # 9! tile orders, 4^6 walls, 9 Jacks, 8! decks, 2^16 throws: below 2^65.
    size = 362880 * 4096 * 9 * 40320 * 65536
    r = bits(65)
    while r >= size:
        r = bits(65)
    tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    for i in range(8, 0, -1):  # Fisher-Yates, each index a digit of r
        r, j = divmod(r, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    walls = FACING_WALLS[:]
    for sq in FREE_WALLS:
        walls[sq] = r & 3
        r >>= 2
    r, jack = divmod(r, 9)
    deck = [c for c in range(9) if c != jack]
    for i in range(7, 0, -1):
        r, j = divmod(r, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tiles, walls, jack, deck, [r & 15, r >> 4 & 15, r >> 8 & 15, r >> 12 & 15]


def random_setup(bits: Bits) -> Setup:
    """P3's setup drawn from one uniform number (`bits`: the generator's
    `getrandbits`): the tiles and the deck shuffled, the walls turned at
    random but the three facing the detectives, Jack drawn, the tokens
    thrown for rounds 1, 3, 5 and 7.  Every setup `setup.random_setup` can
    draw, each as likely, from one draw of random bits instead of ~60 (not
    the same setup for a seed: records keep setups, never seeds)."""
    tiles, walls, jack, deck, throws = _draw(bits)
    thrown = tuple(tuple(m >> t & 1 for t in range(len(TOKENS))) for m in throws)
    return Setup(tuple(tiles), tuple(walls), jack, tuple(deck), thrown)


def random_position(bits: Bits) -> Position:
    """`from_setup(random_setup(bits))`, the same draw, without the Setup."""
    tiles, walls, jack, deck, throws = _draw(bits)
    return Position(tiles, walls, list(START_POSITIONS), jack, deck, throws)


# -- playing -----------------------------------------------------------------


def legal_codes(pos: Position) -> list[int]:
    """The codes of the actions the side to act may play, in the engine's
    order (`legal.actions_for`: the open tokens' actions, rotations last)."""
    key = pos.faces | pos.used << 4
    out = list(STATIC_CODES[key + key + (0 if JACK_ACTS[pos.rnd & 1][pos.step] else 1)])
    if ROTATION_TOKEN[key]:
        walls = pos.walls
        for sq in NTH_FREE[pos.rotated]:
            for w in OTHER_WALLS[walls[sq]]:
                out.append(JOKER_END + 4 * sq + w)
    return out


def jack_to_act(pos: Position) -> bool:
    return JACK_ACTS[pos.rnd & 1][pos.step]


def play(pos: Position, code: int) -> Outcome | None:
    """Play the action `code` (one of `legal_codes`: nothing is checked) for
    the side to act, and after a round's fourth action the witness call;
    the outcome if the game ends."""
    key = pos.faces | pos.used << 4
    if code < MOVE_END:
        d = code >> 1
        pos.dets[d] = STEP[pos.dets[d]][(code & 1) + 1]
    elif code < JOKER_END:
        if code < JOKER_END - 1:  # the last joker moves nobody (Jack's only)
            d = code - MOVE_END
            pos.dets[d] = STEP[pos.dets[d]][1]
    elif code < ROTATE_END:
        sq = (code - JOKER_END) >> 2
        pos.walls[sq] = (code - JOKER_END) & 3
        pos.rotated |= 1 << sq
        pos.used |= ROTATION_TOKEN[key]
        pos.step += 1
        return None if pos.step < 4 else witness(pos)
    elif code < EXCHANGE_END:
        x, y = EXCHANGES[code - ROTATE_END]
        tiles, walls = pos.tiles, pos.walls
        tiles[x], tiles[y] = tiles[y], tiles[x]
        walls[x], walls[y] = walls[y], walls[x]
        rotated = pos.rotated
        if (rotated >> x ^ rotated >> y) & 1:
            pos.rotated = rotated ^ (1 << x | 1 << y)  # a tile's mark goes with it
    else:  # the alibi: Jack keeps his card, the investigator's clears its suspect (P5)
        card = pos.deck[pos.deck_pos]
        pos.deck_pos += 1
        if JACK_ACTS[pos.rnd & 1][pos.step]:
            pos.glasses += HOURGLASSES[card]
        else:
            pos.cleared |= 1 << card
    pos.used |= TOKEN_OF[key][code]
    pos.step += 1
    return None if pos.step < 4 else witness(pos)


def witness(pos: Position) -> Outcome | None:
    """P7, due after a round's fourth action: clear the suspects, give the
    round's token; P8; the next round's tokens (P4).  The outcome if the
    game ends."""
    tiles, cleared = pos.tiles, pos.cleared
    seen_mask = seen_at_call(tiles, pos.walls, pos.dets, cleared)
    seen = seen_mask >> tiles.index(pos.jack) & 1
    to_clear = seen_mask ^ 511 if seen else seen_mask
    for sq in range(9):
        if to_clear >> sq & 1:
            cleared |= 1 << tiles[sq]
    pos.cleared = cleared
    if not seen:
        pos.glasses += 1
    suspects = 9 - cleared.bit_count()
    rnd = pos.rnd
    if pos.race_round or suspects < 2 or pos.glasses >= 6 or rnd >= 8:  # P8 may end it
        judged = end.judge(rnd, pos.race_round > 0, suspects, pos.glasses, seen == 1)
        if judged.race_begins:
            pos.race_round = rnd
        if judged.outcome is not None:
            return judged.outcome
    rnd += 1
    pos.rnd = rnd
    pos.step = pos.used = pos.rotated = 0
    pos.faces = pos.throws[rnd >> 1] if rnd & 1 else pos.faces ^ 15
    return None


def run(pos: Position, bits: Bits, record: list[int] | None = None) -> Outcome:
    """Play `pos` to the end (a witness call due first made), each action
    drawn as `selfplay.play_randomly` draws it: `Chance.below` of the number
    of legal actions, on `bits`, counted and decoded without the list.  The
    outcome; `pos` is left at the end, `record` (if given) gets each action's
    code.  `play`'s actions, inlined on local names (the hot loop of every
    search): a round's four actions, then `witness`."""
    tiles, walls, dets, deck = pos.tiles, pos.walls, pos.dets, pos.deck
    while True:
        step = pos.step
        if step == 4:
            outcome = witness(pos)
            if outcome is not None:
                return outcome
            step = 0
        rnd, faces, used, rotated = pos.rnd, pos.faces, pos.used, pos.rotated
        jack_acts_in = JACK_ACTS[rnd & 1]
        while step < 4:
            jack_acts = jack_acts_in[step]
            key = faces | used << 4
            index = key + key + (0 if jack_acts else 1)
            codes = STATIC_CODES[index]
            ns = len(codes)
            rot = ROTATION_TOKEN[key]
            n = ns + 3 * (9 - rotated.bit_count()) if rot else ns
            b = BITS[n]
            r = bits(b)
            while r >= n:
                r = bits(b)
            if r < ns:
                code = codes[r]
                used |= STATIC_TOKENS[index][r]
                if code < MOVE_END:
                    d = code >> 1
                    dets[d] = STEP[dets[d]][(code & 1) + 1]
                elif code < JOKER_END:
                    if code < JOKER_END - 1:  # the last joker moves nobody (Jack's only)
                        d = code - MOVE_END
                        dets[d] = STEP[dets[d]][1]
                elif code < EXCHANGE_END:  # an exchange: rotations are never static
                    # (its marks may stay: Exchange shares its token with a
                    # Rotation, so no rotation follows it this round, P2)
                    x, y = EXCHANGES[code - ROTATE_END]
                    tiles[x], tiles[y] = tiles[y], tiles[x]
                    walls[x], walls[y] = walls[y], walls[x]
                else:  # the alibi: Jack keeps his card, the investigator's clears (P5)
                    card = deck[pos.deck_pos]
                    pos.deck_pos += 1
                    if jack_acts:
                        pos.glasses += HOURGLASSES[card]
                    else:
                        pos.cleared |= 1 << card
            else:  # the rotations: three walls for each tile not rotated, square by square
                k = r - ns
                third = k // 3
                sq = NTH_FREE[rotated][third]
                w = OTHER_WALLS[walls[sq]][k - 3 * third]
                code = JOKER_END + 4 * sq + w
                walls[sq] = w
                rotated |= 1 << sq
                used |= rot
            if record is not None:
                record.append(code)
            step += 1
        pos.step, pos.used, pos.rotated = 4, used, rotated


def from_game(game: PocketGame) -> Position:
    """The position of `game` (its witness call may be due; not over)."""
    s = game.setup
    tiles = game.tiles[:]
    out = Position(tiles, game.walls[:], game.detectives[:], s.jack, s.deck, throw_masks(s.throws))
    out.cleared, out.rnd, out.step = game.cleared, game.round, game.step
    out.faces, out.used = game.faces, game.used
    out.rotated = sum(1 << sq for sq in range(9) if game.rotated >> tiles[sq] & 1)
    out.deck_pos, out.glasses = game.deck_pos, game.jack_hourglasses()
    out.race_round = game.race_round
    return out


def random_game(bits: Bits) -> Outcome:
    """A whole random game from a random setup (the bench's)."""
    return run(random_position(bits), bits)
