"""Who holds the keyboard in a Pocket hot-seat game (P9): the hand-over at
a change of side ('always' mode), and in 'secrets' mode Jack's cards alone
behind the curtain, hidden again before the hand-back.  Mixed into
`PocketScreen`, whose state (`game`, `record`, `holder`, `handover`) it uses."""

from __future__ import annotations

from typing import Any

from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui import panels
from whitechapel.ui.screens.handover import handover_text


class PocketHandOvers:
    game: Any
    record: Any
    holder: str | None
    handover: str

    def player_name(self, side: str, *, capital: bool = False) -> str:
        player = self.record.players.get(side)
        title = "Jack" if side == JACK else "the investigator"
        name = f"{player} ({title})" if player else title
        return name[0].upper() + name[1:] if capital else name

    def pass_keyboard(self) -> None:
        """Before a side acts: clear every secret, then (in 'always' mode) ask
        for the hand-over."""
        side = self.game.to_act
        if side is None:
            return
        self.holder = None
        self.refresh_all()
        if self.handover != "always":
            return
        other = INVESTIGATOR if side == JACK else JACK
        away = self.player_name(other, capital=True)

        def ready() -> None:
            self.holder = side
            self.refresh_all()

        self.show_curtain("handover", handover_text(self.player_name(side), away), ready)

    # -- the curtain: hand-overs and Jack's cards ------------------------------------

    def action_secrets(self) -> None:
        """'secrets' mode: Jack's cards behind a hide screen, hidden again after."""
        if self.game.outcome is not None or self.handover == "always" or self.curtain_kind:
            return
        self.holder = None
        self.refresh_all()
        self._secret_dance()

    def _secret_dance(self) -> None:
        inv = self.player_name(INVESTIGATOR)

        def after_cards() -> None:
            note = "Jack's cards are hidden again."
            self.show_curtain("handover", handover_text(inv, "Jack", note), None)

        def ready() -> None:
            text = self.secret_text() + "\n\nPress [b]Enter[/b] to hide them."
            self.show_curtain("cards", text, after_cards)

        away = self.player_name(INVESTIGATOR, capital=True)
        self.show_curtain("handover", handover_text(self.player_name(JACK), away), ready)

    def secret_text(self) -> str:
        return panels.secret_text(self.game.view(JACK)["jack"])
