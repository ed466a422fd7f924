"""Round 26's findings (issue 44; play-testers QX and QY,
docs/playtests/2026-12-07-pocket-round26-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import json
from pathlib import Path

from whitechapel.core.record import Record, replay
from whitechapel.pocket import ahead, hints
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK

RECORD = Path(__file__).parent.parent / "docs/playtests/records"
QY_GUIDED = RECORD / "2026-12-07-pocket-round26-QY-guided.json"
ROUND_8 = 29  # actions played before QY's last decision: round 8, his first step


def _qy_as(jack: str) -> PocketGame:
    """QY's guided game before his round-8 decision, with Jack `jack` (his
    place in the alibi deck given to the real Jack: no card of the two had
    been drawn, so both sides played the same)."""
    data = json.loads(QY_GUIDED.read_text())
    real = data["setup"]["jack"]
    swap = {real: jack, jack: real}
    data["setup"]["jack"] = jack
    data["setup"]["alibi_deck"] = [swap.get(c, c) for c in data["setup"]["alibi_deck"]]
    data["actions"] = data["actions"][:ROUND_8]
    data["outcome"] = None
    return replay(Record.loads(json.dumps(data)))


def _won_whatever_jack_answers(game: PocketGame, mine: list) -> bool:
    """Does the investigator win at the call, his `mine` played and then
    whatever Jack plays with the round's last token?"""
    game = game.clone()
    for action in mine:
        game.apply(action)
    assert game.to_act == JACK
    for answer in game.legal_actions():
        after = game.clone()
        after.apply(answer)
        while after.unresolved:
            after.resolve()
        if after.outcome is None or after.outcome.winner != INVESTIGATOR:
            return False
    return True


def test_p8_the_guided_hints_line_keeps_a_chance_to_win_whoever_jack_is():
    """QY: "Best: moving Holmes 1 step: then Toby to 3: Jack may win.
    After Holmes 5→6, Jack's last rotation can always hide Madame, so that
    line loses every time", where Holmes 2 steps wins if Jack is Madame.
    Every move here loses if Jack answers best knowing who he is, so the
    hint breaks the tie by what its line comes to over each suspect Jack
    may be, and the line it shows (the investigator's two actions) wins,
    whatever Jack answers, for one of the two."""
    games = {jack: _qy_as(jack) for jack in ("goodley", "madame")}
    views = {jack: g.view(INVESTIGATOR) for jack, g in games.items()}
    assert views["goodley"] == views["madame"]  # the investigator cannot tell
    view = views["goodley"]
    assert (view.round, view.step, games["goodley"].to_act) == (8, 1, INVESTIGATOR)
    best = ahead.grade(view, INVESTIGATOR).best()
    assert best is not None
    mine = [action for side, action in best.line if side == INVESTIGATOR]
    assert len(mine) == 2
    won = [jack for jack, g in games.items() if _won_whatever_jack_answers(g, mine)]
    assert len(won) == 1, (best.line, won)
    long, _ = hints.ahead_lines(view, INVESTIGATOR, None)
    assert "then Toby to 3" not in long, long
