"""Every key binding has an id (`scope.action`), so that a keymap can rebind
it; within a screen no two bindings share one."""

from __future__ import annotations

import re

import pytest
from textual.binding import Binding

from whitechapel.app import ContinueScreen, LoadScreen, WhitechapelApp
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.lfw.ui.setup import LfwSetup
from whitechapel.pocket.ui.puzzles import LessonScreen, PuzzleList, PuzzleScreen
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.pocket.ui.setup import PocketSetup
from whitechapel.ui.lobby import LobbyScreen
from whitechapel.ui.screens.help import HelpScreen

SCHEME = re.compile(r"^(app|pocket|lfw|lobby|help)(\.[a-z0-9_]+)+$")


OWNERS = [WhitechapelApp, PocketScreen, LfwScreen, LobbyScreen, HelpScreen, PocketSetup, LfwSetup,
          ContinueScreen, LoadScreen, PuzzleScreen, PuzzleList, LessonScreen]  # fmt: skip


@pytest.mark.parametrize("owner", OWNERS)
def test_every_binding_has_an_id_of_the_scheme(owner):
    bindings = [b for b in owner.BINDINGS if isinstance(b, Binding)]
    assert len(bindings) == len(owner.BINDINGS)
    ids = [b.id for b in bindings]
    assert all(i is not None and SCHEME.match(i) for i in ids), ids
    assert len(set(ids)) == len(ids)


def test_game_bindings_are_named_for_their_game():
    assert {b.id.split(".")[0] for b in PocketScreen.BINDINGS} == {"pocket"}
    for screen in (PuzzleScreen, PuzzleList, LessonScreen):
        assert {b.id.split(".")[0] for b in screen.BINDINGS} == {"pocket"}
    assert {b.id.split(".")[0] for b in LfwScreen.BINDINGS} == {"lfw"}
