"""The honesty harness of computer players: a player's choices depend only on
its view (core/players.py), for every game with players.

A game is played with the player under test at one side (its chance fixed
by a seed) and another player at the other side.  Then a *twin* of the game
is made for that side, with the secrets the secrecy harness changes
(`secrecy_pocket.PocketCase`, `secrecy_lfw.LfwCase`: in Pocket another Jack
and the deck to match for the investigator, the cards nobody drew for Jack;
in LfW another hideout, other marked women, another path or Chief order for
the police, other real patrol markers or Chief order for Jack), and
replayed beside the real game: the other side's actions as the twin's
secrets make them (`twin_action`), and a fresh player of the same level and
seed at the side under test.  Until the side's view differs between the two
games, the fresh player must choose exactly what the real one chose.

Players are asked through `ask` — the arena's way, `players.choose` with the
side's view — so that a host that handed a player the engine would be
caught (the mutation test puts one in).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from secrecy_lfw import LfwCase
from secrecy_pocket import PocketCase
from whitechapel.core import players
from whitechapel.core.errors import IllegalAction
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.setup import random_setup

CASES = {"pocket": PocketCase, "lfw": LfwCase}


def ask(player: Any, state: Any, side: str, budget: float | None) -> str:
    """How every host asks: the side's view (and the legal actions it gives)."""
    return players.choose(player, state.name, state.view(side), budget).action


def pocket_game(index: int, rng: random.Random) -> PocketGame:
    return PocketGame(random_setup(rng.getrandbits(32)))


@dataclass
class Report:
    games: int = 0
    compared: int = 0  # choices compared between a game and its twin
    hidden: int = 0  # of which the secrets the side may not know really differed
    differences: list[str] = field(default_factory=list)


def check(
    level: str,
    side: str,
    *,
    games: int,
    seed: int,
    opponent: str = "random",
    budget: float | None = None,
    host=ask,
    start: Callable[[int, random.Random], Any] = pocket_game,
) -> Report:
    """`games` games from `start(i, rng)` (Pocket's by default), each with
    one twin of the side's kinds of secret, taken in turn."""
    report = Report()
    rng = random.Random(seed)
    for i in range(games):
        report.games += 1
        first = start(i, rng)
        game = first.name
        case = CASES[game]()
        other = next(s for s in first.sides if s != side)
        kinds = case.kinds(side)
        kind = kinds[i % len(kinds)]
        table = players.table_of(game, first)
        seats = {
            side: players.new_player(game, level, side, 1000 + i, table),
            other: players.new_player(game, opponent, other, 2000 + i, table),
        }
        real, actions, chosen = first.clone(), [], {}
        while real.outcome is None:
            to_act = real.to_act
            text = host(seats[to_act], real, to_act, budget)
            if to_act == side:
                chosen[len(actions)] = text
            actions.append(real.notation.parse_action(text))
            real.advance(actions[-1])
        real = first.clone()
        twin = case.twin(first, actions, side, kind, rng)
        fresh = players.new_player(game, level, side, 1000 + i, table)
        for step, action in enumerate(actions):
            if real.outcome is not None or twin.outcome is not None:
                break
            if real.view(side) != twin.view(side):
                break  # the side has learnt something that tells the games apart
            mirrored = action
            if step in chosen:
                again = host(fresh, twin, side, budget)
                report.compared += 1
                report.hidden += case.hidden(real, side) != case.hidden(twin, side)
                if again != chosen[step]:
                    report.differences.append(
                        f"game {i} ({kind}), action {step}: {chosen[step]} in the game, "
                        f"{again} in its twin"
                    )
                    break
            else:
                mirrored = case.twin_action(real, twin, action, side, kind, rng)
            real.advance(action)
            try:
                twin.advance(mirrored)
            except IllegalAction:
                break  # the changed secret made the rest of the game impossible
    return report
