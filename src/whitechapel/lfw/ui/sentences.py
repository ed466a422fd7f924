"""What the screen says about a choice, in the game's words, from one side's
view (and the public board): what an action does (`describe`: the only
choice left, the words picked so far).  Why a word is not a choice now is
`refusals.why_not`.

Players never see notation or a parser's complaint: no sentence here
quotes an action's text, and none is obtained by playing anything.  Every
fact used is in the view the screen shows.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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


# How a question asked before a key plays ends (0, 9, a later policeman):
# the keys line shows it alone (refusals.notice_line)
ASKING_END = "Esc: no"
SWEEP_ON = "9 again searches on"  # the end of why key 9 stopped (sweep.py)


def name(colour: str | None) -> str:
    return (colour or "?").capitalize()


def police_order(view: LfwView) -> list[str]:
    """T2/T3: the Chief first, then clockwise (public: the Chief is shown)."""
    return list(rulebook.police_order(view.chief))


def still_to_act(view: LfwView) -> list[str]:
    """The policemen after the one acting now, this phase (T2 or T3, a
    search under way included)."""
    colour = view.acting_colour
    if view.phase.key not in POLICE_PHASES or colour is None:
        return []
    order = police_order(view)
    return order[order.index(colour) + 1 :]


def fold_sentence(folded: Sequence[str], word: str, acting: str | None, undo: bool = False) -> str:
    """After a later policeman's key (T2, T3): who stayed or passed for
    it, and who acts now: "Green and Blue stay; Yellow moves now."; and
    where ctrl+z takes the stays back (`undo`), that it does (tester X3,
    round 39: "Esc does not bring them back")."""
    who = and_list(name(c) for c in folded)
    if word == "stay":
        done = "stays" if len(folded) == 1 else "stay"
        now = f"{name(acting)} moves now" if acting else ""
    else:
        done = "passes" if len(folded) == 1 else "pass"
        now = f"{name(acting)} acts now" if acting else ""
    said = f"{who} {done}; {now}." if now else f"{who} {done}."
    return f"{said} ctrl+z takes back a stay." if undo else said


def fold_question(folded: Sequence[str], word: str, colour: str, key: str) -> str:
    """A later policeman's key pressed once (T2, T3): what a second press
    does, skipping those before him, "Y: skip Blue and Brown (they pass: no
    search, no arrest) and Yellow acts now — Y again: yes; Esc: no".
    Tester Z (round 13) pressed B twice to move Blue first and come back
    to the others: four stayed; the question now says they are skipped."""
    who = and_list(name(c) for c in folded)
    if word == "stay":
        lost, now = (
            "they stay where they are" if len(folded) > 1 else "he stays where he is",
            "moves",
        )
    else:
        lost, now = (
            ("they pass" if len(folded) > 1 else "he passes") + ": no search, no arrest",
            "acts",
        )
    return (
        f"{key}: skip {who} ({lost}) and {name(colour)} {now} now — {key} again: yes; {ASKING_END}"
    )


def fold_cancelled(acting: str | None, word: str) -> str:
    """Anything but the same letter after `fold_question`: nothing done."""
    verb = "moves" if word == "stay" else "acts"
    return f"Nothing done: {name(acting)} still {verb} first."


# -- what an action does --------------------------------------------------------------


def and_list(items: Iterable[Any]) -> str:
    items = [str(i) for i in items]
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


MORE = "?"  # the words still to pick (T4, LfW round 50, read "…" as a list cut off)


def describe(words: Sequence[str]) -> str:
    """An action, or the words of one picked so far, as a phrase: "Blue
    searches 65", "the Wretched on 65 to ?".  The first word says whose
    phrase it is: a policeman's colour (`_police`), else the table
    `_BY_HEAD`.  Unknown shapes fall back to a plain account of the words,
    never to notation."""
    w = list(words)
    if not w:
        return ""
    if w[0] in COLOURS:
        return _police(w)
    phrase = _BY_HEAD.get(w[0])
    return phrase(w) if phrase is not None else " ".join(w)


def _at(w: list[str], i: int) -> str:
    """The i-th word, or "?" while it is still to pick."""
    return w[i] if len(w) > i else MORE


def _police(w: list[str]) -> str:
    """T2, T3, O3, O4, O6: "Blue searches 65", "Blue moves to x12"."""
    who = name(w[0])
    if len(w) == 1:
        return f"{who} {MORE}"
    verb, place = w[1], _at(w, 2)
    phrase = {
        "stay": f"{who} stays",
        "pass": f"{who} passes",
        "search": f"{who} searches {place}",
        "arrest": f"{who} arrests on {place}",
        "area-arrest": f"{who} arrests on every circle next to him",
        "chase": f"{who} chases to {place}",
        "know": f"the police name {place} as Jack's hideout",
    }
    return phrase.get(verb, f"{who} moves to {verb}")


def _kill(w: list[str]) -> str:
    return f"Jack kills on {and_list(w[1:]) if w[1:] else MORE}"


def _wretched_move(w: list[str]) -> str:
    if len(w) < 2:
        return f"a Wretched {MORE}"
    if len(w) >= 3 and w[2] == "=":
        return f"the Wretched on {w[1]} stays (it cannot move)"
    return f"the Wretched on {w[1]} moves to {_at(w, 3)}"


def _step(w: list[str]) -> str:
    if len(w) < 2:
        return f"Jack steps to {MORE}"
    if "home" in w[2:]:
        return f"Jack steps to {w[1]} and announces his hideout: the night ends (T1)"
    if "through" in w[2:]:  # choosing.THROUGH: the walk onto the hideout, unannounced
        return f"Jack steps to {w[1]} and passes through his hideout: the night goes on (T1)"
    return f"Jack steps to {w[1]}"


def _coach(w: list[str]) -> str:
    """T1: the coach's two steps, said as the player chooses them: where it
    ends and the circle it passes ("via"), both written on the track."""
    # the circle passed is visited: a search there finds a clue (tester I4,
    # LfW round 45: his coach through 66 left a clue on his own hideout)
    tail = "(two spaces; both circles leave clues; never ends the night, T1)"
    if len(w) < 2:
        return f"Jack takes a coach: first the circle it passes, then where it ends {tail}"
    if len(w) < 3:
        return f"Jack takes a coach via {w[1]} to {MORE} {tail}"
    return f"Jack takes a coach to {w[2]} via {w[1]} {tail}"


def _letter(w: list[str]) -> str:
    """O1: the letter Jack sends and what it names."""
    if len(w) < 2:
        return f"a letter {MORE}"
    letter = LETTER_NAMES.get(w[1], w[1])
    args = w[2:]
    if w[1] == "goulston":
        return f"{letter}, naming {name(args[0]) if args else MORE}"
    if w[1] == "saucy-jacky":
        named = and_list(args) if len(args) == 2 else (args[0] + " and …" if args else MORE)
        return f"{letter}: the markers on {named}"
    if not args:
        return f"{letter}: the marker on {MORE}"
    return f"{letter}: the marker on {args[0]} to {_at(args, 1)}"


def _saucy(w: list[str]) -> str:
    """O1 Saucy Jacky: the Chief's two moves, "from > to" each."""
    moves = [f"the marker on {w[i]} to {_at(w, i + 2)}" for i in range(1, len(w), 3)]
    return "Saucy Jacky: " + ("; ".join(moves) if moves else MORE)


# An action's phrase by its first word (a policeman's colour: `_police`).
_BY_HEAD: dict[str, Callable[[list[str]], str]] = {
    "know": lambda w: f"the police name {_at(w, 1)} as Jack's hideout",
    "hideout": lambda w: f"the hideout on {_at(w, 1)}",
    "wait": lambda w: "Jack waits",
    "kill": _kill,
    "wretched": _wretched_move,
    "reveal": lambda w: f"Jack reveals the marker on {_at(w, 1)}",
    "step": _step,
    "coach": _coach,
    "alley": lambda w: f"Jack takes an alley to {_at(w, 1)} (never ends the night, T1)",
    "no-letter": lambda w: "no letter",
    "letter": _letter,
    "saucy": _saucy,
    "graffito": lambda w: f"the {_at(w, 1)} policeman goes to Goulston Street",
    "false-clue": lambda w: f"a false clue on {_at(w, 1)}",
    "no-false-clue": lambda w: "no false clue",
}


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- Jack's irreversible choices (play-tester P, round 8) ------------------------------


def beside_police(view: LfwView, board: Any, circle: int) -> list[str]:
    """The policemen standing on a crossing beside `circle`, in the
    police's order (public: every side sees where they stand)."""
    return [
        colour
        for colour in COLOURS
        if (x := view.police.get(colour)) and circle in board.direct_circles(x)
    ]


def reach_police(view: LfwView, board: Any, circle: int) -> list[str]:
    """The policemen not beside `circle` who could be after their next move
    (T2: up to two crossings, then an arrest beside him, T3), in the
    police's order: public, where they stand is known to every side
    (tester G2, round 17: a move "nearest home" with no warning was
    arrested the next police turn)."""
    beside = set(beside_police(view, board, circle))
    out = []
    for colour in COLOURS:
        x = view.police.get(colour)
        if not x or colour in beside:
            continue
        if any(circle in board.direct_circles(y) for y in board.police_within_two(x)):
            out.append(colour)
    return out


def beside_markers(view: LfwView, board: Any, circle: int) -> tuple[list[str], int]:
    """The patrol markers on a crossing beside `circle` (H5, before the
    policemen stand on the board): the colours of those turned face up
    (real, H7) and how many are still face down (real or fake: Jack cannot
    tell).  From Jack's view: he sees a face-down marker, never which."""
    colours, hidden = [], 0
    for m in view.patrol_markers:
        if not m.crossing or circle not in board.direct_circles(m.crossing):
            continue
        if m.revealed and m.colour:
            colours.append(m.colour)
        elif not m.revealed:
            hidden += 1
    return colours, hidden


def beside_text(view: LfwView, board: Any, circle: int) -> str:
    """What stands beside `circle` that may arrest there, in a few words
    ("beside Yellow", "beside Yellow's marker and a face-down marker");
    empty where nothing does."""
    police = beside_police(view, board, circle)
    colours, hidden = beside_markers(view, board, circle)
    parts = [name(c) for c in police] + [f"{name(c)}'s marker" for c in colours]
    if hidden:
        parts.append("a face-down marker" if hidden == 1 else f"{hidden} face-down markers")
    return f"beside {and_list(parts)}" if parts else ""


def kill_question(view: LfwView, board: Any, circles: Sequence[str]) -> str:
    """H5 (N3: two circles): the kill named and asked, before Enter plays
    it: "Kill the Wretched on 13 (beside Yellow's marker)?"."""

    def one(c: str) -> str:
        near = beside_text(view, board, int(c)) if c.isdigit() else ""
        return f"{c} ({near})" if near else c

    if len(circles) == 2:  # N3, the double event
        first, second = circles
        return (  # one question (tester E3, round 30: "the '?' turns a statement into a question")
            f"Kill the Wretched on {one(first)}, then the one on {one(second)}, "
            f"and stand on {second} (N3)?"
        )
    return f"Kill the Wretched on {one(circles[0]) if circles else MORE}?"


def token_words(view: LfwView, kinds: Iterable[str]) -> str:
    """T1: the special moves still open to Jack, with the tokens he has
    left: "a coach (2 left) or an alley (1 left)"; empty where none."""
    left = {"coach": view.coaches_left, "alley": view.alleys_left}
    words = [f"{'an' if k == 'alley' else 'a'} {k} ({left[k]} left)" for k in left if k in kinds]
    return " or ".join(words)


def forced_step(
    view: LfwView,
    board: Any,
    circle: str,
    others: Iterable[str],
    alone: bool,
    reach: Sequence[str] = (),
) -> str:
    """T1, the only circle a step reaches (`alone`: and nothing else is
    legal): said so that it does not read as Jack's only move, with the
    coach or alley still open and the policeman beside it, if any (play-
    tester P, round 8: "the only place left" walked him into an arrest),
    else those in `reach` of it (who may move beside it first: tester D3,
    LfW round 29, stepped to 47 warned of nothing, and Yellow walked two
    crossings and arrested him there)."""
    what = f"[b]Jack steps to {circle}[/b]"
    near = beside_text(view, board, int(circle)) if circle.isdigit() else ""
    warn = f" Careful: {circle} is {near}, who may arrest you there." if near else ""
    if not near and reach:
        who = and_list(name(c) for c in reach)
        warn = f" Careful: {circle} is in reach of {who}, who may move beside it and arrest you."
    if alone:
        return f"The only choice: {what} (no other move is legal).{warn}"
    tokens = token_words(view, others)
    instead = f" Esc back for {tokens} instead." if tokens else ""
    return f"{what}: the only circle a step reaches.{warn}{instead}"
