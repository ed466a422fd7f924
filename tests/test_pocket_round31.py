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


def test_the_help_says_what_the_tiles_grounds_mean():
    """RH (round 31): "help doesn't explain the grey (seen) and brown (just
    changed) tile backgrounds"."""
    from importlib.resources import files

    helped = " ".join(files("whitechapel.pocket.ui").joinpath("help.md").read_text().split())
    assert "a seen tile stands on a lighter, bluish ground" in helped
    assert "the tiles it turned or swapped on a brown ground" in helped


def test_p8_a_win_that_counts_his_cards_an_hourglass_each_says_the_race_may_come():
    """RH (round 31): "in guided round 6 the hint said 'you win' for certain.
    From what the investigator could see, Jack might have held Madame's
    card, which would have started a race instead."  The look-ahead counts
    each face-down card as one hourglass; where one could hold two and make
    the last suspect unseen the race, the hint says so in every form."""
    import dataclasses

    from whitechapel.pocket import ahead, hints
    from whitechapel.pocket.actions import ALIBI_ACTION
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import INVESTIGATOR, JACK

    view = PocketGame(SETUPS["lestrade"]).view(INVESTIGATOR)
    view = dataclasses.replace(view, round=5, known_hourglasses=3, jack_alibi_count=1)
    assert "madame" not in view.investigator_alibis
    call = ahead.Call(1, 1, if_seen=INVESTIGATOR, if_unseen=INVESTIGATOR)
    assert hints.cards_may_race(view, call)
    graded = ahead.Graded(ALIBI_ACTION, 0.0, ((JACK, ALIBI_ACTION),), call)
    long, short, tiny = hints.said(view, graded, INVESTIGATOR)
    assert long.endswith("unless his alibi card holds more hourglasses: then the race"), long
    assert short.endswith(", or the race") and tiny == "you win, or the race"
    # with no card face down, or a count that stays short of six, a win is a win
    assert not hints.cards_may_race(dataclasses.replace(view, jack_alibi_count=0), call)
    assert not hints.cards_may_race(dataclasses.replace(view, known_hourglasses=1), call)


def test_p8_the_race_ending_is_said_as_the_race():
    """RK (round 32), RD (round 29): "'Round 6: Jack seen, 0 of 1 cleared:
    only Bert was left' is odd".  A race's last call is said as its end."""
    from whitechapel.pocket import review
    from whitechapel.pocket.pieces import INVESTIGATOR

    race = review.RoundFacts(6, 1, 1, 0, True, 1, 6, False)
    said = review.turning_line(race, INVESTIGATOR, "bert", racing=True)
    assert said == "Round 6: the race ended: Bert, the last suspect, was seen.", said
    # no race begun: an alibi card had cleared the other suspect before the
    # call (tester RN, round 34: "the race ended", and no race had happened)
    said = review.turning_line(race, INVESTIGATOR, "bert")
    assert said == "Round 6: only Bert was left before the call, and was seen.", said
    whole = review.RoundFacts(4, 3, 1, 2, True, 1, 2, False)
    assert review.turning_line(whole, INVESTIGATOR, "bert").endswith("only Bert was left.")


def test_the_win_or_race_warning_says_may():
    """RK (round 32): "'Unseen: Jack's win or race' is a possibility stated
    as a fact"; one wording with "may"."""
    from whitechapel.pocket.ui import panels

    assert "may" in panels.WIN_OR_RACE and "may" in panels.MAY_WIN_UNSEEN
