"""The setups' name fields (tester Z2, LfW round 27: "the Jack name
field stays editable when the computer plays Jack (I typed my name into
it by mistake)"; A3, round 28: the row still asked for "Jack's player"
while Tab passed it, so each name landed one row down): the side the
computer plays has no name to type, and no row asking for one."""

from __future__ import annotations

import pytest
from textual.widgets import Input

import settle
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.lfw.ui import setup as lfw_setup
from whitechapel.pocket.ui import setup as pocket_setup
from whitechapel.ui.widgets.picker import Picker


@pytest.mark.parametrize(
    "make, fields",
    [
        (lfw_setup.LfwSetup, lfw_setup.NAME_FIELDS),
        (pocket_setup.PocketSetup, pocket_setup.NAME_FIELDS),
    ],
    ids=["lfw", "pocket"],
)
async def test_the_setup_closes_the_computers_name_field(make, fields):
    app = WhitechapelApp(start=make())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        setup = app.screen

        def closed() -> set[str]:
            return {side for side, sel in fields.items() if setup.query_one(sel, Input).disabled}

        picker = setup.query_one("#opponent", Picker)
        assert picker.value == "people" and closed() == set()
        picker.focus()
        while picker.value.partition(":")[0] != "jack":  # LfW's "jack:hard", Pocket's "jack"
            await settle.press(pilot, "right")
        assert closed() == {"jack"}
        assert "Jack's player" not in screen_text(app)
        await settle.press(pilot, "tab", *"zz")  # the field is no key's target
        assert setup.query_one(fields["jack"], Input).value == ""
        while picker.value != "people":
            picker.focus()
            await settle.press(pilot, "right")
        assert closed() == set()
        assert "Jack's player" in screen_text(app)
