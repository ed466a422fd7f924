"""Round 22's findings (issue 44; play-testers QP and QQ,
docs/playtests/2026-12-07-pocket-round22-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import re

from pocket_positions import setup, worst_call
from whitechapel.pocket import hints
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import JACK

# QQ's guided game as Jack (the record kept beside the report): Stealthy.
QQ_GUIDED = setup(
    "madame:W smith:E stealthy:E bert:W lane:E lestrade:E pizer:E gull:S goodley:S",
    jack="stealthy",
    deck_top=("lane", "pizer", "smith", "madame", "lestrade", "goodley", "gull", "bert"),
    throws=("ATXR", "HWXR", "HWRR", "HTRJ"),
)
PLAYED = ["A", "Xa1a2", "Ra2S", "T+1", "Rc1N", "W+1", "J:W", "H+2", "Xa1c3", "H+1", "Rc3S", "W+2"]


def test_p7_at_worst_seen_n_left_holds_against_every_answer():
    """QQ: "Best: turning c1's wall east: whatever he answers, at worst
    seen, 4 left", and the investigator's Toby and joker left 3, giving
    Jack the alibi.  The line shown was the investigator's best by the
    whole value (Jack's alibi card weighs against him); the number it
    says now holds against every answer."""
    game = PocketGame(QQ_GUIDED)
    for text in PLAYED:
        game.play(text)
    view = game.view(JACK)
    long, short = hints.ahead_lines(view, JACK, None)
    assert "turning c1's wall east" in short and "at worst you are seen" in long, short
    said = re.search(r"at worst seen, (\d+) left", short)
    assert said, short
    game.apply(parse_action("Rc1E"))
    unseen, left = worst_call(game, JACK)
    assert not unseen and int(said.group(1)) <= left == 3, (short, left)
    for answer in ("T+2", "J:T"):  # what the investigator played
        game.apply(parse_action(answer))
    call = hints.split_of(game.view(JACK))
    assert call.jack and call.seen >= int(said.group(1))


def test_the_reviews_alibi_to_come_is_the_look_aheads_not_still_to_play():
    """QP: the review said "Better: swap a1 and c1 … your alibi, still to
    play, may clear one more" about the alibi he had played: the better
    line plays it later, and the review says so."""
    from whitechapel.pocket import review

    said = review.as_foreseen("Better: swap a1 and c1: your alibi, still to play, may clear one")
    assert "still to play" not in said
    assert "your alibi, played later in that line, may clear one" in said


def test_public_words_about_jack_use_no_pronoun_that_could_be_wrong():
    """QP: "Jack was not seen: he takes an hourglass" where Jack was Madame;
    the review's "her 3rd hourglass … no hourglass for him".  Words shown
    before the end name Jack, not "he" (who he is is the secret)."""
    from whitechapel.pocket import ahead

    call = ahead.Call(seen=3, unseen=0)
    assert "no hourglass for Jack" in hints.call_words(call, "investigator")[0]
    assert "Jack takes an hourglass" in hints.split_meaning(hints.Split(0, 5, None), "investigator")
