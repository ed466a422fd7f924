"""The teaching Jack: the Jack of the guided police night ("Learn by
playing", `lfw/ui/learn.py`), never a level a person picks.

On the tutorial board the easy Jack often kills next to his hideout and
announces it at his first move, and a police learner then meets no Hunt on
the first night (play-testers A, C and E, issue 43).  The teaching Jack
plays an honest game from his own view and the board, like every player,
but makes the first night one the police can learn from:

- S1: a hideout far from the red circles (where the women go, H2);
- H2: the women marked on the red circles farthest from it;
- H5: two waits first (`WAITS`), so the police learner moves the
  Wretched (H6) and sees a marker turned (H7) before the Hunt (play-tester
  C2, round 15: "the police guided night skips the whole Hell phase");
  then the kill, on the marked woman farthest from home (each wait is one
  more space of the move track for his escape);
- T1: for his first `ROUNDABOUT` moves a move that does not end the night,
  off the circles the police can search or arrest on this turn where he
  can, never so far that home is out of reach (`MARGIN` spaces in hand);
  then home by steps, each one nearer (off the police's reach where he
  can), announced on arrival: a night of five to eight moves, not the easy
  Jack's wander of up to fifteen (play-tester B, round 1).
- T1, the tokens: his first move after the kill is a coach and one of the
  next two an alley (`ALLEY_BY`), where one is legal and keeps home in
  reach.  Both teach (the learner sees "Jack moves by coach" in the log and
  the notebook widen), and both widen where the police can think he is: a
  step from a crime scene on the board's edge left him on one of three
  circles, and play-tester I arrested him at his first move (round 5; the
  easy police, as the learner, did so in 33 games of 40: docs/lfw-learn.md).
  The alley comes at once when a step would leave the police's notebook
  `NARROW` circles or fewer.

From night 2 on he is the easy Jack.  He can be caught: that is a lesson
too.  Pure Python; he reads his view, the legal actions and the board only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.lfw.actions import Action, Alley, Coach, Hideout, Kill, Step, Wait, Women
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.jack import ComputerJack
from whitechapel.lfw.players.jack_police import PoliceReading
from whitechapel.lfw.rulebook import ALLEY, COACH, STEP
from whitechapel.lfw.views import JackView

LEVEL = "teaching"
ROUNDABOUT = 3  # moves of the first night that never end it (when a step allows)
NARROW = 3  # the police's notebook this narrow after a step: a token instead
ALLEY_BY = 3  # an alley at one of his moves 2 .. ALLEY_BY (the first off the police's reach)
WAITS = 2  # H5: waits before the kill on night 1 (the police learner's H6 and H7)
MARGIN = 2  # spaces kept in hand for the way home, beyond the shortest
FAR = 99


class TeachingJack(ComputerJack):
    """The easy Jack, but a long first night (see the module's docstring)."""

    level = LEVEL

    def __init__(self, side: str, seed: int, table: Any = None) -> None:
        super().__init__(side, seed, table, "easy")

    def decide(self, view: JackView, legal: Sequence[Action], budget: float | None) -> Action:
        if len(legal) > 1 and view.night <= 1:
            chance = self.chance(view)
            phase = view.phase.key
            chosen: Action | None = None
            if phase == Phase.HIDEOUT:
                chosen = self._hideout(legal, chance)
            elif phase == Phase.WOMEN:
                chosen = self._women(view, legal)
            elif phase == Phase.KILL:
                chosen = self._kill(view, legal, chance)
            elif phase == Phase.ESCAPE:
                chosen = self._roundabout(view, legal, chance) or self._homeward(
                    view, legal, chance
                )
            if chosen is not None:
                return chosen
        return super().decide(view, legal, budget)

    # -- distances ----------------------------------------------------------------------

    def _distance(self, a: int, b: int) -> int:
        d = self.board.jack_distance(a, b)
        return FAR if d is None else d

    def _home(self, view: JackView) -> int:
        home = view.jack.hideout
        assert home is not None  # chosen in S1, before the first night
        return home

    # -- S1, H2, H5 ---------------------------------------------------------------------

    def _hideout(self, legal: Sequence[Action], chance: Chance) -> Action | None:
        reds = self.board.red
        scored: list[tuple[int, int, str, Action]] = []
        for a in legal:
            if isinstance(a, Hideout):
                near = min((self._distance(a.circle, r) for r in reds), default=0)
                far = max((self._distance(a.circle, r) for r in reds), default=0)
                scored.append((-near, -far, str(a), a))
        if not scored:
            return None
        scored.sort(key=lambda s: s[:3])
        best = [s for s in scored if s[:2] == scored[0][:2]]
        return best[chance.below(len(best))][3]

    def _women(self, view: JackView, legal: Sequence[Action]) -> Action | None:
        home = self._home(view)
        best: tuple[int, str, Action] | None = None
        for a in legal:
            if isinstance(a, Women):
                score = sum(self._distance(c, home) for c in a.marked)
                key = (-score, str(a), a)
                if best is None or key[:2] < best[:2]:
                    best = key
        return best[2] if best else None

    def _kill(self, view: JackView, legal: Sequence[Action], chance: Chance) -> Action | None:
        waited = sum(1 for e in view.log if e.event == "wait" and e.night == view.night)
        if waited < WAITS and Wait() in legal:
            return Wait()
        home = self._home(view)
        kills = [a for a in legal if isinstance(a, Kill)]
        if not kills:
            return None
        far = max(self._distance(a.circles[0], home) for a in kills)
        best = [a for a in kills if self._distance(a.circles[0], home) == far]
        return best[chance.below(len(best))]

    # -- T1 -----------------------------------------------------------------------------

    def _homeward(self, view: JackView, legal: Sequence[Action], chance: Chance) -> Action | None:
        """Home announced if a step reaches it; else the step nearest home,
        off the police's reach where he can, never back to the circle he
        just left while another will do; a coach or an alley when no step
        brings him nearer and the token does (a policeman across his way:
        the easy Jack's wander ran the track out, round 15).  None: no such
        move (the easy Jack's)."""
        home = self._home(view)
        steps = [a for a in legal if isinstance(a, Step)]
        announce = [a for a in steps if a.home]
        if announce:
            return announce[0]
        police = tuple(view.police.values())
        tonight = view.jack.tonight if view.jack is not None else ()
        here = view.jack.position if view.jack is not None else None
        before = tonight[-2].circle if len(tonight) >= 2 else None
        now = FAR if here is None else self._distance(here, home)
        scored = [
            (
                self._distance(a.circle, home),
                int(a.circle == before),
                self.tb.threats(a.circle, police),
                chance.below(100),
                a,
            )
            for a in steps
        ]
        scored.sort(key=lambda s: s[:4])
        if scored and scored[0][0] < now:
            return scored[0][4]
        tokens: list[tuple[int, int, int, Action]] = []
        for a in legal:
            if isinstance(a, Coach):
                target = a.second
            elif isinstance(a, Alley):
                target = a.circle
            else:
                continue
            if target == home:
                continue  # a token onto the hideout does not end the night
            tokens.append(
                (self._distance(target, home), int(isinstance(a, Coach)), chance.below(100), a)
            )
        tokens.sort(key=lambda s: s[:3])
        if tokens and tokens[0][0] < now:
            return tokens[0][3]
        return scored[0][4] if scored else None

    def _roundabout(self, view: JackView, legal: Sequence[Action], chance: Chance) -> Action | None:
        """One of the first moves: a move that keeps the night going, home
        still in reach; a coach first, an alley soon after, else a step;
        off the police's reach where he can (a token only when it lands no
        nearer the police than the best step, or when a step would leave
        the police's notebook narrow).  None: the easy Jack's move."""
        track = view.track
        moves = sum(1 for t in track if t.how in (STEP, ALLEY)) + (
            sum(1 for t in track if t.how == COACH) // 2
        )
        if moves >= ROUNDABOUT:
            return None
        home = self._home(view)
        police = tuple(view.police.values())
        kinds: dict[type, list[tuple[int, int, int, int, Action]]] = {
            Step: [],
            Coach: [],
            Alley: [],
        }
        for a in legal:
            passed = 0  # a coach's first circle: a search there finds a clue too
            if isinstance(a, Step):
                target, spaces = a.circle, 1
            elif isinstance(a, Coach):
                target, spaces = a.second, 2
                passed = self.tb.threats(a.first, police)
            elif isinstance(a, Alley):
                target, spaces = a.circle, 1
            else:
                continue
            if target == home:
                continue  # the night goes on
            d = self._distance(target, home)
            if d + MARGIN > view.spaces_left - spaces:
                continue  # home out of reach, with the margin
            threat = self.tb.threats(target, police)
            # off the police's reach first; then not next to home yet (the
            # night would end at the next move); then a little chance
            kinds[type(a)].append((threat, passed, int(d < 2), chance.below(100), a))
        best = {k: min(v, key=lambda s: s[:4]) for k, v in kinds.items() if v}
        step = best.get(Step)
        token: tuple[int, int, int, int, Action] | None = None
        if moves == 0:
            token = best.get(Coach)
        elif moves < ALLEY_BY and not any(t.how == ALLEY for t in track):
            token = best.get(Alley)
        if token is not None and (
            step is None or token[0] <= step[0] or self._narrow_after_step(view)
        ):
            return token[4]
        return None if step is None else step[4]

    def _narrow_after_step(self, view: JackView) -> bool:
        """After a step, would the police's notebook leave him on `NARROW`
        circles or fewer (read from his view: what they have seen)?"""
        reading = PoliceReading(view, self.board, self.tb, None)
        book = reading.after(STEP)
        return book is not None and len(book.possible) <= NARROW


def make(side: str, seed: int, table: Any = None) -> TeachingJack:
    return TeachingJack(side, seed, table)
