"""Round 34's findings (issue 44; play-testers RN and RO,
docs/playtests/2026-12-07-pocket-round34-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import random
import re

import settle
from pocket_app_play import SETUPS, Driver, curtain_text, pocket_app
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.screen import is_cards, is_summary
from whitechapel.pocket.views import Played


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


# an action's line in the log: who played it, then what he did, in the past
ACTION_LINE = re.compile(
    r"^(Jack|The investigator) (moved|played|rotated|turned|swapped|drew|showed) "
)


def _goodley_two_rounds() -> PocketGame:
    """Goodley's game: in round 1 the investigator plays the joker
    (Watson 4 → 5); in round 2 he swaps a1 and b1 and turns c1 (Bert),
    and Jack draws Madame."""
    game = PocketGame(SETUPS["goodley"])
    for text in ("J:W", "H+1", "Rb3E", "W+1", "T+1", "Xa1b1", "Rc1N", "A"):
        game.play(text)
    return game


def test_p9_the_log_says_every_action_in_one_voice_at_80x24():
    """RO: "Inconsistent log wording.  Some lines use a hint-like form: 'The
    investigator: turn b3 (Smith): wall east.' and 'The investigator:
    joker, Watson 9 → 10.'  Others read 'The investigator rotated b2
    (Goodley) so that its wall faces east.'"  In the side column at 80×24
    every action is a sentence in the past, who did it first, in two rows
    at most; Jack's card is named on his own log only."""
    game = _goodley_two_rounds()
    width = panels.PANEL_WIDTH
    mine = panels.log_lines(game.view(JACK), width)
    theirs = panels.log_lines(game.view(INVESTIGATOR), width)
    for line in (
        "The investigator played the joker: Watson one step (4→5).",
        "The investigator swapped Pizer a1→b1 and Gull b1→a1.",
        "The investigator rotated c1 (Bert): its wall faces north.",
    ):
        assert line in mine and line in theirs, (line, theirs)
    assert "Jack drew the alibi card of Madame (2 hourglasses)." in mine
    assert "Jack drew an alibi card (kept secret)." in theirs
    assert not any("Madame" in line for line in theirs), theirs
    for line in mine + theirs:
        assert panels.rows_of(line, width) <= 2, line
        assert not line.startswith(("Jack:", "The investigator:")), line


def test_p9_every_action_in_the_log_is_said_in_the_past_at_every_width():
    """RO: "Inconsistent log wording."  Every action in the log is a
    sentence in the past, who did it first ("turn", "swap", "joker," and
    "alibi:" after a colon are gone), at every width of the side column,
    in two rows at most, over random games to their end, on both sides'
    logs."""
    for seed in range(6):
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            game.advance(rng.choice(game.legal_actions()))
        for side in (INVESTIGATOR, JACK):
            view = game.view(side)
            actions = sum(isinstance(e, Played) for e in view.log)
            for width in range(panels.PANEL_WIDTH, 71, 3):
                lines = panels.log_lines(view, width)
                said = [line for line in lines if ACTION_LINE.match(line)]
                assert len(said) == actions, [line for line in lines if not ACTION_LINE.match(line)]
                for line in lines:
                    assert panels.rows_of(line, width) <= 2, (width, line)
