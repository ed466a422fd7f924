"""Playing Mr. Jack Pocket through the Textual app, as a player would.

A `Driver` turns engine actions into the keys (or clicks) the game screen
documents, presses them one at a time through a Pilot, and checks after each
action that the engine got exactly that action and that the keyboard changed
hands with a hand-over screen when, and only when, the side to act changed.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

import settle
from pocket_positions import setup
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket.actions import Action, Alibi, Exchange, Joker, Move, Rotate
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTERS, DETECTIVE_LETTERS, INVESTIGATOR, JACK
from whitechapel.pocket.sentences import character_name
from whitechapel.pocket.setup import Setup
from whitechapel.pocket.ui.district import MARGIN, TILE_H, TILE_W, District
from whitechapel.pocket.ui.screen import PocketScreen, is_cards, is_handover, is_summary
from whitechapel.pocket.views import Played, WitnessCall
from whitechapel.ui.source import LocalSource
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.text import TextPanel

PLAYERS = {"jack": "Ann", "investigator": "Bob"}

# Explicit setups with different Jacks, layouts, detectives and token throws
# (tokens: H/A, W/T, R/X, R/J), so games by keys meet every kind of action.
SETUPS: dict[str, Setup] = {
    "goodley": setup(
        "pizer:S gull:N bert:E lestrade:W stealthy:S madame:N smith:E goodley:S lane:W",
        jack="goodley",
        deck_top=("madame", "pizer"),
        throws=("HWRJ", "ATXR", "HTRR", "AWXJ"),
    ),
    "lestrade": setup(
        "lane:N smith:E madame:S goodley:W lestrade:N pizer:E stealthy:S bert:W gull:N",
        jack="lestrade",
        deck_top=("bert", "madame"),
        throws=("ATXJ", "HWRR", "AWRJ", "HTXR"),
        detectives=(3, 6, 10),
    ),
    "stealthy": setup(
        "madame:E stealthy:E gull:W smith:N bert:S lane:E pizer:W lestrade:N goodley:S",
        jack="stealthy",
        deck_top=("goodley",),
        throws=("HTXJ", "AWRR", "HWXJ", "ATRR"),
        detectives=(1, 5, 9),
    ),
    "gull": setup(
        "smith:W lestrade:S gull:E pizer:N lane:W goodley:E madame:S stealthy:N bert:E",
        jack="gull",
        deck_top=("smith", "madame", "bert"),
        throws=("AWXJ", "HTRR", "ATXR", "HWRJ"),
    ),
}


def pocket_app(
    the_setup: Setup, store_dir: Path, handover: str = "always", players=PLAYERS
) -> tuple[WhitechapelApp, PocketScreen]:
    game = PocketGame(the_setup)
    record = record_of(game, seed=None, players=dict(players), settings={"handover": handover})
    screen = PocketScreen(LocalSource(game, record, Store(store_dir)))
    return WhitechapelApp(start=screen), screen


async def read_lesson(pilot: Pilot, app: WhitechapelApp) -> None:
    """Enter until the lesson over the screen is read and gone: before a
    game, Enter reads on while the lesson goes on below (round 21)."""
    from whitechapel.pocket.ui.lesson import LessonScreen

    for _ in range(20):
        if not isinstance(app.screen, LessonScreen):
            return
        await settle.press(pilot, "enter")
    raise AssertionError("the lesson never closed")


def widget_text(app) -> str:
    """The plain text of every displayed text widget of the top screen (Static,
    and the game screen's Panels), one line each, so that text wrapped over two
    rows is still found whole."""
    parts = []
    for w in [*app.screen.query(Static), *app.screen.query(TextPanel)]:
        if not w.display or w.styles.visibility == "hidden":
            continue
        rendered = w.visual if isinstance(w, Static) else w.render()
        parts.append(" ".join(str(getattr(rendered, "plain", rendered)).split()))
    return "\n".join(parts)


def curtain_text(app) -> str:
    """The words on the curtain covering the game screen, on one line."""
    from whitechapel.ui.widgets.text import Curtain

    return " ".join(app.screen.query_one(Curtain).render().plain.split())


def tile_offset(square: int, tw: int = TILE_W, th: int = TILE_H) -> tuple[int, int]:
    """Where to click inside the District widget for a square's tile (of
    tw × th: the board grows with the terminal)."""
    return MARGIN + (square % 3) * tw + tw // 2, 1 + (square // 3) * th + 1


def plan_game(the_setup: Setup, seed: int) -> tuple[list[Action], PocketGame]:
    """A whole game of `choose`'s picks, played on the engine alone: what the
    app, given the same actions by keys, must end in."""
    game = PocketGame(the_setup)
    rng = random.Random(seed)
    actions = []
    while game.outcome is None:
        actions.append(choose(game, rng))
        game.advance(actions[-1])
    return actions, game


def choose(game: PocketGame, rng: random.Random) -> Action:
    """A legal action: a face at random, then one of its actions (so the
    27 rotations do not crowd out everything else)."""
    legal = game.legal_actions()
    faces = sorted({a.face for a in legal})
    face = rng.choice(faces)
    return rng.choice([a for a in legal if a.face == face])


class Driver:
    """Plays through a Pilot; `after_each` runs after every key press/click."""

    def __init__(
        self,
        pilot: Pilot,
        screen: PocketScreen,
        rng: random.Random | None = None,
        after_each: Callable[[str], Awaitable[None] | None] | None = None,
    ) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.screen = screen
        self.game = screen.source.game
        self.rng = rng or random.Random(0)
        self.after_each = after_each
        self.presses = 0
        self.handovers: list[str] = []  # the "Pass to ..." line of each hand-over dismissed
        self.summaries: list[str] = []  # the text of each round's summary dismissed
        self.drawn: list[str] = []  # each card Jack was shown behind his curtain as he drew it

    # -- one input at a time ---------------------------------------------------

    async def _after(self, what: str) -> None:
        self.presses += 1
        if self.after_each is not None:
            result = self.after_each(what)
            if result is not None:
                await result

    async def press(self, key: str) -> None:
        await settle.press(self.pilot, key)  # returns once the key is handled and drawn
        await self._after(key)

    async def click(self, target, offset=(0, 0)) -> None:
        assert await settle.click(self.pilot, target, offset=offset), f"click on {target} missed"
        await self._after(f"click {target}")

    async def click_choice(self, name: str) -> None:
        buttons = [b for b in visible_buttons(self.screen) if b.choice == name]
        shown = [b.choice for b in visible_buttons(self.screen)]
        assert buttons, f"no choice button {name!r}; the choices are {shown}"
        await self.click(buttons[0])

    async def click_tile(self, square: int) -> None:
        district = self.screen.query_one(District)
        await self.click(district, tile_offset(square, district.tw, district.th))

    async def saved(self) -> None:
        """Wait for the autosave of what was played (it follows the frame that
        shows a move, on a timer of its own)."""
        await until(lambda: not self.screen._unsaved, what="the autosave", pilot=self.pilot)

    # -- reading the screen ----------------------------------------------------

    def top(self):
        return self.app.screen

    def handover_text(self) -> str:
        top = self.top()
        assert is_handover(top), f"expected a hand-over screen, got {top!r}"
        return curtain_text(self.app)

    async def pass_handover(self) -> str:
        """Enter on a hand-over screen; remembers its "Pass to ..." line
        (before the key press, so `after_each` already knows who holds the
        keyboard once it is gone)."""
        text = self.handover_text()
        first = "cards" if is_cards(self.top()) else text.split("\n")[0]
        self.handovers.append(first)
        await self.press("enter")
        return first

    async def see_drawn_card(self) -> None:
        """Jack has drawn an alibi card at a shared hot seat: in 'secrets'
        mode the investigator is asked to look away first; then the card,
        from Jack's view, before the screen passes on."""
        if self.screen.handover == "secrets":
            text = self.handover_text()
            assert "drew an alibi card" in text and "look away" in text, text
            await self.press("enter")
        assert is_cards(self.top()), f"no card after Jack's draw: {self.top()!r}"
        text = " ".join(curtain_text(self.app).split())
        card = character_name(self.game.view(JACK).jack.alibis[-1])
        assert f"you drew an alibi card {card}:" in text, text
        self.drawn.append(card)
        await self.press("enter")

    def token_for(self, action: Action) -> int:
        """The token the engine will play for the action: the first unused
        token showing its face."""
        view = self.game.view(INVESTIGATOR)
        for i, t in enumerate(view.tokens):
            if not t.used and t.up == action.face:
                return i
        raise AssertionError(f"no open token shows {action.face}")

    # -- keys ------------------------------------------------------------------

    async def move_cursor_to(self, square: int) -> None:
        x, y = self.screen.choice.cursor % 3, self.screen.choice.cursor // 3
        tx, ty = square % 3, square // 3
        for _ in range(abs(tx - x)):
            await self.press("right" if tx > x else "left")
        for _ in range(abs(ty - y)):
            await self.press("down" if ty > y else "up")
        assert self.screen.choice.cursor == square

    async def keys_for(self, action: Action) -> None:
        """Choose the action's token, then its target, by keys."""
        await self.press(str(self.token_for(action) + 1))
        if isinstance(action, Move):
            assert self.screen.choice.mode == "move"
            before = len(self.game.history)
            await self.press(str(action.steps))  # a preview: nothing is played yet
            assert len(self.game.history) == before
            await self.press("enter")
        elif isinstance(action, Joker):
            assert self.screen.choice.mode == "joker"
            before = len(self.game.history)
            await self.press("0" if action.detective is None else "hwt"[action.detective])
            assert len(self.game.history) == before
            await self.press("enter")
        elif isinstance(action, Rotate):
            assert self.screen.choice.mode == "tile"
            await self.move_cursor_to(action.square)
            # r turns it clockwise from its own orientation, e counter-clockwise.
            turns = (action.wall - self.game.walls[action.square]) % 4
            for _ in range(turns if turns <= 2 else 1):
                await self.press("r" if turns <= 2 else "e")
            assert self.screen.choice.wall == action.wall
            await self.press("enter")
        elif isinstance(action, Exchange):
            a, b = action.first, action.second
            if self.rng.random() < 0.5:
                a, b = b, a
            await self.move_cursor_to(a)
            await self.press("enter")
            assert self.screen.choice.mode == "exchange2" and self.screen.choice.first == a
            await self.move_cursor_to(b)
            await self.press("enter")
        elif isinstance(action, Alibi):
            assert self.screen.choice.mode == "alibi"
            await self.press("enter")
        else:  # pragma: no cover
            raise AssertionError(action)

    async def clicks_for(self, action: Action) -> None:
        """Choose the action's token, then its target, by mouse."""
        await self.click_choice(f"tok-{self.token_for(action)}")
        before = len(self.game.history)
        if isinstance(action, (Move, Joker)):
            if isinstance(action, Move):
                target = f"dig-{action.steps}"
            else:
                who = "-" if action.detective is None else DETECTIVE_LETTERS[action.detective]
                target = f"jok-{who}"
            await self.click_choice(target)  # a preview
            assert len(self.game.history) == before
            # A second click on it, or Confirm, plays it.
            await self.click_choice(target if self.rng.random() < 0.5 else "do-confirm")
        elif isinstance(action, Rotate):
            await self.click_tile(action.square)
            assert self.screen.choice.cursor == action.square
            turns = (action.wall - self.game.walls[action.square]) % 4
            for _ in range(turns if turns <= 2 else 1):
                await self.click_choice("do-rotate" if turns <= 2 else "do-rotate-ccw")
            assert self.screen.choice.wall == action.wall
            if self.rng.random() < 0.5:
                await self.click_choice("do-confirm")
            else:  # a second click on the chosen tile confirms too
                await self.click_tile(action.square)
        elif isinstance(action, Exchange):
            await self.click_tile(action.first)
            await self.click_choice("do-confirm")
            assert (
                self.screen.choice.mode == "exchange2" and self.screen.choice.first == action.first
            )
            await self.click_tile(action.second)
            if len(self.game.history) == before:  # the first click only chose it
                assert self.screen.choice.cursor == action.second
                await self.click_tile(action.second)
        elif isinstance(action, Alibi):
            await self.click_choice("do-confirm")
        else:  # pragma: no cover
            raise AssertionError(action)

    # -- whole turns and games ---------------------------------------------------

    async def play(self, action: Action, *, mouse: bool = False) -> None:
        """Play one action and check what follows it on screen."""
        side = self.game.to_act
        before = len(self.game.history)
        await (self.clicks_for(action) if mouse else self.keys_for(action))
        assert len(self.game.history) == before + 1, f"{action} was not played"
        assert self.game.history[-1] == action
        assert self.screen.choice.mode == "token" and self.screen.notice == ""
        ended = self.game.step == 0 or self.game.outcome is not None  # a witness call
        shared = self.screen.turns.shared and self.game.outcome is None
        if side == JACK and isinstance(action, Alibi) and shared:
            await self.see_drawn_card()  # the card he drew, behind his own curtain first
        if ended:  # the round's summary, for both, until Enter
            assert is_summary(self.top()), f"no summary after {action}"
            text = curtain_text(self.app)
            assert "End of round" in text and "Press Enter to go on." in text, text
            self.summaries.append(text)
            await self.press("enter")
        if self.game.outcome is not None:
            assert not is_handover(self.top())
        elif self.screen.handover == "always" and (self.game.to_act != side or ended):
            text = self.handover_text()
            to = self.screen.player_name(self.game.to_act)
            assert text.startswith(f"Pass to {to}"), text
        else:
            assert self.top() is self.screen, f"unexpected {self.top()!r}"

    async def play_game(
        self,
        plan: list[Action] | None = None,
        *,
        mouse: bool = False,
        max_actions: int | None = None,
        peek: float = 0.0,
        detour: float = 0.0,
    ) -> list[Action]:
        """Play `plan` (or, without one, `choose`'s picks) until the end or
        `max_actions`, passing every hand-over with Enter.  `peek`: the chance
        that Jack looks at his cards with 's' first ('secrets' mode);
        `detour`: the chance of choosing another token and backing out with
        Esc first."""
        played: list[Action] = []
        todo = list(plan) if plan is not None else None
        while self.game.outcome is None and (max_actions is None or len(played) < max_actions):
            if todo is not None and not todo:
                break
            if is_handover(self.top()):
                await self.pass_handover()
                continue
            assert self.top() is self.screen
            secrets = self.screen.handover == "secrets"
            if self.game.to_act == JACK and secrets and self.rng.random() < peek:
                await self.peek_at_cards()
            if self.rng.random() < detour:
                await self.back_out()
            action = todo.pop(0) if todo is not None else choose(self.game, self.rng)
            await self.play(action, mouse=mouse)
            played.append(action)
        return played

    async def back_out(self) -> None:
        open_tokens = [i for i, t in enumerate(self.game.view(INVESTIGATOR).tokens) if not t.used]
        await self.press(str(self.rng.choice(open_tokens) + 1))
        assert self.screen.choice.mode != "token"
        await self.press("escape")
        assert self.screen.choice.mode == "token" and self.screen.choice.token is None

    async def peek_at_cards(self) -> None:
        """'secrets' mode: s, hand-over to Jack, his cards, hand-over back."""
        await self.press("s")
        jack, inv = self.screen.player_name(JACK), self.screen.player_name(INVESTIGATOR)
        text = self.handover_text()
        if self.game.to_act == JACK:  # he holds the keyboard: no "Pass to" either way
            assert text.startswith(f"{jack}: your cards") and "Pass to" not in text, text
            assert f"{inv[0].upper() + inv[1:]}, look away." in text
            await self.pass_handover()
            assert is_cards(self.top())
            await self.pass_handover()
            assert self.top() is self.screen
            return
        assert text.startswith(f"Pass to {jack}")
        await self.pass_handover()
        assert is_cards(self.top())
        await self.pass_handover()
        text = self.handover_text()
        assert text.startswith(f"Pass to {inv}")
        assert "Jack's cards are hidden again." in text
        await self.pass_handover()
        assert self.top() is self.screen


def visible_buttons(screen: PocketScreen) -> list[Choice]:
    """The choice buttons a player can see (the row keeps empty spares)."""
    return [b for b in screen.query("#choices Choice").results(Choice) if b.choice]


def button_names(screen: PocketScreen) -> list[str]:
    return [b.choice for b in visible_buttons(screen)]


class SecrecyWatch:
    """P9 in hot seat, checked after every key press or click of a game.

    Until the game is over, whenever the investigator may be looking (on every
    hand-over screen, and on the game screen while the last hand-over passed
    the keyboard to the investigator; in 'secrets' mode on every screen but
    Jack's card screen), the screen, read both as the terminal shows it and
    widget by widget, must not show Jack's secret panel ("You are",
    "Your alibi cards"), Jack's identity by its full name (tile labels use
    the short last name), nor the full name of an alibi card Jack drew that
    the public log does not name (as cleared or shown).  Where Jack holds
    the keyboard, his panel must be there: the watch would notice if it
    never looked at a secret at all."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.screen = driver.screen
        self.game = driver.game
        self.checked_clean = 0
        self.checked_secret = 0

    def jack_name(self) -> str:
        return CHARACTERS[self.game.jack].name

    def investigator_may_look(self) -> bool:
        top = self.driver.top()
        if is_cards(top):
            return False  # Jack's own hide screen
        if is_handover(top) or self.screen.handover != "always":
            return True
        if not self.driver.handovers:
            return True  # nobody was handed the keyboard yet: the public view
        to = f"Pass to {self.screen.player_name(INVESTIGATOR)}"
        return self.driver.handovers[-1].startswith(to)

    def __call__(self, what: str) -> None:
        if self.game.outcome is not None:
            return  # P8: the end shows Jack's identity and cards to both
        app = self.driver.app
        text = screen_text(app)
        words = widget_text(app)
        both = text + "\n" + words
        where = f"after {what!r} on {self.driver.top()!r}:\n{text}"
        if not self.investigator_may_look():
            if self.driver.top() is self.screen or is_cards(self.driver.top()):
                assert f"You are {self.jack_name()}" in words, f"Jack's secrets are missing {where}"
                self.checked_secret += 1
            return
        assert "You are" not in both, f"Jack's identity panel is visible {where}"
        assert "Your alibi cards" not in both, f"Jack's cards are visible {where}"
        full = self.jack_name()
        if " " in full:  # Madame's full name is also her tile label
            assert full not in text and full not in words, f"{full} is named {where}"
        public = self.game.view(INVESTIGATOR).log
        named = {e.card for e in public if isinstance(e, Played)}
        named |= {c for e in public if isinstance(e, WitnessCall) for c in e.cleared}
        for card in self.game.jack_alibis:
            character = CHARACTERS[card]
            if character.id not in named and " " in character.name:
                assert character.name not in text and character.name not in words, (
                    f"Jack's alibi card {character.name} is named {where}"
                )
        self.checked_clean += 1


async def person_to_the_end(
    app, pilot: Pilot, screen: PocketScreen, driver: Driver, rng: random.Random, before=None
) -> None:
    """The person, either side against the computer, plays random legal
    actions by keys to the game's end, going on past each round's summary;
    `before()` is called at the start of each decision."""
    game, side = screen.source.game, screen.turns.human
    while game.outcome is None:
        await until(lambda: screen.turns.thinking is None, what="the computer's move", pilot=pilot)
        await settle.settle(pilot)
        if is_summary(app.screen):
            await settle.press(pilot, "enter")
            continue
        if game.outcome is not None:
            break
        assert game.to_act == side and screen.can_act()
        if before is not None:
            before()
        await driver.keys_for(choose(game, rng))
