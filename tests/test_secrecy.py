"""Nothing shown to a side depends on the other side's secrets (the secrecy
rule, docs/architecture.md), checked by the one harness in `secrecy.py` over
both games and every outlet: views, previews, panels, the console and
`whitechapel replay`, the server's messages and the lobby's room list,
refusal sentences.

The harness is shown to catch each leak the secrets issue found, put back
on purpose (the tests named "the harness catches…"):

1. Pocket previews played the action on a clone of the whole game, so a
   preview that ended the round showed who the witness call would clear.
2. `replay --side police` printed Jack's view of an LfW game, and
   `--side public --json` carried the police's secrets.
3. A client-chosen seed fixed Jack, the deck and the throws of a network
   room (`test_net_seeds.py`: the harness's principle — what a side sent
   must determine no secret — applied to the server).
4. A secret written into the log (Jack's drawn alibi card) passed the old
   Pocket test, which copied the event log into its counterfactual.
"""

from __future__ import annotations

import os
import re

import pytest

from secrecy import check
from secrecy_lfw import OUTLETS as LFW_OUTLETS
from secrecy_lfw import LfwCase
from secrecy_pocket import OUTLETS as POCKET_OUTLETS
from secrecy_pocket import PocketCase
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.game import PUBLIC
from whitechapel.lfw.rules import RULES as LFW_RULES
from whitechapel.pocket import sentences
from whitechapel.pocket import viewing as pocket_viewing
from whitechapel.pocket.actions import ALIBI_ACTION
from whitechapel.pocket.pieces import CHARACTERS, INVESTIGATOR, JACK
from whitechapel.pocket.views import Played

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
POCKET_GAMES = 5000 if THOROUGH else 1000
LFW_GAMES = 1000 if THOROUGH else 120
BLOCKS = 4


def assert_no_difference(report, games: int) -> None:
    assert report.games == games
    # It looked: most comparisons were made with the secrets really changed.
    assert report.hidden > 10 * games and report.hidden > report.compared // 2
    assert not report.differences, "\n".join(map(str, report.differences[:5]))


@pytest.mark.parametrize("block", range(BLOCKS))
def test_pocket_shows_no_side_anything_of_the_other_sides_secrets(block):
    count = POCKET_GAMES // BLOCKS
    report = check(PocketCase(), POCKET_OUTLETS, count=count, seed=1000 + block)
    assert_no_difference(report, count)


@pytest.mark.parametrize("block", range(BLOCKS))
def test_lfw_shows_no_side_anything_of_the_other_sides_secrets(block):
    count = LFW_GAMES // BLOCKS
    report = check(LfwCase(), LFW_OUTLETS, count=count, seed=2000 + block)
    assert_no_difference(report, count)


# -- the harness catches each leak of the secrets issue, put back --------------------


def clone_preview(g, side):
    """Leak 1 as it was: the action played on a clone of the whole game."""
    out = []
    for action in g.legal_actions():
        trial = g.clone()
        trial.advance(action)
        out.append(trial.view(side))
    return out


def test_the_harness_catches_previews_played_on_a_clone():
    report = check(PocketCase(), {"preview": clone_preview}, count=30, seed=5)
    assert {d.side.split()[0] for d in report.differences} >= {INVESTIGATOR, PUBLIC}
    assert any("cleared" in d.real for d in report.differences)


def old_replay(g, side):
    """Leak 2 as it was: every side but public/investigator got Jack's view,
    and public got the police's."""
    mapped = "police" if side in ("public", "investigator") else "jack"
    view = g.view(mapped)
    return [view, LFW_RULES.summary(view, {}, len(g.history))]


def test_the_harness_catches_replay_showing_another_sides_view():
    report = check(LfwCase(), {"replay": old_replay}, count=6, seed=5)
    sides = {d.side.split()[0] for d in report.differences}
    assert sides == {"police", PUBLIC}  # police saw Jack's; public saw the police's


def test_the_harness_catches_a_secret_written_into_the_log(monkeypatch):
    """Leak 4: the old Pocket test copied the event log into its
    counterfactual, so a secret in the log passed it."""
    honest = pocket_viewing.public_log

    def leaky(game):
        log = honest(game)
        if game.jack_alibis:  # Jack's last card named, as the investigator's are
            log += (Played(game.round, JACK, ALIBI_ACTION, CHARACTERS[game.jack_alibis[-1]].id),)
        return log

    monkeypatch.setattr(pocket_viewing, "public_log", leaky)
    report = check(PocketCase(), {"view": POCKET_OUTLETS["view"]}, count=40, seed=5)
    drawn = re.compile(r'\{"action": "A", "card": "\w+", "round": \d, "side": "jack"\}')
    assert any(drawn.search(d.real) for d in report.differences)


def test_the_harness_catches_a_refusal_that_names_a_secret(monkeypatch):
    """An outlet beyond the four leaks: a refusal sentence built from the
    full state (here naming Jack's circle) is caught too."""
    from whitechapel.lfw.game import LfwGame

    honest = LfwGame.apply

    def apply(self, action, side=None):
        try:
            honest(self, action, side)
        except WhitechapelError as e:
            raise type(e)(f"{e} (Jack is on {self.jack})") from None

    monkeypatch.setattr(LfwGame, "apply", apply)
    report = check(LfwCase(), {"refusal": LFW_OUTLETS["refusal"]}, count=6, seed=5)
    assert any("Jack is on" in d.real for d in report.differences)


def test_the_harness_catches_sentences_read_from_jacks_view():
    """Issue 29's outlets: a log in sentences written from Jack's view on
    every side (it names the cards he drew, and says who he is through
    `drawn_card`) is caught at the investigator's and the public seats."""
    from secrecy_pocket import sentences_of
    from whitechapel.pocket.ui import panels

    def leaky(g, side):
        mine = g.view(JACK)
        return [
            sentences_of(g, side),
            [line for _, line in sentences.log_sentences(mine)],
            panels.drawn_card(mine),
        ]

    report = check(PocketCase(), {"sentences": leaky}, count=40, seed=5)
    assert {d.side.split()[0] for d in report.differences} == {INVESTIGATOR, PUBLIC}
    assert any("drew the alibi card of" in d.real for d in report.differences)
