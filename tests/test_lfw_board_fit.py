"""The whole board where the player looks (issue H2, "the board does not
fit"): at 200×60 the 1888 board beside its panels, every circle's number
whole and nothing to scroll; an overview at 120×40 and 80×24 with a cell
for every circle, so every mark shows; the police turn starting on the
circles where Jack can be; one sentence about sizes in F1, F4 and the
toasts; at 80×24 nothing cut (the prompt's lines whole, toasts away from
it).  Screens are read as text (`snapshots.screen_text`), as a player
reads them."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

import settle
from snapshots import screen_text, snapshot  # noqa: F401 (a fixture)
from test_lfw_display import app_for, events, find_game, region_text, shown
from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map import legibility
from whitechapel.lfw.map.compact import compact_columns
from whitechapel.lfw.map.geometry import octilinear
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.screen import size_sentence, whole_board_size
from whitechapel.ui.screens.game import help_text
from whitechapel.ui.screens.help import HelpScreen

ALL = set(range(1, 196))  # the 1888 board's circles


def numbers_on_screen(app, m: MapView) -> dict[int, int]:
    """Each circle number the screen shows whole in the map's region (digits
    with no digit either side: a heat bar after a number is not a digit),
    with how often."""
    found: dict[int, int] = {}
    for n in re.findall(r"(?<!\d)\d+(?!\d)", region_text(app, m)):
        found[int(n)] = found.get(int(n), 0) + 1
    return found


def assert_every_number_whole_at_its_circle(app, m: MapView) -> None:
    """Each circle's number is on the screen where the map draws its circle,
    whole (the label's cells, read from the screen text)."""
    rows = screen_text(app).split("\n")
    r = m.region
    sx, sy = int(m.scroll_x), int(m.scroll_y)
    for n in ALL:
        lab = m.canvas.labels[n]
        x, y = r.x + lab.x0 - sx, r.y + lab.y - sy
        assert r.x <= x and x + len(lab.text) <= r.right and r.y <= y < r.bottom, n
        cells = rows[y][x : x + len(lab.text)]
        assert re.sub(r"\D", "", cells) == str(n), (n, rows[y])


def hunt_1888(g) -> bool:
    return g.night == 1 and g.phase == "hunt"


# -- 1. the whole board beside the panels -------------------------------------------------


async def test_h2_at_200x60_every_circle_number_whole_beside_the_panels(
    tmp_path,
    snapshot,  # noqa: F811
):
    """The issue: at 200×60 the side panel covered the east column (121,
    136, 145 showed as "1") and the map panned between prompts.  Now the
    map is the board drawn narrower (every street in its direction), the
    side panels beside it, not over it; every one of the 195 numbers whole
    where its circle is, nothing to scroll; and it stays put from one
    prompt to the next."""
    game = find_game(hunt_1888, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await shown(app, screen, pilot)
        m = screen.query_one(MapView)
        side = screen.query_one("#side")
        assert side.display and side.region.width >= 30
        assert m.region.right <= side.region.x  # no panel over the map
        assert set(numbers_on_screen(app, m)) == ALL
        assert_every_number_whole_at_its_circle(app, m)
        snapshot.check(app, "police-turn-1888")  # the whole screen, as a player sees it
        assert (m.max_scroll_x, m.max_scroll_y) == (0, 0)
        assert m.board_in_sight
        # The panels are all there too: the move track, the police, the
        # notebook, the log; the prompt and the choices under the map.
        text = screen_text(app)
        for panel in ("Move track", "The police", "Notebook", "Log"):
            assert panel in text, panel
        assert screen.query_one("#prompt").region.y >= m.region.bottom
        # Prompts come and go (a policeman moves, the next one acts): the
        # map does not pan or jump.
        drawing = m.canvas.labels
        for _ in range(3):
            await settle.press(pilot, "1")  # the acting policeman stays
            await settle.settle(pilot)
            assert (m.scroll_x, m.scroll_y) == (0, 0)
            assert m.canvas.labels is drawing
        assert set(numbers_on_screen(app, m)) == ALL


def test_h2_the_narrower_drawing_keeps_every_street_straight_and_legible():
    """The drawing beside the panels (lfw/map/compact.py): the same streets,
    each in the direction it has on the board, nothing overlapping, every
    street with a cell of its own; 66 columns fewer than the full drawing."""
    board = load_board("whitechapel-1888")
    data = board.data
    narrow = compact_columns(data)
    assert narrow.width <= 132 and narrow.height == data.height
    full, small = cv.positions(data), cv.positions(narrow)
    for a, b in data.segments:
        (xa, ya), (xb, yb) = full[a], full[b]
        (sa, ta), (sb, tb) = small[a], small[b]
        assert octilinear(small[a], small[b])
        assert (ta, tb) == (ya, yb)  # rows unchanged
        if ya == yb:
            assert (sb > sa) == (xb > xa)  # a horizontal street keeps its way
        else:
            assert sb - sa == xb - xa  # vertical and diagonal ones unchanged
    assert not legibility.label_overlaps(narrow)
    assert not legibility.segments_through_labels(narrow)
    assert not legibility.hidden_segments(narrow)
    assert not legibility.labels_off_canvas(narrow)


# -- 2. the overview at 120×40 and 80×24 ----------------------------------------------------


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_h2_overview_fits_and_marks_every_circle_state(tmp_path, size):
    """F2 at 120×40 and 80×24: the whole overview in the map's place
    (nothing to scroll), each circle and crossing on a cell of its own, and
    each possible circle of the notebook, crime scene, clue, policeman and
    woman shown in its mark's style.  At 120×40 beside the side panels; at
    80×24 over their columns too (tester K2, round 19: in the map's 44
    columns the overview "cannot be read"), and F2 again brings them back."""

    def there(g) -> bool:
        return hunt_1888(g) and any(e[4] and e[1] == 1 for e in events(g, "search"))

    game = find_game(there, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await shown(app, screen, pilot)
        await settle.press(pilot, "f2")
        await settle.settle(pilot)
        m = screen.query_one(MapView)
        side = screen.query_one("#side")
        assert m.overview and side.display == (size == (120, 40))
        if size == (80, 24):
            assert m.region.width == size[0]  # the whole width
        assert m.canvas.width <= m.region.width and m.canvas.height <= m.region.height
        assert (m.max_scroll_x, m.max_scroll_y) == (0, 0)
        cells = [(lab.x0, lab.y) for lab in m.canvas.labels.values()]
        assert len(set(cells)) == len(cells)  # a cell a node
        view = screen.current_view()
        nb = notebook(view, game.board)
        wanted = {
            "possible": set(nb.possible),
            "crime": {c.circle for c in view.crime_scenes},
            "clue": set(view.clues),
            "policeman": set(view.police.values()),
            "woman": set(view.women_tokens),
        }
        assert wanted["possible"] and wanted["crime"] and wanted["clue"] and wanted["policeman"]
        rows = screen_text(app).split("\n")
        r = m.region
        for kind, nodes in wanted.items():
            for v in nodes:
                assert v in m.marks, (kind, v)
                lab = m.canvas.labels[v]
                assert m.canvas.tags[lab.y][lab.x0] == m.marks[v], (kind, v)
                assert rows[r.y + lab.y][r.x + lab.x0] != " ", (kind, v)
        await settle.press(pilot, "f2")
        await settle.settle(pilot)
        assert not m.overview and side.display


# -- 3. the police turn starts on Jack's possible circles -----------------------------------


async def test_h2_the_police_turn_starts_on_jacks_possible_circles(tmp_path):
    """At 80×24 the map shows a small part of the board.  When the police
    take the keyboard for a turn of the Hunt, the map shows the acting
    policeman (tester P, round 8: Green, far south, out of sight when he
    had to move) and, as many as fit with him, the circles where Jack can
    be (the notebook's, from the police's view), not the place it was left
    at."""

    def there(g) -> bool:
        return hunt_1888(g) and len(g.row) >= 2

    game = find_game(there, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(app, screen, pilot)
        assert screen.holder == POLICE
        m = screen.query_one(MapView)
        possible = notebook(screen.current_view(), game.board).possible
        assert possible
        labels = [m.canvas.labels[c] for c in possible]
        x0, x1 = min(lab.x0 for lab in labels), max(lab.x1 for lab in labels)
        y0, y1 = min(lab.y for lab in labels), max(lab.y for lab in labels)
        w, h = m.scrollable_content_region.width, m.scrollable_content_region.height
        view = screen.current_view()
        acting = view.police[view.acting_colour]
        assert m.in_sight(acting)  # the one who moves first (round 8)
        assert any(m.in_sight(c) for c in possible)  # and the nearest of the circles
        # he, his targets and the circles fit: every one of them in sight
        targets = [int(o) if o.isdigit() else o for o in screen.picking.node_options()]
        for lab in [m.canvas.labels[v] for v in [acting, *targets]]:
            x0, x1, y0, y1 = min(x0, lab.x0), max(x1, lab.x1), min(y0, lab.y), max(y1, lab.y)
        if x1 - x0 < w and y1 - y0 < h:
            shown_numbers = set(numbers_on_screen(app, m))
            assert set(possible) <= shown_numbers, (possible, region_text(app, m))


# -- 4. one sentence about sizes ------------------------------------------------------------


async def test_h2_one_size_sentence_in_f1_f4_and_the_toast_and_it_is_true(tmp_path):
    """F1 (help.md), the whole-board key's toast and the figure the screen
    uses say one sentence with one size, computed from the board and the
    panels; at that size the whole board shows beside the panels, a column
    less and it does not."""
    board = load_board("whitechapel-1888")
    sentence = size_sentence(board)
    assert whole_board_size(board) == (168, 60)
    assert sentence in help_text("whitechapel.lfw.ui")
    game = find_game(hunt_1888, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(app, screen, pilot)
        await settle.press(pilot, "f1")
        await settle.settle(pilot)
        assert isinstance(app.screen, HelpScreen) and sentence in app.screen.markdown
        await settle.press(pilot, "escape")
        await settle.press(pilot, "f4")
        await settle.settle(pilot)
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and notes[0].startswith("F4: the map alone"), notes
        assert sentence in notes[0], notes  # the switch's state, then the size (round 8)
    for size, fits in (((168, 60), True), ((167, 60), False), ((168, 59), False)):
        app, screen = app_for(game, tmp_path)
        async with app.run_test(size=size) as pilot:
            await shown(app, screen, pilot)
            m = screen.query_one(MapView)
            assert screen.query_one("#side").display
            assert (set(numbers_on_screen(app, m)) == ALL) is fits, size


# -- 5. nothing cut at 80×24 ------------------------------------------------------------------


async def test_h2_at_80x24_the_prompt_is_whole_and_toasts_keep_off_it(tmp_path):
    """The prompt's lines (what to do, then the keys) are on the screen
    whole at 80×24, however many rows they need at that width; a toast
    shows at the top, never over the prompt or the choices."""
    game = find_game(lambda g: g.night == 1 and g.phase == "clues", board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await shown(app, screen, pilot)
        for keys in ([], ["left"]):
            await settle.press(pilot, *keys)
            await settle.settle(pilot)
            prompt = screen.query_one("#prompt")
            lines = Text.from_markup(prompt.markup).wrap(app.console, prompt.size.width)
            assert len(lines) <= prompt.size.height, prompt.markup
            text = region_text(app, prompt)
            for line in lines:
                assert line.plain.strip() in text, (line.plain, text)
            assert "…" not in text
        app.notify("A toast to see where it goes.")
        await settle.settle(pilot)
        toasts = list(app.screen.query("Toast"))
        assert toasts
        for toast in toasts:
            for below in ("#prompt", "#choices"):
                assert not toast.region.overlaps(screen.query_one(below).region), below


async def test_the_police_panel_shows_all_five_when_a_line_wraps(tmp_path):
    """Two play-testers lost the fifth policeman from the panel at 200×60:
    the Chief's line ("yellow between 71 and 141 Chief") wrapped in a panel
    six rows high.  Every policeman's letter and colour stays in sight."""
    from whitechapel.lfw.ui import placenames

    def long_line(g) -> bool:
        if not (hunt_1888(g) and g.to_act == POLICE):
            return False
        view = g.view(POLICE)  # a line as long as the one that wrapped (round 4: none wraps)
        lines = [f"  B {c} {placenames.between(g.board, x)} Chief" for c, x in view.police.items()]
        return any(len(line) > 34 for line in lines)

    game = find_game(long_line, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await shown(app, screen, pilot)
        police = screen.query_one("#police")
        shown_text = " ".join(region_text(app, police).split())
        for name in ("blue", "yellow", "brown", "red", "green"):
            assert name in shown_text, name


async def test_secrecy_at_a_hand_over_jacks_map_opens_from_his_view_alone(tmp_path):
    """A play-tester's finding: at 80×24 Jack's map opened where the police
    had last worked, on the fake patrol marker they placed last.  After the
    hand-over the map's place is the same whatever place the police left it
    in (a counterfactual: two places before, one after)."""
    from lfw_app_play import raise_curtain
    from whitechapel.core.chance import Chance
    from whitechapel.lfw.rulebook import JACK

    def patrols(g) -> bool:
        return g.night == 1 and g.phase == "patrols"

    places = set()
    # two places on the map, and the place the patrols' placement chose
    for left in ((0, 0), (60, 30), None):
        game = find_game(patrols, board=None)
        app, screen = app_for(game, tmp_path / f"{left}")
        async with app.run_test(size=(80, 24)) as pilot:
            await raise_curtain(pilot, screen)
            assert screen.holder == POLICE
            m = screen.query_one(MapView)
            assert not m.overview  # the map, most yellow crossings in sight (round 11)
            if left is not None:  # scrolled where they look
                m.scroll_to(*left, animate=False, force=True)
                await settle.settle(pilot)
                assert (m.scroll_x, m.scroll_y) == left
            screen.send(str(game.random_action(Chance(1))))  # the Chief's markers
            await raise_curtain(pilot, screen)
            assert screen.holder == JACK
            places.add((m.scroll_x, m.scroll_y))
    assert len(places) == 1
