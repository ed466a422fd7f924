"""The searching Pocket players, `normal` and `hard`: expectimax over the
rest of the round, over who Jack may be and over the alibi draws.

What the searcher does not know is drawn into possible games built from its
view (`pocket/worlds.py`), played by the rules engine itself.  The tree runs
to the round's witness call, where every suspect left is a possible Jack:
each node's worth is a *vector*, the investigator's chance to win for each
possible Jack (the table of `values.py` after the call).

- At the investigator's nodes one action is chosen for every possible Jack
  alike — he does not know which one it is — the best on average: he plays
  to split the suspects evenly between seen and unseen.
- At Jack's nodes each possible Jack chooses his own best answer: Jack
  knows who he is, and so plays to stay unseen when it counts and to keep
  several suspects alive.
- Alibi draws are chance nodes: each card that would clear a different
  suspect (the investigator's) or give Jack a different number of
  hourglasses (Jack's), weighed by how many cards do so.

The same tree serves both sides: the investigator takes the action best on
average over the suspects, Jack the one best for who he really is.  A hard
Jack so reasons about what the investigator knows: the investigator's
answers in the tree are made without knowing Jack.

Beyond the root only the most promising actions of each node are searched
(widths per depth), except the round's last action, searched in full; the
decision's deadline (`core/players.Deadline`: the budget in CPU time under a
wall-clock ceiling) is checked at every node searched.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.pocket import worlds
from whitechapel.pocket.actions import ALIBI_ACTION, Action
from whitechapel.pocket.pieces import HOURGLASSES, INVESTIGATOR, JACK
from whitechapel.pocket.players import reading
from whitechapel.pocket.players.values import worth
from whitechapel.pocket.views import PocketView

Vector = list[float]


def seen_suspects(g: Any) -> int:
    """The suspects (bit per character) the witness call would see on the
    board of `g` as it stands."""
    seen_squares = g.seen_squares()
    tiles = g.tiles
    seen = 0
    for sq in range(9):
        if seen_squares >> sq & 1:
            seen |= 1 << tiles[sq]
    return seen & ~g.cleared


def static(g: Any, suspects: Sequence[int]) -> Vector:
    """A cheap guess at a board within the round, for each possible Jack in
    `suspects`: its worth were the witness call made now (the table, no
    engine), to order the actions."""
    seen = seen_suspects(g)
    n = 9 - g.cleared.bit_count()
    k = seen.bit_count()
    h = g.jack_hourglasses()
    r = g.round + 1
    race = g.race
    if_seen = 1.0 if k == 1 else worth(r, k, h, race)
    if_unseen = 0.0 if h + 1 >= 6 and not race else worth(r, n - k, h + 1, race)
    return [if_seen if seen >> c & 1 else if_unseen for c in suspects]


class OutOfTime(Exception):
    """The search ran out of its time budget."""


class RoundSearch:
    """One decision's tree over the rest of the round, in one possible game."""

    def __init__(
        self,
        world: Any,
        suspects: Sequence[int],
        widths: Sequence[int],
        deadline: players.Deadline | None,
        exact_chance: int = 0,
        doubt: float = 0.0,
        naive: float = 0.0,
    ) -> None:
        self.world = world
        # 0: the investigator's answers are the model's best; else spread (`spread`).
        self.doubt = doubt
        # Jack's: the chance that the investigator is a naive one (`naive_best`).
        self.naive = naive
        self.exact_chance = exact_chance  # to this depth every alibi card is its own branch
        self.suspects = list(suspects)  # the vector's components: the possible Jacks
        self.index = {c: i for i, c in enumerate(self.suspects)}
        self.widths = widths
        self.deadline = deadline
        self.nodes = 0
        self.leaves: dict[tuple, Vector] = {}

    # -- leaves ------------------------------------------------------------------

    def leaf(self, g: Any) -> Vector:
        """A board with its witness call due: each possible Jack's
        worth, the call judged by the engine once if Jack is seen, once if
        he is not."""
        self.nodes += 1
        seen = seen_suspects(g)
        tiles, cleared = g.tiles, g.cleared
        # Everything the call and the table read: Jack's cards by their hourglasses.
        key = (cleared, seen, g.round, g.jack_hourglasses(), g.deck_pos)
        hit = self.leaves.get(key)
        if hit is not None:
            return hit
        left = [c for c in tiles if not cleared >> c & 1]
        seen_one = next((c for c in left if seen >> c & 1), None)
        unseen_one = next((c for c in left if not seen >> c & 1), None)
        if_seen = self.judge(g, seen_one) if seen_one is not None else 0.0
        if_unseen = self.judge(g, unseen_one) if unseen_one is not None else 0.0
        out = [if_seen if seen >> c & 1 else if_unseen for c in self.suspects]
        self.leaves[key] = out
        return out

    def judge(self, g: Any, jack: int) -> float:
        """The board's witness call (due) made as if Jack were `jack`: won,
        lost, or the table's worth of the position it leaves."""
        after = g.with_jack(jack)
        after.resolve()
        outcome = after.outcome
        if outcome is not None:
            return 1.0 if outcome.winner == INVESTIGATOR else 0.0
        return worth(after.round, after.suspect_count(), after.jack_hourglasses(), after.race)

    def static(self, g: Any) -> Vector:
        return static(g, self.suspects)

    # -- the tree ----------------------------------------------------------------

    def children(self, g: Any, actions: Sequence[Action]) -> list[tuple[Action, Any]]:
        out: list[tuple[Action, Any]] = []
        for a in actions:
            if a is ALIBI_ACTION:
                out.append((a, None))  # a chance node, expanded when searched
                continue
            c = g.clone()
            c.apply(a)  # a round's last action leaves its witness call due: a leaf
            out.append((a, c))
        return out

    def value(self, g: Any, depth: int, naive: bool = False) -> Vector:
        """Each possible Jack's worth of `g` (the investigator's chance),
        the investigator's answers the model's (`spread`), or if `naive` a
        naive investigator's (`naive_best`)."""
        if g.unresolved:
            return self.leaf(g)
        if self.deadline is not None and self.deadline.passed():
            raise OutOfTime
        self.nodes += 1
        kids = self.children(g, g.legal_actions())
        jack = g.to_act == JACK
        if naive and not jack:
            kids = self.naive_best(kids)
        width = self.widths[depth] if depth < len(self.widths) else 0
        if width and g.step < 3 and len(kids) > width:
            kids = self.narrow(g, kids, width)
        best: Vector | None = None
        best_mean = 0.0
        answers: list[Vector] = []
        for a, c in kids:
            v = self.chance(g, a, depth, naive) if c is None else self.value(c, depth + 1, naive)
            if jack:
                best = v if best is None else [min(x, y) for x, y in zip(best, v, strict=True)]
            else:
                answers.append(v)
                m = sum(v)
                if best is None or m > best_mean:
                    best, best_mean = v, m
        assert best is not None
        if naive and not jack:  # his ties, alike
            return [sum(column) / len(answers) for column in zip(*answers, strict=True)]
        if self.doubt and not jack and len(answers) > 1:
            return self.spread(answers)
        return best

    def naive_best(self, kids: list[tuple[Action, Any]]) -> list[tuple[Action, Any]]:
        """The answers of a naive investigator: the boards that split the
        suspects best were the witness call made at once (`easy`'s rule,
        `reading.split_score`), blind to Jack's actions still to come this
        round.  The model's investigator looks further and seldom plays
        them, but a person who splits the board as it stands does, and such
        a line can leave one Jack no way out.  His alibi card, if no board
        is left to judge."""
        scored = []
        for a, c in kids:
            if c is None:
                continue
            n = 9 - c.cleared.bit_count()
            scored.append((reading.split_score(n, seen_suspects(c).bit_count()), a, c))
        if not scored:
            return kids
        top = max(s for s, _, _ in scored)
        return [(a, c) for s, a, c in scored if s >= top - 1e-9]

    def spread(self, answers: list[Vector]) -> Vector:
        """The investigator's answer as Jack should fear it: not the one
        action the model finds best — many are nearly as good, and which one
        a real investigator takes is anybody's guess — but all of them,
        each weighed by how close it comes to the best (a softmax of the
        average worth, sharpness `doubt`)."""
        n = len(self.suspects)
        means = [sum(v) / n for v in answers]
        top = max(means)
        weights = [math.exp(self.doubt * (m - top)) for m in means]
        total = sum(weights)
        return [
            sum(w * v[i] for w, v in zip(weights, answers, strict=True)) / total for i in range(n)
        ]

    def narrow(
        self, g: Any, kids: list[tuple[Action, Any]], width: int
    ) -> list[tuple[Action, Any]]:
        """The most promising of the actions: by the cheap guess, best on
        average; at Jack's nodes also each possible Jack's own best."""
        scored = [(self.static(c) if c is not None else None, a, c) for a, c in kids]
        boards = [(s, a, c) for s, a, c in scored if s is not None]
        jack = g.to_act == JACK
        sign = -1.0 if jack else 1.0
        boards.sort(key=lambda entry: -sign * sum(entry[0]))
        keep = boards[:width]
        if jack:
            for i in range(len(self.suspects)):
                own = min(boards, key=lambda s: s[0][i])
                if own not in keep:
                    keep.append(own)
        chosen = [(a, c) for _, a, c in keep]
        chosen += [(a, c) for s, a, c in scored if s is None]  # the alibi, always
        return chosen

    def chance(self, g: Any, action: Action, depth: int, naive: bool = False) -> Vector:
        """An alibi draw: each kind of card weighed by how many there are."""
        pool = list(g.undrawn())
        if not pool:
            return self.value(self.play(g, action, None), depth + 1, naive)
        if g.to_act == JACK:
            groups: dict[int, list[int]] = {}
            for card in pool:
                groups.setdefault(HOURGLASSES[card], []).append(card)
            total = [0.0] * len(self.suspects)
            for cards in groups.values():
                v = self.value(self.play(g, action, cards[0]), depth + 1, naive)
                w = len(cards) / len(pool)
                total = [t + w * x for t, x in zip(total, v, strict=True)]
            return total
        # The investigator's card: one that clears a suspect, or one that clears nobody.
        left = [c for c in pool if not g.cleared >> c & 1 and c in self.index]
        others = [c for c in pool if c not in left]
        none = self.value(self.play(g, action, others[0]), depth + 1, naive) if others else None
        if depth <= self.exact_chance or len(left) <= 2:
            cleared = {c: self.value(self.play(g, action, c), depth + 1, naive) for c in left}
        else:
            # Deeper in the tree, two suspects cleared stand for all of them.
            one, two = left[0], left[1]
            v1 = self.value(self.play(g, action, one), depth + 1, naive)
            v2 = self.value(self.play(g, action, two), depth + 1, naive)
            cleared = {c: v1 for c in left}
            cleared[one] = v2
        total = []
        for i, jack in enumerate(self.suspects):
            # Jack's own card is never drawn: for that Jack, the others share its chance.
            size = len(pool) - (1 if jack in pool else 0)
            acc = 0.0
            if size:
                for c in left:
                    if c != jack:
                        acc += cleared[c][i]
                if none is not None:
                    acc += sum(1 for c in others if c != jack) * none[i]
                acc /= size
            total.append(acc)
        return total

    def play(self, g: Any, action: Action, card: int | None) -> Any:
        c = g.with_next_card(card) if card is not None else g.clone()
        c.apply(action)
        return c

    def root(self, legal: Sequence[Action]) -> list[tuple[Action, Vector]]:
        """Every legal action's vector (as many as the deadline allows)."""
        out = []
        for a, c in self.children(self.world, legal):
            v = self.chance(self.world, a, 0) if c is None else self.value(c, 1)
            if self.naive:  # Jack's: the same action against a naive investigator
                w = self.chance(self.world, a, 0, True) if c is None else self.value(c, 1, True)
                v = [(1 - self.naive) * x + self.naive * y for x, y in zip(v, w, strict=True)]
            out.append((a, v))
        return out


class SearchPlayer:
    """The `normal` and `hard` levels: a round search (see above) in a
    possible game drawn from the view."""

    def __init__(
        self,
        side: str,
        seed: int,
        *,
        level: str,
        widths: Sequence[int],
        exact_chance: int = 0,
        budget: float = 1.0,
        doubt: float = 0.0,
    ) -> None:
        self.side, self.level = side, level
        self.chance = Chance(seed)
        self.widths = tuple(widths)
        self.exact_chance = exact_chance
        self.doubt = doubt  # Jack's: how sharply he expects the investigator's best answer
        self.naive = 0.0  # Jack's: the chance he gives a naive investigator (`RoundSearch`)
        self.budget = budget  # CPU seconds: the level's own pace
        self.clocks: dict[str, Any] = {}  # the deadline's clocks (tests give their own)
        self.nodes = 0  # searched in the last decision
        self.search_cpu = 0.0  # CPU seconds the last decision's round search took (not `pick`)
        # How far below the best an action may be and still go to `pick`,
        # and the search's worth of each action that did (this side's scale).
        self.margin = 1e-9
        self.found: dict[str, float] = {}

    def choose(self, view: PocketView, legal: Sequence[str], budget: float | None = None) -> str:
        limit = players.deadline(budget, self.budget, **self.clocks)
        return legal[0] if len(legal) == 1 else self.search(view, legal, limit)

    def search(self, view: PocketView, legal: Sequence[str], limit: players.Deadline) -> str:
        start = time.process_time()
        deadline = limit if limit.bounded else None
        suspects = reading.suspects(view)
        actions = reading.actions(legal)
        me = reading.identity(view)
        world = worlds.sample(view, self.chance)
        found: dict[Action, float] | None = None
        self.nodes = 0
        # A quick pass first, then the level's own: when the deadline comes
        # in the middle of a pass, the last whole one answers.
        for widths in ((0, 1, 1), self.widths):
            doubt, naive = (self.doubt, self.naive) if self.side == JACK else (0.0, 0.0)
            search = RoundSearch(world, suspects, widths, deadline, self.exact_chance, doubt, naive)
            try:
                scores = search.root(actions)
            except OutOfTime:
                self.nodes += search.nodes
                break
            self.nodes += search.nodes
            mine = search.index.get(me, 0) if me is not None else 0
            found = {a: -v[mine] if self.side == JACK else sum(v) / len(v) for a, v in scores}
        self.search_cpu = time.process_time() - start
        if found is None:  # not even the quick pass in time: the easy player's answer
            return self.fallback(view, legal)
        top = max(found.values())
        self.found = {str(a): s for a, s in found.items() if s >= top - self.margin}
        return self.pick(view, list(self.found), limit)

    def pick(self, view: PocketView, best: list[str], limit: players.Deadline) -> str:
        """One of the actions the search found best (equal): at random."""
        return best[self.chance.below(len(best))]

    def fallback(self, view: PocketView, legal: Sequence[str]) -> str:
        from whitechapel.pocket.players.simple import EasyPlayer

        easy = EasyPlayer(self.side, self.chance.below(2**32))
        return easy.choose(view, legal)


def normal(side: str, seed: int, table: object = None) -> SearchPlayer:
    return SearchPlayer(side, seed, level="normal", widths=(0, 3, 2), budget=1.0)


def hard_2026_12(side: str, seed: int, table: object = None) -> SearchPlayer:
    """The frozen reference `hard-2026-12`: the hard level as it played in
    December 2026 (tests/data/frozen/pocket-hard-2026-12.json holds games it
    played then; test_pocket_players.py plays them again)."""
    return SearchPlayer(
        side,
        seed,
        level="hard-2026-12",
        widths=(0, 6, 4),
        exact_chance=1,
        budget=0.9,
        doubt=HARD_DOUBT,
    )


HARD_DOUBT = 30.0
