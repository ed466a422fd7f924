"""Typing a name, Tab and the next name in one burst fills both fields
(play-testers I, J and L of issue 43 got "AnnBob" in the first)."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

import settle
from whitechapel.app import WhitechapelApp


def _lfw():
    from whitechapel.lfw.ui.setup import LfwSetup

    return LfwSetup()


def _pocket():
    from whitechapel.pocket.ui.setup import PocketSetup

    return PocketSetup()


@pytest.mark.parametrize("make", [_lfw, _pocket], ids=["lfw", "pocket"])
async def test_a_burst_with_tab_fills_the_next_field(make):
    app = WhitechapelApp(start=make())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        first, second = list(app.screen.query(Input))[:2]
        first.focus()
        await settle.settle(pilot)
        first.value = second.value = ""
        for k in ["A", "n", "n", "tab", "B", "o", "b"]:
            app.post_message(events.Key(k, k if len(k) == 1 else None))
        await settle.settle(pilot)
        assert (first.value, second.value) == ("Ann", "Bob")
