"""Letters from Whitechapel alone against the computer, at one keyboard:
what the game screen adds to the turn control's computer (ui/turns.py).

The computer's actions come one at a time, `PACE` apart (its police play
ten or more in a row: five moves, then the searches and arrests), each
redrawn on the map with what it touched brought into sight; Space plays
the rest without pauses until the person's next action.  What it played
since the person's last action is listed under the map (`computer.py`,
from the log of the person's own view, so nothing in it is the other
side's secret) and stays until the person acts.  The computer's own notes
on why (`players.Answer.note`: the police's player says why a policeman
holds his crossing, from the police's view) are kept and shown in the log
once the game is over.  Space is the game screen's (ui/screens/game.py).

A part of `LfwScreen` (its base, typed as a game screen).
"""

from __future__ import annotations

from typing import Any

from whitechapel.lfw.ui import computer, panels, placenames
from whitechapel.lfw.ui.choosing import node_of
from whitechapel.lfw.ui.keys import bring_into_sight
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.picking import Picking
from whitechapel.lfw.views import LfwView
from whitechapel.ui.screens.game import GameScreen
from whitechapel.ui.widgets.text import TextPanel


class LfwSolo(GameScreen):
    PACE = 0.05  # s between the computer's actions: a police turn of ten in about 0.5 s

    picking: Picking  # the choice of the moment (LfwScreen's)
    board: Any  # the board (LfwScreen's)
    log_notes: dict[int, str]  # log index -> the computer's note on it (LfwScreen's)

    def seat_solo(self) -> None:
        """At the start: the person's view's log up to now (what follows is
        what the computer plays, listed under the map)."""
        self.played_from = len(self.current_view().log)
        self._played_lines = 0  # the lines that list has (a new count asks for a layout)

    def show_played(self, view: LfwView) -> None:
        """What the computer played since the person's last action, under
        the map (its height follows its lines: a new count asks for a layout)."""
        human = self.turns.human
        if human is None:
            return
        other = next(s for s in self.SIDES if s != human)
        title = self.TITLES[other]
        text = computer.played_text(
            view.log[self.played_from :],
            title[0].upper() + title[1:],
            computer.known_clues(view.log, self.played_from),
        )
        if text and view.outcome is not None:  # the why, once the game is over
            text += computer.notes_text(self.turns.computer_notes)
        panel = self.query_one("#played", TextPanel)
        panel.set(
            panels.untagged(placenames.in_words(text, self.board))
        )  # crossings in board terms
        self.set_class(bool(text), "played")
        lines = text.count("\n") + 1 if text else 0
        if lines != self._played_lines:
            self._played_lines = lines
            panel.refresh(layout=True)

    def person_acted(self) -> None:
        super().person_acted()
        self.played_from = len(self.current_view().log)

    def computer_sends(self, text: str, note: str | None = None) -> None:
        """The computer's action, played; what it touched is brought into
        sight, or, when the person's turn comes, the person's own target (or,
        for Jack, where he stands)."""
        before = len(self.current_view().log) if self.is_mounted else 0
        super().computer_sends(text, note)
        if not self.is_mounted:
            return
        if note:  # in the log too, under the entry of the stay or pass it explains
            self.note_entry(before, note)
        node: str | int | None = computer.touched(text)
        if self.can_act():  # the person's turn again: their own target, or Jack himself
            hi = self.picking.highlighted()
            if hi is not None and self.picking.is_node(hi):
                return  # centred on it already (`centre_on_targets`)
            jack = self.current_view().jack
            node = jack.position if jack else None
        if node is not None:
            bring_into_sight(self.query_one(MapView), node_of(str(node)))

    def note_entry(self, before: int, note: str) -> None:
        """The computer's note on its action, kept for the log under the
        entry the action made (its first from `before`): the why after
        "Red holds his crossing: "."""
        entries = self.current_view().log[before:]
        at = next((i for i, e in enumerate(entries) if e.event in ("police_move", "pass")), None)
        if at is not None:
            self.log_notes[before + at] = note.split(": ", 1)[-1]
