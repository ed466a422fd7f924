"""A hand-over's curtain takes no key for its first moments: an Enter typed
ahead by the side that just played must not lift it and show the other
side's secrets to the wrong person (play-tester H, issue 43 round 4: the
police's last key and Enter in one burst showed Jack's hideout).  The
curtain's clock is driven by the test: nothing here waits."""

from __future__ import annotations

import settle
from lfw_app_play import first_game_where, game_app
from snapshots import screen_text
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.ui.turns import HOLD, TurnControl


def held_clock(monkeypatch) -> list[float]:
    """The curtain's clock, driven by the test (`now[0]`), the hold as shipped."""
    now = [0.0]
    monkeypatch.setattr(TurnControl, "hold", HOLD)
    monkeypatch.setattr(TurnControl, "clock", staticmethod(lambda: now[0]))
    return now


def police_t3():
    """Night 1, the police to act in T3 (their last phase before Jack's)."""
    return first_game_where(
        12, lambda g: g.phase == Phase.CLUES and g.to_act == POLICE and g.night == 1
    )


async def test_an_enter_typed_ahead_never_lifts_the_hand_over_to_jack(tmp_path, monkeypatch):
    now = held_clock(monkeypatch)
    game = police_t3()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        assert "Pass to" in screen_text(app)
        await settle.press(pilot, "enter")  # at once: still up
        assert "Pass to" in screen_text(app) and screen.turns.holder is None
        now[0] += HOLD  # a deliberate Enter, later
        await settle.press(pilot, "enter")
        assert screen.turns.holder == POLICE
        # The police's last key and an Enter typed ahead, in one burst.
        while game.to_act == POLICE:
            action = str(next(iter(game.legal_actions())))
            await settle.press(pilot, *keys_for(game, action))
        await settle.press(pilot, "enter")
        text = screen_text(app)
        assert "Pass to" in text and "Jack only" not in text
        assert screen.turns.holder is None
        now[0] += HOLD
        await settle.press(pilot, "enter")
        assert screen.turns.holder is not None and "Pass to" not in screen_text(app)


async def test_an_enter_a_moment_after_the_last_letter_never_lifts_the_hand_over(
    tmp_path, monkeypatch
):
    """Tester T, round 10: the police's last move by a letter, then, 0.7 s
    later, the Enter the prompts before had asked for: the curtain to Jack
    went and the police saw "Your hideout: 88" (2 tries in 4).  Now it
    holds 1.5 s, and an Enter in that time starts the hold again: only a
    pause, then Enter, lifts it."""
    now = held_clock(monkeypatch)
    game = police_t3()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        now[0] += HOLD
        await settle.press(pilot, "enter")
        assert screen.turns.holder == POLICE
        while game.to_act == POLICE:
            action = str(next(iter(game.legal_actions())))
            await settle.press(pilot, *keys_for(game, action))
        assert screen.turns.curtain_up
        for later in (0.7, 1.0, 1.4):  # each Enter within the hold of the last
            now[0] += later
            await settle.press(pilot, "enter")
            text = screen_text(app)
            assert "Pass to" in text and "Jack only" not in text, later
            assert screen.turns.holder is None
        now[0] += HOLD  # a pause: the deliberate Enter
        await settle.press(pilot, "enter")
        assert screen.turns.holder is not None and "Pass to" not in screen_text(app)


async def test_the_hand_over_says_when_it_takes_enter(tmp_path, monkeypatch):
    """Tester Y, round 13: "Press Enter when ready." stood from the first
    moment, Enter did nothing for 1.5 s and each press started the wait
    again, with nothing on screen to say so.  In its hold the curtain says
    keys are not taken yet; once the hold is over, "Press Enter"; an Enter
    in the hold brings the first words back."""
    now = held_clock(monkeypatch)
    game = police_t3()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "A moment… (keys pressed now are not taken)" in text
        assert "Press Enter" not in text
        now[0] += HOLD
        screen.turns.hold_over()  # the curtain's timer, at the hold's end
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Press Enter when ready." in text and "A moment" not in text
        await settle.press(pilot, "enter")
        assert screen.turns.holder == POLICE
        while game.to_act == POLICE:
            action = str(next(iter(game.legal_actions())))
            await settle.press(pilot, *keys_for(game, action))
        now[0] += 0.5
        await settle.press(pilot, "enter")  # in the hold: not taken, and it says so
        text = " ".join(screen_text(app).split())
        assert "A moment" in text and "Jack only" not in text
        now[0] += 1.0
        screen.turns.hold_over()  # 1.0 s after that Enter: still in the hold
        await settle.settle(pilot)
        assert "A moment" in " ".join(screen_text(app).split())


def jack_may_go_home():
    """Jack to act, a walk home among his moves: the game and that move."""
    from whitechapel.lfw.rulebook import JACK

    def home_offered(g) -> bool:
        return g.to_act == JACK and any(str(a).endswith(" home") for a in g.legal_actions())

    game = first_game_where(5, home_offered, tries=50)
    return game, next(str(a) for a in game.legal_actions() if str(a).endswith(" home"))


async def announce_home(pilot, screen, now: list[float], home: str) -> None:
    """Past the hand-over to Jack, his walk home typed and announced with
    Enter (`1 7 5 Enter Enter`): the night's summary rises."""
    from whitechapel.lfw.rulebook import JACK
    from whitechapel.lfw.ui.nightend import NIGHT_END

    await settle.settle(pilot)
    now[0] += HOLD
    await settle.press(pilot, "enter")
    assert screen.turns.holder == JACK
    await settle.press(pilot, *home.split()[1], "enter", "enter")  # the circle, Enter announces
    assert str(screen.source.game.history[-1]) == home and screen.curtain_kind == NIGHT_END


async def test_t1_an_enter_typed_after_jacks_announcing_enter_leaves_the_nights_summary_up(
    tmp_path, monkeypatch
):
    """Tester N3, issue 43 round 34: "Enter: home" then Enter went straight
    past the end of the night's summary, unread.  The summary takes no
    Enter for its first moments, as a hand-over does: an Enter at once is
    dropped; a later one lifts it."""
    from whitechapel.lfw.ui.nightend import NIGHT_END
    from whitechapel.ui.turns import PASS

    now = held_clock(monkeypatch)
    game, home = jack_may_go_home()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await announce_home(pilot, screen, now, home)
        await settle.press(pilot, "enter")  # and Enter again, at once
        assert str(game.history[-1]) == home
        assert screen.curtain_kind == NIGHT_END, screen_text(app)
        now[0] += HOLD
        await settle.press(pilot, "enter")
        assert screen.curtain_kind == PASS  # read, then on to the police's hand-over


async def test_t1_enters_pressed_now_and_then_over_the_summary_lift_it_once_its_hold_is_over(
    tmp_path, monkeypatch
):
    """A summary's hold never starts again: an Enter every second over it
    (slower than a burst, quicker than the hold) lifts it once the hold
    from its rising is over, as a hand-over's would not."""
    from whitechapel.lfw.ui.nightend import NIGHT_END

    now = held_clock(monkeypatch)
    game, home = jack_may_go_home()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await announce_home(pilot, screen, now, home)
        now[0] += 1.0
        await settle.press(pilot, "enter")
        assert screen.curtain_kind == NIGHT_END
        now[0] += 1.0  # 2 s after it rose, 1 s after the last Enter
        await settle.press(pilot, "enter")
        assert screen.curtain_kind != NIGHT_END
