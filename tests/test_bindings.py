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


OWNERS = [
    WhitechapelApp,
    PocketScreen,
    LfwScreen,
    LobbyScreen,
    HelpScreen,
    PocketSetup,
    LfwSetup,
    ContinueScreen,
    LoadScreen,
    PuzzleScreen,
    PuzzleList,
    LessonScreen,
]


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


# Keys a browser keeps for itself (a page never sees them: close the tab, a
# new tab or window, quit in some browsers), and the screens a gateway's
# session (SSH or a browser's page, issue 31) can show.
BROWSER_RESERVED = {
    "ctrl+w",
    "ctrl+t",
    "ctrl+n",
    "ctrl+q",
    "ctrl+shift+w",
    "ctrl+shift+t",
    "ctrl+shift+n",
    "ctrl+shift+q",
    "ctrl+tab",
    "ctrl+shift+tab",
}


def _gateway_screens() -> list[type]:
    from whitechapel.lfw.ui.screen import LfwScreen
    from whitechapel.ui.lobby import ComputerChoice
    from whitechapel.ui.screens.records import RecordsScreen, ReplayScreen

    return [
        WhitechapelApp,
        LobbyScreen,
        ComputerChoice,
        PocketScreen,
        LfwScreen,
        HelpScreen,
        RecordsScreen,
        ReplayScreen,
    ]


@pytest.mark.parametrize("owner", _gateway_screens(), ids=lambda o: o.__name__)
def test_no_action_of_a_gateway_session_needs_a_key_browsers_keep(owner):
    """Every action has a key a browser passes on; quitting (ctrl+q) is also
    in the command palette (ctrl+p), and in a browser a page is closed."""
    needing = [
        b.id for b in owner.BINDINGS if all(k.strip() in BROWSER_RESERVED for k in b.key.split(","))
    ]
    assert set(needing) <= {"app.quit"}, needing


async def test_quitting_is_in_a_gateway_sessions_command_palette():
    app = WhitechapelApp(ssh=True)
    async with app.run_test(size=(100, 30)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
    assert "Quit" in titles, titles
