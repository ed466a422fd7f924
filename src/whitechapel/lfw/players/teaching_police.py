"""The teaching police: the police of the guided Jack night ("Learn by
playing", `lfw/ui/learn.py`), never a level a person picks.

On the tutorial board the easy police caught a newcomer's Jack at his
first or second move in most games: a clue found beside the crime scene
leaves one or two circles, and the easy police arrest then (play-testers I
and J, round 5: "caught at the first move with no word why").  The
learner saw three or four hints and "game over": never a coach, an alley,
clues over several rounds, nor the way home.

The teaching police play an honest game from their view, the legal
actions and the board, like every player: the easy police's patrols, the
Wretched and the moves toward where Jack can be (T2), and their searches
(T3), so the learner sees the Hunt close in and the clues found.  On night
1 they make no arrest in their first `GRACE` Hunts (after Jack's moves 1
to 3): not even when the notebook leaves one circle, since on this small
board a clue found on his first step says exactly where he stands, and an
arrest then ended the lesson at its first move all the same.  From the
Hunt after his fourth move they arrest as the easy police do (one or two
circles left), so a Jack who stays beside the policemen is caught, and the
lesson's end says why (`hints.lesson_over`).  Three: by then the learner
has stepped, seen the notebook hint (his second move), seen clues found,
and could have taken a coach and an alley; the teaching Jack of the
police's guided night keeps out three moves too.

From night 2 on they are the easy police.  Pure Python; they read their
view, the legal actions and the board only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from whitechapel.lfw.actions import Action, Arrest, Pass, Search
from whitechapel.lfw.players import police_clues
from whitechapel.lfw.players.police import STYLES, Police
from whitechapel.lfw.players.police_sense import Sense
from whitechapel.lfw.rulebook import ALLEY, COACH, STEP
from whitechapel.lfw.views import PoliceView

LEVEL = "teaching"
GRACE = 3  # night 1: no arrest in the police's first three Hunts
LESSON_NIGHT = 1


def jacks_moves(view: PoliceView) -> int:
    """Jack's moves tonight, from the move track everyone sees (a coach
    writes two spaces)."""
    track = view.track
    return sum(1 for t in track if t.how in (STEP, ALLEY)) + (
        sum(1 for t in track if t.how == COACH) // 2
    )


def holding_back(view: PoliceView) -> bool:
    """Is this a T3 in which the teaching police make no arrest?"""
    return view.night == LESSON_NIGHT and jacks_moves(view) <= GRACE


class TeachingPolice(Police):
    """The easy police, with no arrest in night 1's first rounds (see the
    module's docstring)."""

    def __init__(self, side: str, seed: int, table: Any = None) -> None:
        super().__init__(side, seed, table, replace(STYLES["easy"], level=LEVEL))

    def clue(self, view: PoliceView, legal: Sequence[Action], sense: Sense) -> Action:
        out = super().clue(view, legal, sense)
        if not isinstance(out, Arrest) or not holding_back(view):
            return out
        # no arrest yet: the search the easy police would make, else a pass
        colour = out.colour
        useful = police_clues.rank_searches(sense, police_clues.targets(legal, colour), False)
        if useful and Search(colour, useful[0][1]) in legal:
            return Search(colour, useful[0][1])
        return Pass(colour)


def make(side: str, seed: int, table: Any = None) -> TeachingPolice:
    return TeachingPolice(side, seed, table)
