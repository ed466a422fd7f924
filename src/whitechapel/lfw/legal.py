"""The actions a side may play, worked out from its view alone: what
computer players are offered (`core/players.legal_in`).

Most phases' views list their actions (`legal`).  The two placement phases
(H2 women, H3 patrols) describe what they allow instead (`placement`), since
H3 has up to some fifty thousand actions; here they become a sequence that
lists them lazily: `len`, indexing (so a random player draws one
uniformly) and membership (checked against the placement, not by listing)
are all cheap, and `list()` still gives every action in a stable order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from math import comb, perm
from typing import Any, overload

from whitechapel.core.errors import NotationError
from whitechapel.lfw.actions import Patrols, Women, parse_action
from whitechapel.lfw.rulebook import FAKES, PATROL_MARKERS, REAL_MARKERS


def legal_in_view(view: Mapping[str, Any]) -> Sequence[str]:
    """The actions the side of `view` may play now (empty: not its turn)."""
    placement = view.get("placement")
    if placement is None:
        return list(view.get("legal", []))
    if "circles" in placement:
        return women_actions(placement)
    return PatrolActions(placement["must"], placement["may"])


def women_actions(placement: Mapping[str, Any]) -> list[str]:
    """H2: every way to lay the night's women on the free red circles
    (at most a few hundred)."""
    out = []
    for places in combinations(sorted(placement["circles"]), placement["women"]):
        for marked in combinations(places, placement["marked"]):
            out.append(str(Women(marked, tuple(c for c in places if c not in marked))))
    return out


class PatrolActions(Sequence[str]):
    """H3: the markers on the crossings that must hold one (`must`) and on
    as many of `may` as make seven, five of them real (one per colour, in
    `rulebook.COLOURS` order) and two fakes."""

    def __init__(self, must: Sequence[str], may: Sequence[str]) -> None:
        self.must, self.may = list(must), list(may)
        self.extra = PATROL_MARKERS - len(self.must)
        self._choices = comb(len(self.may), self.extra) if self.extra >= 0 else 0
        self._orders = perm(PATROL_MARKERS, REAL_MARKERS)

    def __len__(self) -> int:
        return self._choices * self._orders

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        choice, order = divmod(index, self._orders)
        spots = [*self.must, *_nth_combination(self.may, self.extra, choice)]
        real = []
        for k in range(REAL_MARKERS):  # the `order`-th arrangement, in permutations() order
            span = perm(len(spots) - 1, REAL_MARKERS - k - 1)
            pick, order = divmod(order, span)
            real.append(spots.pop(pick))
        return str(Patrols(tuple(real), tuple(spots)))

    def __iter__(self) -> Iterator[str]:
        return (self[i] for i in range(len(self)))

    def __contains__(self, text: object) -> bool:
        if not isinstance(text, str):
            return False
        try:
            action = parse_action(text)
        except NotationError:
            return False
        if not isinstance(action, Patrols) or str(action) != text:
            return False
        spots = [*action.real, *action.fakes]
        extra = [x for x in spots if x not in self.must]
        return (
            len(action.fakes) == FAKES
            and len(set(spots)) == PATROL_MARKERS
            and set(self.must) <= set(spots)
            and len(extra) == self.extra
            and set(extra) <= set(self.may)
        )


def _nth_combination(pool: Sequence[str], r: int, index: int) -> list[str]:
    """The `index`-th of `combinations(pool, r)`, in its order."""
    out, n, start = [], len(pool), 0
    while r:
        for i in range(start, n):
            count = comb(n - i - 1, r - 1)
            if index < count:
                out.append(pool[i])
                start, r = i + 1, r - 1
                break
            index -= count
    return out
