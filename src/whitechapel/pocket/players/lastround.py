"""The round's end solved exactly (issue 44): when at most three action
tokens are left, every line of the rest of the round is tried, over every
world the side cannot tell apart, to the witness call and the end (P7, P8).

A blind tester watched the `hard` investigator let Jack go unseen in round
8 with the last other suspect cleared: Jack's three alibi cards, which the
investigator never sees, held his sixth hourglass (P8: both goals reached
in round 8, Jack not seen, Jack wins).  The round search judged the round
in one possible game, whose cards held two, and there the unseen line won
as well as the seen one.  Here the hidden part is not drawn once but
enumerated:

- **Worlds.**  For the investigator, every suspect left as Jack (each
  alike, as the round search weighs them) and every hand of as many cards
  as Jack holds among the cards the investigator has not seen (each alike):
  a world is Jack, his hourglasses (round tokens and cards, P8) and, while
  the Alibi token is still to be played this round, the deck it draws from.
  For Jack, one world: his own, from his view (the deck: the cards nobody
  drew).  Nothing is read from any state but the view
  (`tests/test_pocket_last_round.py` gives two Jacks the same view).
- **The tree.**  The rest of the round, action by action, every legal
  action (`playout.legal_codes`, the engine's rule).  The solving side
  plays one action for every world alike (it does not know which world it
  is in), the one that wins in the most weight; its opponent answers in
  each world with that world's best (Jack knows who he is; and in Jack's
  own solve, the investigator is given Jack's identity: a sure win is one
  that survives every answer).  An alibi card is a chance node: each card
  of the world's deck alike, the investigator's public (his later actions
  may follow it), Jack's secret (only his hourglasses change).
- **Leaves.**  The witness call on the board the round leaves (P6, P7)
  and the end judged by the engine's rule (`end.judge`, P8: both goals, the
  race, round 8): a win for the solving side is 1, anything else 0 (a game
  going on is no win).

The worth of the solving side's strategy is so a true lower bound: at its
nodes one action for all worlds, at its opponent's the worst answer for
each.  When one action wins in every world the solve has found a forced
win and it is played; in round 8 every leaf ends the game, so the action
that wins in the most weight is the round's best and it is played too.
Otherwise (a round before the last, no forced win) the caller searches as
before.  The work is counted (`WORK`, nodes and leaves) and the decision's
deadline read at every node: a solve that would take longer gives up and
leaves the decision to the round search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.pocket import end, playout, worlds
from whitechapel.pocket.actions import ALIBI_ACTION, ALL_ACTIONS
from whitechapel.pocket.pieces import (
    CHARACTER_INDEX,
    HOURGLASSES,
    INVESTIGATOR,
    JACK,
    JACK_GOAL_HOURGLASSES,
    LAST_ROUND,
)
from whitechapel.pocket.players import reading
from whitechapel.pocket.playout import (
    EXCHANGE_END,
    EXCHANGES,
    JOKER_END,
    MOVE_END,
    ROTATE_END,
    STEP,
    TOKEN_OF,
    Position,
)
from whitechapel.pocket.views import PocketView

WORK = 60_000  # nodes and leaves a solve may visit before it gives up
ALIBI = EXCHANGE_END  # the alibi's code (`playout`: the last action)
CODES = {str(a): i for i, a in enumerate(ALL_ACTIONS)}
EPS = 1e-9


@dataclass(frozen=True, slots=True)
class World:
    """One thing the solving side cannot tell apart: who Jack is, his
    hourglasses (round tokens and cards), and the cards nobody has drawn
    (None once no alibi can be drawn this round)."""

    jack: int
    glasses: int
    deck: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class Solved:
    """A solve's answer: the best actions (equal), whether they win in
    every world, the share of the weight they win, the work it took."""

    actions: tuple[str, ...]  # the best, equal (a forced win: the first found)
    forced: bool
    share: float
    work: int


class OutOfWork(Exception):
    """The solve passed its work or its deadline."""


def board_after(pos: Position, code: int) -> tuple[list[int], list[int], list[int]]:
    """The tiles, walls and detectives after the non-alibi action `code`,
    `pos` unchanged (the round's last action: no witness call made)."""
    tiles, walls, dets = pos.tiles, pos.walls, pos.dets
    if code < MOVE_END:
        dets = dets[:]
        dets[code >> 1] = STEP[dets[code >> 1]][(code & 1) + 1]
    elif code < JOKER_END:
        if code < JOKER_END - 1:
            dets = dets[:]
            dets[code - MOVE_END] = STEP[dets[code - MOVE_END]][1]
    elif code < ROTATE_END:
        walls = walls[:]
        walls[(code - JOKER_END) >> 2] = (code - JOKER_END) & 3
    elif code < EXCHANGE_END:
        x, y = EXCHANGES[code - ROTATE_END]
        tiles, walls = tiles[:], walls[:]
        tiles[x], tiles[y] = tiles[y], tiles[x]
        walls[x], walls[y] = walls[y], walls[x]
    return tiles, walls, dets


def seen_characters(
    tiles: Sequence[int], walls: Sequence[int], dets: Sequence[int], cleared: int
) -> int:
    """The suspects (a bit per character) the witness call sees (P6, P7)."""
    squares = playout.seen_at_call(tiles, walls, dets, cleared)
    out = 0
    for sq in range(9):
        if squares >> sq & 1:
            out |= 1 << tiles[sq]
    return out & ~cleared


class Solve:
    """One decision's exhaustive tree over the rest of the round."""

    def __init__(
        self, investigator: bool, rnd: int, race: bool, limit: players.Deadline | None, work: int
    ) -> None:
        self.investigator = investigator  # the solving side
        self.rnd, self.race = rnd, race
        self.limit = limit
        self.work = 0
        self.most = work
        self.judged: dict[tuple[int, int, int], float] = {}

    def tick(self) -> None:
        self.work += 1
        if self.work > self.most or (self.limit is not None and self.limit.passed()):
            raise OutOfWork

    # -- leaves ------------------------------------------------------------------

    def wins(self, suspects: int, glasses: int, seen: bool) -> float:
        """1 if the call's end (P8) is the solving side's win, else 0."""
        key = (suspects, glasses, seen)
        hit = self.judged.get(key)
        if hit is None:
            outcome = end.judge(self.rnd, self.race, suspects, glasses, seen).outcome
            won = outcome is not None and (outcome.winner == JACK) != self.investigator
            hit = self.judged[key] = 1.0 if won else 0.0
        return hit

    def leaf(self, seen: int, cleared: int, ws: Sequence[World]) -> list[float]:
        """Each world's result of the witness call that sees the suspects
        `seen` (a bit each), `cleared` before it."""
        self.tick()
        n = 9 - cleared.bit_count()
        k = seen.bit_count()
        out = []
        for w in ws:
            if seen >> w.jack & 1:
                out.append(self.wins(k, w.glasses, True))
            else:
                out.append(self.wins(n - k, w.glasses + 1, False))
        return out

    # -- the tree ----------------------------------------------------------------

    def node(self, pos: Position, ws: Sequence[World], weights: Sequence[float]) -> list[float]:
        """Each world's worth (1 a win for the solving side) of `pos`, a
        round's action due, the solving side's actions one for all worlds."""
        self.tick()
        mine = playout.jack_to_act(pos) != self.investigator
        best: list[float] | None = None
        best_sum = -1.0
        last = pos.step == 3
        leaves: dict[int, list[float]] = {}  # the last action's calls, by the suspects seen
        for code in playout.legal_codes(pos):
            if code == ALIBI:
                v = self.alibi(pos, code, ws, weights)
            elif last:
                seen = seen_characters(*board_after(pos, code), pos.cleared)
                hit = leaves.get(seen)
                v = (
                    hit
                    if hit is not None
                    else leaves.setdefault(seen, self.leaf(seen, pos.cleared, ws))
                )
            else:
                child = pos.copy()
                playout.play(child, code)  # not the round's last: no call made
                v = self.node(child, ws, weights)
            if mine:
                total = sum(x * p for x, p in zip(v, weights, strict=True))
                if total > best_sum + EPS:
                    best, best_sum = v, total
                    if all(x >= 1.0 or p <= 0.0 for x, p in zip(v, weights, strict=True)):
                        break  # wins in every world: nothing is better
            else:
                best = v if best is None else [min(x, y) for x, y in zip(best, v, strict=True)]
                if not any(best):
                    break  # lost in every world: nothing is worse
        assert best is not None
        return best

    def alibi(
        self, pos: Position, code: int, ws: Sequence[World], weights: Sequence[float]
    ) -> list[float]:
        """The Alibi (P5): each card of each world's deck alike; Jack's card
        changes his hourglasses unseen, the investigator's clears its
        character for all to see."""
        after = pos.copy()
        after.used |= TOKEN_OF[pos.faces | pos.used << 4][code]
        after.step += 1
        jack_draws = playout.jack_to_act(pos)
        if jack_draws:
            # One branch: the investigator does not see the card.
            index: dict[World, int] = {}
            kids: list[World] = []
            kid_weights: list[float] = []
            routes: list[list[tuple[int, float]]] = []
            for w, p in zip(ws, weights, strict=True):
                deck = w.deck or ()
                route = []
                for card in deck:
                    kid = World(w.jack, w.glasses + HOURGLASSES[card], None)
                    i = index.get(kid)
                    if i is None:
                        i = index[kid] = len(kids)
                        kids.append(kid)
                        kid_weights.append(0.0)
                    kid_weights[i] += p / len(deck)
                    route.append((i, 1 / len(deck)))
                routes.append(route)
            v = self.after_alibi(after, kids, kid_weights)
            return [sum(v[i] * q for i, q in route) for route in routes]
        # The investigator's card, shown: a branch for each suspect it may
        # clear, one for every card that clears nobody.
        suspects = [c for c in range(9) if not pos.cleared >> c & 1]
        total = [0.0] * len(ws)
        for card in [*suspects, -1]:
            chances = []
            for w in ws:
                deck = w.deck or ()
                if card >= 0:
                    hits = 1 if card in deck else 0
                else:
                    hits = sum(1 for c in deck if pos.cleared >> c & 1)
                chances.append(hits / len(deck) if deck else 0.0)
            if not any(chances):
                continue
            branch = after.copy()
            if card >= 0:
                branch.cleared |= 1 << card
            kids = [World(w.jack, w.glasses, None) for w in ws]
            v = self.after_alibi(
                branch, kids, [p * q for p, q in zip(weights, chances, strict=True)]
            )
            total = [t + q * x for t, q, x in zip(total, chances, v, strict=True)]
        return total

    def after_alibi(self, pos: Position, ws: list[World], weights: list[float]) -> list[float]:
        if pos.step == 4:
            return self.leaf(
                seen_characters(pos.tiles, pos.walls, pos.dets, pos.cleared), pos.cleared, ws
            )
        return self.node(pos, ws, weights)

    def root(
        self, pos: Position, codes: Sequence[int], ws: Sequence[World], weights: Sequence[float]
    ) -> list[tuple[int, float, bool]]:
        """Each action's share of the weight won and whether it wins in
        every world; it stops at the first that does."""
        out = []
        for code in codes:
            if code == ALIBI:
                v = self.alibi(pos, code, ws, weights)
            elif pos.step == 3:
                v = self.leaf(
                    seen_characters(*board_after(pos, code), pos.cleared), pos.cleared, ws
                )
            else:
                child = pos.copy()
                playout.play(child, code)
                v = self.node(child, ws, weights)
            share = sum(x * p for x, p in zip(v, weights, strict=True))
            forced = all(x >= 1.0 or p <= 0.0 for x, p in zip(v, weights, strict=True))
            out.append((code, share, forced))
            if forced:
                break
        return out


def investigator_worlds(view: PocketView, deck_matters: bool) -> tuple[list[World], list[float]]:
    """Every Jack and hand the investigator cannot rule out, weighed: the
    suspects alike, and for each the hands among the cards he has not seen."""
    suspects = reading.suspects(view)
    unseen = reading.unknown_cards(view)
    tokens = sum(1 for side in view.round_tokens if side == JACK)
    count = view.jack_alibi_count
    weight: dict[World, float] = {}
    for jack in suspects:
        others = [c for c in unseen if c != jack]
        hands = list(combinations(others, count))
        for hand in hands:
            glasses = tokens + sum(HOURGLASSES[c] for c in hand)
            deck = tuple(c for c in others if c not in hand) if deck_matters else None
            w = World(jack, glasses, deck)
            weight[w] = weight.get(w, 0.0) + 1 / (len(suspects) * len(hands))
    return list(weight), list(weight.values())


def jack_world(view: PocketView) -> World:
    """Jack's own world: his identity, hourglasses, the cards nobody drew."""
    assert view.jack is not None
    tokens = sum(1 for side in view.round_tokens if side == JACK)
    glasses = tokens + sum(HOURGLASSES[CHARACTER_INDEX[c]] for c in view.jack.alibis)
    return World(CHARACTER_INDEX[view.jack.identity], glasses, tuple(reading.unknown_cards(view)))


def position(view: PocketView) -> Position:
    """The board of `view` in the playout's form: a possible game's, of
    which only what the view shows is read (the tiles, walls, detectives,
    tokens, cleared suspects, round and step; never its Jack, cards or deck)."""
    game = worlds.sample(view, Chance(0))
    return playout.from_game(game)


def worth_solving(view: PocketView) -> bool:
    """Can the rest of this round decide the game for the side of `view`?
    The investigator's last round always; before it, only with three
    suspects at most or in the race (every world won asks for one suspect
    left whoever Jack is, or Jack seen); Jack's, when this call can give
    him his sixth hourglass (an unseen call, his alibi card)."""
    if view.side == JACK:
        if view.jack is None:
            return False
        alibi = 2 if any(not t.used and t.up == ALIBI_ACTION.face for t in view.tokens) else 0
        return (
            view.round == LAST_ROUND
            or jack_world(view).glasses + 1 + alibi >= JACK_GOAL_HOURGLASSES
        )
    return view.round == LAST_ROUND or view.race or len(reading.suspects(view)) <= 3


def solve(
    view: PocketView, legal: Sequence[str], limit: players.Deadline | None, work: int = WORK
) -> Solved | None:
    """The round's end solved for the side of `view` when at most three
    tokens are left (`worth_solving`): a forced win if there is one (the
    first found, in the legal order), else in the last round the
    investigator's actions that win in the most weight; None when neither,
    or when the solve passed `work` or `limit`."""
    if view.outcome is not None or view.side not in (JACK, INVESTIGATOR):
        return None
    if view.step < 1 and not (view.side == JACK and view.round == LAST_ROUND):
        return None  # four tokens: only Jack's last round, within the work
    if not worth_solving(view):
        return None
    investigator = view.side == INVESTIGATOR
    pos = position(view)
    pos.glasses = 0  # never the possible game's: each world has its own
    alibi_left = any(not t.used and t.up == ALIBI_ACTION.face for t in view.tokens)
    if investigator:
        ws, weights = investigator_worlds(view, alibi_left)
    else:
        ws, weights = [jack_world(view)], [1.0]
    codes = [CODES[a] for a in legal]
    search = Solve(investigator, view.round, view.race, limit, work)
    try:
        found = search.root(pos, codes, ws, weights)
    except OutOfWork:
        return None
    forced = [code for code, _, sure in found if sure]
    if forced:
        return Solved((str(ALL_ACTIONS[forced[0]]),), True, 1.0, search.work)
    if view.round < LAST_ROUND or not investigator:
        return None
    top = max(share for _, share, _ in found)
    best = tuple(str(ALL_ACTIONS[c]) for c, share, _ in found if share >= top - EPS)
    return Solved(best, False, top, search.work)
