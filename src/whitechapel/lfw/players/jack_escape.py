"""Jack's escape (T1): every legal move is scored and the cheapest played.

A move's cost adds up what each level heeds (`Style`):

- **arrest**: the policemen who can search or arrest on the circle it
  reaches this turn (T2 two steps, then T3 on directly adjacent circles);
  hard weighs them by how likely the police think Jack is there (the
  notebook's path counts after the move);
- **the way home**: the fewest spaces home (the last a normal move, T1),
  against the spaces left; normal and hard walk a route that keeps off
  circles the police reach this turn or the next;
- **tokens**: a coach or an alley spent now is not there for a later
  escape, nor against being sealed in;
- **what the police learn** (hard): a coach or an alley widens the set of
  circles where Jack can be, a written circle the police can search may
  give a clue, and a circle with few open moves can be sealed.

Everything is read from Jack's view and the board; the police's
knowledge is the notebook (`lfw/notebook.py`) of a hypothetical view with
the move appended, which depends only on the move's kind.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.notebook import Notebook, notebook
from whitechapel.lfw.phases import LAST_SPACE
from whitechapel.lfw.players.jack_board import FAR, JackTables

STEP, COACH, ALLEY = "step", "coach", "alley"


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
    short: float = 4.0  # per spare space missing
    coach: float = 8.0  # spending a coach
    alley: float = 6.0  # spending an alley
    expose: float = 0.0  # a written circle (a coach's first) the police can search
    notebook: bool = False  # weigh arrests by the police's notebook
    spread: float = 0.0  # per log of the circles Jack can be on, after the move
    sealed: float = 0.0  # few open moves from the circle, with no token left
    jitter: float = 0.3  # random spread among near-equal moves


@dataclass(frozen=True)
class Move:
    text: str
    kind: str
    dest: int
    written: tuple[int, ...]
    cost: int  # spaces used
    home: bool = False


def parse_move(text: str) -> Move:
    words = text.split()
    if words[0] == COACH:
        a, b = int(words[1]), int(words[2])
        return Move(text, COACH, b, (a, b), 2)
    if words[0] == ALLEY:
        return Move(text, ALLEY, int(words[1]), (int(words[1]),), 1)
    return Move(text, STEP, int(words[1]), (int(words[1]),), 1, home=len(words) > 2)


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
    def of(cls, view: Mapping[str, Any], board: Board, tb: JackTables) -> Situation:
        jack = view["jack"]
        track = view["track"]
        police = dict(view["police"])
        row = jack["path"][-1] if jack["path"] else []
        return cls(
            board=board,
            tb=tb,
            here=jack["position"],
            home=jack["hideout"],
            police=police,
            mask=board.police_mask(police.values()),
            spaces=LAST_SPACE - track[-1]["index"] if track else LAST_SPACE,
            coaches=view["coaches_left"],
            alleys=view["alleys_left"],
            night=view["night"],
            written=frozenset(e["circle"] for e in row),
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

    best: dict[int, float] = {}
    queue: list[tuple[float, int]] = [(0.0, s.home)]
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
        view: Mapping[str, Any],
        board: Board,
        tb: JackTables,
        style: Style,
        chance: Chance,
        book: Notebook | None = None,
    ) -> None:
        self.view, self.board, self.tb, self.style, self.chance = view, board, tb, style, chance
        self.s = Situation.of(view, board, tb)
        self.book = book
        self._books: dict[str, Notebook] = {}
        self._routes = route_costs(self.s, style) if style.route else None
        self.reasons: dict[str, dict[str, float]] = {}

    # -- what the police will know ------------------------------------------------

    def after(self, kind: str) -> Notebook | None:
        """The notebook once a move of this kind is made (the police see
        only its kind, so every move of a kind gives the same one)."""
        if not self.style.notebook:
            return None
        found = self._books.get(kind)
        if found is None:
            found = self._books[kind] = notebook(hypothetical(self.view, kind), self.board, self.book)
        return found

    # -- the cost of a move -------------------------------------------------------

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
        if spare < st.margin and "lost" not in parts:
            parts["short"] = st.short * (st.margin - spare)
        threats = tb.threats(m.dest, police)
        if threats:
            weight = 1.0
            book = self.after(m.kind)
            if book is not None and book.total:
                share = book.counts.get(m.dest, 0) / book.total
                uniform = 1.0 / max(1, len(book.counts))
                weight = min(1.0, 0.25 + 2.0 * (share + uniform))
            parts["threat"] = st.threat_base + st.threat * threats * weight
        elif st.later and tb.near[m.dest] & tb.danger_later(police):
            parts["later"] = st.later
        if st.expose:
            exposed = sum(1 for c in m.written[:-1] if tb.threats(c, police))
            if exposed:
                parts["expose"] = st.expose * exposed
        if self._routes is not None:
            route = self._routes.get(m.dest, FAR) if m.dest != s.home else 2.0
            parts["route"] = st.distance * route
        else:
            parts["route"] = st.distance * min(need, FAR)
        if m.kind == COACH:
            parts["token"] = st.coach
        elif m.kind == ALLEY:
            parts["token"] = st.alley
        if st.spread:
            book = self.after(m.kind)
            if book is not None:
                parts["spread"] = -st.spread * math.log(max(1, len(book.counts)))
        if st.sealed and coaches + alleys == 0 and left > 1 and tb.sealable(m.dest, police):
            parts["sealed"] = st.sealed
        parts["jitter"] = st.jitter * self.chance.below(1000) / 1000
        self.reasons[m.text] = parts
        return sum(parts.values())

    def best(self, legal: Sequence[str]) -> str:
        moves = [parse_move(t) for t in legal]
        home = [m for m in moves if m.home]
        if home:
            return home[0].text
        scored = sorted((self.cost(m), i) for i, m in enumerate(moves))
        return moves[scored[0][1]].text


def hypothetical(view: Mapping[str, Any], kind: str) -> dict[str, Any]:
    """Jack's view with one more move of `kind` made, as the police would
    see it as they move (T2): the move and the policemen's crossings on
    tonight's record, the spaces it uses on the track."""
    out = dict(view)
    nights = list(view["nights"])
    tonight = dict(nights[-1])
    track = list(view["track"])
    index = (track[-1]["index"] if track else LAST_SPACE) + 1
    tonight["moves"] = [*tonight["moves"], {"how": kind, "index": index, "police": dict(view["police"])}]
    nights[-1] = tonight
    spaces = 2 if kind == COACH else 1
    track += [{"space": str(index + k - 4), "index": index + k, "how": kind} for k in range(spaces)]
    out["nights"], out["track"] = nights, track
    out["phase"] = {"key": "hunt", "tag": "T2", "name": "Hunting the monster"}
    if kind == COACH:
        out["coaches_left"] = view["coaches_left"] - 1
    elif kind == ALLEY:
        out["alleys_left"] = view["alleys_left"] - 1
    return out
