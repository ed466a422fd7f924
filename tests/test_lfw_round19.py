"""Round 19's findings (issue 43; play-tester K2,
docs/playtests/2026-12-06-lfw-round19-K2.md), each checked as a player
would notice it."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from snapshots import screen_text
from whitechapel.core.chance import Chance
from whitechapel.lfw.actions import Step
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import computer, jackturn, notebook, panels, refusals
from whitechapel.lfw.ui.entry import SCREENS
from whitechapel.lfw.ui.picking import picking_for
from whitechapel.ui.widgets.text import TextPanel


def _flat(text: str) -> str:
    return " ".join(text.split())


def _crowded_step(g) -> bool:
    """T1, a step: four or five circles, each on a letter and each with a
    policeman beside it or in reach, some nearest home; the whole keys
    line longer than a 200-column row."""
    if g.phase != Phase.ESCAPE or g.to_act != JACK:
        return False
    p = picking_for(g.view(JACK), g.board)
    if "step" not in p.word_options():
        return False
    p.pick("step")
    circles = p.circle_options()
    if len(p.circle_labels()) < 4 or len(p.circle_labels()) != len(circles):
        return False
    if not all(p.beside(c) or p.in_reach(c) for c in circles):
        return False
    return bool(p.home_part()) and len(p.keys_hint()) > 215


@pytest.mark.parametrize("size,legend", [((200, 60), False), ((80, 24), False), ((80, 24), True)])
async def test_t1_the_nearest_home_circles_are_never_cut_from_jacks_step_line(
    tmp_path, size, legend
):
    """K2: "a: 17 (in reach of Blue, Brown and Red), … ; or type a number;
    nearest home:" ran past 200 columns and lost its circles.  Where every
    choice carries a police note, the line still says the circles nearest
    home and how many moves follow, whole, on the screen."""
    game = first_game_where(1, _crowded_step, tries=300)
    p = picking_for(game.view(JACK), game.board)
    p.pick("step")
    home = p.home_part()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        if legend:  # F3 under the map: the keys line has one row
            await settle.press(pilot, "f3")
        await settle.press(pilot, "1")
        assert "Jack steps to" in prompt_text(app)
        shown = _flat(screen_text(app))
        assert home in shown, (home, screen_text(app))
        assert "(then " in home
        # the line stays in the prompt's rows: its wrapped text is no taller
        panel = screen.query_one("#prompt", TextPanel)
        rows = screen.wrapped_rows(panel.markup, panel.size.width)
        assert rows <= panel.size.height, (rows, panel.size.height, panel.markup)


def test_t1_short_lines_count_the_policemen_then_send_the_notes_to_the_side_panel():
    """The notes give way in steps: "in reach of 3" for three names, then
    the notes go (the side panel lists them, circle by circle); the circles
    nearest home stay at every width."""
    game = first_game_where(1, _crowded_step, tries=300)
    p = picking_for(game.view(JACK), game.board)
    p.pick("step")
    home = p.home_part()
    for room in range(40, 260, 7):
        line = p.keys_hint(room=room)
        assert len(line) <= room, (room, line)
        assert home in line, (room, line)
    assert "in reach of 3" in p.keys_hint(room=190)
    p.keys_hint(room=100)
    assert p.cut and "in reach of" in p.choices_text()


async def test_s1_the_hideout_chooser_says_how_many_ways_lead_in(tmp_path):
    """K2 chose 43, "which has only two crossings leading in", and two
    policemen sealed it.  The chooser lists the circles by their ways in,
    and the circle typed says it: "43: 2 ways in — two policemen can bar
    it"; a circle with a street no crossing is on cannot be barred."""
    game = LfwGame.new(19)
    assert game.phase == Phase.HIDEOUT
    crossings, bare = jackturn.ways_in(game.board, 43)
    assert (crossings, bare) == (2, 0)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        assert "2 ways in, each a crossing:" in _flat(screen_text(app))
        await settle.press(pilot, "4", "3")
        assert "43: 2 ways in — two policemen can bar it" in prompt_text(app)
        panel = _flat(screen.query_one("#log", TextPanel).render().plain)
        panel += _flat(screen.query_one("#notes", TextPanel).render().plain)
        row = next(r for r in screen.picking.choices_text().splitlines() if r.startswith("2 ways"))
        assert " 43 " in f" {row} " and "2 ways in, each a crossing:" in panel
    board = game.board
    open_circle = next(c for c in board.circles if jackturn.ways_in(board, c)[1])
    said = jackturn.ways_in_text(board, open_circle)
    # not barred, yet watched (tester U2, round 24: "no policeman can bar it"
    # read as safe; two policemen sealed it and arrested him on the way in)
    assert "no policeman can bar that one" in said and "can arrest there" in said


def _step_list(min_digits: int):
    def stop(g) -> bool:
        if g.phase != Phase.ESCAPE or g.to_act != JACK:
            return False
        steps = [a.circle for a in g.legal_actions() if isinstance(a, Step)]
        return len(steps) <= 5 and any(len(str(c)) >= min_digits for c in steps)

    return stop


async def test_t1_a_letter_after_typed_digits_takes_its_choice(tmp_path):
    """K2: with the step list open, a digit began a number and a letter
    after it was typed too ("Typed: 1a▏"), nothing happening until
    Backspace.  A choice's letter takes it, the digits dropped."""
    game = first_game_where(3, _step_list(2), tries=300)
    n = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "1")  # step: the list opens
        label, circle = screen.picking.circle_labels()[-1]
        await settle.press(pilot, "1")
        assert "Typed: 1" in prompt_text(app)
        await settle.press(pilot, label)
        assert len(game.history) == n + 1, prompt_text(app)
        assert str(game.history[-1]) == str(Step(int(circle)))


async def test_t1_a_number_typed_in_one_burst_plays_its_circle(tmp_path):
    """K2: "Once my '1 5 2 Enter' only typed '1'" (not seen again here:
    this keeps it so).  The step's key, then a three-digit circle's number
    and Enter, pressed at once, play the step to that circle."""
    game = first_game_where(3, _step_list(3), tries=300)
    n = len(game.history)
    steps = [a.circle for a in game.legal_actions() if isinstance(a, Step)]
    target = next(c for c in steps if c >= 100)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        await pilot.press("1", *str(target), "enter")  # one burst
        await settle.settle(pilot)
        assert len(game.history) == n + 1, prompt_text(app)
        assert str(game.history[-1]) == str(Step(target))


def test_t1_one_space_left_is_singular():
    """K2: "On circle 88 · 1 spaces left"."""
    game = first_game_where(
        2,
        lambda g: g.to_act == JACK and g.phase == Phase.ESCAPE and g.view(JACK).spaces_left == 1,
        tries=300,
    )
    sheet = Text.from_markup(jackturn.jack_text(game.view(JACK), game.board)).plain
    assert "· 1 space left" in sheet, sheet


def test_the_police_panel_never_cuts_last_nights_place():
    """K2: the police panel read "N brown — (last night 127·132 S…".  At
    every width, a policeman off the board says where he stood last night
    whole, or says nothing of it."""
    game = first_game_where(5, lambda g: g.night == 2 and not g.view(POLICE).police, tries=20)
    view = game.view(POLICE)
    assert panels.last_night_police(view)
    for width in range(16, 48):
        text = Text.from_markup(panels.police_text(view, board=game.board, width=width)).plain
        for line in text.splitlines()[1:]:
            assert "…" not in line, (width, line)
            assert cell_len(line) <= width, (width, line)
    wide = Text.from_markup(panels.police_text(view, board=game.board, width=60)).plain
    assert "last night" in wide


def _finished_with_clues_of_two_nights() -> LfwGame:
    """A whole game (homeward Jack, random police) with clues found on two
    nights or more."""
    for seed in range(5, 60):
        chance = Chance(seed)
        game = LfwGame.new(seed)
        while game.outcome is None:
            turn = homeward_action(game.clone(), chance) if game.to_act == JACK else None
            game.apply(turn or game.random_action(chance))
        if len(notebook.clues_by_night(game.view(POLICE).log)) >= 2:
            return game
    raise AssertionError("no such game")


async def test_the_legend_at_the_end_names_the_nights_its_clues_are_of(tmp_path):
    """K2: "clue, night 4: 7 30 56 59 66 67 +16" listed the clues of
    nights 1-3 under night 4.  With every night's path shown, the clues
    are every night's; with one night's, that night's."""
    game = _finished_with_clues_of_two_nights()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        text = Text.from_markup(screen.legend_markup(200)).plain
        assert f"clue, night {game.night}" not in text, text
        assert "clue, every night" in text, text
        await settle.press(pilot, "1")
        text = Text.from_markup(screen.legend_markup(200)).plain
        assert "clue, night 1" in text and "every night" not in text, text


def test_h3_a_stray_key_after_every_marker_is_placed_says_the_keys_once():
    """K2: "Every token is placed: Enter confirms, Esc takes the last back.
    Enter places them; Esc takes the last back."  The refusal says what
    is so, the keys line after it says the keys, once."""
    game = first_game_where(1, lambda g: g.phase == Phase.PATROLS, tries=5)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    while not p.placed_all():
        p.pick(p.node_options()[0])
    press = p.press("1")
    assert press.kind == "refuse"
    line = Text.from_markup(refusals.notice_line(press.value, p)).plain
    assert line.count("Esc takes the last back") == 1, line
    assert line.count("Enter") == 1, line


def test_the_news_says_how_many_earlier_actions_the_log_holds_in_words():
    """K2: "(+1 in the log)" / "(+3 in the log)" was cryptic."""
    assert "(1 earlier action in the log)" in computer._newest("News:", ["a", "b"], 1)
    assert "(3 earlier actions in the log)" in computer._newest("News:", list("abcd"), 1)


async def test_a_view_key_on_a_handover_curtain_shows_nothing(tmp_path):
    """K2: F5 on a hand-over curtain put the toast "F5: the log in the
    notebook's place" over the curtain.  The view keys do nothing there;
    after it is lifted they work as before."""
    game = LfwGame.new(19)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        assert screen.curtain_up
        for key in ("f5", "f2", "f4", "f6"):
            await settle.press(pilot, key)
        assert not list(app._notifications), [n.message for n in app._notifications]
        assert not screen.has_class("log-only") and not screen.has_class("whole")
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "f5")
        assert screen.has_class("log-only")


def test_help_says_where_the_patrol_markers_go_after_night_1():
    """K2: F1 said the markers go "on yellow crossings", true on night 1
    only (H3: from night 2, five where the policemen ended)."""
    text = _flat(SCREENS.help_text())
    assert "From night 2: five where the policemen ended" in text, text
    assert "two fakes) on yellow crossings" not in text


def test_s1_each_row_of_the_hideout_list_says_which_circles_it_holds():
    """Tester D4 (round 42): 111 (3 ways in, one with no crossing) "was not
    in the '3 ways in' list although typing it said '3 ways in'".  The rows
    say they hold the circles whose every way in is a crossing; every circle
    offered is in the row its own sentence puts it in, or counted among the
    others, whose head counts them by their ways in (tester J4, round 45:
    88, two ways in, one a street with no crossing, hid among "the other
    76: 4 ways in or more, or fewer with one a street with no crossing")."""
    game = LfwGame.new(19)
    board = game.board
    rows = jackturn.hideout_rows(board, board.circles)
    listed = {c: head for head, found in rows for c in found}
    others = rows[-1][0]
    counted = 0
    bare_by_ways: dict[int, int] = {}
    more = 0
    for c in board.circles:
        crossings, bare = jackturn.ways_in(board, c)
        said = jackturn.ways_in_text(board, c)
        if c in listed:
            ways = f"{crossings} way{'s' if crossings != 1 else ''} in"
            each = "each " if crossings != 1 else ""
            assert not bare and listed[c] == f"{ways}, {each}a crossing", (c, said)
            assert said.startswith(f"{c}: {ways}"), said
        else:
            assert bare or crossings >= jackturn.HARD_TO_BAR, said
            counted += 1
            if crossings + bare >= jackturn.HARD_TO_BAR:
                more += 1
            else:
                bare_by_ways[crossings + bare] = bare_by_ways.get(crossings + bare, 0) + 1
    assert jackturn.ways_in(board, 88) == (1, 1) and 88 not in listed
    assert others == (
        f"the other {counted}: {bare_by_ways[2]} with 2 ways in, {bare_by_ways[3]} with 3, "
        f"one a street with no crossing; {more} with {jackturn.HARD_TO_BAR} or more"
    ), others
