"""Round 34's findings (issue 44; play-testers RN and RO,
docs/playtests/2026-12-07-pocket-round34-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import settle
from pocket_app_play import SETUPS, Driver, curtain_text, pocket_app
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.ui.screen import is_cards, is_summary


async def test_p9_the_alibi_screen_counts_only_the_hourglasses_jack_holds(tmp_path):
    """RO: "After Jack's 4th-action alibi, it showed 'Your hourglasses: 3 of
    6' when Jack had 1 token + Lane (1) = 2.  The total already includes
    the round token from a witness call that has not been shown yet."
    Goodley's game: Jack took round 1's token; in round 2 his last action
    draws Madame (2), and the call that follows leaves him unseen.  Behind
    his curtain he holds 1 + 2 = 3; the round's hourglass is his once the
    call is shown."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    game = screen.source.game
    for text in ("H+1", "W+1", "J:H", "Ra1N", "T+1", "Xa1b1", "Ra1E"):
        game.play(text)
    assert game.view(JACK).jack.hourglasses == 1
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()  # to Jack
        await settle.press(pilot, "1", "enter")  # the alibi token: he draws Madame
        assert [str(a) for a in game.history][-1] == "A"
        assert game.view(JACK).jack.hourglasses == 4  # the call has given him the round's
        assert is_cards(app.screen)
        text = " ".join(curtain_text(app).split())
        assert "you drew an alibi card Madame: 2 hourglasses for you" in text, text
        assert "Your hourglasses: 3 of 6" in text, text
        await settle.press(pilot, "enter")
        assert is_summary(app.screen), app.screen  # then the call, for both


async def test_p5_jacks_joker_moving_nobody_previews_its_call_like_every_choice(tmp_path):
    """RN: "A joker with 'Nobody' chosen shows no 'Then a call: …' preview
    line; every other choice does."  Jack's joker in Goodley's first
    round: each detective, and nobody, says what a call would then see."""
    app, screen = pocket_app(SETUPS["goodley"], tmp_path)
    screen.source.game.play("H+1")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        driver = Driver(pilot, screen)
        await driver.pass_handover()  # to Jack
        await settle.press(pilot, "4")  # the joker
        for key in ("h", "w", "t", "0"):
            await settle.press(pilot, key)
            prompt = " ".join(screen.query_one("#prompt").render().plain.split())
            assert prompt.startswith("Joker:"), prompt
            assert "Then a call: " in prompt and "; you unseen" in prompt, (key, prompt)
        assert "Joker: nobody moves." in prompt
