"""The police's computer players: `easy`, `normal`, `hard` (see
docs/lfw-computer-police.md for how each plays and how strong it is).

All three read their notebook (`lfw/notebook.py`: exactly where Jack can be,
with the number of paths ending on each circle, and where he can live) and
differ in what they make of it (`Style`):

- `easy` moves each policeman for himself toward the likeliest circles,
  searches the circle beside him likeliest written, and arrests only when
  the notebook leaves one or two circles.
- `normal` plans the five moves together (different policemen cover
  different parts of the possible set), from night 2 keeps to the circles
  from which Jack can still get home and draws policemen toward the
  likely hideouts, and arrests at good odds.
- `hard` adds route cutting (policemen on the crossings of Jack's ways home
  from 120 sampled positions; the plan's ascent tried from each policeman
  in turn, issue 30), seals the likeliest hideouts late in Jack's night
  (every crossing around one held: a walk never passes a policeman, so
  Jack cannot end the night; `Style.seal_late`), searches where the
  answer tells most, arrests by the odds against what a search would tell, names the hideout (O6) when it is likely, and
  reads Jack as a purposeful Jack (a kill a few hops from home, the way
  home short: `police_sense.purpose` and `homing`, issue 30);
  where the reference `hard-2026-12` (the hard level of December 2026,
  kept to measure progress against) weighed numbers tuned on the 1888
  board, it reads the board's own measures (`police_sense.Scale`): how many
  circles five policemen can serve in a move, how far is far for Jack.

A whole police turn is some ten decisions in a row; the player keeps its
notebook between calls (brought up to date in a fraction of a millisecond)
and plans T2 once a turn, answering each policeman's move from the plan.
Each decision has a budget of CPU time (`core.players.Deadline`): the
level's own, `BUDGET`, unless the host gives one; the T2 plan and the H3
patrols stop improving when it is spent (they take milliseconds, so only a
budget of a few milliseconds or a starved process is ever cut short).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.lfw.actions import Action, Chase, Pass, PoliceMove
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notebook import Notebook, notebook
from whitechapel.lfw.paths import tables
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import police_clues, police_hell, police_waste
from whitechapel.lfw.players.player import LfwPlayer
from whitechapel.lfw.players.police_clues import Clues
from whitechapel.lfw.players.police_moves import Goal, plan, worth
from whitechapel.lfw.players.police_sense import FAR, Sense, facts, normalised, scale
from whitechapel.lfw.rulebook import police_order
from whitechapel.lfw.views import PoliceView

SOON = 0.35
# T2: a policeman whose crossing blocks Jack's steps into likely hideouts
# of this much weight (position share times hideout weight) keeps it
GUARDING = 0.02
# T2: a policeman goes beside a possible circle unless that costs more than
# this share of what he adds to the turn's goal where the plan puts him
BESIDE_COST = 0.25
# T2 (`Style.toward`): a walk toward where Jack is likely must bring the
# policeman this many police steps nearer, on average; farther than
# `FAR_STEPS` counts as that far
TOWARD = 0.5
FAR_STEPS = 8
# The endgame by the hideout (`Style.endgame`, round 21): an arrest on a
# circle from which Jack steps into a candidate, when his share of the
# paths there times those candidates' weight reaches this; with the hideout
# known, wherever he can be there at all (tester I3, round 32: Red, beside
# the one way into the known hideout, searched where Jack stood, at odds of
# 0.3 % among 98 circles, and Jack stepped home)
HOME_ARREST = 0.02
BUDGET = 0.25  # CPU seconds: a decision's own budget (a whole turn is some ten)


@dataclass(frozen=True)
class Style:
    level: str
    alone: bool  # each policeman plans for himself
    homeward: bool  # from night 2, only the circles from which Jack can get home
    hideout_pull: float  # the likely hideouts' share of the moves' goal (from night 2)
    samples: int  # sampled (position, hideout) pairs whose ways home are cut
    block: float  # the worth of a move of delay on every sample
    seal_mass: float | None  # seal when the sealable hideouts hold this share (None: never)
    clues: Clues
    # the most circles the moves' goal weighs (None: as many as five
    # policemen can serve in a move on this board, `Scale.reach`)
    support: int | None = 60
    guard: float = 0.0  # the worth of blocking Jack's steps into likely hideouts
    # how many of Jack's moves are far from a hideout, for the Wretched (None: `Scale.far`)
    far: int | None = 8
    restarts: int = 0  # T2: more ascents of the plan, the policemen in other orders
    purposeful: bool = False  # hideouts weighed as a purposeful Jack's nights (`purpose`)
    # T2: a policeman left with no possible circle beside him goes where
    # one is, unless he seals or guards (`Police.beside`; issue 49)
    beside: bool = False
    # T2: one who cannot get beside one this turn walks toward where Jack is
    # likely, on the same terms (`Police.beside`; round 15)
    toward: bool = False
    # the endgame by the hideout: when the notebook leaves at most this many
    # hideout candidates (0: never), a policeman on a crossing that closes a
    # way into one Jack can still reach keeps it, and T3 arrests where Jack
    # would step home (`Police.endgame`; tester O2, round 21)
    endgame: int = 0
    # ... or when that many of the likeliest candidates Jack can still reach
    # hold this share of the odds (None: only the notebook's count)
    endgame_mass: float | None = None
    # T2 seals the likely hideouts only once Jack has at most this many
    # spaces of his track left, or the notebook leaves at most `endgame`
    # candidates (None: from his first move; round 43)
    seal_late: int | None = None


HARD_2026_12 = Style(
    "hard-2026-12",
    False,
    True,
    0.25,
    24,
    0.08,
    0.3,
    Clues(
        0.5,
        True,
        info_worth=0.25,
        know_odds=0.5,
        danger_boost=2.0,
        unknown_first=False,
        weighted=False,
    ),
    guard=2.0,
)
"""The frozen reference `hard-2026-12`: the hard police of December 2026,
whose plans weigh the 60 likeliest circles and call 8 of Jack's moves far
(numbers tuned on the 1888 board).  tests/data/frozen/lfw-hard-2026-12*.json
hold games it played then; tests/test_lfw_reference.py plays them again."""

STYLES = {
    "easy": Style("easy", True, False, 0.0, 0, 0.0, None, Clues(None, False), support=25),
    "normal": Style("normal", False, True, 0.35, 0, 0.0, None, Clues(0.45, False, know_odds=0.99)),
    "hard": replace(
        HARD_2026_12,
        level="hard",
        support=None,
        far=None,
        samples=120,
        restarts=4,
        purposeful=True,
        beside=True,
        toward=True,
        endgame=3,
        # sealing from Jack's first move parked two or three policemen a
        # night on the seals of hideouts he was not making for (testers C4
        # and D4, round 42: "three policemen sat still for 8 turns"; the
        # measures: docs/lfw-computer-police.md, "Sealing late")
        seal_late=8,
        # An arrest wins over a search only at odds 3 times the search's
        # bits (December's 0.25): testers B2 and Y (rounds 13-14) watched
        # the hard police fail 32 arrests in a night and find no clue.
        clues=replace(HARD_2026_12.clues, info_worth=3.0, unknown_first=True, weighted=True),
    ),
    "hard-2026-12": HARD_2026_12,
}


class Police(LfwPlayer):
    """The police at one level: every decision of their side, the Chief's included."""

    budget = BUDGET  # the level's own (core.players.own_budget)

    def __init__(self, side: str, seed: int, table: Any = None, style: Style = STYLES["hard"]):
        super().__init__(side, seed, table)
        self.level = style.level
        measured = scale(self.board)  # the board's measures, where the style names none
        self.support = measured.reach if style.support is None else style.support
        self.far = measured.far if style.far is None else style.far
        self.style = style
        self.facts = facts(self.board)
        self.notes: Notebook | None = None
        self._plan: dict[str, str] = {}
        self._plan_key: tuple[int, int] | None = None
        self._live: dict[int, float] = {}
        self._live_key: tuple[int, int] | None = None

        self._goal: Goal | None = None
        # colour -> why he keeps a crossing with no possible circle beside (this turn)
        self._holds: dict[str, str] = {}
        self._sealing: frozenset[int] = frozenset()
        # colour -> the candidates whose ways in he holds (the endgame, this turn)
        self._holding: dict[str, tuple[int, ...]] = {}
        self._home_arrest: str | None = None  # the last T3 action, if an arrest by the hideout

    # -- reading ---------------------------------------------------------------------

    def sense(self, view: PoliceView) -> Sense:
        nb = notebook(view, self.board, self.notes)
        self.notes = nb
        homeward = self.style.homeward and view.night > 1
        return Sense(view, self.board, nb, homeward, self.style.purposeful)

    def chance(self, view: PoliceView, salt: int = 0) -> Chance:
        """This decision's own chance: from the seed and where in the game it is."""
        moves = len(view.track)
        return Chance(self.seed * 1_000_003 + view.night * 10_007 + moves * 101 + salt)

    # -- the decisions ---------------------------------------------------------------

    def decide(self, view: PoliceView, legal: Sequence[Action], budget: float | None) -> Action:
        deadline = players.deadline(budget, self.budget)  # from the start of the decision
        phase = view.phase.key
        sense = self.sense(view)
        if phase == Phase.PATROLS:
            goal = self.night_goal(view, sense)
            out = police_hell.patrols(self.facts, view, legal, goal, deadline)
        elif phase == Phase.SAUCY:
            out = police_hell.saucy(self.facts, view, legal, self.night_goal(view, sense))
        elif phase == Phase.WRETCHED:
            away = 0.5 if self.style.hideout_pull and view.night > 1 else 0.0
            out = police_hell.wretched(self.facts, view, legal, sense.hideouts, away, self.far)
        elif phase == Phase.GRAFFITO_CHIEF:
            goal = self.turn_goal(view, sense)
            out = police_hell.graffito(
                self.facts, view, legal, lambda p: worth(self.facts, goal, list(p.values()))
            )
        elif phase == Phase.HUNT:
            out = self.move(view, legal, sense, deadline)
        elif phase == Phase.SEARCHING:
            out = police_clues.go_on_searching(sense, legal, _acting(view), self.style.clues)
        elif phase == Phase.CLUES:
            out = self.clue(view, legal, sense)
        else:
            out = legal[0]
        return out if out in legal else legal[0]

    def audit(self, view: PoliceView, text: str) -> Mapping[str, float]:
        """The arena's figures of the decision just made (`police_waste.audit`:
        T2 stays, T3 passes, wasted T3 actions), judged from the view alone."""
        actions = legal(view)
        chosen = next((a for a in actions if str(a) == text), None)
        if chosen is None:
            return {}
        nb = self.notes if self.notes is not None and self.notes.board is self.board else None
        out = dict(police_waste.audit(view, self.board, actions, chosen, nb))
        reach = "T3 passes, a possible circle in reach"
        if out.pop(reach, 0.0):
            held = self._holds.get(view.acting_colour or "")
            named = {
                "seal": "T3 passes, in reach, holding a seal or guard",
                "guard": "T3 passes, in reach, holding a seal or guard",
                "hold": "T3 passes, in reach, holding a seal or guard",
                "beside": "T3 passes, the circles beside him ruled out this turn",
                "plan": "T3 passes, in reach, his crossing worth more to the plan",
            }.get(held or "", "T3 wasted")
            out[named] = out.get(named, 0.0) + 1.0
        colour = view.acting_colour or ""
        if text == f"{colour} stay" and self._holds.get(colour) == "hold":
            out["T2 stays, holding a way into a last hideout"] = 1.0
        if text == self._home_arrest:
            out["T3 arrests where Jack would step home"] = 1.0
        return out

    def note(self, view: PoliceView, text: str) -> str | None:
        """Why a policeman stays (T2) or passes (T3) where the plan holds
        him, as police players say it aloud at the table (`players.Answer.
        note`): his crossing seals a likely hideout, guards Jack's steps
        into one, cuts more of his ways home, or stands beside a circle
        where Jack can be.  From this turn's plan, made from the police's
        view alone; None for every other action.  Testers L, N, P (rounds
        6-8) read the hard police's stays as standing idle."""
        colour = view.acting_colour
        if colour is None or text not in (f"{colour} stay", f"{colour} pass"):
            return None
        held = self._holds.get(colour)
        who = colour.capitalize()
        if held == "seal":
            where = view.police.get(colour)
            sealed = sorted(h for h in self._sealing if where in self.facts.seal.get(h, ()))
            if not sealed:
                return f"{who} holds his crossing: it closes a way into a likely hideout"
            kind = "a likely hideout" if len(sealed) == 1 else "likely hideouts"
            return (
                f"{who} holds his crossing: with the others he closes every way into "
                f"{_circles(sealed)} ({kind})"
            )
        if held == "hold":
            ways = self._holding.get(colour, ())
            said = " or ".join(str(h) for h in sorted(ways)) if ways else "the hideout"
            return f"{who} holds his crossing: it closes a way into {said}, where Jack may live"
        if held == "guard":
            return f"{who} holds his crossing: it bars Jack's steps into a likely hideout"
        if held == "plan":
            return f"{who} holds his crossing: it cuts more of Jack's ways home than a move would"
        if text.endswith(" stay"):
            return (
                f"{who} stays: he is beside a circle where Jack can be"
                if held == "beside"
                else None
            )
        said = police_waste.reason(view, self.board, legal(view), self.notes)
        return said[0].upper() + said[1:] if " though " not in said else None

    # -- goals -----------------------------------------------------------------------

    def night_goal(self, view: PoliceView, sense: Sense) -> Goal:
        """H3: policemen near the women (a Wretched may be killed on any of
        them), and from night 2 near the likely hideouts (sealing them, hard)."""
        women = view.women_tokens or view.wretched
        where = {c: 1.0 / len(women) for c in women} if women else {}
        goal = Goal(where=where)
        if view.night > 1 and self.style.hideout_pull:
            where = self._with_hideouts(where, sense.hideouts)
            goal = Goal(where=where)
            if self.style.seal_mass is not None:
                seal = self.seal_plan(sense.hideouts)[0]
                goal = Goal(where=where, seal=seal, seal_weight=2.0)
        return goal

    def _with_hideouts(self, where: Mapping[int, float], hideouts: Mapping[int, float]) -> dict:
        pull = self.style.hideout_pull
        top = sorted(hideouts.items(), key=lambda kv: (-kv[1], kv[0]))[: self.support // 2]
        out = {c: (1 - pull) * w for c, w in where.items()}
        for h, w in normalised(dict(top)).items():
            out[h] = out.get(h, 0.0) + pull * w
        return out

    def seal_plan(
        self, hideouts: Mapping[int, float], capacity: int = 5
    ) -> tuple[dict[str, float], list[int], float]:
        """The crossings that seal the likeliest hideouts, as many as five
        policemen can hold (each with the weight of the hideouts it seals),
        the hideouts sealed and their share."""
        seal: dict[str, float] = {}
        chosen = []
        for h, w in sorted(hideouts.items(), key=lambda kv: (-kv[1], kv[0])):
            need = self.facts.seal[h] - seal.keys()
            if not self.facts.seal[h] or len(seal) + len(need) > capacity:
                continue
            for z in self.facts.seal[h]:
                seal[z] = seal.get(z, 0.0) + w
            chosen.append(h)
        return seal, chosen, sum(hideouts[h] for h in chosen)

    def turn_goal(self, view: PoliceView, sense: Sense) -> Goal:
        """T2: what this turn's moves aim at (see `police_moves`)."""
        style = self.style
        ranked = sorted(sense.where.items(), key=lambda kv: (-kv[1], kv[0]))[: self.support]
        where: dict[int, float] = normalised(dict(ranked))
        night = view.night
        live = self.live(view, sense) if night > 1 else {}
        if live and style.hideout_pull:
            where = self._with_hideouts(where, live)
        self._sealing = frozenset()
        seal: dict[str, float] = {}
        # late in his night, or where few candidates are left (the endgame's)
        late = (
            style.seal_late is None
            or sense.spaces_left <= style.seal_late
            or len(sense.nb.hideouts) <= style.endgame
        )
        if style.seal_mass is not None and live and late:
            seal, chosen, mass = self.seal_plan(self.urgency(sense, live))
            if mass >= style.seal_mass:
                self._sealing = frozenset(chosen)
            else:
                seal = {}
        samples = self.samples(view, sense) if style.samples else []
        stuck = not view.coaches_left and not view.alleys_left
        steps = self.home_steps(sense, live) if style.guard and live else []
        return Goal(
            where=where,
            samples=samples,
            seal=seal,
            block=style.block,
            seal_weight=3.0 if seal else 0.0,
            stuck=stuck,
            home_steps=steps,
            guard=style.guard,
        )

    def live(self, view: PoliceView, sense: Sense) -> dict[int, float]:
        """`Sense.live_hideouts`, worked out once a turn (the T3 findings of
        the turn hardly move it)."""
        key = (view.night, len(view.track))
        if self._live_key != key:
            self._live, self._live_key = sense.live_hideouts(), key
        return self._live

    def urgency(self, sense: Sense, live: Mapping[int, float]) -> dict[int, float]:
        """Each live hideout's weight times how soon Jack may reach it (his
        positions' shares, a third as much for each hop beyond the first)."""
        if not sense.where:
            return dict(live)
        tb = tables(self.board)
        out = {}
        for h, w in live.items():
            hops = tb.hops(h)
            soon = sum(p * SOON ** max(0, hops.get(c, FAR) - 1) for c, p in sense.where.items())
            out[h] = w * soon
        return normalised(out) or dict(live)

    def home_steps(
        self, sense: Sense, live: Mapping[int, float]
    ) -> list[tuple[float, tuple[int, ...]]]:
        """Each step Jack may take into a live hideout next move (that a
        policeman can block: no bare segment), weighed by his position's
        share times the hideout's weight."""
        out = []
        for c, p in sense.where.items():
            for n, masks in self.facts.steps[c]:
                w = live.get(n)
                if w and all(masks):
                    out.append((p * w, masks))
        return out

    def samples(self, view: PoliceView, sense: Sense) -> list[tuple[int, int, float]]:
        """Jack's positions drawn by their paths' shares, each with a
        hideout he can still reach from there, drawn by its weight."""
        where = sense.where
        if not where:
            return []
        chance = self.chance(view, 7)
        circles = sorted(where.items())
        tb = tables(self.board)
        left = sense.spaces_left
        hideouts = sorted(sense.hideouts.items())
        k = self.style.samples
        out = []
        for _ in range(k):
            c = _draw(chance, circles)
            reach = [(h, w) for h, w in hideouts if tb.hops(h).get(c, FAR) <= left and h != c]
            if reach:
                out.append((c, _draw(chance, reach), 1.0 / k))
        return out

    # -- T2 --------------------------------------------------------------------------

    def move(
        self, view: PoliceView, legal: Sequence[Action], sense: Sense, deadline: players.Deadline
    ) -> Action:
        colour = _acting(view)
        key = (view.night, len(view.track))
        planned = self._plan.get(colour)
        start = dict(view.police)
        if (
            key != self._plan_key
            or planned is None
            or not self._still(colour, planned, start, legal)
        ):
            order = police_order(view.chief)
            order = order[order.index(colour) :]
            goal = self.turn_goal(view, sense)
            self._goal = goal
            if key != self._plan_key:
                self._holds = {}
                self._holding = {}
            holding = self.hold(view, sense, order)
            self._plan = plan(
                self.facts,
                start,
                [c for c in order if c not in holding],
                goal,
                self.style.alone,
                deadline=deadline,
                restarts=self.style.restarts,
            )
            for c, ways in holding.items():
                self._plan[c] = start[c]
                self._holding[c] = ways
                self._holds[c] = "hold"
            self._plan_key = key
            planned = self._plan[colour]
        if colour in self._holding:
            planned = start[colour]
        elif self.style.beside and self._goal is not None:
            planned = self.beside(colour, planned, start, legal, sense, self._goal)
            self._plan[colour] = planned
        move = PoliceMove(colour, None if planned == start[colour] else planned)
        return move if move in legal else PoliceMove(colour, None)

    def beside(
        self,
        colour: str,
        planned: str,
        start: Mapping[str, str],
        legal: Sequence[Action],
        sense: Sense,
        goal: Goal,
    ) -> str:
        """T2 (hard, issue 49): a policeman the plan leaves with no circle
        beside him where Jack can be goes, if he can, where one is (the
        best such crossing for the turn's goal), so that his T3 searches
        or arrests instead of passing; unless his crossing holds a seal of
        a likely hideout or blocks Jack's step into one (his reason to
        stay).  The circles are the notebook's possible set."""
        possible = sense.nb.counts
        board = self.board
        if not possible:
            return planned
        if any(c in possible for c in board.direct_circles(planned)):
            self._holds[colour] = "beside"  # T3 findings before his may still rule it out
            return planned
        bit = board.xbit[planned]
        guarded = sum(w for w, masks in goal.home_steps if any(m & bit for m in masks))
        if planned in goal.seal or guarded >= GUARDING:
            self._holds[colour] = "seal" if planned in goal.seal else "guard"
            return planned
        ends = [start[colour]] + [
            a.crossing
            for a in legal
            if isinstance(a, PoliceMove) and a.colour == colour and a.crossing is not None
        ]
        useful = [x for x in ends if any(c in possible for c in board.direct_circles(x))]
        others = [self._plan.get(c, x) for c, x in start.items() if c != colour]
        context = goal.scorer(self.facts).context(others)
        if useful:
            best = max(useful, key=lambda x: (context.value(x), x == start[colour], x))
        elif self.style.toward and sense.where:
            far = {x: self.remoteness(x, sense) for x in {*ends, planned}}
            best = min(ends, key=lambda x: (far[x], x != start[colour], x))
            if far[best] >= far[planned] - TOWARD and far[planned] >= FAR_STEPS:
                # far from every circle Jack can be on, every crossing is as
                # far by the capped count: the steps themselves decide
                far = {x: self.remoteness(x, sense, FAR) for x in far}
                best = min(ends, key=lambda x: (far[x], x != start[colour], x))
            if far[best] >= far[planned] - TOWARD:
                return planned
        else:
            return planned
        # what he adds where the plan puts him, and what going beside costs
        adds = context.value(planned) - context.base
        if context.value(planned) - context.value(best) > BESIDE_COST * adds:
            self._holds[colour] = "plan"
            return planned
        self._holds[colour] = "beside"
        return best

    def endgame(self, view: PoliceView, sense: Sense) -> dict[int, float]:
        """The endgame by the hideout (`Style.endgame`), while Jack is on
        the streets: the candidates he can still reach tonight, each with
        its share of the odds (`Sense.live_hideouts`), when the notebook
        leaves few (or the few likeliest hold `Style.endgame_mass` of the
        odds: then those few); empty otherwise."""
        few = self.style.endgame
        if not few or not sense.where or not sense.nb.hideouts:
            return {}
        live = self.live(view, sense)
        if len(sense.nb.hideouts) <= few:
            return live
        mass = self.style.endgame_mass
        top = dict(sorted(live.items(), key=lambda kv: (-kv[1], kv[0]))[:few])
        return top if mass is not None and sum(top.values()) >= mass else {}

    def hold(
        self, view: PoliceView, sense: Sense, order: Sequence[str]
    ) -> dict[str, tuple[int, ...]]:
        """T2 in the endgame: the policemen still to move who stand on a
        crossing of the seal of a candidate Jack can still reach tonight
        (`Sense.live_hideouts`, at least `GUARDING` of the odds) -> those
        candidates.  They keep their crossings through the night: whoever
        holds one closes a way in (a step through it is blocked, T1) and
        stands beside the candidate's region, where T3 can arrest (tester
        O2, round 21: Yellow left the crossing beside 66 for 51's seal, and
        the tester walked home; P2: "they left the very next turn")."""
        live = self.endgame(view, sense)
        seal = self.facts.seal
        out = {}
        for colour in order:
            where = view.police[colour]
            ways = tuple(h for h, w in sorted(live.items()) if w >= GUARDING and where in seal[h])
            if ways:
                out[colour] = ways
        return out

    def holds(self, colour: str) -> str | None:
        """Why the policeman keeps his crossing this turn ("seal", "guard",
        "hold", "beside", "plan"); None: no reason was found (`beside`)."""
        return self._holds.get(colour)

    def remoteness(self, crossing: str, sense: Sense, cap: int = FAR_STEPS) -> float:
        """How far a policeman on `crossing` is from where Jack is likely:
        the police steps to beside each circle, weighed by its share
        (`Sense.where`), each counted up to `cap`."""
        distance = self.facts.distance
        return sum(p * min(distance(crossing, c), cap) for c, p in sense.where.items())

    @staticmethod
    def _still(
        colour: str, planned: str, start: Mapping[str, str], legal: Sequence[Action]
    ) -> bool:
        return planned == start[colour] or PoliceMove(colour, planned) in legal

    # -- T3 --------------------------------------------------------------------------

    def clue(self, view: PoliceView, legal: Sequence[Action], sense: Sense) -> Action:
        style = self.style.clues
        named = police_clues.know(sense, legal, style)
        if named is not None:
            return named
        colour = _acting(view)
        danger = self.danger(view, sense)
        self._home_arrest = None
        if self.endgame(view, sense):
            # by the hideout a search cannot stop his step home; an arrest can
            least = 0.0 if len(sense.nb.hideouts) == 1 else HOME_ARREST
            home = police_clues.home_arrest(sense, legal, colour, danger, least)
            if home is not None:
                self._home_arrest = str(home)
                return home
        out = police_clues.choose_clue(sense, legal, colour, style, danger)
        if out is not None:
            return out
        chase = self.chase(view, legal, colour, sense)
        return chase or Pass(colour)

    def danger(self, view: PoliceView, sense: Sense) -> dict[int, float]:
        """Circle -> the weight of the hideouts Jack could step into from
        there next move, the policemen standing where they are now."""
        if not self.style.clues.danger_boost or not sense.where or view.night < 2:
            return {}
        live = self.live(view, sense)
        mask = self.board.police_mask(view.police.values())
        out = {}
        for c in sense.where:
            w = sum(live.get(h, 0.0) for h in self.facts.moves(c, mask))
            if w > 0:
                out[c] = w
        return out

    def chase(
        self, view: PoliceView, legal: Sequence[Action], colour: str, sense: Sense
    ) -> Action | None:
        """O3: one more police step instead of an action, when the turn's
        goal is served better from there (hard and normal)."""
        options = [a.crossing for a in legal if isinstance(a, Chase) and a.colour == colour]
        if not options or self.style.alone:
            return None
        goal = self._goal or self.turn_goal(view, sense)
        police = dict(view.police)
        others = [x for c, x in police.items() if c != colour]
        here = worth(self.facts, goal, [*others, police[colour]])
        best, top = None, here + 1e-9
        for x in options:
            v = worth(self.facts, goal, [*others, x])
            if v > top:
                best, top = x, v
        return None if best is None else Chase(colour, best)


def _circles(circles: Sequence[int]) -> str:
    """ "104", "104 and 88", "104, 88 and 12"."""
    said = [str(c) for c in circles]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _acting(view: PoliceView) -> str:
    """The policeman acting in T2/T3 (the view names him while the police act)."""
    colour = view.acting_colour
    assert colour is not None
    return colour


def _draw(chance: Chance, weighted: Sequence[tuple[int, float]]) -> int:
    """One of the items, drawn by its weight."""
    cum, total = [], 0.0
    for _, w in weighted:
        total += w
        cum.append(total)
    r = chance.below(1 << 30) / (1 << 30) * total
    return weighted[min(len(weighted) - 1, bisect_left(cum, r))][0]


def _level(style: Style):
    def make(side: str, seed: int, table: Any = None) -> Police:
        return Police(side, seed, table, style)

    make.__name__ = f"police_{style.level}"
    return make


POLICE_LEVELS: dict[str, Any] = {level: _level(s) for level, s in STYLES.items()}
"""Level -> factory (side, seed, table)."""
