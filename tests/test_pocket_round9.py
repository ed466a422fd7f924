"""Round 9's findings (issue 44; play-testers PQ and PR,
docs/playtests/2026-12-06-pocket-round9-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import random

from whitechapel.pocket import ahead
from whitechapel.pocket.actions import Rotate
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.computer import moves_line
from whitechapel.pocket.views import WitnessCall


def _lane_turned() -> PocketGame:
    """A game just after Jack turned Lane's open crossroads (his suspect
    side cleared: no wall)."""
    rng = random.Random(9)
    for seed in range(400):
        game = PocketGame.new(seed)
        while game.outcome is None and game.legal_actions():
            legal = game.legal_actions()
            tiles = game.view(JACK).tiles
            turn = [
                a
                for a in legal
                if isinstance(a, Rotate) and tiles[a.square].open_crossroads and game.to_act == JACK
            ]
            if turn:
                game.advance(turn[0])
                return game
            game.advance(rng.choice(legal))
    raise AssertionError("no game where Jack turns Lane's crossroads")


def test_p5_lanes_crossroads_turned_is_said_alike_at_every_width():
    """PQ: "Log: Jack: turn c3 (Lane): no wall. Under board: Jack swapped c1
    and b2, then rotated c3: wall east."  The line under the board says the
    crossroads has no wall in every wording, the narrowest too."""
    game = _lane_turned()
    view = game.view("investigator")
    for width in range(24, 90):
        line = moves_line(view, "Jack", 1, width)
        assert "no wall" in line or "open crossroads" in line or line.endswith("…"), (width, line)
        for wall in ("north", "east", "south", "west"):
            assert f"wall {wall}" not in line and f"faces {wall}" not in line, (width, line)


def _jack_decisions(seeds=range(60)):
    """Jack's decisions with actions left before the call, over random
    games: (game, view, action) for every legal action of each."""
    rng = random.Random(5)
    for seed in seeds:
        game = PocketGame.new(seed)
        while game.outcome is None and game.legal_actions():
            view = game.view(JACK)
            if game.to_act == JACK and view.step < 3:
                for action in game.legal_actions():
                    yield game, view, action
            game.advance(rng.choice(game.legal_actions()))


def _seen_at_call(game: PocketGame, rng: random.Random) -> bool:
    """Play the round out at random; was Jack seen at its call?"""
    rnd = game.round
    while game.outcome is None and game.round == rnd:
        calls = len([e for e in game.view(JACK).log if isinstance(e, WitnessCall)])
        game.advance(rng.choice(game.legal_actions()))
        log = [e for e in game.view(JACK).log if isinstance(e, WitnessCall)]
        if len(log) > calls:
            return log[-1].seen
    raise AssertionError("no call")


def test_p7_a_call_that_sees_jack_whatever_comes_next_does():
    """`seen_whatever` against the engine: where it says Jack is seen at the
    call whatever both sides play, every way the round is played out sees
    him (random continuations, the alibi's cards as drawn)."""
    rng = random.Random(2)
    checked = 0
    for game, _view, action in _jack_decisions(range(25)):
        if rng.random() > 0.05:
            continue
        if ahead.seen_whatever(game.view(JACK), action):
            for _ in range(3):
                copy = game.clone()
                copy.advance(action)
                assert _seen_at_call(copy, rng), (game.history, action)
            checked += 1
    assert checked >= 10


def test_p7_jacks_warning_is_for_a_call_that_sees_him_whatever_comes_next():
    """PQ and PR: "The 'Careful: Jack would still be seen' warning ignores
    forced moves. It fired even though the investigator's only remaining
    token had to move the detective who saw Jack."  A move that leaves him
    in sight for now, which the actions left may undo, is said so, in
    plain words; the red warning stays for a call that sees him whatever
    comes next."""
    soft = hard = 0
    for _game, view, action in _jack_decisions():
        after = preview(view, action)
        line = panels.exposed_line(view, after, action)
        if not line:
            continue
        if ahead.seen_whatever(view, action):
            assert line.startswith("[b red]Careful: Jack will be seen at the call"), line
            hard += 1
        else:
            assert "for now" in line and "Careful" not in line, line
            soft += 1
        if soft >= 5 and hard >= 5:
            return
    raise AssertionError((soft, hard))


def test_p7_between_calls_that_clear_nobody_the_hint_sees_everyone():
    """PR: "Best: turning a1: the call clears nobody" left Jack unseen, to
    take the round's token, where turning b3's wall east saw both suspects:
    Jack seen, no hourglass, and the hint then called that equal.  Where
    the investigator's best clears nobody and some action sees everyone,
    the best is one that sees everyone."""
    from whitechapel.pocket.pieces import INVESTIGATOR

    rng = random.Random(4)
    found = 0
    for seed in range(200):
        game = PocketGame.new(seed)
        while game.outcome is None and game.legal_actions():
            view = game.view(INVESTIGATOR)
            if game.to_act == INVESTIGATOR and view.step == 3:
                grading = ahead.grade(view, INVESTIGATOR)
                best = grading.best()
                calls = [grading.of(a).call for a in game.legal_actions()]
                everyone = any(not c.unseen and c.seen > 1 for c in calls)
                nobody = any(not c.seen and c.unseen > 1 for c in calls)
                if best is not None and best.call.least == 0 and everyone and nobody:
                    assert not best.call.unseen, (game.history, best)
                    found += 1
            game.advance(rng.choice(game.legal_actions()))
        if found >= 3:
            return
    raise AssertionError(found)


def test_p9_the_replays_text_says_her_for_a_woman_and_fits_its_rows():
    """PR: the replay viewer said "Jack is Madame; his alibi cards", and
    "alibi (used)  watson (used)" in small letters; PQ: its line "Jack's
    known hourglasses: 5 of" was cut."""
    from whitechapel.pocket.render import render_status

    for seed in range(200):
        game = PocketGame.new(seed)
        if game.view(JACK).jack.identity in ("madame", "stealthy"):
            break
    game.advance(game.legal_actions()[0])
    text = render_status(game.view(JACK))
    assert "her alibi cards" in text and "his alibi cards" not in text
    used = [w for w in text.split() if w == "(used)"]
    assert used and all(
        line.split("(used)")[0].split()[-1][0].isupper()
        for line in text.splitlines()
        if "(used)" in line
    )
    assert all("hourglasses" not in line for line in text.splitlines() if "Round tokens" in line)
