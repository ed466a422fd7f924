"""Random legal play on both sides: a health check of the rules and a source
of statistics (`whitechapel pocket selfplay`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from whitechapel.core.chance import Chance
from whitechapel.core.figures import figures_text
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.setup import random_setup


@dataclass
class SelfplayStats:
    games: int
    seed: int
    jack_wins: int
    investigator_wins: int
    mean_rounds: float
    race_share: float  # games that went into the race of P8
    games_per_second: float
    reasons: dict[str, int]

    def to_json(self) -> dict:
        return asdict(self)

    def summary(self) -> str:
        share = (lambda n: f"{100 * n / self.games:.1f}%") if self.games else (lambda n: "-")
        return figures_text(
            f"{self.games} random games (seed {self.seed})",
            [
                ("jack wins", f"{self.jack_wins:>7}  {share(self.jack_wins)}"),
                (
                    "investigator wins",
                    f"{self.investigator_wins:>7}  {share(self.investigator_wins)}",
                ),
                ("mean rounds", f"{self.mean_rounds:>7.2f}"),
                ("went into the race", f"{self.race_share * 100:>6.1f}%"),
                ("games per second", f"{self.games_per_second:>7.0f}"),
            ],
            self.reasons,
        )


def play_randomly(game: PocketGame, chance: Chance, limit: int | None = None) -> PocketGame:
    """Play legal actions drawn from `chance` until the end (or `limit` actions)."""
    played = 0
    while game.outcome is None and (limit is None or played < limit):
        actions = game.legal_actions()
        game.apply(actions[chance.below(len(actions))])
        if game.unresolved:
            game.resolve()  # the witness call: nobody decides it
        played += 1
    return game


def random_game(seed: int, chance: Chance) -> PocketGame:
    """One game from `random_setup(seed)`, each action drawn from `chance`."""
    return play_randomly(PocketGame(random_setup(seed)), chance)


def selfplay(games: int, seed: int, progress: Callable[[int], None] | None = None) -> SelfplayStats:
    """`games` random games; `progress` is told of each game as it ends."""
    chance = Chance(seed)
    wins = {JACK: 0, INVESTIGATOR: 0}
    reasons: dict[str, int] = {}
    rounds = races = 0
    start = time.perf_counter()
    for _ in range(games):
        game = random_game(chance.below(2**48), chance)
        outcome = game.outcome
        assert outcome is not None
        wins[outcome.winner] += 1
        reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
        rounds += game.round
        races += game.race
        if progress is not None:
            progress(1)
    elapsed = time.perf_counter() - start
    return SelfplayStats(
        games=games,
        seed=seed,
        jack_wins=wins[JACK],
        investigator_wins=wins[INVESTIGATOR],
        mean_rounds=rounds / games if games else 0.0,
        race_share=races / games if games else 0.0,
        games_per_second=games / elapsed if elapsed > 0 else 0.0,
        reasons=reasons,
    )
