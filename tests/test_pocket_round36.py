"""Pocket play-test round 36 (testers RR and RS): what they found at 80×24,
as a player would notice it."""

from __future__ import annotations

import pytest

from test_pocket_round34_layout import investigator_screen
from whitechapel.pocket.ui import district


def _texts(cells) -> list[str]:
    return ["".join(ch for ch, _ in row) for row in cells]


def test_the_seen_label_has_one_form_whoever_sees_the_tile():
    """RR: "The seen labels differ: 'seen by H' for one detective but
    'seen: W T' for two."  In a room that holds "seen: W T" but not "seen
    by W T", one detective's tile says "seen: H" too."""
    for room in range(9, 11):  # 80×24's tiles
        one = "".join(ch for ch, _ in district.seen_label((0,), room))
        two = "".join(ch for ch, _ in district.seen_label((1, 2), room))
        assert two.startswith("seen: ") and one.startswith("seen: "), (room, one, two)
    wide = "".join(ch for ch, _ in district.seen_label((0,), 30))
    assert wide == "seen by Holmes"


async def test_p5_a_tile_rotated_this_round_is_marked_and_lanes_crossroads_too(tmp_path):
    """RR: "Dimmed tiles (already rotated this round) are easy to miss at
    80×24.  A small '↻ done' mark would help", and "the board gives no sign
    on [Lane's] tile before she is cleared" that her back is a crossroads.
    After Jack's rotation of a3 (Smith), Smith's name has ↻ beside it, no
    other tile has; Lane's has ✚ while he is not cleared."""
    text = await investigator_screen(tmp_path, 3, 3, (80, 24))  # Jack rotated a3
    rows = text.split("\n")
    assert any("↻  Smith" in r or "Smith  ↻" in r for r in rows), text
    assert sum(r.count(district.TURNED) for r in rows) == 1, text
    assert any("Lane" in r and district.CROSSROADS_BACK in r for r in rows), text


@pytest.mark.parametrize("cleared", [False, True])
def test_p2_lanes_mark_goes_once_he_is_cleared(cleared):
    from dataclasses import replace

    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import LANE

    view = PocketGame.new(3).view("investigator")
    tile = next(t for t in view.tiles if t.index == LANE)
    tile = replace(tile, cleared=cleared)
    cells = district.tile_block(tile, 13, 5, None, False, (), "")
    marked = any(district.CROSSROADS_BACK in row for row in _texts(cells))
    assert marked == (not cleared)


def test_p7_jacks_warning_keeps_the_calls_count_beside_it_where_the_row_holds_both():
    """RS: "When the red 'Careful: …' line appears, the 'Then a call: N
    seen, M unseen' line is replaced by it, so the count disappears.  This
    happened at every size."  Where the prompt's row holds both, the count
    follows the warning; where it does not (80 columns), the warning alone."""
    from test_pocket_round9 import _jack_decisions
    from whitechapel.pocket.preview import preview
    from whitechapel.pocket.ui import panels

    for _game, view, action in _jack_decisions():
        after = preview(view, action)
        line = panels.exposed_line(view, after, action)
        if not line.startswith("[b red]Careful"):
            continue
        wide = panels.warned_call(line, after, 196)
        n = len(after.suspects)
        seen = len(set(after.seen_suspects))
        assert wide.startswith(line) and f"then a call: {seen} seen, {n - seen} unseen" in wide
        assert panels.warned_call(line, after, len(line) - 10) == line
        return
    raise AssertionError("no warning")


def test_p8_no_seen_warning_where_jacks_hourglasses_win_all_the_same():
    """RU (round 37): "'Careful: Jack would still be seen' was shown on the
    move that *wins* the game ... Jack already had 6 hourglasses from his
    cards, so being seen did not matter."  Where the call seeing him still
    ends in his win (P8, as the engine judges it), no warning."""
    import random

    from whitechapel.pocket import ahead
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import JACK
    from whitechapel.pocket.preview import preview
    from whitechapel.pocket.ui import panels

    checked = 0
    for seed in range(300):
        game, rng = PocketGame.new(seed), random.Random(seed)
        while game.outcome is None and checked < 5:
            view = game.view(game.to_act)
            if game.to_act == JACK and view.jack is not None:
                for action in game.legal_actions():
                    after = preview(view, action)
                    if after is None or view.jack.identity not in after.seen_suspects:
                        continue
                    left = max(1, len(after.seen_suspects))
                    if ahead.ends(view.round, view.race, left, view.jack.hourglasses, True) == JACK:
                        assert panels.exposed_line(view, after, action) == "", (seed, action)
                        checked += 1
                        break
            game.advance(rng.choice(game.legal_actions()))
        if checked >= 5:
            return
    raise AssertionError(checked)


def test_p5_jacks_own_tile_keeps_its_rotated_mark():
    """RU (round 37): "after I rotated a1 (▸Goodley◂), a1 showed no ↻ (the
    name markers take the space)."  Jack's own tile rotated this round has
    its ↻ too, beside his marks."""
    from whitechapel.pocket.game import PocketGame
    from whitechapel.pocket.pieces import CHARACTER_INDEX

    view = PocketGame.new(3).view("investigator")
    tile = next(t for t in view.tiles if t.index == CHARACTER_INDEX["goodley"])
    cells = district.tile_block(tile, 13, 5, None, False, (), "", mine=True, turned=True)
    name_row = _texts(cells)[5 // 2 - 1]
    assert "Goodley" in name_row and district.TURNED in name_row, name_row
