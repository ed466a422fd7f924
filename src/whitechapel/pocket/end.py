"""The end of a game (P8), judged after each witness call and never in the
middle of a round.

The investigator's goal is one suspect left, Jack's six hourglasses (round
tokens and alibi cards).  One goal alone wins.  Both at once are judged like
round 8: Jack seen, the investigator wins; not seen, Jack wins in round 8,
and before it the race begins (settled here: docs/pocket.md).  In the race
the first call that sees Jack wins for the investigator; Jack wins if he is
never seen again through round 8.  Neither goal after round 8: Jack wins.
"""

from __future__ import annotations

from typing import NamedTuple

from whitechapel.core.game import Outcome
from whitechapel.pocket.pieces import INVESTIGATOR, JACK, JACK_GOAL_HOURGLASSES, LAST_ROUND

# P8 reasons, as records and the network carry them (`said` words them for the screen).
ONE_SUSPECT = "only one suspect is left: Jack is identified"
SIX_HOURGLASSES = "Jack has six hourglasses"
SEEN_AT_BOTH_GOALS = "both goals reached and Jack was seen"
RACE_SEEN = "Jack was seen during the race"
RACE_UNSEEN = "Jack stayed unseen through round 8 of the race"
UNSEEN_AT_BOTH_GOALS = "both goals reached in round 8 and Jack was not seen"
TIME_UP = "round 8 ended without the investigator identifying Jack"


class Judged(NamedTuple):
    """What a witness call's end check found: the game's outcome, or none
    and whether the race begins now."""

    outcome: Outcome | None
    race_begins: bool = False


GOES_ON = Judged(None)


def judge(rnd: int, race: bool, suspects: int, hourglasses: int, seen: bool) -> Judged:
    """P8 after round `rnd`'s witness call: `suspects` left, Jack's
    `hourglasses`, whether he was `seen`, in the `race` or not."""
    at = f"round {rnd}"
    if race:
        if seen:
            return Judged(Outcome(INVESTIGATOR, RACE_SEEN, at))
        return Judged(Outcome(JACK, RACE_UNSEEN, at)) if rnd == LAST_ROUND else GOES_ON
    investigator_goal = suspects == 1
    jack_goal = hourglasses >= JACK_GOAL_HOURGLASSES
    if investigator_goal and jack_goal:
        # Settled here: the first round with both goals is judged like round 8.
        if seen:
            return Judged(Outcome(INVESTIGATOR, SEEN_AT_BOTH_GOALS, at))
        if rnd == LAST_ROUND:
            return Judged(Outcome(JACK, UNSEEN_AT_BOTH_GOALS, at))
        return Judged(None, race_begins=True)
    if investigator_goal:
        return Judged(Outcome(INVESTIGATOR, ONE_SUSPECT, at))
    if jack_goal:
        return Judged(Outcome(JACK, SIX_HOURGLASSES, at))
    if rnd == LAST_ROUND:
        return Judged(Outcome(JACK, TIME_UP, at))
    return GOES_ON


def said(reason: str) -> str:
    """An outcome's reason as the screen says it: "six hourglasses or more"
    (tester PG, issue 44 round 4, read "Jack has six hourglasses" above "His
    hourglasses: 7"); the reason itself stays as records carry it."""
    return "Jack has six hourglasses or more" if reason == SIX_HOURGLASSES else reason
