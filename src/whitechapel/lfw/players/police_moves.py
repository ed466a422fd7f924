"""T2 for the computer police: where the five policemen go this turn,
planned together (`plan`) and then played one policeman at a time.

A turn's `Goal` says what the moves aim at:

- `where`: circles with weights (where Jack may be now; the searches and
  arrests of T3 come before his next move).  Each circle is *served* by the
  policeman nearest beside it (`NEAR`: beside it is worth 1, one police
  step away half as much, ...): the policemen spread over the possible
  set instead of crowding its likeliest circle (facility location).
- `samples`: (circle, hideout, weight) pairs drawn from the notebook: a
  policeman on a crossing that Jack's shortest way home from the circle
  passes makes him go round (T1: a normal move never passes a policeman's
  crossing), worth the moves it costs him (a step left nowhere traps him).
- `seal`: crossings to hold (the seals of the likeliest hideouts) with
  their weights, each served by the nearest policeman as `where` is.

The plan is a coordinate ascent over the policemen (each in turn takes his
best crossing with the others held where they are), so that different
policemen take different parts of the goal.  `alone` plans each policeman
for himself (the easy police).  The order of T2 matters for one thing: a
policeman cannot end where another still stands who has not moved yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from whitechapel.core.players import Deadline
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.players.police_sense import FAR, Facts

NEAR = (1.0, 0.5, 0.25, 0.14, 0.08, 0.05, 0.03)
SEAL_NEAR = (1.0, 0.45, 0.3, 0.2, 0.14, 0.1, 0.07, 0.05)
DELAY_CAP = 3
TRAP = 4.0  # a sample left no normal move (and nothing else)


def near(distance: int, table: Sequence[float] = NEAR) -> float:
    return table[distance] if distance < len(table) else table[-1] / (distance - len(table) + 2)


@dataclass
class Goal:
    where: Mapping[int, float]
    samples: Sequence[tuple[int, int, float]] = ()
    seal: Mapping[str, float] = field(default_factory=dict)
    block: float = 0.0  # the worth of one move of delay on all samples
    # (weight, masks of its streets): a step Jack may take into a likely
    # hideout next move, worth `guard` times its weight when every street is held
    home_steps: Sequence[tuple[float, tuple[int, ...]]] = ()
    guard: float = 0.0
    _scorers: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)

    def scorer(self, facts: Facts) -> Scorer:
        """The goal's scorer on this board (made once: its rows are kept)."""
        found = self._scorers.get(id(facts))
        if found is None or found.facts is not facts:
            found = self._scorers[id(facts)] = Scorer(facts, self)
        return found

    seal_weight: float = 0.0
    stuck: bool = False  # Jack has no coach or alley left: a blocked step traps him


class Scorer:
    """The goal's worth of the policemen's crossings, quick to evaluate one
    policeman's choices with the others held (`context`)."""

    def __init__(self, facts: Facts, goal: Goal) -> None:
        self.facts = facts
        self.goal = goal
        self.circles = list(goal.where)
        self.weights = [goal.where[c] for c in self.circles]
        self.seals = list(goal.seal) if goal.seal_weight else []
        self.seal_w = [goal.seal[z] for z in self.seals]
        board = facts.board
        self.bit = board.xbit
        self._served: dict[str, list[float]] = {}
        self._sealed: dict[str, list[float]] = {}
        # Samples: each neighbour's distance home and the masks of its
        # streets, the sample's worth and best distance, and every crossing
        # its steps pass.
        self.samples: list[tuple[float, list[tuple[int, tuple[int, ...]]], int, int]] = []
        if goal.block:
            for c, h, w in goal.samples:
                steps = []
                union = 0
                for n, masks in facts.steps[c]:
                    d = board.jack_distance(n, h)
                    steps.append((FAR if d is None else d, masks))
                    for m in masks:
                        union |= m
                best = min((d for d, _ in steps), default=FAR)
                self.samples.append((w * goal.block, steps, union, best))
        self.home: list[tuple[float, tuple[int, ...], int]] = []
        if goal.guard:
            for w, masks in goal.home_steps:
                union = 0
                for m in masks:
                    union |= m
                self.home.append((w * goal.guard, masks, union))

    def served(self, x: str) -> list[float]:
        found = self._served.get(x)
        if found is None:
            near_x = self.facts.near[x]
            found = self._served[x] = [near(near_x.get(c, FAR)) for c in self.circles]
        return found

    def sealed(self, x: str) -> list[float]:
        found = self._sealed.get(x)
        if found is None:
            board = self.facts.board
            row = []
            for z in self.seals:
                d = board.police_distance(x, z)
                row.append(near(FAR if d is None else d, SEAL_NEAR))
            found = self._sealed[x] = row
        return found

    def delay(self, sample: tuple[float, list, int, int], mask: int) -> float:
        """A sample's moves lost to the policemen of `mask`, weighed."""
        w, steps, union, best = sample
        if not union & mask:
            return 0.0
        left = [d for d, masks in steps if not all(m & mask for m in masks)]
        if not left:
            return w * (TRAP if self.goal.stuck else DELAY_CAP)
        return w * min(DELAY_CAP, min(left) - best)

    def context(self, others: Sequence[str]) -> Context:
        return Context(self, others)

    def worth(self, crossings: Sequence[str]) -> float:
        if not crossings:
            return 0.0
        return self.context(crossings[1:]).value(crossings[0])


class Context:
    """The worth of the goal with the other policemen held, for each
    crossing one more policeman may take: only what he changes is counted."""

    def __init__(self, scorer: Scorer, others: Sequence[str]) -> None:
        self.s = scorer
        self.mask = 0
        for x in others:
            self.mask |= scorer.bit[x]
        n = len(scorer.circles)
        self.served = [0.0] * n
        for x in others:
            self.served = [max(a, b) for a, b in zip(self.served, scorer.served(x), strict=True)]
        self.sealed = [0.0] * len(scorer.seals)
        for x in others:
            self.sealed = [max(a, b) for a, b in zip(self.sealed, scorer.sealed(x), strict=True)]
        mask = self.mask
        self.delays = [scorer.delay(sample, mask) for sample in scorer.samples]
        self.home_left = [
            (w, masks, union) for w, masks, union in scorer.home if not all(m & mask for m in masks)
        ]
        base = sum(w * v for w, v in zip(scorer.weights, self.served, strict=True))
        base += scorer.goal.seal_weight * sum(
            w * v for w, v in zip(scorer.seal_w, self.sealed, strict=True)
        )
        base += sum(self.delays)
        base += sum(w for w, _, _ in scorer.home) - sum(w for w, _, _ in self.home_left)
        self.base = base

    def value(self, x: str) -> float:
        s = self.s
        out = self.base
        row = s.served(x)
        for w, have, new in zip(s.weights, self.served, row, strict=True):
            if new > have:
                out += w * (new - have)
        if s.seals:
            gain = 0.0
            for w, have, new in zip(s.seal_w, self.sealed, s.sealed(x), strict=True):
                if new > have:
                    gain += w * (new - have)
            out += s.goal.seal_weight * gain
        bit = s.bit[x]
        mask = self.mask | bit
        for i, sample in enumerate(s.samples):
            if sample[2] & bit:
                out += s.delay(sample, mask) - self.delays[i]
        for w, masks, union in self.home_left:
            if union & bit and all(m & mask for m in masks):
                out += w
        return out


def options(
    facts: Facts,
    colour: str,
    start: Mapping[str, str],
    order: Sequence[str],
    dest: Mapping[str, str],
) -> list[str]:
    """Where `colour` may end (T2: up to two steps, staying included), given
    the others' planned ends and who still stands where he has not moved from."""
    later = order[order.index(colour) + 1 :] if colour in order else []
    taken = {dest[c] for c in dest if c != colour} | {start[c] for c in later}
    here = start[colour]
    return [here, *(x for x in facts.board.police_within_two(here) if x not in taken)]


def plan(
    facts: Facts,
    start: Mapping[str, str],
    order: Sequence[str],
    goal: Goal,
    alone: bool = False,
    passes: int = 3,
    deadline: Deadline | None = None,
    restarts: int = 0,
) -> dict[str, str]:
    """Each policeman of `order` (those still to move, in T2 order) -> his
    crossing at the end of the move (his own to stay); the others stay
    where they are in `start`.  A `deadline` passed ends the ascent after
    the policeman being placed (the plan so far stands).  `restarts`: up
    to as many more ascents, each taking the policemen in turn from another
    one (the first to choose takes the goal's best part), keeping the plan
    worth most (the hard police: an ascent stops at the first plan no
    single policeman can better, often not the best)."""
    scorer = goal.scorer(facts)
    dest = dict(start)
    movers = list(order)
    if goal.seal and goal.seal_weight and not alone:
        board = facts.board
        for colour, z in assign(facts, start, order, goal.seal).items():
            context = scorer.context([dest[c] for c in start if c != colour])
            here = options(facts, colour, start, order, dest)
            dest[colour] = min(here, key=lambda x: (_steps(board, x, z), -context.value(x), x))
            movers.remove(colour)
    fixed = dict(dest)
    best = _ascend(facts, scorer, start, order, movers, dest, alone, passes, deadline)
    if alone or not movers or not restarts:
        return best

    def value(found: Mapping[str, str]) -> float:
        return scorer.worth([found.get(c, start[c]) for c in start])

    top = value(best)
    for k in range(1, min(restarts, len(movers) - 1) + 1):
        if deadline is not None and deadline.passed():
            break
        turn = movers[k:] + movers[:k]
        found = _ascend(facts, scorer, start, order, turn, dict(fixed), alone, passes, deadline)
        v = value(found)
        if v > top + 1e-9:
            best, top = found, v
    return best


def _ascend(
    facts: Facts,
    scorer: Scorer,
    start: Mapping[str, str],
    order: Sequence[str],
    movers: Sequence[str],
    dest: dict[str, str],
    alone: bool,
    passes: int,
    deadline: Deadline | None,
) -> dict[str, str]:
    """The coordinate ascent of `plan`, taking the movers in this order."""
    for _ in range(1 if alone else passes):
        changed = False
        for colour in movers:
            others = [] if alone else [dest[c] for c in start if c != colour]
            context = scorer.context(others)
            best, top = dest[colour], float("-inf")
            for x in options(facts, colour, start, order, dest):
                v = context.value(x)
                if v > top + 1e-12:
                    best, top = x, v
            if best != dest[colour]:
                dest[colour], changed = best, True
            if deadline is not None and deadline.passed():
                return {c: dest[c] for c in order}
        if not changed:
            break
    return {c: dest[c] for c in order}


def _steps(board: Board, a: str, b: str) -> int:
    d = board.police_distance(a, b)
    return FAR if d is None else d


def assign(
    facts: Facts, start: Mapping[str, str], order: Sequence[str], seal: Mapping[str, float]
) -> dict[str, str]:
    """The policemen still to move who go to hold the seal's crossings: the
    match of crossings to policemen (those who moved already keep theirs)
    that completes the seal in the fewest turns (two police steps a turn),
    then with the fewest steps."""
    board = facts.board
    colours = list(start)
    zs = sorted(seal, key=lambda z: (-seal[z], z))[: len(colours)]
    best: tuple[tuple[int, int], tuple[str, ...]] | None = None
    for pick in permutations(colours, len(zs)):
        turns = total = 0
        for colour, z in zip(pick, zs, strict=True):
            d = _steps(board, start[colour], z)
            if colour not in order and d:
                d = FAR  # he has moved: he stays where he is this turn
            turns, total = max(turns, (d + 1) // 2), total + d
        if best is None or (turns, total) < best[0]:
            best = ((turns, total), pick)
    if best is None:
        return {}
    return {c: z for c, z in zip(best[1], zs, strict=True) if c in order}


def worth(facts: Facts, goal: Goal, crossings: Sequence[str]) -> float:
    """The goal's worth of policemen on these crossings (for the Chief's
    choices: patrols, the graffito)."""
    return goal.scorer(facts).worth(crossings)
