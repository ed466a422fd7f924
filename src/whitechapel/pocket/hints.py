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
panel at 80×24 (`SHORT` characters), for the room the screen has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from whitechapel.pocket.actions import Action, Joker
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import (
    ALIBI,
    CHARACTERS,
    EXCHANGE,
    FACE_NAMES,
    HOLMES,
    INVESTIGATOR,
    JACK,
    JACK_GOAL_HOURGLASSES,
    JOKER,
    LAST_ROUND,
    ROTATION,
    TOBY,
    TURN_ORDER,
    WATSON,
)
from whitechapel.pocket.preview import preview
from whitechapel.pocket.sentences import WOMEN, and_list, character_name, short_name
from whitechapel.pocket.views import Played, PocketView

SHORT = 23  # the last form's length: one row of the notes panel at 80×24, after "Hint: "

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


@dataclass(frozen=True, slots=True)
class Split:
    """The suspects seen and unseen on a board; `jack`: on Jack's own view,
    whether he is seen (None when the view does not know who he is)."""

    seen: int
    unseen: int
    jack: bool | None = None

    @property
    def least(self) -> int:
        """What a call clears at least, whichever way it goes."""
        return min(self.seen, self.unseen)

    @property
    def kept(self) -> int:
        """On Jack's own view: the suspects left after a call, Jack included."""
        return self.seen if self.jack else self.unseen

    def words(self) -> str:
        return f"{self.seen} seen, {self.unseen} unseen"


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
        return "nobody seen, the worst: Jack is surely unseen, nobody is cleared, he takes an hourglass."
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
                "seen (if both goals come at once, he must be seen: P8, the race).",
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
            f"You have {glasses}: one unseen call wins (if the investigator also gets "
            "down to one suspect, the race begins).",
            "Near 6: stay unseen",
        )
    if n <= 3:
        return (
            f"Only {n} suspects left: never be alone on your side of the call.",
            "Few left: not alone",
        )
    return None


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
    best, best_words, split = best_line(view, side)
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
        middle += "."
    else:
        middle = " ".join([*(end[:1] if end else []), best])
    short = end[1] if end else best_words
    return [full, middle, short]


def target_hint(view: PocketView, side: str, face: str, after: PocketView | None) -> list[str]:
    """While `side` chooses the target of a token of `face` (`after`: the
    preview of the target chosen so far, None if none or an alibi), its
    forms: what the token does (in its kind's first round), the end when
    near, what the board would show and what a call would then clear,
    against the best this token can do; the alibi's worth; who answers.
    Then the split and the answer; last, a few words."""
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
        parts += [alibi, answer]
        short = end[1] if end else ("Alibi: a sure card" if side == JACK else "Alibi: one cleared?")
        return [" ".join(parts), f"{alibi} {answer}", short]
    if after is None:  # no target chosen yet: the best this token can do
        best = best_split(view, face, side)
        if best is None:
            parts.append(answer)
            return [" ".join(parts), answer, end[1] if end else answer_short(view, side)]
        if side == JACK and best.jack is not None:
            where = "unseen" if best.jack is False else "seen"
            can = f"At best this token leaves you {where}, {best.kept} suspects with you."
            few = f"Best: {where}, {best.kept} stay"
        else:
            can = f"At best this token makes {best.words()}: {split_meaning(best, side)}"
            few = f"Best {best.seen} seen, {best.unseen} not"
        parts += [can, answer]
        return [" ".join(parts), f"{can} {answer}", end[1] if end else few]
    split = split_of(after)
    then = f"Then {split.words()}: {split_meaning(split, side)}"
    best = best_split(view, face, side)
    top = best_available(view, side)
    if top is not None and worth(top[0], side) > worth(split, side):
        if best is not None and worth(best, side) > worth(split, side) and top[1] != face:
            then += f" This token can do better: {best_words(best, face, side)}."
        then += f" The best here: {best_words(*top, side)}."
    elif top is not None:
        then += " The best available with the tokens up."
    parts += [then, answer]
    available = top[0] if top is not None else None
    short = end[1] if end and view.race else split_short(split, side, available)
    return [" ".join(parts), f"{then} {answer}", short]


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
                f"nobody else knows it. Keep {'her' if me in WOMEN else 'him'} among many "
                "suspects; the computer is the investigator."
            )
        order = "the investigator, you, you, the investigator"
        goals = (
            "You win with 6 hourglasses (one each call you are not seen, and your "
            "alibi cards') or when round 8 ends; he, when one suspect is left."
        )
    extra: list[str] = []
    if side == JACK and against_computer:
        extra = [
            "An alibi card (in secret) adds its 0-2 hourglasses; even rounds you play "
            "first and last. If he gets down to one suspect as you reach 6, the race "
            "begins (P8): stay unseen to round 8."
        ]
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
            *extra,
            "Keys: 1-4 a token; the arrows move the choice (the board shows it); Enter "
            "plays it; Esc goes back; F1 the rules. Hints come beside the board.",
        ]
    )
