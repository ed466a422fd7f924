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
  investigator's tokens can do to him: caught (alone on his side of the
  call), then seen, then the fewest suspects kept with him.

Pure and from the view alone: walls, detectives and suspects as a few
integers (the lines of sight from `playout.SIGHT`, the same rule as
`sight.py`), a small search with bounds and a table of the positions
already valued.  The alibi moves no line of sight: in the search it is a
pass (what its card may clear is the alibi hint's business).  The work is
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
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import (
    ALIBI,
    CHARACTER_INDEX,
    DIRECTIONS,
    EXCHANGE,
    HOLMES,
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

# With the whole round ahead (four tokens), the actions looked at by the
# steps after the current one (the most promising by the board they leave):
# the next answer, the one after it; the last token looks at all its own.
WIDTHS = (None, 8, 4)
CACHE = 16  # gradings kept (a decision's token, its targets, a few back)
BIG = 1 << 20
EXACT, LOWER, UPPER = 0, 1, 2  # a value in the table: exact, at least, at most

# A position in the search: walls by square (NO_WALL: Lane's crossroads),
# the suspects' squares, Jack's square (-1: unknown), the detectives, the
# squares whose tile was rotated this round.
State = tuple[tuple[int, ...], int, int, tuple[int, int, int], int]

_MOVE_DETECTIVE = {HOLMES: 0, WATSON: 1, TOBY: 2}


@dataclass(frozen=True, slots=True)
class Call:
    """A witness call, made now or at the end of a line: the suspects seen
    and unseen; `jack`: on Jack's own view, whether he is seen (None where
    the view does not know who he is).  The hints' split (`hints.Split`)."""

    seen: int
    unseen: int
    jack: bool | None = None

    @property
    def least(self) -> int:
        """What a call clears at least, whichever way it goes."""
        return min(self.seen, self.unseen)

    @property
    def kept(self) -> int:
        """On Jack's own view: the suspects left after a call, Jack included."""
        return self.seen if self.jack else self.unseen

    @property
    def caught(self) -> bool:
        return self.jack is not None and self.kept <= 1

    def words(self) -> str:
        return f"{self.seen} seen, {self.unseen} unseen"


@dataclass(frozen=True, slots=True)
class Graded:
    """An action graded to the call: its value for the side at the
    keyboard (greater is better), the line both sides play from it (this
    action first; each step (side, action)) and the call it ends on."""

    action: Action
    value: int
    line: tuple[tuple[str, Action], ...]
    call: Call


def value_of(call: Call) -> int:
    """A call's worth to the side whose view it is read from: the
    investigator's, the suspects cleared at least; Jack's, not caught, then
    unseen, then the suspects kept."""
    if call.jack is None:
        return call.seen if call.seen + call.unseen == 1 else call.least
    return (0 if call.caught else 1000) + (0 if call.jack else 100) + call.kept


# -- the position ------------------------------------------------------------------


def start(view: PocketView) -> tuple[State, tuple[str, ...]]:
    """The position of `view` in the search's form, and the faces of the
    tokens not yet played this round (by token)."""
    walls = tuple(NO_WALL if t.open_crossroads else DIRECTIONS.index(t.wall) for t in view.tiles)
    sus = sum(1 << sq for sq, t in enumerate(view.tiles) if not t.cleared)
    me = view.jack.identity if view.jack is not None else None
    jsq = next((sq for sq, t in enumerate(view.tiles) if t.character == me), -1)
    rotated = {CHARACTER_INDEX[c] for c in view.rotated_this_round}
    rot = sum(1 << sq for sq, t in enumerate(view.tiles) if t.index in rotated)
    faces = tuple(t.up if not t.used else "" for t in view.tokens)
    return (walls, sus, jsq, tuple(view.detectives), rot), faces  # type: ignore[return-value]


def call_of(state: State) -> Call:
    walls, sus, jsq, dets, _ = state
    seen = 0
    for p in dets:
        a, b, c, table = SIGHT[p]
        seen |= table[walls[a] * 25 + walls[b] * 5 + walls[c]]
    n = sus.bit_count()
    s = (seen & sus).bit_count()
    return Call(s, n - s, None if jsq < 0 else bool(seen >> jsq & 1))


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
        walls, _, _, _, rot = state
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
    walls, sus, jsq, dets, rot = state
    if isinstance(action, Move):
        d = list(dets)
        d[action.detective] = step_clockwise(d[action.detective], action.steps)
        return walls, sus, jsq, (d[0], d[1], d[2]), rot
    if isinstance(action, Joker):
        if action.detective is None:
            return state
        d = list(dets)
        d[action.detective] = step_clockwise(d[action.detective], 1)
        return walls, sus, jsq, (d[0], d[1], d[2]), rot
    if isinstance(action, Rotate):
        sq = action.square
        if walls[sq] == NO_WALL:
            return walls, sus, jsq, dets, rot | 1 << sq
        w = list(walls)
        w[sq] = action.wall
        return tuple(w), sus, jsq, dets, rot | 1 << sq
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
        )
    return state  # the alibi moves no line of sight


def _swap(mask: int, a: int, b: int) -> int:
    x, y = mask >> a & 1, mask >> b & 1
    if x == y:
        return mask
    return mask ^ (1 << a | 1 << b)


# -- the search ----------------------------------------------------------------------


class Search:
    """Minimax with bounds over the rest of a round, for `side`'s values."""

    def __init__(self, side: str, order: tuple[str, ...]) -> None:
        self.side = side
        self.order = order  # who plays each of the steps left, the current one first
        self.widths = WIDTHS if len(order) >= 4 else ()
        self.work = 0
        self.table: dict[tuple[State, tuple[str, ...]], tuple[int, int]] = {}

    def leaf(self, state: State) -> int:
        """`value_of(call_of(state))`, inline: the search's hot path."""
        self.work += 1
        walls, sus, jsq, dets, _ = state
        seen = 0
        for p in dets:
            a, b, c, table = SIGHT[p]
            seen |= table[walls[a] * 25 + walls[b] * 5 + walls[c]]
        n = sus.bit_count()
        s = (seen & sus).bit_count()
        if jsq < 0:  # every Jack: the least cleared; one suspect left (the race): seen
            return s if n == 1 or s < n - s else n - s
        if seen >> jsq & 1:
            return (1000 if s > 1 else 0) + s
        return (1000 if n - s > 1 else 0) + 100 + n - s

    def children(self, state: State, faces: tuple[str, ...], depth: int) -> list:
        """(action, next state, faces left) for the mover at `depth` steps
        ahead, each position once; past the next step with the whole round
        ahead, the most promising `width` only."""
        mover = self.order[depth]
        seen: set[State] = set()
        out = []
        for t, face in enumerate(faces):
            if not face or face in faces[:t]:
                continue
            rest = (*faces[:t], "", *faces[t + 1 :])
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
        return out

    def value(self, state: State, faces: tuple[str, ...], depth: int, lo: int, hi: int) -> int:
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
        best = -BIG if maximize else BIG
        a, b = lo, hi
        for _, after, rest in self.children(state, faces, depth):
            v = self.value(after, rest, depth + 1, a, b)
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

    def exact(self, state: State, faces: tuple[str, ...], depth: int) -> int:
        return self.value(state, faces, depth, -BIG, BIG)

    def line(
        self, state: State, faces: tuple[str, ...], depth: int
    ) -> tuple[tuple[tuple[str, Action], ...], State]:
        """The line both sides play from here (each its best, the first
        among equals) and the position at the call."""
        out: list[tuple[str, Action]] = []
        while depth < len(self.order):
            target = self.exact(state, faces, depth)
            for action, after, rest in self.children(state, faces, depth):
                if self.exact(after, rest, depth + 1) == target:
                    out.append((self.order[depth], action))
                    state, faces = after, rest
                    break
            depth += 1
        return tuple(out), state


class Grading:
    """The actions of one decision, graded to the call on demand (each
    once), with one table of the positions valued: `work` counts the
    positions valued at the call so far."""

    def __init__(self, view: PocketView, side: str) -> None:
        state, faces = start(view)
        if side != JACK or view.jack is None:
            state = (state[0], state[1], -1, state[3], state[4])
        self.side = side
        self.state, self.faces = state, faces
        self.order = TURN_ORDER[view.round % 2][view.step :]
        self.search = Search(side, self.order)
        self.legal = legal(view)
        self._graded: dict[Action, Graded] = {}
        self._best: dict[tuple[str | None, bool], Graded | None] = {}

    @property
    def work(self) -> int:
        return self.search.work

    def _after(self, action: Action) -> tuple[State, tuple[str, ...]]:
        token = self.faces.index(action.face)
        return apply(self.state, action), (*self.faces[:token], "", *self.faces[token + 1 :])

    def value(self, action: Action) -> int:
        """`action`'s value alone (no line): the teaching players' grading
        of every legal action (`players/teaching.py`)."""
        found = self._graded.get(action)
        if found is not None:
            return found.value
        after, rest = self._after(action)
        return self.search.exact(after, rest, 1)

    def of(self, action: Action) -> Graded:
        """`action` (a legal one) graded: its value, its line, its call."""
        found = self._graded.get(action)
        if found is None:
            after, rest = self._after(action)
            value = self.search.exact(after, rest, 1)
            line, end = self.search.line(after, rest, 1)
            found = Graded(action, value, ((self.order[0], action), *line), call_of(end))
            self._graded[action] = found
        return found

    def best(self, face: str | None = None, *, alibi: bool = False) -> Graded | None:
        """The best action (of `face`), the alibi left out unless `alibi`
        (it moves no line of sight): the search's bounds rule out the
        others without valuing each exactly.  Among equals, the first."""
        key = (face, alibi)
        if key in self._best:
            return self._best[key]
        pool = [
            a for a in self.legal if (face is None or a.face == face) and (alibi or a.face != ALIBI)
        ]
        top: Action | None = None
        floor = -BIG
        for action in pool:
            after, rest = self._after(action)
            v = self.search.value(after, rest, 1, floor, BIG)
            if v > floor:  # above the window's floor: exact
                top, floor = action, v
        found = None if top is None else self.of(top)
        self._best[key] = found
        return found


def key_of(view: PocketView, side: str) -> tuple:
    me = view.jack.identity if side == JACK and view.jack is not None else None
    return (
        side,
        view.round,
        view.step,
        view.tiles,
        view.detectives,
        view.tokens,
        view.rotated_this_round,
        me,
    )


_CACHE: OrderedDict[tuple, Grading] = OrderedDict()


def grade(view: PocketView, side: str) -> Grading:
    """The decision of the side to act, to be graded to the round's call
    from `view` alone (on Jack's view with his identity; on any other, over
    every Jack).  Kept per decision."""
    key = key_of(view, side)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    grading = Grading(view, side)
    _CACHE[key] = grading
    while len(_CACHE) > CACHE:
        _CACHE.popitem(last=False)
    return grading
