"""Each side's view of the state (§9), built from what that side may know
(the values are `views.py`'s).

The public part is built from public state only: crime scenes, clues in the
order found, circles searched without a clue, failed arrests, the spaces of
the move track used tonight and the tokens spent on them, face-down
markers' crossings, revealed markers, policemen, the public log, and each
night's hunt as the table saw it happen (`hunt_record`: every move with the
policemen's crossings at that moment, every search and arrest with the
spaces written then) and the circles named by O6, for the notebook.  Jack's view
adds his hideout, his circle, his path and which women are marked; the
police view adds which face-down patrol markers are real and their colours.
Nothing is built from the full state and then pruned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from whitechapel.core.game import PUBLIC
from whitechapel.lfw import flow, hell
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import (
    FAKES,
    JACK,
    MARKED,
    POLICE,
    REAL_MARKERS,
    TRACK,
    WOMEN,
    space_name,
)
from whitechapel.lfw.state import LfwState
from whitechapel.lfw.view_parts import (
    ArrestSeen,
    JackSheet,
    LogEntry,
    MarkerSecret,
    MoveSeen,
    NightSeen,
    PathSpace,
    PatrolPlacement,
    Placement,
    PoliceSecrets,
    SearchSeen,
    WomenPlacement,
)
from whitechapel.lfw.views import (
    CrimeScene,
    FailedArrest,
    HideoutNamed,
    JackView,
    LetterSent,
    LfwView,
    MarkerSeen,
    PhaseSeen,
    PoliceView,
    PublicView,
    TrackSpace,
)

Piece = TypeVar("Piece")
Shown = TypeVar("Shown")
SPACE_NAMES = tuple(space_name(s) for s in range(TRACK))


class _Memo(Generic[Piece, Shown]):
    """What the views show of one immutable piece of the state (an event
    tuple, a space of Jack's row), made once and shared by every view that
    shows it (views are frozen).  Keyed by identity, which costs nothing,
    with the piece kept alive beside it so that its id cannot be another's
    while it is remembered; forgotten wholesale past `size` pieces."""

    def __init__(self, make: Callable[[Piece], Shown], size: int = 20_000) -> None:
        self.make, self.size = make, size
        self.known: dict[int, tuple[Piece, Shown]] = {}

    def __call__(self, piece: Piece) -> Shown:
        hit = self.known.get(id(piece))
        if hit is not None and hit[0] is piece:
            return hit[1]
        shown = self.make(piece)
        if len(self.known) >= self.size:
            self.known.clear()
        self.known[id(piece)] = (piece, shown)
        return shown


def public_part(g: LfwState) -> dict[str, Any]:
    """Every view's fields, from public state only."""
    return {
        "map": g.board.name,
        "board": g.board.builtin_id,
        "options": g.options,
        "night": g.night,
        "phase": PhaseSeen.of(g.phase),
        "to_act": flow.to_act(g),
        "acting_colour": flow.acting_colour(g),
        "chief": g.chief,
        "time_of_the_crime": (
            space_name(g.crime_space) if g.crime_space is not None and not g.row else None
        ),
        "track": tuple(TrackSpace(SPACE_NAMES[s], s, how) for s, _, how in g.row),
        "coaches_left": g.coaches,
        "alleys_left": g.alleys,
        "women_tokens": tuple(sorted(g.women)),
        "wretched": tuple(g.wretched),
        "crime_scenes": tuple(CrimeScene(n, c) for n, c in g.crime_scenes),
        "patrol_markers": tuple(
            MarkerSeen(x, m.revealed, m.colour if m.revealed else None)
            for x, m in sorted(g.markers.items(), key=lambda kv: g.board._xorder(kv[0]))
        ),
        "police": dict(sorted(g.police.items())) if g.police_on_board else {},
        "clues": tuple(g.clues),
        "searched": tuple(g.searched),
        "failed_arrests": tuple(FailedArrest(n, c, tuple(cs)) for n, c, cs in g.arrests),
        "false_clues": tuple(g.false_clues),
        "false_clue_tokens": g.false_clue_tokens,
        "letters": tuple(LetterSent(n, name) for n, name in g.letters),
        "know_used": g.know_used,
        "log": public_log(g),
        "nights": hunt_record(g),
        "hideouts_named": tuple(HideoutNamed(e[1], e[2], e[3]) for e in g.events if e[0] == "know"),
        "outcome": g.outcome,
    }


def jack_secrets(g: LfwState) -> JackSheet:
    space = _path_space
    return JackSheet(
        hideout=g.hideout,
        position=g.jack,
        path=tuple(tuple(space(e) for e in row) for row in g.rows),
        marked_women=tuple(sorted(c for c, marked in g.women.items() if marked)),
    )


_path_space: _Memo[tuple[int, int, str], PathSpace] = _Memo(
    lambda e: PathSpace(SPACE_NAMES[e[0]], e[1], e[2])
)


def police_secrets(g: LfwState) -> PoliceSecrets:
    return PoliceSecrets(
        tuple(
            MarkerSecret(x, m.colour)
            for x, m in sorted(g.markers.items(), key=lambda kv: g.board._xorder(kv[0]))
        )
    )


def view(g: LfwState, side: str) -> LfwView:
    """Jack's, the police's or the public view (neither side's secrets)."""
    if side not in (JACK, POLICE, PUBLIC):
        raise ValueError(f"unknown side {side!r}")
    fields = public_part(g)
    to_act = fields["to_act"]
    mine = to_act == side
    if side != PUBLIC and mine and _small(g):  # a spectator has no actions
        fields["legal"] = tuple(flow.legal_actions(g))
    if mine and not _small(g):
        fields["placement"] = placement(g)
    if side == JACK:
        return JackView(**fields, side=side, jack=jack_secrets(g))
    if g.outcome is not None:
        fields["jack"] = jack_secrets(g)
    if side == POLICE:
        return PoliceView(**fields, side=side, police_secrets=police_secrets(g))
    return PublicView(**fields, side=side)


def placement(g: LfwState) -> Placement:
    """What a placement phase allows, instead of its thousands of actions:
    H2, the free red circles and how many women (and marked ones) go on
    them; H3, the crossings that must hold a marker and those that may."""
    if g.phase == Phase.WOMEN:
        n = g.night - 1
        return WomenPlacement(tuple(hell.free_red(g)), WOMEN[n], MARKED[n])
    must, may = hell.patrol_spots(g)
    return PatrolPlacement(tuple(must), tuple(may), REAL_MARKERS, FAKES)


def _small(g: LfwState) -> bool:
    """Placement phases have thousands of actions: views leave them out."""
    return g.phase not in (Phase.WOMEN, Phase.PATROLS)


def hunt_record(g: LfwState) -> tuple[NightSeen, ...]:
    """What the table saw of each night's hunt, in the order it happened:
    the crime scenes and the space of the first one; each of Jack's moves,
    its kind and where every policeman stood as he made it; each search and
    arrest, with how many spaces of the night's row were written then; and
    whether Jack announced his hideout.  All of it is public (§9), and it is
    what the police notebook deduces from (`notebook.py`)."""
    out: list[NightSeen] = []
    night: list[Any] = []  # tonight's number, crime, moves, searches, arrests, home
    seen = _seen
    for e in g.events:
        kind = e[0]
        if kind == "night":
            if night:
                out.append(_night(night))
            night = [e[1], (), None, [], [], [], False]
        elif kind == "kill":
            night[1], night[2] = e[2], e[3]
        elif kind == "move":
            night[3].append(seen(e))
        elif kind == "search":
            night[4].append(seen(e))
        elif kind == "arrest":
            night[5].append(seen(e))
        elif kind == "home":
            night[6] = True
    if night:
        out.append(_night(night))
    return tuple(out)


def _night(n: list[Any]) -> NightSeen:
    return NightSeen(n[0], n[1], n[2], tuple(n[3]), tuple(n[4]), tuple(n[5]), n[6])


_seen: _Memo[tuple, MoveSeen | SearchSeen | ArrestSeen] = _Memo(
    lambda e: (
        MoveSeen(e[2], e[3], dict(e[4]))
        if e[0] == "move"
        else SearchSeen(e[2], e[3], e[4], e[5])
        if e[0] == "search"
        else ArrestSeen(e[2], e[3], e[4], e[5])
    )
)  # a move, search or arrest as the table saw it (fmt: one expression)


# What each kind of event shows in the public log, from its tuple (the rest
# of a tuple, e.g. the policemen's crossings at a move, is for the notebook).
# Every kind the engine writes is here: an unknown one is a bug, not a blank entry.
# fmt: off
_ENTRIES: dict[str, Callable[[tuple], LogEntry]] = {
    # The hideout is chosen before the first night; its entry never names the circle.
    "hideout": lambda e: LogEntry(e[0], 0),
    "night": lambda e: LogEntry(e[0], e[1]),
    "chief": lambda e: LogEntry(e[0], e[1], chief=e[2]),
    "women": lambda e: LogEntry(e[0], e[1], where=tuple(e[2])),
    "patrols": lambda e: LogEntry(e[0], e[1], where=tuple(e[2])),
    "letter": lambda e: LogEntry(e[0], e[1], letter=e[2], args=tuple(e[3])),
    "saucy": lambda e: LogEntry(e[0], e[1], moves=tuple((a, b) for a, b in e[2])),
    "wretched": lambda e: LogEntry(e[0], e[1], circles=tuple(e[2])),
    "wait": lambda e: LogEntry(e[0], e[1], time_of_the_crime=space_name(e[2])),
    "wretched_move": lambda e: LogEntry(e[0], e[1], source=e[2], target=e[3]),
    "reveal": lambda e: LogEntry(e[0], e[1], crossing=e[2], colour=e[3]),
    "kill": lambda e: LogEntry(e[0], e[1], crime_scenes=tuple(e[2]), space=space_name(e[3])),
    "alarm": lambda e: LogEntry(e[0], e[1], police=dict(e[2]), fakes=tuple(e[3])),
    "move": lambda e: LogEntry(e[0], e[1], how=e[2], space=space_name(e[3])),
    "police_move": lambda e: LogEntry(e[0], e[1], colour=e[2], crossing=e[3]),
    "search": lambda e: LogEntry(e[0], e[1], colour=e[2], circle=e[3], clue=e[4]),
    "arrest": lambda e: LogEntry(e[0], e[1], colour=e[2], circles=tuple(e[3]), success=e[4]),
    "know": lambda e: LogEntry(e[0], e[1], circle=e[2], found=e[3]),
    "end": lambda e: LogEntry(e[0], e[1], winner=e[2], reason=e[3]),
}
# fmt: on
for _kind in ("chase", "graffito", "pass", "false_clue", "home"):
    _ENTRIES[_kind] = lambda e: LogEntry(e[0], e[1], detail=tuple(e[2:]))


_entry: _Memo[tuple, LogEntry] = _Memo(lambda e: _ENTRIES[e[0]](e))


def public_log(g: LfwState) -> tuple[LogEntry, ...]:
    """The public log, one entry per event (`_ENTRIES` says what each kind
    shows): every view carries it, so each event's entry is made once."""
    return tuple(map(_entry, g.events))


def reveal(game: LfwState) -> dict[str, Any]:
    """What the end shows every side (§9: Jack's hideout and path), as the
    JSON a room's message adds to any view."""
    return {"jack": jack_secrets(game).to_json()}
