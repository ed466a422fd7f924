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
