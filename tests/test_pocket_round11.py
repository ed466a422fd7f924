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


def test_p8_a_line_that_wins_unless_jacks_card_says_so_says_so():
    """PW (round 12): the review's "Better: swap b1 and c1: whatever Jack
    answered, 1 seen / 1 not: you win", where Jack's alibi card could bring
    his sixth hourglass and the race: a win a card may spoil says so, with
    its odds, as a loss a card may bring always did."""
    from whitechapel.pocket import ahead, hints

    game = PocketGame.new(68)
    rng = random.Random(68)
    while len(game.history) < 13:
        game.advance(rng.choice(game.legal_actions()))
    view = game.view(INVESTIGATOR)
    best = ahead.grade(view, INVESTIGATOR).best()
    assert best is not None and best.drawer == JACK and 0 < best.spoil < 1
    said = hints.said(view, best, INVESTIGATOR)[0]
    assert said.endswith(
        f"you win, unless his alibi card spoils your win (about {hints.odds(best.spoil)})"
    )
