"""The police notebook: exactly where Jack can be, and where he can live,
from the public facts alone (§9: what the whole table saw happen).

`notebook(view, board)` reads any side's view (the police's, Jack's or a
spectator's give the same answer: only the public part is read) and
returns a `Notebook`:

- **where Jack can be now**: every circle at the end of a path of tonight
  that agrees with everything public (`paths.py` counts them: moves of the
  kind the track shows, normal moves never through a crossing a policeman
  held at that moment, clues, searches that found nothing, failed arrests;
  N3's two crime scenes in either order), with the number of such paths
  ending there.  T1: while the game goes on and Jack is to move, he stands
  where he has a legal move; "Jack cannot move" pins him where he has none.
- **where the hideout can be**: the circles where every finished night's
  path could have ended (he announced his hideout there), less the red
  circles (S1), those O5 forbids and those a failed O6 named.
- per night, its paths' end circles and counts.

`Notebook.homeward()` narrows the heat map to the circles from which some
hideout candidate can still be reached in the spaces left (ignoring the
policemen, who will have moved).

Pass the previous notebook of the same game as `previous` to bring it up
to date cheaply after an action: a night whose facts only grew keeps the
layers that still hold (`paths.NightPaths`).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from whitechapel.core.errors import RecordError
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.paths import (
    CAUGHT,
    CLUE,
    MISSED,
    NOTHING,
    Check,
    NightFacts,
    NightPaths,
    homeward_reach,
    tables,
)
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import COACH, FOUND_HIDEOUT, LAST_SPACE, POLICE, TRAPPED
from whitechapel.lfw.view_parts import NightSeen
from whitechapel.lfw.views import LfwView


@dataclass(frozen=True)
class NightNotes:
    """One night: Jack's moves that night, whether he announced his hideout
    (the night is finished), and circle -> the number of paths of that
    night ending there (its end set, for a finished night)."""

    night: int
    moves: int
    home: bool
    counts: Mapping[int, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def ends(self) -> tuple[int, ...]:
        return tuple(sorted(self.counts))


@dataclass(frozen=True)
class Notebook:
    """What the police can know.  `counts`: where Jack can be now, each
    circle with the number of distinct paths of tonight ending there (empty
    while he is not on the streets: before tonight's crime).  `hideouts`:
    the hideout candidates.  `nights`: every night so far."""

    night: int
    on_board: bool
    counts: Mapping[int, int]
    hideouts: tuple[int, ...]
    nights: tuple[NightNotes, ...]
    spaces_left: int
    alleys_left: int
    board: Board = field(repr=False, compare=False)
    _paths: tuple[NightPaths | None, ...] = field(repr=False, compare=False, default=())
    over: bool = False  # the game is over (`counts`: where it ended, empty if Jack got home)

    @property
    def home(self) -> bool:
        """Tonight is finished: Jack announced his hideout (he is on one of
        the candidates), or the game is over after a night."""
        last = self.nights[-1] if self.nights else None
        return last is not None and last.night == self.night and last.home

    @property
    def possible(self) -> tuple[int, ...]:
        return tuple(sorted(self.counts))

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def homeward(self) -> dict[int, int]:
        """`counts` restricted to the circles from which a hideout candidate
        can be reached by a normal move within the spaces left tonight,
        alleys included and policemen ignored."""
        if not self.on_board or not self.hideouts:
            return {}
        reach = homeward_reach(self.board, self.hideouts, self.alleys_left)
        return {
            c: n for c, n in self.counts.items() if reach.get(c, LAST_SPACE + 2) <= self.spaces_left
        }

    def to_json(self) -> dict[str, Any]:
        def circles(counts: Mapping[int, int]) -> list[dict[str, int]]:
            return [{"circle": c, "paths": counts[c]} for c in sorted(counts)]

        return {
            "night": self.night,
            "over": self.over,
            "home": self.home,
            "on_board": self.on_board,
            "possible": circles(self.counts),
            "paths": self.total,
            "hideouts": list(self.hideouts),
            "nights": [
                {"night": n.night, "moves": n.moves, "home": n.home, "ends": circles(n.counts)}
                for n in self.nights
            ],
        }


def notebook(view: LfwView, board: Board, previous: Notebook | None = None) -> Notebook:
    """The notebook of the game a view shows.  `board` is the game's board;
    `previous`, an earlier notebook of the same game, saves counting again
    what has not changed."""
    earlier = previous._paths if previous is not None and previous.board is board else ()
    paths: list[NightPaths | None] = []
    notes: list[NightNotes] = []
    for i, record in enumerate(view.nights):
        facts = night_facts(record, board)
        if facts is None:
            paths.append(None)
            notes.append(NightNotes(record.night, 0, False, {}))
            continue
        before = earlier[i] if i < len(earlier) else None
        if before is not None and before.facts == facts:
            night = before
        else:
            night = NightPaths(board, facts, before)
        paths.append(night)
        notes.append(NightNotes(record.night, len(facts.moves), record.home, night.counts()))
    hideouts = hideout_candidates(view, board, notes)
    tonight = notes[-1] if notes else None
    on_board = tonight is not None and paths[-1] is not None
    counts: Mapping[int, int] = tonight.counts if tonight is not None and on_board else {}
    if on_board and tonight is not None:
        if tonight.home:
            counts = {c: n for c, n in counts.items() if c in hideouts}
        else:
            counts = _must_move(view, board, counts)
    over = view.outcome is not None
    if tonight is not None and tonight.home and tonight.night == view.night:
        # Tonight is finished (Jack announced his hideout; after night 4, the
        # game is over): the night's finished state, no "where Jack can be now".
        counts, on_board = {}, False
    return Notebook(
        night=view.night,
        on_board=on_board,
        counts=counts,
        hideouts=hideouts,
        nights=tuple(notes),
        spaces_left=view.spaces_left,
        alleys_left=view.alleys_left,
        board=board,
        _paths=tuple(paths),
        over=over,
    )


def record_notebook(path: str | os.PathLike[str], at: int | None = None) -> tuple[Notebook, str]:
    """The police's notebook of a saved game after its `at`-th action (by
    default all), and where in the game that is.  Any problem with the file
    is a `RecordError` with one sentence."""
    from whitechapel.core.record import replay
    from whitechapel.core.store import read_record
    from whitechapel.lfw.game import LfwGame

    record = read_record(path)
    if record.game != "lfw":
        raise RecordError(f"{path} is a record of {record.game!r}, not of Letters from Whitechapel")
    total = len(record.actions)
    n = total if at is None else at
    if n > total:
        raise RecordError(f"{path} has only {total} actions, so there is no action {n}")
    part = dataclasses.replace(
        record, actions=record.actions[:n], outcome=record.outcome if n == total else None
    )
    try:
        game = replay(part)
    except RecordError as e:
        raise RecordError(f"{path}: {e}") from None
    assert isinstance(game, LfwGame)  # the registry's LfW rules start an LfwGame
    return notebook(game.view(POLICE), game.board), f"after action {n} of {total}"


# -- reading the view ------------------------------------------------------------------


def night_facts(record: NightSeen, board: Board) -> NightFacts | None:
    """The public facts of one night of the view's `nights` (None before its
    crime).  A search or an arrest happened when its number of written
    spaces was reached: that is its moment, in Jack's moves."""
    scenes = record.crime_scenes
    if not scenes:
        return None
    # N3: both scenes are written, in an order only Jack knows.
    starts = (scenes,) if len(scenes) == 1 else tuple(permutations(scenes))
    moment = {len(scenes): 0}
    written = len(scenes)
    moves = []
    for t, move in enumerate(record.moves, start=1):
        written += 2 if move.how == COACH else 1
        moment[written] = t
        moves.append((move.how, board.police_mask(move.police.values())))
    checks = set()
    for search in record.searches:
        when = moment[search.written]
        if search.clue:
            if search.circle not in scenes:  # a crime scene is always written
                checks.add(Check(when, CLUE, (search.circle,)))
        else:
            checks.add(Check(when, NOTHING, (search.circle,)))
    for arrest in record.arrests:
        kind = CAUGHT if arrest.success else MISSED
        checks.add(Check(moment[arrest.written], kind, arrest.circles))
    return NightFacts(starts, tuple(moves), frozenset(checks))


def hideout_candidates(view: LfwView, board: Board, nights: list[NightNotes]) -> tuple[int, ...]:
    """Not red (S1), nor next to a red circle under O5; where every finished
    night ended; not a circle O6 named in vain (or the one it found)."""
    named = view.hideouts_named
    found = [n.circle for n in named if n.found]
    outcome = view.outcome
    if found and outcome and outcome.reason == FOUND_HIDEOUT:
        return (found[0],)
    out = set(board.circles) - board.red
    if view.options.catch_me:
        out -= {n for r in board.red for n in board.jack_adjacent(r)}
    for night in nights:
        if night.home:
            out &= set(night.counts)
    out -= {n.circle for n in named if not n.found}
    return tuple(sorted(out))


# -- T1: Jack must move ----------------------------------------------------------------


def _must_move(view: LfwView, board: Board, counts: Mapping[int, int]) -> Mapping[int, int]:
    """While Jack is to move and the game goes on, he is where he has a
    legal move; when he could not move, where he had none."""
    outcome = view.outcome
    trapped = outcome is not None and outcome.reason == TRAPPED
    if not trapped and (outcome is not None or view.phase.key != Phase.ESCAPE):
        return counts
    police = board.police_mask(view.police.values())
    space = view.track[-1].index + 1
    coach = view.coaches_left > 0 and space + 1 <= LAST_SPACE
    alley = view.alleys_left > 0
    tb = tables(board)

    def sealed(c: int) -> bool:
        if (coach and board.coach_routes(c)) or (alley and tb.alley[c]):
            return False
        return space > LAST_SPACE or not tb.steps(c, police)

    return {c: n for c, n in counts.items() if sealed(c) == trapped}
