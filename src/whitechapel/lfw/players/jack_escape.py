"""Jack's escape (T1): every legal move is scored and the cheapest played.

A move's cost adds up what each level heeds (`Style`):

- **arrest**: the policemen who can search or arrest on the circle it
  reaches this turn (T2 two steps, then T3 on directly adjacent circles);
  hard weighs them by how likely the police think Jack is there (the
  notebook after the move, read as the hard police read it), and by
  whether a policeman has arrested there tonight and can again;
- **the way home**: the fewest spaces home (the last a normal move, T1),
  against the spaces left; normal and hard walk a route that keeps off
  circles the police reach this turn or the next;
- **tokens**: a coach or an alley spent now is not there for a later
  escape, nor against being sealed in;
- **what the police learn** (hard): a coach or an alley widens the set of
  circles where Jack can be, a written circle the police can search may
  give a clue, and a circle with few open moves can be sealed.

Everything is read from Jack's view and the board; the police's
knowledge after a move (`jack_police.PoliceReading`) is the notebook
(`lfw/notebook.py`) of a hypothetical view with the move appended, which
depends only on the move's kind.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

from whitechapel.core.chance import Chance
from whitechapel.lfw.actions import Action, Alley, Coach, Step
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.notebook import Notebook
from whitechapel.lfw.players.jack_board import FAR, JackTables
from whitechapel.lfw.players.jack_police import PoliceReading
from whitechapel.lfw.players.jack_reach import crowding
from whitechapel.lfw.rulebook import ALLEY, COACH, LAST_SPACE, NIGHTS, STEP
from whitechapel.lfw.views import JackView


@dataclass(frozen=True)
class Style:
    """How much a level heeds each part of a move's cost."""

    threat: float = 10.0  # per policeman who can reach the circle this turn
    threat_base: float = 0.0  # once, when any can
    later: float = 0.0  # the circle is within the police's reach next turn
    route: bool = False  # the way home keeps off the police's reach (else: shortest)
    hot: float = 3.0  # a circle on the way home the police reach this turn
    warm: float = 1.0  # ... or the next
    distance: float = 1.0  # per space of the way home
    margin: int = 1  # spare spaces wanted beyond the way home
    short: float = 4.0  # per spare space missing, squared
    coach: float = 8.0  # spending a coach
    thrifty: bool = False  # a token costs less while there are several, and late at night
    alley: float = 6.0  # spending an alley
    expose: float = 0.0  # a written circle (a coach's first) the police can search
    notebook: bool = False  # weigh arrests by the police's notebook
    spread: float = 0.0  # per log of the circles Jack can be on, after the move
    sealed: float = 0.0  # few open moves from the circle, with no token left
    jitter: float = 0.3  # random spread among near-equal moves
    sure: float = 200.0  # the police can arrest on every circle he can be on (notebook)
    blocked: float = 0.0  # the way home is shut if the policemen stayed where they are
    calm: int = 99  # with this many spare spaces, the way home counts only `calm_weight`
    calm_weight: float = 1.0
    wide: int = 0  # announce only once this many hideouts stay possible (0: always)
    keep: float = 0.7  # ... or this share of those possible before
    entry: float = 0.0  # the way home ends with a step the police can block this turn
    known: int = 0  # with this few hideouts possible, the police may guard it: more margin
    caught: float = 0.0  # the circle is among those the police would arrest on first (notebook)
    # read the notebook as the hard police do (`police_sense.Sense`: from night 2
    # only the circles he can get home from, leaning toward the likely hideouts)
    mirror: bool = False
    # the circle was arrested on tonight by a policeman who can arrest there
    # again this turn (a policeman who keeps watch on a circle, T3)
    watched: float = 0.0
    crowded: float = 9.0  # home at once (no bluff, no wandering) when five policemen
    # serve this share of the board's circles in a move (`police_sense.Scale.reach`)
    # sealed out (no normal way home past the policemen as they stand): a coach
    # or an alley onto a circle joined to the hideout by a bare street segment,
    # whence a step home no policeman can block (T1)
    break_in: float = 0.0
    # per space the way home would be short if the policemen held where they
    # stand, his tokens spent to pass them (`JackTables.hold_need`): the police
    # may stay, and a Jack who waits for them to move runs out of his row
    stranded: float = 0.0


@dataclass(frozen=True)
class Move:
    action: Action
    text: str  # its text: the key of its costs' parts (`Escape.reasons`)
    kind: str
    dest: int
    written: tuple[int, ...]
    cost: int  # spaces used
    home: bool = False


def move_of(action: Action) -> Move:
    """T1: a step, a coach or an alley, and what it writes."""
    if isinstance(action, Coach):
        return Move(action, str(action), COACH, action.second, (action.first, action.second), 2)
    if isinstance(action, Alley):
        return Move(action, str(action), ALLEY, action.circle, (action.circle,), 1)
    assert isinstance(action, Step)  # T1 offers nothing else
    return Move(action, str(action), STEP, action.circle, (action.circle,), 1, home=action.home)


@dataclass
class Situation:
    """T1 as Jack sees it."""

    board: Board
    tb: JackTables
    here: int
    home: int
    police: dict[str, str]
    mask: int
    spaces: int  # free spaces left on tonight's row
    coaches: int
    alleys: int
    night: int
    written: frozenset[int]

    @classmethod
    def of(cls, view: JackView, board: Board, tb: JackTables) -> Situation:
        jack = view.jack
        police = dict(view.police)
        assert jack.position is not None and jack.hideout is not None  # T1: after the crime
        return cls(
            board=board,
            tb=tb,
            here=jack.position,
            home=jack.hideout,
            police=police,
            mask=board.police_mask(police.values()),
            spaces=view.spaces_left if view.track else LAST_SPACE,
            coaches=view.coaches_left,
            alleys=view.alleys_left,
            night=view.night,
            written=frozenset(e.circle for e in jack.tonight),
        )


def route_costs(s: Situation, style: Style) -> dict[int, float]:
    """Per circle, the cost of the way home from it: one per move, more
    through circles the police reach this turn (`hot`) or the next
    (`warm`); Dijkstra backwards from home (policemen ignored as blocks:
    they will have moved)."""
    tb = s.tb
    hot_x = tb.danger(s.police.values())
    warm_x = tb.danger_later(s.police.values())

    def enter(c: int) -> float:
        if c == s.home:
            return 1.0
        near = tb.near[c]
        return 1.0 + (style.hot if near & hot_x else style.warm if near & warm_x else 0.0)

    best: dict[int, float] = {s.home: 0.0}
    queue: list[tuple[float, int]] = []
    for n in tb.adjacent[s.home]:
        shut = style.entry if tb.shut(s.home, n, hot_x) else 0.0
        heapq.heappush(queue, (1.0 + shut, n))
    while queue:
        d, c = heapq.heappop(queue)
        if c in best:
            continue
        best[c] = d
        step = enter(c)
        for n in tb.adjacent[c]:
            if n not in best:
                heapq.heappush(queue, (d + step, n))
    return best


class Escape:
    """Scores the moves of one T1 decision."""

    def __init__(
        self,
        view: JackView,
        board: Board,
        tb: JackTables,
        style: Style,
        chance: Chance,
        book: Notebook | None = None,
    ) -> None:
        self.view, self.board, self.tb, self.style, self.chance = view, board, tb, style, chance
        self.s = Situation.of(view, board, tb)
        self.book = book
        self.read = PoliceReading(view, board, tb, book, style.notebook, style.mirror)
        self._wide: bool | None = None
        self._routes = route_costs(self.s, style) if style.route else None
        self._walk = (
            tb.walk_need(self.s.home, self.s.mask, self.s.spaces)
            if style.blocked or style.break_in
            else None
        )
        self.reasons: dict[str, dict[str, float]] = {}
        self.margin = style.margin
        self.crowded = crowding(board) >= style.crowded
        self.kin = self._kin() if style.break_in else {}
        if book is not None and len(book.hideouts) <= style.known:
            self.margin += 2

    def _kin(self) -> dict[int, int]:
        """When the policemen as they stand shut every normal way home
        (they seal the hideout), the circles joined to it by bare street
        segments, each with the steps home from there: a coach or an alley
        may land there (ignoring policemen, T1), and those steps pass no
        crossing.  (The walk home is worked out for `break_in` as for
        `blocked`.)"""
        s, walk = self.s, self._walk
        if walk is None or s.here in walk:
            return {}
        return self.tb.kin(s.home)

    # -- the cost of a move -------------------------------------------------------

    def token_cost(self, kind: str) -> float:
        """What spending a coach or an alley now costs: less while he has
        several of the kind, and late in the night (unused tokens are lost,
        H1); more for the last of all (the only shield against a seal)."""
        s, st = self.s, self.style
        have, base = (s.coaches, st.coach) if kind == COACH else (s.alleys, st.alley)
        if not st.thrifty:
            return base
        last = 1.25 if s.coaches + s.alleys == 1 else 1.0
        late = 0.5 + 0.5 * min(1.0, s.spaces / 10)
        return base * last * late / math.sqrt(max(1, have))

    def arrest(self, m: Move, police: Sequence[str]) -> dict[str, float]:
        """The parts of a move's cost for an arrest on the circle it
        reaches: this turn (`threat`, `sure`, `caught`) or the next (`later`)."""
        st, tb = self.style, self.tb
        parts: dict[str, float] = {}
        threats = tb.threats(m.dest, police)
        if threats:
            weight = 1.0
            book = self.read.after(m.kind)
            if book is not None and book.total:
                where = self.read.where(m.kind)
                share = where.get(m.dest, 0.0)
                uniform = 1.0 / max(1, len(where))
                weight = 0.5 + min(1.5, 3.0 * (share + uniform))
                if self.read.cornered(m.kind):
                    parts["sure"] = st.sure
            parts["threat"] = st.threat_base + st.threat * threats * weight
            if st.caught and m.dest in self.read.first_arrests(m.kind):
                parts["caught"] = st.caught
            if st.watched and m.dest in self.read.watched():
                parts["watched"] = st.watched
        elif st.later and tb.near[m.dest] & tb.danger_later(police):
            parts["later"] = st.later
        return parts

    def cost(self, m: Move) -> float:
        s, st, tb = self.s, self.style, self.tb
        parts: dict[str, float] = {}
        police = list(s.police.values())
        coaches = s.coaches - (m.kind == COACH)
        alleys = s.alleys - (m.kind == ALLEY)
        left = s.spaces - m.cost
        need = tb.need(m.dest, s.home, alleys)
        if need > left:
            parts["lost"] = 1000.0 + need - left  # space 15 will be written away from home
        spare = left - need
        if spare < self.margin and "lost" not in parts:
            parts["short"] = st.short * (self.margin - spare) ** 2
        parts.update(self.arrest(m, police))
        if st.expose:
            exposed = sum(1 for c in m.written[:-1] if tb.threats(c, police))
            if exposed:
                parts["expose"] = st.expose * exposed
        walk = self._walk
        shut = walk is not None and m.dest != s.home and walk.get(m.dest, FAR) > left
        if shut and st.blocked and "lost" not in parts:
            parts["blocked"] = st.blocked
        if st.stranded and "lost" not in parts:
            hold = tb.hold_need(s.home, s.mask, coaches, alleys).get(m.dest, FAR)
            if hold > left:
                parts["stranded"] = st.stranded * min(hold - left, 10)
        wander = spare >= st.calm and not self.crowded and not self.wide_enough()
        calm = st.calm_weight if wander else 1.0
        if self._routes is not None:
            route = self._routes.get(m.dest, FAR) if m.dest != s.home else 2.0
            parts["route"] = calm * st.distance * route
        else:
            parts["route"] = calm * st.distance * min(need, FAR)
        if m.kind != STEP:
            parts["token"] = self.token_cost(m.kind)
            if m.dest in self.kin and "lost" not in parts:
                parts["break_in"] = -st.break_in / self.kin[m.dest]
        if st.spread:
            book = self.read.after(m.kind)
            if book is not None:
                parts["spread"] = -st.spread * math.log(max(1, len(book.counts)))
        if st.sealed and coaches + alleys == 0 and left > 1 and tb.sealable(m.dest, police):
            parts["sealed"] = st.sealed
        parts["jitter"] = st.jitter * self.chance.below(1000) / 1000
        self.reasons[m.text] = parts
        return sum(parts.values())

    def best(self, legal: Sequence[Action]) -> Action:
        moves = [move_of(a) for a in legal]
        home = [m for m in moves if m.home]
        scored = sorted((self.cost(m), i) for i, m in enumerate(moves) if not m.home)
        if home and (not scored or self.announce(moves[scored[0][1]])):
            return home[0].action
        return moves[scored[0][1]].action

    def announce(self, other: Move) -> bool:
        """Go home now (T1), or pass through (a bluff) to widen where the
        police think the hideout can be?  Passing needs the spaces to come
        back, a safe move on, and a notebook that would say too much."""
        st, s = self.style, self.s
        if not st.wide or s.night == NIGHTS or s.spaces - 1 < 3 + self.margin:
            return True  # the fourth night's hideout wins the game: nothing is left to hide
        if self.crowded:
            return True  # on a board the police cover, every turn outside is an arrest risked
        parts = self.reasons[other.text]
        if "threat" in parts or "lost" in parts or "short" in parts or "blocked" in parts:
            return True
        return self.wide_enough()

    def wide_enough(self) -> bool:
        """Would the night's end, were he home after a step, still leave the
        police most of the hideouts they consider?  (Always, for a level
        that does not read the notebook.)"""
        if self._wide is None:
            st, book, after = self.style, self.book, self.read.after(STEP)
            if book is None or after is None or not st.wide or self.s.night == NIGHTS:
                self._wide = True
            else:
                left = set(book.hideouts) & set(after.counts)
                self._wide = len(left) >= min(st.wide, st.keep * len(book.hideouts))
        return self._wide
