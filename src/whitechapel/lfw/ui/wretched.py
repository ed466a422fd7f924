"""Key 0 in H6, "every Wretched to the circle nearest your policemen": the Chief's
Wretched moves, each still to move walked to the neighbouring circle
nearest the real policemen (where the murder will be in their reach) and,
from night 2 with the notebook on, away from the hideouts it ranks likely
(Jack's way home from the crime long), as the computer police walk them
(`players.police_hell.wretched`).  Computed from the police's view and
its notebook alone, one action at a time (keys.py sends each after the
state that answers the last, as key 0 does in T2).  Pure Python: no
Textual.

Tester A2 (issue 43, round 14): "When Jack waits, the Chief must move
every Wretched ... about 24 key presses before the hunt even began."
Tester N3 (round 34): key 0 "walked another 149→54→40→41, straight into
the area of Jack's likely hideout".
"""

from __future__ import annotations

from typing import Any

from whitechapel.lfw.actions import WretchedMove
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notebook import Notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.police_hell import wretched
from whitechapel.lfw.players.police_sense import facts
from whitechapel.lfw.ui.deduction import hideout_odds
from whitechapel.lfw.views import LfwView, PoliceView

WORD = "wretched"  # key 0's word in H6 (picking.py's rest word)
AWAY = 0.5  # the hideouts' pull against the policemen's, as the hard computer police's


def offered(view: LfwView) -> bool:
    """H6 on the Chief's screen, a Wretched still to move."""
    return (
        isinstance(view, PoliceView)
        and view.phase.key == Phase.WRETCHED
        and any(isinstance(a, WretchedMove) for a in legal(view))
    )


def step(view: LfwView, board: Any, nb: Notebook | None = None) -> str | None:
    """The next Wretched's move, or None where H6 is over; `nb`: the
    police's notebook (None: the notebook off), whose hideouts she keeps
    away from."""
    if not isinstance(view, PoliceView) or not offered(view):
        return None
    hideouts = likely_hideouts(nb)
    away = AWAY if hideouts else 0.0
    return str(wretched(facts(board), view, legal(view), hideouts, away, nearest_first=True))


def likely_hideouts(nb: Notebook | None) -> dict[int, float]:
    """The notebook's hideouts with their shares (`hideout_odds`), the one
    left where one is; empty before a night has ended."""
    if nb is None or not nb.hideouts:
        return {}
    if len(nb.hideouts) == 1:
        return {next(iter(nb.hideouts)): 1.0}
    return hideout_odds(nb)
