"""Jack's decisions outside the escape: the hideout (S1), the women (H2),
the letters (O1), the kill or the wait (H5, N3), the marker he turns (H7)
and the false clue (O2).  Each scores its legal actions from Jack's view
and the board; `Hell` holds what the levels set (`HellStyle`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from whitechapel.core.chance import Chance
from whitechapel.lfw.actions import (
    Action,
    FalseClue,
    Hideout,
    Kill,
    Letter,
    NoLetter,
    Reveal,
    Wait,
    Women,
)
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.players.jack_board import FAR, JackTables
from whitechapel.lfw.rulebook import (
    ALLEYS,
    DOUBLE_EVENT_NIGHT,
    GRAFFITO_OTHER,
    LAST_SPACE,
    REAL_MARKERS,
    ROMAN,
)
from whitechapel.lfw.views import JackView, LfwView


@dataclass(frozen=True)
class HellStyle:
    top: int = 8  # the hideout is drawn from this many best circles
    approaches: float = 0.0  # S1: weight of crossings needed to seal the hideout
    open_home: float = 0.0  # S1: per circle joined to the hideout by a bare segment (at most 2)
    reds: float = 0.0  # S1: weight of red circles at a good distance
    gap: int = 0  # S1: no red circle nearer than this many moves
    near_home: float = 1.0  # H2/H5: per space from the victim home
    ideal: int = 0  # H2/H5: spaces home wanted from the victim (0: the nearest)
    markers: float = 0.0  # H5: per likely policeman near the victim
    wait: float = 99.0  # H5: wait while the best kill costs this much more than a calm one
    spread: float = 0.0  # H2/H5: per earlier crime scene near the victim
    first_move: float = 10.0  # N3: per likely policeman who can reach the second victim
    letters: bool = False  # O1: send letters that move markers off his way
    false_clue: bool = True  # O2: lay a false clue where a search or arrest would hurt


class Hell:
    def __init__(self, board: Board, tb: JackTables, style: HellStyle, chance: Chance) -> None:
        self.board, self.tb, self.style, self.chance = board, tb, style, chance

    # -- S1 ---------------------------------------------------------------------------

    def hideout(self, legal: Sequence[Action]) -> Action:
        st, tb, board = self.style, self.tb, self.board
        scored = []
        for action in legal:
            assert isinstance(action, Hideout)  # S1 offers nothing else
            c = action.circle
            cost = tb.centrality[c]
            if st.approaches:
                cost -= st.approaches * min(tb.guards(c), 5)
            if st.open_home:
                cost -= st.open_home * min(2, len(tb.kin(c)))
            if st.reds:
                dists = sorted(board.jack_distance(c, r) or FAR for r in board.red)
                cost -= st.reds * sum(1 for d in dists if 2 <= d <= 6)
            if st.gap:
                cost += 5.0 * (min(board.jack_distance(c, r) or FAR for r in board.red) < st.gap)
            scored.append((cost, str(action), action))  # ties: in the order of the texts
        scored.sort(key=lambda s: s[:2])
        return scored[self.chance.below(min(st.top, len(scored)))][2]

    # -- H2 ---------------------------------------------------------------------------

    def victim_cost(self, circle: int, view: JackView) -> float:
        """How bad a start a victim's circle is: far from (or too near) home,
        near earlier crime scenes (the police triangulate from them)."""
        st, tb = self.style, self.tb
        home = _hideout(view)
        alleys = ALLEYS[view.night - 1] if view.night else 0
        need = tb.need(circle, home, alleys)
        cost = st.near_home * abs(need - st.ideal) if st.ideal else st.near_home * need
        if st.spread:
            for scene in view.crime_scenes:
                d = self.board.jack_distance(circle, scene.circle) or FAR
                if d <= 2:
                    cost += st.spread * (3 - d)
        return cost

    def women(self, view: JackView, legal: Sequence[Action]) -> Action:
        """Mark the women on the circles he would rather start from (the
        police see where the tokens lie, not which are marked): near home,
        and from night 2 away from where the policemen ended last night,
        where five markers must go (H3).  Night 3: one of them out of every
        likely policeman's reach, to stand on while they move first (N3)."""
        st = self.style
        odds = self.expected_markers(view)
        double = view.night == DOUBLE_EVENT_NIGHT
        best: list[tuple[float, int]] = []
        costs: dict[int, float] = {}
        for i, action in enumerate(legal):
            assert isinstance(action, Women)  # H2 offers nothing else
            marked = action.marked
            for c in marked:
                if c not in costs:
                    cost = self.victim_cost(c, view) + st.markers * self.pressure(c, odds)
                    if double:
                        cost += st.first_move * self.reach(c, odds)
                    costs[c] = cost
            ranked = sorted(costs[c] for c in marked)
            score = sum(v / (k + 1) ** 2 for k, v in enumerate(ranked))
            best.append((score + 0.05 * self.chance.below(100) / 100, i))
        best.sort()
        return legal[best[0][1]]

    def expected_markers(self, view: LfwView) -> list[tuple[str, float]]:
        """H2, before the markers are down: the crossings where the
        policemen ended last night (five markers go there, most of them
        real) and the yellow ones, each with the chance of a policeman."""
        nights = view.nights
        if len(nights) < 2 or not nights[-2].moves:
            return []
        ended = list(nights[-2].moves[-1].police.values())
        yellow = [x for x in self.board.yellow if x not in ended]
        out = [(x, 0.75) for x in ended]
        if yellow:
            out += [(x, 0.5 * 2 / len(yellow)) for x in yellow]
        return out

    # -- H5 and N3 ----------------------------------------------------------------------

    def marker_odds(self, view: LfwView) -> list[tuple[str, float]]:
        """Each patrol marker and the chance a policeman stands behind it."""
        markers = view.patrol_markers
        shown = sum(1 for m in markers if m.revealed)
        down = [m for m in markers if not m.revealed]
        p = (REAL_MARKERS - shown) / len(down) if down else 0.0
        return [(m.crossing, 1.0 if m.revealed else p) for m in markers]

    def pressure(self, circle: int, odds: Sequence[tuple[str, float]]) -> float:
        """How many policemen are likely to be able to search or arrest on
        `circle` at once (nearer ones count more)."""
        tb = self.tb
        near = tb.near[circle]
        out = 0.0
        for x, p in odds:
            bit = self.board.xbit[x]
            if near & bit:
                out += 2.0 * p
            elif tb.reach2[x] & near:
                out += 1.0 * p
            elif tb.reach4(x) & near:
                out += 0.3 * p
        return out

    def reach(self, circle: int, odds: Sequence[tuple[str, float]]) -> float:
        """How many policemen are likely to search or arrest on `circle`
        after their next move, were they on the markers' crossings."""
        near = self.tb.near[circle]
        return sum(p for x, p in odds if self.tb.reach2[x] & near)

    def kill(self, view: JackView, legal: Sequence[Action]) -> Action:
        st = self.style
        odds = self.marker_odds(view)
        home = _hideout(view)
        space = _crime_index(view)
        kills = [a for a in legal if isinstance(a, Kill)]
        double = any(len(a.circles) == 2 for a in kills)
        wait = next((a for a in legal if isinstance(a, Wait)), None)
        night = view.night
        alleys = ALLEYS[night - 1]
        scored: list[tuple[float, str, Kill]] = []
        for action in kills:
            circles = action.circles
            last = circles[-1]
            left = LAST_SPACE - space - (len(circles) - 1)
            need = self.tb.need(last, home, alleys)
            cost = self.victim_cost(last, view) + st.markers * self.pressure(last, odds)
            if double:  # N3: the police move first, and know he is on one of the two
                cost += st.first_move * self.reach(last, odds)
                cost += 0.3 * self.victim_cost(circles[0], view)
            if need > left - 1:
                cost += 100.0 * (need - left + 1)
            # ties: in the order of the texts
            scored.append((cost + 0.1 * self.chance.below(100) / 100, str(action), action))
        scored.sort(key=lambda s: s[:2])
        if wait is not None and scored:
            if double:
                # N3: waiting lets the Chief walk the Wretched toward his men
                # (H6); it pays only to turn a face-down marker that may be
                # all that watches the best second victim (H7).
                last = scored[0][2].circles[-1]
                near = self.tb.near[last]
                unsure = sum(p for x, p in odds if p < 1.0 and self.tb.reach2[x] & near)
                sure = sum(p for x, p in odds if p == 1.0 and self.tb.reach2[x] & near)
                if unsure >= 0.3 and sure == 0 and st.first_move >= 20:
                    return wait
                return scored[0][2]
            calm = self.victim_cost_floor(view, [s[2] for s in scored])
            if scored[0][0] - calm > st.wait:
                return wait
        return scored[0][2]

    def victim_cost_floor(self, view: JackView, kills: Sequence[Kill]) -> float:
        """What the best kill would cost with no policeman near it."""
        return min(self.victim_cost(k.circles[-1], view) for k in kills)

    # -- H7 ---------------------------------------------------------------------------

    def reveal(self, view: JackView, legal: Sequence[Action]) -> Action:
        """Turn the face-down marker nearest the Wretched he would kill."""
        targets = sorted(view.wretched, key=lambda c: self.victim_cost(c, view))[:2]
        home = _hideout(view)
        best = []
        for action in legal:
            assert isinstance(action, Reveal)  # H7 offers nothing else
            x = action.crossing
            bit = self.board.xbit[x]
            score = 0.0
            for k, c in enumerate([*targets, home]):
                near = self.tb.near[c]
                weight = 1.0 if k == 0 else 0.5
                if near & bit:
                    score += 3 * weight
                elif self.tb.reach2[x] & near:
                    score += 2 * weight
                elif self.tb.reach4(x) & near:
                    score += 1 * weight
            best.append((-score, self.chance.below(1000), str(action), action))
        best.sort(key=lambda b: b[:3])  # ties: in the order of the texts
        return best[0][3]

    # -- O1 ---------------------------------------------------------------------------

    def letter(self, view: JackView, legal: Sequence[Action]) -> Action:
        """H3: move a marker away from the women he marked and his home."""
        if not self.style.letters:
            return NoLetter()
        marked = view.jack.marked_women
        home = _hideout(view)
        spots = [*marked, home]
        odds = self.marker_odds(view)

        def weight(x: str) -> float:
            return sum(self.pressure(c, [(x, 1.0)]) for c in spots)

        base = {x: weight(x) for x, _ in odds}
        best: tuple[float, Action] = (0.5, NoLetter())
        for action in legal:
            if not isinstance(action, Letter):
                continue
            if action.name == "saucy-jacky":  # the Chief puts them back where he likes
                gain = sum(base.get(x, 0.0) for x in action.args) - 2 * max(
                    base.values(), default=0
                )
            else:
                source, target = action.args
                gain = base.get(source, 0.0) - weight(target)
            if gain > best[0]:
                best = (gain, action)
        return best[1]

    def graffito(self, view: JackView, legal: Sequence[Action]) -> Action:
        """T1 (O1): send a policeman who can reach Jack to Goulston Street,
        if the brown one (the Chief's other choice) going there hurts no more."""
        goulston = self.board.goulston
        if not self.style.letters or goulston is None:
            return NoLetter()
        here = view.jack.position
        assert here is not None  # after his T1 move
        police = view.police
        tb = self.tb

        def gain(colour: str) -> int:
            if colour not in police:
                return 0
            before = 1 if tb.reach2[police[colour]] & tb.near[here] else 0
            after = 1 if tb.reach2[goulston] & tb.near[here] else 0
            return before - after

        best: tuple[int, str, Action] = (0, "no-letter", NoLetter())
        for action in legal:
            if not isinstance(action, Letter):
                continue
            named = gain(action.args[0])
            g = min(named, gain(GRAFFITO_OTHER))
            # ties: the later text, as ever
            if named > 0 and g >= 0 and (named, str(action)) > best[:2]:
                best = (named, str(action), action)
        return best[2]

    # -- O2 ---------------------------------------------------------------------------

    def false_clue(self, view: JackView, legal: Sequence[Action]) -> Action:
        """T3: on his own circle if the police can reach it, else on the
        written circle they can search."""
        if not self.style.false_clue:
            return FalseClue(None)
        here = view.jack.position
        assert here is not None  # T3 follows his move
        police = list(view.police.values())
        tb = self.tb
        if FalseClue(here) in legal and tb.threats(here, police):
            return FalseClue(here)
        written = [e.circle for e in view.jack.tonight]
        exposed = sorted(
            ((tb.threats(c, police), -k, c) for k, c in enumerate(written)), reverse=True
        )
        for threats, _, c in exposed:
            if threats and FalseClue(c) in legal:
                return FalseClue(c)
        return FalseClue(here) if FalseClue(here) in legal else FalseClue(None)


def _crime_index(view: LfwView) -> int:
    """The track index under the Time of the Crime marker (H5)."""
    assert view.time_of_the_crime is not None  # H5: the marker is on the track
    return ROMAN.index(view.time_of_the_crime)


def _hideout(view: JackView) -> int:
    """Jack's hideout, chosen in S1 before every other decision of his."""
    hideout = view.jack.hideout
    assert hideout is not None
    return hideout
