"""The teaching players: the computer in the guided game ("Learn by
playing"), as Jack or as the investigator; never a level a person picks.

Round 3 of issue 44 (play-testers PE and PF): against the old teaching
players (a careful Jack for four rounds then the easy one; an easy
investigator who split gently) neither guided game reached what needs
teaching -- the race of Jack's hourglasses against the suspects left (P8),
alibi hourglasses deciding it, the endgame with two or three suspects.  A
learner who hid well met an investigator who never came near; one who
split well caught Jack by round 4.

So the teaching player keeps the game close, whoever the learner is.  At
each decision it grades every legal action by the rest of the round to the
witness call (`pocket/ahead.py`, the hints' own look-ahead, from its own
view: Jack's with his identity, the investigator's over every Jack), then
looks at the race from what its own view shows (`lead`):

- behind, or level: it plays the best action the look-ahead finds (it
  plays well: the learner must play well to stay ahead);
- ahead by more than `LEAD`: an action a quarter of the way down its
  ranking of the distinct values; by more than twice that, half way (it
  gives ground, so the learner catches up; Jack never takes an action
  that leaves him alone on his side of the call while another does not);
- from round `EASY_FROM` on, counted `EASE` times `LEAD` further ahead
  than it is: in the race it gives ground unless well behind, so a learner
  who follows the hints can win it (round 6, tester PJ: he followed every
  hint as the investigator and lost in round 6, with no move left that
  could see a suspect).  As the investigator too since round 15 of the
  play-tests (PZ, QC: "I followed every hint ... and lost"): over 36 fixed
  games the learner as Jack who follows every hint wins 36, where he won
  28; 32 of them still reach the race.

The alibi is valued by its cards in the look-ahead (round 5: each card it
may draw, from the player's own view, weighed by its chance: the suspect it
clears, the hourglasses it gives Jack, and whether that ends the game, P8);
round 4's half point on top of a pass is gone.  Jack's "safe" actions are
those the look-ahead values at `CAUGHT` or more: never a loss at the call,
nor a card's chance of one.  The race counts: Jack's hourglasses over 6 (on the
investigator's view those in sight and each card face down as one), the
suspects cleared over 8.

No clock: the look-ahead's work is bounded (`ahead.WIDTHS`), and ties are
broken by the player's seeded chance, so a view and a seed give one action
(records replay).  docs/pocket.md, "Round 4: hints, guided games, review",
has the figures.
"""

from __future__ import annotations

from collections.abc import Sequence

from whitechapel.core.chance import Chance
from whitechapel.pocket import ahead
from whitechapel.pocket.pieces import INVESTIGATOR, JACK, JACK_GOAL_HOURGLASSES
from whitechapel.pocket.players import reading
from whitechapel.pocket.views import PocketView

LEVEL = "teaching"
LEAD = 0.1  # how far ahead in the race (a share of the way to a goal) before giving ground
GIVE = (0.0, 0.25, 0.5)  # how far down the ranking: 0, 1, 2 or more times `LEAD` ahead
# As Jack, the teaching player values his cards only where they end the game
# (P8): weighed beside the suspects kept, they made him trade suspects for
# cards, and a learner who follows his hints caught him by round 4 (7 of 12
# close games, against 8 with this).
TEACHING_CARD = 0
EASY_FROM = 5  # the round from which the teaching player eases off in the race
# 3 until round 7 of the play-tests: with the look-ahead's joker answers
# found (tester PM), the teaching Jack defended better and the learner who
# follows every hint won 6 of 12 fixed games; with 6, 10 of 12 (17 of 24 more)
EASE = 6  # how many times `LEAD` the teaching player counts itself further ahead then
CAUGHT = ahead.GOES_ON  # in Jack's look-ahead values, below this he may lose at the call


def race(view: PocketView, side: str) -> float:
    """How far `side` is ahead in the race (P8), from `view` alone: its
    share of the way to its goal less the other side's (-1 to 1).  Jack's
    hourglasses are his own on his view; on the investigator's, those in
    sight and a card face down counted as one (most cards hold one)."""
    if view.jack is not None:
        glasses = view.jack.hourglasses
    else:
        glasses = view.known_hourglasses + view.jack_alibi_count
    jack = min(glasses, JACK_GOAL_HOURGLASSES) / JACK_GOAL_HOURGLASSES
    investigator = (9 - len(view.suspects)) / 8
    return jack - investigator if side == JACK else investigator - jack


def pick(values: Sequence[float], lead: float) -> float:
    """The value to play for, among the distinct `values` (best first):
    the best while not ahead; further down the further ahead."""
    steps = int(lead / LEAD) if lead > 0 else 0  # how many times `LEAD` ahead
    return values[int(len(values) * GIVE[min(steps, len(GIVE) - 1)])]


class TeachingPlayer:
    """The guided game's computer, either side (see the module's docstring).
    It reads its own view only: the investigator's has no identity."""

    level = LEVEL

    def __init__(self, side: str, seed: int, table: object = None) -> None:
        self.side = side
        self.chance = Chance(seed)

    def scored(self, view: PocketView, legal: Sequence[str]) -> list[tuple[float, str]]:
        """Each legal action (as text) with its value to the round's call."""
        grading = ahead.grade(view, self.side, card=TEACHING_CARD, exact=False)
        out: list[tuple[float, str]] = []
        for text, action in zip(legal, reading.actions(legal), strict=True):
            out.append((round(grading.value(action), 2), text))
        if self.side == JACK and view.jack is not None:
            safe = [(v, t) for v, t in out if v >= CAUGHT]
            out = safe or out  # never a risk of losing at the call while he need not run one
        return out

    def choose(self, view: PocketView, legal: Sequence[str], budget: float | None = None) -> str:
        if len(legal) == 1:
            return legal[0]
        scored = self.scored(view, legal)
        values = sorted({v for v, _ in scored}, reverse=True)
        lead = race(view, self.side)
        if view.round >= EASY_FROM:
            lead += EASE * LEAD
        target = pick(values, lead)
        pool = [t for v, t in scored if v == target]
        return pool[self.chance.below(len(pool))]


# The names the guided game's seats had (one class serves both sides now).
TeachingJack = TeachingPlayer
TeachingInvestigator = TeachingPlayer


def teaching_seats(computers: dict[str, str]) -> dict[str, str]:
    """A guided game's computers: the teaching player where the record
    names the easy one (the game screen, with hints on)."""
    return {side: LEVEL if level == "easy" else level for side, level in computers.items()}


def teaching_player(side: str, seed: int, table: object = None) -> TeachingPlayer:
    """The guided game's computer for `side` (`players/__init__.py`)."""
    if side not in (JACK, INVESTIGATOR):
        raise ValueError(f"no such side: {side}")
    return TeachingPlayer(side, seed, table)
