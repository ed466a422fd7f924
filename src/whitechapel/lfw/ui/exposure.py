"""Warnings before Jack gives himself away (tester Z, round 13, issue 43):
what the police could know after each kind of move he may make now (T1),
and which Wretched the police could reach before he moves on the double
event's night (N3), both said on his prompt *before* he commits.

- **T1**: the police never see which circle Jack picks, only the kind of
  move (§9), so their notebook after his move depends on the kind alone.
  `exposures` works it out for each kind open to him: the notebook of
  his own view with one more move of that kind written, as the police will
  see it when they move (`players.jack_police.hypothetical`; the notebook
  reads only the public part of a view).  A kind that leaves them
  `WARN_AT` circles or fewer is warned of.
- **N3**: after the double kill the Hunt starts at T2 (rules §7): the
  policemen move before Jack, up to two crossings, then may arrest on a
  circle beside them (T2, T3).  `n3_danger` says, for a Wretched's circle,
  the nearest patrol marker (or policeman) from which one could arrest
  there before Jack moves, and how many crossings away it stands.  On other
  nights Jack moves first (T1 follows H9), and the kill question's
  "beside" is all that is said.

Read from Jack's view alone (its public part, the patrol markers as he
sees them: a face-down one may be a fake) and the board.  Pure Python.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Any

from whitechapel.lfw.actions import Alley, Coach, Step, Wait
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.jack_police import hypothetical
from whitechapel.lfw.players.police_sense import facts
from whitechapel.lfw.rulebook import ALLEY, COACH, JACK, MOVES, STEP
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.views import LfwView

# A kind of move that leaves the police this many circles or fewer is warned
# of.  One circle: they know where he stands.  Two: the five policemen arrest
# on one circle each (T3), so two of them within reach settle it; from three
# on a warning on most moves of a hunted night would be noise.
WARN_AT = 2
REACH = 2  # T2: a policeman moves up to two crossings before he acts (T3)
DOUBLE_EVENT_NIGHT = 3  # N3: the police move first after the double kill
KIND_OF: dict[type, str] = {Step: STEP, Coach: COACH, Alley: ALLEY}
KIND_WORDS = {STEP: "a step", COACH: "a coach", ALLEY: "an alley"}
# characters: the prompt's first line is one row where the whole board shows
# beside the panels (from 168 columns: `fit_prompt`), so a note added to it
# takes the words it has room for
LINE = 160
_KEPT = 4  # views whose exposures are kept (a key redraws the prompt in the same state)


@dataclass(frozen=True)
class Exposure:
    """One kind of move: the circles the police's notebook would leave
    possible once it is made (all of them: the police see only the kind)."""

    kind: str
    circles: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.circles)

    @property
    def warned(self) -> bool:
        return 0 < self.count <= WARN_AT


_cache: deque[tuple[LfwView, Any, dict[str, Exposure]]] = deque(maxlen=_KEPT)


def exposures(view: LfwView, board: Any) -> dict[str, Exposure]:
    """On Jack's turn (T1), in his own view: each kind of move open to him,
    in the order of the choices, with the circles the police could leave
    possible after it.  Empty anywhere else.  Counted once per view (views
    are built once per state and side; a key redraws in the same state)."""
    for seen, on, found in _cache:
        if seen is view and on is board:
            return found
    found = _work_out(view, board)
    _cache.append((view, board, found))
    return found


def _work_out(view: LfwView, board: Any) -> dict[str, Exposure]:
    if view.side != JACK or view.jack is None or view.phase.key != Phase.ESCAPE:
        return {}
    offered = {KIND_OF[type(a)] for a in legal(view) if type(a) in KIND_OF}
    kinds = [k for k in MOVES if k in offered]
    if not kinds:
        return {}
    now = notebook(view, board)
    return {
        kind: Exposure(kind, notebook(hypothetical(view, kind), board, now).possible)
        for kind in kinds
    }


def _circles(n: int) -> str:
    return f"{n} circle{'s' if n != 1 else ''}"


def kind_warning(e: Exposure, hideout: int | None = None) -> str:
    """One kind's warning, in plain words: "a step: the police could tell
    you are on 3" (one circle; "…on 3, your hideout"), "a coach: the police
    could narrow you to 2 circles, 5 and 9"."""
    what = KIND_WORDS[e.kind]
    if e.count == 1:
        (c,) = e.circles
        home = ", your hideout" if c == hideout else ""
        return f"{what}: the police could tell you are on circle {c}{home}"
    listed = " and ".join(map(str, e.circles))
    return f"{what}: the police could narrow you to {_circles(e.count)}, {listed}"


def others_text(found: dict[str, Exposure], but: str) -> str:
    """What the other kinds leave the police: "a coach leaves them 24
    circles, an alley 8"; empty where no other kind is open."""
    rest = [e for k, e in found.items() if k != but]
    said = []
    for i, e in enumerate(rest):
        n = _circles(e.count) if i == 0 else str(e.count)
        said.append(f"{KIND_WORDS[e.kind]} {'leaves them ' if i == 0 else ''}{n}")
    return ", ".join(said)


def menu_part(view: LfwView, board: Any, short: bool = False) -> str:
    """T1, before Jack picks the kind of move: the keys line's warning
    where a kind leaves the police `WARN_AT` circles or fewer ("careful, a
    step: the police could tell you are on circle 3 (a coach leaves them 24
    circles, an alley 8)"); `short`, for a line with no room: "careful: a
    step shows you on 3".  Empty where no kind is warned of."""
    found = exposures(view, board)
    warned = [e for e in found.values() if e.warned]
    if not warned:
        return ""
    hideout = view.jack.hideout if view.jack is not None else None
    if short:
        said = [
            f"{KIND_WORDS[e.kind]} shows you on {e.circles[0]}"
            if e.count == 1
            else f"{KIND_WORDS[e.kind]} leaves them {e.count}"
            for e in warned
        ]
        return "careful: " + ", ".join(said)
    said = [kind_warning(e, hideout) for e in warned]
    safer = [k for k, e in found.items() if not e.warned]
    rest = ""
    if len(warned) == 1 and safer:
        rest = f" ({others_text(found, warned[0].kind)})"
    return "careful, " + "; ".join(said) + rest


def forced_step_note(view: LfwView, board: Any, said: str = "") -> str:
    """T1, a forced step (the only circle a step reaches): the sentence
    added to its line `said` when the police would know he is there after
    it, with what the other kinds would leave them where the line has room
    ("After it the police will know you are on 3; a coach leaves them 24
    circles, an alley 8."); empty otherwise."""
    found = exposures(view, board)
    step = found.get(STEP)
    if step is None or not step.warned:
        return ""
    if step.count == 1:
        head = f" [b]After it the police will know you are on {step.circles[0]}[/b]"
    else:
        listed = " and ".join(map(str, step.circles))
        head = f" [b]After it the police could narrow you to {listed}[/b]"
    others = others_text(found, STEP)
    there = " [b]The police will know you are there.[/b]" if step.count == 1 else f"{head}."
    return fit_line(said, [f"{head}; {others}." if others else f"{head}.", f"{head}.", there])


def plain(markup: str) -> str:
    """The text a line of markup shows (its [b]…[/b] tags left out)."""
    return re.sub(r"\[/?[a-z ]*\]", "", markup)


def fit_line(said: str, variants: list[str]) -> str:
    """The first of `variants` (longest first) that keeps the line `said`
    within `LINE` characters, else the last: where the whole board shows,
    the prompt's first line has one row, and a longer one hides the keys."""
    used = len(plain(said))
    return next((v for v in variants if used + len(plain(v)) <= LINE), variants[-1])


# -- N3: the police move first ------------------------------------------------------------------


@dataclass(frozen=True)
class Danger:
    """A Wretched's circle the police could arrest on before Jack moves
    (N3): what stands nearest ("Red's marker", "a face-down marker",
    "Blue") and how many crossings it must move first (0: beside it)."""

    circle: int
    what: str
    away: int

    def text(self) -> str:
        """ "beside Red's marker", "a face-down marker 1 crossing away"."""
        if self.away == 0:
            return f"beside {self.what}"
        return f"{self.what} {self.away} crossing{'s' if self.away != 1 else ''} away"


def police_first(view: LfwView) -> bool:
    """Is this the double event's kill, after which the police move before
    Jack (N3, rules §7)?  Only night 3's H5."""
    return view.night == DOUBLE_EVENT_NIGHT and view.phase.key == Phase.KILL


def _standing(view: LfwView) -> list[tuple[str, str]]:
    """What may become a policeman on the board (H9), as Jack sees it:
    (crossing, how it is named), real ones first: the policemen standing,
    the markers turned face up (real), then those still face down (real or
    fake)."""
    out = [(x, sentences.name(c)) for c, x in view.police.items() if x]
    for m in view.patrol_markers:
        if m.crossing and m.revealed and m.colour:
            out.append((m.crossing, f"{sentences.name(m.colour)}'s marker"))
    for m in view.patrol_markers:
        if m.crossing and not m.revealed:
            out.append((m.crossing, FACE_DOWN))
    return out


FACE_DOWN = "a face-down marker"


def n3_dangers(view: LfwView, board: Any, circle: int) -> list[Danger]:
    """N3's kill: every policeman-to-be who could arrest on `circle` before
    Jack moves (moving up to two crossings, T2, then arresting on a circle
    beside him, T3), the nearest first, real ones first at the same
    distance; none on any other night or phase."""
    if not police_first(view):
        return []
    near = facts(board)  # police moves from each crossing to beside each circle
    found = [Danger(circle, what, near.distance(x, circle)) for x, what in _standing(view)]
    return sorted((d for d in found if d.away <= REACH), key=lambda d: d.away)


def n3_danger(view: LfwView, board: Any, circle: int) -> Danger | None:
    """N3's kill: the nearest policeman-to-be who could arrest on `circle`
    before Jack moves (`n3_dangers`); None where none could, or on any
    other night or phase."""
    dangers = n3_dangers(view, board, circle)
    return dangers[0] if dangers else None


N3_PART = (
    "the police move first tonight (N3): a marker near your second victim "
    "could arrest you before you move"
)
N3_SHORT = "N3: a marker near your second victim may arrest you first"


def n3_others(view: LfwView, board: Any, circle: int, nearest: Danger) -> list[str]:
    """N3's kill: every other policeman or marker turned face up who could
    arrest on `circle` before Jack moves, by name, the nearest first (tester L4, LfW round 46:
    "a: 3 (Yellow's marker 2 crossings away), d: 83 (Yellow's marker 2
    crossings away)" read as one policeman for both scenes; Brown's marker
    could reach 83 too)."""
    return _others(n3_dangers(view, board, circle), nearest)


def _others(dangers: list[Danger], nearest: Danger) -> list[str]:
    found = sorted((d.away, d.what) for d in dangers)
    # the face-down ones unnamed: the keys line has no room for them all
    return [w for _, w in found if w not in (nearest.what, FACE_DOWN)]


def n3_flag(view: LfwView, board: Any, circle: str) -> str:
    """The words after a Wretched's circle on N3's kill where a
    policeman-to-be could arrest there before Jack moves: "a face-down
    marker 1 crossing away", "beside Red's marker", each other one in reach
    after it ("Yellow's marker 2 crossings away, Brown's marker too")
    (`N3_PART` says why); empty where no danger is seen."""
    dangers = n3_dangers(view, board, int(circle)) if circle.isdigit() else []
    if not dangers:
        return ""
    danger = dangers[0]
    others = _others(dangers, danger)
    if not others:
        return danger.text()
    return f"{danger.text()}, {sentences.and_list(others)} too"


def n3_part(view: LfwView, board: Any, circles: list[str], short: bool = False) -> str:
    """N3's kill, the keys line's part after the Wretched when one of
    `circles` is flagged: why (`N3_PART`; `short`: `N3_SHORT`); "" else."""
    if not any(n3_flag(view, board, c) for c in circles):
        return ""
    return N3_SHORT if short else N3_PART


def n3_kill_note(view: LfwView, board: Any, circles: list[str], said: str = "") -> str:
    """The kill question's added sentence on N3, `said` the question: the
    police move first, and what could arrest Jack on the circle he stands
    on (the second): " The police move first: a face-down marker 1
    crossing from 158 could arrest you before you move."; empty where
    nothing could."""
    if len(circles) != 2 or not police_first(view):
        return ""
    c = circles[1]
    danger = n3_danger(view, board, int(c)) if c.isdigit() else None
    if danger is None:
        return ""
    n = danger.away
    where = f"beside {c}" if n == 0 else f"{n} crossing{'s' if n != 1 else ''} from {c}"
    head = f" [b]The police move first: {danger.what} {where}"
    # what he may do instead (tester T3, round 37: the kill ended his game
    # before his first move, warned, "but I did not think of waiting")
    waits = [
        f"{head} could arrest you there before you move, and the game ends.[/b] "
        "Waiting instead moves the Wretched on.",
        f"{head} could arrest you there before you move.[/b] Waiting instead moves the "
        "Wretched on.",
        f"{head} could arrest you; waiting moves the Wretched on.[/b]",
        f" [b]Police first: {danger.what} {where} may arrest you; waiting moves them on.[/b]",
    ]
    wait = any(isinstance(a, Wait) for a in legal(view))
    return fit_line(
        said,
        [
            *(waits if wait else ()),
            f"{head} could arrest you there before you move.[/b]",
            f"{head} could arrest you.[/b]",
        ],
    )
