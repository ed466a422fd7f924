"""Round 24's findings (issue 43; play-testers U2 and V2,
docs/playtests/2026-12-06-lfw-round24-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from lfw_app_play import first_game_where
from whitechapel.lfw.actions import Search
from whitechapel.lfw.legal import legal
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui import picking


def _beside_a_known_clue(g) -> bool:
    if g.phase != Phase.CLUES or g.to_act == "jack":
        return False
    v = g.view(POLICE)
    circles = [a.circle for a in legal(v) if isinstance(a, Search)]
    found = {s.circle for s in v.crime_scenes if s.night == v.night} | set(v.clues)
    return any(c in found for c in circles) and any(c not in found for c in circles)


def test_t3_a_known_clue_is_named_last_even_where_the_notebook_knows_no_path(monkeypatch):
    """V2: "`1` and `9` put a circle whose clue is already known first; the
    search stops at that clue, so the other circles are never searched"
    ("Green searches 133: a clue, known already", 162 never searched).
    Whatever the notebook answers, even nothing, the circles whose clue
    the police know come last."""
    game = first_game_where(6, _beside_a_known_clue, tries=60)
    view = game.view(POLICE)
    found = {s.circle for s in view.crime_scenes if s.night == view.night} | set(view.clues)
    for odds in (None, {}):
        if odds is not None:
            monkeypatch.setattr(picking, "clue_odds", lambda *a, **k: {})
        order = picking.search_order(view, game.board)
        known = [c for c in order if c in found]
        assert known and order[-len(known) :] == known, (order, found)


async def test_t1_the_notebook_off_takes_jacks_aids_along(tmp_path):
    """Testers P2 (round 21), U2 and V2 (round 24): "Jack is heavily helped
    and I found no way to turn it off"; "with the police notebook set to
    off (as the box), the game still says 'nothing to find beside Red'".
    With the notebook set off at the setup, Jack's step line names the
    circles alone (no 'in reach', no 'nearest home') and his sheet counts
    nothing home; set on, both are there."""
    import settle
    from lfw_app_play import PLAYERS, raise_curtain
    from snapshots import screen_text
    from test_lfw_round19 import _crowded_step
    from whitechapel.app import WhitechapelApp
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.lfw.ui.screen import LfwScreen
    from whitechapel.ui.source import LocalSource

    game = first_game_where(1, _crowded_step, tries=300)
    for setting in ("possible", "off"):
        record = record_of(game, players=PLAYERS, settings={"notebook": setting})
        screen = LfwScreen(LocalSource(game.clone(), record, Store(tmp_path)), game.board)
        app = WhitechapelApp(start=screen)
        async with app.run_test(size=(200, 60)) as pilot:
            await raise_curtain(pilot, screen)
            await settle.press(pilot, "1")  # a step
            shown = " ".join(screen_text(app).split())
            aided = ("in reach of" in shown or "beside" in shown) and "nearest home" in shown
            assert aided == (setting != "off"), (setting, shown)
            assert ("spaces home" in shown or "moves away" in shown) == (setting != "off")
