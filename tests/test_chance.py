"""Seeded chance (core/chance.py): the same seed always gives the same game."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whitechapel.core.chance import Chance
from whitechapel.pocket.setup import random_setup


def draws(seed: int, n: int = 20, bound: int = 1000) -> list[int]:
    chance = Chance(seed)
    return [chance.below(bound) for _ in range(n)]


def mixed_draws(seed: int) -> list[object]:
    """Every kind of draw, interleaved, as a game's setup makes them."""
    chance = Chance(seed)
    return [
        chance.below(7),
        chance.coin(),
        chance.shuffled(range(9)),
        chance.choice("abcdefgh"),
        chance.below(2**48),
        chance.coin(),
    ]


def test_same_seed_gives_identical_draws():
    assert draws(7) == draws(7)
    assert mixed_draws(123456789) == mixed_draws(123456789)


def test_different_seeds_give_different_draws():
    assert draws(7) != draws(8)
    # Fifty seeds give fifty different sequences of ten draws.
    assert len({tuple(draws(seed, n=10)) for seed in range(50)}) == 50


def test_the_seed_is_kept():
    assert Chance(2026).seed == 2026


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 16, 17])
def test_below_stays_in_range_and_reaches_every_value(n):
    chance = Chance(1000 + n)
    seen = set()
    for _ in range(60 * n):
        value = chance.below(n)
        assert 0 <= value < n
        seen.add(value)
    assert seen == set(range(n))


@given(seed=st.integers(min_value=0, max_value=2**64), n=st.integers(min_value=1, max_value=2**70))
def test_below_is_in_range_for_any_bound(seed, n):
    chance = Chance(seed)
    for _ in range(5):
        value = chance.below(n)
        assert isinstance(value, int)
        assert 0 <= value < n


def test_below_is_not_biased():
    # 3 is not a power of two: a careless "bits mod n" would favour 0.
    chance = Chance(99)
    counts = Counter(chance.below(3) for _ in range(6000))
    for value in range(3):
        assert 1800 < counts[value] < 2200, counts


def test_coin_shows_both_faces():
    chance = Chance(5)
    assert {chance.coin() for _ in range(50)} == {True, False}


@pytest.mark.parametrize("seed", range(25))
def test_shuffle_is_a_permutation(seed):
    items = list(range(12))
    Chance(seed).shuffle(items)
    assert sorted(items) == list(range(12))


def test_shuffle_actually_mixes():
    results = set()
    first_items = set()
    for seed in range(40):
        items = list(range(8))
        Chance(seed).shuffle(items)
        results.add(tuple(items))
        first_items.add(items[0])
    assert len(results) > 35  # 8! orders: forty seeds almost never repeat one
    assert first_items == set(range(8))  # every item can come first


def test_shuffled_leaves_its_input_alone():
    original = ["a", "b", "c", "d", "e"]
    out = Chance(3).shuffled(original)
    assert original == ["a", "b", "c", "d", "e"]
    assert sorted(out) == original


def test_shuffle_of_short_sequences():
    empty: list[int] = []
    Chance(1).shuffle(empty)
    assert empty == []
    one = ["x"]
    Chance(1).shuffle(one)
    assert one == ["x"]


def test_choice_picks_from_the_sequence():
    chance = Chance(11)
    picks = {chance.choice(("holmes", "watson", "toby")) for _ in range(40)}
    assert picks == {"holmes", "watson", "toby"}


def test_pinned_seed_gives_pinned_values():
    # These figures were computed once with this code and written down.  They
    # guard cross-version stability: a seed recorded today must produce the
    # same setup (tiles, Jack, deck, throws) on every Python version and after
    # every refactoring, or `whitechapel pocket --seed N` deals a different game.
    # (Re-pinned once, before any release, when below() stopped wasting a draw
    # on powers of two.)
    chance = Chance(2026)
    assert [chance.below(100) for _ in range(8)] == [15, 40, 64, 65, 82, 13, 28, 76]
    assert Chance(2026).shuffled(range(9)) == [7, 8, 5, 3, 0, 6, 4, 2, 1]


def test_pinned_seed_gives_pinned_setup():
    # Same guard as above, one level up: the Pocket setup that seed 2026 deals.
    setup = random_setup(2026).to_json()
    assert setup["tiles"] == [
        "a1:smith:W",
        "b1:lane:S",
        "c1:stealthy:E",
        "a2:pizer:E",
        "b2:madame:W",
        "c2:bert:S",
        "a3:gull:S",
        "b3:goodley:S",
        "c3:lestrade:S",
    ]
    assert setup["jack"] == "smith"
    assert setup["alibi_deck"] == [
        "goodley",
        "lestrade",
        "stealthy",
        "madame",
        "pizer",
        "gull",
        "lane",
        "bert",
    ]
    assert setup["throws"] == ["HWRJ", "HWRJ", "ATRJ", "HWRR"]
    assert setup["detectives"] == {"holmes": 12, "watson": 4, "toby": 8}


def test_same_seed_same_setup_different_seed_different_setup():
    assert random_setup(42) == random_setup(42)
    assert len({random_setup(seed) for seed in range(30)}) == 30


@pytest.mark.parametrize("seed", [True, False, 1.0, 2.5, "7", None, b"7", [7]])
def test_refuses_seeds_that_are_not_integers(seed):
    with pytest.raises(TypeError, match="integer"):
        Chance(seed)


@pytest.mark.parametrize("bound", [0, -1, -100])
def test_below_refuses_a_bound_that_is_not_positive(bound):
    with pytest.raises(ValueError, match="positive"):
        Chance(1).below(bound)
