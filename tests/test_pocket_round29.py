"""Round 29's findings (issue 44; play-tester RE,
docs/playtests/2026-12-07-pocket-round29-RE.md), each checked as a player
would notice it."""

from __future__ import annotations

import settle
from pocket_app_play import pocket_app
from test_pocket_round2_text import LANE_OPEN, flat
from whitechapel.pocket.actions import Rotate


async def test_p5_any_arrow_turns_lanes_open_crossroads(tmp_path):
    """RE: "Rotate c3 (Lane): no wall; r/e turn it", then Right said "Its
    wall faces east already: a rotation must change the tile" on a tile
    with no wall.  On the crossroads every arrow turns it."""
    app, screen = pocket_app(LANE_OPEN, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "3", "right", "down", "enter")  # c3 to rotate
        assert "Rotate c3 (Lane)" in flat(app)
        n = len(screen.source.game.history)
        await settle.press(pilot, "left")  # the side its hidden wall faces (lane:W)
        assert "already" not in flat(app), flat(app)
        await settle.press(pilot, "enter")
        played = screen.source.game.history[n:]
        assert played and isinstance(played[0], Rotate), played


def test_p9_the_line_of_two_actions_is_never_cut_at_80_columns():
    """RE: at 80 columns "The investigator: swapped Pizer b1→c2, Smith
    c2→b1, then turned b2 (Bert): no…" ("north" cut; "no…" read as "no
    wall").  Where the tiles' names do not fit, the line names the squares
    alone; it is never cut."""
    import random

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import JACK
    from whitechapel.pocket.setup import random_setup
    from whitechapel.pocket.ui.computer import moves_line

    checked = 0
    for seed in range(12):
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            game.advance(rng.choice(game.legal_actions()))
            view = game.view(JACK)
            for who in ("The investigator", "Jack"):
                line = moves_line(view, who, 2)
                assert len(line) <= 78 and not line.endswith("…"), line
                checked += 1
    assert checked > 300


async def test_p7_the_token_prompt_says_what_a_call_now_would_see(tmp_path):
    """RD: "A live 'at the call now' count in ordinary games.  Show '3 seen
    / 5 unseen (Jack: unseen)' under the board.  Today this appears only as
    guided-mode hints."  At every token choice of an ordinary game the
    prompt says the split a witness call made now would make; on Jack's own
    screen, his own side of it too, and never on the investigator's."""
    from pocket_app_play import SETUPS
    from snapshots import screen_text
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import INVESTIGATOR, JACK
    from whitechapel.pocket.ui import panels

    app, screen = pocket_app(SETUPS["lestrade"], tmp_path, handover="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the first curtain, to Bob
        view = screen.source.game.view(INVESTIGATOR)
        seen = len(view.seen_suspects)
        said = " ".join(screen_text(app).split())
        assert f"A call now: {seen} seen, {len(view.suspects) - seen} unseen." in said, said
        assert "you unseen" not in said and "you seen" not in said
        # RF (round 30): "while you preview an action … I counted 'seen by'
        # labels by hand": the preview's board, counted
        toby = next(i for i, t in enumerate(view.tokens) if t.up == "T") + 1
        await settle.press(pilot, str(toby), "1")
        from whitechapel.pocket.preview import preview

        after = preview(
            view, next(a for a in screen.source.game.legal_actions() if str(a) == "T+1")
        )
        seen = len(after.seen_suspects)
        said = " ".join(screen_text(app).split())
        assert f"Then a call: {seen} seen, {len(after.suspects) - seen} unseen" in said, said
    game = PocketGame(SETUPS["lestrade"])
    for text in ("A", "T+1"):  # the investigator's first action, Jack's first
        game.play(text)
    mine = game.view(JACK)
    me = "seen" if mine.jack.identity in mine.seen_suspects else "unseen"
    assert panels.call_now(mine, jack=True).endswith(f"; you {me}")
    assert "you" not in panels.call_now(game.view(INVESTIGATOR), jack=True)
