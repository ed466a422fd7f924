"""Keeping a game's record from its screen: the autosave after every action
(written just after the new screen is drawn, so the player sees the move
first), on leaving the screen, and "save record" (ctrl+s).  Shared by both
games' screens, which have `game`, `record` and `store`."""

from __future__ import annotations

from typing import Any

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.record import Record, record_of
from whitechapel.core.store import Store, autosave_name

SAVE_DELAY = 0.04  # s: after the frame that shows the move


class RecordKeeping:
    game: Any
    record: Record
    store: Store
    _unsaved = False

    def current_record(self) -> Record:
        return record_of(
            self.game, seed=self.record.seed, players=self.record.players,
            started=self.record.started,
        )  # fmt: skip

    def saved_later(self) -> None:
        """After an action: the autosave follows the frame that shows it."""
        self._unsaved = True
        self.set_timer(SAVE_DELAY, self.save_if_unsaved)  # type: ignore[attr-defined]

    def save_if_unsaved(self) -> None:
        if self._unsaved:
            self.autosave()

    def on_unmount(self) -> None:
        self.save_if_unsaved()  # leaving (or quitting) never loses the last action

    def autosave(self) -> None:
        self._unsaved = False
        try:
            record = self.current_record()
            self.store.save(record, autosave_name(record))
        except (OSError, WhitechapelError) as e:
            self.notify(f"Could not autosave: {e}", severity="error")  # type: ignore[attr-defined]

    def action_save(self) -> None:
        record = self.current_record()
        try:
            path = self.store.save(record, autosave_name(record).replace("autosave-", "game-"))
        except (OSError, WhitechapelError) as e:
            self.notify(f"Could not save: {e}", severity="error")  # type: ignore[attr-defined]
            return
        self.notify(f"Record saved: {path}", timeout=6)  # type: ignore[attr-defined]
