"""Where things are (issue 43, round 4): a crossing's name says what its
policeman can search (T3), the police panel lists each policeman's circles
on one line that never wraps (so none falls off), every hideout candidate is
shown and can be tinted on the map, and Jack's move lines say spaces of the
track (play-testers E and F, round 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.text import Text

import settle
from lfw_app_play import SEEDED_1888, game_app, raise_curtain
from snapshots import screen_text
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board, shipped_ids
from whitechapel.lfw.notebook import notebook as deduce
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import ALLEY, COACH, COLOURS, JACK, POLICE, STEP
from whitechapel.lfw.ui import deduction, jackturn, panels, placenames
from whitechapel.lfw.ui.mapview import MapView

LETTER = {"blue": "B", "yellow": "Y", "brown": "N", "red": "R", "green": "G"}
# Play-tester F's crossings of the 1888 board that touch no circle.
F_DEAD = "x21 x49 x68 x69 x70 x76 x77 x89 x104 x108 x133 x136 x144 x164 x171 x172 x186 x187"


def play_until(seed: int, there, board: str = SEEDED_1888) -> LfwGame | None:
    """A random seeded game played until `there(game)` holds (None if it ends first)."""
    game, chance = LfwGame.new(seed, Options(), load_board(board)), Chance(seed)
    while game.outcome is None and not there(game):
        game.apply(game.random_action(chance))
    return game if game.outcome is None else None


def hunting(side: str, moves: int = 2):
    def there(g: LfwGame) -> bool:
        return (
            g.phase in ("hunt", "escape") and g.to_act == side and len(g.view(side).track) > moves
        )

    return there


def first(there, board: str = SEEDED_1888) -> LfwGame:
    for seed in range(40):
        game = play_until(seed, there, board)
        if game is not None:
            return game
    raise AssertionError("no game reached the position")


def plain(markup: str) -> list[str]:
    return [Text.from_markup(line).plain for line in markup.split("\n")]


def region_text(app, widget) -> str:
    r = widget.region
    rows = screen_text(app).split("\n")[r.y : r.y + r.height]
    return "\n".join(row[r.x : r.x + r.width].rstrip() for row in rows)


# -- 1. a crossing's name says what its policeman can search --------------------------------


@pytest.mark.parametrize("board", shipped_ids())
def test_t3_a_crossing_is_named_by_the_circles_it_touches_and_no_two_share_a_name(board):
    b = load_board(board)
    crossings = [x.id for x in b.data.crossings]
    names = [placenames.crossing_name(b, x) for x in crossings]
    assert len(set(names)) == len(names)  # unique per board
    for x in crossings:
        near = placenames.touches(b, x)
        assert near == tuple(sorted(b.direct_circles(x)))
        words = placenames.between(b, x)
        numbers = [int(n) for n in re.findall(r"\d+", words)]
        if len(near) >= 2:  # "between A and B", two circles it touches
            assert words.startswith("between ") and set(numbers) <= set(near), (x, words)
        elif len(near) == 1:  # by that circle alone: only it is searchable
            assert words.startswith(f"beside {near[0]}") and numbers == list(near), (x, words)
        else:  # touches none: the name says so
            assert words.startswith("near ") and words.endswith(", touching no circle"), (x, words)
            assert placenames.crossing_name(b, x).startswith("a crossing near ")


def test_t3_play_tester_fs_dead_crossings_say_they_touch_no_circle():
    """F: 18 crossings touch no circle and "green between 5 and 58" hid it."""
    b = load_board("whitechapel-1888")
    for x in F_DEAD.split():
        assert placenames.touches(b, x) == ()
        assert "touching no circle" in placenames.between(b, x)
        assert "touching no circle" in placenames.in_words(f"Green moves to {x}", b)


def test_t3_a_crossing_beside_one_circle_names_no_other_circle():
    """E/F: "Blue between 8 and 30" when only 8 was searchable."""
    b = load_board("whitechapel-1888")
    singles = [x.id for x in b.data.crossings if len(placenames.touches(b, x.id)) == 1]
    assert singles
    for x in singles:
        (c,) = placenames.touches(b, x)
        assert re.findall(r"\d+", placenames.crossing_name(b, x)) == [str(c)]
        assert re.findall(r"\d+", placenames.short_name(b, x)) == [str(c)]


# -- 2. the police panel: each policeman's circles, one line each -------------------------


@pytest.mark.parametrize("side", [POLICE, JACK])
def test_t3_the_police_panel_lists_what_each_can_search_and_no_line_wraps(side):
    for seed in range(6):
        game = play_until(seed, hunting(POLICE, 1))
        if game is None:
            continue
        view = game.view(side)
        full = plain(panels.police_text(view, board=game.board))
        assert len(full) == 6  # the title and a line each: the panel has room for all
        compact = plain(panels.police_text(view, compact=True, board=game.board))
        assert len(compact) == 3
        for line in full + compact:
            assert cell_len(line) <= panels.PANEL_WIDTH, line
        for c in COLOURS:
            near = placenames.touches(game.board, view.police[c])
            line = next(li for li in full if li[1:].startswith(f"{LETTER[c]} {c}"))
            said = " ".join(map(str, near))
            assert (said in line) if near else ("touches no circle" in line), line
            assert f"{LETTER[c]} {said or 'none'}" in " ".join(compact[1:])


@pytest.mark.parametrize(
    ("size", "side"),
    [((200, 60), POLICE), ((200, 60), JACK), ((120, 40), POLICE), ((80, 24), POLICE)],
    ids=["200x60-police", "200x60-jack", "120x40-police", "80x24-police"],
)
async def test_t3_on_the_screen_every_policeman_and_his_circles_stay_in_sight(
    tmp_path: Path, size, side
):
    """E and F lost the fifth policeman when "Chief" wrapped, on the police's
    panel and on Jack's."""

    def full_width(g: LfwGame) -> bool:  # a line as wide as the panel: no room to spare
        if not hunting(side)(g):
            return False
        lines = plain(panels.police_text(g.view(side), board=g.board))
        return any(cell_len(line) == panels.PANEL_WIDTH for line in lines)

    game = first(full_width)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == side
        rows = region_text(app, screen.query_one("#police")).split("\n")
        view = game.view(side)
        for c in COLOURS:
            near = " ".join(map(str, placenames.touches(game.board, view.police[c])))
            # his letter and every circle he can search on one row of the screen
            if size[1] >= 30:  # a line each: "B blue 57·70 · searches 57 70"
                # his line: his letter first (round 18: a long line drops his colour's name)
                row = next(r.rstrip() for r in rows if r.lstrip(" ▶").startswith(f"{LETTER[c]} "))
                assert row.endswith(f"searches {near}" if near else "touches no circle"), row
            else:  # 80×24: three lines, "B 57 70  Y 48 49 …"
                assert any(f"{LETTER[c]} {near or 'none'}" in r for r in rows), (c, rows)
        assert len([r for r in rows if r.strip()]) <= 6


# -- 3. every hideout candidate, and on the map ---------------------------------------------


def night_2_hell() -> LfwGame:
    """Night 2 before the crime: a finished night, many candidates."""
    return first(lambda g: g.night == 2 and g.phase == "patrols", "tutorial")


def test_the_notebook_lists_every_hideout_candidate():
    game = night_2_hell()
    nb = deduce(game.view(POLICE), game.board)
    assert len(nb.hideouts) > 8  # the old panel cut after 8 ("and N more")
    text = deduction.deduction_text(nb)
    assert "more" not in text
    line = next(li for li in text.split("\n") if li.startswith("Hideout candidates"))
    listed: set[int] = set()
    for part in line.split(": ", 1)[1].split():
        a, _, b = part.partition("–")
        listed |= set(range(int(a), int(b or a) + 1))
    assert listed == set(nb.hideouts)
    assert deduction.runs([1, 2, 3, 5, 7, 8, 9, 10, 12, 13]) == "1–3 5 7–10 12 13"


def test_the_hideout_candidates_tint_from_the_public_notebook():
    game = night_2_hell()
    nb = deduce(game.view(POLICE), game.board)
    tint = deduction.tint_marks(nb, deduction.HIDEOUTS)
    assert tint == dict.fromkeys(nb.hideouts, deduction.CANDIDATE)
    # with no "now" (before tonight's crime) the notebook's tint is the candidates
    assert deduction.tint_marks(nb, "heat") == tint
    assert deduction.tint_marks(nb, "off") == {}
    # the same from Jack's view: public facts only (his secrets change nothing)
    assert deduction.tint_marks(deduce(game.view(JACK), game.board), deduction.HIDEOUTS) == tint
    # before any night is finished every circle is a candidate: no tint then
    night_1 = first(lambda g: g.night == 1 and g.phase == "patrols", "tutorial")
    assert deduction.tint_marks(deduce(night_1.view(POLICE), night_1.board), "heat") == {}


@pytest.mark.parametrize("size", [(200, 60), (80, 24)], ids=["200x60", "80x24"])
async def test_the_police_see_every_candidate_listed_and_tinted_on_the_map(tmp_path, size):
    game = night_2_hell()
    assert game.to_act == POLICE
    nb = deduce(game.view(POLICE), game.board)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        marks = screen.query_one(MapView).marks
        tinted = {c for c, t in marks.items() if t == deduction.CANDIDATE}
        assert tinted and tinted <= set(nb.hideouts)
        assert all(c in marks for c in nb.hideouts)  # tinted, or a stronger mark on it
        notes = " ".join(region_text(app, screen.query_one("#notes")).split())
        assert f"Hideout candidates ({len(nb.hideouts)}) (F9: on the map):" in notes
        if size == (200, 60):
            assert deduction.runs(nb.hideouts) in notes  # each of them
        if size == (200, 60):
            await settle.press(pilot, "f3")  # the legend says what the tint is
            await settle.settle(pilot)
            legend = " ".join(region_text(app, screen.query_one("#legend")).split())
            assert "hideout candidate" in legend


async def test_the_hideouts_mode_tints_the_candidates_in_the_hunt(tmp_path):
    game = first(hunting(POLICE), "tutorial")
    nb = deduce(game.view(POLICE), game.board)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        marks = screen.query_one(MapView).marks
        assert deduction.CANDIDATE not in marks.values()  # where Jack can be, first
        screen.deduction_mode = deduction.HIDEOUTS  # what the key sets (screen.py)
        screen.refresh_all()
        await settle.settle(pilot)
        marks = screen.query_one(MapView).marks
        tinted = {c for c, t in marks.items() if t == deduction.CANDIDATE}
        assert tinted and tinted <= set(nb.hideouts)


# -- 4. Jack's panel: spaces of the track, good English -------------------------------------


def test_t1_jacks_moves_say_the_space_of_the_track_not_an_arrow():
    """F: "1 walk → 3" read as three places."""
    game = first(hunting(JACK, 0))
    view = game.view(JACK)
    lines = jackturn.move_lines(view, view.jack.hideout)
    text = "\n".join(plain("\n".join(lines)))
    assert "→" not in text
    n = jackturn.next_space(view)
    from whitechapel.lfw.rulebook import space_name

    assert f"walk: space {space_name(n)}" in text, text
    alley = jackturn.home_note(ALLEY, True)
    assert "an alley never ends the night (T1)" in alley and "a alley" not in alley
    assert "a coach never ends the night (T1)" in jackturn.home_note(COACH, True)
    walk = jackturn.home_note(STEP, True)
    assert "announce it (the night ends) or pass through (T1)" in walk
