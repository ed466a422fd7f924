"""What each side sees of a game (§9), as typed, frozen values.

`game.view(side)` gives a `JackView`, a `PoliceView` or a `PublicView`
(`viewing.py` builds them from what that side may know).  Every reader --
the computer players, the notebook, the legal actions (`legal.py`), the
screens and their sentences, `replay` -- reads their fields.  JSON is made
only at the edges that store or send a view (records, the network
protocol, `replay --json`, `lfw notebook --json`): `to_json()`, and
`view_from_json` (`LfwRules.view_from_json`) reads it back; both keep the
JSON the views have always had, key for key (docs/lfw.md, "Views").

The public part, every view's: the night, the phase, who acts, the Chief,
the move track tonight, the tokens left, the women tokens, Wretched and
crime scenes, the patrol markers (a colour once turned), the policemen,
tonight's clues, searches and false clues, failed arrests, letters, the
public log (`LogEntry`), and what the table saw of each night's hunt
(`NightSeen`, the notebook's facts); these larger parts, the placements
and the secrets are `view_parts.py`'s.  The side to act gets its legal
actions, typed (a placement phase describes them instead: `placement`).
Jack's view adds his `jack` sheet; the police's, the colours of their
markers (`police_secrets`); at the end every view carries `jack`.

A view is frozen and built once per state and side; its mappings
(`police`, a move's policemen) are not to be changed either.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from whitechapel.core.game import PUBLIC, Outcome
from whitechapel.lfw.actions import Action
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import TITLES, Phase
from whitechapel.lfw.rulebook import JACK, LAST_SPACE, POLICE
from whitechapel.lfw.view_parts import (
    JackSheet,
    LogEntry,
    NightSeen,
    Placement,
    PoliceSecrets,
    placement_from_json,
)

_Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class PhaseSeen:
    """The phase: its key, the rules reference's tag, the rulebook's name."""

    key: Phase
    tag: str
    name: str

    @classmethod
    def of(cls, key: Phase) -> PhaseSeen:
        return cls(key, *TITLES[key])


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """A space of tonight's move track that is written: its name (V … 15),
    its index (0 … 19) and what wrote it (rulebook CRIME, STEP, COACH, ALLEY)."""

    space: str
    index: int
    how: str


@dataclass(frozen=True, slots=True)
class CrimeScene:
    night: int
    circle: int


@dataclass(frozen=True, slots=True)
class MarkerSeen:
    """A patrol marker on the board; its colour once Jack turned it (None:
    face down, or a fake)."""

    crossing: str
    revealed: bool
    colour: str | None


@dataclass(frozen=True, slots=True)
class FailedArrest:
    night: int
    colour: str
    circles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LetterSent:
    night: int
    letter: str


@dataclass(frozen=True, slots=True)
class HideoutNamed:
    """O6: a circle the police named, and whether it was the hideout."""

    night: int
    circle: int
    found: bool


# -- the views ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LfwView:
    """What every side sees (the public part), the side it is for, and on
    that side's turn its legal actions (none listed in a placement phase:
    `placement` says what it allows).  `jack` is Jack's sheet: in his view,
    and in every view once the game is over."""

    game: ClassVar[str] = "lfw"

    map: str
    board: str | None  # a shipped board, 'name@edition' (None: a player's map)
    options: Options
    night: int
    phase: PhaseSeen
    to_act: str | None
    acting_colour: str | None
    chief: str | None
    time_of_the_crime: str | None
    track: tuple[TrackSpace, ...]
    coaches_left: int
    alleys_left: int
    women_tokens: tuple[int, ...]
    wretched: tuple[int, ...]
    crime_scenes: tuple[CrimeScene, ...]
    patrol_markers: tuple[MarkerSeen, ...]
    police: Mapping[str, str]  # colour -> crossing, once they are on the board (H9)
    clues: tuple[int, ...]  # tonight's, in the order found
    searched: tuple[int, ...]  # tonight's circles searched with no clue
    failed_arrests: tuple[FailedArrest, ...]
    false_clues: tuple[int, ...]
    false_clue_tokens: int
    letters: tuple[LetterSent, ...]
    know_used: bool
    log: tuple[LogEntry, ...]
    nights: tuple[NightSeen, ...]
    hideouts_named: tuple[HideoutNamed, ...]
    outcome: Outcome | None
    side: str
    legal: tuple[Action, ...] = ()
    placement: Placement | None = None
    jack: JackSheet | None = None

    @property
    def spaces_left(self) -> int:
        """The free spaces of tonight's row (0 before tonight's crime)."""
        return LAST_SPACE - self.track[-1].index if self.track else 0

    def to_json(self) -> _Json:
        """The view as JSON data: what records, the protocol and `replay
        --json` carry (the same keys, in the same order, as ever)."""
        out: _Json = {
            "game": self.game,
            "map": self.map,
            "board": self.board,
            "options": self.options.to_json(),
            "night": self.night,
            "phase": {"key": self.phase.key.value, "tag": self.phase.tag, "name": self.phase.name},
            "to_act": self.to_act,
            "acting_colour": self.acting_colour,
            "chief": self.chief,
            "time_of_the_crime": self.time_of_the_crime,
            "track": [{"space": t.space, "index": t.index, "how": t.how} for t in self.track],
            "coaches_left": self.coaches_left,
            "alleys_left": self.alleys_left,
            "women_tokens": list(self.women_tokens),
            "wretched": list(self.wretched),
            "crime_scenes": [{"night": s.night, "circle": s.circle} for s in self.crime_scenes],
            "patrol_markers": [
                {"crossing": m.crossing, "revealed": m.revealed, "colour": m.colour}
                for m in self.patrol_markers
            ],
            "police": dict(self.police),
            "clues": list(self.clues),
            "searched": list(self.searched),
            "failed_arrests": [
                {"night": a.night, "colour": a.colour, "circles": list(a.circles)}
                for a in self.failed_arrests
            ],
            "false_clues": list(self.false_clues),
            "false_clue_tokens": self.false_clue_tokens,
            "letters": [{"night": x.night, "letter": x.letter} for x in self.letters],
            "know_used": self.know_used,
            "log": [e.to_json() for e in self.log],
            "nights": [n.to_json() for n in self.nights],
            "hideouts_named": [
                {"night": h.night, "circle": h.circle, "found": h.found}
                for h in self.hideouts_named
            ],
            "outcome": self.outcome.to_json() if self.outcome else None,
            "side": self.side,
        }
        if self.side != PUBLIC:  # a spectator has no actions
            out["legal"] = [str(a) for a in self.legal]
        if self.placement is not None:
            out["placement"] = self.placement.to_json()
        if self.jack is not None:
            out["jack"] = self.jack.to_json()
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class JackView(LfwView):
    """Jack's view: the public part and his sheet."""

    jack: JackSheet


@dataclass(frozen=True, slots=True, kw_only=True)
class PoliceView(LfwView):
    """The police's view: the public part and the colours of their markers."""

    police_secrets: PoliceSecrets

    def to_json(self) -> _Json:
        out = LfwView.to_json(self)
        out["police_secrets"] = self.police_secrets.to_json()
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(LfwView):
    """The view of nobody in particular (spectators, `replay`): no secret,
    no action."""


def view_from_json(data: Mapping[str, Any]) -> LfwView:
    """A view read back from its JSON (`to_json`; a room's end may have added
    Jack's sheet to any side's).  Raises ValueError for data that is not an
    LfW view."""
    try:
        return _from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ValueError(f"not a Letters from Whitechapel view ({type(e).__name__}: {e})") from None


def _from_json(d: Mapping[str, Any]) -> LfwView:
    side = d["side"]
    outcome = d["outcome"]
    phase = d["phase"]
    common: dict[str, Any] = dict(
        map=d["map"],
        board=d["board"],
        options=Options.from_json(d["options"]),
        night=d["night"],
        phase=PhaseSeen(Phase(phase["key"]), phase["tag"], phase["name"]),
        to_act=d["to_act"],
        acting_colour=d["acting_colour"],
        chief=d["chief"],
        time_of_the_crime=d["time_of_the_crime"],
        track=tuple(TrackSpace(t["space"], t["index"], t["how"]) for t in d["track"]),
        coaches_left=d["coaches_left"],
        alleys_left=d["alleys_left"],
        women_tokens=tuple(d["women_tokens"]),
        wretched=tuple(d["wretched"]),
        crime_scenes=tuple(CrimeScene(s["night"], s["circle"]) for s in d["crime_scenes"]),
        patrol_markers=tuple(
            MarkerSeen(m["crossing"], m["revealed"], m["colour"]) for m in d["patrol_markers"]
        ),
        police=dict(d["police"]),
        clues=tuple(d["clues"]),
        searched=tuple(d["searched"]),
        failed_arrests=tuple(
            FailedArrest(a["night"], a["colour"], tuple(a["circles"])) for a in d["failed_arrests"]
        ),
        false_clues=tuple(d["false_clues"]),
        false_clue_tokens=d["false_clue_tokens"],
        letters=tuple(LetterSent(x["night"], x["letter"]) for x in d["letters"]),
        know_used=d["know_used"],
        log=tuple(LogEntry.from_json(e) for e in d["log"]),
        nights=tuple(NightSeen.from_json(n) for n in d["nights"]),
        hideouts_named=tuple(
            HideoutNamed(h["night"], h["circle"], h["found"]) for h in d["hideouts_named"]
        ),
        outcome=Outcome.from_json(outcome) if outcome else None,
        side=side,
        # the edge: a listed action's text read back once, here
        legal=tuple(parse_action(t) for t in d.get("legal", ())),
        placement=placement_from_json(d["placement"]) if "placement" in d else None,
        jack=JackSheet.from_json(d["jack"]) if "jack" in d else None,
    )
    if side == JACK:
        return JackView(**common)
    if side == POLICE:
        return PoliceView(**common, police_secrets=PoliceSecrets.from_json(d["police_secrets"]))
    if side == PUBLIC:
        return PublicView(**common)
    raise ValueError(f"unknown side {side!r}")
