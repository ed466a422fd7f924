"""Building an action word by word, for the hot-seat screen.  Pure Python.

The legal actions of the view (`legal.legal(view)`), in their text forms,
are what a `Chooser` walks, as a tree of words: "coach 69 56" is the words
coach, 69, 56; "wretched 65>66" is wretched, 65, >, 66.  At each step the
screen offers the next words (circles and crossings on the map, keywords as
choices), and a word with only one possible next word is taken at once
(a policeman's colour in T2, the ">" of a Wretched move).  The screen never
decides a rule: the words come from the engine's own list, and a word that
is not offered is checked by the engine, whose refusal is the reason shown.

Where the text's order is only a convention, either order is taken: the
two markers of Saucy Jacky ("letter saucy-jacky x3 x9" is written sorted,
but the player may name x9 first) and the Chief's two moves that follow it.
O6's "know 90" is offered beside the acting policeman's T3 actions, as his
word "know" (it does not use his action, but that is where he looks for it).

A walk onto the hideout is two actions ("step 88 home" announces it, "step
88" passes through, T1); the plain step is offered as its own word
(`THROUGH`) after the circle, so that no action is complete there until the
player names one: Enter alone takes the first, announcing (a quick Enter
never throws a night's escape away), and passing through is a named word.

The two placement phases list too many actions (H2 women tokens, H3 patrol
markers), so the view gives what they allow instead ("placement"), and a
`Placer` picks the circles or crossings one at a time in the order the
action's text wants them; the last one placed waits for Enter.  When the
marked women are down and every free red circle left must take one of the
others (night 1: a woman on every red circle, H2), they go down at once:
the player names only the marked ones.
"""

from __future__ import annotations

import functools
import re

from whitechapel.lfw.rulebook import COLOURS
from whitechapel.lfw.view_parts import Placement, WomenPlacement

WORD = re.compile(r"[^\s>=]+|[>=]")
HOME = "home"  # T1: the walk onto the hideout announces it
THROUGH = "through"  # T1: the walk onto the hideout passes through it (not a word of the record)


@functools.lru_cache(maxsize=4096)
def words_of(text: str) -> tuple[str, ...]:
    """An action's words (cached: a screen splits the same legal texts at
    every key)."""
    return tuple(WORD.findall(text))


def node_of(word: str) -> int | str:
    """A map node as the map widget knows it: circles are numbers."""
    return int(word) if word.isdigit() else word


def orders_of(text: str, colour: str | None = None) -> list[tuple[str, ...]]:
    """Every word order in which `text` may be chosen: its own, and the
    other order of a pair whose written order is only a convention."""
    words = words_of(text)
    out = [words]
    if words[:2] == ("letter", "saucy-jacky") and len(words) == 4:
        out.append((*words[:2], words[3], words[2]))
    elif words[0] == "saucy" and len(words) == 7:
        out.append((words[0], *words[4:7], *words[1:4]))
    elif words[0] == "know" and colour is not None:
        out = [(colour, *words)]
    return out


class Chooser:
    """The legal actions of the moment, narrowed by the words picked so far.
    `colour`: the policeman acting (T3), under whose words O6 is offered."""

    def __init__(self, legal: list[str], colour: str | None = None) -> None:
        self.legal = {w: t for t in legal for w in orders_of(t, colour)}
        for words, text in list(self.legal.items()):
            if (*words, HOME) in self.legal:  # T1: passing through is a word too
                del self.legal[words]
                self.legal[(*words, THROUGH)] = text
        self.picked: list[str] = []
        self._undo: list[int] = []  # len(picked) before each of the player's picks
        # The options for the words picked when they were counted: a screen asks
        # many times between two picks (labels, hint, buttons, each key).
        self._options: tuple[tuple[str, ...], list[str]] | None = None
        self._advance()

    # -- what may come next ------------------------------------------------------

    def candidates(self) -> list[tuple[str, ...]]:
        n, picked = len(self.picked), tuple(self.picked)
        return [w for w in self.legal if w[:n] == picked]

    def options(self) -> list[str]:
        """The possible next words, in the engine's order."""
        picked = tuple(self.picked)
        if self._options is None or self._options[0] != picked:
            n = len(picked)
            words = dict.fromkeys(w[n] for w in self.legal if len(w) > n and w[:n] == picked)
            self._options = (picked, list(words))
        return list(self._options[1])

    def complete(self) -> str | None:
        """The action the picked words already make, if they make one."""
        return self.legal.get(tuple(self.picked))

    # -- picking -------------------------------------------------------------------

    def pick(self, word: str) -> str | None:
        """Take a next word; returns the action's text once nothing more can
        follow.  A word not offered raises ValueError."""
        if word not in self.options():
            raise ValueError(word)
        self._undo.append(len(self.picked))
        self.picked.append(word)
        self._advance()
        if not self.options():
            return self.complete()
        return None

    @property
    def can_back(self) -> bool:
        return bool(self._undo)

    def back(self) -> bool:
        """Undo the last word picked by the player (and the words taken with
        it); False when there was nothing to undo."""
        if not self._undo:
            return False
        del self.picked[self._undo.pop() :]
        return True

    def _advance(self) -> None:
        while self.complete() is None and len(opts := self.options()) == 1:
            self.picked.append(opts[0])

    def text_with(self, word: str) -> str:
        """The text an action would have with `word` next (for asking the
        engine why a word not offered is refused)."""
        words = [*self.picked, word]
        out = ""
        for w in words:
            out += w if (w in "><=" or out.endswith(">") or not out) else " " + w
        return out


class Placer:
    """H2 and H3: the nodes of a placement action, one at a time.

    Women (H2): first the marked women, then the others, on free red
    circles.  Patrols (H3): the real markers in the order blue, yellow,
    brown, red, green, then the two fakes; every crossing in `must` (where
    the policemen ended last night) is used, the others come from `may`."""

    def __init__(self, phase: str, placement: Placement) -> None:
        self.phase = phase
        self.placement = placement
        self.picked: list[int | str] = []
        self.filled = 0  # women put down at once, as forced (H2), after the last pick
        if isinstance(placement, WomenPlacement):
            self.total = placement.women
            self.first = placement.marked  # the marked women come first
        else:
            self.total = placement.real + placement.fakes
            self.first = placement.real  # the real markers come first

    def what_next(self) -> str:
        """What the next pick is, in words."""
        k = len(self.picked)
        if isinstance(self.placement, WomenPlacement):
            marked = self.first
            if k < marked:
                return f"marked woman {k + 1} of {marked}"
            return f"unmarked woman {k - marked + 1} of {self.total - marked}"
        real = self.first
        if k < real:
            return f"the {COLOURS[k]} policeman's marker"
        return f"fake marker {k - real + 1} of {self.total - real}"

    def options(self) -> list[int | str]:
        if len(self.picked) >= self.total:
            return []
        placement = self.placement
        if isinstance(placement, WomenPlacement):
            return [c for c in placement.circles if c not in self.picked]
        must: list[int | str] = [x for x in placement.must if x not in self.picked]
        if self.total - len(self.picked) <= len(must):
            return must
        return must + [x for x in placement.may if x not in self.picked]

    def pick(self, node: int | str) -> None:
        """Place the next token; the last one waits for Enter (`complete`).
        Tokens alike (the unmarked women, H2; the fake markers, H3) that
        have only as many places left as there are of them are put down at
        once (tester Y, round 13: the last fake marker had to be typed with
        one crossing left for it)."""
        if node not in self.options():
            raise ValueError(node)
        self.picked.append(node)
        self.filled = 0
        rest = self.options()
        if len(self.picked) >= self.first and rest and len(rest) == self.total - len(self.picked):
            self.picked += rest  # no choice left among tokens alike
            self.filled = len(rest)

    def complete(self) -> str | None:
        """The action's text once every token is placed."""
        return self.text() if len(self.picked) == self.total else None

    def universe(self) -> list[int | str]:
        """Every node this placement may use (labels stay put as it goes)."""
        if isinstance(self.placement, WomenPlacement):
            return list(self.placement.circles)
        return [*self.placement.must, *self.placement.may]

    @property
    def can_back(self) -> bool:
        return bool(self.picked)

    def back(self) -> bool:
        if not self.picked:
            return False
        del self.picked[len(self.picked) - self.filled - 1 :]  # with what came with it
        self.filled = 0
        return True

    def text(self) -> str:
        k = self.first
        first = " ".join(str(v) for v in self.picked[:k])
        rest = " ".join(str(v) for v in self.picked[k:])
        return f"{self.phase} {first} / {rest}"
