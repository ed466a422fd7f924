"""Per-side views (P9), as plain JSON data.

Each view is built up from what its side may know: the public part from the
public state, then, for Jack only, his identity and his alibi cards.  Nothing
is built from the full state and then pruned.  At the end of the game both
sides are shown Jack's identity and cards (P8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from whitechapel.core.game import PUBLIC, Outcome
from whitechapel.pocket.actions import Action
from whitechapel.pocket.pieces import (
    CHARACTERS,
    DETECTIVES,
    DIRECTIONS,
    HOURGLASSES,
    INVESTIGATOR,
    JACK,
    SQUARES,
    TOKENS,
)
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


def public_view(game: PocketGame) -> dict[str, Any]:
    """What both sides may know: the board, tokens, round tokens and the log."""
    seen = game.seen_squares()
    round_tokens = game.round_tokens()
    lost = sum(HOURGLASSES[c] for c in game.investigator_alibis)
    return {
        "game": "pocket",
        "round": game.round,
        "step": game.step,
        "to_act": game.to_act,
        "tiles": [
            {
                "square": SQUARES[sq],
                "character": CHARACTERS[c].id,
                "wall": DIRECTIONS[game.walls[sq]],
                "cleared": bool(game.cleared >> c & 1),
                "seen": bool(seen >> sq & 1),
            }
            for sq, c in enumerate(game.tiles)
        ],
        "detectives": dict(zip(DETECTIVES, game.detectives, strict=True)),
        "tokens": [
            {
                "faces": list(TOKENS[t]),
                "up": TOKENS[t][game.faces >> t & 1],
                "used": bool(game.used >> t & 1),
            }
            for t in range(4)
        ],
        "rotated_this_round": [CHARACTERS[c].id for c in range(9) if game.rotated >> c & 1],
        "round_tokens": round_tokens,
        "investigator_alibis": [CHARACTERS[c].id for c in game.investigator_alibis],
        "jack_alibi_count": len(game.jack_alibis),
        "deck_size": len(game.setup.deck) - game.deck_pos,
        "known_hourglasses": round_tokens.count(JACK),  # the round tokens Jack took
        "hourglasses_lost_to_jack": lost,
        "race": game.race,
        "log": public_log(game),
        "outcome": game.outcome.to_json() if game.outcome else None,
    }


def public_log(game: PocketGame) -> list[dict[str, Any]]:
    """Every action in its text form, the cards the investigator showed, each
    witness call with what it cleared, and the start of a race.  The engine
    logs only public events: Jack's cards are never in it."""
    log: list[dict[str, Any]] = []
    for event in game.events:
        if len(event) == 4:
            rnd, side, action, card = event
            entry: dict[str, Any] = {"round": rnd, "side": side, "action": str(action)}
            if card >= 0:
                entry["card"] = CHARACTERS[card].id
            log.append(entry)
        elif len(event) == 3:
            rnd, seen, cleared = event
            log.append(
                {
                    "round": rnd,
                    "witness": "seen" if seen else "not seen",
                    "cleared": [CHARACTERS[c].id for c in cleared],
                    "round_token": INVESTIGATOR if seen else JACK,
                }
            )
        else:
            log.append({"round": event[0], "race": "both goals reached: the race begins"})
    return log


def jack_secrets(game: PocketGame) -> dict[str, Any]:
    alibis = [CHARACTERS[c].id for c in game.jack_alibis]
    return {
        "identity": CHARACTERS[game.setup.jack].id,
        "alibis": alibis,
        "hourglasses": game.jack_hourglasses(),
    }


def view(game: PocketGame, side: str) -> dict[str, Any]:
    """Jack's, the investigator's or the public view (the investigator has no
    secret, so the last two differ only in the legal actions)."""
    if side not in (JACK, INVESTIGATOR, PUBLIC):
        raise ValueError(f"unknown side {side!r}")
    out = public_view(game)
    out["side"] = side
    if side != PUBLIC:  # a spectator has no actions
        out["legal"] = [str(a) for a in game.legal_actions()] if game.to_act == side else []
    if side == JACK or game.outcome is not None:
        out["jack"] = jack_secrets(game)
    return out


def reveal(game) -> dict[str, Any]:
    """What the end shows every side (P8: Jack's identity and cards)."""
    return {"jack": jack_secrets(game)}
