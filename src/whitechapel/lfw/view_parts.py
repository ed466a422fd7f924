"""The larger parts of a side's view (`views.py`), each with its JSON:
what the table saw of each night's hunt (`NightSeen`, the notebook's
facts), the public log (`LogEntry`), what a placement phase allows
(`WomenPlacement`, `PatrolPlacement`) and each side's secrets (Jack's
sheet, the police's markers).  Frozen values, like the views."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

_Json = dict[str, Any]


# -- what the table saw of each night's hunt (the notebook's facts) ----------------------


@dataclass(frozen=True, slots=True)
class MoveSeen:
    """One of Jack's moves: its kind, its track index, and every
    policeman's crossing as he made it."""

    how: str
    index: int
    police: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class SearchSeen:
    """A circle searched, whether a clue was found, and how many spaces of
    the night's row were written then (crime scenes included)."""

    colour: str
    circle: int
    clue: bool
    written: int


@dataclass(frozen=True, slots=True)
class ArrestSeen:
    colour: str
    circles: tuple[int, ...]
    success: bool
    written: int


@dataclass(frozen=True, slots=True)
class NightSeen:
    """One night's hunt as the table saw it: the crime scenes (in number
    order, N3) and the track index of the first, Jack's moves, the searches
    and arrests, and whether Jack announced his hideout."""

    night: int
    crime_scenes: tuple[int, ...] = ()
    crime_index: int | None = None
    moves: tuple[MoveSeen, ...] = ()
    searches: tuple[SearchSeen, ...] = ()
    arrests: tuple[ArrestSeen, ...] = ()
    home: bool = False

    def to_json(self) -> _Json:
        return {
            "night": self.night,
            "crime_scenes": list(self.crime_scenes),
            "crime_index": self.crime_index,
            "moves": [
                {"how": m.how, "index": m.index, "police": dict(m.police)} for m in self.moves
            ],
            "searches": [
                {"colour": s.colour, "circle": s.circle, "clue": s.clue, "written": s.written}
                for s in self.searches
            ],
            "arrests": [
                {
                    "colour": a.colour,
                    "circles": list(a.circles),
                    "success": a.success,
                    "written": a.written,
                }
                for a in self.arrests
            ],
            "home": self.home,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> NightSeen:
        return cls(
            night=d["night"],
            crime_scenes=tuple(d["crime_scenes"]),
            crime_index=d["crime_index"],
            moves=tuple(MoveSeen(m["how"], m["index"], dict(m["police"])) for m in d["moves"]),
            searches=tuple(
                SearchSeen(s["colour"], s["circle"], s["clue"], s["written"]) for s in d["searches"]
            ),
            arrests=tuple(
                ArrestSeen(a["colour"], tuple(a["circles"]), a["success"], a["written"])
                for a in d["arrests"]
            ),
            home=d["home"],
        )


# -- the public log ----------------------------------------------------------------------

# Each kind of event and the fields its entry carries, in their JSON order
# (after `event` and `night`).  `detail`: the kind's own words (chase: the
# colour and crossing; graffito and pass: the colour; a false clue: its circle).
LOG_FIELDS: dict[str, tuple[str, ...]] = {
    "hideout": (),  # chosen before the first night; never names the circle
    "night": (),
    "chief": ("chief",),
    "women": ("where",),
    "patrols": ("where",),
    "letter": ("letter", "args"),
    "saucy": ("moves",),
    "wretched": ("circles",),
    "wait": ("time_of_the_crime",),
    "wretched_move": ("source", "target"),
    "reveal": ("crossing", "colour"),
    "kill": ("crime_scenes", "space"),
    "alarm": ("police", "fakes"),
    "move": ("how", "space"),
    "police_move": ("colour", "crossing"),
    "search": ("colour", "circle", "clue"),
    "arrest": ("colour", "circles", "success"),
    "know": ("circle", "found"),
    "end": ("winner", "reason"),
    **{kind: ("detail",) for kind in ("chase", "graffito", "pass", "false_clue", "home")},
}
_PAIRS = {"moves"}  # fields holding (from, to) pairs
_MAPPINGS = {"police"}


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of the public log.  `event` is its kind; the kind's fields
    (`LOG_FIELDS`) are set, the others keep their empty defaults."""

    event: str
    night: int
    chief: str | None = None
    where: tuple[int | str, ...] = ()  # women's circles, or the markers' crossings
    letter: str | None = None
    args: tuple[str, ...] = ()
    moves: tuple[tuple[str, str], ...] = ()
    circles: tuple[int, ...] = ()
    time_of_the_crime: str | None = None
    source: int | None = None
    target: int | None = None
    crossing: str | None = None
    colour: str | None = None
    crime_scenes: tuple[int, ...] = ()
    space: str | None = None
    police: Mapping[str, str] = field(default_factory=dict)
    fakes: tuple[str, ...] = ()
    how: str | None = None
    circle: int | None = None
    clue: bool = False
    success: bool = False
    found: bool = False
    winner: str | None = None
    reason: str | None = None
    detail: tuple[Any, ...] = ()

    def to_json(self) -> _Json:
        out: _Json = {"event": self.event, "night": self.night}
        for name in LOG_FIELDS[self.event]:
            value = getattr(self, name)
            if name in _PAIRS:
                value = [list(pair) for pair in value]
            elif name in _MAPPINGS:
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> LogEntry:
        values: dict[str, Any] = {}
        for name in LOG_FIELDS[d["event"]]:
            value = d[name]
            if name in _PAIRS:
                value = tuple((a, b) for a, b in value)
            elif name in _MAPPINGS:
                value = dict(value)
            elif isinstance(value, list):
                value = tuple(value)
            values[name] = value
        return cls(d["event"], d["night"], **values)


# -- the placement phases -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WomenPlacement:
    """H2: the free red circles, how many women go on them, how many marked."""

    circles: tuple[int, ...]
    women: int
    marked: int

    def to_json(self) -> _Json:
        return {"circles": list(self.circles), "women": self.women, "marked": self.marked}


@dataclass(frozen=True, slots=True)
class PatrolPlacement:
    """H3: the crossings that must hold a marker and those that may; how
    many markers are real (one per colour) and how many fakes."""

    must: tuple[str, ...]
    may: tuple[str, ...]
    real: int
    fakes: int

    def to_json(self) -> _Json:
        return {
            "must": list(self.must),
            "may": list(self.may),
            "real": self.real,
            "fakes": self.fakes,
        }


Placement = WomenPlacement | PatrolPlacement


def placement_from_json(d: Mapping[str, Any]) -> Placement:
    if "circles" in d:
        return WomenPlacement(tuple(d["circles"]), d["women"], d["marked"])
    return PatrolPlacement(tuple(d["must"]), tuple(d["may"]), d["real"], d["fakes"])


# -- the secrets --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PathSpace:
    """A space of Jack's sheet: its name, the circle written, what wrote it."""

    space: str
    circle: int
    how: str


@dataclass(frozen=True, slots=True)
class JackSheet:
    """Jack's secrets (§9): his hideout, his circle (None before tonight's
    crime), his path night by night, the women he marked."""

    hideout: int | None
    position: int | None
    path: tuple[tuple[PathSpace, ...], ...]
    marked_women: tuple[int, ...]

    @property
    def tonight(self) -> tuple[PathSpace, ...]:
        """The last night's row (empty before the first crime)."""
        return self.path[-1] if self.path else ()

    def to_json(self) -> _Json:
        return {
            "hideout": self.hideout,
            "position": self.position,
            "path": [
                [{"space": e.space, "circle": e.circle, "how": e.how} for e in row]
                for row in self.path
            ],
            "marked_women": list(self.marked_women),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> JackSheet:
        return cls(
            hideout=d["hideout"],
            position=d["position"],
            path=tuple(
                tuple(PathSpace(e["space"], e["circle"], e["how"]) for e in row)
                for row in d["path"]
            ),
            marked_women=tuple(d["marked_women"]),
        )


@dataclass(frozen=True, slots=True)
class MarkerSecret:
    """A patrol marker as the Chief placed it: its colour (None: a fake)."""

    crossing: str
    colour: str | None


@dataclass(frozen=True, slots=True)
class PoliceSecrets:
    patrol_markers: tuple[MarkerSecret, ...]

    def real(self) -> dict[str, str]:
        """Crossing -> colour of the real markers still on the board."""
        return {m.crossing: m.colour for m in self.patrol_markers if m.colour}

    def to_json(self) -> _Json:
        return {
            "patrol_markers": [
                {"crossing": m.crossing, "colour": m.colour} for m in self.patrol_markers
            ]
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PoliceSecrets:
        return cls(tuple(MarkerSecret(m["crossing"], m["colour"]) for m in d["patrol_markers"]))
