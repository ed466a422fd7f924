"""Typed views (`lfw/views.py`) and their JSON: what records, the network
protocol, `replay --json` and `lfw notebook --json` carry is unchanged,
byte for byte, and reads back to the same view."""

from __future__ import annotations

import hashlib
import json
import pickle
from dataclasses import FrozenInstanceError

import pytest

from lfw_random import OPTIONS, choose, new_game
from whitechapel.core.chance import Chance
from whitechapel.core.game import PUBLIC, view_json, with_legal
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.views import JackView, PoliceView, PublicView, view_from_json

SIDES = (JACK, POLICE, PUBLIC)

# Seeded games (seed, board, options, how often Jack heads home in tenths,
# police who see his path) and what the views were before they were typed:
# the positions played, and one SHA-256 over, at every position, each side's
# view as JSON text and its replay summary, the police notebook's JSON at
# every 7th, and the end's reveal.  Made by the dict views of main at
# 8644896; between them the games play every kind of event of the log.  The
# games stay on the editions they were made on (a new edition changes them).
BEFORE = [
    (
        (1, "whitechapel-1888@2", "none", 7, False),
        327,
        "b77cfcc8ead7344273d77f7e134c57dc80e7afeb3f687cadcc6f91dcc246c4ab",
    ),
    (
        (2, "whitechapel-1888@2", "all", 7, True),
        252,
        "138ee31634aa7edc3bfcb4f795af774e39928d18345fe6119c16aadfe16b215a",
    ),
    (
        (3, "whitechapel-1888@1", "none", 10, True),
        187,
        "e991d2a3bfe6c9cc02eb673a036ac122d039d233c9dec6624ddab44fefbd6214",
    ),
    (
        (4, "tutorial@2", "all", 10, True),
        43,
        "9ab0667c22bf026d0e2dc69945b0621e94938ead8f0aa68ab8594f3debdb8212",
    ),
    (
        (5, "tutorial@2", "none", 0, False),
        139,
        "8617669d8117657d5240b7d8c8e49e0aca7a1246fb05741734688c883f60410b",
    ),
    (
        (6, "whitechapel-1888@2", "all", 10, True),
        222,
        "14ae866ac58192c576f7fd9e6367cb249e19bab2dc3562ed215a1be13f970ad5",
    ),
]


def played(seed: int, board: str, options: str, homing: int, seeing: bool):
    """Each position of the game: the game, after each action in turn."""
    chance = Chance(seed)
    g = new_game(seed, board, OPTIONS[options])
    while True:
        yield g
        if g.outcome is not None:
            return
        g.apply(choose(g, chance, homing, seeing))


@pytest.mark.parametrize(("game", "positions", "digest"), BEFORE, ids=lambda x: str(x)[:30])
def test_the_views_json_is_what_it_was(game, positions, digest):
    """Every view's JSON text (its keys in the same order), the replay
    summary and the notebook's JSON, position by position; and the views
    read back from their JSON as themselves."""
    chained, seen, nb = hashlib.sha256(), 0, None
    for g in played(*game):
        for side in SIDES:
            view = g.view(side)
            data = view.to_json()
            chained.update(json.dumps(data).encode())
            chained.update(RULES.summary(view, {"jack": "Ann", "police": "Bob"}, seen).encode())
            if seen % 4 == 0:  # reading back costs: every 4th position
                back = RULES.view_from_json(json.loads(json.dumps(data)))
                assert back == view and type(back) is type(view)
        if seen % 7 == 0:
            nb = notebook(g.view(POLICE), g.board, nb)
            chained.update(json.dumps(nb.to_json()).encode())
        seen += 1
    chained.update(json.dumps(g.reveal()).encode())
    assert (seen, chained.hexdigest()) == (positions, digest)


def test_each_side_gets_its_own_kind_of_view():
    g = LfwGame.new(3)
    jack, police, public = g.view(JACK), g.view(POLICE), g.view(PUBLIC)
    assert isinstance(jack, JackView) and jack.jack.hideout is None  # S1: not chosen yet
    assert isinstance(police, PoliceView) and police.jack is None
    assert isinstance(public, PublicView) and public.jack is None
    assert jack.legal and all(str(parse_action(str(a))) == str(a) for a in jack.legal)
    assert police.legal == () and "legal" not in public.to_json()
    with pytest.raises(FrozenInstanceError):
        jack.night = 2  # type: ignore[misc]
    with pytest.raises(ValueError):
        g.view("chief")


def test_a_view_travels_to_a_worker_and_back():
    """The computer thinks in another process: a view pickles whole."""
    g = LfwGame.new(4)
    g.play(str(g.legal_actions()[0]))
    view = g.view(JACK)
    assert pickle.loads(pickle.dumps(view)) == view


def test_the_legal_actions_narrowed_and_the_ends_sheet_read_back():
    """A network room's computer seat gets fewer actions (`with_legal`); a
    room that ends otherwise than by the rules adds Jack's sheet to the
    police's view (`reveal`): both read back typed."""
    g = LfwGame.new(5)
    view = g.view(JACK)
    fewer = with_legal(view, view.legal[:2])
    assert view_json(fewer)["legal"] == [str(a) for a in view.legal[:2]]
    assert RULES.view_from_json(view_json(fewer)) == fewer
    police = RULES.view_from_json({**view_json(g.view(POLICE)), **g.reveal()})
    assert isinstance(police, PoliceView) and police.jack == g.view(JACK).jack


@pytest.mark.parametrize(
    "broken",
    [{}, {"side": "jack"}, {"game": "pocket", "side": "jack", "phase": 3}, "not a view"],
    ids=["empty", "a side only", "another game", "text"],
)
def test_what_is_not_a_view_is_refused_in_a_sentence(broken):
    with pytest.raises(ValueError, match="not a Letters from Whitechapel view"):
        view_from_json(broken)
