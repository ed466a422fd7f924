"""Round 30's findings (issue 44; play-testers RF and RG,
docs/playtests/2026-12-07-pocket-round30-*.md), each checked as a player
would notice it.  The review's (RF) and the preview's count (RF) are in
tests/test_pocket_round29_review.py and tests/test_pocket_round29.py."""

from __future__ import annotations

from whitechapel.pocket import ahead, hints
from whitechapel.pocket.actions import ALIBI_ACTION
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui.learn import CHOICES


def test_the_guided_games_are_not_said_to_keep_the_race_close():
    """RG (and PU, QF, RC before): the menu says the computer "keeps the race
    close to the end", and "race" is the rules' name for the endgame of P8."""
    for _, title, said in CHOICES:
        assert "race" not in f"{title} {said}", said


def test_p8_a_cards_risk_in_fewest_words_is_a_chance_to_win():
    """RG: "'At worst you lose 86 in 100.' This is jarring and unclear: lose
    what, and over what?"  The fewest words say the chance to win."""
    line = ((INVESTIGATOR, ALIBI_ACTION), (JACK, ALIBI_ACTION))
    graded = ahead.Graded(ALIBI_ACTION, 0.0, line, ahead.Call(1, 3), risk=0.86, drawer=JACK)
    full, _few, fewest = hints.card_risk(graded, INVESTIGATOR)
    assert fewest.endswith("win chance 1 in 7"), fewest
    assert "86" in full and "lose" in full  # the long form says the card's chance to lose it
    mine = ahead.Graded(
        ALIBI_ACTION, 0.0, line[:1], ahead.Call(1, 3), risk=0.86, drawer=INVESTIGATOR
    )
    assert hints.card_risk(mine, INVESTIGATOR)[2].endswith("win chance 1 in 7")


def test_p8_both_seats_top_lines_say_the_same_in_as_few_words():
    """RG: "Investigator header: 'round 1 · you to play · if cut off,
    rejoin: …'; Jack header: 'round 1 of 8 — the investigator to play ·
    rejoin: …'.  End: Jack sees 'game over: you lose (round 8)'; the
    investigator sees 'game over: you (the investigator) win', without the
    round."  Every form of the running game's top line says "of 8"; the
    winning seat's forms keep the end's reason as long as the losing
    seat's do."""
    from whitechapel.core.game import Outcome
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.setup import random_setup
    from whitechapel.pocket.ui import panels

    view = PocketGame(random_setup(3)).view(INVESTIGATOR)
    for turn in ("you (the investigator)", "the investigator"):
        for form in panels.banners(view, turn):
            assert f"round {view.round} of 8" in form, form
    ended = Outcome(INVESTIGATOR, "Jack seen", "round 8")
    won = panels.banners(view, "Jack", "you (the investigator)", False, ended)
    lost = panels.banners(view, "Jack", "the investigator", True, ended)
    assert "game over: you lose (round 8)" in lost
    assert "game over: [b]you[/b] win (round 8)" in won, won
    assert won.index("game over: [b]you[/b] win (round 8)") < won.index(
        "game over: [b]you (the investigator)[/b] win"
    )


def test_p4_a_better_move_hint_says_what_yours_comes_to():
    """RG: "When I preview a move the hint does not recommend, it says
    'Better: swap a1 (Smith) and a3 (Gull)' but gives no value for my own
    move.  So I cannot tell whether my move is a little worse or losing."
    Where the two come to different calls, the hint's first rows say what
    the previewed move comes to ("Yours: clears nobody.")."""
    import random
    import re

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.legal import legal
    from whitechapel.pocket.setup import random_setup

    said = 0
    for seed in range(3):
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None and said < 5:
            side = game.to_act
            view = game.view(side)
            for action in legal(view)[:12]:
                first = hints.lead_rows(view, side, action.face, action)[0]
                if "Yours: " in first:
                    assert first.startswith("Better: "), first
                    mine = ahead.grade(view, side).of(action)
                    cards = view.jack_alibi_count if side == INVESTIGATOR else 0
                    tiny = hints.call_tiny(mine.call, side, len(mine.line) > 1, cards)
                    assert re.search(rf"\. Yours: {re.escape(tiny)}\.$", first), first
                    assert hints.rows_at_80(f"Hint: {first}") <= 2
                    said += 1
            game.advance(rng.choice(game.legal_actions()))
    assert said >= 5
