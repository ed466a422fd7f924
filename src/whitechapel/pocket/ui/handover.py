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
        inv = self.player_name(INVESTIGATOR)  # type: ignore[attr-defined]

        def after_cards() -> None:
            note = "Jack's cards are hidden again."
            self.show_curtain("handover", handover_text(inv, "Jack", note), None)  # type: ignore[attr-defined]

        def ready() -> None:
            text = self.secret_text() + "\n\nPress [b]Enter[/b] to hide them."
            self.show_curtain("cards", text, after_cards)  # type: ignore[attr-defined]

        away = self.player_name(INVESTIGATOR, capital=True)  # type: ignore[attr-defined]
        jack = self.player_name(JACK)  # type: ignore[attr-defined]
        self.show_curtain("handover", handover_text(jack, away), ready)  # type: ignore[attr-defined]

    def secret_text(self) -> str:
        return panels.secret_text(self.source.view(JACK)["jack"])
