"""The Chief's decisions outside the Hunt's moves: H3 patrols (which
crossings, which markers real), O1 Saucy Jacky (where the two markers go),
H6 (where each Wretched walks) and the O1 graffito (which policeman goes to
Goulston Street).  Each is scored with the goal of the night or turn
(`police_moves.Goal`) that `police.py` builds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from whitechapel.lfw.players.police_moves import Goal, near, worth
from whitechapel.lfw.players.police_sense import FAR, Facts
from whitechapel.lfw.rulebook import PATROL_MARKERS, REAL_MARKERS


def patrols(facts: Facts, view: Mapping[str, Any], legal: Any, goal: Goal) -> str:
    """H3: the seven spots (those that must hold a marker and the best of
    the rest) and the five real markers where the night's goal is best
    served; the colours go in map order."""
    placement = view["placement"]
    must, may = list(placement["must"]), list(placement["may"])
    extra = PATROL_MARKERS - len(must)
    best, top = None, float("-inf")
    for chosen in combinations(may, extra):
        spots = [*must, *chosen]
        for real in combinations(spots, REAL_MARKERS):
            v = worth(facts, goal, real)
            if v > top + 1e-12:
                best, top = (real, [x for x in spots if x not in real]), v
    if best is not None:
        real, fakes = best
        order = sorted(real, key=facts.board.crossings.index)
        text = f"patrols {' '.join(order)} / {' '.join(sorted(fakes))}"
        if text in legal:
            return text
    return legal[0]


def real_markers(view: Mapping[str, Any]) -> dict[str, str]:
    """Crossing -> colour of the Chief's real markers still on the board."""
    return {
        m["crossing"]: m["colour"]
        for m in view.get("police_secrets", {}).get("patrol_markers", [])
        if m["colour"]
    }


def saucy(facts: Facts, view: Mapping[str, Any], legal: Sequence[str], goal: Goal) -> str:
    """O1 Saucy Jacky: the Chief sends the two markers Jack picked where
    the real ones among them serve the night best."""
    real = real_markers(view)

    def value(action: str) -> float:
        moved = dict(real)
        for pair in action.split()[1:]:
            a, b = pair.split(">")
            if a in real:
                moved[b] = moved.pop(a)
        return worth(facts, goal, list(moved))

    return max(legal, key=lambda a: (value(a), -legal.index(a)))


def wretched(
    facts: Facts,
    view: Mapping[str, Any],
    legal: Sequence[str],
    hideouts: Mapping[int, float],
    home_worth: float,
) -> str:
    """H6: the first Wretched still to move goes where the real policemen
    are nearest (the crime is kept near them) and, with `home_worth`, far
    from the likely hideouts (Jack's way home is long)."""
    real = list(real_markers(view))
    source = legal[0].split()[1].split(">")[0].rstrip("=")
    mine = [a for a in legal if a.split()[1].startswith(f"{source}>")]
    if not mine:
        return legal[0]
    board = facts.board

    def value(action: str) -> float:
        t = int(action.split(">")[1])
        v = sum(near(facts.distance(x, t)) for x in real)
        if home_worth and hideouts:
            d = 0.0
            for h, w in hideouts.items():
                j = board.jack_distance(t, h)
                d += w * min(8, FAR if j is None else j)
            v += home_worth * d / 8
        return v

    return max(mine, key=lambda a: (value(a), -mine.index(a)))


def graffito(
    facts: Facts, view: Mapping[str, Any], legal: Sequence[str], score: Callable[[dict], float]
) -> str:
    """O1 graffito: of the named policeman and the brown one, the one whose
    going to Goulston Street costs the turn least (`score` of the crossings)."""
    goulston = facts.board.goulston
    police = dict(view["police"])

    def value(action: str) -> float:
        moved = dict(police)
        moved[action.split()[1]] = goulston
        return score(moved)

    return max(legal, key=lambda a: (value(a), -legal.index(a)))
