"""LfW play-test round 50 (testers S4 and T4): what they found, as a
player would notice it."""

from __future__ import annotations

import pytest

from lfw_app_play import first_game_where
from test_lfw_round34 import _wretched_on_a_later_night
from whitechapel.lfw.rulebook import POLICE


def _nearest_policeman(game, walk: str) -> int:
    """How many police steps a Wretched's walk ("wretched 3>15") ends from
    the nearest real policeman."""
    from whitechapel.lfw.players.police_sense import facts

    target = int(walk.split(">")[-1])
    f = facts(game.board)
    real = game.view(POLICE).police_secrets.real()
    return min(f.distance(x, target) for x in real)


def test_h6_key_0_never_walks_a_wretched_away_from_every_policeman():
    """T4: key 0 "had walked a Wretched 107→72, away from all my police",
    and the hard Jack killed there.  The hideouts the notebook ranks only
    choose among the walks that end nearest a real policeman: no other
    walk of that Wretched ends nearer one."""
    from whitechapel.lfw.actions import WretchedMove
    from whitechapel.lfw.legal import legal
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.ui import wretched

    checked = 0
    for seed in range(30, 50):
        game = first_game_where(seed, _wretched_on_a_later_night, tries=100)
        view = game.view(POLICE)
        walk = wretched.step(view, game.board, notebook(view, game.board))
        assert walk is not None
        source = walk.split()[1].split(">")[0]
        others = [
            str(a)
            for a in legal(view)
            if isinstance(a, WretchedMove) and str(a.source) == source and a.target is not None
        ]
        best = min(_nearest_policeman(game, w) for w in others)
        assert _nearest_policeman(game, walk) == best, (seed, walk, best)
        checked += 1
    assert checked == 20


async def test_t3_key_9s_stop_is_said_whole_in_the_prompt_at_80x24(tmp_path):
    """S4: key 9's stop "is only in a toast" (missed), and T4: toasts sit on
    the map's corner.  Where 9 stops before a policeman the prompt says
    why, whole, in yellow (no refusal: the turn goes on), at 80×24 too."""
    from lfw_app_play import first_game_where, game_app, press_for_all, raise_curtain
    from snapshots import screen_text
    from test_lfw_round48 import _sweep_stops_for_an_arrest
    from whitechapel.lfw.ui import sweep
    from whitechapel.lfw.ui.bench import sweep_run

    game = first_game_where(49, _sweep_stops_for_an_arrest, tries=300)
    why = sweep_run(game)[1]
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        await press_for_all(pilot, app, "9")
        prompt = app.screen.query_one("#prompt").render()
        said = " ".join(prompt.plain.split())
        assert " ".join(why.split()) + "." in said, (why, screen_text(app))
        assert not list(app._notifications)
        styles = {str(s.style) for s in prompt.spans if sweep.sentences.SWEEP_ON in prompt.plain}
        assert any("yellow" in s for s in styles), styles


def _t3_beside_a_known_clue(game) -> bool:
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.ui.picking import known_tonight, picking_for

    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return False
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    if not p.t3_word_stage():
        return False
    circles = {int(v) for _, v in p.circle_labels()}
    return bool(circles & known_tonight(view)) and bool(circles - known_tonight(view))


def test_t3_the_search_letters_flag_a_circle_whose_clue_is_known():
    """S4: "flag known-clue circles in the search letter list".  Among the
    letters a search names, a circle whose clue (or crime scene) the police
    know tonight says "(clue known)"; the others do not."""
    from whitechapel.lfw.ui.picking import known_tonight, picking_for

    game = first_game_where(50, _t3_beside_a_known_clue, tries=200)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    hint = p.keys_hint(plain=True)
    known = known_tonight(view)
    for key, circle in p.circle_labels():
        flagged = f"{key}: {circle} (clue known)" in hint
        assert flagged == (int(circle) in known), (key, circle, hint)


def _t2_on_night_2(game) -> bool:
    from whitechapel.lfw.phases import Phase

    return game.phase == Phase.HUNT and game.night >= 2 and game.to_act == POLICE


async def test_t2_f5_at_80x24_shows_the_log_not_the_letter_list(tmp_path):
    """T4: at 80×24 "F5 (log) is marked on, but during a police move the
    panel keeps showing the 'Letter → circles' list, so the log never
    appeared."  With F5 on in a short window the panel holds the log, its
    newest entry in sight; the keys line says the list comes back after F5."""
    import settle
    from lfw_app_play import game_app, raise_curtain
    from snapshots import screen_text
    from whitechapel.lfw.ui import panels

    game = first_game_where(50, _t2_on_night_2, tries=100)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        before = " ".join(screen_text(app).split())
        assert "on the right" in before, before  # the list is cut in the prompt
        await settle.press(pilot, "f5")
        text = " ".join(screen_text(app).split())
        log = app.screen.query_one("#log")
        shown = " ".join(log.render().plain.split())
        newest = panels.untagged(panels.log_text(game.view(POLICE), 1, 0, game.board))
        assert " ".join(newest.split())[-30:] in shown, (newest, shown)
        assert "→" not in shown  # no letter list under it
        assert "after F5" in text and "on the right" not in text, text


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (132, 43), (160, 45), (200, 60)])
async def test_a_guided_nights_hint_box_leaves_the_prompt_in_sight(tmp_path, size):
    """T4: "At 160×45 the hint box is drawn over the prompt lines, so part
    of the prompt is hidden until you press Enter."  The box stops above
    the prompt (beside the drawing, under it, or at 80×24 over the map's
    column from the prompt up).  At 120×40 the tutorial board's drawing
    leaves 7 rows above the prompt, and at 132×43 (X4, round 52) a few
    more: the box scrolls there and says so ("PgDn: more"), over neither
    the prompt nor the drawing (tester P, round 8; test_lfw_round8_view)."""
    import settle
    from whitechapel.app import WhitechapelApp
    from whitechapel.core.store import Store
    from whitechapel.lfw.rulebook import JACK
    from whitechapel.lfw.ui import learn
    from whitechapel.lfw.ui.learn import HintBox

    screen = learn.guided_game(JACK, 11, Store(tmp_path))
    app = WhitechapelApp(start=screen)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, HintBox)  # S1: the hideout's hint
        box = app.screen.query_one("Vertical").region
        prompt = screen.query_one("#prompt").region
        assert not box.overlaps(prompt), (box, prompt)
        assert not box.overlaps(screen.query_one("#side").region)
        hint = app.screen
        keys = str(hint.query_one("#hint-keys").render())
        scrolls = hint.query_one("Vertical").max_scroll_y > 0
        assert ("PgDn: more" in keys) == scrolls, (keys, box)
