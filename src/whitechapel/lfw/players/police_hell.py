"""The Chief's decisions outside the Hunt's moves: H3 patrols (which
crossings, which markers real), O1 Saucy Jacky (where the two markers go),
H6 (where each Wretched walks) and the O1 graffito (which policeman goes to
Goulston Street).  Each is scored with the goal of the night or turn
(`police_moves.Goal`) that `police.py` builds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from whitechapel.core.players import Deadline
from whitechapel.lfw.actions import Action, Graffito, Patrols, SaucyMove, WretchedMove
from whitechapel.lfw.players.police_moves import Goal, near, worth
from whitechapel.lfw.players.police_sense import FAR, Facts
from whitechapel.lfw.rulebook import PATROL_MARKERS, REAL_MARKERS
from whitechapel.lfw.view_parts import PatrolPlacement
from whitechapel.lfw.views import PoliceView


def patrols(
    facts: Facts,
    view: PoliceView,
    legal: Sequence[Action],
    goal: Goal,
    deadline: Deadline | None = None,
) -> Action:
    """H3: the seven spots (those that must hold a marker and the best of
    the rest) and the five real markers where the night's goal is best
    served; the colours go in map order.  A `deadline` passed ends the
    search with the best placement so far."""
    placement = view.placement
    assert isinstance(placement, PatrolPlacement)  # H3 describes its placements
    must, may = list(placement.must), list(placement.may)
    extra = PATROL_MARKERS - len(must)
    best, top = None, float("-inf")
    for chosen in combinations(may, extra):
        spots = [*must, *chosen]
        for real in combinations(spots, REAL_MARKERS):
            v = worth(facts, goal, real)
            if v > top + 1e-12:
                best, top = (real, [x for x in spots if x not in real]), v
        if deadline is not None and deadline.passed():
            break
    if best is not None:
        real, fakes = best
        order = sorted(real, key=facts.board.crossings.index)
        action = Patrols(tuple(order), tuple(fakes))
        if action in legal:
            return action
    return legal[0]


def saucy(facts: Facts, view: PoliceView, legal: Sequence[Action], goal: Goal) -> Action:
    """O1 Saucy Jacky: the Chief sends the two markers Jack picked where
    the real ones among them serve the night best."""
    real = view.police_secrets.real()

    def value(action: Action) -> float:
        assert isinstance(action, SaucyMove)  # the Chief's answer to Saucy Jacky
        moved = dict(real)
        for a, b in action.moves:
            if a in real:
                moved[b] = moved.pop(a)
        return worth(facts, goal, list(moved))

    return max(legal, key=lambda a: (value(a), -legal.index(a)))


def wretched(
    facts: Facts,
    view: PoliceView,
    legal: Sequence[Action],
    hideouts: Mapping[int, float],
    home_worth: float,
    far: int = 8,
    nearest_first: bool = False,
) -> Action:
    """H6: the first Wretched still to move goes where the real policemen
    are nearest (the crime is kept near them) and, with `home_worth`, far
    from the likely hideouts (Jack's way home is long; `far` of his moves
    count as far as any).  With `nearest_first` the hideouts only choose
    among the circles closest to a real policeman, never one further off."""
    real = list(view.police_secrets.real())
    moves = [a for a in legal if isinstance(a, WretchedMove)]
    source = moves[0].source
    mine = [a for a in moves if a.source == source and a.target is not None]
    if not mine:
        return legal[0]
    board = facts.board
    if nearest_first and real:
        gap = {a: min(facts.distance(x, a.target) for x in real) for a in mine if a.target}
        least = min(gap.values())
        mine = [a for a in mine if gap[a] == least]

    def value(action: WretchedMove) -> float:
        t = action.target
        assert t is not None
        v = sum(near(facts.distance(x, t)) for x in real)
        if home_worth and hideouts:
            d = 0.0
            for h, w in hideouts.items():
                j = board.jack_distance(t, h)
                d += w * min(far, FAR if j is None else j)
            v += home_worth * d / far
        return v

    return max(mine, key=lambda a: (value(a), -mine.index(a)))


def graffito(
    facts: Facts, view: PoliceView, legal: Sequence[Action], score: Callable[[dict], float]
) -> Action:
    """O1 graffito: of the named policeman and the brown one, the one whose
    going to Goulston Street costs the turn least (`score` of the crossings)."""
    goulston = facts.board.goulston
    assert goulston is not None  # the graffito is played only on a board that has it
    police = dict(view.police)

    def value(action: Action) -> float:
        assert isinstance(action, Graffito)  # the Chief's choice of policeman
        moved = dict(police)
        moved[action.colour] = goulston
        return score(moved)

    return max(legal, key=lambda a: (value(a), -legal.index(a)))
