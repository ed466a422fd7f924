"""Jack's cards at a Pocket hot seat in 'secrets' mode (P9): shown alone
behind the curtain, after a hand-over, and hidden again before the
hand-back.  (The hand-over at every change of side, 'always' mode, is the
turn control's own: `ui/turns.py`.)  `PocketScreen` asks `JacksCards.show`
when `s` is pressed."""

from __future__ import annotations

from typing import Protocol

from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui import panels
from whitechapel.ui.source import Source
from whitechapel.ui.turns import PASS, TurnControl, handover_text

CARDS = "cards"  # the curtain's kind while Jack's cards are on it


class CardsScreen(Protocol):
    """What showing Jack's cards asks of the game screen."""

    source: Source

    def player_name(self, side: str, *, capital: bool = False) -> str: ...

    def refresh_all(self) -> None: ...


class JacksCards:
    """The 'secrets' mode's look at Jack's cards, on one screen's curtain."""

    def __init__(self, screen: CardsScreen, turns: TurnControl) -> None:
        self.screen, self.turns = screen, turns

    def show(self) -> None:
        """On the investigator's turn: pass to Jack, his cards, pass back.  On
        Jack's own turn he holds the keyboard already: the investigator looks
        away, Jack sees his cards, and Enter hides them and he plays on."""
        screen, turns = self.screen, self.turns
        turns.holder = None
        screen.refresh_all()  # nothing of either side under the curtain
        name = screen.player_name
        inv, jack = name(INVESTIGATOR), name(JACK)
        away = name(INVESTIGATOR, capital=True)
        jacks_turn = screen.source.to_act == JACK

        def after_cards() -> None:
            if jacks_turn:
                screen.refresh_all()
                return
            note = "Jack's cards are hidden again."
            turns.show_curtain(PASS, handover_text(inv, name(JACK, capital=True), note))

        def ready() -> None:
            after = "play on" if jacks_turn else "hide them"
            text = self.text() + f"\n\nPress [b]Enter[/b] to {after}."
            turns.show_curtain(CARDS, text, after_cards)

        if jacks_turn:
            text = (f"[b]{jack[0].upper() + jack[1:]}: your cards[/b]\n\n{away}, look away.\n\n"
                    "Press [b]Enter[/b] when ready.")  # fmt: skip
        else:
            text = handover_text(jack, away)
        turns.show_curtain(PASS, text, ready)

    def text(self) -> str:
        """Jack's cards, from his own view."""
        secrets = self.screen.source.view(JACK).jack
        assert secrets is not None, "Jack's view holds his secrets"
        return panels.secret_text(secrets)
