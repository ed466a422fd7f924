"""Round 8 of issue 43's blind play-tests (testers O and P): the board
kept in sight, and the view keys saying what they switch.

- F4, F5, F6 are switches: each press says what is on now and what the
  key does next, and the footer's label shows the state (● on, ○ off).
  Tester P read "f4 Board  f5 Log  f6 Notebook" as "show me", and needed
  four presses to see they switch; tester O thought F6 had broken the
  heat map.
- At 80×24, when a policeman's T2 move begins, he is on the map with as
  many of his targets as fit (tester P: Green, far south, had to move and
  neither he nor any of his letters was on screen).
- A refused step (T1: "Every way to 143 passes a crossing held by a
  policeman") leaves the map where it was: typing its number no longer
  sends the map to each circle the digits spell on the way ("1" of 143:
  the board's top-left corner).
- The guided night's hint boxes sit over the side panels, never over the
  map (tester P: the kill's hint hid the patrol markers Jack needed).
"""

from __future__ import annotations

import pytest
from textual.geometry import Region

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from test_lfw_display import region_text
from whitechapel.core.store import Store
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import learn
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.learn import HintBox
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.widgets.footer import KeyFooter


def toasts(app) -> list[str]:
    """The words of each toast on the screen, as a player reads them."""
    return [
        " ".join(region_text(app, t).replace("▌", " ").split()) for t in app.screen.query("Toast")
    ]


def footer(app) -> str:
    return " ".join(region_text(app, app.screen.query_one(KeyFooter)).split())


def police_hunt(g) -> bool:
    return g.phase == Phase.HUNT and g.to_act == POLICE


# -- F4, F5, F6: switches that say their state ------------------------------------------


SWITCHES = [
    # key, the footer's label off, then on, what the press says (on, then off)
    (
        "f4",
        "f4 Map○",
        "f4 Map●",
        "F4: the map alone, the side panels folded (F4 again: the panels back).",
        "F4: the side panels back (F4 again: the map alone).",
    ),
    (
        "f5",
        "f5 Log○",
        "f5 Log●",
        "F5: the log in the notebook's place (F5 again: the notebook).",
        "F5: the notebook back in its place (F5 again: the log).",
    ),
]


@pytest.mark.parametrize(("key", "before", "after", "said", "said_back"), SWITCHES)
async def test_f4_f5_f6_each_press_says_its_state_and_the_footer_shows_it(
    tmp_path, key, before, after, said, said_back
):
    """Tester P, round 8: "The label never shows the current state"; each
    press seemed to break something.  Each press now says what is on and
    what the key does next, and the footer's mark follows the state, at
    the hot seat's police screen (F6 is in the footer from 120 columns)."""
    game = first_game_where(6, police_hunt)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        assert before in footer(app), footer(app)
        await settle.press(pilot, key)
        assert any(said in t for t in toasts(app)), toasts(app)
        assert after in footer(app) and before not in footer(app), footer(app)
        await settle.press(pilot, key)
        assert any(said_back in t for t in toasts(app)), toasts(app)
        assert before in footer(app), footer(app)


async def test_f6_goes_round_the_setups_view_the_other_and_off_saying_each(tmp_path):
    """Tester P, round 8, as above; G3, round 31: "F6 only switches between
    off and possible circles, so I never found the heat map offered at
    setup".  From the setup's view (the possible circles, the default) F6
    shows the heat map, then nothing, then the possible circles again, each
    press saying what is on and what comes next; the footer marks it on
    (●) while either view is, and names the view (round 44)."""
    game = first_game_where(6, police_hunt)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        assert "f6 Notebook: circles●" in footer(app), footer(app)
        for said, mark, mode in (
            ("F6: the notebook's marks: the heat map (F6 again: off).", ": heat map●", "heat"),
            ("F6: the notebook's marks off (F6 again: the possible circles).", "○", "possible"),
            (
                "F6: the notebook's marks on: the possible circles (F6 again: the heat map).",
                ": circles●",
                "possible",
            ),
        ):
            await settle.press(pilot, "f6")
            assert any(said in t for t in toasts(app)), toasts(app)
            assert f"f6 Notebook{mark}" in footer(app), footer(app)
            assert screen.deduction_mode == mode


async def test_at_80x24_the_footer_shows_f4_and_f5_state_in_its_80_columns(tmp_path):
    """The short footer has no room to spare: the switches' labels with
    their marks take no more than "Board" and "Log" did, so Quit stays."""
    game = first_game_where(6, police_hunt)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        assert "f4 Map○ f5 Log○" in footer(app) and footer(app).endswith("^q Quit")
        await settle.press(pilot, "f5")
        assert "f5 Log●" in footer(app) and footer(app).endswith("^q Quit")
        assert any("F5: the log in the notebook's place" in t for t in toasts(app))


async def test_a_redraw_with_no_switch_changed_asks_for_no_footer_rebuild(tmp_path):
    """The footer rebuilds when a switch's state changes, not at every
    hand-over (50 ms a key before): both sides with the same modes find
    the footer's keys untouched."""
    game = first_game_where(6, police_hunt)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        shown = app.screen.query_one(KeyFooter)._shown
        calls = []
        real = screen.refresh_bindings
        screen.refresh_bindings = lambda: (calls.append(1), real())[1]
        screen.refresh_all()  # a redraw in the same state asks for no footer
        assert not calls
        assert app.screen.query_one(KeyFooter)._shown == shown


# -- T2 at 80x24: the acting policeman and his targets in sight ---------------------------


def far_turn(g) -> bool:
    """A police turn's first move on the 1888 board with Jack's possible
    circles spread wider than an 80×24 map shows."""
    from whitechapel.lfw.notebook import notebook

    if not (police_hunt(g) and g.night == 1 and len(g.view(POLICE).track) >= 3):
        return False
    view = g.view(POLICE)
    if any(e.event == "move" and e.colour for e in view.log[-5:]):
        return False  # the turn has begun
    nb = notebook(view, g.board)
    return len(nb.possible) >= 6


async def test_t2_at_80x24_each_policeman_and_his_targets_are_on_the_map_when_he_moves(
    tmp_path,
):
    """Tester P, round 8 (hot seat, 80×24): when Green, far south, had to
    move, neither Green nor any of his letters was on screen.  Through a
    whole T2 round at 80×24, each policeman's crossing is inside the map's
    visible region when his move begins, and so is at least one of the
    crossings he may move to."""
    game = first_game_where(4, far_turn, tries=60)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        seen = 0
        while game.phase == Phase.HUNT and game.to_act == POLICE:
            view = screen.current_view()
            colour = view.acting_colour
            where = view.police[colour]
            assert m.in_sight(where), (colour, where, m.scroll_offset)
            lab = m.canvas.labels[where]
            row = region_text(app, m).split("\n")[lab.y - int(m.scroll_y)]
            assert row[lab.x0 - int(m.scroll_x)] in "BYNRG", row  # his letter, where he stands
            targets = [o for o in screen.picking.node_options() if o != where]
            assert any(m.in_sight(o) for o in targets), (colour, targets)
            seen += 1
            move = next(str(a) for a in game.legal_actions() if str(a) != f"{colour} stay")
            for key in keys_for(game, move):
                await settle.press(pilot, key)
            await raise_curtain(pilot, screen)
        assert seen == 5


# -- T1: a refusal keeps the map where it was ------------------------------------------


def blocked_step(g) -> int | None:
    """A circle next to Jack that every way to passes a policeman (T1),
    one whose number's first digits spell another circle."""
    if g.phase != "escape" or g.to_act != JACK:
        return None
    at = g.view(JACK).jack.position
    steps = {str(a).split()[-1] for a in g.legal_actions() if str(a).startswith("step")}
    blocked = [c for c in g.board.jack_adjacent(at) if str(c) not in steps and c >= 10]
    return max(blocked, default=None)


async def test_t1_a_refused_step_leaves_the_map_on_jack(tmp_path):
    """Tester P, round 8 (80×24): after "Every way to 43 passes a crossing
    held by a policeman" the map showed the top-left corner (circles 1, 2,
    4), not Jack.  Typing the number no longer sends the map to each circle
    its first digits spell; the refusal leaves it where it was."""
    game = first_game_where(2, lambda g: blocked_step(g) is not None)
    circle = blocked_step(game)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        await settle.press(pilot, "1")  # a step
        before = m.scroll_offset
        assert m.in_sight(game.view(JACK).jack.position)
        for key in [*str(circle), "enter"]:
            await settle.press(pilot, key)
            assert m.scroll_offset == before, (key, m.scroll_offset, before)
        assert f"Every way to {circle} passes a crossing held by a policeman" in prompt_text(app)
        assert m.scroll_offset != (0, 0)


async def test_a_typed_target_is_still_brought_into_sight(tmp_path):
    """Typing a target's number whole still shows it (H1: the hideout)."""
    game = first_game_where(1, lambda g: g.phase == "hideout")
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        m = screen.query_one(MapView)
        far = max(
            (int(o) for o in screen.picking.node_options() if o.isdigit()),
            key=lambda c: (m.canvas.labels[c].x0, m.canvas.labels[c].y),
        )
        assert not m.in_sight(far)
        for key in str(far):
            await settle.press(pilot, key)
        assert m.in_sight(far)


# -- the guided nights: the hint beside the map, never over it ------------------------


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_a_guided_nights_hint_box_covers_no_map(tmp_path, size):
    """Tester P, round 8 (120×40): "every hint box is drawn over the right
    half of the map"; the kill's hint hid the patrol markers.  Tester D2,
    round 15: the box over the side panels hid the notebook's deduction.
    The box sits where the map's drawing leaves room (learn.hint_spot):
    it meets neither the drawing nor the side panels."""
    screen = learn.guided_game(JACK, 11, Store(tmp_path))
    from whitechapel.app import WhitechapelApp

    app = WhitechapelApp(start=screen)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        assert isinstance(app.screen, HintBox)  # S1: the hideout's hint
        box = app.screen.query_one("Vertical").region
        m = screen.query_one(MapView)
        drawing = Region(m.region.x, m.region.y, m.virtual_size.width, m.virtual_size.height)
        assert not box.overlaps(drawing), (box, drawing)
        assert not box.overlaps(screen.query_one("#side").region)
        assert box.width >= 30  # a box to read, not a sliver
        assert app.screen.hint.title in region_text(app, app.screen.query_one("#hint"))


def test_the_screen_class_still_has_one_unshown_binding_first_per_switch():
    """`run_key` takes the first binding of a key: for F4-F6 the unshown
    one that does the switch whatever the footer shows."""
    for key, action in (("f4", "whole"), ("f5", "log"), ("f6", "deduction")):
        first = next(b for b in LfwScreen.BINDINGS if b.key == key)
        assert first.action == action and not first.show
