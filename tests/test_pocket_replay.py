"""Issue 44: the other side's actions one at a time, and again from the log.

Against the computer, at a network seat and at a hot seat, `l` shows the
other side's last turn again, action by action: the board just after each
(as the side at the keyboard saw it), its tiles or detective marked, its
sentence; then the live board.  Nothing is played.  A network seat marks and
says the other side's actions as the computer's are, and two that come in
one state are shown one at a time first.  The pauses are held by the test
(`HeldFrames`), never waited for."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import settle
from pocket_app_play import Driver, choose, widget_text
from pocket_positions import setup
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.core.thinking import InProcess
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.sentences import SIDE_WORDS, action_sentence, annotated
from whitechapel.pocket.ui import computer
from whitechapel.pocket.ui.district import District
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.pocket.ui.setup import pocket_screen
from whitechapel.ui.source import LocalSource, RemoteSource


class HeldFrames:
    """The replay's pauses held by the test until it releases each (Space
    still ends one, as it would)."""

    def __init__(self, screen: PocketScreen) -> None:
        self.held: list[asyncio.Future] = []

        async def wait(replay) -> None:
            future = asyncio.get_running_loop().create_future()
            self.held.append(future)
            space = asyncio.ensure_future(replay.pause(3600))
            try:
                await asyncio.wait({future, space}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                space.cancel()
                if future in self.held:
                    self.held.remove(future)

        screen.replay_wait = wait  # type: ignore[method-assign]

    async def release(self, pilot) -> None:
        """The frame's pause is over: the next frame (or the live board)."""
        assert len(self.held) == 1, self.held
        self.held[0].set_result(None)
        for _ in range(5):  # the replay's worker draws the next frame
            await asyncio.sleep(0)
        await settle.settle(pilot)


def prompt(app) -> str:
    return " ".join(app.screen.query_one("#prompt").render().plain.split())


def board(view) -> tuple:
    """What the district draws of a view: tiles (who, wall, seen, cleared), detectives."""
    return tuple((t.character, t.wall, t.seen, t.cleared) for t in view.tiles), view.detectives


def after(setup_or_seed, history, count: int, side: str):
    """The view of `side` after the game's first `count` actions, replayed afresh."""
    game = PocketGame.new(setup_or_seed) if isinstance(setup_or_seed, int) else setup_or_seed()
    for action in history[:count]:
        game.play(str(action), game.to_act)
    return game.view(side)


def said(view, number: int) -> str:
    """The sentence of the view's `number`th action."""
    entry, before, card = annotated(view)[number - 1]
    return action_sentence(entry.action, SIDE_WORDS[entry.side], before, card, entry.side)


async def test_p7_replay_shows_the_computers_last_turn_one_action_at_a_time_changing_nothing():
    screen = pocket_screen(5, {INVESTIGATOR: "Ann", JACK: "computer:easy"})
    screen.turns.thinker = InProcess("pocket", screen.turns.computers, 1)
    frames = HeldFrames(screen)
    app = WhitechapelApp(start=screen)
    game, source = screen.source.game, screen.source
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(1))
        assert game.to_act == INVESTIGATOR  # round 1: I, J, J, I
        await driver.keys_for(choose(game, random.Random(1)))
        await until(lambda: len(game.history) == 3, what="Jack's two actions", pilot=pilot)
        await until(lambda: screen.turns.thinking is None, what="the computer done", pilot=pilot)
        await settle.settle(pilot)
        version, record = source.version, source.current_record().to_json()
        live = screen.current_view()
        district = screen.query_one(District)
        first, second = game.history[1], game.history[2]
        both = computer.marks([first, second])
        assert (district.played_tiles, district.played_detectives) == both

        await settle.press(pilot, "l")
        # Jack's first action: the board just after it, it alone marked, its sentence.
        assert "Jack's last turn again, 1 of 2" in prompt(app), prompt(app)
        assert said(live, 2) in prompt(app) or said(live, 2)[:40] in prompt(app)
        assert board(district.shown_view) == board(after(5, game.history, 2, INVESTIGATOR))
        assert board(district.shown_view) != board(live)
        assert (district.played_tiles, district.played_detectives) == computer.marks([first])
        assert frames.held, "the first action is held for its pause"

        await frames.release(pilot)  # the pause is over: the second action
        assert "Jack's last turn again, 2 of 2" in prompt(app), prompt(app)
        assert said(live, 3)[:40] in prompt(app)
        assert board(district.shown_view) == board(live)
        assert (district.played_tiles, district.played_detectives) == computer.marks([second])

        await frames.release(pilot)  # and the live board again
        assert "turn again" not in prompt(app) and "action token" in prompt(app)
        assert district.shown_view is screen.current_view()
        assert (district.played_tiles, district.played_detectives) == both
        assert not frames.held and screen.replay is None
        # Nothing was played or changed by it.
        assert source.version == version and len(game.history) == 3
        assert source.current_record().to_json() == record
        assert screen.can_act()

        # Space ends a pause at once, as it skips the computer's.
        await settle.press(pilot, "l")
        assert "1 of 2" in prompt(app)
        await settle.press(pilot, "space")
        assert "2 of 2" in prompt(app), prompt(app)
        await settle.press(pilot, "space")
        assert screen.replay is None and "turn again" not in prompt(app)


async def test_p7_a_key_during_the_replay_ends_it_at_once_and_does_its_own_work():
    screen = pocket_screen(5, {INVESTIGATOR: "Ann", JACK: "computer:easy"})
    screen.turns.thinker = InProcess("pocket", screen.turns.computers, 1)
    frames = HeldFrames(screen)
    app = WhitechapelApp(start=screen)
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen, random.Random(1)).keys_for(choose(game, random.Random(1)))
        await until(lambda: len(game.history) == 3, what="Jack's two actions", pilot=pilot)
        await settle.settle(pilot)
        district = screen.query_one(District)

        await settle.press(pilot, "l")
        assert screen.replay is not None and "1 of 2" in prompt(app)
        token = next(i for i, t in enumerate(screen.current_view().tokens) if not t.used)
        await settle.press(pilot, str(token + 1))  # a token: the replay ends, the token is taken
        assert screen.replay is None and not frames.held
        assert "turn again" not in prompt(app)
        assert district.shown_view is screen.current_view()
        assert screen.choice.token == token
        await settle.press(pilot, "escape")  # back to the token

        for key in ("l", "escape"):  # the replay key again, or Esc: only back to the game
            await settle.press(pilot, "l")
            assert screen.replay is not None
            await settle.press(pilot, key)
            assert screen.replay is None and not frames.held
            assert "turn again" not in prompt(app) and screen.choice.token is None
        assert len(game.history) == 3


def seat_state(game: PocketGame, side: str) -> dict:
    """A `state` message as the server sends a seat: its own view only."""
    return {
        "type": "state",
        "room": "r1",
        "seat": side,
        "view": game.view(side).to_json(),
        "to_act": game.to_act,
    }


async def test_p7_at_a_network_seat_the_other_sides_actions_are_marked_said_and_shown_one_at_a_time():
    game = PocketGame.new(5)
    game.play(str(choose(game, random.Random(4))), INVESTIGATOR)  # round 1: I, J, J, I
    link = SimpleNamespace()
    source = RemoteSource(link, "r1", INVESTIGATOR, seat_state(game, INVESTIGATOR))
    screen = PocketScreen(source)
    frames = HeldFrames(screen)
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        district = screen.query_one(District)
        assert (district.played_tiles, district.played_detectives) == (set(), set())
        assert "Waiting for" in prompt(app)

        # Jack's two actions come in one state: one at a time first.
        for _ in range(2):
            game.play(str(choose(game, random.Random(7))), JACK)
        first, second = game.history[1], game.history[2]
        screen.remote_state(seat_state(game, INVESTIGATOR))
        await settle.settle(pilot)
        live = screen.current_view()
        assert "Jack's turn, 1 of 2" in prompt(app), prompt(app)
        assert said(live, 2)[:40] in prompt(app)
        assert board(district.shown_view) == board(after(5, game.history, 2, INVESTIGATOR))
        assert (district.played_tiles, district.played_detectives) == computer.marks([first])
        await frames.release(pilot)
        assert "Jack's turn, 2 of 2" in prompt(app), prompt(app)
        assert (district.played_tiles, district.played_detectives) == computer.marks([second])
        await frames.release(pilot)
        # The live board: both marked and said until the seat acts.
        assert screen.replay is None and screen.can_act()
        both = computer.marks([first, second])
        assert (district.played_tiles, district.played_detectives) == both
        line = computer.moves_line(live, "Jack", 2, 78)
        assert " ".join(line.split()) in " ".join(widget_text(app).split()), widget_text(app)

        # The seat plays; the marks go.  Then Jack's actions one state each.
        game.play(str(choose(game, random.Random(2))), INVESTIGATOR)  # round 1 ends
        screen.remote_state(seat_state(game, INVESTIGATOR))
        await settle.settle(pilot)
        assert (district.played_tiles, district.played_detectives) == (set(), set())
        game.play(str(choose(game, random.Random(3))), JACK)  # round 2: J, I, I, J
        screen.remote_state(seat_state(game, INVESTIGATOR))
        await settle.settle(pilot)
        assert screen.replay is None  # one action: the live board, marked and said
        marked = computer.marks([game.history[-1]])
        assert (district.played_tiles, district.played_detectives) == marked
        line = computer.moves_line(screen.current_view(), "Jack", 1, 78)
        assert " ".join(line.split()) in " ".join(widget_text(app).split())

        # And `l` shows it again at the seat too.
        await settle.press(pilot, "l")
        assert "Jack's last turn again, 1 of 1" in prompt(app), prompt(app)
        await frames.release(pilot)
        assert screen.replay is None


LAYOUT = "smith:W lestrade:S gull:E pizer:N lane:W goodley:E madame:S stealthy:N bert:E"
THROWS = ("AWXJ", "HTRR", "ATXR", "HWRJ")  # round 1's tokens: alibi, Watson, exchange, joker


def other_jack(jack: str, top: str):
    """A game of the same board whose Jack is `jack`, the deck's top card `top`."""
    return lambda: PocketGame(setup(LAYOUT, jack=jack, deck_top=(top,), throws=THROWS))


async def replay_texts(make) -> list[str]:
    """At a hot seat with hand-overs: the investigator moves Watson, Jack
    draws an alibi card and swaps two tiles; the investigator's screen, then
    each frame of `l` and the live board after it, as text."""
    game = make()
    record = record_of(
        game, seed=None, players={JACK: "Ann", INVESTIGATOR: "Bob"}, settings={"handover": "always"}
    )
    screen = PocketScreen(LocalSource(game, record, Store()))
    frames = HeldFrames(screen)
    app = WhitechapelApp(start=screen)
    texts = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen, random.Random(0))
        plan = [parse_action(t) for t in ("W+1", "A", "Xa1c3")]
        await driver.play_game(plan)
        await driver.pass_handover()  # to the investigator
        assert screen.holder == INVESTIGATOR and screen.can_act()
        texts.append(screen_text(app))
        await settle.press(pilot, "l")
        assert "Jack's last turn again, 1 of 2" in prompt(app)
        assert "drew an alibi card" in prompt(app)
        texts.append(screen_text(app))
        await frames.release(pilot)
        assert "2 of 2" in prompt(app) and "swapped" in prompt(app)
        texts.append(screen_text(app))
        await frames.release(pilot)
        assert screen.replay is None
        texts.append(screen_text(app))
    return texts


async def test_p9_at_a_hot_seat_the_replay_shows_the_investigator_nothing_of_jack():
    """The counterfactual: another Jack, who draws another card, gives the
    investigator's replay the very same screens."""
    one = await replay_texts(other_jack("gull", "smith"))
    two = await replay_texts(other_jack("pizer", "madame"))
    assert one == two


def test_a_replay_frames_sentence_fits_its_row_at_any_width():
    """As the line under the prompt (tester PB, round 1): a sentence too long
    in either wording is cut to its row with an ellipsis, never wrapped."""
    from whitechapel.pocket.ui.replay import Frame, Replay

    long = "The investigator played the joker: Holmes one step clockwise (1 → 2)."
    frame = Frame(None, None, INVESTIGATOR, long, long[:60] + ".", frozenset(), frozenset())  # type: ignore[arg-type]
    replay = Replay([frame], 0)
    assert replay.sentence(100) == long
    assert replay.sentence(61) == long[:60] + "."
    for width in range(10, 80):
        assert len(replay.sentence(width)) <= width
