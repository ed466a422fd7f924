"""Hints for a player new to Mr. Jack Pocket (the `hints` setting, "Learn by
playing"): a first word on the game before it starts, then a hint at every
decision of the game, in every round (issue 44), of what a good player
weighs at that moment:

- what each action token does, in the first round its kind comes up;
- the split (P7): how many suspects would be seen and unseen after the
  action being chosen, what a witness call would then clear, and the best
  split the token (or each token up) can make; on Jack's own screen,
  whether he would be seen and how many suspects would stay with him;
- the answer (P4): who plays next, with which tokens, and what they can
  still do with them;
- the alibi (P5): for the investigator, the chance that the card clears a
  suspect, against the split the other tokens can make; for Jack, the
  hourglasses the cards left are worth, and that a card left to the
  investigator may clear a suspect;
- the end (P8): Jack's hourglasses near 6, suspects near 1, round 8, the
  race.

Plain text from the view at the keyboard and the preview of the action
being chosen (`preview.py`), never the engine: the secrecy rule.  Jack's
identity and cards are read only from his own view (`view.jack`): on the
investigator's screen, and on a public screen, they are not there.  The
screens add markup and decide where a hint goes.  A hint comes in forms,
the fullest first, the last one short enough for one line of the notes
panel at 80×24, for the room the screen has.

Round 3 of issue 44 (testers PE and PF): the last form was cut to one row
("Best: Joker: Watson", "Watson 1 → clears 0+", ": the best"), a move and
a count in shorthand with no reason.  Now every form says the move in
plain words and its reason -- what the call would clear whatever the other
side answers, or where Jack would stand -- and the last fits whole in
`ROWS` rows of the panel at 80×24 (`WIDTH` columns, "Hint: " included):
nothing shown is cut.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from whitechapel.pocket import ahead
from whitechapel.pocket.actions import Action, Alibi, Exchange, Joker, Move, Rotate
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import (
    ALIBI,
    CHARACTERS,
    DIRECTIONS,
    EXCHANGE,
    FACE_NAMES,
    HOLMES,
    INVESTIGATOR,
    JACK,
    JACK_GOAL_HOURGLASSES,
    JOKER,
    LAST_ROUND,
    ROTATION,
    SQUARES,
    TOBY,
    TURN_ORDER,
    WATSON,
    step_clockwise,
)
from whitechapel.pocket.preview import preview
from whitechapel.pocket.sentences import and_list, character_name, pronoun, short_name
from whitechapel.pocket.views import Played, PocketView

WIDTH = 29  # the notes panel's columns at 80×24
ROWS = 3  # the rows the last form may take there, "Hint: " included
SHORT = 78  # the last form's length at most (and it must wrap into `ROWS` rows: `fits`)

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
# A token as players name it in a sentence.
TOKEN_WORDS = {
    HOLMES: "Holmes",
    WATSON: "Watson",
    TOBY: "Toby",
    JOKER: "the joker",
    ROTATION: "a rotation",
    EXCHANGE: "the exchange",
    ALIBI: "the alibi",
}
# What a side can still do with a token (after "he can still").
CAN = {
    HOLMES: "walk Holmes 1-2 places",
    WATSON: "walk Watson 1-2 places",
    TOBY: "walk Toby 1-2 places",
    JOKER: "move a detective 1 place",
    ROTATION: "turn a tile",
    EXCHANGE: "swap two tiles",
}
CAN_ALIBI = {JACK: "draw a secret alibi card", INVESTIGATOR: "clear a suspect with an alibi card"}
# What each side tries with the tokens it has (the other side's answer).
TRIES = {
    JACK: "stay unseen and put most suspects on one side of the call",
    INVESTIGATOR: "split the suspects about half seen, half unseen",
}
WHO = {JACK: "Jack", INVESTIGATOR: "the investigator"}
DETECTIVE_WORDS = ("Holmes", "Watson", "Toby")


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


# -- the split: who would be seen at a witness call made now (P6, P7) ----------------


Split = ahead.Call  # the suspects seen and unseen on a board, at a call made now


def split_of(view: PocketView) -> Split:
    """The split of the view's board as it stands."""
    seen = len(view.seen_suspects)
    me = view.jack.identity if view.jack is not None else None
    return Split(seen, len(view.suspects) - seen, None if me is None else me in view.seen_suspects)


def split_after(view: PocketView, action: Action) -> Split | None:
    """The split after `action`, from the view alone (`preview.preview`);
    Jack's joker moving nobody leaves it as it is.  None for an action that
    changes no line of sight (an alibi card)."""
    if isinstance(action, Joker) and action.detective is None:
        return split_of(view)
    after = preview(view, action)
    return None if after is None else split_of(after)


def worth(split: Split, side: str) -> tuple[int, ...]:
    """How good a split is for `side` (greater is better): the
    investigator wants the most cleared at least; Jack, to be unseen,
    then the most suspects kept with him (without his identity: the most
    on one side); alone on his side of the call, he is caught: the worst."""
    if side == INVESTIGATOR:
        return (split.least,)
    if split.jack is None:
        return (max(split.seen, split.unseen),)
    # alone on his side of the call he is caught (P8): the worst, unseen or not
    return (0 if split.kept <= 1 else 1, 0 if split.jack else 1, split.kept)


def best_split(view: PocketView, face: str, side: str) -> Split | None:
    """The best split for `side` that a token of `face` can make now (None
    for the alibi, or a face with no legal action)."""
    splits = [s for a in legal(view) if a.face == face for s in [split_after(view, a)] if s]
    return max(splits, key=lambda s: worth(s, side), default=None)


def best_available(view: PocketView, side: str) -> tuple[Split, str] | None:
    """The best split for `side` that any token up can make now, and the
    face of that token (the alibi aside: it moves no line of sight).  From
    the view and the previews alone."""
    faces = [f for f in dict.fromkeys(open_faces(view)) if f != ALIBI]
    found = [(s, f) for f in faces for s in [best_split(view, f, side)] if s is not None]
    return max(found, key=lambda b: worth(b[0], side), default=None)


def split_meaning(split: Split, side: str) -> str:
    """What a split means at a witness call made now, for `side`."""
    if side == JACK and split.jack is not None:
        if split.jack:
            gone = f"the {split.unseen} unseen cleared" if split.unseen else "nobody cleared"
            return (
                f"you would be seen: {gone}, {split.seen} suspects left and the round "
                "token to the investigator."
            )
        others = split.unseen - 1
        gone = f"the {split.seen} seen cleared" if split.seen else "nobody cleared"
        return (
            f"you would be unseen, with {others} other suspect{'s' if others != 1 else ''}: "
            f"{gone}, and an hourglass for you."
        )
    if split.seen == 0:
        return "nobody seen, the worst: Jack is surely unseen, nobody is cleared, Jack takes an hourglass."
    if split.unseen == 0:
        return (
            "everyone seen: Jack is surely seen and takes no hourglass, but nobody is "
            "cleared (good only in a race or when he is near 6)."
        )
    if abs(split.seen - split.unseen) <= 1:
        return "about half and half: about half are cleared whichever way the call goes."
    big = "seen" if split.seen > split.unseen else "unseen"
    verb = "is" if split.least == 1 else "are"
    return f"lopsided: if Jack is one of the {big}, only {split.least} {verb} cleared."


def split_short(split: Split, side: str, best: Split | None = None) -> str:
    """A split in a few words (one row at 80×24), against `best`, the best
    available with the tokens up: "2 seen, 5 not; best 4/3", "4 seen, 3
    not: best"; on Jack's own view "Seen, 2 stay; best 5"."""
    if side == JACK and split.jack is not None:
        mine = f"{'Seen' if split.jack else 'Unseen'}, {split.kept} stay"
        if best is None:
            return f"{'Seen' if split.jack else 'Unseen'}, {split.kept} would stay"
        if worth(best, side) > worth(split, side):
            return f"{mine}; best {best.kept}"[:SHORT]
        return f"{mine}: best"
    mine = f"{split.seen} seen, {split.unseen} not"
    if best is not None:
        if worth(best, side) > worth(split, side):
            return f"{mine}; best {best.seen}/{best.unseen}"[:SHORT]
        return f"{mine}: best"
    if split.least == 0:
        return f"{split.words()}: no"
    verdict = "good" if abs(split.seen - split.unseen) <= 1 else "poor"
    return f"{split.seen} seen, {split.unseen} not: {verdict}"


def best_words(split: Split, face: str, side: str) -> str:
    """The best available, in words: '4 seen, 3 unseen (Watson)'; on Jack's
    own view 'unseen, 5 with you (Watson)'."""
    name = FACE_NAMES[face]
    if side == JACK and split.jack is not None:
        return f"{'seen' if split.jack else 'unseen'}, {split.kept} with you ({name})"
    return f"{split.words()} ({name})"


# -- who answers: the order of play (P4) -------------------------------------------------


def open_faces(view: PocketView, taking: str | None = None) -> list[str]:
    """The faces of the tokens not played yet, without the one being taken."""
    faces = [t.up for t in view.tokens if not t.used]
    if taking in faces:
        faces.remove(taking)
    return faces


def token_list(faces: Sequence[str]) -> str:
    return and_list([TOKEN_WORDS[f] for f in faces], "none")


def can_do(face: str, side: str) -> str:
    return CAN_ALIBI[side] if face == ALIBI else CAN[face]


def answer_line(view: PocketView, side: str, face: str | None) -> str:
    """Who plays after this action, with which tokens, and what he can do:
    for the investigator opening an odd round, "Jack answers with two of
    ...: he will try to ...; you play the one he leaves"; before the other
    side's last token, what it can still do with it."""
    order = TURN_ORDER[view.round % 2]
    later = order[view.step + 1 :]
    other = JACK if side == INVESTIGATOR else INVESTIGATOR
    he = "Jack" if other == JACK else "the investigator"
    left = open_faces(view, face) if face is not None else []
    if not later:
        return "Yours is the last token: the witness call sees the board you leave."
    if later == (other, other, side):
        tokens = f"two of {token_list(left)}" if left else "two of the three tokens left"
        return (
            f"{he.capitalize()} answers with {tokens}: he will try to {TRIES[other]}; "
            "you play the one he leaves."
        )
    if later == (side, other):
        then = f"Then you play one more, and {he} the last"
        if not left:
            return f"{then}: the one you leave him."
        options = "; ".join(f"{TOKEN_WORDS[f]}, he can {can_do(f, other)}" for f in left)
        return f"{then}, the one you leave him (with {options})."
    # later == (other,): the other side's last token
    last = left[0] if len(left) == 1 else None
    if last is None:
        return f"Then {he} plays the last token: leave him the one that helps him least."
    return f"{he.capitalize()} has the last token ({FACE_NAMES[last]}): he can still {can_do(last, other)}."


def answer_short(view: PocketView, side: str) -> str:
    later = TURN_ORDER[view.round % 2][view.step + 1 :]
    if not later:
        return "Last token: the call!"
    other = "Jack" if side == INVESTIGATOR else "He"
    return f"{other} answers next" if later[0] != side else "You play once more"


# -- the alibi (P5) ------------------------------------------------------------------


def alibi_chance(view: PocketView) -> tuple[int, int]:
    """For the investigator: how many of the cards the next alibi may be
    name a suspect (Jack excepted), out of how many.  From what he knows:
    every card but those he showed may be in the deck, Jack's own card
    excepted (which one it is, nobody knows)."""
    unknown = 9 - len(view.investigator_alibis)
    return len(view.suspects) - 1, unknown - 1


def deck_values(view: PocketView) -> list[int]:
    """On Jack's own view: the hourglasses of the cards still in the deck
    (every card but his identity, his cards and those the investigator
    showed)."""
    assert view.jack is not None
    out = {view.jack.identity, *view.jack.alibis, *view.investigator_alibis}
    return [c.hourglasses for c in CHARACTERS if c.id not in out]


def alibi_line(view: PocketView, side: str, best: Split | None) -> str:
    """When the alibi is worth taking, against `best`: the best split the
    other tokens up can make now (None: none can change a line of sight)."""
    later = TURN_ORDER[view.round % 2][view.step + 1 :]
    if view.race:
        # P8: one suspect is left, and hourglasses no longer count; its worth
        # is the token it keeps from the other side (tester RD, round 29:
        # "In a race the alibi card cannot matter")
        other = "Jack" if side == INVESTIGATOR else "the investigator"
        # taking it leaves the other side the tokens that move something: it
        # keeps nothing from him (the tokens are chosen one by one, P4)
        keeps = (
            f" Taking it is a pass, and leaves {other}, who plays after you this round, "
            "the tokens that move something."
            if (JACK if side == INVESTIGATOR else INVESTIGATOR) in later
            else " Taking it is a pass."
        )
        return f"In the race the alibi's card changes nothing: one suspect is left.{keeps}"
    if side == INVESTIGATOR:
        suspects, cards = alibi_chance(view)
        card = (
            f"The alibi clears a suspect if its card names one ({suspects} of the "
            f"{cards} cards it may be), and his hourglasses are lost to Jack."
        )
        if best is None or best.least <= 1:
            return f"{card} No other token clears more than 1 for sure now: take it."
        return (
            f"{card} But a token can split them {best.words()} ({best.least} cleared "
            "at least): worth more, unless Jack's answer would undo it."
        )
    if view.jack is not None:
        values = deck_values(view)
        mean = sum(values) / len(values) if values else 0
        card = (
            f"The alibi is a secret card: {min(values, default=0)}-{max(values, default=0)} "
            f"hourglasses (about {mean:.0f}) toward your 6; you have {view.jack.hourglasses}."
        )
    else:
        card = "The alibi is a secret card: 0-2 hourglasses (mostly 1) toward Jack's 6."
    if INVESTIGATOR in later:
        card += " Leave it and the investigator may take it to clear a suspect."
    if best is not None and best.jack is False:
        return f"{card} A token can hide you now: an unseen call is a sure hourglass too."
    if best is not None and best.jack:
        return f"{card} No token hides you now: the card is a sure gain."
    return card


# -- the end and the race (P8) ---------------------------------------------------------


def end_line(view: PocketView, side: str) -> tuple[str, str] | None:
    """What the end of the game asks of `side` now, when it is near: a
    sentence and a few words (None while it is far)."""
    n = len(view.suspects)
    known, cards = view.known_hourglasses, view.jack_alibi_count
    if side == INVESTIGATOR or view.jack is None:
        mine = None
        glasses = (
            f"{known} hourglasses in sight and {cards} card{'s' if cards != 1 else ''} face down"
        )
        likely = known + cards  # a card is mostly worth one
    else:
        mine = view.jack.hourglasses
        glasses = f"{mine} of {JACK_GOAL_HOURGLASSES} hourglasses"
        likely = mine
    if side == INVESTIGATOR:
        if view.race:
            return (
                "The race is on (P8): you win at the first call that sees Jack, he wins if "
                "never seen through round 8. Have as many suspects seen as you can.",
                "Race: get him seen!",
            )
        if view.round == LAST_ROUND:
            return (
                f"Round 8, the last: Jack wins unless this call leaves one suspect: "
                f"split the {n} so that Jack's side is one.",
                "Last call: leave one",
            )
        if n == 2:
            return (
                "Two suspects left: one seen and one unseen, and the call names Jack.",
                "1 seen, 1 not: wins",
            )
        if likely >= JACK_GOAL_HOURGLASSES - 1:
            return (
                f"Jack has {glasses}: one unseen call may give him 6. Have more suspects "
                "seen (if both goals come at once, Jack must be seen: the race).",
                "He is near 6: see him",
            )
        if n == 3:
            return (
                "Three suspects left: a call that leaves Jack's side with one wins.",
                "3 left: 1 on his side",
            )
        return None
    if view.race:
        return (
            "The race is on (P8): stay unseen at every call through round 8; one call "
            "that sees you loses.",
            "Race: stay unseen!",
        )
    if view.round == LAST_ROUND:
        return (
            "Round 8, the last: you win unless you end alone on your side of the call.",
            "Last call: not alone",
        )
    if likely >= JACK_GOAL_HOURGLASSES - 1:
        return (
            f"You have {glasses}: one unseen call wins (if it also leaves one suspect, "
            "the race begins).",
            "Near 6: stay unseen",
        )
    if n <= 3:
        return (
            f"Only {n} suspects left: never be alone on your side of the call.",
            "Few left: not alone",
        )
    return None


# -- looking ahead to the call: the move to make (P4, P7) ------------------------------------

WALL_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def move_words(view: PocketView, action: Action) -> tuple[str, str]:
    """An action in plain words, and in a few ('Toby 2 steps (8 → 10)',
    'Toby 2'), on the board of `view` (before it)."""
    if isinstance(action, Move):
        name = DETECTIVE_WORDS[action.detective]
        here = view.detectives[action.detective]
        there = step_clockwise(here, action.steps)
        plural = "s" if action.steps > 1 else ""
        return (
            f"{name} {action.steps} step{plural} ({here} → {there})",
            f"moving {name} {action.steps} step{plural}",
        )
    if isinstance(action, Joker):
        if action.detective is None:
            return "the joker, nobody moves", "the joker moving nobody"
        name = DETECTIVE_WORDS[action.detective]
        here = view.detectives[action.detective]
        return (
            f"the joker: {name} 1 step ({here} → {step_clockwise(here, 1)})",
            f"the joker moving {name}",
        )
    if isinstance(action, Rotate):
        tile = view.tiles[action.square]
        square = SQUARES[action.square]
        wall = DIRECTIONS[action.wall]
        if tile.open_crossroads:
            return f"turn {square} (Lane's crossroads: no change)", f"turning {square}"
        return (
            f"turn {square} ({short_name(tile.character)}) so its wall faces {WALL_WORDS[wall]}",
            f"turning {square}'s wall {WALL_WORDS[wall]}",
        )
    if isinstance(action, Exchange):
        a, b = view.tiles[action.first], view.tiles[action.second]
        return (
            f"swap {a.square} ({short_name(a.character)}) and {b.square} "
            f"({short_name(b.character)})",
            f"swapping {a.square} and {b.square}",
        )
    return "the alibi", "the Alibi token"


def waiting_words(view: PocketView, action: Action, side: str) -> str:
    """Why a move that changes nothing in sight is the one to make, where
    every token after it is the other side's: "it changes nothing in
    sight and leaves Jack only the Alibi token" (tester QU, round 24:
    "swap two cleared tiles looks like nonsense unless you work out that
    it is a waiting move that leaves Jack only the Alibi"); else "".
    From the view alone."""
    if isinstance(action, Alibi) or (isinstance(action, Joker) and action.detective is None):
        return ""
    later = TURN_ORDER[view.round % 2][view.step + 1 :]
    other = JACK if side == INVESTIGATOR else INVESTIGATOR
    if not later or any(who != other for who in later):
        return ""
    after = preview(view, action)
    if after is None or set(after.seen_suspects) != set(view.seen_suspects):
        return ""
    left = [t.up for t in view.tokens if not t.used]
    if action.face in left:
        left.remove(action.face)
    he = "Jack" if other == JACK else "the investigator"
    tokens = "token" if len(left) == 1 else "tokens"
    names = and_list([FACE_NAMES[f] for f in left])
    return f"it changes nothing in sight and leaves {he} only the {names} {tokens}"


# a lost call, short: what he must still find (testers PZ and QA, round 14:
# "whatever he answers, his best answer wins" told a learner he had lost,
# and read oddly; QN, round 21: "best" only for one who knows who Jack is)
BEST_ANSWER_WINS = "he wins only with the answer worst for you"


def _jack_call_words(call: ahead.Call, answers: bool, race: bool) -> tuple[str, str]:
    """`call_words` on Jack's own view (he knows who he is)."""
    # Jack's calls are the worst the investigator can do to him, and
    # say so (tester PN, round 7: "Best: the Alibi token: you are the
    # last suspect: you lose", and the easy computer then lost)
    end = call.end
    if end == INVESTIGATOR and not answers:  # no action left before the call (tester PT)
        if call.kept <= 1:
            return "the call makes you the last suspect: you lose (P8)", "the call loses"
        return "the call sees you in the race: you lose", "the call loses"
    if end == INVESTIGATOR:
        if call.kept <= 1:
            return (
                "the answer worst for you would make you the last suspect: you lose (P8)",
                BEST_ANSWER_WINS,
            )
        return "the answer worst for you would see you in the race: you lose", BEST_ANSWER_WINS
    if end == JACK:
        return "you stay unseen and win (P8)", "you stay unseen: you win"
    if end == ahead.RACE and call.kept <= 1:
        # begins, unless the race is on already (`race`; testers PY and
        # PZ, round 13: "the race goes on" a round before it began)
        return (
            "you stay unseen, the last suspect: stay unseen to the end (the race)",
            f"you stay unseen: the race {'goes on' if race else 'begins'}",
        )
    if call.jack:
        return (
            f"at worst you are seen, {call.kept} suspects left",
            f"at worst seen, {call.kept} left",
        )
    return f"you stay unseen, {call.kept} suspects left", f"you stay unseen, {call.kept} left"


def jack_may_win(call: ahead.Call) -> bool:
    """On the investigator's view: can the call a line ends on be Jack's
    win (P8), on a side of it that has suspects?"""
    return bool((call.seen and call.if_seen == JACK) or (call.unseen and call.if_unseen == JACK))


def worst_case(call: ahead.Call, side: str, answers: bool = True, cards: int = 0) -> bool:
    """Is the call a line ends on a loss (or, for the investigator, Jack
    unseen as the last suspect) that the other side can bring about, not
    a fact: said "at worst" and never after "whatever he answers" (tester
    RB, Pocket round 28: "At the call: Jack wins" where Jack's face-down
    card, counted as an hourglass, held none).  A loss is a worst case
    where answers are left, or (the investigator's) where it counts Jack's
    face-down cards; "if he is unseen" says itself that it hangs on who
    Jack is; what is sure is said as it is."""
    if side == JACK and call.jack is not None:
        return answers and call.caught
    if call.seen + call.unseen == 1 and not call.seen:  # Jack, the last suspect, unseen
        if call.if_unseen == INVESTIGATOR:
            return False
        return answers or (cards > 0 and call.if_unseen == JACK)
    return jack_may_win(call) and (answers or cards > 0)


AT_WORST = "at worst "


def call_words(
    call: ahead.Call, side: str, answers: bool = True, race: bool = False, cards: int = 0
) -> tuple[str, str]:
    """The call a line ends on, for `side`: a phrase and a few words.  What
    P8 makes of it is said as it is (round 5, tester PH: "you are caught,
    alone on your side" for the last suspect unseen in the race, who won):
    the last suspect unseen with his sixth hourglass, or in the race, is
    safe, and only a call that ends the game for the investigator says so.
    A loss the other side can bring about is said as the worst case
    (`worst_case`; tester RB, Pocket round 28)."""
    if side == JACK and call.jack is not None:
        return _jack_call_words(call, answers, race)
    long, short = _investigator_call_words(call, cards, answers)
    if worst_case(call, side, answers, cards):
        return AT_WORST + long, AT_WORST + short
    return long, short


def _investigator_call_words(
    call: ahead.Call, cards: int, answers: bool = False
) -> tuple[str, str]:
    """`call_words` on the investigator's view, as if the call were sure.
    Where Jack still answers, only "at least N cleared" is sure: the
    counts are those of his best answer, said as that (tester RK, Pocket
    round 32: "whatever Jack answers, 2 seen / 1 not" and his answer made
    it 1 seen / 2 not)."""
    if call.seen + call.unseen == 1:  # the last suspect is Jack
        if call.seen:
            return "Jack seen: you win", "Jack is seen: you win"
        # unseen, the last suspect still ends the game outside the race (tester
        # QV, round 25, read "Best: swapping a1 and b1: Jack stays unseen" as
        # the investigator's goal; his own move said "Jack is seen: you win")
        if call.if_unseen == INVESTIGATOR:
            return "the last suspect, seen or not: you win", "the last suspect: you win"
        if call.if_unseen == JACK:
            return "Jack unseen: Jack wins (P8)", "Jack unseen: he wins"
        return "Jack unseen: the race goes on", "Jack unseen: the race goes on"
    # the investigator's view counts each of Jack's face-down alibi cards
    # (`cards`) as an hourglass (`ahead.odds_of`): said, where it counts
    counted = (
        f" (his alibi card{'s' if cards > 1 else ''} counted as an hourglass"
        f"{' each' if cards > 1 else ''})"
        if cards
        else ""
    )
    if JACK in (call.if_seen, call.if_unseen) and call.seen and call.unseen:
        way = "seen" if call.if_seen == JACK else "unseen"
        return (
            f"{call.seen} seen / {call.unseen} not: Jack wins if he is {way}{counted} (P8)",
            f"Jack wins if {way}",
        )
    if (call.if_seen if call.seen else call.if_unseen) == JACK:  # one way the call can go
        # (tester QJ, round 19: "2 seen / 0 not: Jack wins if he is seen" read
        # as nonsense: seen he is, and his hourglasses win it)
        return f"{call.seen} seen / {call.unseen} not: Jack wins{counted} (P8)", "Jack wins"
    if (
        call.seen
        and call.if_seen == INVESTIGATOR
        and (call.if_unseen == INVESTIGATOR or not call.unseen)
    ):
        return f"{call.seen} seen / {call.unseen} not: you win", "the call wins"
    if call.least == 0 and not call.unseen:  # everyone seen: so is Jack
        return (
            f"all {call.seen} seen: nobody cleared, but Jack is seen: no hourglass for Jack",
            "all seen: nobody cleared",
        )
    if call.least == 0:  # nobody seen: Jack is unseen
        return (
            f"{call.seen} seen / {call.unseen} not: nobody cleared, an hourglass for Jack",
            "the call clears nobody",
        )
    if answers:
        return (
            f"at least {call.least} cleared (on his best answer, "
            f"{call.seen} seen / {call.unseen} not)",
            f"the call clears {call.least} or more",
        )
    return (
        f"{call.seen} seen / {call.unseen} not: at least {call.least} cleared",
        f"the call clears {call.least} or more",
    )


def call_tiny(call: ahead.Call, side: str, answers: bool = True, cards: int = 0) -> str:
    """The call a line ends on in the fewest plain words: "clears at
    least 3", "unseen, 5 left"; a loss the other side can bring about,
    "Jack can win" (`worst_case`)."""
    if side == JACK and call.jack is not None:
        end = call.end
        if end == INVESTIGATOR:
            return "he can win" if answers else "you lose"
        if end == JACK:
            return "you win"
        if end == ahead.RACE and call.kept <= 1:
            return "unseen, race on"
        return f"{'at worst seen' if call.jack else 'unseen'}, {call.kept} left"
    worst = worst_case(call, side, answers, cards)
    if call.seen + call.unseen == 1:
        if call.seen or call.if_unseen == INVESTIGATOR:
            return "you win"
        if call.if_unseen == JACK:
            return "Jack can win" if worst else "Jack wins"
        return "at worst Jack unseen" if worst else "Jack unseen"
    if JACK in (call.if_seen, call.if_unseen):
        if jack_may_win(call) and not (call.seen and call.unseen):  # one way it can go
            return "Jack can win" if worst else "Jack wins"
        return "Jack may win"
    if call.least == 0:
        return "clears nobody, all seen" if not call.unseen else "clears nobody"
    return f"clears at least {call.least}"


def risk_words(graded: ahead.Graded, side: str) -> str:
    """The chance that an alibi card in the line ends the game against
    `side` (P5, P8), in words ("" when none)."""
    return card_risk(graded, side)[0]


def risk_is_worst(graded: ahead.Graded, side: str, cards: int = 0) -> bool:
    """Is a card's loss in the line a worst case (`worst_case`): the other
    side still plays in it, or, on the investigator's view, it counts
    Jack's face-down cards or hangs on who Jack is?"""
    if any(who != side for who, _ in graded.line):
        return True
    call = graded.call
    if side != INVESTIGATOR:
        return False
    return cards > 0 or bool(call.seen and call.unseen and call.if_seen != call.if_unseen)


def card_risk(graded: ahead.Graded, side: str, cards: int = 0) -> tuple[str, str, str]:
    """`risk_words` in three forms, each written beside the others so that
    none says less than the rest: in full, in a few words after the call's
    ("unless the card spoils it (1 in 6)"), and as the call itself in
    fewest words ("win chance 83 in 100"; tester QT, round 24: "Best: the
    Alibi token: … you win" where the long form said "unless your alibi card
    spoils your win (about 1 in 6)").  Empty strings when no card can end
    it.  A loss the other side can bring about is said "at worst"
    (`risk_is_worst`; tester RB, Pocket round 28)."""
    if graded.drawer is None or (graded.risk <= 0 and graded.spoil <= 0):
        return "", "", ""
    if graded.call.end == (INVESTIGATOR if side == JACK else JACK):
        # lost whatever the card says: no odds beside "you lose" (tester PV,
        # round 12: "… you lose; your alibi card may lose it (about surely)")
        return "", "", ""
    whose = "your" if graded.drawer == side else "his"
    # what the card does said in full (testers PZ and QB, rounds 14-15:
    # "his alibi card may lose it (about 75 in 100)": "I could not tell what
    # 'it' is"; "garbled")
    if graded.risk <= 0:  # a win, unless the card says otherwise (tester PW, round 12)
        if graded.spoil >= SURE:
            return (
                f"but {whose} alibi card would spoil your win",
                "but the card spoils it",
                "the card spoils your win",
            )
        return (
            f"unless {whose} alibi card spoils your win (about {odds(graded.spoil)})",
            f"unless the card spoils it ({odds(graded.spoil)})",
            f"win chance {odds(1 - graded.spoil)}",
        )
    worst = AT_WORST if risk_is_worst(graded, side, cards) else ""
    lose = "you can lose" if worst else "you lose"
    if graded.drawer == side:  # his own card can only fail to save him (tester QK,
        # round 19, read "your alibi card may make you lose (about 86 in 100)"
        # backwards: the card saves the game about 14 in 100)
        if graded.risk >= SURE:
            return (
                f"{worst}you lose, whatever your alibi card says",
                f"{worst}lost whatever your card says",
                lose,
            )
        return (
            f"{worst}you lose unless your alibi card saves you (about {odds(1 - graded.risk)})",
            f"{worst}lost unless your card saves you ({odds(1 - graded.risk)})",
            f"{worst}win chance {odds(1 - graded.risk)}",
        )
    if graded.risk >= SURE:
        if worst:
            return "at worst his alibi card makes you lose", "at worst his card loses it", lose
        return f"{whose} alibi card would make you lose", "his card would lose it", lose
    return (
        f"{whose} alibi card may make you lose (about {odds(graded.risk)})",
        f"his card may lose it ({odds(graded.risk)})",
        # a chance to win, not "you lose 86 in 100" (tester RG, round 30:
        # "jarring and unclear: lose what, and over what?")
        f"{worst}win chance {odds(1 - graded.risk)}",
    )


SURE = 0.995  # a chance said as a certainty


def odds(p: float) -> str:
    """A chance as players say it: "1 in 6"."""
    if p >= SURE:
        return "surely"
    n = max(1, round(1 / p)) if p > 0 else 0
    return f"1 in {n}" if p < 0.5 else f"{round(p * 100)} in 100"


def fits(text: str) -> bool:
    """Does `text` fit whole in the last form's room: `ROWS` rows of the
    notes panel at 80×24, after "Hint: ", wrapped word by word as the
    panel wraps it?"""
    rows = textwrap.wrap(f"Hint: {text}", WIDTH, break_long_words=True)
    return len(text) <= SHORT and len(rows) <= ROWS


def fit(*candidates: str) -> str:
    """The first candidate (fullest first) that fits whole (`fits`); the
    last ones are written to fit, and none is ever cut."""
    return next((c for c in candidates if fits(c)), candidates[-1])


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def best_fit(move: str, call: str, whatever: str = "", tiny: str = "") -> str:
    """The move to make and why, whole in the last form's room: 'Best:
    Toby 2 steps: whatever Jack answers, the call clears 4 or more.'"""
    return fit(
        f"Best: {move}: {whatever}{call}.",
        f"Best: {move}: {call}.",
        f"Best: {move}: {tiny}.",
        f"Best: {move.removeprefix('moving ')}: {tiny}.",
        f"Best: {move}.",
        f"{capital(move)}.",
    )


def after_view(view: PocketView, line: Sequence[tuple[str, Action]], upto: int) -> PocketView:
    """The board after the first `upto` actions of a line (for their words)."""
    for _, action in line[:upto]:
        view = preview(view, action) or view
    return view


def threat(view: PocketView, graded: ahead.Graded, side: str) -> tuple[str, Action | None]:
    """What the other side does to `side` in a graded line: each of their
    actions that moves something, in words, each named on the board it
    meets (tester PS, round 10: "could answer turn a1 (Smith)" named the
    board after an exchange left unsaid, where a1 held Lane), and the last
    of them."""
    other = [(i, a) for i, (who, a) in enumerate(graded.line) if who != side]
    if not other:
        return "", None
    moving = [(i, a) for i, a in other if a.face != ALIBI]
    if not moving:
        return "", None
    said = [move_words(after_view(view, graded.line, i), a)[0] for i, a in moving]
    return ", then ".join(said), moving[-1][1]


def own_next(view: PocketView, graded: ahead.Graded, side: str) -> tuple[str, str]:
    """The side's own later action a line counts on, before the other side
    plays again (round 5, tester PH: "the joker moving Holmes: you stay
    unseen" counted on Watson to 7 next, unsaid): in words and in a few
    ("" when the line counts on none).  After the side's own alibi card the
    next action hangs on the card drawn, so it is not named (tester QE,
    round 16, read "the Alibi token: then joker: Watson to 9" as a plan,
    drew another card and lost by it): the next hint names it."""
    for i, (who, action) in enumerate(graded.line[1:], 1):
        if who != side:
            return "", ""
        if graded.line[0][1].face == ALIBI:
            # in the race its card draws nothing that counts: no "best for your
            # card" (tester RD, round 29); the next hint names the next action
            return ("", "") if view.race else DRAW_FIRST
        board = after_view(view, graded.line, i)
        return move_words(board, action)[0], compact(board, action)
    return "", ""


# the side's next action after its own alibi card, which hangs on the card
DRAW_FIRST = ("chosen once your card is drawn", "the best for your card")


def compact(view: PocketView, action: Action) -> str:
    """An action in the fewest words: "Watson to 7", "turning b2"."""
    if isinstance(action, Move):
        there = step_clockwise(view.detectives[action.detective], action.steps)
        return f"{DETECTIVE_WORDS[action.detective]} to {there}"
    if isinstance(action, Joker):
        if action.detective is None:
            return "joker: nobody"
        there = step_clockwise(view.detectives[action.detective], 1)
        return f"joker: {DETECTIVE_WORDS[action.detective]} to {there}"
    if isinstance(action, Exchange):
        return f"swapping {SQUARES[action.first]}, {SQUARES[action.second]}"
    if isinstance(action, Rotate):
        return f"turning {SQUARES[action.square]}"
    return "the alibi"


def with_next(call: str, own: str) -> str:
    return f"with your next action ({own}) {call}" if own else call


def answered(
    view: PocketView, graded: ahead.Graded, side: str, he: str, answer: str, call: str, can: str
) -> str:
    """ "{he} {can} answer {answer}: {call}", in the order the line plays:
    where the side's own next action comes before the answer (`call` then
    begins "with your next action (…)"), that action first (tester QB,
    round 15: "the investigator could answer …: with your next action
    (turn b3 …)" where Jack's two actions came one after the other)."""
    own, _ = own_next(view, graded, side)
    first = with_next("", own)
    if own and call.startswith(first):
        return f"then your next action, {own}, and {he} {can} answer {answer}: {call[len(first) :]}"
    return f"{he} {can} answer {answer}: {call}"


def ahead_lines(view: PocketView, side: str, chosen: Action | None) -> tuple[str, str]:
    """Looking ahead to the call with the tokens left this round (both
    sides playing them, the other one as well as he can: `ahead.py`; the
    alibi's cards weighed): the move to make, and what `chosen` (if any)
    comes to against it.  A sentence and one row, each naming a move; a
    line that counts on the player's own next action names it, and a card
    that may end the game says its chance."""
    grading = ahead.grade(view, side)
    best = grading.best()
    if best is None:
        return "", ""
    he = "Jack" if side == INVESTIGATOR else "the investigator"
    last = len(best.line) == 1
    best_long, best_short = move_words(view, best.action)
    best_call, short_call, tiny = said(view, best, side)
    # he wins only with his best answer: no "whatever" before it (nor
    # before a loss said at worst: tester RB, Pocket round 28)
    caught = (side == JACK and best.call.caught) or at_worst(view, best, side)
    whatever = "" if last or caught else f"whatever {he} does with his tokens, "
    answers = (
        "" if last or caught else f"whatever {'Jack' if side == INVESTIGATOR else 'he'} answers, "
    )
    if chosen is not None:
        mine = grading.of(chosen)
        long, short = move_words(view, chosen)
        call, call_short, mine_tiny = said(view, mine, side)
        if mine.value >= best.value:
            worst = at_worst(view, mine, side)
            mine_whatever = "" if worst else whatever
            mine_answers = "" if worst else answers
            return (
                f"Looking to the call: {long} is the best: {mine_whatever}{call}.",
                fit(
                    f"Yours is the best: {short}: {mine_answers}{call_short}.",
                    f"Yours is the best: {short}: {call_short}.",
                    f"Yours is best: {short}: {mine_tiny}.",
                    f"Yours is best: {short.removeprefix('moving ')}: {mine_tiny}.",
                    f"Yours is the best: {short}.",
                ),
            )
        answer, reply = threat(view, mine, side)
        then = (
            answered(view, mine, side, he, answer, call, "can")
            if answer
            else call
            if at_worst(view, mine, side)
            else f"whatever {he} does, {call}"
        )
        keep = ""
        if (
            side == JACK
            and reply is not None
            and any(who == JACK and a.face == reply.face for who, a in best.line)
        ):
            keep = f" (keep {FACE_NAMES[reply.face]} for yourself)"
            if mine.call.jack and not best.call.jack:
                return (
                    f"Looking to the call: after {long}, {then}. Better: {best_long}{keep}: "
                    f"{whatever}{best_call}.",
                    fit(
                        f"Keep {FACE_NAMES[reply.face]} for yourself: left to the investigator, "
                        f"he sees you with it. Best: {best_short}.",
                        f"Keep {FACE_NAMES[reply.face]} for yourself: left to the investigator, "
                        "he sees you with it.",
                        f"Keep {FACE_NAMES[reply.face]} for yourself, or be seen.",
                    ),
                )
        return (
            f"Looking to the call: after {long}, {then}. Better: {best_long}{keep}: "
            f"{whatever}{best_call}.",
            best_fit(best_short, short_call, answers, tiny),
        )
    sure = "" if last or caught else f"whatever {he} answers, "
    if alike(grading, best):  # nothing to choose (PX, PY, round 13: "Best: … the call loses")
        return (
            f"Looking to the call: whatever you play, {sure}{best_call}.",
            fit(
                f"Whatever you play: {answers}{short_call}.",
                f"Whatever you play: {short_call}.",
                f"Whatever you play: {tiny}.",
            ),
        )
    if side == JACK and best.call.jack:
        answer, _ = threat(view, best, side)
        warn = f" (his {answer.removeprefix('the ')} would see you otherwise too)" if answer else ""
        return (
            f"Looking to the call: whatever you play, he can see you{warn}; best {best_long}: {best_call}.",
            best_fit(best_short, short_call, answers, tiny),
        )
    waiting = waiting_words(view, best.action, side)
    if waiting:
        return (
            f"Looking to the call: best {best_long} ({waiting}): {sure}{best_call}.",
            fit(
                f"Best: {best_short} ({waiting}).",
                best_fit(best_short, short_call, answers, tiny),
            ),
        )
    return (
        f"Looking to the call: best {best_long}: {sure}{best_call}.",
        best_fit(best_short, short_call, answers, tiny),
    )


ALIKE = 6  # at most this many moves are compared for `alike` (each costs a look-ahead)


def alike(grading: ahead.Grading, best: ahead.Graded) -> bool:
    """Does every move of a small choice (`ALIKE` or fewer) come to the
    same at worst as the best?  Then there is no best to name."""
    moves = grading.legal
    if len(moves) < 2 or len(moves) > ALIKE:
        return len(moves) == 1
    return all(grading.value(a) >= best.value - ahead.TIE for a in moves)


def move_row(view: PocketView, action: Action) -> str:
    """An action in a few words for one row of the notes panel at 80×24,
    saying where it goes: 'Toby 1 step (8 → 9)', 'turn c3 (Bert): wall
    north', 'swap a1 (Gull) and c3 (Bert)'."""
    if isinstance(action, Rotate):
        tile = view.tiles[action.square]
        if tile.open_crossroads:
            return f"turn {SQUARES[action.square]} (Lane's crossroads)"
        wall = WALL_WORDS[DIRECTIONS[action.wall]]
        return f"turn {SQUARES[action.square]} ({short_name(tile.character)}): wall {wall}"
    if isinstance(action, Joker) and action.detective is not None:
        return move_words(view, action)[0].replace("the joker: ", "joker, ")
    return move_words(view, action)[0]


def rows_at_80(text: str) -> int:
    """The rows `text` takes in the notes panel at 80×24."""
    return len(textwrap.wrap(text, WIDTH, break_long_words=True))


def lead_rows(view: PocketView, side: str, face: str | None, chosen: Action | None) -> list[str]:
    """A hint's first two rows (tester PI, round 5: one paragraph of 6-8
    rows at 80×24 mixed a rule, the counts, the move and the answer): the
    move first ("Hint: Toby 1 step (8 → 9)"), then why in a few words
    ("whatever Jack answers: 3 seen / 5 not"), each short enough for one
    or two rows.  `face`: the token taken (None: none yet); `chosen`: its
    target previewed.  Empty when the look-ahead judges nothing."""
    grading = ahead.grade(view, side)
    top = grading.best()
    if top is None:
        return []
    best = top
    if face is not None and face != ALIBI and chosen is None:
        best = grading.best(face) or top  # the best this token can do
    move = move_row(view, best.action)
    lead = f"{capital(move)}."
    if chosen is not None and chosen.face != ALIBI:
        mine = grading.of(chosen)
        if mine.value >= top.value:
            best, lead = mine, f"Yours is the best: {move_row(view, chosen)}."
        else:
            lead = f"Better: {move_row(view, top.action)}."
            # what his own move comes to, where it says something else (tester
            # RG, round 30: "'Better: swap a1 and a3' but no value for my own
            # move: I cannot tell whether it is a little worse or losing")
            cards = view.jack_alibi_count if side == INVESTIGATOR else 0
            yours, theirs = (call_tiny(g.call, side, len(g.line) > 1, cards) for g in (mine, top))
            if yours != theirs and rows_at_80(f"Hint: {lead} Yours: {yours}.") <= 2:
                lead += f" Yours: {yours}."
            best = top
    elif best is not top and top.value > best.value:
        lead = f"{capital(move)}; better, another token: {move_row(view, top.action)}."
    elif chosen is None and face is None and alike(grading, top):
        lead = "Whatever you play, it comes to the same."
    he = "Jack" if side == INVESTIGATOR else "he"
    call, short_call, tiny = said(view, best, side)
    # the call's split, not the board the move leaves (tester RF, round 30:
    # "That move makes only 2 suspects visible at once")
    whatever = f"whatever {he} answers: " if len(best.line) > 1 else "at the call: "
    if side == JACK and best.call.caught:  # his best answer wins: not "whatever" (PT)
        whatever = ""
    if at_worst(view, best, side):  # a loss he can bring about (tester RB, Pocket round 28)
        whatever = "" if len(best.line) > 1 else "at the call, "
    # "at the call" where there is room: the call's split, not the board the
    # move leaves (tester RF, round 30: "That move makes only 2 suspects
    # visible at once")
    forms = [f"{whatever}{call}.", f"{whatever}{short_call}."]
    if whatever.startswith("whatever"):
        forms.insert(0, f"at the call, {forms[0]}")
    why = next((w for w in forms if rows_at_80(w) <= 2), f"{capital(tiny)}.")
    return [lead, capital(why)]


def laid_out(lead: Sequence[str], forms: list[str]) -> list[str]:
    """A hint's forms with its first rows (`lead_rows`) on top: the lead
    and the whole hint; the lead alone; the shortest form, which names
    the move and its reason in one sentence (for a panel with no room for
    more)."""
    if not lead:
        return forms
    top = "\n".join(lead)
    return [f"{top}\n{forms[0]}", top, forms[-1]]


# -- the hints at each decision ----------------------------------------------------------


def best_line(view: PocketView, side: str) -> tuple[str, str, Split | None]:
    """While a token is chosen: the split now, and the token that makes the
    best split (a sentence, a few words, the best split of the tokens that
    move a line of sight)."""
    now = split_of(view)
    top = best_available(view, side)
    if side == JACK and now.jack is not None:
        where = f"Now you are {'seen' if now.jack else 'unseen'} ({now.words()})."
    else:
        where = f"Now {now.words()}."
    if top is None:
        if side == JACK and now.jack is not None:
            return where, f"You are {'seen' if now.jack else 'unseen'} now", None
        return where, f"Now {now.seen} seen, {now.unseen} not", None
    split, face = top
    name = FACE_NAMES[face]
    if side == JACK and split.jack is not None:
        how = "keeps you unseen" if split.jack is False else "leaves you seen"
        return (
            f"{where} Best now: {name}, which {how} with {split.kept} suspects on your side.",
            f"Best: {name}"[:SHORT],
            split,
        )
    return f"{where} Best split now: {name} ({split.words()}).", f"Best: {name}"[:SHORT], split


def token_hint(view: PocketView, side: str) -> list[str]:
    """While `side` chooses a token, its forms (the fullest first): the
    kinds up for the first time (a line each, with the aim in round 1); the
    end when it is near; the split now and the best token; the alibi when
    it is up; who answers.  Then fewer: the new kinds in a few words, or
    the end and the best token.  Last, a few words."""
    new: dict[str, list[str]] = {}
    for i, t in enumerate(view.tokens):
        if not t.used and first_round(view, t.up):
            new.setdefault(t.up, []).append(str(i + 1))
    end = end_line(view, side)
    now, _, split = best_line(view, side)
    look, look_short = ahead_lines(view, side, None)
    best = f"{now.split(' Best')[0]} {look}".strip()
    parts: list[str] = []
    if view.round == 1 and new:
        parts.append(AIMS[side])
    parts += [kind(face, side)[0] for face in new]
    if end:
        parts.append(end[0])
    parts.append(best)
    if ALIBI in open_faces(view):
        parts.append(alibi_line(view, side, split))
    parts.append(answer_line(view, side, None))
    full = " ".join(parts)
    if new:
        middle = "; ".join(
            f"{', '.join(keys)} {FACE_NAMES[face]}: {kind(face, side)[1]}"
            for face, keys in new.items()
        )
        middle += f". {look}"
    else:
        middle = " ".join([*(end[:1] if end else []), best])
    short = look_short or (end[1] if end else answer_short(view, side))
    return laid_out(lead_rows(view, side, None, None), [full, middle, short])


def target_hint(
    view: PocketView,
    side: str,
    face: str,
    after: PocketView | None,
    action: Action | None = None,
) -> list[str]:
    """While `side` chooses the target of a token of `face` (`after`: the
    preview of the target chosen so far, None if none or an alibi;
    `action`: that target, when the screen knows it -- Jack's joker moving
    nobody has no preview), its forms: what the token does (in its kind's
    first round), the end when near, what the board would show now, then
    looking ahead to the call with the tokens left this round (`ahead.py`):
    what the other side can still do, and the move to make; the alibi's
    worth; who answers.  Then the look-ahead and the answer; last, one row
    that names a move."""
    parts: list[str] = []
    if first_round(view, face):
        parts.append(kind(face, side)[0])
    end = end_line(view, side)
    if end:
        parts.append(end[0])
    answer = answer_line(view, side, face)
    if face == ALIBI:
        others = [f for f in dict.fromkeys(open_faces(view, face)) if f != ALIBI]
        splits = [s for f in others for s in [best_split(view, f, side)] if s]
        best = max(splits, key=lambda s: worth(s, side), default=None)
        alibi = alibi_line(view, side, best)
        look, look_short = ahead_lines(view, side, None)
        parts += [alibi, look, answer]
        mine = (
            "Alibi: a secret card, 0-2 hourglasses for you."
            if side == JACK
            else "Alibi: it clears a suspect if its card names one."
        )
        short = (
            fit(f"{mine} Or {look_short[6:]}", mine) if look_short.startswith("Best: ") else mine
        )
        forms = [" ".join(p for p in parts if p), f"{alibi} {look} {answer}".strip(), short]
        return laid_out(lead_rows(view, side, face, None), forms)
    if action is None and after is not None:
        action = next(
            (
                a
                for a in legal(view)
                if a.face == face
                and (p := preview(view, a)) is not None
                and p.tiles == after.tiles
                and p.detectives == after.detectives
            ),
            None,
        )
    if action is None:  # no target chosen yet: the best this token can do
        look, look_short = face_lines(view, side, face)
        parts += [look, answer]
        forms = [" ".join(p for p in parts if p), f"{look} {answer}", look_short]
        return laid_out(lead_rows(view, side, face, None), forms)
    split = split_after(view, action) or split_of(view)
    then = f"At once {split.words()}: {split_meaning(split, side)}"
    look, look_short = ahead_lines(view, side, action)
    parts += [then, look, answer]
    forms = [" ".join(p for p in parts if p), f"{look} {answer}", look_short]
    return laid_out(lead_rows(view, side, face, action), forms)


def face_lines(view: PocketView, side: str, face: str) -> tuple[str, str]:
    """Before a target is chosen: the best this token can do, looking to
    the call, and the best of all when another token does better."""
    grading = ahead.grade(view, side)
    mine = grading.best(face)
    top = grading.best()
    if mine is None:
        return ahead_lines(view, side, None)
    long, short = move_words(view, mine.action)
    call, call_short, tiny = said(view, mine, side)
    text = f"Looking to the call, with this token: best {long}: {call}."
    if top is not None and top.value > mine.value:
        other, other_short = move_words(view, top.action)
        better, better_short, better_tiny = said(view, top, side)
        text += f" Better with another token: {other}: {better}."
        return text, fit(
            f"Another token does better: {other_short}: {better_short}.",
            f"Better, another token: {other_short}: {better_tiny}.",
            f"Better, another token: {other_short}.",
        )
    return text, best_fit(short, call_short, "", tiny)


def at_worst(view: PocketView, graded: ahead.Graded, side: str) -> bool:
    """Does `said` word the line's call as a worst case (`worst_case`)?
    Then no "whatever he answers" goes before it."""
    cards = view.jack_alibi_count if side == INVESTIGATOR else 0
    return worst_case(graded.call, side, len(graded.line) > 1, cards)


def cards_may_race(view: PocketView, call: ahead.Call) -> bool:
    """On the investigator's view: does `call` win for him unseen only
    because Jack's face-down cards were counted an hourglass each (the
    look-ahead's count), where the cards he has not seen could hold more and
    make it the race (P8)?"""
    cards = view.jack_alibi_count
    if not cards or not call.unseen or call.if_unseen != INVESTIGATOR or view.race:
        return False
    most = view.known_hourglasses + ahead.most_on_cards(view, cards)
    if most <= view.known_hourglasses + cards:
        return False
    return ahead.ends(view.round, view.race, call.unseen, most + 1, False) not in (INVESTIGATOR,)


def said(view: PocketView, graded: ahead.Graded, side: str) -> tuple[str, str, str]:
    """What a graded line comes to, in a phrase, a few words and fewest,
    naming the player's own next action it counts on and a card's risk."""
    answers = len(graded.line) > 1  # actions left before the call
    cards = view.jack_alibi_count if side == INVESTIGATOR else 0
    call, short = call_words(graded.call, side, answers, view.race, cards)
    tiny = call_tiny(graded.call, side, answers, cards)
    if side == INVESTIGATOR and cards_may_race(view, graded.call):
        # his win counted his face-down cards as an hourglass each: one may
        # hold two (tester RH, Pocket round 31: "'you win' for certain, where
        # Jack might have held Madame's card, which would have started a race")
        call = f"{call}, unless his alibi card holds more hourglasses: then the race"
        short, tiny = f"{short}, or the race", "you win, or the race"
    own_long, own_short = own_next(view, graded, side)
    if own_short:
        tiny = f"then {own_short}: {tiny}"
    alibis = [
        k for k, (who, a) in enumerate(graded.line) if who == INVESTIGATOR and a.face == ALIBI
    ]
    if side == INVESTIGATOR and alibis and len(view.suspects) > 1:
        # the card's suspect is cleared beside the call (tester PN, round 7,
        # read "does better: the Alibi token: the call clears nobody"); an
        # alibi still to come is said as that, not as this move's reason
        # (tester PT, round 10: "Swap c1 and c2. Your alibi card may clear
        # one."); with one suspect left no card clears anyone (PS)
        now = alibis[0] == 0
        card = "your alibi card" if now else "your alibi, still to play,"
        call = f"{card} may clear one more, and at the call {call}"
        short = f"your card may clear one; {short}" if now else f"your alibi to come: {short}"
        if graded.call.least == 0:
            then = "then " if own_short else ""
            tiny = f"{then}your alibi card may clear one"
    call, short = with_next(call, own_long), with_next(short, own_short)
    risk, risk_few, risk_call = card_risk(graded, side, cards)
    if risk:
        call = f"{call}{', ' if risk.startswith(('unless', 'but')) else '; '}{risk}"
        short = f"{short}, {risk_few}"
        tiny = f"then {own_short}: {risk_call}" if own_short else risk_call
    return call, short, tiny


def outlook(after: PocketView, side: str) -> str:
    """What the previewed board means at a witness call made now (the
    puzzles' and the first hints' words)."""
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


def welcome(side: str, against_computer: bool, view: PocketView | None = None) -> str:
    """The first word of a game with hints, before it starts: who plays,
    a round, the goals, the lines of sight, the keys.  On Jack's side, from
    his own `view`: who he is, his hourglasses, the alibi cards, the race."""
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
        if view is not None and view.jack is not None:
            me = view.jack.identity
            who = (
                f"You play Jack, and Jack is {character_name(me)} (the {short_name(me)} tile): "
                f"nobody else knows it. Keep {pronoun(me, 'him')} among many "
                "suspects; the computer is the investigator."
            )
        order = "the investigator, you, you, the investigator"
        goals = (
            "You win with 6 hourglasses (one each call you are not seen, plus those "
            "on your alibi cards) or when round 8 ends; he, when one suspect is left."
        )
    extra: list[str] = []
    if side == JACK and against_computer:
        extra = [
            "An alibi card (in secret) adds its 0-2 hourglasses; even rounds you play "
            "first and last. If he gets down to one suspect as you reach 6, he wins "
            "if that call saw you; if it did not, the race begins (P8): stay unseen "
            "to round 8."
        ]
    return "\n\n".join(
        [
            who,
            f"Each round four action tokens are played (odd rounds {order}; even "
            "rounds the other way round), then the witness "
            "call: if a detective sees Jack's tile, every suspect nobody sees is "
            "cleared; if not, every suspect seen is, and Jack takes an hourglass.",
            goals,
            # the wall on a tile's far side still lets him see that tile
            # (tester QZ, round 27: "to the first wall" says otherwise; P6)
            "A detective sees down his row or column to a wall, that tile too if the "
            "wall is on its far side: ━ Holmes, ┅ Watson, · Toby.",
            *extra,
            "Keys: 1-4 a token; the arrows move the choice (the board shows it); Enter "
            "plays it; Esc goes back; F1 the rules. Hints come beside the board."
            + (" ctrl+z takes back your last action." if against_computer else ""),
        ]
    )
