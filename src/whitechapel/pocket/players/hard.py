"""The `hard` Pocket level (issue 30): the round search of `hard-2026-12`,
then playouts to choose among the actions it finds equal.

The round search (`search.py`) judges each action by the round's witness
call and a table of what the position after it is worth, read from the
count of suspects and hourglasses alone: about half of its decisions end
in a tie of several actions (a rotation that changes no sight this round,
one square or another for an exchange), and `hard-2026-12` drew one of them
at random.  The search ends in a fraction of its budget; the new level
spends the rest on the actions it found best: from each, thousands of
random games to the end on the playout path (`pocket/playout.py`, about
three times the engine's speed), each in a possible game drawn from the
view (`pocket/worlds.py`: Jack among the suspects left, for the
investigator; the cards nobody has drawn; the throws to come), and keeps
the action whose games its side won most often.  Random games end by what
the position allows, whoever plays: a Jack whose tile two detectives can
reach in one step, a board where one rotation splits the suspects, show
in their share of wins where the table sees none.  Jack's games are not
quite random (`rollout.py`): each round's last action is played for its
witness call, the investigator splitting the suspects and Jack hiding, as
any real opponent does; a wholly random investigator let Jack's playouts
prefer the actions that only a careless investigator fails to punish.

Jack also fears a naive investigator (`NAIVE`, `search.RoundSearch`): the
round search's investigator looks ahead and knows that Jack moves after
him, so it seldom plays the two actions that split the board best as it
stands — and in an even round those can leave one Jack no last action
that keeps a second suspect (two of three games this level lost to the
`easy` investigator, traced, went so).  Jack's worth of each action is
his worth against the model's investigator, with `NAIVE` of it against
one who splits the board as it stands
(`tests/test_pocket_naive_investigator.py`).

The round's end (issue 44, `lastround.py`): with at most three tokens
left (Jack's first action of round 8 too), when the round can decide the
game, every line of it is tried to the witness call and P8, over every
Jack and every hand of alibi cards the view leaves possible; a forced win
is played at once, and in round 8 the investigator plays the action that
wins in the most weight (ties to the playouts below).  Otherwise, or past
its work, the search and playouts decide as before.

Time: the level's budget is CPU seconds under a wall-clock ceiling below a
second (`core/players.Deadline`); the playouts go by batches, one possible
game each, until the deadline (a batch it interrupts is left out, so that
a decision ends within one action's games of it), or `MOST` games an
action (budget 0, the tests and puzzles: the same games every time).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.pocket import playout, worlds
from whitechapel.pocket.actions import Action
from whitechapel.pocket.pieces import INVESTIGATOR
from whitechapel.pocket.players import lastround, reading, rollout
from whitechapel.pocket.players.search import HARD_DOUBT, SearchPlayer
from whitechapel.pocket.playout import Bits
from whitechapel.pocket.views import PocketView

BUDGET = 0.8  # CPU seconds: the level's own
CEILING = 0.95  # wall seconds: a person never waits a second for a decision
BATCH = 32  # random games an action in each possible game
MARGIN = 0.05  # Jack's: the actions within this chance of the search's best go to the playouts
NAIVE = 0.2  # Jack's: the chance that the investigator is a naive one (search.py)
MOST = 2048  # random games an action, at most (with no deadline, exactly)


class HardPlayer(SearchPlayer):
    def __init__(self, side: str, seed: int, table: object = None) -> None:
        super().__init__(
            side,
            seed,
            level="hard",
            widths=(0, 6, 4),
            exact_chance=1,
            budget=BUDGET,
            doubt=HARD_DOUBT,
        )
        self.playouts = 0  # random games played in the last decision
        self.solved: lastround.Solved | None = None  # the last decision's exact solve, if any
        # Jack's playouts: each round's last action played for its witness
        # call (`rollout.py`); the investigator's, and Jack's if False, at random.
        self.wise = side != INVESTIGATOR
        if self.wise:
            self.margin = MARGIN
            self.naive = NAIVE

    def choose(self, view: PocketView, legal: Sequence[str], budget: float | None = None) -> str:
        clocks = dict(self.clocks)
        if budget is None:  # the level's own budget, under its own ceiling
            clocks.setdefault("ceiling", CEILING)
        limit = players.deadline(budget, self.budget, **clocks)
        self.playouts = 0
        self.solved = None
        if len(legal) == 1:
            return legal[0]
        # The round's end, when its tokens can decide the game, solved
        # exactly (issue 44, `lastround.py`); else, or past its work, the search.
        solved = lastround.solve(view, legal, limit if limit.bounded else None)
        if solved is not None:
            self.solved = solved
            if len(solved.actions) == 1:
                return solved.actions[0]
            return self.pick(view, list(solved.actions), limit)
        return self.search(view, legal, limit)

    def pick(self, view: PocketView, best: list[str], limit: players.Deadline) -> str:
        """Of the actions the round search found best (equal, or for Jack
        within `MARGIN`), the one whose games this side won most often, the
        search's worth added for Jack (ties: the first in the legal order)."""
        if len(best) == 1:
            return best[0]
        actions = reading.actions(best)
        wins = [0] * len(actions)
        played = 0
        chance = Chance(self.chance.below(2**32))
        while played < MOST:
            if played and limit.passed():
                break
            world = worlds.sample(view, chance)
            batch = self.games(world, actions, chance.bits, limit if played else None)
            if batch is None:
                break  # the deadline within a batch: the batch is left out
            wins = [w + b for w, b in zip(wins, batch, strict=True)]
            played += BATCH
        self.playouts = played * len(actions)
        # The search's worth and the playouts' share, both chances to win:
        # an action the search finds worse must win that much more often.
        prior = self.found if self.wise else {}
        total = [w / played + prior.get(a, 0.0) for w, a in zip(wins, best, strict=True)]
        return best[total.index(max(total))]

    def games(
        self,
        world: Any,
        actions: Sequence[Action],
        bits: Bits,
        limit: players.Deadline | None,
    ) -> list[int] | None:
        """This side's wins in `BATCH` games after each action in one
        possible game (`worlds.sample`'s, typed Any: a player module names no
        engine state), by `rollout.run` for Jack, else `playout.run`; None
        when `limit` passes between two actions."""
        run = rollout.run if self.wise else playout.run
        investigator = self.side == INVESTIGATOR
        wins = []
        for i, action in enumerate(actions):
            if limit is not None and i and limit.passed():
                return None
            after = world.clone()
            after.apply(action)
            if after.outcome is not None:
                wins.append(BATCH * ((after.outcome.winner == INVESTIGATOR) == investigator))
                continue
            start = playout.from_game(after)
            won = 0
            for _ in range(BATCH):
                won += (run(start.copy(), bits).winner == INVESTIGATOR) == investigator
            wins.append(won)
        return wins


def hard(side: str, seed: int, table: object = None) -> HardPlayer:
    return HardPlayer(side, seed, table)
