"""The action text form, refusal of illegal actions, and golden counts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whitechapel.core.errors import IllegalAction, NotationError
from whitechapel.core.game import PUBLIC
from whitechapel.pocket.actions import ALL_ACTIONS, parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.setup import random_setup

COUNTS = Path(__file__).parent / "data" / "pocket_counts.json"


def test_every_action_text_parses_back_to_itself():
    texts = [str(a) for a in ALL_ACTIONS]
    assert len(set(texts)) == len(ALL_ACTIONS) == 83
    for action in ALL_ACTIONS:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("loose", "canonical"),
    [
        ("h+1", "H+1"),
        (" rb2e ", "Rb2E"),
        ("Xc3A1", "Xa1c3"),
        ("j:watson", "J:W"),
        ("toby+2", "T+2"),
        ("a", "A"),
        ("J : -", "J:-"),
    ],
)
def test_parsing_forgives_case_spaces_and_order(loose, canonical):
    assert str(parse_action(loose)) == canonical


@pytest.mark.parametrize("text", ["", "H+3", "Rd1N", "Rb2Q", "Xa1a1", "J:", "jump", "A A", "R"])
def test_unknown_text_is_refused_with_a_message_naming_it(text):
    with pytest.raises(NotationError) as e:
        parse_action(text)
    assert repr(text) in str(e.value) and "not a Pocket action" in str(e.value)


def test_the_first_position_count_worked_by_hand():
    # Seed 10 throws Holmes, Toby, Rotation, Rotation for round 1: Holmes and
    # Toby offer 1 or 2 steps (4 actions); the two Rotation tokens offer the
    # same 9 tiles x 3 new orientations (27): 31 for the investigator.
    g = PocketGame(random_setup(10))
    assert g.open_faces() == ["H", "T", "R", "R"]
    assert len(g.legal_actions()) == 31


def _count(g: PocketGame, depth: int) -> int:
    if depth == 0 or g.outcome is not None:
        return 1
    total = 0
    for a in g.legal_actions():
        child = g.clone()
        child.advance(a)
        total += _count(child, depth - 1)
    return total


def test_golden_counts_of_action_sequences():
    """Like perft in chess: the number of action sequences of depth 1..3
    from fixed setups, kept in a data file, guards against rule drift."""
    golden = json.loads(COUNTS.read_text())
    for seed, counts in golden.items():
        g = PocketGame(random_setup(int(seed)))
        assert [_count(g, d) for d in (1, 2, 3)] == counts, f"setup seed {seed}"


# -- refusal of illegal actions (hypothesis) -----------------------------------

texts = st.one_of(
    st.sampled_from([str(a) for a in ALL_ACTIONS]),
    st.text(max_size=8),
    st.sampled_from(["J:-", "Xa1a1", "H+0", "R", "Ra1", "X", "Rz9N"]),
)
moves = st.tuples(
    st.one_of(st.integers(0, 10_000), texts), st.sampled_from([None, JACK, INVESTIGATOR])
)


@given(seed=st.integers(0, 2**32), moves=st.lists(moves, max_size=60))
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(seed, moves):
    g = PocketGame(random_setup(seed))
    for choice, side in moves:
        legal = g.legal_actions()
        if isinstance(choice, int):
            if not legal:
                continue
            action = legal[choice % len(legal)]
            side = side if side != g.to_act else None
            text = str(action)
        else:
            text = choice
        before = g.clone()
        try:
            action = parse_action(text)
        except NotationError as e:
            assert "is not a Pocket action" in str(e)
            continue
        should_pass = action in legal and side in (None, g.to_act)
        try:
            g.advance(action, side)
        except IllegalAction as e:
            assert not should_pass, f"{action} was legal but refused: {e}"
            assert str(e).startswith(str(action) + ": ") and len(str(e)) > len(str(action)) + 10
            assert g == before
        else:
            assert should_pass, f"{action} for {side} was accepted but is not legal"


def test_apply_refuses_what_is_not_an_action_and_anything_after_the_end():
    g = PocketGame(random_setup(5))
    with pytest.raises(NotationError):
        g.apply("H+1")  # text goes through play() / parse_action
    g.play(str(g.legal_actions()[0]))
    while g.outcome is None:
        g.advance(g.legal_actions()[0])
    with pytest.raises(IllegalAction, match="the game is over"):
        g.play("A")


# -- one rule of legal actions: the engine's, a view's, legal(view) --------------


@pytest.mark.parametrize("seed", range(30))
def test_every_sides_view_gives_the_engines_legal_actions(seed):
    """`legal(view)` (screens, the console) works the side to act's actions
    out of any side's view alone; they are the engine's, in its order, and
    the view's `legal` texts (players, the server) are those of the side to
    act and nobody else's."""
    rng = random.Random(seed)
    g = PocketGame(random_setup(seed))
    while True:
        engine = g.legal_actions()
        for side in (JACK, INVESTIGATOR, PUBLIC):
            view = g.view(side)
            assert list(legal(view)) == engine
            mine = side == g.to_act
            assert list(view.legal) == ([str(a) for a in engine] if mine else [])
        if g.outcome is not None:
            assert engine == []
            break
        g.advance(rng.choice(engine))
