"""Round 28's findings (issue 44; play-testers RB and RC,
docs/playtests/2026-12-07-pocket-round28-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import random
import re

from pocket_app_play import SETUPS
from whitechapel.cli import main
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.pocket import ahead, hints, review, sentences
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.computer import moves_line
from whitechapel.pocket.ui.console import ConsoleGame

# -- 1. a worst case is said as one (RB) -------------------------------------------------


def _random_game(seed: int, actions: int | None = None) -> PocketGame:
    """A random game of `seed`: its first `actions` actions, or to the end."""
    game, rng = PocketGame(random_setup(seed)), random.Random(seed)
    while game.outcome is None and (actions is None or len(game.history) < actions):
        game.advance(rng.choice(game.legal_actions()))
    return game


def _told_as_facts(text: str) -> list[str]:
    """The sentences of `text` that say Jack wins (or the reader loses) as a fact."""
    out = []
    for sentence in re.split(r"(?<=[.;])\s|\n", text):
        if not re.search(r"Jack wins|you lose", sentence):
            continue
        if re.search(r"at worst|unless|if he is|if unseen|Round 8, the last", sentence):
            continue
        out.append(sentence)
    return out


def test_p8_the_hint_at_the_last_token_says_jack_wins_at_worst():
    """RB: "In round 5 of the guided investigator game it said 'At the call:
    Jack wins.' Jack did not win: his card was worth 0 hourglasses."  Two
    suspects, both unseen whatever the investigator's last token does, and
    Jack's face-down card counted as an hourglass: his win is the worst
    case, and said so, in every form of the hint."""
    game = _random_game(34, 19)
    view = game.view(INVESTIGATOR)
    assert (view.round, view.step, view.jack_alibi_count) == (5, 3, 1)
    lead = hints.lead_rows(view, INVESTIGATOR, None, None)
    assert lead[1] == "At the call, at worst Jack wins.", lead
    forms = [hints.token_hint(view, INVESTIGATOR)]
    for action in {a.face: a for a in game.legal_actions()}.values():
        after = preview(view, action)
        forms.append(hints.target_hint(view, INVESTIGATOR, action.face, after, action))
    said = [text for form in forms for text in form]
    assert any("at worst 0 seen / 2 not: Jack wins" in text for text in said)
    for text in said:
        assert not _told_as_facts(text), text


def test_p8_a_win_for_jack_is_a_fact_only_where_nothing_is_left_to_chance():
    """Without an answer to come or a face-down card counted, Jack's win is
    said as it is; with either, as the worst case ("Jack can win")."""
    call = ahead.Call(2, 0, if_seen=JACK)
    sure = hints.call_words(call, INVESTIGATOR, answers=False)
    assert sure == ("2 seen / 0 not: Jack wins (P8)", "Jack wins")
    assert hints.call_tiny(call, INVESTIGATOR, answers=False) == "Jack wins"
    for answers, cards in ((True, 0), (False, 1), (True, 2)):
        long, short = hints.call_words(call, INVESTIGATOR, answers, cards=cards)
        assert long.startswith("at worst 2 seen / 0 not: Jack wins"), long
        assert short == "at worst Jack wins"
        assert hints.call_tiny(call, INVESTIGATOR, answers, cards) == "Jack can win"
    last = ahead.Call(0, 1, if_unseen=JACK)  # Jack, the last suspect, unseen
    assert hints.call_words(last, INVESTIGATOR, answers=True)[0] == (
        "at worst Jack unseen: Jack wins (P8)"
    )
    assert hints.call_words(last, INVESTIGATOR, answers=False)[0] == "Jack unseen: Jack wins (P8)"


def test_p8_the_review_never_says_whatever_jack_answered_before_his_win(monkeypatch):
    """The review's better move, where Jack can still win after it: "at
    worst …: Jack wins", not "whatever Jack answered, … Jack wins".  The
    decision that gave up most at its call in this game (named since round
    29 only where it cost much of the game: its wording is what is checked)."""
    game = _random_game(26)
    views = review.public_views(game)
    turn = max(review.decisions(game.view(JACK), views, INVESTIGATOR), key=lambda t: t.lost)
    monkeypatch.setattr(review, "turning_point", lambda *a, **k: turn)
    text = review.turning_sentence(game.view(JACK), views, INVESTIGATOR)
    assert "Better: the alibi: your alibi card may clear one more, and at the call at worst" in (
        text
    ), text
    assert not _told_as_facts(text), text
    assert "whatever Jack answered" not in text


def test_p8_an_answer_that_lets_jack_win_is_said_at_worst_in_the_review():
    game = _random_game(19)
    views = review.public_views(game)
    text = review.turning_sentence(game.view(JACK), views, INVESTIGATOR)
    assert ": at worst 2 seen / 0 not: Jack wins" in text, text
    assert not _told_as_facts(text), text


# -- 2. an exchange says where each tile went (RC) ---------------------------------------


def _exchanged() -> PocketGame:
    """Lestrade's game: the investigator swaps a1 (Lane) and c3 (Gull) in
    round 1; in round 2 the investigator turns c3, Jack a1."""
    game = PocketGame(SETUPS["lestrade"])
    for text in ("A", "T+1", "J:-", "Xa1c3", "H+1", "W+1", "Rc3E", "Ra1S"):
        game.play(text)
    return game


def test_p5_the_log_says_each_swapped_tile_and_where_it_went():
    """RC: "I misread 'The investigator swapped a2 (Goodley) and c2
    (Stealthy)' as the new positions … Naming the destination ('Goodley
    a2→c2') would avoid this."  On both sides' views (the log is public)."""
    game = _exchanged()
    for side in (INVESTIGATOR, JACK):
        view = game.view(side)
        said = [s for _, s in sentences.log_sentences(view)]
        assert "The investigator swapped Lane a1→c3 and Gull c3→a1." in said
        briefs = sentences.log_briefs(view)
        # in fewer words, still a sentence (tester RO, round 34)
        assert "The investigator swapped Lane a1→c3, Gull c3→a1." in [b[0] for b in briefs]
        # the later lines name the tiles where they stand after it
        assert "Jack rotated a1 (Gull) so that its wall faces south." in said
        assert any(s.startswith("The investigator turned c3 (Lane)") for s in said)
        summary = "\n".join(sentences.round_actions(view, 1))
        assert "swapped Lane a1→c3 and Gull c3→a1" in summary


def test_p5_every_width_of_the_log_and_the_line_under_the_board_names_both_tiles():
    game = PocketGame(SETUPS["lestrade"])
    for text in ("A", "T+1", "J:-", "Xa1c3"):
        game.play(text)
    view = game.view(JACK)
    for width in range(panels.PANEL_WIDTH, 71):
        lines = panels.log_lines(view, width)
        swap = next(line for line in lines if "a1→c3" in line)
        assert "Lane a1→c3" in swap and "Gull c3→a1" in swap, (width, swap)
        assert panels.rows_of(swap, width) <= 2, (width, swap)
    for width in range(40, 100):
        line = moves_line(view, "The investigator", 2, width)
        # where the names do not fit, the squares alone (tester RE, round 29)
        if not line.endswith("…") and "swapped a1 and c3" not in line:
            assert "Lane a1→c3" in line and "Gull c3→a1" in line, (width, line)


# -- 4. the plain prompt plays the computer (RB) -------------------------------------------


def test_the_plain_prompt_plays_against_the_computer(tmp_path):
    """RB: "`--plain` (the screen-reader mode) refuses to play against the
    computer ('the plain prompt is for two people'). That is an
    accessibility gap."  One person, Jack, at the prompt: no hand-over, the
    computer's actions told in sentences at his turn, the game to its end."""
    game = PocketGame.new(5)
    record = record_of(game, seed=5, players={"jack": "Ann", "investigator": "computer:easy"})
    rng = random.Random(1)
    prompts: list[str] = []
    shown: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not prompt.endswith("> "):
            return ""
        return str(rng.choice(console.game.legal_actions()))

    console = ConsoleGame(game, record, Store(tmp_path), read=read, write=shown.append)
    assert console.run() == 0
    assert game.outcome is not None
    assert set(prompts) == {"Ann (jack)> "}  # his prompt only: no hand-over
    assert any(who == INVESTIGATOR for who in (e.side for e in _played(game)))
    news = [s for s in shown if "Since your last turn:" in s]
    assert news and "The investigator " in news[0]
    # what Ann saw before the end is Jack's view and nothing of another
    assert all("Jack is " in s for s in shown if "To act: jack" in s)


def _played(game: PocketGame):
    from whitechapel.pocket.views import Played

    return [e for e in game.view(JACK).log if isinstance(e, Played)]


def test_the_command_line_takes_plain_against_the_computer(monkeypatch, capsys):
    monkeypatch.setattr("whitechapel.pocket.ui.console.ConsoleGame.run", lambda self: 99)
    assert main(["pocket", "--investigator", "computer:easy", "--plain"]) == 99
    _, err = capsys.readouterr()
    assert "two people" not in err
