"""The playout path (`pocket/playout.py`) plays the very games the engine
plays: the same actions drawn from the same chance, the same witness calls
and the same end (P4-P8), from setups and from positions in mid-game; its
tables of sight are P6's rule; its setups are P3's."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from whitechapel.core.chance import Chance
from whitechapel.pocket import playout, sight
from whitechapel.pocket.actions import ALL_ACTIONS
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import LANE, POSITION_LINES, START_POSITIONS
from whitechapel.pocket.selfplay import play_randomly
from whitechapel.pocket.setup import Setup, random_setup

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
SEEDS = 20000 if THOROUGH else 2000
CODE = {a: i for i, a in enumerate(ALL_ACTIONS)}


def same_end(position: playout.Position, game: PocketGame) -> None:
    assert (position.rnd, position.cleared, position.deck_pos) == (
        game.round,
        game.cleared,
        game.deck_pos,
    )
    assert position.glasses == game.jack_hourglasses()
    assert position.tiles == game.tiles and position.walls == game.walls
    assert position.dets == game.detectives


def test_a_playout_plays_the_engines_game_from_every_setup():
    """Thousands of seeds: the engine's random game (`play_randomly`: every
    action checked, the legal list built) and the playout's, drawn from
    twin sources of chance, are the same game to the same end.  Half the
    setups are the rulebook's (`setup.random_setup`), half the playout's."""
    kinds = Counter()
    for seed in range(SEEDS):
        setup = random_setup(seed) if seed % 2 else playout.random_setup(Chance(seed).bits)
        game = play_randomly(PocketGame(setup), Chance(seed + 1))
        played: list[int] = []
        position = playout.from_setup(setup)
        outcome = playout.run(position, Chance(seed + 1).bits, played)
        assert played == [CODE[a] for a in game.history], f"seed {seed}"
        assert outcome == game.outcome
        same_end(position, game)
        kinds[outcome.reason] += 1
        kinds["race"] += game.race
        kinds["lane cleared"] += bool(game.cleared >> LANE & 1)
    # every way a game ends was played, and the rarer rules with them
    assert len(kinds) >= 9 and kinds["race"] > SEEDS // 50 and kinds["lane cleared"] > SEEDS // 5


def test_a_playout_from_a_position_in_mid_game_is_the_engines_game_from_there():
    """From any moment of a game (a witness call due included) the playout
    copied from the engine (`from_game`) goes on exactly as the engine."""
    rng = random.Random(8)
    due = 0
    for seed in range(SEEDS // 4):
        game = PocketGame(random_setup(seed))
        for _ in range(rng.randrange(0, 30)):
            if game.outcome is not None or game.unresolved:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.outcome is not None:
            continue
        due += game.unresolved
        position = playout.from_game(game)
        chance = Chance(seed)
        if game.unresolved:
            game.resolve()
        if game.outcome is None:
            play_randomly(game, chance)
        played: list[int] = []
        assert playout.run(position, Chance(seed).bits, played) == game.outcome
        same_end(position, game)
    assert due > 10


def test_step_by_step_the_same_legal_actions_and_the_same_positions():
    """The search's steps: at every moment the playout's legal actions are
    the engine's, in its order, and each action (with the witness call it
    brings) leaves the same position."""
    rng = random.Random(2)
    steps = 0
    for seed in range(SEEDS // 10):
        game = PocketGame(random_setup(seed))
        position = playout.from_game(game)
        while game.outcome is None:
            legal = game.legal_actions()
            assert playout.legal_codes(position) == [CODE[a] for a in legal]
            assert playout.jack_to_act(position) == (game.to_act == "jack")
            action = rng.choice(legal)
            game.advance(action)
            assert playout.play(position, CODE[action]) == game.outcome
            if game.outcome is None:
                again = playout.from_game(game)
                assert (position.rnd, position.step, position.faces, position.used) == (
                    again.rnd,
                    again.step,
                    again.faces,
                    again.used,
                )
                assert position.rotated == again.rotated and position.glasses == again.glasses
            same_end(position, game)
            steps += 1
    assert steps > 1000


def test_the_sight_tables_are_p6_for_every_wall_on_every_line():
    for p in range(1, 13):
        squares = POSITION_LINES[p][0]
        for code in range(125):
            walls = [0] * 9
            for sq, w in zip(squares, (code // 25, code // 5 % 5, code % 5), strict=True):
                walls[sq] = w
            engine_walls = [-1 if w == playout.NO_WALL else w for w in walls]
            assert playout.seen_squares(walls, p, p, p) == sight.seen_by(engine_walls, p)


def test_the_playouts_setups_are_p3s_every_one_as_likely():
    """Legal setups (a setup record reads them back), the tiles next to the
    detectives facing them, and over many draws every Jack, every tile on
    a1 and every wall on a free square about equally often."""
    chance = Chance(3)
    jacks, corner, walls = Counter(), Counter(), Counter()
    draws = 9000
    facing = {POSITION_LINES[p][0][0]: POSITION_LINES[p][1] for p in START_POSITIONS}
    for _ in range(draws):
        setup = playout.random_setup(chance.bits)
        assert Setup.from_json(setup.to_json()) == setup
        assert all(setup.walls[sq] == w for sq, w in facing.items())
        jacks[setup.jack] += 1
        corner[setup.tiles[0]] += 1
        walls[setup.walls[4]] += 1
    for counts, kinds in ((jacks, 9), (corner, 9), (walls, 4)):
        assert len(counts) == kinds
        expected = draws / kinds
        assert all(abs(n - expected) < 5 * expected**0.5 for n in counts.values()), counts


@pytest.mark.parametrize("seed", range(3))
def test_a_copy_plays_on_alone(seed):
    position = playout.from_setup(random_setup(seed))
    copy = position.copy()
    playout.run(copy, Chance(seed).bits)
    assert position.rnd == 1 and position.step == 0 and position.cleared == 0
    assert position.tiles == list(random_setup(seed).tiles)


def test_a_random_position_is_the_random_setups_position():
    """The bench's setup (`random_position`) is `random_setup`'s draw, P3."""
    for seed in range(200):
        a = playout.random_position(Chance(seed).bits)
        b = playout.from_setup(playout.random_setup(Chance(seed).bits))
        assert (a.tiles, a.walls, a.dets, a.jack, list(a.deck), list(a.throws)) == (
            b.tiles,
            b.walls,
            b.dets,
            b.jack,
            list(b.deck),
            list(b.throws),
        )
