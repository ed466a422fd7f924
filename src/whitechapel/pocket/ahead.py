"""Looking ahead to the round's witness call, for the hints (issue 44,
"Learn by playing"): what an action is worth once the other side has
played the tokens it still has this round (P4), and the line that shows
it.

Play-tester PC followed a hint that graded an action by the board just
after it ("Best: unseen, 8 stay") and the investigator's last token (Toby)
saw him.  Here an action is graded by the rest of the round, both sides
playing the tokens left in the order of P4 (each choosing which of his
tokens to play), to the witness call (P7):

- for the investigator, the suspects a call clears at least (the smaller
  side of the split, P7) that he can make sure of whatever Jack answers:
  Jack's identity is not read, so every Jack is covered (the secrecy rule);
- for Jack (from his own view: he knows who he is), the worst the
  investigator's tokens can do to him: losing at the call (P8), then seen,
  then the fewest suspects kept with him.

Round 5 (testers PG and PH): the call is judged by P8 itself (`end.judge`,
from the view's round, race and Jack's hourglasses), so the last suspect
left unseen in the race, or with his sixth hourglass, is not "caught"; and
the alibi is no longer a pass.  It is a chance node over the cards it may
draw, from the side's own view (`Cards`): the investigator's card clears
the suspect it names (Lane's tile loses its wall), Jack's gives him its
hourglasses; each outcome weighed by the cards that give it, so that a
card that ends the game (the last other suspect cleared, the sixth
hourglass) weighs in the grade with its chance.

Pure and from the view alone: walls, detectives and suspects as a few
integers (the lines of sight from `playout.SIGHT`, the same rule as
`sight.py`), a small search with bounds and a table of the positions
already valued.  The work is
counted (`Grading.work`: positions valued at the call) and bounded: with
the whole round ahead (four tokens), the tokens after the next one look
only at their `WIDTH` most promising actions (by the board they leave).
A grading is kept per decision (`grade` caches the last few), so a
repaint costs nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from whitechapel.pocket.actions import (
    ALIBI_ACTION,
    EXCHANGES,
    JOKERS,
    MOVES,
    ROTATIONS,
    Action,
    Exchange,
    Joker,
    Move,
    Rotate,
)
from whitechapel.pocket.end import judge
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import (
    ALIBI,
    CHARACTER_INDEX,
    CHARACTERS,
    DIRECTIONS,
    EXCHANGE,
    HOLMES,
    INVESTIGATOR,
    JACK,
    JOKER,
    ROTATION,
    TOBY,
    TURN_ORDER,
    WATSON,
    step_clockwise,
)
from whitechapel.pocket.playout import NO_WALL, SIGHT
from whitechapel.pocket.views import PocketView

# A quick look-ahead (`exact=False`, the teaching player's): with the whole
# round ahead (four tokens), the actions looked at by the steps after the
# current one (the most promising by the board they leave): the next
# answer, the one after it; the last token looks at all its own.  The hints
# and the review look at every answer (`exact`, the default): a line they
# say holds "whatever he answers" must hold against all of them, and the
# whole round costs tens of milliseconds (docs/pocket.md, round 6).
WIDTHS = (None, 8, 4)
CACHE = 16  # gradings kept (a decision's token, its targets, a few back)
BIG = 1 << 20
TIE = 1e-6  # values closer than this are equal
EXACT, LOWER, UPPER = 0, 1, 2  # a value in the table: exact, at least, at most

# A position in the search: walls by square (NO_WALL: Lane's crossroads),
# the suspects' squares, Jack's square (-1: unknown), the detectives, the
# squares whose tile was rotated this round; then for the alibi's cards:
# the squares whose suspect's card may still be drawn, Lane's square (-1:
# cleared), and the hourglasses Jack drew this round.
State = tuple[tuple[int, ...], int, int, tuple[int, int, int], int, int, int, int]

# The values of a call's outcome (P8): a win and a loss for the side whose
# view it is, around the values of a game that goes on (`GOES_ON` plus a few
# hundred at most).
WIN, LOSS, GOES_ON = 3000, 0, 1000
CLEARED, GLASS = 6, 8  # the investigator's: a suspect cleared, an hourglass Jack drew
# The investigator's: the round's token to Jack at a call that sees nobody
# (so surely not him), between calls that clear as many (tester PR, round 9:
# "Best: turning a1: the call clears nobody" left Jack unseen, where turning
# b3 saw both and denied him the hourglass).  Below a suspect cleared: it
# only breaks that tie.
TOKEN = 1
UNSEEN, CARD = 100, 100  # Jack's: unseen at the call, an hourglass on his card

_MOVE_DETECTIVE = {HOLMES: 0, WATSON: 1, TOBY: 2}


RACE = "race"  # a call after which the game goes on as the race (P8)


@dataclass(frozen=True, slots=True)
class Call:
    """A witness call, made now or at the end of a line: the suspects seen
    and unseen; `jack`: on Jack's own view, whether he is seen (None where
    the view does not know who he is).  The hints' split (`hints.Split`).
    `if_seen`, `if_unseen`: what P8 makes of the call were Jack seen or
    not (the winner, `RACE` when the race begins or goes on, None when the
    game goes on); on Jack's view only his own branch is filled."""

    seen: int
    unseen: int
    jack: bool | None = None
    if_seen: str | None = None
    if_unseen: str | None = None

    @property
    def least(self) -> int:
        """What a call clears at least, whichever way it goes."""
        return min(self.seen, self.unseen)

    @property
    def kept(self) -> int:
        """On Jack's own view: the suspects left after a call, Jack included."""
        return self.seen if self.jack else self.unseen

    @property
    def end(self) -> str | None:
        """On Jack's own view: what P8 makes of this call (the winner,
        `RACE`, or None: the game goes on)."""
        if self.jack is None:
            return None
        return self.if_seen if self.jack else self.if_unseen

    @property
    def caught(self) -> bool:
        """On Jack's own view: the investigator wins at this call (P8).
        Alone on his side of the call but unseen with his sixth hourglass,
        or in the race, Jack is not caught."""
        return self.jack is not None and self.end == INVESTIGATOR

    @property
    def last(self) -> bool:
        """On Jack's own view: he is the last suspect after the call."""
        return self.jack is not None and self.kept <= 1

    def words(self) -> str:
        return f"{self.seen} seen, {self.unseen} unseen"


@dataclass(frozen=True, slots=True)
class Graded:
    """An action graded to the call: its value for the side at the
    keyboard (greater is better; an alibi's, its cards weighed), the line
    both sides play from it (this action first; each step (side, action);
    an alibi's card taken as its likeliest draw) and the call it ends on.
    `spoil`: where the line ends in a win, the chance that its card
    makes it less (tester PW, round 12: "you win" where Jack's alibi may
    bring his sixth hourglass and the race).
    `risk`: the chance that an alibi card in the line loses the game for
    the side at the call (the other side's, or its own); `drawer`: who
    draws that card (None: no alibi in the line)."""

    action: Action
    value: float
    line: tuple[tuple[str, Action], ...]
    call: Call
    risk: float = 0.0
    drawer: str | None = None
    spoil: float = 0.0  # where the line wins: the chance its card makes it less than a win


def value_of(call: Call) -> int:
    """A call's worth to the side whose view it is read from, without the
    end (P8): the investigator's, the suspects cleared at least; Jack's, not
    alone on his side, then unseen, then the suspects kept."""
    if call.jack is None:
        return call.seen if call.seen + call.unseen == 1 else call.least
    return (0 if call.kept <= 1 else 1000) + (0 if call.jack else 100) + call.kept


_JUDGED: dict[tuple[int, bool, int, int, bool], str | None] = {}


def ends(rnd: int, race: bool, suspects: int, hourglasses: int, seen: bool) -> str | None:
    """P8 after a call (`end.judge`, kept for the search): the winner,
    `RACE` when the race begins or goes on, or None."""
    key = (rnd, race, suspects, hourglasses, seen)
    found = _JUDGED.get(key, "")
    if found != "":
        return found
    judged = judge(rnd, race, suspects, hourglasses, seen)
    if judged.outcome is not None:
        out: str | None = judged.outcome.winner
    else:
        out = RACE if judged.race_begins or race else None
    _JUDGED[key] = out
    return out


@dataclass(frozen=True, slots=True)
class Odds:
    """What a call is judged by and what an alibi card may be, from the
    side's own view (P8, P9): the round, the race, Jack's hourglasses (his
    own on his view; on the investigator's, those in sight and each card
    face down as one), the suspects before the decision; the chance that
    the investigator's card names a given suspect still drawable, and the
    chances that Jack's card holds 0, 1, 2 hourglasses."""

    round: int
    race: bool
    hourglasses: int
    suspects: int
    names: float
    holds: tuple[float, float, float]


def most_on_cards(view: PocketView, cards: int) -> int:
    """On the investigator's view: the most hourglasses `cards` of Jack's
    face-down alibi cards can hold, every card the investigator has not
    seen counted as possible (P5, P9)."""
    shown = set(view.investigator_alibis)
    values = sorted((c.hourglasses for c in CHARACTERS if c.id not in shown), reverse=True)
    return sum(values[:cards])


def odds_of(view: PocketView, side: str) -> tuple[Odds, int]:
    """The odds for `side` on `view`, and the squares whose suspect's card
    may be the investigator's next draw."""
    live = {t.character for t in view.tiles if not t.cleared}
    shown = set(view.investigator_alibis)
    square = {t.character: sq for sq, t in enumerate(view.tiles)}
    n = len(live)
    if side == JACK and view.jack is not None:
        mine = view.jack
        deck = [c for c in CHARACTERS if c.id not in {mine.identity, *mine.alibis, *shown}]
        glasses = mine.hourglasses
        size = max(len(deck), 1)
        names = 1 / size
        drawable = {c.id for c in deck} & live
    else:
        # the investigator's: any card he has not shown, but Jack's own
        deck = [c for c in CHARACTERS if c.id not in shown]
        glasses = view.known_hourglasses + view.jack_alibi_count
        size = max(len(deck) - 1, 1)
        names = (n - 1) / (n * size) if n else 0.0  # a suspect, were he not Jack
        drawable = live
    counts = [sum(1 for c in deck if c.hourglasses == k) for k in range(3)]
    total = sum(counts) or 1
    holds = (counts[0] / total, counts[1] / total, counts[2] / total)
    mask = sum(1 << square[c] for c in drawable)
    return Odds(view.round, view.race, glasses, n, names, holds), mask


# -- the position ------------------------------------------------------------------


def start(view: PocketView, drawable: int = 0) -> tuple[State, tuple[str, ...]]:
    """The position of `view` in the search's form, and the faces of the
    tokens not yet played this round (by token)."""
    walls = tuple(NO_WALL if t.open_crossroads else DIRECTIONS.index(t.wall) for t in view.tiles)
    sus = sum(1 << sq for sq, t in enumerate(view.tiles) if not t.cleared)
    me = view.jack.identity if view.jack is not None else None
    jsq = next((sq for sq, t in enumerate(view.tiles) if t.character == me), -1)
    rotated = {CHARACTER_INDEX[c] for c in view.rotated_this_round}
    rot = sum(1 << sq for sq, t in enumerate(view.tiles) if t.index in rotated)
    lane = next(
        (sq for sq, t in enumerate(view.tiles) if t.character == "lane" and not t.cleared), -1
    )
    faces = tuple(t.up if not t.used else "" for t in view.tokens)
    state = (walls, sus, jsq, tuple(view.detectives), rot, drawable, lane, 0)
    return state, faces  # type: ignore[return-value]


def seen_of(state: State) -> int:
    walls, _, _, dets = state[0], state[1], state[2], state[3]
    seen = 0
    for p in dets:
        a, b, c, table = SIGHT[p]
        seen |= table[walls[a] * 25 + walls[b] * 5 + walls[c]]
    return seen


def call_of(state: State, odds: Odds | None = None) -> Call:
    sus, jsq, gain = state[1], state[2], state[7]
    seen = seen_of(state)
    n = sus.bit_count()
    s = (seen & sus).bit_count()
    jack = None if jsq < 0 else bool(seen >> jsq & 1)
    if odds is None:
        return Call(s, n - s, jack)
    h = odds.hourglasses + gain
    if_seen = ends(odds.round, odds.race, s, h, True) if s and jack is not False else None
    if_unseen = ends(odds.round, odds.race, n - s, h + 1, False) if n - s and not jack else None
    return Call(s, n - s, jack, if_seen, if_unseen)


def actions_of(state: State, face: str, side: str) -> tuple[Action, ...]:
    """The actions of a token of `face` for `side` (P5); on Lane's
    crossroads a single rotation stands for the three (none changes
    anything)."""
    if face in _MOVE_DETECTIVE:
        d = _MOVE_DETECTIVE[face]
        return MOVES[2 * d : 2 * d + 2]
    if face == JOKER:
        return JOKERS if side == JACK else JOKERS[:3]
    if face == EXCHANGE:
        return EXCHANGES
    if face == ROTATION:
        walls, rot = state[0], state[4]
        out: list[Action] = []
        for sq in range(9):
            if rot >> sq & 1:
                continue
            w = walls[sq]
            if w == NO_WALL:
                out.append(ROTATIONS[sq][0])
            else:
                out.extend(r for r in ROTATIONS[sq] if r.wall != w)
        return tuple(out)
    return (ALIBI_ACTION,)


def apply(state: State, action: Action) -> State:
    """The position after a move (the alibi's card is the search's chance
    node: here it changes nothing)."""
    walls, sus, jsq, dets, rot, draw, lane, gain = state
    if isinstance(action, Move):
        d = list(dets)
        d[action.detective] = step_clockwise(d[action.detective], action.steps)
        return walls, sus, jsq, (d[0], d[1], d[2]), rot, draw, lane, gain
    if isinstance(action, Joker):
        if action.detective is None:
            return state
        d = list(dets)
        d[action.detective] = step_clockwise(d[action.detective], 1)
        return walls, sus, jsq, (d[0], d[1], d[2]), rot, draw, lane, gain
    if isinstance(action, Rotate):
        sq = action.square
        if walls[sq] == NO_WALL:
            return walls, sus, jsq, dets, rot | 1 << sq, draw, lane, gain
        w = list(walls)
        w[sq] = action.wall
        return tuple(w), sus, jsq, dets, rot | 1 << sq, draw, lane, gain
    if isinstance(action, Exchange):
        a, b = action.first, action.second
        w = list(walls)
        w[a], w[b] = w[b], w[a]
        return (
            tuple(w),
            _swap(sus, a, b),
            b if jsq == a else a if jsq == b else jsq,
            dets,
            _swap(rot, a, b),
            _swap(draw, a, b),
            b if lane == a else a if lane == b else lane,
            gain,
        )
    return state


def played(faces: tuple[str, ...], token: int) -> tuple[str, ...]:
    """The faces of the tokens left once `token` is played (its face "")."""
    return (*faces[:token], "", *faces[token + 1 :])


def draws(state: State, drawer: str, odds: Odds) -> list[tuple[float, State]]:
    """The alibi's card as a chance node (P5): the positions it may leave,
    each with its chance, the likeliest first.  The investigator's card
    clears the suspect it names (his tile turned over: Lane's loses its
    wall); Jack's adds its hourglasses to his."""
    walls, sus, jsq, dets, rot, draw, lane, gain = state
    if drawer == JACK and odds.race:
        # P8: in the race hourglasses no longer count (tester RD, round 29:
        # the hints valued keeping his card from Jack there)
        return [(1.0, state)]
    if drawer == JACK:
        out = [
            (p, (walls, sus, jsq, dets, rot, draw, lane, gain + k))
            for k, p in enumerate(odds.holds)
            if p > 0
        ]
    else:
        named = draw & sus
        out = []
        for sq in range(9):
            if named >> sq & 1:
                w = walls
                if sq == lane:
                    w = (*walls[:sq], NO_WALL, *walls[sq + 1 :])
                after = (w, sus & ~(1 << sq), jsq, dets, rot, draw & ~(1 << sq), lane, gain)
                out.append((odds.names, after))
        rest = 1 - odds.names * named.bit_count()
        if rest > 1e-9:
            out.append((rest, state))
    out.sort(key=lambda o: -o[0])
    return out


def _swap(mask: int, a: int, b: int) -> int:
    x, y = mask >> a & 1, mask >> b & 1
    if x == y:
        return mask
    return mask ^ (1 << a | 1 << b)


# -- the search ----------------------------------------------------------------------


class Search:
    """Minimax with bounds over the rest of a round, for `side`'s values;
    the alibi's card a chance node (its outcomes weighed, each searched in
    full)."""

    def __init__(
        self,
        side: str,
        order: tuple[str, ...],
        odds: Odds | None = None,
        card: int = CARD,
        exact: bool = True,
        floor: bool = False,
    ) -> None:
        self.side = side
        # each call valued in the counts the hints say, nothing else, an
        # alibi's card not counted (`Grading.floor_of`)
        self.floor = floor
        self.card = card  # Jack's value of an hourglass on his card (`CARD`)
        self.order = order  # who plays each of the steps left, the current one first
        self.odds = odds or Odds(1, False, 0, 9, 0.0, (0.0, 1.0, 0.0))
        self.widths = WIDTHS if len(order) >= 4 and not exact else ()
        self.work = 0
        self.table: dict[tuple[State, tuple[str, ...]], tuple[float, int]] = {}
        self.chances: dict[tuple[State, tuple[str, ...], str], float] = {}

    def leaf(self, state: State) -> float:
        """The call's value: P8's verdict (`ends`), else the suspects and
        hourglasses: the search's hot path."""
        self.work += 1
        walls, sus, jsq, dets, _, _, _, gain = state
        seen = 0
        for p in dets:
            a, b, c, table = SIGHT[p]
            seen |= table[walls[a] * 25 + walls[b] * 5 + walls[c]]
        n = sus.bit_count()
        s = (seen & sus).bit_count()
        if self.floor:
            if jsq < 0:
                return min(s, n - s)
            return s if seen >> jsq & 1 else UNSEEN + n - s
        if jsq < 0:  # every Jack: the worse of his two branches
            return min(self.branch(s, n, gain, True), self.branch(s, n, gain, False))
        o = self.odds
        h = o.hourglasses + gain
        if seen >> jsq & 1:
            end = ends(o.round, o.race, s, h, True)
            if end is None or end == RACE:
                return GOES_ON + self.card * gain + s
        else:
            end = ends(o.round, o.race, n - s, h + 1, False)
            if end is None or end == RACE:
                return GOES_ON + UNSEEN + self.card * gain + n - s
        return WIN if end == JACK else LOSS

    def branch(self, s: int, n: int, gain: int, seen: bool) -> float:
        """The investigator's value of a call with `s` of the `n` suspects
        seen, were Jack among the seen (`seen`) or the others (`BIG`: no
        suspect there, the branch does not happen)."""
        o = self.odds
        left = s if seen else n - s
        if not left:
            return float(BIG)
        end = ends(o.round, o.race, left, o.hourglasses + gain + (0 if seen else 1), seen)
        if end == INVESTIGATOR:
            return WIN
        if end == JACK:
            return LOSS
        v = GOES_ON + CLEARED * (o.suspects - left) - GLASS * gain
        return v - (TOKEN if not (seen or s) else 0)  # nobody seen: surely his

    def children(self, state: State, faces: tuple[str, ...], depth: int) -> list:
        """(action, next state, faces left) for the mover at `depth` steps
        ahead, each position once; past the next step with the whole round
        ahead, the most promising `width` only (the alibi always kept)."""
        mover = self.order[depth]
        out = []
        alibi = None
        for t, face in enumerate(faces):
            if not face or face in faces[:t]:
                continue
            rest = played(faces, t)
            # one position a token: the same board reached with another token
            # leaves other tokens to play (tester PM, round 7: the joker's
            # Holmes 2→3, Holmes's own step's twin, was never looked at, and
            # the hint said "whatever Jack answers … you win")
            seen: set[State] = set()
            if face == ALIBI:
                alibi = (ALIBI_ACTION, state, rest)
                continue
            for action in actions_of(state, face, mover):
                after = apply(state, action)
                if after in seen:
                    continue
                seen.add(after)
                out.append((action, after, rest))
        width = self.widths[depth] if depth < len(self.widths) else None
        if width is not None and len(out) > width:
            sign = 1 if mover == self.side else -1
            out.sort(key=lambda c: -sign * self.leaf(c[1]))
            out = out[:width]
        return out if alibi is None else [*out, alibi]

    def chance(self, state: State, faces: tuple[str, ...], depth: int) -> float:
        """An alibi played `depth` steps ahead (by `order[depth - 1]`): its
        cards' outcomes, each searched in full, weighed by their chance."""
        drawer = self.order[depth - 1]
        key = (state, faces, drawer)
        found = self.chances.get(key)
        if found is None:
            if self.floor:  # the card's suspect not counted (it never names Jack)
                found = self.value(state, faces, depth, -BIG, BIG)
            else:
                found = sum(
                    p * self.value(after, faces, depth, -BIG, BIG)
                    for p, after in draws(state, drawer, self.odds)
                )
            self.chances[key] = found
        return found

    def child(
        self, action: Action, after: State, rest: tuple[str, ...], depth: int, lo: float, hi: float
    ) -> float:
        """The value of a child `depth` steps ahead (a card's chance node
        after an alibi)."""
        if action.face == ALIBI:
            return self.chance(after, rest, depth)
        return self.value(after, rest, depth, lo, hi)

    def value(
        self, state: State, faces: tuple[str, ...], depth: int, lo: float, hi: float
    ) -> float:
        if depth == len(self.order):
            return self.leaf(state)
        key = (state, faces)
        known = self.table.get(key)
        if known is not None:
            v, flag = known
            if flag == EXACT or (flag == LOWER and v >= hi) or (flag == UPPER and v <= lo):
                return v
            if flag == LOWER:
                lo = max(lo, v)
            else:
                hi = min(hi, v)
        maximize = self.order[depth] == self.side
        best = float(-BIG if maximize else BIG)
        a, b = lo, hi
        for action, after, rest in self.children(state, faces, depth):
            v = self.child(action, after, rest, depth + 1, a, b)
            if maximize:
                if v > best:
                    best = v
                a = max(a, best)
            else:
                if v < best:
                    best = v
                b = min(b, best)
            if a >= b:
                break
        if best <= lo:
            self.table[key] = (best, UPPER)  # failed low: at most this
        elif best >= hi:
            self.table[key] = (best, LOWER)  # failed high: at least this
        else:
            self.table[key] = (best, EXACT)
        return best

    def exact(self, state: State, faces: tuple[str, ...], depth: int) -> float:
        return self.value(state, faces, depth, -BIG, BIG)

    def line(
        self,
        state: State,
        faces: tuple[str, ...],
        depth: int,
        drew: str | None = None,
        hope: Blind | None = None,
    ) -> tuple[tuple[tuple[str, Action], ...], State, float, str | None, float]:
        """The line both sides play from here (each its best, the first
        among equals; an alibi's card its likeliest), the position at the
        call, the chance that a card loses the game for `side`, who draws
        it, and (a line that wins) the chance that it makes that less.
        `drew`: an alibi was just played by that side (its card is drawn
        first).  `hope`: the investigator's own moves, among equals, the one
        that comes to most over every Jack (`Grading.hope_of`)."""
        out: list[tuple[str, Action]] = []
        risk = spoil = 0.0
        if drew is not None:
            state, risk, spoil = self._draw(state, faces, depth, drew)
        drawer = drew
        while depth < len(self.order):
            target = self.exact(state, faces, depth)
            mine = hope is not None and self.order[depth] == INVESTIGATOR
            equal = [
                (action, after, rest)
                for action, after, rest in self.children(state, faces, depth)
                if self.child(action, after, rest, depth + 1, -BIG, BIG) == target
            ]
            if equal:
                action, after, rest = equal[0]
                if mine and hope is not None and len(equal) > 1:
                    worth = [sum(hope.after(*e, depth + 1)) for e in equal]
                    action, after, rest = equal[worth.index(max(worth))]
                out.append((self.order[depth], action))
                state, faces = after, rest
                if action.face == ALIBI:
                    drawer = self.order[depth]
                    state, risk, spoil = self._draw(state, faces, depth + 1, drawer)
            depth += 1
        return tuple(out), state, risk, drawer, spoil

    def _draw(
        self, state: State, faces: tuple[str, ...], depth: int, drawer: str
    ) -> tuple[State, float, float]:
        """The card's likeliest outcome, the chance of those that lose the
        game for `side` whatever is played after them, and where the
        likeliest wins, the chance of those that do not."""
        outcomes = draws(state, drawer, self.odds)
        values = [self.exact(s, faces, depth) for _, s in outcomes]
        if self.floor:  # the card best for the side: the line shown comes to no less
            return outcomes[values.index(max(values))][1], 0.0, 0.0
        risk = sum(p for (p, _), v in zip(outcomes, values, strict=True) if v <= LOSS)
        spoil = 0.0
        if values[0] >= WIN:
            spoil = sum(p for (p, _), v in zip(outcomes, values, strict=True) if v < WIN)
        return outcomes[0][1], risk, spoil


class Blind:
    """The rest of a round for the investigator with Jack not known, each
    suspect's worth apart (a vector by square, the suspects of the root;
    `Grading.hope_of`): at Jack's turns each suspect answers as he would
    were he Jack (the least for the investigator, suspect by suspect); at
    the investigator's, one move for all of them, the one whose sum is
    most (he sees the board, not who Jack is); an alibi's card weighed
    suspect by suspect over the cards that may name someone else."""

    def __init__(self, search: Search, sus: int) -> None:
        self.search = search  # its moves and its values of a call
        self.squares = tuple(sq for sq in range(9) if sus >> sq & 1)
        self.table: dict[tuple[State, tuple[str, ...]], tuple[float, ...]] = {}

    def vector(self, state: State, faces: tuple[str, ...], depth: int) -> tuple[float, ...]:
        search = self.search
        if depth == len(search.order):
            search.work += 1
            sus, gain = state[1], state[7]
            seen = seen_of(state)
            n, s = sus.bit_count(), (seen & sus).bit_count()
            worth = (search.branch(s, n, gain, False), search.branch(s, n, gain, True))
            return tuple(worth[seen >> sq & 1] if sus >> sq & 1 else 0.0 for sq in self.squares)
        key = (state, faces)
        found = self.table.get(key)
        if found is not None:
            return found
        mine = search.order[depth] == INVESTIGATOR
        best: tuple[float, ...] | None = None
        for action, after, rest in search.children(state, faces, depth):
            v = self.after(action, after, rest, depth + 1)
            if best is None:
                best = v
            elif mine:
                if sum(v) > sum(best) + TIE:
                    best = v
            else:
                best = tuple(map(min, best, v))
        found = best if best is not None else self.vector(state, faces, len(search.order))
        self.table[key] = found
        return found

    def after(
        self, action: Action, after: State, rest: tuple[str, ...], depth: int
    ) -> tuple[float, ...]:
        """A child's vector (an alibi's: its cards, each suspect weighed over
        those that leave him in)."""
        if action.face != ALIBI:
            return self.vector(after, rest, depth)
        outcomes = draws(after, self.search.order[depth - 1], self.search.odds)
        worth = [0.0] * len(self.squares)
        weight = [0.0] * len(self.squares)
        for p, state in outcomes:
            v = self.vector(state, rest, depth)
            for i, sq in enumerate(self.squares):
                if state[1] >> sq & 1:
                    worth[i] += p * v[i]
                    weight[i] += p
        return tuple(w / t if t else 0.0 for w, t in zip(worth, weight, strict=True))


def seen_whatever(view: PocketView, action: Action) -> bool | None:
    """On Jack's own view: after `action` (his, legal), is he seen at the
    round's call whatever both sides play for the rest of the round?  None
    where the view does not know who he is.  The alibi's card is taken to
    change no line of sight (it never names Jack).  Jack's warning before
    he plays (`panels.exposed_line`; testers PQ and PR, round 9: a warning
    from the board as it stood, the actions still to come forgotten, called
    the best move dangerous)."""
    if view.jack is None:
        return None
    state, faces = start(view)
    order = TURN_ORDER[view.round % 2][view.step + 1 :]
    return _always_seen(apply(state, action), played(faces, faces.index(action.face)), order)


def _always_seen(state: State, faces: tuple[str, ...], order: tuple[str, ...]) -> bool:
    if not order:  # the call
        return bool(seen_of(state) >> state[2] & 1)
    for token, face in enumerate(faces):
        if not face or face in faces[:token]:  # two tokens of one face: the same answers
            continue
        rest = played(faces, token)
        for action in actions_of(state, face, order[0]):
            if not _always_seen(apply(state, action), rest, order[1:]):
                return False
    return True


class Grading:
    """The actions of one decision, graded to the call on demand (each
    once), with one table of the positions valued: `work` counts the
    positions valued at the call so far."""

    def __init__(self, view: PocketView, side: str, card: int = CARD, exact: bool = True) -> None:
        self.odds, drawable = odds_of(view, side)
        state, faces = start(view, drawable)
        if side != JACK or view.jack is None:
            state = (state[0], state[1], -1, *state[3:])
        self.side = side
        self.state, self.faces = state, faces
        self.order = TURN_ORDER[view.round % 2][view.step :]
        self.search = Search(side, self.order, self.odds, card, exact)
        self.exact = exact
        self.legal = legal(view)
        self._graded: dict[Action, Graded] = {}
        self._best: dict[tuple[str | None, bool], Graded | None] = {}
        self._hopes: dict[Action, float] = {}
        self._blind: Blind | None = None  # `hope_of`'s search
        self._values: dict[Action, float] = {}  # `value`'s, each once
        self._floors: Search | None = None

    @property
    def work(self) -> int:
        """Positions valued at the call so far, ties broken included."""
        hope = self._blind.search.work if self._blind else 0
        return self.search.work + hope + (self._floors.work if self._floors else 0)

    def floor_of(self, action: Action) -> int:
        """What the call comes to at worst after `action`, whatever the
        other side answers, in the counts the hints say (the tokens left
        played by both sides, an alibi's card taken to change no count):
        where Jack is not known, the fewest suspects it clears ("whatever
        Jack answers, at least N cleared"); on Jack's own view, unseen
        (`UNSEEN`) or not, then the fewest suspects left with him ("at worst
        seen, N left").  The line a grading shows is the other side's best
        answer by the whole value, where an hourglass on an alibi card
        weighs too, and may come to more: where it does, the grading shows
        the line of the answer that comes to this (tester QO, round 21:
        "whatever Jack answers, 3 seen / 6 not: at least 3 cleared", and
        his Watson and turn left one seen; QQ, round 22: "at worst seen, 4
        left", and Toby and the joker left 3, giving Jack the alibi)."""
        after, rest = self._after(action)
        return int(self._floor_search().child(action, after, rest, 1, -BIG, BIG))

    def _floor_of_call(self, call: Call) -> int:
        """A call in `floor_of`'s counts."""
        if self.state[2] < 0:
            return call.least
        return call.kept + (0 if call.jack else UNSEEN)

    def _floor_search(self) -> Search:
        if self._floors is None:
            self._floors = Search(self.side, self.order, self.odds, exact=True, floor=True)
        return self._floors

    def _after(self, action: Action) -> tuple[State, tuple[str, ...]]:
        return apply(self.state, action), played(self.faces, self.faces.index(action.face))

    def _value(self, action: Action, floor: float = -BIG) -> float:
        after, rest = self._after(action)
        return self.search.child(action, after, rest, 1, floor, BIG)

    def value(self, action: Action) -> float:
        """`action`'s value alone (no line): the teaching players' grading
        of every legal action (`players/teaching.py`)."""
        found = self._graded.get(action)
        if found is not None:
            return found.value
        value = self._values.get(action)
        if value is None:
            value = self._values[action] = self._value(action)
        return value

    def of(self, action: Action) -> Graded:
        """`action` (a legal one) graded: its value, its line, its call."""
        found = self._graded.get(action)
        if found is None:
            after, rest = self._after(action)
            value = self._value(action)
            drew = self.order[0] if action.face == ALIBI else None
            hope = self._hope() if self.state[2] < 0 and self.side == INVESTIGATOR else None
            line, end, risk, drawer, spoil = self.search.line(after, rest, 1, drew, hope)
            call = call_of(end, self.odds)
            plain = self.state[2] < 0 or call.end is None  # a call that ends says so itself
            floor = self.floor_of(action) if self.exact and line and plain else None
            if floor is not None and floor < self._floor_of_call(call):
                # the answer that comes to the floor, its card's chances unsaid
                line, end, _, drawer, _ = self._floor_search().line(after, rest, 1, drew)
                call, risk, spoil = call_of(end, self.odds), 0.0, 0.0
            found = Graded(
                action, value, ((self.order[0], action), *line), call, risk, drawer, spoil
            )
            self._graded[action] = found
        return found

    def best(self, face: str | None = None, *, alibi: bool = True) -> Graded | None:
        """The best action (of `face`; the alibi, its cards weighed, left
        out only when `alibi` is false): the search's bounds rule out the
        others without valuing each exactly.  Among equals, where Jack is
        not known, the one whose `hope_of` is most; then the first."""
        key = (face, alibi)
        if key in self._best:
            return self._best[key]
        pool = [
            a for a in self.legal if (face is None or a.face == face) and (alibi or a.face != ALIBI)
        ]
        top: Action | None = None
        floor = float(-BIG)
        for action in pool:
            v = self._value(action, floor)
            if v > floor:  # above the window's floor: exact
                top, floor = action, v
        if top is not None and self.state[2] < 0:
            top = self._hopeful(pool, top, floor)
        found = None if top is None else self.of(top)
        self._best[key] = found
        return found

    def _hopeful(self, pool: list[Action], top: Action, value: float) -> Action:
        """Of the actions in `pool` worth `value` (the best's), the one whose
        `hope_of` is most (the first among equals)."""
        tied = [a for a in pool if a == top or self._value(a, value - TIE) >= value - TIE / 2]
        if len(tied) < 2:
            return top
        best, hoped = top, float(-BIG)
        for action in tied:
            h = self.hope_of(action)
            if h > hoped + TIE:
                best, hoped = action, h
        return best

    def hope_of(self, action: Action) -> float:
        """Where Jack is not known: what `action` comes to summed over every
        suspect he may be, the rest of the round played as `Blind` says:
        Jack answering as the suspect he is, the investigator without
        knowing who (tester QY, round 26: valued at the better branch of
        each call, Jack's one answer standing for all of them, Holmes 1
        step, after which Jack's last turn hides whichever suspect he is,
        was worth as much as Holmes 2 steps, which wins if he is one of the
        two; PX, round 13: a turn that changed nothing was chosen over one
        that wins at once if Jack is one of two)."""
        found = self._hopes.get(action)
        if found is None:
            blind = self._hope()
            found = self._hopes[action] = sum(blind.after(action, *self._after(action), 1))
        return found

    def _hope(self) -> Blind:
        if self._blind is None:
            search = Search(self.side, self.order, self.odds, self.search.card, self.exact)
            self._blind = Blind(search, self.state[1])
        return self._blind


def key_of(view: PocketView, side: str, card: int = CARD, exact: bool = True) -> tuple:
    me = view.jack.identity if side == JACK and view.jack is not None else None
    return (
        side,
        card,
        exact,
        view.round,
        view.step,
        view.tiles,
        view.detectives,
        view.tokens,
        view.rotated_this_round,
        me,
    )


_CACHE: OrderedDict[tuple, Grading] = OrderedDict()


def grade(view: PocketView, side: str, card: int = CARD, exact: bool = True) -> Grading:
    """The decision of the side to act, to be graded to the round's call
    from `view` alone (on Jack's view with his identity; on any other, over
    every Jack).  Kept per decision.  `card`: what an hourglass on Jack's
    card is worth to him beside the call (the hints' `CARD`; the teaching
    player's 0: its cards count only where they end the game); `exact`:
    every answer looked at (else the quick look-ahead, `WIDTHS`)."""
    key = key_of(view, side, card, exact)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    grading = Grading(view, side, card, exact)
    _CACHE[key] = grading
    while len(_CACHE) > CACHE:
        _CACHE.popitem(last=False)
    return grading
