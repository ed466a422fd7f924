"""Jack's computer players: `easy`, `normal`, `hard` (docs/lfw-computer-jack.md).

One player class plays every decision of Jack's side; a level is a pair of
styles (`jack_hell.HellStyle` for S1, H2, H5, H7 and the options' choices,
`jack_escape.Style` for T1's moves).  Each answer's chance is drawn from
the player's seed and how far the game has gone (the length of the public
log), so the same view and seed always give the same answer, whatever the
player was asked before.

- **easy**: a central hideout; the Wretched nearest home; home by the
  shortest way, keeping off the circles the police can reach next, tokens
  only when no step is left.
- **normal**: a hideout with approaches; the victim weighed against the
  markers near it, waiting when all are watched; a way home around the
  police's reach this turn and the next; a coach or an alley to break out.
- **hard**: normal, reading the police's notebook of each move (where they
  think he can be), saving tokens, keeping clear of searches and of being
  sealed in, and letters that move markers off his way; off the circles
  the police would arrest on first, and on a board the police cover
  (the tutorial board) home at the first chance; a hideout among circles
  joined by bare street segments, and, sealed out of it, a coach or an
  alley onto one of them, whence no policeman can block the way in; the
  notebook read as the hard police read it, and off the circles a
  policeman keeps watch on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.lfw.actions import Action
from whitechapel.lfw.notebook import Notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.jack_board import tables
from whitechapel.lfw.players.jack_escape import Escape, Style
from whitechapel.lfw.players.jack_hell import Hell, HellStyle
from whitechapel.lfw.players.player import LfwPlayer
from whitechapel.lfw.views import JackView

HURRIED = 0.03  # CPU seconds: a budget below this skips the hard level's notebooks of moves

LEVELS: dict[str, tuple[HellStyle, Style]] = {
    "easy": (
        HellStyle(top=10, near_home=1.0, false_clue=False),
        Style(threat=10.0, jitter=0.3, margin=0, coach=30.0, alley=30.0),
    ),
    "normal": (
        HellStyle(top=6, approaches=0.3, near_home=1.0, markers=1.0, wait=1.5),
        Style(
            threat=10.0,
            later=1.0,
            route=True,
            hot=2.0,
            warm=0.5,
            margin=1,
            coach=8.0,
            alley=6.0,
            jitter=0.3,
        ),
    ),
}
# The frozen reference `hard-2026-12`: the hard Jack of December 2026, kept to
# measure progress against (tests/test_lfw_reference.py holds it to the games
# it played then).  A change to the hard Jack gives `hard` new styles and
# leaves these.
HARD_2026_12 = (
    HellStyle(
        top=6,
        approaches=0.3,
        reds=0.1,
        gap=2,
        near_home=1.0,
        ideal=4,
        markers=1.5,
        wait=1.0,
        spread=0.5,
        letters=True,
        first_move=30.0,
    ),
    Style(
        threat=10.0,
        threat_base=6.0,
        later=1.5,
        route=True,
        hot=2.0,
        warm=0.5,
        margin=2,
        short=6.0,
        coach=6.0,
        alley=5.0,
        thrifty=True,
        expose=2.0,
        notebook=True,
        spread=0.5,
        sealed=8.0,
        jitter=0.3,
        blocked=8.0,
        calm=6,
        calm_weight=0.25,
        wide=30,
        entry=3.0,
        known=40,
    ),
)
# The hard Jack since (issue 30): the reference, and on a board where five
# policemen stand beside most circles after a move (`Style.crowded`: the
# tutorial board, not the 1888 one) home at the first chance; everywhere, off
# the circles the police would arrest on first (`Style.caught`); a hideout
# among circles joined by bare street segments (`HellStyle.open_home`), and,
# sealed out of it, a token onto one of them (`Style.break_in`); the notebook
# read as the hard police read it (`Style.mirror`) and off the circles a
# policeman arrested on tonight and can arrest on again (`Style.watched`);
# never a way home that needs the police to move (`Style.stranded`).
LEVELS["hard"] = (
    replace(HARD_2026_12[0], open_home=3.0),
    replace(
        HARD_2026_12[1],
        caught=30.0,
        crowded=0.5,
        break_in=150.0,
        mirror=True,
        watched=30.0,
        stranded=40.0,
    ),
)
LEVELS["hard-2026-12"] = HARD_2026_12


class ComputerJack(LfwPlayer):
    """Jack at one level: reads only his view, the legal actions and the board."""

    def __init__(self, side: str, seed: int, table: Any = None, level: str = "hard") -> None:
        super().__init__(side, seed, table)
        self.level = level
        self.tb = tables(self.board)
        self.hell_style, self.style = LEVELS[level]
        self.book: Notebook | None = None  # the last notebook, to bring up to date cheaply

    def chance(self, view: JackView) -> Chance:
        return Chance(self.seed * 1_000_003 + len(view.log))

    def decide(self, view: JackView, legal: Sequence[Action], budget: float | None) -> Action:
        if len(legal) == 1:
            return legal[0]
        chance = self.chance(view)
        hell = Hell(self.board, self.tb, self.hell_style, chance)
        phase = view.phase.key
        if phase == Phase.ESCAPE:
            style = self.style
            if style.notebook and players.deadline(budget).shorter_than(HURRIED):
                # a few milliseconds only: no notebooks of hypothetical moves
                style = replace(style, notebook=False, spread=0.0, wide=0)
            escape = Escape(view, self.board, self.tb, style, chance, self._book(view))
            return escape.best(legal)
        if phase == Phase.HIDEOUT:
            return hell.hideout(legal)
        if phase == Phase.WOMEN:
            return hell.women(view, legal)
        if phase == Phase.KILL:
            return hell.kill(view, legal)
        if phase == Phase.REVEAL:
            return hell.reveal(view, legal)
        if phase == Phase.LETTER:
            return hell.letter(view, legal)
        if phase == Phase.GRAFFITO:
            return hell.graffito(view, legal)
        if phase == Phase.FALSE_CLUE:
            return hell.false_clue(view, legal)
        return legal[chance.below(len(legal))]  # no other phase is Jack's

    def _book(self, view: JackView) -> Notebook | None:
        """The police's notebook now (hard only), from the last one."""
        if not self.style.notebook:
            return None
        from whitechapel.lfw.notebook import notebook

        self.book = notebook(view, self.board, self.book)
        return self.book


def _level(level: str):
    def make(side: str, seed: int, table: Any = None) -> ComputerJack:
        return ComputerJack(side, seed, table, level)

    make.__name__ = f"jack_{level}"
    return make


JACKS: dict[str, Any] = {
    level: _level(level) for level in LEVELS
}  # level -> factory (side, seed, table)
