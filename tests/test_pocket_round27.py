"""Round 27's findings (issue 44; play-testers QZ and RA,
docs/playtests/2026-12-07-pocket-round27-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import pytest

from whitechapel.pocket import hints
from whitechapel.pocket.pieces import INVESTIGATOR, JACK


@pytest.mark.parametrize("side", [INVESTIGATOR, JACK])
def test_p6_the_guided_games_opening_says_what_a_far_wall_does(side):
    """QZ and RA: "Each detective looks down his row or column to the first
    wall" is wrong for a wall on a tile's far side, which still lets him
    see that tile (P6)."""
    text = " ".join(hints.welcome(side, True).split())
    assert "to the first wall" not in text
    assert "that tile too if the wall is on its far side" in text, text


def test_p6_jacks_warning_says_her_for_madame_and_miss_stealthy():
    """RB (round 28): "Jack in sight for now (Madame, you): the actions
    left may still hide him.  Madame is a woman; elsewhere the program says
    'her'"."""
    import random

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.sentences import WOMEN
    from whitechapel.pocket.setup import random_setup
    from whitechapel.pocket.ui import panels

    said = []
    for seed in range(200):
        game = PocketGame(random_setup(seed))
        if game.view(JACK).jack.identity not in WOMEN:
            continue
        rng = random.Random(seed)
        while game.outcome is None and len(said) < 3:
            if game.unresolved:
                game.resolve()
                continue
            if game.to_act == JACK:
                view = game.view(JACK)
                for action in game.legal_actions():
                    trial = game.clone()
                    trial.apply(action)
                    line = panels.exposed_line(view, trial.view(JACK), action)
                    if "for now" in line:
                        said.append(line)
            game.apply(rng.choice(game.legal_actions()))
        if len(said) >= 3:
            break
    assert said
    for line in said:
        assert line.endswith("may still hide her."), line
