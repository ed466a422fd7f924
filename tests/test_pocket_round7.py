"""Round 7 of issue 44's blind play-tests (testers PM and PN): what they
found, held by tests."""

from __future__ import annotations

import dataclasses
import random

from rich.text import Text

from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui import panels


def ends_and_races(seeds=range(30)):
    """Views of random games' every round and end, both sides, and the same
    with one suspect left (the race, the last suspect)."""
    for seed in seeds:
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            game.advance(rng.choice(game.legal_actions()))
            for side in (INVESTIGATOR, JACK):
                view = game.view(side)
                yield view
                yield one_left(view)


def one_left(view):
    """The view with every suspect but the first cleared, the race on."""
    keep = view.suspects[0]
    tiles = tuple(
        dataclasses.replace(t, cleared=t.cleared or t.character != keep) for t in view.tiles
    )
    return dataclasses.replace(view, tiles=tiles, race=view.outcome is None)


def test_p8_every_row_of_the_race_fits_the_narrowest_side_column():
    """PK and PM: at 80×24 the side panel read "Suspects left: 1, Jack got"
    (the rest cut): every row of what each side has towards its goal fits
    the side column at its narrowest, whatever the count and the end."""
    rows = set()
    for view in ends_and_races():
        for row in Text.from_markup(panels.race_lines(view)).plain.split("\n"):
            rows.add(row)
            assert Text(row).cell_len <= panels.PANEL_WIDTH, row
    assert any(r.startswith("Last suspect: Jack got away") for r in rows)
    assert any(r.startswith("Last suspect: must be seen") for r in rows)
    assert any(", goal 6" in r for r in rows)  # past the six hourglasses, one form


async def test_p7_the_last_turn_again_waits_for_space_at_each_action():
    """Tester PP, round 8: "Jack's last turn again, 1 of 2 (Space next, other
    keys back)" went on by itself after a second and closed.  On the replay
    key each action stays until Space, however short the pace."""
    import asyncio

    import settle
    from pocket_app_play import Driver, choose
    from polling import until
    from whitechapel.app import WhitechapelApp
    from whitechapel.core.thinking import InProcess
    from whitechapel.pocket.ui.setup import pocket_screen

    screen = pocket_screen(5, {INVESTIGATOR: "Ann", JACK: "computer:easy"})
    screen.turns.thinker = InProcess("pocket", screen.turns.computers, 1)
    screen.replay_pace = 0.001
    app = WhitechapelApp(start=screen)
    game = screen.source.game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await Driver(pilot, screen, random.Random(1)).keys_for(choose(game, random.Random(1)))
        await until(lambda: len(game.history) == 3, what="Jack's two actions", pilot=pilot)
        await until(lambda: screen.turns.thinking is None, what="the computer done", pilot=pilot)
        await settle.settle(pilot)
        await settle.press(pilot, "l")
        for _ in range(20):  # many times the pace: the frame stays
            await asyncio.sleep(0.01)
        await settle.settle(pilot)
        assert screen.replay is not None and screen.replay.index == 0
        await settle.press(pilot, "space")
        assert screen.replay is not None and screen.replay.index == 1
        await settle.press(pilot, "space")
        assert screen.replay is None


async def test_p8_at_80x24_the_end_gives_the_tokens_rows_to_the_log(tmp_path):
    """Tester PO, round 8: at the end of his game at 80×24 the log was one
    line cut with "…", and the alibi that decided it never showed.  At the
    end the played tokens make way: the last round's alibi and the call are
    read whole."""
    from pathlib import Path

    import settle
    from snapshots import screen_text
    from whitechapel.app import WhitechapelApp
    from whitechapel.core.record import Record, replay
    from whitechapel.core.store import Store
    from whitechapel.pocket.ui.screen import PocketScreen
    from whitechapel.ui.source import LocalSource
    from whitechapel.ui.widgets.text import TextPanel

    record = Record.loads(
        (Path(__file__).parent / "data" / "pocket-round8-po-end.json").read_text()
    )
    game = replay(record)
    assert game.outcome is not None
    app = WhitechapelApp(start=PocketScreen(LocalSource(game, record, Store(tmp_path))))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "Action tokens" not in screen_text(app)
        notes = app.screen.query_one("#notes", TextPanel)
        assert notes._rows is not None
        text = " ".join(" ".join(strip.text for strip in notes._rows[1]).split())
        # a sentence, as every line of the log (tester RO, round 34)
        assert "The investigator showed Gull's alibi card: not Jack." in text
        assert "Witness call: Jack was not seen; cleared nobody new." in text
