"""Hints for a player new to Mr. Jack Pocket (the `hints` setting, "Learn by
playing"): a first word on the game before it starts; what each action
token does, in the first round in which its kind comes up; and, while an
action is being chosen, what the board would then show (the preview's
suspects seen and unseen; on Jack's own screen, whether he would be seen).

Plain text from the view at the keyboard and the preview of the action
being chosen (`preview.py`), never the engine: the secrecy rule.  The
screens add markup and decide where a hint goes.  A hint comes in forms,
the fullest first, for the room the screen has.
"""

from __future__ import annotations

from whitechapel.pocket.pieces import (
    ALIBI,
    EXCHANGE,
    FACE_NAMES,
    HOLMES,
    INVESTIGATOR,
    JACK,
    JOKER,
    ROTATION,
    TOBY,
    WATSON,
)
from whitechapel.pocket.sentences import short_name
from whitechapel.pocket.views import Played, PocketView

# What each kind of token does: in a line, and in a few words.
KINDS = {
    HOLMES: ("Holmes walks 1-2 places and looks down a new street.", "walks 1-2 places"),
    WATSON: ("Watson walks 1-2 places and looks down a new street.", "walks 1-2 places"),
    TOBY: ("Toby walks 1-2 places and looks down a new street.", "walks 1-2 places"),
    JOKER: ("The joker moves one detective 1 place (Jack: or none).", "moves one detective"),
    ROTATION: ("A rotation turns a tile: its wall may cut a line of sight.", "turns a tile"),
    EXCHANGE: ("An exchange swaps two tiles: suspects in or out of sight.", "swaps two tiles"),
}
ALIBI_KINDS = {
    JACK: ("You draw an alibi card in secret: its hourglasses are yours.", "a secret card"),
    INVESTIGATOR: ("The alibi card you draw names an innocent: cleared.", "clears one"),
}
AIMS = {
    INVESTIGATOR: "Try to have about half the suspects seen at the witness call: "
    "whichever way it goes, half are cleared.",
    JACK: "Stay unseen at the witness call (an hourglass) and keep many suspects on your side.",
}


def kind(face: str, side: str) -> tuple[str, str]:
    """What a token of this face does: a line, and a few words."""
    return ALIBI_KINDS[side] if face == ALIBI else KINDS[face]


def first_round(view: PocketView, face: str) -> bool:
    """Is this the first round in which a token of this kind is up?  (Every
    token is played each round: the faces of earlier rounds are the
    actions of the log.)"""
    return not any(
        isinstance(e, Played) and e.round < view.round and e.action.face == face for e in view.log
    )


def token_hint(view: PocketView, side: str) -> list[str]:
    """While `side` chooses a token, its forms: the kinds up this round for
    the first time, a line each, with the aim in round 1; then the same in
    a few words ('1 Holmes, 2 Watson: walk 1-2 places.'); none in later
    rounds of every kind."""
    new: dict[str, list[str]] = {}
    for i, t in enumerate(view.tokens):
        if not t.used and first_round(view, t.up):
            new.setdefault(t.up, []).append(str(i + 1))
    if not new:
        return []
    lines = [kind(face, side)[0] for face in new]
    if view.round == 1:
        lines.insert(0, AIMS[side])
    words = "; ".join(
        f"{', '.join(keys)} {FACE_NAMES[face]}: {kind(face, side)[1]}" for face, keys in new.items()
    )
    return [" ".join(lines), words + "."]


def target_hint(view: PocketView, side: str, face: str, after: PocketView | None) -> list[str]:
    """While `side` chooses the target of a token in its kind's first round,
    its forms: what the token does and what the board would show; what the
    board would show; what the token does."""
    if not first_round(view, face):
        return []
    line = kind(face, side)[0]
    if after is None:
        return [line]
    then = outlook(after, side)
    return [f"{line} {then}", then]


def outlook(after: PocketView, side: str) -> str:
    """What the previewed board means at a witness call made now."""
    seen, suspects = len(after.seen_suspects), len(after.suspects)
    counts = f"Then {seen} seen, {suspects - seen} unseen"
    if side == JACK and after.jack is not None:
        me = after.jack.identity
        where = "seen" if me in after.seen_suspects else "unseen"
        return f"{counts}; you ({short_name(me)}) {where}."
    least = min(seen, suspects - seen)
    if least == 0:  # all on one side: Jack's side of the call clears nobody
        return f"{counts}: a call now might clear nobody."
    return f"{counts}: a call now clears at least {least}."


def welcome(side: str, against_computer: bool) -> str:
    """The first word of a game with hints, before it starts: who plays,
    a round, the goals, the lines of sight, the keys."""
    if not against_computer:
        who = "Two players: one is Jack, hidden as one of the nine suspects on the tiles."
        order = "the investigator, Jack, Jack, the investigator"
        goals = (
            "The investigator wins when one suspect is left (so: about half of "
            "them seen at each call); Jack with 6 hourglasses, or when round 8 ends."
        )
    elif side == INVESTIGATOR:
        who = "You play the investigator; the computer plays Jack, hidden as one of the nine suspects."
        order = "you, Jack, Jack, you"
        goals = (
            "You win when one suspect is left: so try to have about half of them "
            "seen at each call. Jack wins with 6 hourglasses, or when round 8 ends."
        )
    else:
        who = "You play Jack, one of the nine suspects; the computer is the investigator."
        order = "the investigator, you, you, the investigator"
        goals = (
            "You win with 6 hourglasses (one each call you are not seen, and your "
            "alibi cards') or when round 8 ends; he, when one suspect is left."
        )
    return "\n\n".join(
        [
            who,
            f"Each round four action tokens are played (odd rounds {order}; even "
            "rounds the other way round), then the witness "
            "call: if a detective sees Jack's tile, every suspect nobody sees is "
            "cleared; if not, every suspect seen is, and Jack takes an hourglass.",
            goals,
            "Each detective looks down his row or column to the first wall: ━ Holmes, "
            "┅ Watson, · Toby; a tile says who sees it.",
            "Keys: 1-4 a token; the arrows move the choice (the board shows it); Enter "
            "plays it; Esc goes back; F1 the rules. Hints come beside the board.",
        ]
    )
