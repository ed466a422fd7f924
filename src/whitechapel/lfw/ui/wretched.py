"""Key 0 in H6, "every Wretched to the circle nearest your policemen": the Chief's
Wretched moves, each still to move walked to the neighbouring circle
nearest the real policemen (where the murder will be in their reach), as
the computer police walk them (`players.police_hell.wretched`, without
their guess at the hideout).  Computed from the police's view alone, one
action at a time (keys.py sends each after the state that answers the
last, as key 0 does in T2).  Pure Python: no Textual.

Tester A2 (issue 43, round 14): "When Jack waits, the Chief must move
every Wretched ... about 24 key presses before the hunt even began."
"""

from __future__ import annotations

from typing import Any

from whitechapel.lfw.actions import WretchedMove
from whitechapel.lfw.legal import legal
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.police_hell import wretched
from whitechapel.lfw.players.police_sense import facts
from whitechapel.lfw.views import LfwView, PoliceView

WORD = "wretched"  # key 0's word in H6 (picking.py's rest word)


def offered(view: LfwView) -> bool:
    """H6 on the Chief's screen, a Wretched still to move."""
    return (
        isinstance(view, PoliceView)
        and view.phase.key == Phase.WRETCHED
        and any(isinstance(a, WretchedMove) for a in legal(view))
    )


def step(view: LfwView, board: Any) -> str | None:
    """The next Wretched's move, or None where H6 is over."""
    if not isinstance(view, PoliceView) or not offered(view):
        return None
    return str(wretched(facts(board), view, legal(view), {}, 0.0))
