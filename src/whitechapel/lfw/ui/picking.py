"""The choice of the moment on the hot-seat screen, without the screen.

`Picking` holds the engine's choices (a `Chooser`, or a `Placer` in H2/H3),
what the player has typed and which option Tab has highlighted, and answers
what the screen shows: the targets on the map, the word choices, the hint
line.  Pure Python, so the keys' logic is tested without an app."""

from __future__ import annotations

from typing import Any

from whitechapel.lfw.phases import Phase
from whitechapel.lfw.ui.choosing import Chooser, Placer
from whitechapel.lfw.ui.marks import COLOUR_LETTERS, COLOURS, FAKE_MARKER


class Picking:
    def __init__(self, board: Any, chooser: Chooser | Placer | None = None) -> None:
        self.board = board
        self.chooser = chooser
        self.typed = ""
        self.cursor = 0  # which option Tab has highlighted
        self.cycled = False  # has Tab been pressed since the last pick?

    # -- what is offered -------------------------------------------------------------

    def is_node(self, word: str) -> bool:
        board = self.board
        return (word.isdigit() and board.is_circle(int(word))) or board.is_crossing(word)

    def options(self) -> list[str]:
        return [str(o) for o in self.chooser.options()] if self.chooser is not None else []

    def node_options(self) -> list[str]:
        return [o for o in self.options() if self.is_node(o)]

    def word_options(self) -> list[str]:
        return [o for o in self.options() if not self.is_node(o)]

    def complete(self) -> str | None:
        """The action the words picked so far make, if they make one."""
        return self.chooser.complete() if isinstance(self.chooser, Chooser) else None

    def can_back(self) -> bool:
        return self.chooser is not None and self.chooser.can_back

    def highlighted(self) -> str | None:
        """The option Enter takes: what the typed text names, or Tab's choice.
        Where the action is already complete, Enter alone means "done" until
        Tab is pressed."""
        opts = self.options()
        if self.typed:
            found = self.matches(self.typed)
            return found[0] if found else None
        if self.complete() is not None and not self.cycled:
            return None
        return opts[self.cursor % len(opts)] if opts else None

    def matches(self, typed: str) -> list[str]:
        """Options the typed text names: a node exactly, or a word by prefix."""
        exact = [o for o in self.options() if o.lower() == typed.lower()]
        if exact:
            return exact
        return [o for o in self.word_options() if o.lower().startswith(typed.lower())]

    # -- what the screen says ------------------------------------------------------------

    def so_far(self) -> str:
        chooser = self.chooser
        if isinstance(chooser, Chooser) and chooser.can_back:
            return "  So far: [b]" + chooser.text_with("").strip() + "[/b]"
        if isinstance(chooser, Placer) and chooser.picked:
            return "  Placed: " + " ".join(map(str, chooser.picked))
        return ""

    def keys_hint(self) -> str:
        words, nodes = self.word_options(), self.node_options()
        parts = []
        if nodes:
            parts.append("type a number or click the map, Tab cycles, Enter chooses")
        if words and not nodes:
            parts.append("keys " + ", ".join(f"{i + 1} {w}" for i, w in enumerate(words[:9])))
        elif words:
            parts.append("or type " + " / ".join(words))
        if self.complete() is not None:
            parts.append("Enter alone: done" if self.options() else "Enter plays it")
        return "; ".join(parts)

    def choice_specs(self, room: int) -> list[tuple[str, str]]:
        """The word choices as (label, word) for the buttons, then Done and Back."""
        words, numbered = self.word_options(), not self.node_options()
        specs = [(f"{i + 1} {w}" if numbered else w, w) for i, w in enumerate(words[: room - 2])]
        if self.complete() is not None and self.options():
            specs.append(("Done", "*done"))
        if self.can_back():
            specs.append(("Back", "*back"))
        return specs

    def placing_marks(self, marks: dict, texts: dict) -> None:
        """H2/H3 while placing: the tokens placed so far, as they will stand
        (the Chief sees which marker is which; Jack which women are marked)."""
        chooser = self.chooser
        if not isinstance(chooser, Placer):
            return
        for i, node in enumerate(chooser.picked):
            if chooser.phase == Phase.WOMEN:
                marks[node] = "woman-marked" if i < chooser.placement["marked"] else "woman"
            elif i < chooser.placement["real"]:
                marks[node] = f"marker-{COLOURS[i]}"
                texts[node] = COLOUR_LETTERS[COLOURS[i]].lower()
            else:
                marks[node], texts[node] = "marker-fake", FAKE_MARKER

    # -- the player's keys ---------------------------------------------------------------

    def cycle(self, step: int) -> None:
        self.typed = ""
        if self.options() and (self.cycled or self.complete() is None):
            self.cursor = (self.cursor + step) % len(self.options())  # else: show the first
        self.cycled = True

    def pick(self, word: str) -> str | None:
        """Take an offered word; the action's text once it is complete.
        ValueError for a word not offered."""
        chooser = self.chooser
        if chooser is None:
            raise ValueError(word)
        node = int(word) if isinstance(chooser, Placer) and word.isdigit() else word
        done = chooser.pick(node)
        self.typed, self.cursor, self.cycled = "", 0, False
        return done

    def back(self) -> None:
        if self.typed:
            self.typed = ""
        elif self.chooser is not None:
            self.chooser.back()
        self.cursor, self.cycled = 0, False
