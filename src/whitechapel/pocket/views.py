"""Per-side views (P9), typed: what a side may know, and nothing else.

A `PocketView` is built by `viewing.py` from a game, up from what its side
may know; at the end of the game every side is shown Jack's secrets (P8).

One class serves the three sides: the investigator has no secret of his own
(his view differs from the public one only in the actions he may play), and
the end shows Jack's secrets to all.  Values are the notation's (square
names, character ids, wall letters, token faces; actions in the log as
`actions.Action`), so that the JSON is a plain copy: `to_json()` at the edges
that need JSON (a room's `state` messages, `whitechapel replay --json`),
`PocketView.from_json` back (`PocketRules.view_from_json`: a network seat's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from whitechapel.core.errors import NotationError
from whitechapel.core.game import PUBLIC, Outcome
from whitechapel.pocket.actions import Action, parse_action
from whitechapel.pocket.pieces import (
    CHARACTER_INDEX,
    CHARACTERS,
    DETECTIVES,
    DIRECTIONS,
    INVESTIGATOR,
    JACK,
    LANE,
    NO_WALL,
    SIDES,
    SQUARES,
    step_clockwise,
)

RACE_BEGINS = "both goals reached: the race begins"  # the log's words (P8)


@dataclass(frozen=True, slots=True)
class Tile:
    """A district tile as every side sees it."""

    square: str  # a1 .. c3
    character: str  # the suspect's id (pieces.CHARACTERS)
    wall: str  # N E S W: where its wall faces, kept when the tile is turned over (P2)
    cleared: bool  # turned to its empty side
    seen: bool  # some detective sees it now (P6)

    @property
    def index(self) -> int:
        """The character's index in `pieces.CHARACTERS`."""
        return CHARACTER_INDEX[self.character]

    @property
    def open_crossroads(self) -> bool:
        """Joseph Lane's empty side: a crossroads without any wall (P2)."""
        return self.cleared and self.character == CHARACTERS[LANE].id

    @property
    def sight_wall(self) -> int:
        """The direction of the wall that stops sight (P6), `NO_WALL` on an
        open crossroads."""
        return NO_WALL if self.open_crossroads else DIRECTIONS.index(self.wall)

    def to_json(self) -> dict[str, Any]:
        return {
            "square": self.square,
            "character": self.character,
            "wall": self.wall,
            "cleared": self.cleared,
            "seen": self.seen,
        }


class Detectives(NamedTuple):
    """Where the three detectives stand (positions 1-12, P2), indexed like
    `pieces.DETECTIVES` (the actions' `detective`)."""

    holmes: int
    watson: int
    toby: int

    def moved(self, detective: int, steps: int) -> Detectives:
        """The detectives after `detective` walked `steps` positions clockwise."""
        out = list(self)
        out[detective] = step_clockwise(out[detective], steps)
        return Detectives(*out)

    def named(self) -> Sequence[tuple[str, int]]:
        """(name, position) for each detective, in `DETECTIVES` order."""
        return tuple(zip(DETECTIVES, self, strict=True))

    def to_json(self) -> dict[str, int]:
        return dict(self.named())


@dataclass(frozen=True, slots=True)
class Token:
    """An action token: its two faces, the one up, and whether it was played
    this round."""

    faces: tuple[str, str]
    up: str
    used: bool

    def to_json(self) -> dict[str, Any]:
        return {"faces": list(self.faces), "up": self.up, "used": self.used}


@dataclass(frozen=True, slots=True)
class Played:
    """An action in the log, with the card the investigator showed (Jack's
    card is never named)."""

    round: int
    side: str
    action: Action
    card: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"round": self.round, "side": self.side, "action": str(self.action)}
        if self.card is not None:
            out["card"] = self.card
        return out


@dataclass(frozen=True, slots=True)
class WitnessCall:
    """A round's witness call (P7): was Jack seen, and who was cleared."""

    round: int
    seen: bool
    cleared: tuple[str, ...]

    @property
    def round_token(self) -> str:
        """Who took the round's token."""
        return INVESTIGATOR if self.seen else JACK

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "witness": "seen" if self.seen else "not seen",
            "cleared": list(self.cleared),
            "round_token": self.round_token,
        }


@dataclass(frozen=True, slots=True)
class RaceBegins:
    """Both goals reached at once: the race of P8 begins."""

    round: int

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "race": RACE_BEGINS}


LogEntry = Played | WitnessCall | RaceBegins


@dataclass(frozen=True, slots=True)
class Secrets:
    """Jack's secrets (P9): his identity, his alibi cards, his hourglasses."""

    identity: str
    alibis: tuple[str, ...]
    hourglasses: int

    def to_json(self) -> dict[str, Any]:
        return {
            "identity": self.identity,
            "alibis": list(self.alibis),
            "hourglasses": self.hourglasses,
        }


@dataclass(frozen=True, slots=True)
class PocketView:
    """What one side (`JACK`, `INVESTIGATOR` or `PUBLIC`) may know of a game."""

    game: ClassVar[str] = "pocket"

    side: str
    round: int
    step: int  # actions already played this round
    to_act: str | None
    tiles: tuple[Tile, ...]  # in square order, a1 .. c3
    detectives: Detectives
    tokens: tuple[Token, ...]
    rotated_this_round: tuple[str, ...]  # characters whose tile turned this round
    round_tokens: tuple[str, ...]  # who took each finished round's token
    investigator_alibis: tuple[str, ...]  # the cards the investigator showed
    jack_alibi_count: int  # how many cards Jack drew (never which)
    deck_size: int
    known_hourglasses: int  # the round tokens Jack took
    hourglasses_lost_to_jack: int  # on the cards the investigator drew
    race: bool
    log: tuple[LogEntry, ...]
    outcome: Outcome | None
    legal: tuple[str, ...] = ()  # the side's actions now, as text (none for PUBLIC)
    jack: Secrets | None = None  # Jack's view, and everyone's at the end

    @property
    def suspects(self) -> tuple[str, ...]:
        """The characters not cleared, in square order."""
        return tuple(t.character for t in self.tiles if not t.cleared)

    @property
    def seen_suspects(self) -> tuple[str, ...]:
        """The suspects some detective sees now, in square order."""
        return tuple(t.character for t in self.tiles if t.seen and not t.cleared)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON, exactly as records, the protocol and `replay
        --json` carry it."""
        out: dict[str, Any] = {
            "game": self.game,
            "round": self.round,
            "step": self.step,
            "to_act": self.to_act,
            "tiles": [t.to_json() for t in self.tiles],
            "detectives": self.detectives.to_json(),
            "tokens": [t.to_json() for t in self.tokens],
            "rotated_this_round": list(self.rotated_this_round),
            "round_tokens": list(self.round_tokens),
            "investigator_alibis": list(self.investigator_alibis),
            "jack_alibi_count": self.jack_alibi_count,
            "deck_size": self.deck_size,
            "known_hourglasses": self.known_hourglasses,
            "hourglasses_lost_to_jack": self.hourglasses_lost_to_jack,
            "race": self.race,
            "log": [e.to_json() for e in self.log],
            "outcome": self.outcome.to_json() if self.outcome else None,
            "side": self.side,
        }
        if self.side != PUBLIC:  # a spectator has no actions
            out["legal"] = list(self.legal)
        if self.jack is not None:
            out["jack"] = self.jack.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PocketView:
        """A view read back from its JSON (a network seat's `state`); a
        ValueError says what is wrong with anything else."""
        try:
            return _view_from_json(data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, NotationError) as e:
            raise ValueError(f"not a Mr. Jack Pocket view ({type(e).__name__}: {e})") from None


def _view_from_json(data: Mapping[str, Any]) -> PocketView:
    if data.get("game") != PocketView.game:
        raise ValueError(f"the view is of {data.get('game')!r}")
    secrets = data.get("jack")
    return PocketView(
        side=_one_of(data["side"], (*SIDES, PUBLIC)),
        round=int(data["round"]),
        step=int(data["step"]),
        to_act=None if data["to_act"] is None else _one_of(data["to_act"], SIDES),
        tiles=tuple(_tile(t) for t in data["tiles"]),
        detectives=Detectives(*(int(data["detectives"][d]) for d in DETECTIVES)),
        tokens=tuple(
            Token((str(t["faces"][0]), str(t["faces"][1])), str(t["up"]), bool(t["used"]))
            for t in data["tokens"]
        ),
        rotated_this_round=tuple(_character(c) for c in data["rotated_this_round"]),
        round_tokens=tuple(_one_of(s, SIDES) for s in data["round_tokens"]),
        investigator_alibis=tuple(_character(c) for c in data["investigator_alibis"]),
        jack_alibi_count=int(data["jack_alibi_count"]),
        deck_size=int(data["deck_size"]),
        known_hourglasses=int(data["known_hourglasses"]),
        hourglasses_lost_to_jack=int(data["hourglasses_lost_to_jack"]),
        race=bool(data["race"]),
        log=tuple(_entry(e) for e in data["log"]),
        outcome=Outcome.from_json(data["outcome"]) if data["outcome"] else None,
        legal=tuple(str(a) for a in data.get("legal", ())),
        jack=None if secrets is None else _secrets(secrets),
    )


def _tile(data: Mapping[str, Any]) -> Tile:
    return Tile(
        _one_of(data["square"], SQUARES),
        _character(data["character"]),
        _one_of(data["wall"], tuple(DIRECTIONS)),
        bool(data["cleared"]),
        bool(data["seen"]),
    )


def _secrets(data: Mapping[str, Any]) -> Secrets:
    alibis = tuple(_character(c) for c in data["alibis"])
    return Secrets(_character(data["identity"]), alibis, int(data["hourglasses"]))


def _entry(data: Mapping[str, Any]) -> LogEntry:
    if "witness" in data:
        seen = {"seen": True, "not seen": False}[data["witness"]]
        return WitnessCall(int(data["round"]), seen, tuple(_character(c) for c in data["cleared"]))
    if "race" in data:
        return RaceBegins(int(data["round"]))
    card = data.get("card")
    side = _one_of(data["side"], SIDES)
    action = parse_action(data["action"])
    return Played(int(data["round"]), side, action, None if card is None else _character(card))


def _one_of(value: Any, allowed: Sequence[str]) -> str:
    if value not in allowed:
        raise ValueError(f"{value!r} is none of {', '.join(allowed)}")
    return str(value)


def _character(value: Any) -> str:
    return _one_of(value, tuple(CHARACTER_INDEX))
