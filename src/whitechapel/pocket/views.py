"""Per-side views (P9), as plain JSON data.

Each view is built up from what its side may know: the public part from the
public state, then, for Jack only, his identity and his alibi cards.  Nothing
is built from the full state and then pruned.  At the end of the game both
sides are shown Jack's identity and cards (P8).
"""

from __future__ import annotations

from typing import Any

from whitechapel.core.game import PUBLIC
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

# A `game.PocketGame`, by name only: game.py imports this module, and the engines'
# import graph has no circle (tests/test_engine_imports.py).
PocketGame = Any


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
