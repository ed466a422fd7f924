"""Players for Letters from Whitechapel tests: random legal play, with two
optional leanings that let random games reach deep positions.

- A *homing* Jack: in T1 he usually takes the move that lands nearest his
  hideout, and announces it when he can (a random Jack almost never gets
  home, so games would never reach nights 3 and 4).
- *Seeing* police: they cheat by looking at Jack's path, searching circles on
  it and moving next to it (random police almost never find five clues in a
  night, so O2's false clues would never be played).

Everything else comes from `g.random_action(chance)`.
"""

from __future__ import annotations

from whitechapel.core.chance import Chance
from whitechapel.lfw import actions as a
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options

BOARDS = ("whitechapel-1888", "tutorial")
OPTIONS = {"none": Options(), "all": Options.from_names(["all"])}


def new_game(seed: int, board: str, options: Options) -> LfwGame:
    return LfwGame.new(seed, options, load_board(board))


def _landing(action: a.Action) -> int:
    return action.second if isinstance(action, a.Coach) else action.circle


def homing_move(g: LfwGame, chance: Chance) -> a.Action:
    """T1: announce the hideout if he can, else a move that lands nearest it."""
    legal = g.legal_actions()
    home = [x for x in legal if isinstance(x, a.Step) and x.home]
    if home:
        return home[0]

    def distance(x: a.Action) -> int:
        d = g.board.jack_distance(_landing(x), g.hideout)
        return 99 if d is None else d

    best = min(map(distance, legal))
    return chance.choice([x for x in legal if distance(x) == best])


def seeing_move(g: LfwGame, chance: Chance) -> a.Action | None:
    """T2/T3 for police who know Jack's path; None when it does not help."""
    path = g.path_circles()
    if g.phase in ("clues", "searching"):
        good = [
            x
            for x in g.legal_actions()
            if isinstance(x, a.Search) and x.circle in path and x.circle not in g.clues
        ]
        return chance.choice(good) if good else None
    if g.phase == "hunt":
        legal = g.legal_actions()

        def near(x: a.PoliceMove) -> int:
            where = x.crossing or g.police[x.colour]
            return len(set(g.board.direct_circles(where)) & path)

        best = max(map(near, legal))
        return chance.choice([x for x in legal if near(x) == best]) if best else None
    return None


def choose(g: LfwGame, chance: Chance, homing: int = 0, seeing: bool = False) -> a.Action:
    """`homing` in 0..10: how often (in tenths) Jack heads home in T1."""
    if g.phase == "escape" and homing and chance.below(10) < homing:
        return homing_move(g, chance)
    if seeing:
        move = seeing_move(g, chance)
        if move is not None:
            return move
    return g.random_action(chance)


def play(seed: int, board: str, options: Options, homing: int = 0, seeing: bool = False) -> LfwGame:
    """A whole game, unchecked."""
    chance = Chance(seed)
    g = new_game(seed, board, options)
    while g.outcome is None:
        g.apply(choose(g, chance, homing, seeing))
    return g


def play_some(
    seed: int, board: str, options: Options, steps: int, homing: int = 0, seeing: bool = False
) -> LfwGame:
    """A game after `steps` actions (fewer if it ends first)."""
    chance = Chance(seed)
    g = new_game(seed, board, options)
    for _ in range(steps):
        if g.outcome is not None:
            break
        g.apply(choose(g, chance, homing, seeing))
    return g
