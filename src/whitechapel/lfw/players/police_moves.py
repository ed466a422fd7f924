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
    seal_weight: float = 0.0
    stuck: bool = False  # Jack has no coach or alley left: a blocked step traps him


class _Scorer:
    """The goal's worth of the policemen's crossings, quick to evaluate one
    policeman's choices with the others held."""

    def __init__(self, facts: Facts, goal: Goal) -> None:
        self.facts = facts
        self.goal = goal
        self.circles = list(goal.where)
        self.weights = [goal.where[c] for c in self.circles]
        self.seals = list(goal.seal)
        self.seal_w = [goal.seal[z] for z in self.seals]
        board = facts.board
        self.bit = board.xbit
        self._served: dict[str, list[float]] = {}
        self._sealed: dict[str, list[float]] = {}
        # Samples: each neighbour's distance home, the masks of its streets,
        # and every crossing the sample's steps pass.
        self.samples = []
        for c, h, w in goal.samples:
            steps = []
            union = 0
            for n, masks in facts.steps[c]:
                d = board.jack_distance(n, h)
                steps.append((FAR if d is None else d, masks))
                for m in masks:
                    union |= m
            best = min((d for d, _ in steps), default=FAR)
            self.samples.append((w, steps, union, best))

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

    def delay(self, mask: int) -> float:
        """The samples' moves lost to the policemen of `mask`, weighed."""
        total = 0.0
        stuck = self.goal.stuck
        for w, steps, union, best in self.samples:
            if not union & mask:
                continue
            left = [d for d, masks in steps if not all(m & mask for m in masks)]
            if not left:
                total += w * (TRAP if stuck else DELAY_CAP)
            else:
                total += w * min(DELAY_CAP, min(left) - best)
        return total

    def worth(self, crossings: Sequence[str]) -> float:
        return self.value_with(crossings, None)

    def value_with(self, others: Sequence[str], extra: str | None) -> float:
        group = [*others, extra] if extra is not None else list(others)
        out = 0.0
        if self.circles:
            rows = [self.served(x) for x in group]
            out += sum(
                w * max(col) for w, col in zip(self.weights, zip(*rows, strict=True), strict=True)
            )
        if self.seals and self.goal.seal_weight:
            rows = [self.sealed(x) for x in group]
            out += self.goal.seal_weight * sum(
                w * max(col) for w, col in zip(self.seal_w, zip(*rows, strict=True), strict=True)
            )
        if self.samples and self.goal.block:
            mask = 0
            for x in group:
                mask |= self.bit[x]
            out += self.goal.block * self.delay(mask)
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
) -> dict[str, str]:
    """Each policeman of `order` (those still to move, in T2 order) -> his
    crossing at the end of the move (his own to stay); the others stay
    where they are in `start`."""
    scorer = _Scorer(facts, goal)
    dest = dict(start)
    movers = list(order)
    if goal.seal and goal.seal_weight and not alone:
        board = facts.board
        for colour, z in assign(facts, start, order, goal.seal).items():
            others = [dest[c] for c in start if c != colour]
            here = options(facts, colour, start, order, dest)
            dest[colour] = min(
                here, key=lambda x: (_steps(board, x, z), -scorer.value_with(others, x), x)
            )
            movers.remove(colour)
    for _ in range(1 if alone else passes):
        changed = False
        for colour in movers:
            others = [] if alone else [dest[c] for c in start if c != colour]
            best, top = dest[colour], float("-inf")
            for x in options(facts, colour, start, order, dest):
                v = scorer.value_with(others, x)
                if v > top + 1e-12:
                    best, top = x, v
            if best != dest[colour]:
                dest[colour], changed = best, True
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
    return _Scorer(facts, goal).worth(crossings)
