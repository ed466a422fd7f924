"""Playing Letters from Whitechapel through the hot-seat screen, key by key.

The driver asks the engine for an action (random legal play, Jack mostly
heading home so games reach the later nights), turns it into the keys a
player presses on the screen (type a circle's number and Enter, a digit for
a word choice, Enter alone for "done") and checks that the engine got
exactly that action.  `LfwSecrecyWatch` checks §9 after every key.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

import settle
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import JACK_ONLY
from whitechapel.lfw.ui.nightend import NIGHT_END
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.source import LocalSource
from whitechapel.ui.turns import PASS
from whitechapel.ui.widgets.text import Curtain, TextPanel

PLAYERS = {"jack": "Ann", "police": "Bob"}
# The boards the seeded searches for a position were written on: a new
# edition plays other games from the same seeds (docs/maps.md, "Editions").
SEEDED_1888, SEEDED_TUTORIAL = "whitechapel-1888@2", "tutorial@2"
JACK_ONLY_TAGS = JACK_ONLY  # hideout, path, Jack, marked women, where his moves reach


def lfw_app(seed: int, tmp_path: Path, *, options: Options | None = None, board="tutorial"):
    game = LfwGame.new(seed, options or Options(), load_board(board))
    source = LocalSource(game, record_of(game, seed=seed, players=PLAYERS), Store(tmp_path))
    screen = LfwScreen(source, game.board)
    return WhitechapelApp(start=screen), screen


def game_app(game: LfwGame, tmp_path: Path) -> tuple[WhitechapelApp, LfwScreen]:
    """The hot-seat app on `game` as it stands, its record kept in `tmp_path`."""
    source = LocalSource(game, record_of(game, players=PLAYERS), Store(tmp_path))
    screen = LfwScreen(source, game.board)
    return WhitechapelApp(start=screen), screen


def prompt_text(app) -> str:
    """The prompt panel's words, on one line."""
    return " ".join(app.screen.query_one("#prompt").render().plain.split())


async def press_for_all(pilot: Pilot, app, key: str) -> None:
    """Key 0 or 9 (every policeman still to act): pressed, and pressed again
    where it asks first (mid-turn: tester C2, round 15)."""
    await settle.press(pilot, key)
    if f"{key} again: yes" in prompt_text(app):
        await settle.press(pilot, key)


async def raise_curtain(pilot: Pilot, screen: LfwScreen) -> None:
    """Settle, then pass every hand-over curtain that is down."""
    await settle.settle(pilot)
    driver = LfwDriver(pilot, screen)
    while screen.curtain_up:
        await driver.pass_handover()
    await settle.settle(pilot)


def widget_text(app) -> str:
    """The text of every visible text panel of the top screen, one line each."""
    parts = []
    for w in app.screen.query(TextPanel):
        if w.display and w.styles.visibility != "hidden" and not isinstance(w, Curtain):
            parts.append(" ".join(w.render().plain.split()))
    return "\n".join(parts)


class LfwDriver:
    def __init__(self, pilot: Pilot, screen: LfwScreen, seed: int = 0) -> None:
        self.pilot = pilot
        self.screen = screen
        self.game = screen.source.game
        self.app = pilot.app
        self.chance = Chance(seed)
        self.rng = random.Random(seed)
        self.handovers: list[str] = []
        self.after_each: list[Callable[[str], Awaitable[None] | None]] = []

    async def press(self, key: str) -> None:
        await settle.press(self.pilot, key)  # handled and drawn, without idle sleeps
        for check in self.after_each:
            result = check(key)
            if result is not None:
                await result

    def curtain_text(self) -> str:
        return " ".join(self.screen.query_one(Curtain).render().plain.split())

    async def saved(self) -> None:
        """Wait for the autosave of what was played (it follows the frame that
        shows a move, on a timer of its own)."""
        await until(lambda: not self.screen._unsaved, what="the autosave", pilot=self.pilot)

    async def pass_handover(self) -> None:
        assert self.screen.curtain_up
        self.handovers.append(self.curtain_text())
        await self.press("enter")
        # gone, or a night's summary follows its hand-over, or (a hot seat,
        # after Jack's summary) the hand-over to the police for theirs
        assert self.screen.curtain_kind in (None, NIGHT_END, PASS)

    def next_action(self) -> str:
        g = self.game
        if g.to_act == JACK:
            return str(homeward_action(g.clone(), self.chance))
        return str(g.random_action(self.chance))

    async def play_action(self, text: str) -> None:
        n = len(self.game.history)
        for key in keys_for(self.game, text):
            await self.press(key)
        assert len(self.game.history) == n + 1, (
            f"{text!r} was not played: {self.screen.notice!r}\n{screen_text(self.app)}"
        )
        assert str(self.game.history[-1]) == text

    async def play_game(self, max_actions: int = 2000) -> int:
        played = 0
        while self.game.outcome is None and played < max_actions:
            if self.screen.curtain_up:
                await self.pass_handover()
                continue
            await self.play_action(self.next_action())
            played += 1
        while self.screen.curtain_up:  # the last night's summary
            await self.pass_handover()
        return played


class LfwSecrecyWatch:
    """§9 in hot seat, after every key: while the police may look (the
    curtain is up, or the police hold the keyboard) nothing shows Jack's
    hideout, position or path — neither in the panels nor as a mark on the
    map; while Jack may look, no mark shows which face-down patrol markers
    are real.  Where a side holds the keyboard its own secrets must show:
    the watch would notice if it never looked at one."""

    def __init__(self, driver: LfwDriver) -> None:
        self.driver = driver
        self.screen = driver.screen
        self.checked_police = 0
        self.checked_jack = 0
        self.seen_jack_secret = 0
        self.seen_police_secret = 0

    def __call__(self, key: str) -> None:
        screen, game = self.screen, self.screen.source.game
        if game.outcome is not None:
            return  # the end shows Jack's path to both
        text = screen_text(self.driver.app) + "\n" + widget_text(self.driver.app)
        tags = set(screen.query_one(MapView).marks.values())
        # a curtain over nobody's screen (a hand-over); one over a holder's
        # own screen (its night's summary) is that holder's
        curtain = screen.curtain_up and screen.holder is None
        where = f"after {key!r} (holder {screen.holder}, curtain {curtain}):\n{text}"
        if curtain or screen.holder == POLICE:
            self.checked_police += 1
            assert "Jack only" not in text and "hideout:" not in text, where
            assert not tags & JACK_ONLY_TAGS, f"Jack's marks {tags & JACK_ONLY_TAGS} {where}"
        if curtain or screen.holder == JACK:
            self.checked_jack += 1
            real = {t for t in tags if t.startswith("marker-")}
            assert not real, f"real patrol markers {real} shown {where}"
        if not curtain and screen.holder == JACK and "Jack only" in text:
            self.seen_jack_secret += 1
        if not curtain and screen.holder == POLICE and any(t.startswith("marker-") for t in tags):
            self.seen_police_secret += 1


def first_game_where(seed: int, stop, tries: int = 40, board: str = SEEDED_1888) -> LfwGame:
    """The first position where `stop(game)` holds, over up to `tries`
    1888 games: homeward Jack, random police."""
    chance = Chance(seed)
    on = load_board(board)
    for _ in range(tries):
        game = LfwGame.new(chance.below(10**6), board=on)
        while game.outcome is None:
            if stop(game):
                return game
            if game.to_act == JACK:
                game.apply(homeward_action(game.clone(), chance))
            else:
                game.apply(game.random_action(chance))
    raise AssertionError("no such game")
