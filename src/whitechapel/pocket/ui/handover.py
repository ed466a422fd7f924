"""Jack's cards at a Pocket hot seat (P9), shown alone behind the curtain:
in 'secrets' mode when `s` is pressed (after a hand-over, and hidden again
before the hand-back: `JacksCards.show`), and in both modes the card Jack
has just drawn, before the screen passes on (`JacksCards.drawn`).  (The
hand-over at every change of side, 'always' mode, is the turn control's
own: `ui/turns.py`.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui import panels
from whitechapel.ui.source import Source
from whitechapel.ui.turns import PASS, TurnControl, handover_text

CARDS = "cards"  # the curtain's kind while Jack's cards are on it


class CardsScreen(Protocol):
    """What showing Jack's cards asks of the game screen."""

    source: Source

    handover: str | None  # the hand-over mode: "always" or "secrets"

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
            text = (
                f"[b]{jack[0].upper() + jack[1:]}: your cards[/b]\n\n{away}, look away.\n\n"
                "Press [b]Enter[/b] when ready."
            )
        else:
            text = handover_text(jack, away)
        turns.show_curtain(PASS, text, ready)

    def drawn(self, then: Callable[[], None]) -> None:
        """Jack has just drawn an alibi card (P5): he sees it, alone, before
        the screen passes on (`then`).  In 'always' mode he holds the
        keyboard and the investigator looks away already; in 'secrets' mode
        the screen is public, so the investigator is asked to look away
        first."""
        screen, turns = self.screen, self.turns
        holder, turns.holder = turns.holder, None
        screen.refresh_all()  # nothing of either side under the curtain
        name = screen.player_name

        def hidden() -> None:
            turns.holder = holder  # the keyboard as it was: what follows passes it on
            then()

        def card() -> None:
            text = self.drawn_text() + "\n\nPress [b]Enter[/b] to hide it."
            turns.show_curtain(CARDS, text, hidden)

        if screen.handover == "secrets":
            jack, away = name(JACK, capital=True), name(INVESTIGATOR, capital=True)
            text = (
                f"[b]{jack} drew an alibi card[/b]\n\n{away}, look away.\n\n"
                "Press [b]Enter[/b] when only Jack sees the screen."
            )
            turns.show_curtain(PASS, text, card)
        else:
            card()

    def drawn_text(self) -> str:
        """The card Jack has just drawn, then his cards, from his own view,
        as he holds them before the call his draw may have led to is shown."""
        secrets = panels.held_at_draw(self.screen.source.view(JACK))
        assert secrets.alibis, "Jack's view holds the card he drew"
        who = self.screen.player_name(JACK, capital=True)
        return f"[b]{who}: you drew an alibi card[/b]\n\n{panels.drawn_line(secrets)}\n\n" + (
            panels.secret_text(secrets)
        )

    def text(self) -> str:
        """Jack's cards, from his own view."""
        secrets = self.screen.source.view(JACK).jack
        assert secrets is not None, "Jack's view holds his secrets"
        return panels.secret_text(secrets)
