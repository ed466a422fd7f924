"""The secrecy harness: what a side is shown must not change when the other
side's secrets do (docs/architecture.md, "The secrecy rule").

One harness for both games and every outlet.  A *case* (one per game) plays
random games and knows how to make a *twin* of a game for a side: the same
game replayed beside it with every secret that side may not know changed —
another Jack, another deck order, other circles on Jack's path, other real
patrol markers — and the same public choices.  An *outlet* is anything that
shows a side something: its view, a preview, a panel's text, the console
drawing, `whitechapel replay`'s output, a network message, a refusal's
sentence.  At every position where both games go on and everything public
has come out the same, every outlet must give the twin exactly what it gives
the real game.

Comparison stops, for that twin, at the first position where the side has
legitimately learnt something that tells the games apart: the case's
`public` facts differ (a witness call, a clue, a revealed marker), the
twin's action is illegal, or a game is over (the end shows everything).

The harness proves that it looked: a run reports how many comparisons it
made where the hidden secrets really differed (`Report.hidden`); tests
require it to be large.  And it proves that it can see: tests put each leak
of the secrets issue back (`test_secrecy.py`, "the harness catches…") and
require the harness to find it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from whitechapel.core.errors import IllegalAction, WhitechapelError

Game = Any  # an engine object keeping core.game.Game
Outlet = Callable[[Game, str], Any]  # (game, side) -> what that side is shown
# An outlet, or (outlet, every): looked at on every `every`-th position only
# (a costly one; the positions sampled are the same in the real game and its twin).
Outlets = dict[str, Outlet | tuple[Outlet, int]]


class Case(Protocol):
    """One game's part of the harness."""

    name: str
    sides: tuple[str, ...]  # the sides whose outlets are checked (PUBLIC among them)

    def games(self, count: int, seed: int) -> Iterator[tuple[Game, list[Any]]]:
        """`count` random games: each a fresh game at its start and the
        actions then played."""
        ...

    def kinds(self, side: str) -> tuple[str, ...]:
        """The kinds of twin made for `side`, one secret each (another
        hideout, other marked women...): one twin that changed every secret
        at once would show a public difference early and stop comparing."""
        ...

    def twin(self, game: Game, actions: list[Any], side: str, kind: str, rng) -> Game:
        """A fresh game at its start whose setup hides other secrets from `side`."""
        ...

    def twin_action(self, real: Game, twin: Game, action: Any, side: str, kind: str, rng) -> Any:
        """What the twin plays where the real game plays `action`: the same
        action, or for a secret choice of a side `side` cannot see, another."""
        ...

    def public(self, game: Game, side: str) -> Hashable:
        """What `side` may legitimately learn from the table, as facts of the
        game (not read from any outlet): when it differs, comparison stops."""
        ...

    def hidden(self, game: Game, side: str) -> Hashable:
        """The secrets `side` may not know: the run counts the comparisons
        where they differ, to prove the twins were real twins."""
        ...


@dataclass
class Difference:
    game: int
    step: int
    side: str
    outlet: str
    action: str
    real: str
    twin: str

    def __str__(self) -> str:
        return (
            f"game {self.game}, before action {self.step} ({self.action}), {self.side}: "
            f"{self.outlet} differs:\n  real: {self.real[:300]}\n  twin: {self.twin[:300]}"
        )


@dataclass
class Report:
    games: int = 0
    compared: int = 0  # positions compared, over every side and twin
    hidden: int = 0  # of which the secrets the side may not know really differed
    differences: list[Difference] = field(default_factory=list)

    def outlets_differing(self) -> set[str]:
        return {d.outlet for d in self.differences}


# The view of a position, computed once for every outlet that shows something of
# it, as a screen computes it once for all its panels (outlets only read it).
# Keyed by the game object, held so that its id stays its own.
_VIEWS: dict[tuple[int, str], tuple[Game, int, Any]] = {}


def seen(g: Game, side: str) -> Any:
    """`g.view(side)` at the game's present position (each action played
    adds one to its history)."""
    key = (id(g), side)
    hit = _VIEWS.get(key)
    if hit is None or hit[0] is not g or hit[1] != len(g.history):
        if len(_VIEWS) > 64:
            _VIEWS.clear()
        hit = _VIEWS[key] = (g, len(g.history), g.view(side))
    return hit[2]


def answers(game: Game, side: str, texts: list[str]) -> list[str]:
    """What the side is told when it sends each text (the engine's sentence,
    or "legal"): tried on a copy, as a screen or the server shows a refusal."""
    out = []
    for text in texts:
        trial = game.clone()
        try:
            trial.play(text, side)
            out.append("legal")
        except WhitechapelError as e:
            out.append(str(e))
    return out


def _text(value: Any) -> str:
    """What an outlet gave, as text to show in a difference (a typed view as
    its JSON)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, default=lambda v: getattr(v, "to_json", v.__repr__)())


def check(
    case: Case, outlets: Outlets, *, count: int, seed: int, stop_at_first: bool = False
) -> Report:
    """Play `count` games of `case`; for each side and kind of twin, replay
    the twin beside the real game and compare every outlet at every position
    (a costly outlet at every `every`-th)."""
    looks = [(name, *(o if isinstance(o, tuple) else (o, 1))) for name, o in outlets.items()]
    report = Report()
    rng = random.Random(seed)
    for index, (start, actions) in enumerate(case.games(count, seed)):
        report.games += 1
        twins = [(side, kind) for side in case.sides for kind in case.kinds(side)]
        # The real game is replayed the same way beside every kind of twin of a
        # side: what an outlet gives it at a step is computed once, for all kinds.
        shown: dict[tuple[str, int, str], Any] = {}
        for side, kind in twins:
            real = start.clone()
            twin = case.twin(start, actions, side, kind, rng)
            for step, action in enumerate(actions):
                if real.outcome is not None or twin.outcome is not None:
                    break
                if case.public(real, side) != case.public(twin, side):
                    break
                report.compared += 1
                report.hidden += case.hidden(real, side) != case.hidden(twin, side)
                for name, outlet, every in looks:
                    if step % every:
                        continue
                    key = (side, step, name)
                    if key not in shown:
                        shown[key] = outlet(real, side)
                    mine, theirs = shown[key], outlet(twin, side)
                    if mine != theirs:
                        report.differences.append(
                            Difference(
                                index,
                                step,
                                f"{side} ({kind})",
                                name,
                                str(action),
                                _text(mine),
                                _text(theirs),
                            )
                        )
                        if stop_at_first:
                            return report
                other = case.twin_action(real, twin, action, side, kind, rng)
                real.advance(action)
                try:
                    twin.advance(other)
                except IllegalAction:
                    break  # the change made the rest of the game impossible: stop here
    return report
