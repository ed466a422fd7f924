"""One night's possible paths for Jack, counted exactly (the police
notebook's engine; `notebook.py` reads the facts from a view).

A *path* is what Jack writes in the night's row: the crime scene(s), then
the circle of each move (a coach writes two).  A path agrees with the night
when every move has the kind the track shows and is legal at that moment
(T1: a normal move to a Jack-adjacent circle not through a crossing a
policeman held *then*; a coach, two Jack-adjacent steps to two new circles,
ignoring policemen; an alley to another circle of a block's perimeter), and
with every check the police made (T3): a clue at X at some moment means X
was written by then, a search that found nothing at X means X was not, a
failed arrest on Y means Jack was not on Y then (a successful one that he
was).

Counting, not listing: a layer maps a *state* to the number of paths that
reach it after a number of moves.  Searches act on the whole path so far,
so a state is (circle, which clue circles the path has written); a clue
circle's bit is kept only until the moment its clue was found, where the
paths without it are dropped and the bit is forgotten.  A search that found
nothing at X forbids writing X up to that moment, which needs no bit.  A
coach is counted as two halves through the middle circle, less the paths
that come back to their start (the rule wants two new circles).

`NightPaths` can also be brought up to date from the layers of an earlier
computation when the night's facts only grew (new moves, new checks at the
latest moment): a check can only change the layers from the first move that
could write its circle, so only those are counted again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from whitechapel.lfw.map.board import Board
from whitechapel.lfw.rulebook import COACH, STEP

# Kinds of check: a clue found on the circle, a search that found nothing
# there, a failed arrest on the circles, a successful one.
CLUE, NOTHING, MISSED, CAUGHT = "clue", "nothing", "missed", "caught"

# A layer: the clue circles a path has written (as bits) -> its circle -> paths.
Layer = dict[int, dict[int, int]]


@dataclass(frozen=True)
class Check:
    """Something the police learnt at a moment (the number of Jack's moves
    made by then; 0 is right after the crime)."""

    moment: int
    kind: str
    circles: tuple[int, ...]


@dataclass(frozen=True)
class NightFacts:
    """Everything public about one night's path.  `starts` are the possible
    beginnings of the row (the crime scene; N3: both scenes in either
    order), `moves` each move's kind and the mask of the crossings the
    policemen held as it was made, `checks` the police's findings."""

    starts: tuple[tuple[int, ...], ...]
    moves: tuple[tuple[str, int], ...]
    checks: frozenset[Check]

    def deadlines(self) -> tuple[dict[int, int], dict[int, int]]:
        """Per clue circle, the first moment it had a clue (it must be
        written by then); per circle searched in vain, the last such moment
        (it must not be written until then)."""
        clue: dict[int, int] = {}
        nothing: dict[int, int] = {}
        for c in self.checks:
            if c.kind == CLUE:
                x = c.circles[0]
                clue[x] = min(clue.get(x, c.moment), c.moment)
            elif c.kind == NOTHING:
                x = c.circles[0]
                nothing[x] = max(nothing.get(x, c.moment), c.moment)
        return clue, nothing


class _Tables:
    """A board's moves, indexed once: each circle's bit, its Jack-adjacent
    circles, its alley destinations, normal moves per police mask, and
    distances where one normal move or one alley is one hop."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.bit = {c: 1 << i for i, c in enumerate(board.circles)}
        self.adjacent = {c: board.jack_adjacent(c) for c in board.circles}
        self.alley = {c: board.alley_destinations(c) for c in board.circles}
        self._steps: dict[tuple[int, int], tuple[int, ...]] = {}
        self._hops: dict[int, dict[int, int]] = {}

    def steps(self, circle: int, police: int) -> tuple[int, ...]:
        if not police:
            return self.adjacent[circle]
        key = (circle, police)
        found = self._steps.get(key)
        if found is None:
            if len(self._steps) > 200_000:
                self._steps.clear()
            found = self._steps[key] = tuple(self.board.jack_moves(circle, police))
        return found

    def hops(self, target: int) -> dict[int, int]:
        """Circle -> the fewest hops from it to `target` (absent: never)."""
        found = self._hops.get(target)
        if found is None:
            found = {target: 0}
            frontier = [target]
            while frontier:
                nxt = []
                for c in frontier:
                    d = found[c] + 1
                    for n in (*self.adjacent[c], *self.alley[c]):
                        if n not in found:
                            found[n] = d
                            nxt.append(n)
                frontier = nxt
            self._hops[target] = found
        return found


@lru_cache(maxsize=8)
def tables(board: Board) -> _Tables:
    return _Tables(board)


@lru_cache(maxsize=256)
def homeward_reach(board: Board, homes: tuple[int, ...], alleys: int) -> Mapping[int, int]:
    """Per circle, the fewest spaces of the move track from it to one of
    `homes` with the last move a normal one (T1: only a step onto the
    hideout announces it), using at most `alleys` alleys, policemen
    ignored (they move every turn).  A coach covers two spaces as two
    normal moves do, so it never shortens the way.  From a home itself it
    is a round trip; a circle from which no home can be reached is absent.

    The one search of the way home: the notebook's homeward map, the
    computer Jack's need and Jack's sheet all read it.  Searched backwards
    from the homes over states (circle, alleys still in hand): stepping
    back along a normal move keeps them, along an alley gives one back.
    The answer is shared (cached), to be read only."""
    tb = tables(board)
    best: dict[tuple[int, int], int] = {}
    # One space before home: a circle Jack-adjacent to it, with any alleys in hand.
    frontier = [(c, a) for h in homes for c in tb.adjacent[h] for a in range(alleys + 1)]
    spaces = 1
    while frontier:
        nxt = []
        for state in frontier:
            if state in best:
                continue
            best[state] = spaces
            c, a = state
            nxt += [(p, a) for p in tb.adjacent[c] if (p, a) not in best]
            if a < alleys:  # Jack came here by an alley: he had one more before it
                nxt += [(p, a + 1) for p in tb.alley[c] if (p, a + 1) not in best]
        frontier, spaces = nxt, spaces + 1
    return MappingProxyType({c: n for (c, a), n in best.items() if a == alleys})


class NightPaths:
    """The counted paths of one night: `layers[t]` after t moves and the
    checks of that moment; `written[t]` every circle some path wrote with
    move t (t = 0: the crime scenes)."""

    def __init__(self, board: Board, facts: NightFacts, earlier: NightPaths | None = None):
        self.board = board
        self.facts = facts
        self._t = tables(board)
        clue, nothing = facts.deadlines()
        self._clue, self._nothing = clue, nothing
        self._counts: dict[int, int] | None = None
        start = self._reuse(earlier) if earlier is not None else 0
        self.layers: list[Layer] = earlier.layers[:start] if earlier is not None else []
        self.written: list[frozenset[int]] = earlier.written[:start] if earlier is not None else []
        for t in range(start, len(facts.moves) + 1):
            self._layer(t)

    # -- reading -------------------------------------------------------------

    def counts(self) -> dict[int, int]:
        """Circle -> the number of paths ending there now (a new dict)."""
        if self._counts is None:
            out: dict[int, int] = {}
            for group in self.layers[-1].values():
                for circle, n in group.items():
                    out[circle] = out.get(circle, 0) + n
            self._counts = out
        return dict(self._counts)

    # -- counting ------------------------------------------------------------

    def _reuse(self, earlier: NightPaths) -> int:
        """How many of `earlier`'s layers still hold for these facts."""
        old, new = earlier.facts, self.facts
        if (
            earlier.board is not self.board
            or old.starts != new.starts
            or new.moves[: len(old.moves)] != old.moves
            or not old.checks <= new.checks
        ):
            return 0
        last = len(old.moves)
        redo = last + 1
        for check in new.checks - old.checks:
            if check.moment < last:
                return 0  # facts of the past cannot appear later: count afresh
            if check.kind in (MISSED, CAUGHT) and check.moment == last:
                redo = min(redo, last)
        # A clue circle needs its bit from the first move that wrote it; a
        # circle searched in vain until later is forbidden from its first write.
        for x, moment in self._clue.items():
            if earlier._clue.get(x) != moment:
                redo = min(redo, earlier._first_written(x), moment)
        for x, moment in self._nothing.items():
            if earlier._nothing.get(x) != moment:
                redo = min(redo, earlier._first_written(x))
        return redo

    def _first_written(self, circle: int) -> int:
        for t, seen in enumerate(self.written):
            if circle in seen:
                return t
        return len(self.written)

    def _layer(self, t: int) -> None:
        forbid = {x for x, moment in self._nothing.items() if moment >= t}
        # The clue circles whose writing still matters at move t, and their bits.
        track = {x: self._t.bit[x] for x, moment in self._clue.items() if moment >= t}
        layer: Layer = {}
        if t == 0:
            written: set[int] = set()
            for row in self.facts.starts:
                if any(c in forbid for c in row):
                    continue
                mask = 0
                for c in row:
                    mask |= track.get(c, 0)
                group = layer.setdefault(mask, {})
                group[row[-1]] = group.get(row[-1], 0) + 1
                written.update(row)
        else:
            how, police = self.facts.moves[t - 1]
            prev = self.layers[t - 1]
            if how == COACH:
                layer, written = self._coach(prev, forbid, track)
            else:
                tb = self._t
                moves = {}
                for group in prev.values():
                    for p in group:
                        if p not in moves:
                            moves[p] = tb.steps(p, police) if how == STEP else tb.alley[p]
                layer = self._spread(prev, moves, forbid, track)
                written = {c for group in layer.values() for c in group}
        self.layers.append(self._check(layer, t))
        self.written.append(frozenset(written))

    @staticmethod
    def _spread(
        prev: Layer, moves: dict[int, tuple[int, ...]], forbid: set[int], track: dict[int, int]
    ) -> Layer:
        """Every path of `prev` one move further, to the circles `moves`
        gives each circle, never writing a forbidden one."""
        plain: dict[int, tuple[int, ...]] = {}
        marked: dict[int, tuple[tuple[int, int], ...]] = {}
        special = forbid | track.keys()
        for p, targets in moves.items():
            if special.isdisjoint(targets):
                plain[p], marked[p] = targets, ()
            else:
                plain[p] = tuple(q for q in targets if q not in special)
                marked[p] = tuple((q, track[q]) for q in targets if q in track and q not in forbid)
        out: Layer = {}
        for mask, group in prev.items():
            o = out.setdefault(mask, {})
            for p, n in group.items():
                for q in plain[p]:
                    o[q] = o.get(q, 0) + n
                for q, b in marked[p]:
                    other = out.setdefault(mask | b, {})
                    other[q] = other.get(q, 0) + n
        return {mask: group for mask, group in out.items() if group}

    def _coach(
        self, prev: Layer, forbid: set[int], track: dict[int, int]
    ) -> tuple[Layer, set[int]]:
        """Two Jack-adjacent steps, ignoring policemen, to two new circles:
        first to every middle circle, then on, less the paths that came back
        to where they started."""
        adjacent = self._t.adjacent
        starts = {p for group in prev.values() for p in group}
        middle = self._spread(prev, {p: adjacent[p] for p in starts}, forbid, track)
        mids = {m for group in middle.values() for m in group}
        out = self._spread(middle, {m: adjacent[m] for m in mids}, forbid, track)
        for mask, group in prev.items():
            for p, n in group.items():
                # p was written before: it is not forbidden and its bit is set.
                for m in adjacent[p]:
                    if m not in forbid:
                        back = out[mask | track.get(m, 0) | track.get(p, 0)]
                        back[p] -= n
                        if not back[p]:
                            del back[p]
        written = mids | {c for group in out.values() for c in group}
        return {mask: group for mask, group in out.items() if group}, written

    def _check(self, layer: Layer, t: int) -> Layer:
        """The checks of moment t: arrests on Jack's circle, the clues found
        by then; and paths that can no longer reach a clue circle in time,
        which would be dropped at its moment, are dropped now."""
        missed: set[int] = set()
        caught: list[set[int]] = []
        for c in self.facts.checks:
            if c.moment == t and c.kind == MISSED:
                missed.update(c.circles)
            elif c.moment == t and c.kind == CAUGHT:
                caught.append(set(c.circles))
        need = 0
        bit = self._t.bit
        pending = []  # a clue yet to be found: its bit, and the circles near enough
        for x, moment in self._clue.items():
            if moment == t:
                need |= bit[x]
            elif moment > t:
                reach = self._reach(t, moment)
                near = {c for c, d in self._t.hops(x).items() if d <= reach}
                pending.append((bit[x], near))
        out: Layer = {}
        for mask, group in layer.items():
            if mask & need != need:
                continue
            far = [near for b, near in pending if not mask & b]
            if far or missed or caught:
                allowed = set(group).intersection(*far, *caught) - missed
                kept = {p: n for p, n in group.items() if p in allowed}
            else:
                kept = group
            if not kept:
                continue
            key = mask & ~need
            if key in out:
                merged = out[key]
                for p, n in kept.items():
                    merged[p] = merged.get(p, 0) + n
            else:
                out[key] = kept
        return out

    def _reach(self, t: int, moment: int) -> int:
        """The most hops moves t+1..moment can make (a coach makes two)."""
        return sum(2 if how == COACH else 1 for how, _ in self.facts.moves[t:moment])
