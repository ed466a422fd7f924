"""Round 12's findings (issue 44; play-testers PV and PW,
docs/playtests/2026-12-06-pocket-round12-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import settle
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.pocket.ui.lesson import LessonScreen
from whitechapel.pocket.ui.screen import PocketScreen  # noqa: F401 (the app's screens)


async def test_a_lesson_longer_than_the_window_says_more_below_until_its_end():
    """PV: "the guided game's intro card ends mid-sentence ('…the race
    begins: stay') at the bottom edge, with no scrollbar or 'more' mark"
    (a scrollbar is colour alone).  The box's bottom border says "more
    below" while it goes on, and no longer at its end."""
    text = "\n\n".join(f"Paragraph {n}: the lesson goes on." for n in range(1, 30))
    app = WhitechapelApp(start=LessonScreen(text, "Enter: start"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        shown = screen_text(app)
        assert "↓ more below" in shown and "Enter: start" not in shown, shown
        await settle.press(pilot, *["pagedown"] * 6)
        await settle.settle(pilot)
        shown = screen_text(app)
        assert "Paragraph 29" in shown and "more below" not in shown, shown
        assert "Enter: start" in shown
    app = WhitechapelApp(start=LessonScreen("A short lesson.", "Enter: start"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        assert "more below" not in screen_text(app)
