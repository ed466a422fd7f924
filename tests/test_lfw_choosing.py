"""Choosing an action word by word (lfw/ui/choosing.py, picking.py): the
logic behind the hot-seat screen's keys, without the screen."""

from __future__ import annotations

import pytest

from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.ui.choosing import Chooser, Placer, words_of
from whitechapel.lfw.ui.picking import Picking
from whitechapel.lfw.view_parts import PatrolPlacement, WomenPlacement


def test_words_split_moves_and_stays():
    assert words_of("wretched 65>66") == ("wretched", "65", ">", "66")
    assert words_of("wretched 65=") == ("wretched", "65", "=")
    assert words_of("blue search 65") == ("blue", "search", "65")


def test_a_single_next_word_is_taken_at_once():
    c = Chooser(["blue x12", "blue x13", "blue stay"])
    assert c.picked == ["blue"] and c.options() == ["x12", "x13", "stay"]
    assert c.pick("stay") == "blue stay"


def test_a_wretched_move_takes_its_arrow_and_back_undoes_the_players_word():
    c = Chooser(["wretched 65>66", "wretched 65>67", "wretched 70>71"])
    assert c.pick("65") is None
    assert c.picked == ["wretched", "65", ">"] and c.options() == ["66", "67"]
    assert c.text_with("99") == "wretched 65>99"
    assert c.back() and c.picked == ["wretched"]
    assert not c.back()


def test_t1_the_walk_onto_the_hideout_waits_for_home_or_through():
    """T1: announcing (home) or passing through (its own word, round 4),
    so no action is complete on the hideout until one is named."""
    c = Chooser(["step 90", "step 90 home", "step 91"])
    assert c.picked == ["step"]  # every action starts with it
    assert c.pick("90") is None
    assert c.complete() is None and c.options() == ["home", "through"]
    assert c.pick("home") == "step 90 home"
    assert c.back() and c.options() == ["home", "through"]
    assert c.pick("through") == "step 90"


def test_an_offered_word_only():
    c = Chooser(["kill 65", "wait"])
    with pytest.raises(ValueError):
        c.pick("82")


def test_placing_patrols_keeps_room_for_the_crossings_that_must_be_used():
    p = Placer("patrols", PatrolPlacement(("x1", "x2"), ("x3", "x4", "x5", "x6", "x7"), 5, 2))
    for x in ("x3", "x4", "x5", "x6", "x7"):
        assert p.what_next().endswith("marker") and p.pick(x) is None
    # the fakes alike, two places left for two: put down with the last real one
    assert p.filled == 2 and p.options() == []
    assert p.complete() == "patrols x3 x4 x5 x6 x7 / x1 x2"  # it waits for Enter
    assert p.back() and p.picked == ["x3", "x4", "x5", "x6"]  # with what came with it
    p = Placer("patrols", PatrolPlacement(("x1", "x2"), ("x3", "x4", "x5", "x6", "x7", "x8"), 5, 2))
    for x in ("x1", "x2", "x3", "x4", "x5"):
        p.pick(x)
    assert p.options() == ["x6", "x7", "x8"] and p.what_next() == "fake marker 1 of 2"
    p.pick("x8")
    assert p.filled == 0 and p.options() == ["x6", "x7"]  # a choice left


def test_placing_women_marked_first():
    p = Placer("women", WomenPlacement((3, 21, 27, 30), 3, 2))
    assert p.what_next() == "marked woman 1 of 2"
    p.pick(21)
    p.pick(3)
    assert p.what_next() == "unmarked woman 1 of 1"  # a choice left: 27 or 30
    assert p.pick(27) is None and p.complete() == "women 21 3 / 27"
    game = LfwGame.new(1, Options(), load_board("tutorial"))
    game.play(str(game.view("jack").legal[0]))  # a hideout
    place = game.view("jack").placement
    assert isinstance(place, WomenPlacement)
    p = Placer("women", place)
    for c in place.circles[: place.women]:
        if c in p.options():
            p.pick(c)
    game.play(p.complete())  # the engine takes what the placer wrote (any order)
    assert game.phase == "patrols"


def test_h2_the_unmarked_women_go_down_at_once_when_the_red_circles_leave_no_choice():
    """H2, night 1: a woman on every red circle, so Jack names only the
    marked ones; Esc takes back the last marked one with them."""
    p = Placer("women", WomenPlacement((3, 21, 27, 30), 4, 2))
    p.pick(21)
    assert p.complete() is None and p.options() == [3, 27, 30]
    p.pick(30)
    assert p.complete() == "women 21 30 / 3 27"  # waits for Enter
    assert p.back() and p.picked == [21] and p.options() == [3, 27, 30]
    game = LfwGame.new(1, Options(), load_board("tutorial"))
    game.play(str(game.view("jack").legal[0]))  # a hideout
    place = game.view("jack").placement
    assert isinstance(place, WomenPlacement)
    p = Placer("women", place)
    for c in place.circles[: place.marked]:  # the marked ones: the rest is forced
        p.pick(c)
    assert p.complete() is not None
    game.play(p.complete())  # the engine takes what the placer wrote
    assert game.phase == "patrols"


def test_picking_enter_alone_is_done_until_tab_is_pressed():
    board = load_board("tutorial")
    p = Picking(board, Chooser(["kill 2", "kill 2 6", "wait"]))
    assert p.word_options() == ["kill", "wait"]
    assert p.pick("kill") is None
    assert p.complete() == "kill 2" and p.node_options() == ["6"]
    assert p.highlighted() is None  # Enter plays "kill 2"
    p.cycle(1)
    assert p.highlighted() == "6"  # the first Tab shows the first target
    assert p.choice_specs(7) == [("a 6", "6"), ("Done", "*done"), ("Back", "*back")]


def test_picking_typed_text_names_a_node_exactly_or_a_word_by_prefix():
    board = load_board("tutorial")
    p = Picking(board, Chooser(["blue x12", "blue x13", "blue stay"]))
    assert p.matches("x1") == []
    assert p.matches("x12") == ["x12"]
    assert p.matches("st") == ["stay"]
    assert "3 stay" in p.keys_hint()
