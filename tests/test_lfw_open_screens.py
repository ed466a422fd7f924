"""Opening the LfW screens (issue: "fast screens"): the bench's three
figures run and give a number (their speed is the bench's business, never a
test's), the help opened with F1 still shows all of its text, its headings
in the theme's Markdown style, and the setup's head start (`prepare`) leaves
the board and its drawings ready for the start without reading a player's
file."""

from __future__ import annotations

import math

from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

import settle
from lfw_app_play import lfw_app
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.benchmarks.runner import all_benchmarks
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.ui import bench_screens, mapcanvases
from whitechapel.lfw.ui.setup import LfwSetup, prepare
from whitechapel.ui.screens.help import HelpScreen, markdown_theme

FIGURES = ("lfw.open_setup", "lfw.open_game", "lfw.open_help")


def test_the_three_figures_are_cpu_figures_with_the_issues_target():
    found = {b.name: b for b in all_benchmarks() if b.name in FIGURES}
    assert set(found) == set(FIGURES)
    for bench in found.values():
        assert bench.clock == "cpu" and bench.target == 0.25 and not bench.higher_is_better


async def test_each_figure_is_measured_and_is_a_number():
    # In this process (the bench starts a fresh one for each: see the next test).
    for step in ("setup", "game", "help"):
        figure = await bench_screens.cpu_to_open_here(step)
        assert isinstance(figure, float) and math.isfinite(figure) and figure > 0, step


def test_a_figure_is_read_in_a_fresh_process():
    figure = bench_screens.cpu_to_open("help", runs=1)
    assert isinstance(figure, float) and math.isfinite(figure) and figure > 0


async def test_f1_shows_the_whole_help_with_its_headings_styled(tmp_path):
    app, screen = lfw_app(1, tmp_path, board="whitechapel-1888")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter", "f1")  # Jack's screen, then the help
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Letters from Whitechapel" in text
        # in a game the police turn's keys first (round 18; the whole rules
        # close the page: round 21), a bullet drawn as one, bold as bold
        assert "• The moves: the policeman to act is centred on the map" in text
        assert "**" not in text  # bold words drawn bold, not as Markdown
        app.screen.query_one(VerticalScroll).scroll_end(animate=False)  # End, at once
        await settle.settle(pilot)
        assert "if it is the hideout, they" in screen_text(app)  # the rules' last line
        # The "Keys" heading drawn in the theme's colour and style for a heading.
        want = markdown_theme(app.theme_variables).styles["markdown.h2"]
        assert want.underline and want.color is not None
        help_text = app.screen.query_one("#help-text", Static)
        strips = help_text.render_lines(Region(0, 0, *help_text.size))
        keys = [seg for strip in strips for seg in strip if seg.text == "Keys"]
        assert keys and keys[0].style is not None
        assert keys[0].style.underline and keys[0].style.color == want.color
        await settle.press(pilot, "escape")
        assert app.screen is screen


async def test_the_menus_rules_open_the_help_of_both_games():
    app = WhitechapelApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        for name, title in (("lfw", "Letters from Whitechapel"), ("pocket", "Mr. Jack Pocket")):
            rules = [o.id for o in app.screen.query_one("#menu").options].index(f"rules-{name}")
            app.screen.query_one("#menu").highlighted = rules
            await settle.press(pilot, "enter")
            assert isinstance(app.screen, HelpScreen)
            assert title in screen_text(app) and "The rules" in screen_text(app)
            await settle.press(pilot, "escape")


def test_prepare_builds_a_shipped_boards_drawings_ahead():
    board = load_board("tutorial")
    mapcanvases.least_whole.cache_clear()
    prepare("tutorial")
    assert load_board("tutorial") is board  # loaded once, kept
    before = mapcanvases.least_whole.cache_info().hits
    mapcanvases.least_whole(board)
    assert mapcanvases.least_whole.cache_info().hits == before + 1  # measured ahead


def test_prepare_leaves_a_players_own_map_file_to_the_start(tmp_path):
    prepare(str(tmp_path / "no-such-map.json"))  # not read: no error here


async def test_the_setup_prepares_the_start_once_drawn():
    setup = LfwSetup()
    app = WhitechapelApp(start=setup)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        assert setup.prepared is not None
        setup.prepared.join(timeout=120)  # a safety net, not a speed
        assert not setup.prepared.is_alive()
