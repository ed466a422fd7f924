"""The detectives' notebook: what the public log tells of every night's
searches, and the notebook panel's words.

Pure functions of one side's view (its public `log` and public fields), so
they show either side only what the table saw (§9).  The view holds
tonight's clues and searches only; the log holds every night's, which is
how clues of earlier nights stay on the map and in the notebook.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from whitechapel.lfw.options import OPTION_NAMES
from whitechapel.lfw.rulebook import COACH, TRACK, space_name
from whitechapel.lfw.ui import placenames
from whitechapel.lfw.view_parts import LogEntry
from whitechapel.lfw.views import FailedArrest, LfwView

SPACE_NAMES = [space_name(s) for s in range(TRACK)]


@dataclass
class NightSearches:
    """One night's searches, as the log tells them."""

    clues: list[int] = field(default_factory=list)  # in the order found
    clue_space: dict[int, str] = field(default_factory=dict)  # circle -> space when found
    empty_space: dict[int, str] = field(default_factory=dict)  # circle -> first empty search


def last_space(e: LogEntry) -> str | None:
    """The last space of the move track an event wrote (a coach writes two)."""
    kind = e.event
    if kind == "kill":
        return e.space
    if kind == "move":
        space = e.space
        if e.how == COACH and space in SPACE_NAMES:
            i = SPACE_NAMES.index(space) + 1
            return SPACE_NAMES[i] if i < TRACK else space
        return space
    return None


def searches_by_night(log: Iterable[LogEntry]) -> dict[int, NightSearches]:
    """Every night's clues in the order found and the circles searched
    empty, each with the space Jack's track had reached then."""
    nights: dict[int, NightSearches] = {}
    space = "?"
    for e in log:
        written = last_space(e)
        if written is not None:
            space = written
        if e.event != "search" or e.circle is None:
            continue
        night = nights.setdefault(e.night, NightSearches())
        circle = e.circle
        if e.clue:
            if circle not in night.clues:
                night.clues.append(circle)
                night.clue_space[circle] = space
        else:
            night.empty_space.setdefault(circle, space)
    return nights


def clues_by_night(log: Iterable[LogEntry]) -> dict[int, list[int]]:
    """Night -> the clues found that night, in order."""
    return {n: s.clues for n, s in searches_by_night(log).items() if s.clues}


def notebook_text(view: LfwView, board: Any | None = None, *, compact: bool = False) -> str:
    """The detectives' notebook: every public fact that helps the table
    reason, earlier nights' clues included.  A circle searched empty and
    later found to hold a clue (Jack passed there after the search) is
    listed with the clues, with the space of the empty search.  With the
    `board`, a marker's crossing is said where it is (placenames.py).
    `compact` (a short window): the lines with nothing to say left out
    (tester A3, round 28: at 80×24 the side panel ended mid-deduction)."""
    text = _notebook_lines(view, board)
    if not compact:
        return "\n".join(text)
    said = [line for line in text[1:] if not line.endswith((": —", ": none"))]
    return "\n".join(text[:1] + said) if said else ""


def _notebook_lines(view: LfwView, board: Any | None) -> list[str]:
    lines = ["[b]Notebook[/b]"]
    scenes = ", ".join(f"{s.circle} (n{s.night})" for s in view.crime_scenes)
    lines.append(f"Crime scenes: {scenes or '—'}")
    nights = searches_by_night(view.log)
    tonight = view.night
    for n in sorted(nights):
        if n < tonight and nights[n].clues:
            lines.append(f"Clues, night {n}, as found: " + ", ".join(map(str, nights[n].clues)))
    now = nights.get(tonight, NightSearches())
    clues = []
    for c in view.clues:
        when = now.empty_space.get(c)
        if when is not None:
            clues.append(f"{c} (searched empty at space {when}; Jack came later)")
        else:
            clues.append(str(c))
    lines.append(f"Clues tonight, as found: {', '.join(clues) or '—'}")
    # in number order, as a player looks one up (tester J3, round 32)
    no_clue = sorted({c for c in view.searched if c not in view.clues})
    lines.append(f"Searched, no clue: {' '.join(map(str, no_clue)) or '—'}")
    this_turn, before = _arrests_by_turn(view)
    earlier = sum(a.night != tonight for a in view.failed_arrests)
    if this_turn or before or earlier:
        more = f" [dim]({earlier} on earlier nights: the log)[/dim]" if earlier else ""
        # this turn's apart (tester F4, round 43: 59, failed on the first
        # turn, read as ruled out on the second, where Jack could be again)
        lines.append(f"Failed arrests this turn: {', '.join(this_turn) or '—'}{more}")
        if before:
            lines.append(
                f"Failed arrests before his last move (he may be there now): {', '.join(before)}"
            )
    if view.false_clues:
        lines.append(f"False clues: {' '.join(map(str, view.false_clues))}")
    for m in view.patrol_markers:
        if m.revealed:
            where = placenames.between(board, m.crossing) if board else m.crossing
            lines.append(f"Marker {where}: {m.colour or 'fake'}")
    for letter in view.letters:
        lines.append(f"Letter, night {letter.night}: {letter.letter}")
    on = [OPTION_NAMES[k] for k in view.options.on()]  # words, no "O1"
    lines.append("Optional rules: " + (", ".join(on) if on else "none"))
    return lines


def _arrests_by_turn(view: LfwView) -> tuple[list[str], list[str]]:
    """Tonight's failed arrests grouped (`_arrests_grouped`): those since
    Jack's last move, and those before it."""
    moves = 0
    failed: list[tuple[int, FailedArrest]] = []
    for e in view.log:
        if e.night != view.night:
            continue
        if e.event == "move":
            moves += 1
        elif e.event == "arrest" and not e.success:
            failed.append((moves, FailedArrest(e.night, e.colour or "", e.circles)))
    this_turn = [a for m, a in failed if m == moves]
    return _arrests_grouped(this_turn), _arrests_grouped([a for m, a in failed if m < moves])


def _arrests_grouped(failed: list[Any]) -> list[str]:
    """Tonight's failed arrests, a circle once with how many times and by
    whom: "63 ×3 (yellow)" (play-tester K, round 6: the same three circles
    listed twenty times pushed the rest of the panel down)."""
    by_circle: dict[str, list[str]] = {}
    for a in failed:
        by_circle.setdefault(" ".join(map(str, a.circles)), []).append(a.colour)
    out = []
    for circle, colours in by_circle.items():
        times = f" ×{len(colours)}" if len(colours) > 1 else ""
        out.append(f"{circle}{times} ({', '.join(dict.fromkeys(colours))})")
    return out
