"""The honesty harness of computer players: a player's choices depend only on
its view (core/players.py).

A game is played with the player under test at one side (its chance fixed
by a seed) and another player at the other side.  Then a *twin* of the game
is made for that side (`secrecy_pocket.PocketCase.twin`: another Jack and
the deck to match for the investigator; the cards nobody drew shuffled for
Jack; other throws for both), and replayed with the other side's actions of
the real game and a fresh player of the same level and seed at the side
under test.  Until the side's view differs between the two games, the
fresh player must choose exactly what the real one chose.

Players are asked through `ask` — the arena's way, `players.choose` with the
side's view — so that a host that handed a player the engine would be
caught (the mutation test puts one in).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from secrecy_pocket import PocketCase
from whitechapel.core import players
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import JACK, other_side
from whitechapel.pocket.setup import random_setup


def ask(player: Any, state: PocketGame, side: str, budget: float | None) -> str:
    """How every host asks: the side's view (and the legal actions it gives)."""
    return players.choose(player, "pocket", state.view(side), budget).action


@dataclass
class Report:
    games: int = 0
    compared: int = 0  # choices compared between a game and its twin
    hidden: int = 0  # of which the secrets the side may not know really differed
    differences: list[str] = field(default_factory=list)


def secrets(g: PocketGame, side: str) -> tuple:
    future = (g.setup.deck[g.deck_pos :], g.setup.throws[(g.round + 1) // 2 :])
    return future if side == JACK else (g.setup.jack, tuple(g.jack_alibis), *future)


def check(
    level: str,
    side: str,
    *,
    games: int,
    seed: int,
    opponent: str = "random",
    budget: float | None = None,
    host=ask,
) -> Report:
    report = Report()
    rng = random.Random(seed)
    case = PocketCase()
    kind = case.kinds(side)[0]
    for i in range(games):
        report.games += 1
        start = PocketGame(random_setup(rng.getrandbits(32)))
        seats = {
            side: players.new_player("pocket", level, side, 1000 + i),
            other_side(side): players.new_player("pocket", opponent, other_side(side), 2000 + i),
        }
        real, actions, chosen = start.clone(), [], {}
        while real.outcome is None:
            to_act = real.to_act
            text = host(seats[to_act], real, to_act, budget)
            if to_act == side:
                chosen[len(actions)] = text
            actions.append(real.notation.parse_action(text))
            real.apply(actions[-1])
        real = start.clone()
        twin = case.twin(start, actions, side, kind, rng)
        fresh = players.new_player("pocket", level, side, 1000 + i)
        for step, action in enumerate(actions):
            if real.outcome is not None or twin.outcome is not None:
                break
            if real.view(side) != twin.view(side):
                break  # the side has learnt something that tells the games apart
            if step in chosen:
                again = host(fresh, twin, side, budget)
                report.compared += 1
                report.hidden += secrets(real, side) != secrets(twin, side)
                if again != chosen[step]:
                    report.differences.append(
                        f"game {i}, action {step}: {chosen[step]} in the game, {again} in its twin"
                    )
                    break
            real.apply(action)
            twin.apply(action)
    return report
