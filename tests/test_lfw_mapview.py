"""The Letters from Whitechapel map widget (lfw/ui/mapview.py) and the marks
it is given (lfw/ui/marks.py): what a player sees and does on the map."""

from __future__ import annotations

import functools
import re

import pytest
from rich.style import Style
from textual import events
from textual.app import App, ComposeResult
from textual.geometry import Region

import settle
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui.mapcanvases import canvases
from whitechapel.lfw.ui.mapstyle import MAP_STYLES, legend_text
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.marks import CHIEF_ONLY, COLOURS, JACK_ONLY, PRECEDENCE, marks_for


@functools.cache
def board() -> Board:
    return Board.load()


def play(seed: int, until) -> LfwGame:
    """A game of random legal actions on the 1888 board (Jack mostly heading
    home) stopped as soon as `until(game)` holds."""
    game = LfwGame.new(seed, board=board())
    chance = Chance(seed)
    while game.outcome is None and not until(game):
        if game.to_act == JACK:
            game.apply(homeward_action(game, chance))
        else:
            game.apply(game.random_action(chance))
    return game


@functools.cache
def hunting() -> LfwGame:
    """Night 1, T2: the policemen are on the board."""
    game = play(4, lambda g: g.phase == "hunt")
    assert game.outcome is None and game.view(POLICE).police
    return game


class MapApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.clicked: list = []

    def compose(self) -> ComposeResult:
        yield MapView(board())

    def on_map_view_node_clicked(self, message: MapView.NodeClicked) -> None:
        self.clicked.append(message.node)


def lines(view: MapView) -> list[list[tuple[str, Style | None]]]:
    """What the widget paints now: per row, (character, style) per cell."""
    strips = view.render_lines(Region(0, 0, *view.size))
    return [[(ch, seg.style) for seg in strip for ch in seg.text] for strip in strips]


def on_screen(view: MapView, node) -> tuple[int, int]:
    """Where the first cell of a node's label is in the widget."""
    lab = view.canvas.labels[node]
    return lab.x0 - view.scroll_offset.x, lab.y - view.scroll_offset.y


def tag_style(tag: str) -> Style:
    return Style.parse(MAP_STYLES[tag])


# -- marks on the map ------------------------------------------------------------


async def test_a_policeman_is_his_letter_on_his_crossing_and_a_target_is_highlighted():
    view = hunting().view(POLICE)
    blue = view.police["blue"]
    target = board().direct_circles(view.police["red"])[0]
    marks, texts = marks_for(view, targets=[target])
    app = MapApp()
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(MapView)
        m.show(marks, texts)
        m.centre_on(blue)
        await settle.settle(pilot)
        rows = lines(m)
        x, y = on_screen(m, blue)
        ch, style = rows[y][x]
        assert ch == "B" and style.bgcolor.triplet == tag_style("police-blue").bgcolor.triplet
        m.centre_on(target)
        await settle.settle(pilot)
        rows = lines(m)
        x, y = on_screen(m, target)
        label = "".join(ch for ch, _ in rows[y][x : x + 3])
        assert label.strip() == str(target)  # the number stays readable
        assert {s.bgcolor.triplet for _, s in rows[y][x : x + 3]} == {
            tag_style("target").bgcolor.triplet
        }


async def test_only_the_rows_that_change_are_rebuilt():
    view = hunting().view(POLICE)
    marks, texts = marks_for(view)
    app = MapApp()
    async with app.run_test(size=(200, 60)) as pilot:
        m = app.query_one(MapView)
        m.show(marks, texts)
        await settle.settle(pilot)
        lines(m)
        built = m.strips_built
        circle = next(c for c in board().circles if c not in marks)
        row = canvases(board())[0].labels[circle].y
        m.show({**marks, circle: "target"}, texts)
        assert m.changed_rows == [row]
        lines(m)
        assert m.strips_built == built + 1
        m.show({**marks, circle: "target"}, texts)  # the same again: nothing to do
        assert m.changed_rows == []


async def test_centre_on_brings_a_far_node_into_the_middle():
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.query_one(MapView)
        await settle.settle(pilot)
        width, height = canvases(board())[0].width, canvases(board())[0].height
        far = max(  # far from the top left, yet not so near an edge that it cannot be centred
            (
                c
                for c, (x, y) in board().pos.items()
                if isinstance(c, int) and x < width - 41 and y < height - 13
            ),
            key=lambda c: sum(board().pos[c]),
        )
        x, y = on_screen(m, far)
        assert not (0 <= x < 80 and 0 <= y < 24)
        m.centre_on(far)
        await settle.settle(pilot)
        x, y = on_screen(m, far)
        assert 0 <= x < 80 and 0 <= y < 24
        assert abs(x + 1 - 40) <= 2 and abs(y - 12) <= 1
        assert str(far) in "".join(ch for ch, _ in lines(m)[y])
        # The wheel scrolls (Textual's own), here down and right.
        before = m.scroll_offset
        await pilot._post_mouse_events([events.MouseScrollDown], MapView, offset=(5, 5))
        await pilot._post_mouse_events([events.MouseScrollRight], MapView, offset=(5, 5))
        await settle.settle(pilot)  # both handled: the scrolls are under way
        await pilot.wait_for_scheduled_animations()
        assert m.scroll_offset.y > before.y and m.scroll_offset.x > before.x


async def test_centre_on_before_the_map_is_laid_out_is_done_once_it_is():
    class Early(MapApp):
        def on_mount(self) -> None:
            self.query_one(MapView).centre_on(65)

    app = Early()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        m = app.query_one(MapView)
        x, y = on_screen(m, 65)
        assert abs(x + 1 - 40) <= 2 and abs(y - 12) <= 1


async def test_the_overview_shows_the_whole_1888_board_in_130_by_40():
    view = hunting().view(POLICE)
    app = MapApp()
    async with app.run_test(size=(130, 40)) as pilot:
        m = app.query_one(MapView)
        m.show(*marks_for(view))
        m.centre_on(65)
        await settle.settle(pilot)
        where = m.scroll_offset
        m.set_overview(True)
        await settle.settle(pilot)
        assert m.overview and m.virtual_size.width <= 130 and m.virtual_size.height <= 40
        assert m.max_scroll_x == 0 and m.max_scroll_y == 0
        rows = lines(m)
        text = "\n".join("".join(ch for ch, _ in row) for row in rows)
        # each circle a dot or, where it fits, its number (testers R2, S2, T2)
        numbered = [c for c in board().circles if re.search(rf"(?<![0-9]){c}(?![0-9])", text)]
        assert len(numbered) > len(board().circles) * 0.8, len(numbered)
        assert text.count("●") + len(numbered) > len(board().circles) * 0.9  # nodes share cells
        for colour, letter in zip(COLOURS, "BYNRG", strict=True):
            x, y = board().pos[view.police[colour]]
            ch, style = rows[y // 2][x // 2]
            assert ch == letter
            if colour == view.acting_colour:  # T2: his colours the other way round
                police = tag_style(f"police-{colour}")
                assert style.underline and style.color.triplet == police.bgcolor.triplet
            else:
                assert style.bgcolor.triplet == tag_style(f"police-{colour}").bgcolor.triplet
        m.set_overview(False)
        await settle.settle(pilot)
        assert not m.overview and m.virtual_size.width == canvases(board())[0].width
        assert m.scroll_offset == where  # back where the player was


# -- the mouse ---------------------------------------------------------------------


async def test_a_click_on_a_label_names_its_node_and_dragging_pans():
    app = MapApp()
    async with app.run_test(size=(100, 30)) as pilot:
        m = app.query_one(MapView)
        circle = 65
        m.centre_on(circle)
        await settle.settle(pilot)
        x, y = on_screen(m, circle)
        await settle.click(pilot, MapView, offset=(x + 2, y))  # any cell of " 65"
        crossing = next(
            v
            for v in board().crossings
            if 0 <= on_screen(m, v)[0] < 100 and 0 <= on_screen(m, v)[1] < 30
        )
        await settle.click(pilot, MapView, offset=on_screen(m, crossing))
        assert app.clicked == [circle, crossing]

        before = m.scroll_offset
        await pilot.mouse_down(MapView, offset=(50, 15))
        await pilot.hover(MapView, offset=(40, 11))
        await pilot.mouse_up(MapView, offset=(40, 11))
        # The terminal follows a press and release on one widget with a click
        # (Pilot.click would press again): it ends the drag, it is no click.
        await pilot._post_mouse_events([events.Click], MapView, offset=(40, 11), button=1)
        await settle.settle(pilot)
        assert m.scroll_offset == (before.x + 10, before.y + 4)
        assert app.clicked == [circle, crossing]

        m.set_overview(True)
        m.scroll_to(0, 0, animate=False)
        await settle.settle(pilot)

        def alone(c, x, y):  # no node there, and none but c within a cell
            around = {m.canvas.node_at(x + i, y + j) for i in (-1, 0, 1) for j in (-1, 0, 1)}
            return m.canvas.node_at(x, y) is None and around <= {None, c}

        circle, ox, oy, near = next(
            (c, x // 2, y // 2, (x // 2 + i, y // 2 + j))
            for c in board().circles
            for x, y in [board().pos[c]]
            for i in (-1, 0, 1)
            for j in (-1, 0, 1)
            if 0 <= min(x // 2, x // 2 + i) <= max(x // 2, x // 2 + i) < m.size.width
            and 0 <= min(y // 2, y // 2 + j) <= max(y // 2, y // 2 + j) < m.size.height
            and alone(c, x // 2 + i, y // 2 + j)
        )
        await settle.click(pilot, MapView, offset=(ox, oy))
        assert app.clicked[-1] == circle
        m.show({circle: "target"})
        await settle.click(pilot, MapView, offset=near)  # next to it, on no node
        assert app.clicked[-1] == circle


# -- what each side may see (§9) -----------------------------------------------------


def views_along(seed: int, stop_night: int):
    """Both sides' views after every action of a game, until night
    `stop_night` ends or the game does (the end shows everything)."""
    game = LfwGame.new(seed, board=load_board("tutorial"))
    chance = Chance(seed)
    while game.outcome is None and game.night <= stop_night:
        yield game.view(JACK), game.view(POLICE), game
        if game.to_act == JACK:
            game.apply(homeward_action(game, chance))
        else:
            game.apply(game.random_action(chance))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_marks_show_each_side_only_its_own_secrets(seed):
    seen_jack: set[str] = set()
    seen_police: set[str] = set()
    for jack_view, police_view, game in views_along(seed, 2):
        targets = board_targets(game)
        jack_marks, _ = marks_for(jack_view, targets=targets)
        police_marks, _ = marks_for(police_view, targets=targets)
        jack_tags, police_tags = set(jack_marks.values()), set(police_marks.values())
        assert not police_tags & JACK_ONLY, (game, police_tags & JACK_ONLY)
        assert not jack_tags & CHIEF_ONLY, (game, jack_tags & CHIEF_ONLY)
        seen_jack |= jack_tags
        seen_police |= police_tags
        # What both may see is drawn the same for both.
        for mine, theirs, secret, their_secret in (
            (police_marks, jack_marks, CHIEF_ONLY, JACK_ONLY),
            (jack_marks, police_marks, JACK_ONLY, CHIEF_ONLY),
        ):
            for v, tag in mine.items():
                if tag not in secret and theirs.get(v) not in their_secret:
                    assert theirs.get(v) == tag, (game, v)
    # Each side did see its own secrets: the checks above were not vacuous.
    assert {"hideout", "path", "jack"} <= seen_jack
    assert seen_police & {f"marker-{c}" for c in COLOURS}
    assert "marker-fake" in seen_police and "marker" in seen_jack


def board_targets(game: LfwGame) -> list:
    """A few nodes as the screen might offer them: the first legal actions'."""
    return [a.circle for a in game.legal_actions()[:3] if hasattr(a, "circle")]


def test_marks_precedence_targets_and_cursor_win_but_letters_stay():
    view = hunting().view(POLICE)
    blue = view.police["blue"]
    marks, texts = marks_for(view, targets=[blue], cursor=blue)
    assert marks[blue] == "cursor" and texts[blue] == "B"
    assert list(marks.values()) == sorted(marks.values(), key=PRECEDENCE.index)
    jack = hunting().view(JACK).jack
    marks, _ = marks_for(hunting().view(JACK))
    assert marks[jack.position] == "jack" and marks[jack.hideout] in ("hideout", "jack")


def test_every_mark_has_a_style_readable_on_both_themes_and_a_legend_entry():
    legend = legend_text().plain
    for tag in PRECEDENCE:
        assert tag in MAP_STYLES
        style = Style.parse(MAP_STYLES[tag])
        # a chip of its own, or (the removed fake) a strike-through: not ground-dependent
        assert style.bgcolor is not None or style.strike
        assert legend_text(tags=[tag]).plain.strip(), f"no legend entry for {tag}"
    for meaning in ("policemen", "face down", "clue", "crime scene", "hideout", "Jack"):
        assert meaning in legend
    assert legend_text(tags=["clue"]).plain.strip() == "12 clue tonight"
    assert legend_text(tags=["clue-2"]).plain.strip() == "12 clue, night 2"


async def test_a_full_frame_sends_few_style_changes():
    """Merged runs: a 200×60 frame of the 1888 board in well under 1000
    segments (one per cell would be 12 000)."""
    view = hunting().view(POLICE)
    app = MapApp()
    async with app.run_test(size=(200, 60)) as pilot:
        m = app.query_one(MapView)
        m.show(*marks_for(view))
        m.scroll_to(20, 5, animate=False)
        await settle.settle(pilot)
        strips = m.render_lines(Region(0, 0, 200, 60))
        assert sum(len(list(s)) for s in strips) < 900
        dark = app.screen.rich_style.bgcolor
        app.theme = "textual-light"  # a new ground: every row is built again for it
        await settle.settle(pilot)
        light = app.screen.rich_style.bgcolor
        grounds = {seg.style.bgcolor for s in m.render_lines(Region(0, 0, 200, 60)) for seg in s}
        assert light != dark and light in grounds and dark not in grounds
