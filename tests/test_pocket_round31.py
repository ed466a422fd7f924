"""Round 31's findings (issue 44; play-tester RI,
docs/playtests/2026-12-07-pocket-round31-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import settle
from pocket_app_play import SETUPS, pocket_app
from whitechapel.pocket.ui.learn import CHOICES


async def test_s_says_what_it_does_outside_the_secrets_mode(tmp_path):
    """RI: "`s` (show Jack's identity) does nothing, with no message, in the
    default 'always' hand-over mode."""
    app, _ = pocket_app(SETUPS["lestrade"], tmp_path, handover="always")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the first curtain
        await settle.press(pilot, "s")
        said = " ".join(n.message for n in app._notifications)
        assert "s shows Jack's cards only in the 'secrets' hand-over mode" in said, said


def test_the_help_says_ctrl_q_asks_first_and_the_guided_games_say_who_plays():
    """RI: "ctrl+q inside a game asks 'Quit? y or Enter'.  The help table
    says 'ctrl+q quit', so I assumed it quits at once"; "the learning menu
    says the computer 'keeps the game close to its end', which I couldn't
    interpret"."""
    from importlib.resources import files

    helped = files("whitechapel.pocket.ui").joinpath("help.md").read_text()
    assert "| ctrl+q | quit: asks first during a game" in helped
    for _, _, said in CHOICES[:2]:
        assert "close to its end" not in said and "gentle" in said, said
