"""Hand-overs at one keyboard: the curtain raised over a game screen at a
change of side, and lifted by the side taking the keyboard."""

from __future__ import annotations

from typing import Any

from whitechapel.ui.widgets.text import Curtain


def handover_text(to: str, away: str, note: str = "") -> str:
    text = f"[b]Pass to {to}[/b]\n\n{away}, look away.\n\n"
    if note:
        text += f"{note}\n\n"
    return text + "Press [b]Enter[/b] when ready."


class HandOvers:
    """Mixed into a game screen with a `Curtain` and its game in `#main`:
    raising the curtain (a hand-over prompt, or Jack's cards alone) and
    lifting it, then going on with what comes after (`then`).  Behind the
    curtain `#main` is made invisible too: the biggest part of the screen is
    not drawn only to be covered, and nothing of it could show through."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._curtain_kind: str | None = None  # 'pass' (the keyboard), 'cards', ... while it is up
        self._curtain_then: Any = None  # what follows when it is lifted

    @property
    def curtain_up(self) -> bool:
        return self.query_one(Curtain).up  # type: ignore[attr-defined]

    @property
    def curtain_kind(self) -> str | None:
        """What the curtain shows ('pass': a hand-over; 'cards', ...) while it is up, else None."""
        return self._curtain_kind if self.curtain_up else None

    def show_curtain(self, kind: str, text: str, then: Any) -> None:
        self._curtain_kind, self._curtain_then = kind, then
        self.query_one(Curtain).raise_(text)  # type: ignore[attr-defined]
        self.query_one("#main").styles.visibility = "hidden"  # type: ignore[attr-defined]

    def lift_curtain(self) -> None:
        curtain = self.query_one(Curtain)  # type: ignore[attr-defined]
        if not curtain.up:
            return
        curtain.lower()
        self.query_one("#main").styles.visibility = "visible"  # type: ignore[attr-defined]
        then, self._curtain_then = self._curtain_then, None
        if then is not None:
            then()
