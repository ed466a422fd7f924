"""Round 11's findings (issue 44; play-tester PU,
docs/playtests/2026-12-06-pocket-round11-PU.md), each checked as a player
would notice it."""

from __future__ import annotations

import random

from rich.text import Text

from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui import panels


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _styled(markup: str, style: str) -> list[str]:
    """The words of `markup` drawn in `style` (reverse, dim)."""
    text = Text.from_markup(markup)
    return [text.plain[s.start : s.end] for s in text.spans if str(s.style) == style]


def test_p4_the_rounds_order_stands_beside_the_tokens_the_next_to_play_marked():
    """PU: "Show the round's play order (e.g. 'you · Jack · Jack · you',
    current slot marked) beside the tokens"."""
    game = PocketGame.new(3)
    line = panels.order_line(game.view(INVESTIGATOR), 40)
    assert _plain(line) == "Action tokens you→Jack→Jack→you"  # round 1 (odd): P4
    assert _styled(line, "reverse") == ["you"] and line.index("[reverse]") < line.index("Jack")
    assert _plain(panels.order_line(game.view(INVESTIGATOR), 29)) == "Tokens you→Jack→Jack→you"
    assert "Action tokens you→Jack→Jack→you" in _plain(
        panels.tokens_text(game.view(INVESTIGATOR), None)
    )
    rng = random.Random(3)
    game.advance(rng.choice(game.legal_actions()))  # the investigator's first action
    line = panels.order_line(game.view(JACK))
    assert _plain(line) == "Action tokens Inv.→you→you→Inv."
    assert _styled(line, "dim") == ["Inv."] and _styled(line, "reverse") == ["you"]
    while game.view(JACK).round == 1:
        game.advance(rng.choice(game.legal_actions()))
    assert (
        _plain(panels.order_line(game.view(JACK))) == "Action tokens you→Inv.→Inv.→you"
    )  # round 2
