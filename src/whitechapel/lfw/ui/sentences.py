"""What the screen says about a choice, in the game's words, from one side's
view (and the public board): what an action does (`describe`: the only
choice left, the words picked so far).  Why a word is not a choice now is
`refusals.why_not`.

Players never see notation or a parser's complaint: no sentence here
quotes an action's text, and none is obtained by playing anything.  Every
fact used is in the view the screen shows.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from whitechapel.lfw import rulebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import COLOURS
from whitechapel.lfw.views import LfwView

LETTER_NAMES = {
    "dear-boss": "Dear Boss",
    "from-hell": "From Hell",
    "saucy-jacky": "Saucy Jacky",
    "goulston": "the Goulston Street graffito",
}
POLICE_PHASES = (Phase.HUNT, Phase.CLUES, Phase.SEARCHING)


def name(colour: str | None) -> str:
    return (colour or "?").capitalize()


def police_order(view: LfwView) -> list[str]:
    """T2/T3: the Chief first, then clockwise (public: the Chief is shown)."""
    return list(rulebook.police_order(view.chief))


def still_to_act(view: LfwView) -> list[str]:
    """The policemen after the one acting now, this phase (T2 or T3)."""
    colour = view.acting_colour
    if view.phase.key not in (Phase.HUNT, Phase.CLUES) or colour is None:
        return []
    order = police_order(view)
    return order[order.index(colour) + 1 :]


# -- what an action does --------------------------------------------------------------


def and_list(items: Iterable[Any]) -> str:
    items = [str(i) for i in items]
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


def describe(words: Sequence[str]) -> str:
    """An action, or the words of one picked so far, as a phrase: "Blue
    searches 65", "the Wretched on 65 to …".  Unknown shapes fall back to
    a plain account of the words, never to notation."""
    w = list(words)
    more = "…"
    if not w:
        return ""
    head = w[0]
    if head in COLOURS:
        who = name(head)
        if len(w) == 1:
            return f"{who} {more}"
        verb, rest = w[1], w[2:]
        if verb == "stay":
            return f"{who} stays"
        if verb == "pass":
            return f"{who} passes"
        if verb == "search":
            return f"{who} searches {rest[0] if rest else more}"
        if verb == "arrest":
            return f"{who} arrests on {rest[0] if rest else more}"
        if verb == "area-arrest":
            return f"{who} arrests on every circle next to him"
        if verb == "chase":
            return f"{who} chases to {rest[0] if rest else more}"
        if verb == "know":
            return f"the police name {rest[0] if rest else more} as Jack's hideout"
        return f"{who} moves to {verb}"
    if head == "know":
        return f"the police name {w[1] if len(w) > 1 else more} as Jack's hideout"
    if head == "hideout":
        return f"the hideout on {w[1] if len(w) > 1 else more}"
    if head == "wait":
        return "Jack waits"
    if head == "kill":
        circles = w[1:]
        return f"Jack kills on {and_list(circles)}" if circles else f"Jack kills on {more}"
    if head == "wretched":
        if len(w) < 2:
            return f"a Wretched {more}"
        if len(w) >= 3 and w[2] == "=":
            return f"the Wretched on {w[1]} stays (it cannot move)"
        return f"the Wretched on {w[1]} moves to {w[3] if len(w) > 3 else more}"
    if head == "reveal":
        return f"Jack reveals the marker on {w[1] if len(w) > 1 else more}"
    if head == "step":
        if len(w) < 2:
            return f"Jack steps to {more}"
        home = " and announces his hideout" if "home" in w[2:] else ""
        return f"Jack steps to {w[1]}{home}"
    if head == "coach":
        return f"Jack takes a coach to {w[1] if len(w) > 1 else more}" + (
            f", then {w[2]}" if len(w) > 2 else (", then …" if len(w) > 1 else "")
        )
    if head == "alley":
        return f"Jack takes an alley to {w[1] if len(w) > 1 else more}"
    if head == "no-letter":
        return "no letter"
    if head == "letter":
        if len(w) < 2:
            return f"a letter {more}"
        letter = LETTER_NAMES.get(w[1], w[1])
        args = w[2:]
        if w[1] == "goulston":
            return f"{letter}, naming {name(args[0]) if args else more}"
        if w[1] == "saucy-jacky":
            return f"{letter}: the markers on {and_list(args) if len(args) == 2 else (args[0] + ' and …' if args else more)}"
        if not args:
            return f"{letter}: the marker on {more}"
        return f"{letter}: the marker on {args[0]} to {args[1] if len(args) > 1 else more}"
    if head == "saucy":
        moves = []
        for i in range(1, len(w), 3):
            src = w[i]
            dst = w[i + 2] if i + 2 < len(w) else more
            moves.append(f"the marker on {src} to {dst}")
        return "Saucy Jacky: " + ("; ".join(moves) if moves else more)
    if head == "graffito":
        return f"the {w[1] if len(w) > 1 else more} policeman goes to Goulston Street"
    if head == "false-clue":
        return f"a false clue on {w[1] if len(w) > 1 else more}"
    if head == "no-false-clue":
        return "no false clue"
    return " ".join(w)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
