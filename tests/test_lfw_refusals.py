"""Validate, then mutate: in every phase, whatever the phase does not allow is
refused with a player's sentence before anything changes, so the state stays
equal to what it was (`==`, and both sides' views).

The engine no longer copies the state to try an action (see
docs/architecture.md), so this is checked phase by phase, with actions from
every other phase, near misses of the legal ones, and legal ones played by
the wrong side.
"""

from __future__ import annotations

import contextlib
import functools
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from lfw_random import OPTIONS, choose, new_game
from test_lfw_actions import met_actions, mutate
from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction, NotationError
from whitechapel.lfw.actions import Action, parse_action
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.table import PHASES

SAMPLES = 250  # actions of other phases tried in each phase
MUTANTS = 120  # near misses of the phase's own legal actions


@functools.cache
def first_position(phase: Phase) -> LfwGame:
    """The first position in `phase` of some random game with every option on."""
    for seed in range(400):
        for board in ("tutorial", "whitechapel-1888"):
            chance = Chance(seed)
            g = new_game(seed, board, OPTIONS["all"])
            while g.outcome is None and g.phase != phase:
                g.apply(choose(g, chance, homing=seed % 10))
            if g.outcome is None:
                return g
    raise AssertionError(f"no game reached {phase}")


def candidates(g: LfwGame, rng: random.Random) -> list[Action]:
    pool = [x for _, x in met_actions()]
    out = rng.sample(pool, min(SAMPLES, len(pool)))
    legal = g.legal_actions()
    for _ in range(MUTANTS):
        text = mutate(str(rng.choice(legal)), rng.randrange(10**6), g)
        with contextlib.suppress(NotationError):
            out.append(parse_action(text))
    return out


def refused_unchanged(g: LfwGame, action: Action, side: str | None) -> None:
    before = g.clone()
    views = g.view(JACK), g.view(POLICE)
    with pytest.raises(IllegalAction) as refusal:
        g.apply(action, side)
    message = str(refusal.value)
    assert message.startswith(f"{action}: ") and len(message) > len(str(action)) + 10
    assert g == before
    assert (g.view(JACK), g.view(POLICE)) == views


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_refusal_in_every_phase_changes_nothing(phase: Phase) -> None:
    g = first_position(phase)
    legal = set(g.legal_actions())
    rng = random.Random(f"refusals {phase}")
    tried = 0
    for action in candidates(g, rng):
        if action in legal:
            continue
        refused_unchanged(g, action, rng.choice((None, JACK, POLICE)))
        tried += 1
    assert tried >= 50
    other = POLICE if g.to_act == JACK else JACK
    for action in rng.sample(sorted(legal, key=str), min(20, len(legal))):
        refused_unchanged(g, action, other)  # a legal action, by the side not to act
    assert g.phase == phase and g.outcome is None
