"""Letters from Whitechapel input (LfW play issue): a police turn in a few
keys, one-key labels on the crossings the prompt asks for, refusals in the
game's words, either order for a pair, forced actions named and waiting for
Enter, the last placement confirmed."""

from __future__ import annotations

import random
import re

import pytest

import settle
from lfw_app_play import game_app, press_for_all, prompt_text
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import OPTIONS, Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import refusals, sentences
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.choosing import Chooser
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import COLOUR_LETTERS
from whitechapel.lfw.ui.picking import ALL_LABELS, picking_for
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.net.rooms import Room
from whitechapel.ui.source import RemoteSource

ALL = Options(**dict.fromkeys(OPTIONS, True))
BOARD = "whitechapel-1888"


def step(game: LfwGame, chance: Chance) -> None:
    if game.to_act == JACK:
        game.apply(homeward_action(game, chance, eager=0.9))
    else:
        game.apply(game.random_action(chance))


def played_until(seed: int, stop, *, options=None, board=BOARD, limit=3000) -> LfwGame:
    chance = Chance(seed)
    game = LfwGame.new(seed, options or Options(), load_board(board))
    while game.outcome is None and not stop(game) and len(game.history) < limit:
        step(game, chance)
    assert stop(game), "no such position"
    return game


def in_sight(map_view: MapView, node) -> bool:
    lab = map_view.canvas.labels[node]
    x, y = int(map_view.scroll_x), int(map_view.scroll_y)
    region = map_view.scrollable_content_region
    return x <= lab.x0 < x + region.width and y <= lab.y < y + region.height


# -- a police turn in a few keys ------------------------------------------------------


async def test_a_police_turn_where_nobody_moves_or_acts_takes_four_keys(tmp_path):
    """0 0 in T2 (asked first: tester L2, round 19), then 0 0 in T3: asked
    the same way after an idle T2 (tester D4, round 42: it once passed on
    the first 0, and his habitual second 0 fell into the next turn)."""
    game = played_until(7, lambda g: g.phase == "hunt")
    before = len(game.history)
    order = sentences.police_order(game.view(POLICE))
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the hand-over to the police
        assert "0 everyone stays" in prompt_text(app)
        await settle.press(pilot, "0", "0")
        assert [str(a) for a in game.history[before:]] == [f"{c} stay" for c in order]
        assert game.phase == "clues" and screen.holder == POLICE
        assert "0 everyone passes" in prompt_text(app)
        await settle.press(pilot, "0")
        assert len(game.history) == before + len(order)  # asked, nothing done
        assert "0 again: yes" in prompt_text(app)
        await settle.press(pilot, "0")
        played = [str(a) for a in game.history[before:]]
        assert played == [f"{c} stay" for c in order] + [f"{c} pass" for c in order]
        assert screen.curtain_up and "Pass to Ann (Jack)" in screen_text(app)


async def test_each_policeman_is_in_sight_when_his_move_starts(tmp_path):
    game = played_until(7, lambda g: g.phase == "hunt")
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        map_view = screen.query_one(MapView)
        for turn in range(5):
            colour = game.acting_colour
            if turn:  # the turn starts on Jack's possible circles (test_lfw_board_fit.py)
                assert in_sight(map_view, game.police[colour]), colour
            map_view.scroll_to(0, 0, animate=False)  # the player looked elsewhere
            await settle.settle(pilot)
            await settle.press(pilot, "3")  # he stays: the next one is brought into sight
        assert game.phase == "clues"
        assert in_sight(map_view, game.police[game.acting_colour])


async def test_t2_the_letter_of_one_who_moved_or_is_moving_brings_him_into_sight(tmp_path):
    """The key of the policeman acting, or of one who has acted, only
    centres the map on him (a later one's key is a fold:
    test_lfw_police_keys.py)."""
    game = played_until(7, lambda g: g.phase == "hunt")
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        first = game.acting_colour
        await settle.press(pilot, "3")  # he stays (T2: 3, as T3's pass)
        acting = game.acting_colour
        map_view = screen.query_one(MapView)
        before = game.clone()
        for colour in (first, acting):
            map_view.scroll_to(0, 0, animate=False)
            await settle.settle(pilot)
            await settle.press(pilot, COLOUR_LETTERS[colour].lower())  # b y n r g
            await settle.settle(pilot)
            assert game == before
            assert in_sight(map_view, game.police[colour])
            if colour == first:
                said = f"{first.capitalize()} has moved this turn; {acting.capitalize()} moves now"
                assert said in prompt_text(app)


async def test_one_key_moves_a_policeman_to_a_labelled_crossing(tmp_path):
    game = played_until(7, lambda g: g.phase == "hunt")
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        colour = game.acting_colour
        labels = screen.picking.labels()
        key, crossing = next(iter(labels.items()))
        await settle.press(pilot, key)
        assert str(game.history[-1]) == f"{colour} {crossing}"


async def test_key_zero_at_a_network_seat_goes_on_with_each_new_state(tmp_path):
    """At a network seat every stay is one action sent to the server; key 0
    sends the next when the server's state comes back, and stops where the
    seat's policemen end (two police seats share the five)."""
    game = played_until(7, lambda g: g.phase == "hunt")
    room = Room("R", "lfw", game, seed=None, seat_count=1, created="2026-01-01T00:00:00+00:00")
    screens: list[LfwScreen] = []

    class Link:
        sent: list[str] = []

        async def send(self, msg) -> None:
            self.sent.append(msg["action"])
            room.act("police1", msg["action"])
            screens[0].remote_state(room.state_message("police1"))

    link = Link()
    screen = LfwScreen(
        RemoteSource(link, "R", "police1", room.state_message("police1")), game.board
    )
    screens.append(screen)
    async with WhitechapelApp(start=screen).run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        order = sentences.police_order(game.view(POLICE))
        await settle.press(pilot, "0", "0")  # T2's 0 asks first
        for _ in range(50):
            await settle.settle(pilot)
            if game.phase == "clues":
                break
        assert link.sent == [f"{c} stay" for c in order]
        assert game.phase == "clues" and screen.rest is None


# -- labels on the crossings the prompt asks for ------------------------------------


def positions(count: int, seed: int, options: Options):
    """Positions of random games on both boards: (game, view of the side to act)."""
    chance = Chance(seed)
    for k in range(count):
        board = ("tutorial", BOARD)[k % 2]
        game = LfwGame.new(seed + k, options, load_board(board))
        while game.outcome is None and len(game.history) < 400:
            yield game, game.view(game.to_act or "")
            step(game, chance)


def test_labels_are_exactly_on_the_crossings_offered_one_key_each():
    seen = 0
    for game, view in positions(6, 40, ALL):
        p = picking_for(view, game.board)
        for _depth in range(2):
            crossings = {o for o in p.node_options() if not o.isdigit()}
            labels = p.map_labels()
            assert set(labels) == crossings, view.phase
            assert len(set(labels.values())) == len(labels)
            assert all(len(k) == 1 and k in ALL_LABELS for k in labels.values())
            assert not set("bynrgfxBYNRGFX") & set(labels.values())  # policemen, fakes, ids
            if crossings:
                seen += 1
                assert "letter on the map" in p.keys_hint()
            if not p.options():
                break
            p.pick(p.options()[0])
    assert seen > 100


async def test_the_map_draws_the_labels_of_the_crossings_the_prompt_asks_for(tmp_path):
    game = played_until(7, lambda g: g.phase == "hunt")
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        map_view = screen.query_one(MapView)
        legal = {str(a).split()[1] for a in game.legal_actions()} - {"stay"}
        drawn = {x: t for x, t in map_view.texts.items() if isinstance(x, str) and t in ALL_LABELS}
        assert set(drawn) == legal  # exactly the crossings offered carry a letter
        # bright, or dim beside no circle where Jack can be (round 18)
        assert {map_view.marks[x] for x in legal} <= {"target", "target-idle", "cursor"}
        # Each letter is on the screen where the crossing is.
        x = next(iter(drawn))
        map_view.centre_on(x)
        await settle.settle(pilot)
        lab = map_view.canvas.labels[x]
        row = screen_text(app).splitlines()[map_view.region.y + lab.y - int(map_view.scroll_y)]
        col = map_view.region.x + lab.x0 - int(map_view.scroll_x)
        assert row[col] == drawn[x]


# -- refusals in the game's words ---------------------------------------------------------

NOTATION = re.compile(
    r"docs/|notation|Letters from Whitechapel action|IllegalAction|NotationError|Traceback|[<>=]"
)


def player_words(sentence: str, legal: list[str]) -> bool:
    """A sentence about the game: no pointer to the docs, no parser's
    complaint, no action written in notation."""
    if not sentence or NOTATION.search(sentence):
        return False
    return not any(len(t.split()) > 1 and t in sentence for t in legal)


def test_every_refusal_sentence_is_in_the_games_words():
    rng = random.Random(5)
    said: set[str] = set()
    for game, view in positions(8, 60, ALL):
        if rng.random() > 0.5:
            continue
        legal = [str(a) for a in view.legal]
        p = picking_for(view, game.board)
        for _depth in range(3):
            words = [str(rng.randrange(0, 260)) for _ in range(4)]
            words += [f"x{rng.randrange(0, 260)}" for _ in range(4)]
            words += rng.sample(["stay", "pass", "search", "foo", "home", "Q", "9z"], 2)
            picked = [str(w) for w in getattr(p.chooser, "picked", [])]
            for word in words:
                if word in p.options():
                    continue
                why = refusals.why_not(view, game.board, picked, word, p.options())
                assert player_words(why, legal), (view.phase.key, picked, word, why)
                said.add(why)
            for key in "0123456789acqzABXbynrg!":
                press = picking_for(view, game.board).press(key)
                if press.kind == "refuse":
                    assert player_words(press.value, legal), (key, press.value)
                    said.add(press.value)
            if not p.options():
                break
            p.pick(rng.choice(p.options()))
    assert len(said) > 60  # it looked at many different refusals


async def test_random_keys_and_clicks_on_the_screen_get_only_the_games_words(tmp_path):
    game = played_until(13, lambda g: g.phase == "hunt", options=ALL)
    start = len(game.history)
    app, screen = game_app(game, tmp_path)
    rng = random.Random(13)
    chance = Chance(13)
    # every small letter a target may have (each crossing has its own), some capitals
    keys = [*"0123456789acdehijklmopqstuvwzACXbyrg", "x", "enter", "enter", "escape", "tab"]
    keys.append("backspace")
    notices: set[str] = set()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        for _ in range(600):
            if game.outcome is not None:
                break
            legal = (
                [str(a) for a in game.legal_actions()]
                if game.phase not in ("women", "patrols")
                else []
            )
            if game.phase in ("women", "patrols") and not screen.curtain_up:
                for key in keys_for(game, str(game.random_action(chance))):  # not by chance
                    await settle.press(pilot, key)
                continue
            if rng.random() < 0.2 and not screen.curtain_up:
                node = rng.choice([*game.board.circles, *game.board.crossings])
                screen.post_message(MapView.NodeClicked(screen.query_one(MapView), node))
                await settle.settle(pilot)
            else:
                await settle.press(pilot, rng.choice(keys))
            if screen.notice:
                assert player_words(screen.notice, legal), screen.notice
                notices.add(screen.notice)
    assert len(game.history) > start + 20 and len(notices) > 10


# -- either order for a pair ------------------------------------------------------------


def test_saucy_jackys_two_markers_in_either_order():
    legal = ["letter saucy-jacky x3 x9", "letter saucy-jacky x3 x12", "letter saucy-jacky x12 x9"]
    legal += ["letter dear-boss x1 x2", "no-letter"]
    for first, second in (("x3", "x9"), ("x9", "x3")):
        c = Chooser(legal)
        c.pick("letter")
        c.pick("saucy-jacky")
        assert first in c.options()
        assert c.pick(first) is None
        assert c.pick(second) == "letter saucy-jacky x3 x9"
    c = Chooser(["saucy x3>x20 x9>x21", "saucy x3>x21 x9>x20"])
    assert c.options() == ["x3", "x9"]
    c.pick("x9")
    assert c.pick("x21") == "saucy x3>x20 x9>x21"  # the rest is the only way left
    assert c.picked == ["saucy", "x9", ">", "x21", "x3", ">", "x20"]


async def test_the_letter_pair_in_either_order_on_the_screen(tmp_path):
    game = played_until(
        3,
        lambda g: (
            any(str(a).startswith("letter saucy-jacky") for a in g.legal_actions())
            and g.phase == "letter"
        ),
        options=Options(letters=True),
        limit=6000,
    )
    pair = next(str(a) for a in game.legal_actions() if str(a).startswith("letter saucy"))
    first, second = pair.split()[2:]
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        p = screen.picking
        await settle.press(pilot, p.keys_for("letter")[0])
        await settle.press(pilot, screen.picking.keys_for("saucy-jacky")[0])
        for x in (second, first):  # the other order than the text's
            await settle.press(pilot, screen.picking.keys_for(x)[0])
        assert str(game.history[-1]) == pair


# -- forced actions name themselves and wait for Enter --------------------------------


def forced(game: LfwGame) -> bool:
    return game.phase in ("searching", "wretched", "clues") and len(game.legal_actions()) == 1


async def test_a_forced_action_is_named_and_digits_do_not_pile_up(tmp_path):
    game = played_until(1, forced)
    only = str(game.legal_actions()[0])
    app, _screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        text = prompt_text(app)
        described = sentences.capital(sentences.describe(only.replace(">", " > ").split()))
        assert "The only choice" in text and described in text, text
        before = game.clone()
        words = only.split()  # digits that begin none of the action's circles
        typed = next(d * 5 for d in "3197" if not any(w.startswith(d) for w in words))
        for key in typed:
            await settle.press(pilot, key)
        assert game == before and "Typed" not in prompt_text(app)
        assert "Enter plays it" in prompt_text(app)
        await settle.press(pilot, "enter")
        assert str(game.history[-1]) == only


async def test_the_circle_of_a_forced_search_may_be_typed(tmp_path):
    game = played_until(2, lambda g: g.phase == "searching" and len(g.legal_actions()) == 1)
    only = str(game.legal_actions()[0])
    circle = only.split()[-1]
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        await settle.press(pilot, *circle)
        assert str(game.history[-1]) != only or len(game.history) == 0
        await settle.press(pilot, "enter")
        assert str(game.history[-1]) == only and not screen.notice


async def test_a_word_that_takes_the_only_circle_with_it_waits_for_enter(tmp_path):
    """T3: an arrest's word with one circle beside him shows the arrest
    first (Enter plays it); a search there is one key, its letter."""
    game = played_until(
        7,
        lambda g: g.phase == "clues" and sum(" arrest " in str(a) for a in g.legal_actions()) == 1,
    )
    arrest = next(str(a) for a in game.legal_actions() if " arrest " in str(a))
    before = game.clone()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        await settle.press(pilot, screen.picking.keys_for("arrest")[0])
        assert game == before  # not yet: shown first
        who, _, circle = arrest.split()
        assert f"{who.capitalize()} arrests on {circle}" in prompt_text(app)
        await settle.press(pilot, "escape")  # he changes his mind
        assert game == before and "2 arrest" in prompt_text(app)
        await settle.press(pilot, screen.picking.label_of(circle) or "")  # his letter: a search
        assert str(game.history[-1]) == f"{who} search {circle}"


# -- the last placement asks for Enter --------------------------------------------------


@pytest.mark.parametrize("phase", ["women", "patrols"])
async def test_the_last_placement_of_a_phase_waits_for_enter(tmp_path, phase):
    game = played_until(5, lambda g: g.phase == phase)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        before = game.clone()
        p = screen.picking
        while p.chooser.complete() is None:
            node = str(p.node_options()[0])
            await settle.press(pilot, *p.keys_for(node))
        assert game == before  # every token down, nothing played yet
        what = "women tokens" if phase == "women" else "patrol markers"
        assert "placed" in prompt_text(app) and what in prompt_text(app)
        assert "Enter places them; Esc takes the last back" in prompt_text(app)
        await settle.press(pilot, "escape")  # the last one comes back up
        assert p.chooser.complete() is None and game == before
        await settle.press(pilot, *p.keys_for(str(p.node_options()[0])))
        await settle.press(pilot, "enter")
        assert game.phase != phase and str(game.history[-1]).startswith(phase)


def test_the_help_names_the_new_keys():
    from whitechapel.ui.screens.game import help_text

    text = help_text("whitechapel.lfw.ui")
    assert "**0 0**" in text and "Letters on the map" in text and "B Y N R G" in text


async def test_a_refusal_from_the_engine_or_server_loses_its_notation(tmp_path):
    """A network seat's choice can go stale before the server sees it; the
    engine's refusal then reaches the screen without the action's text."""
    game = played_until(7, lambda g: g.phase == "hunt")
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        other = next(x for c, x in game.police.items() if c != game.acting_colour)
        screen.send(f"{game.acting_colour} {other}")  # as if the state had changed
        await settle.settle(pilot)
        assert screen.notice.startswith(("Another policeman ends", "A policeman moves at most"))
        assert player_words(screen.notice, [str(a) for a in game.legal_actions()])


async def test_key_zero_passes_for_everyone_even_when_the_first_can_only_pass(tmp_path):
    def only_pass(g: LfwGame) -> bool:
        legal = [str(a) for a in g.legal_actions()]
        return g.phase == "clues" and len(legal) == 1 and legal[0].endswith(" pass")

    game = played_until(0, only_pass, limit=6000)
    acting, rest = game.acting_colour, sentences.still_to_act(game.view(POLICE))
    assert rest
    app, _screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        assert "0 everyone passes" in prompt_text(app)
        before = len(game.history)
        await press_for_all(pilot, app, "0")
        played = [str(a) for a in game.history[before:]]
        assert played == [f"{c} pass" for c in (acting, *rest)]


async def test_t3_key_1_names_every_circle_of_the_search_likeliest_first(tmp_path):
    """T3: `1 search` plays the whole search, one name after another in
    the screen's order (`search_all`), until a clue or the last circle."""
    from whitechapel.lfw.ui.bench import search_all

    game = played_until(
        7,
        lambda g: g.phase == "clues" and sum(" search " in str(a) for a in g.legal_actions()) >= 3,
    )
    expected = search_all(game)
    n = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        assert "1 search all" in prompt_text(app)  # "likeliest first" unless nothing can be found
        await settle.press(pilot, screen.picking.keys_for("search")[0])
        await settle.settle(pilot)
        assert [str(a) for a in game.history[n:]] == expected and len(expected) >= 1
        assert game.phase != "searching" or game.acting_colour != expected[0].split()[0]
