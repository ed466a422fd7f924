"""The CSS parses every app in a process shares (app.SharedParses): a new
SSH session's app starts with the rules already parsed, and a theme (its
CSS variables) never leaks from one app into another."""

from __future__ import annotations

import settle
from whitechapel.app import MenuScreen, SharedParses, WhitechapelApp


async def colours(theme: str | None = None) -> tuple[str, str]:
    app = WhitechapelApp()
    if theme is not None:
        app.theme = theme  # before the first parse: the theme's variables parse the rules
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        return str(app.screen.styles.background), str(app.screen.styles.color)


async def test_a_second_app_reuses_the_parsed_rules_and_keeps_its_own_theme():
    dark = await colours()
    assert SharedParses.entries  # the first app's parses are kept
    light = await colours("textual-light")
    assert light != dark
    assert await colours() == dark  # not the light theme's rules
    assert await colours("textual-light") == light
