"""Letters from Whitechapel's computer players keep the contract of
core/players.py: they choose from their side's view alone (the honesty
harness, `players_honesty.py`, with twins that hide another hideout, path,
women, real patrol markers or Chief order), always a legal action, at every
level and from any seed, with every option, on both shipped boards and on a
map from a file; the legal actions they are offered come from the view, the
placements' as the engine lists them."""

from __future__ import annotations

import json
import os
import random
import shutil
import zlib
from pathlib import Path

import pytest

import players_honesty
from lfw_random import OPTIONS, new_game
from whitechapel.cli import main
from whitechapel.core import players
from whitechapel.core.arena import play_one
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.legal import PatrolActions, legal_texts
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE, SIDES
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.setup import random_setup, table_of

LEVELS = players.levels("lfw")
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
SHIPPED = ("whitechapel-1888", "tutorial")
TUTORIAL = Path(__file__).parents[1] / "assets" / "maps" / "tutorial.json"
# Whole games per level and side: a thinking level's game costs seconds.
GAMES = {"random": 12, "easy": 6, "normal": 4, "hard": 3}


def seeds(level: str, scale: int = 1) -> range:
    return range(GAMES.get(level, 3) * scale * (5 if THOROUGH else 1))


@pytest.fixture(scope="module")
def file_map(tmp_path_factory) -> dict:
    """A player's own map, from a file: the table carries it whole."""
    path = tmp_path_factory.mktemp("maps") / "my-map.json"
    shutil.copy(TUTORIAL, path)
    board = load_board(str(path))
    assert board.builtin_id is None
    return table_of(random_setup(0, board))


def test_the_registry_offers_the_levels_for_both_sides():
    assert ("random", "easy", "normal", "hard")[: len(LEVELS)] == LEVELS
    for level in LEVELS:
        for side in SIDES:
            p = players.new_player("lfw", level, side, 1)
            assert (p.side, p.level) == (side, level)
    # The arena's yardstick Jack is no level a person is offered, and no policeman.
    assert "homeward" not in LEVELS
    assert players.new_player("lfw", "homeward", JACK, 1).level == "homeward"
    with pytest.raises(players.PlayerError, match="no 'homeward' computer player for the police"):
        players.new_player("lfw", "homeward", POLICE, 1)


def test_a_computer_seat_is_read_from_its_text():
    assert players.computer_level("computer:random", "lfw") == "random"
    with pytest.raises(players.PlayerError, match="no 'homeward' computer player"):
        players.computer_level("computer:homeward", "lfw")


# -- legal actions from the view ------------------------------------------------------


def test_the_placements_legal_actions_are_the_engines_on_every_night():
    """H2 and H3 views describe their placements; the players are offered
    exactly the engine's actions, in its order, and membership refuses the
    rest (night 1 on yellow crossings only, later nights where the police ended)."""
    chance, nights = Chance(3), {Phase.WOMEN: set(), Phase.PATROLS: set()}
    for seed in range(30):
        g = LfwGame.new(seed, OPTIONS["all"])
        while g.outcome is None and not all(len(n) == 4 for n in nights.values()):
            if g.phase in nights and g.night not in nights[g.phase]:
                nights[g.phase].add(g.night)
                offered = legal_texts(g.view(g.to_act))
                engine = [str(x) for x in g.legal_actions()]
                if g.phase == Phase.PATROLS:
                    assert isinstance(offered.actions, PatrolActions) and len(offered) == len(
                        engine
                    )
                    assert [offered[i] for i in range(0, len(engine), 7)] == engine[::7]
                    assert all(x in offered for x in engine[::13])
                    assert offered[-1] == engine[-1]
                else:
                    assert list(offered) == engine
            action = (
                homeward_action(g, chance, 1.0) if g.to_act == JACK else g.random_action(chance)
            )
            g.apply(action)
    assert nights[Phase.PATROLS] == {1, 2, 3, 4}


def test_a_patrol_placement_not_allowed_is_not_among_the_legal_actions():
    g = LfwGame.new(1)
    g.apply(g.legal_actions()[0])  # S1
    g.apply(g.random_action(Chance(1)))  # H2
    offered = legal_texts(g.view(POLICE))
    first = offered[0]
    assert first in offered
    real, _, fakes = first.partition(" / ")
    swapped = f"{real} / {fakes.split()[0]} {fakes.split()[0]}"  # one crossing twice
    assert swapped not in offered
    assert first.replace(first.split()[1], "x999") not in offered  # not a yellow crossing
    assert "patrols" not in offered and 7 not in offered
    assert legal_texts(g.view(JACK)) == []  # not Jack's turn


# -- honesty ----------------------------------------------------------------------------


def lfw_start(index: int, rng: random.Random) -> LfwGame:
    """Mostly the small tutorial board, the 1888 board every third game;
    options all on in every other game."""
    board = SHIPPED[0] if index % 3 == 2 else SHIPPED[1]
    return new_game(rng.getrandbits(32), board, OPTIONS["all" if index % 2 else "none"])


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_players_choices_depend_only_on_its_view(level, side):
    """Replayed beside a twin with other secrets (for the police: another
    hideout, path, marked women or Chief order; for Jack: other real patrol
    markers or Chief order), the player chooses the same until its view
    changes.  Jack's opponent heads home, so that games reach later nights."""
    opponent = "homeward" if side == POLICE else "random"
    games = len(seeds(level, 2))
    report = players_honesty.check(
        level, side, games=games, seed=11, opponent=opponent, start=lfw_start, budget=0
    )
    assert report.differences == []
    # It looked: choices were compared where the hidden secrets differed.
    assert report.hidden >= games


class Peeker:
    """A player that would use the engine's secrets if a host handed it over."""

    level = "peek"

    def __init__(self, side: str, seed: int, table: object = None) -> None:
        self.side = side
        self.engine = None

    def choose(self, view, legal, budget=None):
        if self.engine is None:
            return legal[0]
        g = self.engine
        secret = (
            g.hideout
            if self.side == POLICE
            else sorted((x, m.colour) for x, m in g.markers.items())
        )
        return legal[zlib.crc32(repr(secret).encode()) % len(legal)]


@pytest.mark.parametrize("side", SIDES)
def test_the_harness_catches_a_player_handed_the_engine(side, monkeypatch):
    real_players = players.players_of("lfw")
    monkeypatch.setattr(players, "players_of", lambda game: {**real_players, "peek": Peeker})

    def handing_over(player, state, to_act, budget):
        player.engine = state  # the mistake: the host hands the engine over
        return players_honesty.ask(player, state, to_act, budget)

    opponent = "homeward" if side == POLICE else "random"
    kw = dict(games=12, seed=3, opponent=opponent, start=lfw_start)
    assert players_honesty.check("peek", side, host=handing_over, **kw).differences
    honest = players_honesty.check("peek", side, **kw)
    assert honest.differences == [] and honest.hidden > 12


# -- whole games, legally -----------------------------------------------------------------


@pytest.mark.parametrize("options", ["none", "all"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_legally_on_every_board(level, options, file_map):
    """`players.choose` refuses any answer that is not legal: each level
    plays its side's whole games, against a random and a homeward opponent,
    on the 1888 board, the tutorial board and a map from a file."""
    tables = [{"builtin": b} for b in SHIPPED] + [file_map]
    nights = []  # budget 0 below: each decision to its own end, the same games on any machine
    for seed in seeds(level):
        table = tables[seed % len(tables)]
        for levels in ({JACK: level, POLICE: "random"}, {JACK: "homeward", POLICE: level}):
            result = play_one("lfw", levels, seed, 0, OPTIONS[options].to_json(), table)
            assert result.winner in SIDES
            nights.append(result.measures["nights played"])
    if level != "random":
        assert max(nights) == 4  # the later nights' decisions were played too


@pytest.mark.parametrize("jack", LEVELS)
@pytest.mark.parametrize("police", LEVELS)
def test_every_pair_of_levels_plays_legally(jack, police):
    for seed in range(2 if {jack, police} & {"normal", "hard"} else 4):
        options = OPTIONS["all" if seed % 2 else "none"].to_json()
        result = play_one("lfw", {JACK: jack, POLICE: police}, 500 + seed, 0, options)
        assert result.winner in SIDES


def test_a_player_reads_the_board_of_its_table(file_map):
    """A map from a file reaches the players whole: the homeward Jack steers
    by its streets, so the same game on it is played the same way again."""
    levels = {JACK: "homeward", POLICE: "random"}
    one = play_one("lfw", levels, 9, None, {}, file_map)
    again = play_one("lfw", levels, 9, None, {}, file_map)
    assert (one.winner, one.reason, one.actions) == (again.winner, again.reason, again.actions)
    assert load_board("tutorial").name == "Tutorial"


# -- the arena command ------------------------------------------------------------------


def arena_json(capsys, *args: str) -> dict:
    assert main(["lfw", "arena", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_arena_prints_wins_endings_nights_and_decision_times(capsys):
    argv = [
        "lfw",
        "arena",
        "--jack",
        "homeward",
        "--police",
        "random",
        "--games",
        "12",
        "--map",
        "tutorial",
        "--options",
        "all",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    for words in (
        "jack (homeward) wins",
        "police (random) wins",
        "95% interval",
        "decisions",
        "police (random) whole turn p95",
        "nights played",
        "Jack's moves a night",
        "how games ended",
    ):
        assert words in out
    data = arena_json(capsys, *argv[2:])
    assert sum(data["wins"].values()) == data["games"] == 12
    assert sum(data["reasons"].values()) == 12
    assert 1 <= data["measures"]["nights played"] <= 4
    assert all(data["options"].values())  # every optional rule was on


def test_the_arena_is_repeatable_and_the_same_in_several_processes(capsys):
    args = (
        "--jack",
        "homeward",
        "--police",
        "random",
        "--games",
        "8",
        "--seed",
        "4",
        "--map",
        "tutorial",
    )
    one, again, two = (arena_json(capsys, *args, *more) for more in ((), (), ("--jobs", "2")))
    for key in ("wins", "reasons", "measures", "decisions"):
        assert one[key] == again[key] == two[key]


def test_the_arena_refuses_bad_levels_and_maps_in_a_sentence(capsys, tmp_path):
    try:
        code = main(["lfw", "arena", "--jack", "grandmaster", "--games", "2"])
    except SystemExit as done:  # refused while the command line is read
        code = int(done.code or 0)
    assert code == 2  # a usage error (issue 50)
    err = capsys.readouterr().err
    assert "no 'grandmaster' computer player" in err and "Traceback" not in err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["lfw", "arena", "--map", str(bad), "--games", "2"]) == 1
    err = capsys.readouterr().err
    assert "bad.json" in err and "Traceback" not in err
