"""The Pocket screen's notes panel: the log below, and above it the blocks
of the moment -- a network seat's summary of the round just ended, Jack's
cards on his own screens, what the end reveals to both.  A part of
`PocketScreen` (its base, typed as a game screen).

The panel has a fixed size (showing or hiding a block resizes no widget, so
a key costs one frame), and the blocks are never cut off: one that would
leave the log less than a title and a line is left out (the first never),
and the log gives way when it no longer fits.

At the hot seat the end of a round is a summary over the board until Enter
(`PocketScreen.after_action`).  At a network seat that would eat the
player's clock, so the summary stands at the top of this panel instead,
from the seat's own view, asking for nothing: it goes at the seat's next
key (which still does its own work) or action, or when the next round's
first action arrives (the other seat's).
"""

from __future__ import annotations

from rich.text import Text
from textual import events

from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.sightlines import sightings_at_call
from whitechapel.pocket.ui import panels
from whitechapel.pocket.views import Played, PocketView
from whitechapel.ui.screens.game import GameScreen
from whitechapel.ui.widgets.text import TextPanel


class PocketNotes(GameScreen):
    log_back: int
    _notes_size: tuple[int, int]
    _brief_done: int
    _sightings: dict[int, tuple[tuple[str, ...], ...]]  # who saw whom at each call, as it came

    def fit_notes(self, width: int, height: int) -> str:
        """The panel's text for a size it is painted at (`TextPanel.fit`)."""
        return self.notes_text(self.current_view(), width, height)

    def fill_notes(self, view: PocketView) -> None:
        notes = self.query_one("#notes", TextPanel)
        laid_out = bool(notes.size.height)  # not while it is hidden: the last size it had
        if laid_out:
            self._notes_size = (notes.size.width, notes.size.height)
        width, height = self._notes_size
        fitted = self._notes_size if laid_out else None  # else: made again once laid out
        notes.set(self.notes_text(view, width, height), fitted=fitted)

    def notes_text(self, view: PocketView, width: int, height: int) -> str:
        """The panel's text for `width` × `height` cells: the blocks, then the
        log.  The blocks come first (testers PC and PD, round 2, at 80×24:
        Jack's cards were pushed out by the log's newest line): each takes
        its shortest form while there is room (the first is never left
        out: a hint's short form; Jack's cards), then a fuller form where
        the log still keeps its title and its newest line (issue 14); the
        log has the rest, its newest line cut short when it has less."""
        self._notes_size = (width, height)
        logged = self.logged(view)
        lines = panels.log_lines(logged, width)
        self.log_back = min(self.log_back, max(0, len(lines) - 1))
        newest = lines[len(lines) - 1 - self.log_back] if lines else ""
        log_rows = 1 + panels.rows_of(newest, width)  # the title, and the newest line shown

        def rows(block: str) -> int:
            plain = Text.from_markup(block).plain.split("\n")[:-1]
            return sum(panels.rows_of(line, width) for line in plain)

        blocks = self.notes_blocks(view)
        chosen: list[str | None] = []
        used = 0
        for i, forms in enumerate(blocks):  # what the blocks must show: the last form
            pick = forms[-1] if i == 0 or used + rows(forms[-1]) <= height else None
            chosen.append(pick)
            used += rows(pick) if pick else 0
        for i, forms in enumerate(blocks):  # fuller forms, where the log keeps its room
            now = chosen[i]
            if now is None:
                continue
            fuller = [f for f in forms if used - rows(now) + rows(f) + log_rows <= height]
            # a fuller form in as many rows is still fuller: a hint's move
            # and reason on rows of their own (tester PI, round 5)
            if fuller and fuller[0] != now and rows(fuller[0]) >= rows(now):
                used += rows(fuller[0]) - rows(now)
                chosen[i] = fuller[0]
        top = "".join(c for c in chosen if c)
        room = height - used
        if room >= log_rows:
            log = panels.log_text(logged, room - 1, width, self.log_back)
        else:  # the blocks are never cut off: the log gives way
            log = panels.log_cut(logged, room, width, self.log_back)
        return top + log if log else top.rstrip("\n")  # no blank last row to push the top out

    def logged(self, view: PocketView) -> PocketView:
        """The view whose log the panel shows (a puzzle's leaves out the
        rounds made up for its position)."""
        return view

    def notes_blocks(self, view: PocketView) -> list[tuple[str, ...]]:
        """What the notes panel shows above the log, most important first, each
        block ending in a newline, in its forms from the longest (the first
        that leaves the log room is shown): at a network seat the last
        round's summary until a key (with the round's actions, with who saw
        whom, short); Jack's cards on his own screens (short: who he is; `s`
        shows them all); at the end what is revealed to both."""
        source = self.source
        blocks: list[tuple[str, ...]] = []
        brief = self.pending_brief(view)
        if brief:
            seen = self.call_sightings(view, brief)
            hint = "Any key hides this."
            blocks.append(
                (
                    panels.round_brief(view, brief, hint, seen, actions=True),
                    panels.round_brief(view, brief, hint, seen),
                    panels.round_brief(view, brief, hint),
                    panels.round_brief(view, brief, hint, alibis=False),
                )
            )
        jack = source.view(JACK).jack if source.outcome or self.holder == JACK else None
        if source.outcome and jack:
            blocks.append((panels.reveal_text(jack) + "\n\n",))
        elif self.holder == JACK and jack:
            # his cards before the log's lines (testers PC and PD, round 2);
            # who he is alone only beside a network seat's round summary
            # (it goes at his next key)
            forms: tuple[str, ...] = (panels.secret_panel(jack), panels.secret_rows(jack))
            if brief:
                forms += (panels.secret_panel(jack, short=True),)
            blocks.append(forms)
        return blocks

    # -- a round's end at a network seat -------------------------------------------

    def pending_brief(self, view: PocketView) -> int:
        """At a network seat: the round whose end is still to be shown beside
        the board (0: none).  It asks for no key and stops no clock: the hot
        seat's summary covers the board until Enter, which at a network seat
        would eat the player's time."""
        if self.source.hot_seat or self.source.outcome is not None:
            return 0
        ended = panels.last_round_ended(view)
        if ended <= self._brief_done:
            return 0
        # Gone once the next round's first action has come, whoever played
        # it (tester PC, issue 44: it stood into the next round until a key).
        if any(isinstance(e, Played) and e.round > ended for e in view.log):
            return 0
        return ended

    def call_sightings(self, view: PocketView, rnd: int) -> tuple[tuple[str, ...], ...] | None:
        """Who saw whom at round `rnd`'s witness call, worked out from the
        first view that still shows the board as the call saw it, and kept
        (the other side may play on while the summary stands)."""
        if rnd not in self._sightings:
            seen = sightings_at_call(view, rnd)
            if seen is None:
                return None
            self._sightings[rnd] = seen
        return self._sightings[rnd]

    def put_brief_away(self) -> bool:
        """The seat's player pressed a key or acted: the summary goes (the log
        keeps the round's witness call).  True if there was one."""
        ended = self.pending_brief(self.current_view())
        if ended:
            self._brief_done = ended
        return bool(ended)

    async def on_key(self, event: events.Key) -> None:
        """Any key puts a network seat's round summary away, and still does
        its own work (its binding runs after this)."""
        if self.put_brief_away():
            self.refresh_all()

    def send(self, text: str, *, computer: bool = False) -> None:
        self.put_brief_away()  # a click that plays: the player has moved on
        super().send(text, computer=computer)
