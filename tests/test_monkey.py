"""The monkey: random keys, clicks and resizes (down to 40×12 and back) over
the whole app, for both games, at 80×24 and 200×60, hot-seat and against the
computer -- menu, setup, game, help, end screens.  No exception may escape,
no traceback show, and every secret rule hold after every event: while the
other side may look, nothing of Jack's (nor, for LfW, of the real patrol
markers) is on the screen; the game states the monkey reaches are fed to the
secrecy harness's outlets for both sides.

Seeded and reproducible (the seed is in the test's id); a short run by
default, a long one under HYPOTHESIS_PROFILE=thorough.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import Future

import pytest

import secrecy_lfw
import secrecy_pocket
import settle
from lfw_app_play import LfwDriver, LfwSecrecyWatch
from pocket_app_play import widget_text as pocket_widget_text
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.thinking import InProcess
from whitechapel.ui.screens.game import GameScreen

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
EVENTS = 3000 if THOROUGH else 90
KEYS = [
    *"0123456789abcdefghijklmnopqrstuvwxyzBYNRG",
    "up",
    "down",
    "left",
    "right",
    "enter",
    "enter",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "space",
    "backspace",
    "pageup",
    "pagedown",
    "home",
    "end",
    "question_mark",
    "f1",
    "f2",
    "f3",
    "f4",
    "f5",
    "f6",
    "ctrl+s",
    "ctrl+p",
    "ctrl+q",
]


class AtOnce(InProcess):
    """The computer answering as it is asked (random play: at once), in the
    app's own thread: its move comes between the same two events of the
    monkey on every run, however busy the machine (a worker process's
    answer would come whenever that process got the CPU)."""

    def ask(self, side: str, view) -> Future:
        future: Future = Future()
        try:
            future.set_result(self.choose(side, view))
        except Exception as error:  # pragma: no cover - the screen says so, as for a worker
            future.set_exception(error)
        return future


def start(game: str, opponent: str):
    """The app as the monkey finds it: the menu (hot seat), or a game
    against the computer's random level."""
    if opponent == "people":
        return WhitechapelApp()
    if game == "pocket":
        from whitechapel.pocket.ui.setup import pocket_screen

        screen = pocket_screen(7, {"jack": "Ann", "investigator": "computer:random"})
    else:
        from whitechapel.lfw.ui.setup import lfw_screen

        screen = lfw_screen(7, None, "tutorial", {"police": "Ann", "jack": "computer:random"})
    screen.turns.make_thinker = AtOnce
    return WhitechapelApp(start=screen)


def game_screen(app) -> GameScreen | None:
    return next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)


def check_secrets(app, pilot, seen: dict) -> None:
    """After every event: what the screen shows keeps each side's secrets."""
    text = screen_text(app)
    assert "Traceback" not in text, text
    screen = game_screen(app)
    if screen is None or not screen.source.hot_seat or screen.source.outcome is not None:
        return
    game = screen.source.game
    seen[id(game)] = (game, screen)
    jack_looks = screen.holder == "jack" and not screen.curtain_up and app.screen is screen
    if game.name == "pocket":
        if jack_looks or screen.source.computers:  # alone against the computer: Jack's own
            return
        words = pocket_widget_text(app)
        assert "You are" not in text + words and "Your alibi cards" not in text + words, text
    elif app.screen is screen:
        LfwSecrecyWatch(LfwDriver(pilot, screen))("monkey")


def feed_outlets(seen: dict) -> int:
    """Every game state reached, through every outlet of the secrecy
    harness, for each side: each must answer from that side's view."""
    fed = 0
    for game, _screen in seen.values():
        outlets = secrecy_pocket.OUTLETS if game.name == "pocket" else secrecy_lfw.OUTLETS
        for side in game.sides:
            for outlet in outlets.values():
                function = outlet[0] if isinstance(outlet, tuple) else outlet
                function(game, side)
                fed += 1
    return fed


async def one_event(pilot, rng: random.Random, size: tuple[int, int]) -> str:
    roll = rng.random()
    if roll < 0.04:
        w, h = rng.randint(40, size[0]), rng.randint(12, size[1])
        await pilot.resize_terminal(w, h)
        await settle.settle(pilot)
        return f"resize {w}x{h}"
    if roll < 0.08:
        await pilot.resize_terminal(*size)
        await settle.settle(pilot)
        return "resize back"
    if roll < 0.22:
        x, y = rng.randrange(pilot.app.size.width), rng.randrange(pilot.app.size.height)
        await settle.click(pilot, offset=(x, y))
        return f"click {x},{y}"
    key = rng.choice(KEYS)
    await settle.press(pilot, key)
    return key


async def finish_game(app, pilot, rng: random.Random) -> None:
    """Play the hot-seat game on screen to its end (random legal actions sent
    as the screen sends them), so the monkey also plays on the end screens."""
    screen = game_screen(app)
    if screen is None or not screen.source.hot_seat or screen.source.computers:
        return
    from whitechapel.core.chance import Chance

    chance, game = Chance(rng.randrange(2**32)), screen.source.game
    for n in range(3000):
        if game.outcome is not None:
            break
        if hasattr(game, "random_action"):  # LfW: H3 lists too many placements to pick from
            action = game.random_action(chance)
        else:
            action = rng.choice(game.legal_actions())
        screen.send(str(action))
        if n % 25 == 0:
            await settle.settle(pilot)
    await settle.settle(pilot)
    assert game.outcome is not None


@pytest.mark.parametrize("opponent", ["people", "computer"])
@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["pocket", "lfw"])
async def test_the_monkey(game, size, opponent, tmp_path, monkeypatch):
    from whitechapel.lfw.ui.screen import LfwScreen
    from whitechapel.ui import turns as computer_turns

    monkeypatch.setattr(LfwScreen, "PACE", 0.0)  # the computer's moves: no pauses
    monkeypatch.setattr(computer_turns, "new_seed", lambda: 3)  # its chance pinned
    seed = sum(map(ord, game)) * 1000 + size[0] + len(opponent)
    rng = random.Random(seed)
    app = start(game, opponent)
    seen: dict = {}
    log: list[str] = []
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        if opponent == "people":  # into the game's setup, then its game screen
            menu = [e for e in ("lfw", "pocket")].index(game)
            await settle.press(pilot, *["down"] * menu, "enter")
            if game == "lfw":
                await settle.press(pilot, "tab", "tab", *"tutorial")
            await settle.press(pilot, "enter")
        for n in range(EVENTS):
            if not app.is_running:
                break  # the monkey quit (ctrl+q twice, or the palette's Quit)
            if n == EVENTS // 2:
                await finish_game(app, pilot, rng)
            try:
                log.append(await one_event(pilot, rng, size))
            except Exception as e:  # pragma: no cover - the report names the events
                raise AssertionError(f"seed {seed}, after {log[-8:]}: {e!r}") from e
            if app.is_running:
                check_secrets(app, pilot, seen)
    assert app.return_code in (None, 0), f"seed {seed}: the app stopped on an error"
    assert feed_outlets(seen) > 0 or opponent == "computer"
