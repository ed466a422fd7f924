"""Matching by augmenting paths, items in order of priority: each item in
turn claims one of its options, moving earlier claimants to other options
of theirs where that frees one, and an item that got an option keeps one.
Taken in order, the items matched are the best set by priority that can
all be matched at once (the greedy rule of a transversal matroid), which
a maximum matching such as networkx's Hopcroft-Karp does not give.

Used where each of a few things needs one of its own: each circle Jack
fears an arrest on, its own policeman (`lfw/players/jack_reach.py`); each
crossing, a pair of circles of its own to be named by
(`lfw/ui/placenames.py`).  Pure Python."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Item = TypeVar("Item", bound=Hashable)
Option = TypeVar("Option", bound=Hashable)


def claim_in_order(
    items: Iterable[Item],
    options: Callable[[Item], Iterable[Option]],
    most: int | None = None,
) -> tuple[list[Item], dict[Option, Item]]:
    """The items matched, in their order (at most `most` of them), and
    each option taken with the item that holds it.  `options(item)`: the
    item's options, the one it prefers first."""
    owner: dict[Option, Item] = {}

    def claim(item: Item, seen: set[Option]) -> bool:
        for o in options(item):
            if o in seen:
                continue
            seen.add(o)
            if o not in owner or claim(owner[o], seen):
                owner[o] = item
                return True
        return False

    matched: list[Item] = []
    for item in items:
        if most is not None and len(matched) >= most:
            break
        if claim(item, set()):
            matched.append(item)
    return matched, owner
