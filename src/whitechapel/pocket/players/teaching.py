"""The teaching Jack: the computer's Jack in the guided game ("Learn by
playing", the investigator's side), never a level a person picks.

The easy Jack looks one action ahead and forgets that the investigator
answers: play-testers A and B (round 1) saw him seen in round 1 with six
suspects cleared and caught in round 2, so the guided game never came to
the hourglasses, the even rounds' order, the alibi or the race.  The
teaching Jack plays an honest game from his own view, like every player,
but stays in the game into the middle rounds:

- in rounds 1 to `CAREFUL` he looks to the end of the round: each of his
  actions, his own next one (his `WIDTH` most promising), and the
  investigator's answers as a learner who follows the hints plays them
  (the action that splits the suspects most evenly, the worst for him
  among equals); at the witness call he wants not to be left alone on his
  side of it (caught), then the most suspects with him, then to be unseen
  (an hourglass); his alibi card counts at its expected hourglasses;
- from round `CAREFUL` + 1 on he is the easy Jack: a learner who keeps
  splitting the suspects catches him (by round 6-8, docs/app.md "Learn by
  playing" has the figures).

What he does not know (the order of the cards nobody drew) is drawn from
his own chance into a possible game (`pocket/worlds.py`), played by the
engine; no time budget, so the same view and seed give the same action.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.core.players import PlayerError
from whitechapel.pocket import worlds
from whitechapel.pocket.actions import Action, Alibi
from whitechapel.pocket.pieces import HOURGLASSES, JACK
from whitechapel.pocket.players import reading
from whitechapel.pocket.players.search import seen_suspects
from whitechapel.pocket.players.simple import EasyPlayer
from whitechapel.pocket.preview import preview
from whitechapel.pocket.views import PocketView

LEVEL = "teaching"
CAREFUL = 4  # the rounds he looks to the witness call; then the easy Jack
WIDTH = 6  # his own actions looked at below the first, the most promising
CAUGHT = -10.0  # alone on his side of the call
UNSEEN = 0.0  # an unseen call's hourglass, against log2 of the suspects kept (careful rounds)
CARD = 0.0  # his alibi card, in hourglasses of that worth: this much of its expected ones
LATE_UNSEEN = -1.5  # later rounds: he would rather be seen (the investigator can win)
GENTLE = 3  # the teaching investigator's rounds of lopsided splits
LATE_CARD = -0.6  # ... and leaves the alibi to the investigator, unless nothing else helps


def call_worth(g: Any, me: int, unseen: float | None = None) -> float:
    """Jack's worth of the board of `g`, the witness call made now: caught
    (alone on his side) is the worst; else the suspects kept with him, and
    an hourglass when unseen."""
    seen = seen_suspects(g)
    left = 9 - g.cleared.bit_count()
    k = seen.bit_count()
    mine = bool(seen >> me & 1)
    kept = k if mine else left - k
    if kept <= 1:
        return CAUGHT
    return math.log2(kept) + (0.0 if mine else UNSEEN if unseen is None else unseen)


def evenness(g: Any) -> int:
    """What a learner following the hints wants: the most cleared at least
    (the smaller side of the split)."""
    k = seen_suspects(g).bit_count()
    return min(k, 9 - g.cleared.bit_count() - k)


class TeachingJack:
    """The guided game's Jack (see the module's docstring)."""

    level = LEVEL

    def __init__(self, side: str, seed: int, table: object = None) -> None:
        if side != JACK:
            raise PlayerError("the teaching Jack plays Jack only")
        self.side = side
        self.chance = Chance(seed)
        self.easy = EasyPlayer(side, seed)
        self.card = 0.0  # an alibi card's worth to him now

    def choose(self, view: PocketView, legal: Sequence[str], budget: float | None = None) -> str:
        if len(legal) == 1 or view.jack is None:
            return legal[0] if legal else self.easy.choose(view, legal, budget)
        me = reading.identity(view)
        assert me is not None
        careful = view.round <= CAREFUL
        cards = reading.unknown_cards(view)
        glasses = sum(HOURGLASSES[c] for c in cards) / len(cards) if cards else 0.0
        self.card = (CARD if careful else LATE_CARD) * glasses
        world = worlds.sample(view, self.chance)
        best: list[str] = []
        top = -math.inf
        for text, action in zip(legal, reading.actions(legal), strict=True):
            if careful:
                score = self.after(world, action, me)
            else:  # one action ahead, as if the call came next (the easy Jack's blindness)
                g = world.clone()
                g.apply(action)
                bonus = self.card if isinstance(action, Alibi) else 0.0
                score = bonus + call_worth(g, me, LATE_UNSEEN)
            if score > top + 1e-9:
                top, best = score, [text]
            elif score > top - 1e-9:
                best.append(text)
        return best[self.chance.below(len(best))]

    def after(self, g: Any, action: Action, me: int) -> float:
        """His worth after `action` in `g`, to the round's witness call."""
        nxt = g.clone()
        nxt.apply(action)
        bonus = self.card if isinstance(action, Alibi) and g.to_act == JACK else 0.0
        return bonus + self.rest(nxt, me)

    def rest(self, g: Any, me: int) -> float:
        if g.to_act is None:  # the witness call is due
            return call_worth(g, me)
        children = []
        for action in g.legal_actions():
            c = g.clone()
            c.apply(action)
            children.append((action, c))
        if g.to_act == JACK:
            # his most promising actions (as if the call came next), looked at to the end
            children.sort(key=lambda ac: call_worth(ac[1], me), reverse=True)
            return max(
                (self.card if isinstance(a, Alibi) else 0.0) + self.rest(c, me)
                for a, c in children[:WIDTH]
            )
        # the learner: the most even split, the worst for Jack among equals
        even = max(evenness(c) for _, c in children)
        return min(self.rest(c, me) for _, c in children if evenness(c) == even)


class TeachingInvestigator:
    """The guided game's investigator, when the learner is Jack: the easy
    investigator (one action ahead), but in rounds 1 to `GENTLE` he splits
    the suspects about a quarter seen (or unseen) rather than half, so a
    learner who hides well meets the even rounds, the hourglasses and the
    alibi before the end.  He does not know who Jack is: his view has no
    identity, and nothing else is read."""

    level = LEVEL

    def __init__(self, side: str, seed: int, table: object = None) -> None:
        self.side = side
        self.chance = Chance(seed)
        self.easy = EasyPlayer(side, seed)

    def choose(self, view: PocketView, legal: Sequence[str], budget: float | None = None) -> str:
        if view.round > GENTLE or len(legal) == 1:
            return self.easy.choose(view, legal, budget)
        n = len(reading.suspects(view))
        aim = max(1, n // 4)
        best: list[str] = []
        top = -math.inf
        for text, action in zip(legal, reading.actions(legal), strict=True):
            after = None if isinstance(action, Alibi) else preview(view, action)
            tiles = view.tiles if after is None else after.tiles
            k = len(reading.seen_suspects(tiles))
            score = -abs(min(k, n - k) - aim) + (0.5 if isinstance(action, Alibi) else 0.0)
            if score > top + 1e-9:
                top, best = score, [text]
            elif score > top - 1e-9:
                best.append(text)
        return best[self.chance.below(len(best))]


def teaching_seats(computers: dict[str, str]) -> dict[str, str]:
    """A guided game's computers: the teaching player where the record
    names the easy one (the game screen, with hints on)."""
    return {side: LEVEL if level == "easy" else level for side, level in computers.items()}


def teaching_player(
    side: str, seed: int, table: object = None
) -> TeachingJack | TeachingInvestigator:
    """The guided game's computer for `side` (`players/__init__.py`)."""
    if side == JACK:
        return TeachingJack(side, seed, table)
    return TeachingInvestigator(side, seed, table)
