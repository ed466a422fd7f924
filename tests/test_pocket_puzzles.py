"""The Pocket puzzles (`pocket/puzzles.py`, `pocket/goals.py`): every one
starts on the player's turn, has a solution and a wrong play, found by
trying every legal action from its position; an investigator's puzzle is
judged the same whoever Jack is among the suspects (its goal cannot hang on
a secret), and its words never name him."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from whitechapel.core.errors import WhitechapelError
from whitechapel.pocket.actions import Action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.goals import Attempt, Verdict
from whitechapel.pocket.pieces import CHARACTER_INDEX, CHARACTERS, INVESTIGATOR, JACK
from whitechapel.pocket.puzzles import PUZZLES, Puzzle, puzzle
from whitechapel.pocket.views import PocketView

IDS = [f"{i}-{p.tag}-{p.title}" for i, p in enumerate(PUZZLES, 1)]


def attempts(p: Puzzle, game: PocketGame | None = None) -> Iterator[Attempt]:
    """Every way to play the puzzle: each legal action at each of the
    player's moves, judged on the player's views as the screen does."""
    game = game or p.start()
    start = game.view(p.side)

    def walk(g: PocketGame, played: tuple[Action, ...], before: PocketView) -> Iterator[Attempt]:
        if len(played) == p.moves or g.outcome is not None:
            yield Attempt(start, before, played, g.view(p.side))
            return
        assert g.to_act == p.side, f"{p.title}: the player's move {len(played) + 1} is not theirs"
        view = g.view(p.side)
        for action in g.legal_actions():
            nxt = g.clone()
            nxt.advance(action)
            yield from walk(nxt, (*played, action), view)

    yield from walk(game, (), start)


def judged(p: Puzzle, game: PocketGame | None = None) -> dict[tuple[str, ...], Verdict]:
    return {tuple(str(x) for x in a.actions): p.judge(a) for a in attempts(p, game)}


def test_six_puzzles_teach_sight_the_witness_call_and_the_end():
    assert len(PUZZLES) == 6
    assert [p.tag for p in PUZZLES] == ["P6", "P6", "P7", "P7", "P8", "P8"]
    assert {p.side for p in PUZZLES} == {JACK, INVESTIGATOR}
    assert puzzle(1) is PUZZLES[0] and puzzle(6) is PUZZLES[5]
    for number in (0, 7):
        with pytest.raises(WhitechapelError, match="there are 6 puzzles"):
            puzzle(number)


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_a_puzzle_starts_on_the_players_turn_and_ends_within_a_round(p: Puzzle):
    game = p.start()
    assert len(game.history) == len(p.opening) and game.outcome is None
    assert game.to_act == p.side
    # The player's moves are all theirs (checked while walking them), and a
    # witness call comes only with the last one: no reply is ever needed.
    assert game.step + p.moves <= 4
    for goal in (p.goal, p.title):
        assert goal == goal.strip() and len(goal) <= 60  # the banner: "Puzzle N · goal: …"


@pytest.mark.parametrize("p", PUZZLES, ids=IDS)
def test_a_puzzle_has_a_solution_and_a_wrong_play(p: Puzzle):
    verdicts = judged(p)
    met = [actions for actions, v in verdicts.items() if v.met]
    missed = [actions for actions, v in verdicts.items() if not v.met]
    assert met and missed, f"{p.title}: {len(met)} solutions, {len(missed)} wrong plays"
    assert verdicts[p.solution].met, verdicts[p.solution].sentence
    # A puzzle, not a formality: most plays miss the goal.
    assert len(met) * 4 < len(verdicts)
    for v in verdicts.values():  # one sentence a player reads, never notation
        assert v.sentence.endswith(".") and v.sentence[0].isupper() and "\n" not in v.sentence


def test_the_verdicts_say_what_came_of_the_play():
    sight, hiding, split, hourglass, two_left, race = PUZZLES
    assert (
        judged(sight)[("W+2",)].sentence
        == "The detectives see 3 suspects: Lestrade, Lane and Madame."
    )
    assert judged(sight)[("H+1",)].sentence == (
        "The detectives see only 2 suspects (Bert and Stealthy), not 3."
    )
    assert judged(hiding)[("H+1", "Ra1W")].sentence == "Watson still sees you."
    assert judged(split)[("Rb1W",)].sentence == (
        "The detectives saw 3 of the 8 suspects: had Jack not been seen, the call "
        "would have cleared only 3."
    )
    assert judged(hourglass)[("Rc3W",)].sentence == (
        "You were not seen and take the hourglass, but the call cleared 2 suspects "
        "(Stealthy and Smith)."
    )
    assert judged(two_left)[("Rb2W",)].sentence.startswith("You win (only one suspect is left")
    verdicts = judged(race)
    assert verdicts[("Xa1b3",)].sentence.endswith("the race begins instead of a win.")
    assert verdicts[("Xa1b2",)].sentence.startswith("You lose")
    assert verdicts[("Xa3b3",)].sentence == "You win (Jack has six hourglasses or more)."


def with_jack(p: Puzzle, jack: str) -> PocketGame:
    """The puzzle's position with another Jack: his card takes the real
    Jack's place in the deck, everything else the same."""
    s = p.setup
    new = CHARACTER_INDEX[jack]
    deck = tuple(s.jack if c == new else c for c in s.deck)
    game = PocketGame(dataclasses.replace(s, jack=new, deck=deck))
    for text in p.opening:
        game.play(text)
    return game


@pytest.mark.parametrize("p", [p for p in PUZZLES if p.side == INVESTIGATOR], ids=lambda p: p.title)
def test_an_investigators_puzzle_is_judged_the_same_whoever_jack_is(p: Puzzle):
    real = {actions: v.met for actions, v in judged(p).items()}
    others = [CHARACTERS[c].id for c in p.start().suspects() if c != p.setup.jack]
    assert others
    for jack in others:
        twin = with_jack(p, jack)
        assert twin.view(INVESTIGATOR) == p.start().view(INVESTIGATOR)
        assert {a: v.met for a, v in judged(p, twin).items()} == real, jack


@pytest.mark.parametrize("p", [p for p in PUZZLES if p.side == INVESTIGATOR], ids=lambda p: p.title)
def test_an_investigators_puzzle_never_names_jack(p: Puzzle):
    jack = CHARACTERS[p.setup.jack]
    words = f"{p.title} {p.lesson} {p.goal}"
    assert f"Jack is {jack.name}" not in words and f"as {jack.name}" not in words
    if p.start().suspect_count() > 2:
        assert jack.name not in words and jack.name.split()[-1] not in words
