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


def test_p5_the_jokers_token_says_it_moves_one_step():
    """QU (round 24): "I planned a 2-step joker and only found out at the
    target prompt"; the tokens' panel says it beside the token while it
    is to play."""
    from rich.text import Text

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import INVESTIGATOR, JOKER
    from whitechapel.pocket.setup import random_setup
    from whitechapel.pocket.ui import panels

    for seed in range(20):
        view = PocketGame(random_setup(seed)).view(INVESTIGATOR)
        faces = [t.up for t in view.tokens]
        if JOKER in faces:
            break
    else:
        raise AssertionError("no joker in round 1")
    lines = Text.from_markup(panels.tokens_text(view, None, width=28)).plain.splitlines()
    assert f"{faces.index(JOKER) + 1} Joker (1 step)" in [x.strip() for x in lines]
    assert max(len(x) for x in lines) <= 28
