"""Seeded chance.

Every random event of a game (a shuffle, a throw of the action tokens, the
order of the Chief tokens) is drawn from a `Chance` built from one integer
seed, and the outcome is written into the game's setup.  A record therefore
replays without trusting any random generator.

The draws are made from `random.Random.getrandbits` with our own rejection
sampling, so a seed gives the same setup on every Python version (the
library's `shuffle` and `randrange` have changed between versions before).
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Chance:
    """A deterministic source of chance built from a seed."""

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("a seed is an integer")
        self.seed = seed
        self._rng = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in 0 .. n-1."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = (n - 1).bit_length()  # a power of two never needs a second draw
        draw = self._rng.getrandbits
        r = draw(bits)
        while r >= n:
            r = draw(bits)
        return r

    @property
    def bits(self) -> Callable[[int], int]:
        """The generator's random bits (`getrandbits(k)`): for a hot loop that
        draws as `below` does, without a call per draw (Pocket's playouts)."""
        return self._rng.getrandbits

    def coin(self) -> bool:
        return self._rng.getrandbits(1) == 1

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out


def new_seed() -> int:
    """A fresh seed for a game nobody asked to pin (recorded with the game)."""
    return random.SystemRandom().getrandbits(48)
