"""Random legal play on both sides (`whitechapel lfw selfplay`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from whitechapel.core.chance import Chance
from whitechapel.core.figures import figures_text
from whitechapel.lfw.actions import Action, Alley, Coach, Step
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK


@dataclass
class LfwSelfplayStats:
    games: int
    seed: int
    map: str
    options: dict
    jack_wins: int
    endings: dict[str, int]
    mean_moves_per_night: float
    mean_nights: float
    games_per_second: float
    jack_policy: str = "random"

    def to_json(self) -> dict:
        return asdict(self)

    def summary(self) -> str:
        on = [k for k, v in self.options.items() if v]
        title = (
            f"{self.games} random games of Letters from Whitechapel on {self.map} (seed {self.seed}, "
            f"options: {', '.join(on) or 'none'}; Jack plays {self.jack_policy})"
        )
        share = 100 * self.jack_wins / max(self.games, 1)
        return figures_text(
            title,
            [
                ("Jack wins", f"{self.jack_wins:>7}  {share:.1f}%"),
                ("mean nights played", f"{self.mean_nights:>7.2f}"),
                ("mean moves per night", f"{self.mean_moves_per_night:>7.2f}"),
                ("games per second", f"{self.games_per_second:>7.1f}"),
            ],
            self.endings,
        )


def homeward_action(game: LfwGame, chance: Chance, eager: float = 0.7) -> Action:
    """A legal action still, but in T1 Jack mostly heads for his hideout and
    announces it on arrival, so random games reach the later nights."""
    if game.phase != Phase.ESCAPE or chance.below(1000) >= eager * 1000:
        return game.random_action(chance)
    legal = game.legal_actions()
    home = [a for a in legal if isinstance(a, Step) and a.home]
    if home:
        return home[0]
    board, hideout = game.board, game.hideout
    assert hideout is not None  # chosen in S1, before the first night

    def distance(a: Action) -> int:
        if isinstance(a, Coach):
            end = a.second
        else:
            assert isinstance(a, Step | Alley)  # T1 offers steps, coaches and alleys only
            end = a.circle
        return board.jack_distance(end, hideout) or 0

    best = min(distance(a) for a in legal)
    return chance.choice([a for a in legal if distance(a) == best])


def random_game(
    seed: int, chance: Chance, options: Options, board: Board, jack: str = "random"
) -> LfwGame:
    """One game; `jack` is 'random' or 'homeward' (see `homeward_action`)."""
    game = LfwGame.new(seed, options, board)
    while game.outcome is None:
        if jack == "homeward" and game.to_act == JACK:
            game.apply(homeward_action(game, chance))
        else:
            game.apply(game.random_action(chance))
    return game


def selfplay(
    games: int,
    seed: int,
    options: Options,
    board: Board,
    jack: str = "random",
    progress: Callable[[int], None] | None = None,
) -> LfwSelfplayStats:
    """`games` random games; `progress` is told of each game as it ends."""
    chance = Chance(seed)
    endings: dict[str, int] = {}
    jack_wins = nights = moves = 0
    start = time.perf_counter()
    for _ in range(games):
        game = random_game(chance.below(2**48), chance, options, board, jack)
        assert game.outcome is not None
        endings[game.outcome.reason] = endings.get(game.outcome.reason, 0) + 1
        jack_wins += game.outcome.winner == JACK
        nights += game.night
        moves += sum(1 for e in game.events if e[0] == "move")
        if progress is not None:
            progress(1)
    elapsed = time.perf_counter() - start
    return LfwSelfplayStats(
        games=games,
        seed=seed,
        map=board.name,
        options=options.to_json(),
        jack_wins=jack_wins,
        endings=endings,
        mean_moves_per_night=moves / nights if nights else 0.0,
        mean_nights=nights / games if games else 0.0,
        games_per_second=games / elapsed if elapsed > 0 else 0.0,
        jack_policy=jack,
    )
