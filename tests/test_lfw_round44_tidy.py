"""Round 44's small findings (issue 43; play-testers G4 and H4,
docs/playtests/2026-12-07-lfw-round44-*.md), each checked as a player
would notice it: what F1 says of the legend, toasts over the side panel,
the curtain and the hint boxes, the footer and the prompt at 120 columns,
F6's mode in the footer, the women's hint, the legend's lists."""

from __future__ import annotations

from rich.text import Text

import settle
from lfw_app_play import (
    SEEDED_TUTORIAL,
    first_game_where,
    game_app,
    press_for_all,
    raise_curtain,
)
from snapshots import screen_text
from test_lfw_display import region_text
from test_lfw_round8_view import footer, toasts
from whitechapel.lfw import hints
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import mapstyle
from whitechapel.lfw.ui.learn import HintBox
from whitechapel.lfw.ui.screen import SIDE_WIDTH
from whitechapel.ui.screens.game import help_text
from whitechapel.ui.turns import PASS
from whitechapel.ui.widgets.text import TextPanel

PASSED = "Green, Blue, Yellow and Brown pass; Red acts now."


def flat(text: str) -> str:
    return " ".join(text.split())


def jack_moves(g) -> bool:
    return g.phase == Phase.ESCAPE and g.to_act == JACK


def police_hunt(g) -> bool:
    return g.phase == Phase.HUNT and g.to_act == POLICE


def f3_item(help_md: str) -> str:
    """F1's item on F3, on one line."""
    start = help_md.index("- **F3**")
    return flat(help_md[start : help_md.index("\n- ", start + 1)])


# -- 1. F1 says where the legend is ---------------------------------------------------------


async def test_f1_says_the_legend_may_show_in_the_side_panel_as_it_does_at_200x60(tmp_path):
    """G4: "F1 help says 'F3 shows the legend under the map'. At 200×60 it
    appears in the side panel instead."  F1 names both places."""
    said = f3_item(help_text("whitechapel.lfw.ui"))
    app, screen = game_app(first_game_where(7, police_hunt), tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "f3")
        await settle.settle(pilot)
        assert screen.has_class("legend-beside")
        assert (
            screen.query_one("#side_legend", TextPanel).region.x
            > screen.query_one("#map").region.right - 1
        )
    assert "under the map" in said and "in the side panel" in said, said


# -- 2. a toast over the map, whole -----------------------------------------------------------


async def test_f7s_toast_is_whole_and_over_the_map_never_over_the_side_panel(tmp_path):
    """G4 and H4: at 200×60 F7's "The map shows what the police can know
    of you (F7: your moves)" drew over the side panel, cut there.  Every
    toast stays in the map's columns, its words whole; with the panels
    folded away (F4) it may take the right edge."""
    app, screen = game_app(first_game_where(7, jack_moves), tmp_path)
    async with app.run_test(size=(200, 60), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "f7")
        await settle.settle(pilot)
        side = screen.query_one("#side").region
        shown = list(screen.query("Toast"))
        assert shown and all(t.region.right <= side.x for t in shown), [t.region for t in shown]
        said = "The map shows what the police can know of you (F7: your moves)."
        assert said in toasts(app), toasts(app)


# -- 3. no toast over the curtain or a hint box -----------------------------------------------


async def test_no_toast_over_the_hand_over_curtain(tmp_path):
    """G4: "Green, Blue, Yellow and Brown pass; Red acts now." was still
    drawn over the curtain.  What was said before it rose goes with it,
    in the same step as it rose too; the next side's board shows none."""
    game = first_game_where(7, lambda g: g.phase == Phase.CLUES and g.to_act == POLICE)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        app.notify(PASSED, timeout=30)
        await settle.settle(pilot)
        assert PASSED in flat(screen_text(app))  # (over the board, before the curtain)
        await press_for_all(pilot, app, "0")  # every policeman passes: Jack's turn
        await settle.settle(pilot)
        assert screen.curtain_up
        assert PASSED not in flat(screen_text(app)), screen_text(app)
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert not screen.curtain_up and not list(screen.query("Toast"))
        app.notify(PASSED, timeout=30)  # said, then the curtain, in one step
        screen.turns.show_curtain(PASS, "Pass to Bob (the police)")
        await settle.settle(pilot)
        assert PASSED not in flat(screen_text(app)), screen_text(app)


async def test_no_toast_over_a_hint_box(tmp_path):
    """G4: "toasts sometimes draw over a hint's text ("F5 sh▌")".  While a
    hint box is up no toast shows; once it is closed they are back."""
    game = first_game_where(7, police_hunt)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        app.notify(PASSED, timeout=30)
        await settle.settle(pilot)
        hint = hints.hint(game.view(POLICE)) or hints.Hint("t", "T2", "A hint", "Words.", "Keys.")
        app.push_screen(HintBox(hint))
        await settle.settle(pilot)
        assert isinstance(app.screen, HintBox)
        app.notify("Said while the hint is up.", timeout=30)
        await settle.settle(pilot)
        text = flat(screen_text(app))
        assert PASSED not in text and "Said while" not in text, screen_text(app)
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert PASSED in toasts(app), toasts(app)


# -- 4. the footer and the prompt at 120 columns ---------------------------------------------


async def test_at_120_columns_the_footer_keeps_its_quit_key_on_either_side(tmp_path):
    """G4: "At 120 columns the footer is cut ('f6 Notebook● ^▏'), so '^q
    Quit' disappears."  The keys F1 says (Tab, Enter, /) give way first,
    at every width from 120 up; F6 and ^q Quit stay."""
    for stop in (police_hunt, jack_moves):
        app, screen = game_app(first_game_where(7, stop), tmp_path)
        for width in (120, 130, 145):
            async with app.run_test(size=(width, 40)) as pilot:
                await raise_curtain(pilot, screen)
                shown = footer(app)
                assert "^q Quit" in shown and "f6 Notebook" in shown, (width, shown)
                assert "esc Back" in shown and "f1 Help" in shown, (width, shown)
            app, screen = game_app(first_game_where(7, stop), tmp_path)


async def test_at_120_columns_the_prompt_wraps_where_the_board_fits(tmp_path):
    """G4: "The second prompt line is also cut, not wrapped ('careful: a
    step leaves them 2…', 'G B Y N twice: skip…').  At 80 columns it wraps
    correctly."  The tutorial board fits at 120×40: the prompt takes the
    rows the board leaves it, so its keys line is whole, as at 80."""
    game = first_game_where(7, police_hunt, board=SEEDED_TUTORIAL)
    for size in ((80, 24), (120, 40)):
        app, screen = game_app(game.clone(), tmp_path)
        async with app.run_test(size=size) as pilot:
            await raise_curtain(pilot, screen)
            prompt = screen.query_one("#prompt", TextPanel)
            text = Text.from_markup(prompt.markup).plain
            assert text.endswith("twice: skip to him, those before him stay put"), (size, text)
            assert flat(text) in flat(region_text(app, prompt)), (size, region_text(app, prompt))


# -- 5. F6's mode in the footer ---------------------------------------------------------------


async def test_the_footer_says_the_notebooks_mode(tmp_path):
    """H4: "F6 cycles the aid (possible circles → heat map → off), but the
    footer just says 'Notebook●' whatever the mode."  It says the mode: in
    words after "Notebook" in a wide footer, the word alone in a narrow."""
    game = first_game_where(6, police_hunt)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        assert "f6 Notebook: circles●" in footer(app), footer(app)
        for label in ("f6 Notebook: heat map●", "f6 Notebook○", "f6 Notebook: circles●"):
            await settle.press(pilot, "f6")
            await settle.settle(pilot)
            assert label in footer(app), footer(app)
        await settle.press(pilot, "f9")
        await settle.settle(pilot)
        assert "f6 Notebook: hideouts●" in footer(app), footer(app)
    app, screen = game_app(game.clone(), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        assert "f6 Circles●" in footer(app) and "^q Quit" in footer(app), footer(app)
        await settle.press(pilot, "f6")
        await settle.settle(pilot)
        assert "f6 Heat map●" in footer(app) and "^q Quit" in footer(app), footer(app)


# -- 6. the women's hint ----------------------------------------------------------------------


def test_the_womens_hint_says_the_marked_ones_become_the_wretched():
    """H4: the guided night's hint "The police see where the tokens lie,
    never which are marked" is wrong: once the patrol markers are down the
    marked ones turn up as the Wretched, and the police's log lists them."""
    game = first_game_where(7, lambda g: g.phase == Phase.WOMEN, board=SEEDED_TUTORIAL)
    hint = hints.hint(game.view(JACK))
    assert hint is not None and hint.kind == "women"
    assert "never which are marked" not in hint.rule
    assert "patrol markers" in hint.rule and "Wretched" in hint.rule, hint.rule


# -- 7. the legend's lists --------------------------------------------------------------------


def test_a_legend_list_keeps_to_its_line_and_counts_the_rest():
    """H4: the F3 line "12 women token: 3 21 27 65 84" went on with "147
    +2" on the next line, which read as cut.  In the side panel's width an
    entry names as many circles as its line holds and counts the rest."""
    women = [3, 21, 27, 65, 84, 147, 149, 158]
    marks = dict.fromkeys(women, "woman")
    width = SIDE_WIDTH - 3
    text = Text.from_markup(mapstyle.legend_markup(width, tags={"woman"}, marks=marks)).plain
    line = next(row for row in text.split("\n") if "women token" in row)
    assert len(line) <= width, (line, width)
    listed = line.split(": ", 1)[1].split()
    assert listed[-1].startswith("+"), line
    assert [int(n) for n in listed[:-1]] == women[: len(listed) - 1]
    assert len(listed) - 1 + int(listed[-1]) == len(women), line
