"""The police notebook against the slow reference and against the truth.

- **Exact**: on random game prefixes with short nights (both shipped
  boards, options all on or all off, random or homing Jack, blind or seeing
  police), the notebook's possible circles, path counts per circle, each
  night's end counts and the hideout candidates equal what the brute-force
  lister (`routes.py`: every route, move by move, from facts noted by
  replaying the game) finds.  60 prefixes by default,
  `HYPOTHESIS_PROFILE=thorough` plays 2,000.
- **Sound**: along whole random games, after every action, Jack's true
  circle is possible, the true hideout is a candidate, and the true path is
  counted; the notebook brought up to date from the previous one equals
  the one counted afresh.  100 games by default; 5,000 under
  `HYPOTHESIS_PROFILE=thorough`.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfw_random import BOARDS, OPTIONS, choose, new_game
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.notebook import night_facts, notebook
from whitechapel.lfw.paths import CAUGHT, CLUE, Check, NightFacts, NightPaths
from whitechapel.lfw.routes import deduce, watch
from whitechapel.lfw.rulebook import POLICE

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
SOUND_GAMES = 5000 if THOROUGH else 100
BLOCKS = 10
# Prefixes stop before any night has more possible paths than this, so that
# the lister (which holds every route) stays quick.
ROUTES = 5000


def short_prefix(seed: int, board: str, options: str, homing: int, seeing: bool, stop: int):
    g = new_game(seed, board, OPTIONS[options])
    chance = Chance(seed)
    previous = None
    for _ in range(stop):
        if g.outcome is not None:
            break
        trial = g.clone()
        trial.apply(choose(trial, chance, homing, seeing))
        nb = notebook(trial.view(POLICE), trial.board, previous)
        if any(n.total > ROUTES for n in nb.nights):
            break
        g, previous = trial, nb
    return g


@given(
    seed=st.integers(0, 2**32 - 1),
    board=st.sampled_from(BOARDS),
    options=st.sampled_from(("none", "all")),
    homing=st.sampled_from((0, 7, 10)),
    seeing=st.booleans(),
    stop=st.integers(1, 600),
)
def test_the_notebook_counts_exactly_the_routes_the_lister_finds(
    seed, board, options, homing, seeing, stop
):
    g = short_prefix(seed, board, options, homing, seeing, stop)
    for side in (POLICE, "jack"):
        nb = notebook(g.view(side), g.board)
        listed = deduce(g.board, watch(g))
        nights = [dict(n.counts) for n in nb.nights if n.night <= len(listed.nights)]
        assert nights == [dict(c) for c in listed.nights]
        # A finished night (Jack home; after night 4, the game's end) has no "now".
        assert dict(nb.counts) == ({} if nb.home else dict(listed.now))
        assert set(nb.hideouts) == listed.hideouts


def true_path_facts(g: LfwGame, facts: NightFacts) -> NightFacts:
    """The night's facts with Jack's true circle pinned at every moment and
    each coach's middle circle written by its end: only the true path (and
    rows with the same circles at every moment) can fit."""
    row = [c for _, c, _ in g.row]
    scenes = len(facts.starts[0])
    pins = {Check(0, CAUGHT, (row[scenes - 1],))}
    i = scenes - 1
    for t, (how, _) in enumerate(facts.moves, start=1):
        if how == "coach":
            pins.add(Check(t, CLUE, (row[i + 1],)))
            i += 2
        else:
            i += 1
        pins.add(Check(t, CAUGHT, (row[i],)))
    starts = tuple(s for s in facts.starts if list(s) == row[:scenes])
    return NightFacts(starts, facts.moves, facts.checks | pins)


def sound_games(count: int, seed: int):
    rng = random.Random(seed)
    for i in range(count):
        board = BOARDS[i % 2]
        game_seed = rng.getrandbits(32)
        g = new_game(game_seed, board, OPTIONS["all" if i % 4 >= 2 else "none"])
        yield g, Chance(game_seed), rng.choice((0, 7, 10)), rng.random() < 0.3


@pytest.mark.parametrize("block", range(BLOCKS))
def test_the_truth_is_always_in_the_notebook(block):
    count = SOUND_GAMES // BLOCKS
    checked = 0
    for g, chance, homing, seeing in sound_games(count, seed=block):
        previous = None
        while g.outcome is None:
            g.apply(choose(g, chance, homing, seeing))
            view = g.view(POLICE)
            nb = notebook(view, g.board, previous)
            if len(g.history) % 17 == 0 or g.outcome is not None:
                assert nb == notebook(view, g.board)  # as if counted afresh
            assert g.hideout in nb.hideouts
            if nb.on_board:
                assert nb.counts.get(g.jack, 0) >= 1, (g.setup, len(g.history))
            same = previous is not None and nb._paths[-1] is previous._paths[-1]
            if nb.on_board and not same:  # the night's facts changed: the true path fits them
                facts = night_facts(view.nights[-1], g.board)
                assert facts is not None
                truth = NightPaths(g.board, true_path_facts(g, facts))
                assert truth.counts().get(g.jack, 0) >= 1, (g.setup, len(g.history))
                checked += 1
            previous = nb
    assert checked > 10 * count
