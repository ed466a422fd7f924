"""What the screen says about a choice, in the game's words, from one side's
view (and the public board): what an action does (`describe`: the only
choice left, the words picked so far) and why a circle, crossing or word is
not a choice now (`why_not`).

Players never see notation or a parser's complaint: no sentence here
quotes an action's text, and none is obtained by playing anything.  Every
fact used is in the view the screen shows: the legal actions, the
policemen, markers, women tokens and Wretched, and Jack's own circle only
in Jack's view.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from whitechapel.lfw import rulebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import COLOURS, LETTER_SECTORS
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


def _list(items: Iterable[Any]) -> str:
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
        return f"Jack kills on {_list(circles)}" if circles else f"Jack kills on {more}"
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
            return f"{letter}: the markers on {_list(args) if len(args) == 2 else (args[0] + ' and …' if args else more)}"
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


# -- why not ----------------------------------------------------------------------------


def whose(view: LfwView, crossing: str) -> str | None:
    for colour, x in view.police.items():
        if x == crossing:
            return colour
    return None


def turn_order(view: LfwView, colour: str) -> str:
    """Why another policeman than the one acting cannot be chosen now."""
    acting = view.acting_colour
    verb = "moves" if view.phase.key == Phase.HUNT else "acts"
    if colour in still_to_act(view):
        return (
            f"{name(acting)} {verb} now; {name(colour)} comes later "
            "(the Chief first, then clockwise)."
        )
    done = "has moved" if view.phase.key == Phase.HUNT else "has acted"
    return f"{name(colour)} {done} this turn; {name(acting)} {verb} now."


def why_not(
    view: LfwView,
    board: Any,
    picked: Sequence[str],
    word: str,
    options: Sequence[str],
) -> str:
    """Why `word` (a circle's number, a crossing's id or a word the player
    typed or clicked) is not a choice after the words `picked`, when the
    choices are `options`: a sentence about the game."""
    phase = view.phase.key
    node: int | str | None = None
    if word.isdigit() and board.is_circle(int(word)):
        node = int(word)
    elif board.is_crossing(word):
        node = word
    circle = isinstance(node, int)
    circles = [o for o in options if o.isdigit()]
    crossings = [o for o in options if not o.isdigit() and board.is_crossing(o)]
    wants = "a highlighted circle" if circles else "a highlighted crossing" if crossings else ""
    if node is None:
        if word.isdigit():
            return f"There is no circle {word} on this map."
        if word[:1] in "xX" and word[1:].isdigit():
            return f"There is no crossing {word} on this map."
        if wants:
            return f"'{word}' is not on the map: choose {wants}."
        return f"'{word}' is not one of the choices now."
    if not options:
        return f"{word} is not a choice: nothing is left to choose here."
    if not circles and not crossings:  # a word first: search or arrest, step or coach …
        return f"Choose what to do first ({', '.join(options[:4])}), then the place."
    if circle and not circles:
        return f"{word} is a circle: choose {wants}."
    if not circle and not crossings:
        return f"{word} is a crossing: choose {wants}."
    acting = view.acting_colour
    if phase == "hideout":
        if node in board.red:
            return f"{word} is a red circle: the hideout cannot be on one (S1)."
        return (
            f"{word} is next to a red circle: with Catch me if you can, the hideout cannot be (O5)."
        )
    if phase == "women":
        if node not in board.red:
            return f"{word} is not a red circle: women tokens go on red circles (H2)."
        if any(s.circle == node for s in view.crime_scenes):
            return f"{word} is a crime scene: no woman goes there (H2)."
        return f"{word} already holds a women token."
    if phase == "patrols":
        if node not in board.yellow:
            return f"{word} is not a yellow crossing: patrol markers go on yellow crossings (H3)."
        return (
            f"{word} cannot take this marker: every crossing where a policeman ended "
            "last night needs one, the rest go on yellow crossings nobody held (H3)."
        )
    if phase in POLICE_PHASES and acting is not None:
        here = view.police.get(acting)
        other = whose(view, node) if isinstance(node, str) else None
        if phase == "hunt":
            if other == acting:
                return f"{name(acting)} is on {word}: 1 keeps him there."
            if other is not None:
                return (
                    f"{name(other)} stands on {word}: two policemen never end on one crossing (T2)."
                )
            return f"{word} is more than two steps from {name(acting)} (T2: up to two crossings)."
        if other is not None:
            return f"{name(other)} stands on {word}."
        if circle and here is not None and node not in board.direct_circles(here):
            return f"{word} is not next to {name(acting)}'s crossing {here} (T3)."
        if circle and node in view.false_clues:
            return f"A false clue lies on {word}: no search or arrest may name it tonight (O2)."
        if circle and phase == "searching":
            return f"{name(acting)} has already searched {word} this turn (T3)."
        if not circle and here is not None:
            return (
                f"{word} is not next to {name(acting)}'s crossing {here} (O3: a chase is one step)."
            )
    if phase == "escape":
        jack_at = view.jack.position if view.jack else None
        if circle and jack_at is not None and node == jack_at:
            return f"Jack is on {word}: he must move (T1)."
        if circle and picked[:1] == ["step"] and jack_at is not None:
            if node not in board.jack_adjacent(jack_at):
                return f"{word} is not next to Jack's circle {jack_at} (T1)."
            return f"Every way to {word} passes a crossing held by a policeman (T1)."
        if circle and picked[:1] == ["alley"]:
            return f"No alley leads from Jack's circle to {word}: an alley crosses one block (T1)."
        if circle and picked[:1] == ["coach"]:
            return f"A coach cannot reach {word}: two steps, each to a new circle (T1)."
    if phase == "kill":
        marked = view.jack.marked_women if view.jack else ()
        if node not in marked:
            return f"{word} holds no marked woman (H5)."
        return f"{word} is already named: the second murder is on another circle (N3)."
    if phase == "wretched":
        if len(picked) <= 1:
            if node not in view.wretched:
                return f"{word} holds no Wretched (H6)."
            return f"The Wretched on {word} cannot move: choose another (H6)."
        src = picked[1]
        if circle and node not in board.jack_adjacent(int(src)):
            return f"{word} is not next to the Wretched on {src} (H6)."
        return (
            f"The Wretched on {src} cannot go to {word}: its way passes or is next to a "
            "patrol marker, or a Wretched or crime scene is there (H6)."
        )
    if phase == "reveal":
        face_down = {m.crossing for m in view.patrol_markers if not m.revealed}
        if node not in face_down:
            return f"{word} holds no face-down patrol marker (H7)."
    if phase == "letter" and not circle:
        face_down = {m.crossing for m in view.patrol_markers if not m.revealed}
        letter = picked[1] if len(picked) > 1 else ""
        sectors = LETTER_SECTORS.get(letter)
        moving_from = len(picked) == 2 or (letter == "saucy-jacky" and len(picked) == 3)
        if moving_from and sectors:
            if node not in face_down:
                return f"{word} holds no face-down patrol marker (O1)."
            if board.sector(node) not in sectors:
                return f"{word} is not in sector {' or '.join(sectors)}: {LETTER_NAMES[letter]} moves a marker from there (O1)."
        if word in picked:
            return f"{word} is already named."
        if node not in board.yellow:
            return (
                f"{word} is not a yellow crossing: the marker goes to a free yellow crossing (O1)."
            )
        return f"{word} is not free: the marker goes to a free yellow crossing (O1)."
    if phase == "saucy" and not circle:
        if len(picked) in (1, 4):  # naming the marker to move
            return f"Move the markers Jack named: {_list(options)} (O1)."
        if word in picked:
            return f"{word} is already chosen."
        if node not in board.yellow:
            return (
                f"{word} is not a yellow crossing: each marker goes to a free yellow crossing (O1)."
            )
        return f"{word} is not free: each marker goes to a different free yellow crossing (O1)."
    if phase == "false_clue":
        return f"A false clue already lies on {word} (O2)."
    return f"{word} is not a choice now: choose {wants}."
