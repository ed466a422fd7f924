"""Keys that arrive in one burst (a paste, a fast typist, SSH latency) act
in the order they came (LfW issue: `93⏎3⏎21⏎` in one write chose hideout 1
and placed only the woman on 3, because Enter, a binding, ran when it
bubbled up to the app, after the screen had already typed the next digits)."""

from __future__ import annotations

from textual import events

import settle
from lfw_app_play import lfw_app


def burst(app, text: str) -> None:
    """Every key of `text` posted at once, as a terminal delivers a write."""
    for ch in text:
        key = {"\r": "enter", "\t": "tab", "\x7f": "backspace"}.get(ch, ch)
        app.post_message(events.Key(key, ch))


async def test_hideout_and_women_typed_in_one_burst(tmp_path):
    app, screen = lfw_app(11, tmp_path, board="whitechapel-1888")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the first hand-over
        burst(app, "93\r3\r21\r")
        await settle.settle(pilot)  # every key of the burst handled
        game = screen.source.game
        assert [str(a) for a in game.history] == ["hideout 93"]
        assert screen.picking.chooser.picked == [3, 21]
        assert screen.picking.typed == ""


async def test_a_burst_with_a_typo_erased_keeps_its_order(tmp_path):
    app, screen = lfw_app(11, tmp_path, board="whitechapel-1888")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")
        burst(app, "94\x7f3\r")  # 94, erase the 4, 3: hideout 93
        await settle.settle(pilot)
        assert [str(a) for a in screen.source.game.history] == ["hideout 93"]
