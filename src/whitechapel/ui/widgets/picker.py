"""The choices of a setup screen: one row of them, read at a glance.

A `Picker` is one row of a setup form (Tab and shift+Tab go between rows).
Every item shows its state in glyphs, never by colour alone: `[x]` / `[ ]`
for rules that are on or off (`multiple`), `(•)` / `( )` for one choice
among several.  The arrows move within the row; Space toggles (or, for one
choice, chooses) the item under the cursor -- what has the focus, never
another widget.  For one choice the arrows choose at once (as a radio group
does), Space goes on to the next; ← → go round from the last item to the
first; a row too narrow for its items shows the chosen one alone, between
`‹ ›`, with "2 of 9".  The item under the cursor
is drawn in reverse video, and only while the row has the focus, which
`◂` after it says where the row has room."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

CHECK = {True: "[x]", False: "[ ]"}
RADIO = {True: "(•)", False: "( )"}
GAP = "  "
# After the row with the focus: the row the arrows change, in words as well
# as in reverse video (testers QD and QE, Pocket round 16, read their
# captures without attributes: "the radio rows show no highlight")
FOCUS_MARK = " ◂"


class Picker(Widget, can_focus=True):
    DEFAULT_CSS = """
    Picker { height: auto; width: 1fr; }
    """
    BINDINGS = [
        Binding("left", "across(-1)", "Previous", show=False, id="picker.left"),
        Binding("right", "across(1)", "Next", show=False, id="picker.right"),
        Binding("up", "down(-1)", "Previous", show=False, id="picker.up"),
        Binding("down", "down(1)", "Next", show=False, id="picker.down"),
        Binding("space", "choose", "Toggle", show=False, id="picker.toggle"),
        Binding("home", "move(-1000)", "First", show=False, id="picker.first"),
        Binding("end", "move(1000)", "Last", show=False, id="picker.last"),
    ]

    class Changed(Message):
        def __init__(self, picker: Picker) -> None:
            super().__init__()
            self.picker = picker

        @property
        def control(self) -> Picker:
            return self.picker

    def __init__(
        self,
        items: Sequence[tuple[str, str]],
        chosen: str | Sequence[str] = (),
        *,
        multiple: bool = False,
        vertical: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.items = list(items)
        self.multiple, self.vertical = multiple, vertical
        values = [v for _, v in self.items]
        if multiple:
            self.chosen = {values.index(v) for v in chosen}
            self.cursor = 0
        else:
            self.cursor = values.index(chosen) if chosen in values else 0
            self.chosen = {self.cursor}

    # -- what it holds ----------------------------------------------------------------

    @property
    def value(self) -> str:
        """The one choice (a row of one choice)."""
        return self.items[self.cursor][1]

    @property
    def selected(self) -> list[str]:
        """Every item ticked, in the row's order."""
        return [v for k, (_, v) in enumerate(self.items) if k in self.chosen]

    def choose(self, value: str) -> None:
        """Choose the item `value` (tick it, in a row of several)."""
        k = [v for _, v in self.items].index(value)
        self.cursor = k
        if self.multiple:
            self.chosen.add(k)
        else:
            self.chosen = {k}
        self._changed()

    # -- keys and clicks ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The arrows along the row are its own; the others (and Up at the
        top of a column, Down at its foot) go on to the screen, which moves
        between rows with them."""
        if action == "across":
            return not self.vertical
        if action == "down":
            if not self.vertical:
                return False
            step = int(parameters[0]) if parameters else 1  # type: ignore[call-overload]
            return 0 <= self.cursor + step < len(self.items)
        return True

    def action_across(self, step: int) -> None:
        """← →: the next item, round from the last to the first and back
        (tester S, round 10: → at the last choice did nothing, and a game
        against the computer started where hot seat was meant)."""
        if self.items:
            self.action_move((self.cursor + step) % len(self.items) - self.cursor)

    def action_down(self, step: int) -> None:
        self.action_move(step)

    def action_move(self, step: int) -> None:
        k = min(max(self.cursor + step, 0), len(self.items) - 1)
        if k == self.cursor:
            return
        self.cursor = k
        if self.multiple:
            self.refresh()
        else:
            self.chosen = {k}
            self._changed()

    def action_choose(self) -> None:
        """Space: tick or untick the item under the cursor (a row of rules),
        or the next choice (a row of one choice)."""
        if self.multiple:
            self.chosen ^= {self.cursor}
        else:
            self.cursor = (self.cursor + 1) % len(self.items)
            self.chosen = {self.cursor}
        self._changed()

    def on_click(self, event: events.Click) -> None:
        k = self.item_at(event.x, event.y)
        if k is None:
            return
        self.cursor = k
        if self.multiple:
            self.chosen ^= {k}
        else:
            self.chosen = {k}
        self._changed()

    def _changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # -- drawing ------------------------------------------------------------------------

    def label(self, k: int) -> str:
        marks = CHECK if self.multiple else RADIO
        return f"{marks[k in self.chosen]} {self.items[k][0]}"

    def _fits(self, width: int) -> bool:
        row = GAP.join(self.label(k) for k in range(len(self.items)))
        return self.vertical or len(row) <= max(width, 1)

    def spans(self, width: int) -> list[tuple[int, int, int]]:
        """Where each item shown is: (item, x, y) of its first cell."""
        if self.vertical:
            return [(k, 0, k) for k in range(len(self.items))]
        if not self._fits(width):
            return [(self.cursor, 2, 0)]
        out, x = [], 0
        for k in range(len(self.items)):
            out.append((k, x, 0))
            x += len(self.label(k)) + len(GAP)
        return out

    def item_at(self, x: int, y: int) -> int | None:
        width = self.content_size.width
        if not self.vertical and not self._fits(width):  # ‹ chosen ›: the arrows step
            if x < 2:
                return max(self.cursor - 1, 0)
            if x >= 2 + len(self.label(self.cursor)):
                return min(self.cursor + 1, len(self.items) - 1)
            return self.cursor
        for k, x0, y0 in self.spans(width):
            if y == y0 and x0 <= x < x0 + len(self.label(k)):
                return k
        return None

    def render(self) -> Text:
        width = self.content_size.width
        text = Text(no_wrap=True, overflow="ellipsis")
        here = "reverse" if self.has_focus else ""
        if not self.vertical and not self._fits(width):
            text.append("‹ ")
            text.append(self.label(self.cursor), style=here)
            text.append(f" ›  {self.cursor + 1} of {len(self.items)}", style="dim")
            if self.has_focus:
                text.append(FOCUS_MARK, style="bold")
            return text
        for k in range(len(self.items)):
            if k:
                text.append("\n" if self.vertical else GAP)
            text.append(self.label(k), style=here if k == self.cursor else "")
        if self.has_focus and not self.vertical and text.cell_len + len(FOCUS_MARK) <= width:
            text.append(FOCUS_MARK, style="bold")
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.items) if self.vertical else 1
