"""Jack's cards at a Pocket hot seat in 'secrets' mode (P9): shown alone
behind the curtain, after a hand-over, and hidden again before the
hand-back.  (The hand-over at every change of side, 'always' mode, is the
game screen's own: `ui/screens/game.py`.)  Mixed into `PocketScreen`."""

from __future__ import annotations

from typing import Any

from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui import panels
from whitechapel.ui.screens.handover import handover_text


class PocketHandOvers:
    source: Any
    holder: str | None
    handover: str | None

    def action_secrets(self) -> None:
        """'secrets' mode: Jack's cards behind a hide screen, hidden again after."""
        if self.source.outcome is not None or self.handover != "secrets" or self.curtain_kind:
            return
        self.holder = None
        self.refresh_all()  # type: ignore[attr-defined]
        self._secret_dance()

    def _secret_dance(self) -> None:
        """On the investigator's turn: pass to Jack, his cards, pass back.  On
        Jack's own turn he holds the keyboard already: the investigator looks
        away, Jack sees his cards, and Enter hides them and he plays on."""
        inv = self.player_name(INVESTIGATOR)  # type: ignore[attr-defined]
        jack = self.player_name(JACK)  # type: ignore[attr-defined]
        away = self.player_name(INVESTIGATOR, capital=True)  # type: ignore[attr-defined]
        jacks_turn = self.source.to_act == JACK

        def after_cards() -> None:
            if jacks_turn:
                self.refresh_all()  # type: ignore[attr-defined]
                return
            note = "Jack's cards are hidden again."
            jack_away = self.player_name(JACK, capital=True)  # type: ignore[attr-defined]
            self.show_curtain("pass", handover_text(inv, jack_away, note), None)  # type: ignore[attr-defined]

        def ready() -> None:
            after = "play on" if jacks_turn else "hide them"
            text = self.secret_text() + f"\n\nPress [b]Enter[/b] to {after}."
            self.show_curtain("cards", text, after_cards)  # type: ignore[attr-defined]

        if jacks_turn:
            text = (f"[b]{jack[0].upper() + jack[1:]}: your cards[/b]\n\n{away}, look away.\n\n"
                    "Press [b]Enter[/b] when ready.")  # fmt: skip
        else:
            text = handover_text(jack, away)
        self.show_curtain("pass", text, ready)  # type: ignore[attr-defined]

    def secret_text(self) -> str:
        return panels.secret_text(self.source.view(JACK)["jack"])
