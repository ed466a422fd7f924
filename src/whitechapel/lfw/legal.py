"""The actions a side may play, from its view alone: `legal(view)`, the one
source the computer players, the screens and the server's computer seats
read (the engine puts them in the view of the side to act).

Most phases' views list their actions (`legal`, typed).  The two placement
phases (H2 women, H3 patrols) describe what they allow instead
(`placement`), since H3 has up to some fifty thousand actions; here they
become a sequence that lists them lazily: `len`, indexing (so a random
player draws one uniformly) and membership (checked against the placement,
not by listing) are all cheap, and `list()` still gives every action in
the engine's order.

`legal_texts(view)` is the same sequence as the actions' texts, for the
hosts that speak the contract's text (core/players.py); a text asked about
is read there, once (the edge).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb, perm
from typing import overload

from whitechapel.core.errors import NotationError
from whitechapel.lfw.actions import Action, Patrols, Women, parse_action
from whitechapel.lfw.rulebook import FAKES, PATROL_MARKERS, REAL_MARKERS
from whitechapel.lfw.view_parts import WomenPlacement
from whitechapel.lfw.views import LfwView


def legal(view: LfwView) -> Sequence[Action]:
    """The actions the side of `view` may play now (empty: not its turn)."""
    placement = view.placement
    if placement is None:
        return view.legal
    if isinstance(placement, WomenPlacement):
        return women_actions(placement)
    return PatrolActions(placement.must, placement.may)


def legal_texts(view: LfwView) -> Sequence[str]:
    """`legal(view)` as the actions' texts (lazily for a placement)."""
    return Texts(legal(view))


def women_actions(placement: WomenPlacement) -> list[Action]:
    """H2: every way to lay the night's women on the free red circles
    (at most a few hundred)."""
    out: list[Action] = []
    for places in combinations(sorted(placement.circles), placement.women):
        for marked in combinations(places, placement.marked):
            out.append(Women(marked, tuple(c for c in places if c not in marked)))
    return out


class PatrolActions(Sequence[Action]):
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
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
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
        return Patrols(tuple(real), tuple(spots))

    def __iter__(self) -> Iterator[Action]:
        return (self[i] for i in range(len(self)))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Patrols):
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


class Texts(Sequence[str]):
    """A sequence of actions as their texts, listed lazily like the actions."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = actions

    def __len__(self) -> int:
        return len(self.actions)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [str(a) for a in self.actions[index]]
        return str(self.actions[index])

    def __iter__(self) -> Iterator[str]:
        return (str(a) for a in self.actions)

    def __contains__(self, text: object) -> bool:
        """Is `text` one of these actions' texts, as written?"""
        if not isinstance(text, str):
            return False
        try:
            action = parse_action(text)
        except NotationError:
            return False
        return str(action) == text and action in self.actions

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compares by value, like a list


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
