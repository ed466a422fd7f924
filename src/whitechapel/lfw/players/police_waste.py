"""Which police actions are wasted, read from the police's view alone
(issue 49, "police that never waste a turn"; docs/lfw-computer-police.md,
"Never a wasted turn").

A T3 action *tells something or can take Jack* when it names a circle
the notebook says is worth naming:

- an arrest on a circle where Jack can be now (some path of tonight ends
  there; O4: one of the circles around the crossing);
- a search of a circle that some of tonight's paths pass and others do
  not, where no clue is known yet (not tonight's crime scene nor a clue
  found): its answer, clue or none, rules paths out.

Everything else tells nothing: a pass, an arrest where no path ends (the
same arrest that failed, repeated while he cannot have come back), a
search of a circle no path passes, one every path passes, or one whose
clue is known (a known clue ends the search at once).  An action is
*wasted* when it tells nothing while a legal one would, or when it names
a circle no path reaches or a known clue while the policeman could have
done otherwise (a search after a miss must name a circle while any is
left: when all are such, naming one is no waste).  An O3 chase is a move,
never counted as wasted.

`judge` says why an action is wasted (None: it is not); `reason` says
why a policeman who passes has nothing better to do.  The arena counts
both through `audit` (`core/arena.py`, the police player's `audit`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from whitechapel.lfw.actions import Action, Arrest, Chase, Pass, PoliceMove, Search
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.notebook import Notebook, notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.police_sense import with_search
from whitechapel.lfw.rulebook import police_order
from whitechapel.lfw.views import LfwView

T3 = (Phase.CLUES, Phase.SEARCHING)


def known_written(view: LfwView) -> set[int]:
    """Circles written tonight for sure: tonight's crime scenes and clues."""
    night = view.night
    out = {s.circle for s in view.crime_scenes if s.night == night}
    return out | set(view.clues)


@dataclass
class Reading:
    """One T3 decision's facts: the notebook, the circles known written,
    and each searchable circle's share of tonight's paths through it
    (counted once, when asked)."""

    view: LfwView
    board: Board
    nb: Notebook
    known: set[int]
    _through: dict[int, float]

    @classmethod
    def of(cls, view: LfwView, board: Board, nb: Notebook | None = None) -> Reading:
        nb = notebook(view, board, nb if nb is not None and nb.board is board else None)
        return cls(view, board, nb, known_written(view), {})

    @property
    def knows(self) -> bool:
        """The notebook knows where Jack can be (he is on the streets)."""
        nb = self.nb
        return nb.on_board and nb.total > 0 and not nb.home and not nb.over

    def through(self, circle: int) -> float:
        """The share of tonight's paths that pass `circle` (a search there
        finds a clue on exactly those)."""
        found = self._through.get(circle)
        if found is None:
            total = self.nb.total
            missed = notebook(with_search(self.view, circle), self.board, self.nb).total
            found = self._through[circle] = 1 - missed / total if total else 0.0
        return found

    def tells(self, action: Action) -> bool:
        """Does the action tell something or may it take Jack?"""
        if isinstance(action, Arrest):
            if action.circle is None:
                return any(c in self.nb.counts for c in self.around(action.colour))
            return action.circle in self.nb.counts
        if isinstance(action, Search):
            if action.circle in self.known:
                return False
            q = self.through(action.circle)
            return 1e-12 < q < 1 - 1e-12
        return False

    def around(self, colour: str) -> tuple[int, ...]:
        """The circles beside the policeman's crossing (O4's area)."""
        crossing = self.view.police.get(colour)
        return tuple(self.board.direct_circles(crossing)) if crossing else ()

    def useful(self, legal: Sequence[Action], colour: str) -> list[Action]:
        """The legal actions of the policeman that tell something; arrests
        first (they are cheap to judge and may end the game)."""
        mine = [a for a in legal if isinstance(a, (Arrest, Search)) and a.colour == colour]
        mine.sort(key=lambda a: 0 if isinstance(a, Arrest) else 1)
        return [a for a in mine if self.tells(a)]

    def names_nothing(self, action: Action) -> bool:
        """An arrest where no path ends, a search no path passes or of a
        known clue: a circle not worth naming at all."""
        if isinstance(action, Arrest):
            return not self.tells(action)
        if isinstance(action, Search):
            return action.circle in self.known or self.through(action.circle) <= 1e-12
        return False


def judge(
    view: LfwView,
    board: Board,
    legal: Sequence[Action],
    action: Action,
    nb: Notebook | None = None,
) -> str | None:
    """Why the police's T3 `action` is wasted, in a sentence (None: it is
    not, or it is no T3 action, or the notebook knows nothing tonight)."""
    colour = view.acting_colour
    if view.phase.key not in T3 or colour is None or isinstance(action, Chase):
        return None
    r = Reading.of(view, board, nb)
    if not r.knows:
        return None
    if r.tells(action):
        return None
    useful = r.useful(legal, colour)
    if isinstance(action, Pass):
        if useful:
            return f"{colour} passed though he could {_words(useful[0])}"
        return None
    if not isinstance(action, (Arrest, Search)):
        return None
    if useful:
        return (
            f"{colour} {_words(action)}, which tells nothing, though he could {_words(useful[0])}"
        )
    if r.names_nothing(action):
        others = [a for a in legal if a != action and not r.names_nothing(a)]
        if others:
            return f"{colour} {_words(action)}: {_why_nothing(r, action)}"
    return None


def _words(action: Action) -> str:
    if isinstance(action, Arrest):
        return "arrest around him" if action.circle is None else f"arrest on {action.circle}"
    if isinstance(action, Search):
        return f"search {action.circle}"
    return str(action)


def _why_nothing(r: Reading, action: Action) -> str:
    if isinstance(action, Arrest):
        return "Jack cannot be there"
    assert isinstance(action, Search)  # names_nothing judges these two
    if action.circle in r.known:
        return "its clue is known already"
    return "Jack cannot have passed it tonight"


def reason(view: LfwView, board: Board, legal: Sequence[Action], nb: Notebook | None = None) -> str:
    """Why the acting policeman has nothing better than a pass, in a
    sentence (the police's pass is never without one)."""
    colour = view.acting_colour or "the policeman"
    r = Reading.of(view, board, nb)
    if not r.knows:
        return f"{colour} passes: Jack is not on the streets"
    if r.useful(legal, colour):
        return f"{colour} passes though something beside him is worth naming"
    around = r.around(colour) if colour in view.police else ()
    if not around:
        return f"{colour} passes: no circle is beside him"
    return (
        f"{colour} passes: Jack cannot be beside him, and no search there could tell where he went"
    )


def audit(
    view: LfwView,
    board: Board,
    legal: Sequence[Action],
    action: Action,
    nb: Notebook | None = None,
) -> Mapping[str, float]:
    """The arena's figures of one police decision (`core/arena.py` adds
    them up): T2 moves and stays, T3 actions, passes and wasted ones."""
    phase = view.phase.key
    if phase == Phase.HUNT and isinstance(action, PoliceMove):
        return {"T2 moves": 1.0, "T2 stays": float(action.crossing is None)}
    if phase not in T3:
        return {}
    out = {"T3 actions": 1.0}
    if isinstance(action, Pass):
        out["T3 passes"] = 1.0
        colour = view.acting_colour
        if colour is not None and in_reach(view, board, colour, nb):
            out["T3 passes, a possible circle in reach"] = 1.0
    if judge(view, board, legal, action, nb) is not None:
        out["T3 wasted"] = 1.0
    return out


def in_reach(view: LfwView, board: Board, colour: str, nb: Notebook | None = None) -> list[int]:
    """The circles where Jack can be now that the policeman could have
    stood beside this turn: beside a crossing his T2 move could end on
    (staying, or up to two steps from where he stood as Jack moved, not
    where another policeman stood in his way)."""
    nights = view.nights
    moves = nights[-1].moves if nights else ()
    if not moves:
        return []  # N3's double event: the police move before Jack, from the patrols
    before = dict(moves[-1].police)
    start = before.get(colour)
    if start is None:
        return []
    # T2: he cannot end where one who moved before him ended, nor where one
    # still stands who moves after him
    order = police_order(view.chief)
    me = order.index(colour) if colour in order else len(order)
    taken = {view.police[c] for c in order[:me] if c in view.police}
    taken |= {before[c] for c in order[me + 1 :] if c in before}
    nb = notebook(view, board, nb if nb is not None and nb.board is board else None)
    out: set[int] = set()
    for x in (start, *(y for y in board.police_within_two(start) if y not in taken)):
        out.update(c for c in board.direct_circles(x) if c in nb.counts)
    return sorted(out)
