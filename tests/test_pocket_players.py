"""Mr. Jack Pocket's computer players keep the contract of core/players.py:
they choose from their side's view alone (the honesty harness,
`players_honesty.py`), always a legal action, at every level and from any
seed; the possible games they look ahead on show the side exactly its view."""

from __future__ import annotations

import dataclasses
import os
import random

import pytest

import players_honesty
from whitechapel.core import players
from whitechapel.core.arena import play_one
from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction
from whitechapel.pocket import worlds
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK, SIDES
from whitechapel.pocket.setup import random_setup

LEVELS = players.levels("pocket")
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
# Games per level in the honesty harness: the searching levels think longer.
HONESTY_GAMES = {"random": 40, "easy": 40, "normal": 6, "hard": 3}


def test_the_registry_offers_every_level_for_both_sides():
    assert ("random", "easy", "normal", "hard")[: len(LEVELS)] == LEVELS
    assert {"random", "easy"} <= set(LEVELS)
    for level in LEVELS:
        for side in SIDES:
            p = players.new_player("pocket", level, side, 1)
            assert (p.side, p.level) == (side, level)


def test_unknown_levels_and_sides_are_refused_in_a_sentence():
    with pytest.raises(players.PlayerError, match="no 'grandmaster' computer player"):
        players.new_player("pocket", "grandmaster", JACK, 1)
    with pytest.raises(players.PlayerError, match="no side 'police'"):
        players.new_player("pocket", "easy", "police", 1)


def test_a_computer_seat_is_read_from_its_text():
    assert players.computer_level("computer") == players.DEFAULT_LEVEL
    assert players.computer_level("Computer:EASY", "pocket") == "easy"
    assert players.computer_level("Ann") is None
    with pytest.raises(players.PlayerError):
        players.computer_level("computer:best", "pocket")
    # a frozen reference is seated by its name (issue 30), though never offered
    assert players.computer_level("computer:hard-2026-12", "pocket") == "hard-2026-12"


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_players_choices_depend_only_on_its_view(level, side):
    """Replayed beside a twin with other secrets (another Jack and deck for
    the investigator, another deck for Jack), the player chooses the same
    until its view changes."""
    games = HONESTY_GAMES[level]
    # No time limit (budget 0): the search ends by its own widths, never by the clock.
    report = players_honesty.check(level, side, games=games, seed=7, budget=0)
    assert report.differences == []
    # It looked: choices were compared where the hidden secrets differed.
    assert report.hidden >= 2 * games


class Peeker:
    """A player that would use the engine if a host handed it over."""

    level = "peek"

    def __init__(self, side: str, seed: int, table: object = None) -> None:
        self.side = side
        self.engine: PocketGame | None = None

    def choose(self, view, legal, budget=None):
        e = self.engine  # Jack's identity and the next card: secrets of one side or the other
        secret = e.setup.jack + 3 * e.setup.deck[e.deck_pos] if e is not None else 0
        return legal[secret % len(legal)]


@pytest.mark.parametrize("side", SIDES)
def test_the_harness_catches_a_player_handed_the_engine(monkeypatch, side):
    real_players = players.players_of("pocket")
    monkeypatch.setattr(players, "players_of", lambda game: {**real_players, "peek": Peeker})

    def handing_over(player, state, to_act, budget):
        player.engine = state  # the mistake: the host hands the engine over
        return players_honesty.ask(player, state, to_act, budget)

    report = players_honesty.check("peek", side, games=10, seed=3, host=handing_over)
    assert report.differences
    honest = players_honesty.check("peek", side, games=10, seed=3)
    assert honest.differences == [] and honest.hidden > 10


@pytest.mark.parametrize("jack", LEVELS)
@pytest.mark.parametrize("investigator", LEVELS)
def test_every_level_plays_whole_games_legally(jack, investigator):
    """`players.choose` refuses any answer that is not a legal action; the
    games are played to their end from many seeds.  A searching player's
    game costs one to several seconds of CPU, more on a slow machine: five
    seeds for a pair with `normal`, two with `hard` (the honesty tests play
    hard games too); `HYPOTHESIS_PROFILE=thorough` plays 25 and 10."""
    searching = {"normal", "hard"} & {jack, investigator}
    if "hard" in searching:
        seeds = range(10 if THOROUGH else 2)
    else:
        seeds = range(25 if THOROUGH else 5) if searching else range(100)
    for seed in seeds:
        # budget 0: each search to its own end, the same game on any machine
        result = play_one("pocket", {JACK: jack, INVESTIGATOR: investigator}, seed, 0)
        assert result.winner in SIDES
        assert result.actions >= 4


def test_a_player_answering_outside_the_legal_actions_is_caught(monkeypatch):
    class Wrong:
        side, level = JACK, "wrong"

        def choose(self, view, legal, budget=None):
            return "Xa1a1"

    g = PocketGame.new(1)
    g.advance(g.legal_actions()[0])
    with pytest.raises(players.PlayerError, match="not a legal action"):
        players.choose(Wrong(), "pocket", g.view(JACK))


def test_a_world_shows_its_side_exactly_the_view_it_was_built_from():
    """`pocket/worlds.py` draws what a side does not know; the world it
    builds gives back the side's view (its log aside: a world has no past)."""
    rng, chance = random.Random(5), Chance(5)
    compared = 0
    for seed in range(60):
        g = PocketGame(random_setup(seed))
        while g.outcome is None:
            for side in SIDES:
                view = g.view(side)
                world = worlds.sample(view, chance)
                again = world.view(side)
                assert again == dataclasses.replace(view, log=())  # a world has no past
                compared += 1
                if side == INVESTIGATOR:
                    assert world.setup.jack in world.suspects()
            g.advance(rng.choice(g.legal_actions()))
    assert compared > 1000


def test_the_witness_call_is_due_after_a_rounds_fourth_action_and_resolve_makes_it():
    """The engine stops after a round's fourth action with the call due:
    nobody to act, no action, every action refused; `resolve()` makes it,
    and gives the very state `advance` (the hosts' one call) gives.  At any
    other moment nothing is due and `resolve()` is refused."""
    rng = random.Random(11)
    due = 0
    for seed in range(40):
        g = PocketGame(random_setup(seed))
        while g.outcome is None:
            action = rng.choice(g.legal_actions())
            if g.step == 3:
                other = g.clone()
                other.apply(action)
                assert other.unresolved and other.to_act is None and other.outcome is None
                assert other.legal_actions() == [] and other.view(JACK).legal == ()
                with pytest.raises(IllegalAction, match="witness call comes first"):
                    other.clone().apply(g.legal_actions()[0])
                other.resolve()
                due += 1
                g.advance(action)
                assert other == g and not g.unresolved
            else:
                assert not g.unresolved
                with pytest.raises(IllegalAction, match="nothing is due"):
                    g.clone().resolve()
                g.advance(action)
    assert due > 100


def test_a_game_behind_a_view_is_given_what_the_view_hides_and_nothing_else():
    """`PocketGame.behind` (the players' worlds) refuses hidden facts that do
    not fit the view: Jack cleared, the wrong number of cards in his hand, a
    card twice, throws of the wrong shape, another identity than Jack's view
    names; what fits gives the view back."""
    g = PocketGame(random_setup(3))
    for _ in range(6):
        g.advance(g.legal_actions()[-1])
    view = g.view(INVESTIGATOR)
    jack_cards = list(g.jack_alibis)
    deck = list(g.setup.deck[g.deck_pos :])
    throws = list(g.setup.throws)
    cleared = next(t.index for t in view.tiles if t.cleared)
    good = {"jack": g.setup.jack, "jack_alibis": jack_cards, "deck": deck, "throws": throws}
    world = PocketGame.behind(view, **good)
    assert world.view(INVESTIGATOR) == dataclasses.replace(view, log=())
    wrong = [
        {"jack": cleared},
        {"jack_alibis": [*jack_cards, deck[0]], "deck": deck[1:]},
        {"deck": [*deck, deck[0]]},
        {"throws": throws[:3]},
        {"throws": [(0, 1, 2, 0)] * 4},
    ]
    for change in wrong:
        with pytest.raises(ValueError):
            PocketGame.behind(view, **{**good, **change})
    other = next(t.index for t in view.tiles if not t.cleared and t.index != g.setup.jack)
    with pytest.raises(ValueError, match="Jack's view"):
        PocketGame.behind(g.view(JACK), **{**good, "jack": other})


def test_a_copy_with_another_jack_or_another_next_card_changes_that_alone():
    g = PocketGame(random_setup(5))
    jack, top = g.setup.jack, g.undrawn()[0]
    other = next(c for c in g.suspects() if c != jack)
    again = g.with_jack(other)
    assert again.setup.jack == other and g.setup.jack == jack
    assert again.view(INVESTIGATOR) == g.view(INVESTIGATOR)
    last = g.undrawn()[-1]
    dealt = g.with_next_card(last)
    assert dealt.undrawn()[0] == last and dealt.undrawn()[-1] == top
    assert sorted(dealt.undrawn()) == sorted(g.undrawn()) and g.undrawn()[0] == top
    with pytest.raises(ValueError):
        g.with_next_card(jack)  # Jack's own card is not in the deck
    while not any(t.cleared for t in g.view(JACK).tiles):
        g.advance(g.legal_actions()[0])
    gone = next(t.index for t in g.view(JACK).tiles if t.cleared)
    with pytest.raises(ValueError, match="cleared"):
        g.with_jack(gone)


def test_the_search_remembers_a_leaf_only_for_the_very_same_call():
    """The round search keeps each judged witness call, keyed by what the call
    and the table read; searched again without that memory, every action's
    worth is the same (positions where Jack may draw a card: its
    hourglasses make different calls of the same board)."""
    from whitechapel.pocket.players import reading
    from whitechapel.pocket.players.search import RoundSearch

    class Forgetful(RoundSearch):
        def leaf(self, g):
            self.leaves.clear()
            return super().leaf(g)

    rng = random.Random(4)
    compared = 0
    for seed in range(40):
        g = PocketGame(random_setup(seed))
        while g.outcome is None and compared < 12:
            view = g.view(g.to_act)
            if g.to_act == JACK and "A" in view.legal and g.step < 3:
                actions = g.legal_actions()
                args = (worlds.sample(view, Chance(seed)), reading.suspects(view), (0, 2, 2), None)
                assert RoundSearch(*args).root(actions) == Forgetful(*args).root(actions)
                compared += 1
            g.advance(rng.choice(g.legal_actions()))
    assert compared == 12


def test_a_hard_jack_fears_every_good_answer_of_the_investigator_not_only_the_best():
    """Inside Jack's search the investigator's answer is spread over his
    nearly best actions (the model's single best is anybody's guess): two
    equally good answers count half each, a much worse one hardly at all."""
    from whitechapel.pocket.players.search import RoundSearch

    search = RoundSearch(None, [0, 1], (0,), None, doubt=30.0)
    seen_a, seen_b = [1.0, 0.0], [0.0, 1.0]  # each sees one of the two suspects
    assert search.spread([seen_a, seen_b]) == pytest.approx([0.5, 0.5])
    poor = [0.0, 0.0]
    spread = search.spread([seen_a, poor])
    assert spread[0] > 0.99 and spread[1] < 0.01


class StepClock:
    """A clock that moves `step` seconds each time it is read."""

    def __init__(self, step: float = 0.01) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("budget", [None, 0.1])
@pytest.mark.parametrize("level", ["hard", "hard-2026-12"])
def test_a_searching_player_keeps_its_cpu_budget(level, side, budget):
    """The budget is CPU time: on clocks that move 10 ms each time the
    search reads them, the player stops at its budget (its own or the one
    it is given) and still answers a legal action, the search reading the
    clocks once past the deadline, no more."""
    game = PocketGame.new(4)
    while game.to_act != side:  # the first action of a round whose search is long
        game.play(str(game.legal_actions()[0]), game.to_act)
    view = game.view(side)
    unbounded = players.new_player("pocket", level, side, 1)
    unbounded.clocks = {"cpu": StepClock(), "wall": (used := StepClock())}  # read at each node
    unbounded.choose(view, view.legal, 10**6)
    player = players.new_player("pocket", level, side, 1)
    cpu = StepClock()
    player.clocks = {"cpu": cpu, "wall": cpu}  # an idle machine: as fast as the wall clock
    action = player.choose(view, view.legal, budget)
    allowed = player.budget if budget is None else budget
    assert used.now > 2 * allowed  # the whole search needs longer than allowed
    assert action in view.legal
    # within one check of the deadline: a check reads the wall clock and,
    # near the deadline, the CPU clock too, each read moving the one clock here
    assert allowed <= cpu.now <= allowed + 4 * cpu.step


@pytest.mark.parametrize("level", ["hard", "hard-2026-12"])
def test_on_a_loaded_machine_the_wall_clock_ceiling_ends_the_decision(level):
    """A thinking process that gets a tenth of a core: the CPU clock moves
    1 ms while the wall clock moves 10; the decision ends at the ceiling
    (`CEILING` budgets on the wall clock), having spent a tenth of its
    budget, and the CPU clock is read far less often than the wall clock."""
    game = PocketGame.new(4)
    view = game.view(game.to_act)
    player = players.new_player("pocket", level, view.side, 1)
    cpu, wall = StepClock(0.0001), StepClock(0.001)
    player.clocks = {"cpu": cpu, "wall": wall}
    budget = 0.1
    assert player.choose(view, view.legal, budget) in view.legal
    ceiling = players.CEILING * budget
    assert ceiling <= wall.now <= ceiling + 2.5 * wall.step
    assert cpu.now < budget / 2
    assert cpu.reads < wall.reads / 10


def test_the_frozen_reference_plays_the_games_todays_hard_played_when_it_was_frozen():
    """`hard-2026-12` is the hard level of December 2026, kept to measure
    progress against: with no time limit (budget 0) it plays again, action
    by action, the games recorded with that hard level (both sides against
    each other, then each side against random; tests/frozen_players.py)."""
    import frozen_players

    assert "hard-2026-12" in players.references("pocket")
    assert "hard-2026-12" not in players.levels("pocket")  # not offered to people
    compared = frozen_players.check("pocket", "hard-2026-12", None if THOROUGH else 2)
    assert compared == (12 if THOROUGH else 6)
