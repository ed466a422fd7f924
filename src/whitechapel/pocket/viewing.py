"""What each side is shown of a game (P9): its `PocketView`, built up from
what that side may know.

The public part comes from the public state, then, for Jack only, his
identity and his alibi cards (`Secrets`); nothing is built from the full
state and then pruned.  At the end every side is shown Jack's secrets (P8).
The public log is written by the engine as it plays (`events`) and holds
only public events.  The engine's `view(side)` and `reveal()` are these
(`core.game.Engine`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from whitechapel.core.game import PUBLIC, Outcome
from whitechapel.pocket.actions import Action
from whitechapel.pocket.pieces import (
    CHARACTERS,
    DIRECTIONS,
    HOURGLASSES,
    INVESTIGATOR,
    JACK,
    SQUARES,
    TOKENS,
)
from whitechapel.pocket.views import (
    Detectives,
    LogEntry,
    Played,
    PocketView,
    RaceBegins,
    Secrets,
    Tile,
    Token,
    WitnessCall,
)

if TYPE_CHECKING:  # players import the views, never a module of the game's state
    from whitechapel.pocket.setup import Setup


class PocketGame(Protocol):
    """What the views read of a `game.PocketGame`.  A protocol rather than the
    class itself: game.py imports this module, and the engines' import graph
    has no circle (tests/test_engine_imports.py)."""

    @property
    def setup(self) -> Setup: ...
    @property
    def round(self) -> int: ...
    @property
    def step(self) -> int: ...
    @property
    def to_act(self) -> str | None: ...
    @property
    def outcome(self) -> Outcome | None: ...
    @property
    def race(self) -> bool: ...
    @property
    def tiles(self) -> Sequence[int]: ...  # character per square
    @property
    def walls(self) -> Sequence[int]: ...  # wall direction per square
    @property
    def detectives(self) -> Sequence[int]: ...  # position per detective
    @property
    def cleared(self) -> int: ...  # bit per character
    @property
    def faces(self) -> int: ...  # bit per token: 0 front face, 1 back
    @property
    def used(self) -> int: ...  # bit per token played this round
    @property
    def rotated(self) -> int: ...  # bit per character rotated this round
    @property
    def deck_pos(self) -> int: ...
    @property
    def jack_alibis(self) -> Sequence[int]: ...
    @property
    def investigator_alibis(self) -> Sequence[int]: ...
    @property
    def events(self) -> Sequence[tuple]: ...  # see public_log

    def seen_squares(self) -> int: ...
    def round_tokens(self) -> list[str]: ...
    def jack_hourglasses(self) -> int: ...
    def legal_actions(self) -> Sequence[Action]: ...


def view(game: PocketGame, side: str) -> PocketView:
    """Jack's, the investigator's or the public view: the public part, the
    side's actions if it is to act, Jack's secrets for Jack (and for all at
    the end)."""
    if side not in (JACK, INVESTIGATOR, PUBLIC):
        raise ValueError(f"unknown side {side!r}")
    seen = game.seen_squares()
    round_tokens = tuple(game.round_tokens())
    legal: tuple[str, ...] = ()
    if side != PUBLIC and game.to_act == side:
        legal = tuple(str(a) for a in game.legal_actions())
    return PocketView(
        side=side,
        round=game.round,
        step=game.step,
        to_act=game.to_act,
        tiles=tuple(
            Tile(
                SQUARES[sq],
                CHARACTERS[c].id,
                DIRECTIONS[game.walls[sq]],
                bool(game.cleared >> c & 1),
                bool(seen >> sq & 1),
            )
            for sq, c in enumerate(game.tiles)
        ),
        detectives=Detectives(*game.detectives),
        tokens=tuple(
            Token(TOKENS[t], TOKENS[t][game.faces >> t & 1], bool(game.used >> t & 1))
            for t in range(4)
        ),
        rotated_this_round=tuple(CHARACTERS[c].id for c in range(9) if game.rotated >> c & 1),
        round_tokens=round_tokens,
        investigator_alibis=tuple(CHARACTERS[c].id for c in game.investigator_alibis),
        jack_alibi_count=len(game.jack_alibis),
        deck_size=len(game.setup.deck) - game.deck_pos,
        known_hourglasses=round_tokens.count(JACK),
        hourglasses_lost_to_jack=sum(HOURGLASSES[c] for c in game.investigator_alibis),
        race=game.race,
        log=public_log(game),
        outcome=game.outcome,
        legal=legal,
        jack=jack_secrets(game) if side == JACK or game.outcome is not None else None,
    )


def public_log(game: PocketGame) -> tuple[LogEntry, ...]:
    """Every action in its text form, the cards the investigator showed, each
    witness call with what it cleared, and the start of a race.  The engine
    logs only public events: Jack's cards are never in it."""
    log: list[LogEntry] = []
    for event in game.events:
        if len(event) == 4:
            rnd, side, action, card = event
            log.append(Played(rnd, side, action, CHARACTERS[card].id if card >= 0 else None))
        elif len(event) == 3:
            rnd, seen, cleared = event
            log.append(WitnessCall(rnd, seen, tuple(CHARACTERS[c].id for c in cleared)))
        else:
            log.append(RaceBegins(event[0]))
    return tuple(log)


def jack_secrets(game: PocketGame) -> Secrets:
    return Secrets(
        CHARACTERS[game.setup.jack].id,
        tuple(CHARACTERS[c].id for c in game.jack_alibis),
        game.jack_hourglasses(),
    )


def reveal(game: PocketGame) -> dict[str, Any]:
    """What the end shows every side (P8: Jack's identity and cards), as
    JSON: a room adds it to every seat's view when a clock ends the game."""
    return {"jack": jack_secrets(game).to_json()}
