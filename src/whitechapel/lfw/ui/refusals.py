"""Why a circle, crossing or word is not a choice now (`why_not`), and why
another policeman than the one acting cannot be chosen (`turn_order`): a
sentence about the game, from one side's view and the public board.

Players never see notation or a parser's complaint: no sentence here
quotes an action's text, and none is obtained by playing anything.  Every
fact used is in the view the screen shows: the legal actions, the
policemen, markers, women tokens and Wretched, and Jack's own circle only
in Jack's view.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.markup import escape
from rich.text import Text

from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import LETTER_SECTORS
from whitechapel.lfw.ui.sentences import (
    ASKING_END,
    LETTER_NAMES,
    SWEEP_ON,
    and_list,
    name,
    still_to_act,
)
from whitechapel.lfw.views import LfwView


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


# The message line's one sentence that is news, not a refusal (ctrl+s,
# ui/screens/game.py: tester H2, round 17, saw no confirmation).
SAVED = "Record saved as "


def notice_line(notice: str, picking: Any, room: int | None = None) -> str:
    """The prompt's keys line while a notice is up (markup): the refusal's
    sentence in red, then the keys that are choices now, as the keys line
    showed them before the wrong key (tester G2, round 17: "'l' is not a
    key here: …" took the place of the list of crossings, which was gone).
    A refusal that ends with the keys' own words ("a letter on the map
    chooses its crossing") keeps only its first clause, the whole keys line
    after its colon.
    `picking`: the screen's (ui/picking.py), asked for its keys in the
    `room` left after the sentence; a record saved is said in green."""
    saved = notice.startswith(SAVED)
    keys = ""
    asking = notice.endswith(ASKING_END)  # a question says its own keys (tester Q2, round 22:
    if picking is not None and not asking and not getattr(picking, "typed", ""):  # it cut them)
        plain = picking.keys_hint(plain=True)
        head, sep, tail = notice.partition(": ")
        if sep and plain and tail.rstrip(".") and plain.startswith(tail.rstrip(".")):
            notice = head + ":"  # "'w' is not a key here:" and the keys go on
        left = None if room is None else max(room - len(notice) - 3, 0)
        keys = picking.keys_hint(room=left)
    # a record saved in green; key 9 stopped (no refusal: the turn goes on) in yellow
    colour = "green" if saved else "yellow" if notice.rstrip(".").endswith(SWEEP_ON) else "red"
    said = f"[{colour}]{escape(notice)}[/{colour}]"
    if not keys or not Text.from_markup(keys).plain.strip():
        return said
    line = f"{said} {keys}" if notice.endswith(":") else f"{said}  {keys}"
    if room is not None and not notice.endswith(":") and Text.from_markup(line).cell_len > room:
        # the sentence whole, the keys on the buttons under it (tester W4, LfW
        # round 52, at 200 columns: "… 1 search all, 2" cut, "arrest, 3 pass" lost)
        return said
    return line


@dataclass(frozen=True, slots=True)
class _Refused:
    """A word refused: the side's view, the board, the words picked before it
    and the map node it names (None: no node of this map)."""

    view: LfwView
    board: Any
    picked: Sequence[str]
    word: str
    node: int | str | None
    options: Sequence[str]

    @property
    def circle(self) -> bool:
        return isinstance(self.node, int)


def why_not(
    view: LfwView,
    board: Any,
    picked: Sequence[str],
    word: str,
    options: Sequence[str],
) -> str:
    """Why `word` (a circle's number, a crossing's id or a word the player
    typed or clicked) is not a choice after the words `picked`, when the
    choices are `options`: a sentence about the game.  First what the word
    is (no place, a circle where a crossing is wanted …), then the phase's
    own reason (`_BY_PHASE`), else a plain "not a choice now"."""
    node: int | str | None = None
    if word.isdigit() and board.is_circle(int(word)):
        node = int(word)
    elif board.is_crossing(word):
        node = word
    r = _Refused(view, board, picked, word, node, options)
    circles = [o for o in options if o.isdigit()]
    crossings = [o for o in options if not o.isdigit() and board.is_crossing(o)]
    wants = "a highlighted circle" if circles else "a highlighted crossing" if crossings else ""
    why = _not_that_kind(r, circles, crossings, wants)
    if why is None and (by_phase := _BY_PHASE.get(view.phase.key)) is not None:
        why = by_phase(r)
    return why or f"{word} is not a choice now: choose {wants}."


def _not_that_kind(r: _Refused, circles: list[str], crossings: list[str], wants: str) -> str | None:
    """The word names no place of this map, or not the kind of place (or the
    word) asked for now."""
    word, options = r.word, r.options
    if r.node is None:
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
    if r.circle and not circles:
        return f"{word} is a circle: choose {wants}."
    if not r.circle and not crossings:
        return f"{word} is a crossing: choose {wants}."
    return None


def _hideout(r: _Refused) -> str:
    if r.node in r.board.red:
        return f"{r.word} is a red circle: the hideout cannot be on one (S1)."
    return (
        f"{r.word} is next to a red circle: with Catch me if you can, the hideout cannot be (O5)."
    )


def _women(r: _Refused) -> str:
    word, node = r.word, r.node
    if node not in r.board.red:
        return f"{word} is not a red circle: women tokens go on red circles (H2)."
    if any(s.circle == node for s in r.view.crime_scenes):
        return f"{word} is a crime scene: no woman goes there (H2)."
    return f"{word} already holds a women token."


def _patrols(r: _Refused) -> str:
    if r.node not in r.board.yellow:
        return f"{r.word} is not a yellow crossing: patrol markers go on yellow crossings (H3)."
    return (
        f"{r.word} cannot take this marker: every crossing where a policeman ended "
        "last night needs one, the rest go on yellow crossings nobody held (H3)."
    )


def _hunt(r: _Refused) -> str | None:
    acting, word = r.view.acting_colour, r.word
    if acting is None:
        return None
    other = whose(r.view, r.node) if isinstance(r.node, str) else None
    if other == acting:
        return f"{name(acting)} is on {word}: 1 keeps him there."
    if other is not None:
        return f"{name(other)} stands on {word}: two policemen never end on one crossing (T2)."
    return f"{word} is more than two steps from {name(acting)} (T2: up to two crossings)."


def _clues(r: _Refused) -> str | None:
    """T3 (and O3, O2): a search, arrest or chase from the acting policeman."""
    view, word, node = r.view, r.word, r.node
    acting = view.acting_colour
    if acting is None:
        return None
    here = view.police.get(acting)
    other = whose(view, node) if isinstance(node, str) else None
    if other is not None:
        return f"{name(other)} stands on {word}."
    if r.circle and here is not None and node not in r.board.direct_circles(here):
        return f"{word} is not next to {name(acting)}'s crossing {here} (T3)."
    if r.circle and node in view.false_clues:
        return f"A false clue lies on {word}: no search or arrest may name it tonight (O2)."
    if r.circle and view.phase.key == Phase.SEARCHING:
        return f"{name(acting)} has already searched {word} this turn (T3)."
    if not r.circle and here is not None:
        return f"{word} is not next to {name(acting)}'s crossing {here} (O3: a chase is one step)."
    return None


def _escape(r: _Refused) -> str | None:
    jack_at = r.view.jack.position if r.view.jack else None
    word, node, how = r.word, r.node, r.picked[:1]
    if not r.circle:
        return None
    if jack_at is not None and node == jack_at:
        return f"Jack is on {word}: he must move (T1)."
    if how == ["step"] and jack_at is not None:
        if node not in r.board.jack_adjacent(jack_at):
            return f"{word} is not next to Jack's circle {jack_at} (T1)."
        return f"Every way to {word} passes a crossing held by a policeman (T1)."
    if how == ["alley"]:
        return f"No alley leads from Jack's circle to {word}: an alley crosses one block (T1)."
    if how == ["coach"]:
        return f"A coach cannot reach {word}: two steps, each to a new circle (T1)."
    return None


def _kill(r: _Refused) -> str:
    marked = r.view.jack.marked_women if r.view.jack else ()
    if r.node not in marked:
        return f"{r.word} holds no marked woman (H5)."
    return f"{r.word} is already named: the second murder is on another circle (N3)."


def _wretched(r: _Refused) -> str:
    word, node, picked = r.word, r.node, r.picked
    if len(picked) <= 1:
        if node not in r.view.wretched:
            return f"{word} holds no Wretched (H6)."
        return f"The Wretched on {word} cannot move: choose another (H6)."
    src = picked[1]
    if r.circle and node not in r.board.jack_adjacent(int(src)):
        return f"{word} is not next to the Wretched on {src} (H6)."
    return (
        f"The Wretched on {src} cannot go to {word}: its way passes or is next to a "
        "patrol marker, or a Wretched or crime scene is there (H6)."
    )


def _face_down(view: LfwView) -> set[str]:
    return {m.crossing for m in view.patrol_markers if not m.revealed}


def _reveal(r: _Refused) -> str | None:
    if r.node not in _face_down(r.view):
        return f"{r.word} holds no face-down patrol marker (H7)."
    return None


def _letter(r: _Refused) -> str | None:
    """O1: the marker a letter moves, from its sectors to a free yellow crossing."""
    if r.circle:
        return None
    word, node, picked, board = r.word, r.node, r.picked, r.board
    letter = picked[1] if len(picked) > 1 else ""
    sectors = LETTER_SECTORS.get(letter)
    moving_from = len(picked) == 2 or (letter == "saucy-jacky" and len(picked) == 3)
    if moving_from and sectors:
        if node not in _face_down(r.view):
            return f"{word} holds no face-down patrol marker (O1)."
        if board.sector(node) not in sectors:
            return f"{word} is not in sector {' or '.join(sectors)}: {LETTER_NAMES[letter]} moves a marker from there (O1)."
    if word in picked:
        return f"{word} is already named."
    if node not in board.yellow:
        return f"{word} is not a yellow crossing: the marker goes to a free yellow crossing (O1)."
    return f"{word} is not free: the marker goes to a free yellow crossing (O1)."


def _saucy(r: _Refused) -> str | None:
    """O1 Saucy Jacky: the Chief moves the two markers Jack named."""
    if r.circle:
        return None
    word, picked = r.word, r.picked
    if len(picked) in (1, 4):  # naming the marker to move
        return f"Move the markers Jack named: {and_list(r.options)} (O1)."
    if word in picked:
        return f"{word} is already chosen."
    if r.node not in r.board.yellow:
        return f"{word} is not a yellow crossing: each marker goes to a free yellow crossing (O1)."
    return f"{word} is not free: each marker goes to a different free yellow crossing (O1)."


def _false_clue(r: _Refused) -> str:
    return f"A false clue already lies on {r.word} (O2)."


# The phase's own reason; None from one of them: the plain "not a choice now".
_BY_PHASE: dict[str, Callable[[_Refused], str | None]] = {
    Phase.HIDEOUT: _hideout,
    Phase.WOMEN: _women,
    Phase.PATROLS: _patrols,
    Phase.HUNT: _hunt,
    Phase.CLUES: _clues,
    Phase.SEARCHING: _clues,
    Phase.ESCAPE: _escape,
    Phase.KILL: _kill,
    Phase.WRETCHED: _wretched,
    Phase.REVEAL: _reveal,
    Phase.LETTER: _letter,
    Phase.SAUCY: _saucy,
    Phase.FALSE_CLUE: _false_clue,
}
