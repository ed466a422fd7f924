"""Round 23's findings (issue 44; play-testers QR and QS,
docs/playtests/2026-12-07-pocket-round23-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import dataclasses

from pocket_positions import game
from whitechapel.pocket import review
from whitechapel.pocket.pieces import JACK


def test_p8_the_reviews_cards_line_names_every_card_jack_drew():
    """QR: the review said "Jack's alibi card: Lane 1" and left out his
    Lestrade card (no hourglass); the end screen listed both."""
    g = game(
        "pizer:S gull:S bert:S lane:S madame:S smith:S lestrade:S goodley:S stealthy:S",
        jack="stealthy",
    )
    view = g.view(JACK)
    secrets = dataclasses.replace(view.jack, alibis=("lane", "lestrade"), hourglasses=6)
    line = review.cards_line(dataclasses.replace(view, jack=secrets))
    assert line == "Jack's alibi cards: Lane 1, Lestrade 0: 1 hourglass of her 6.", line
