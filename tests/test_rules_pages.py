"""Each game's help opens with a rules page a newcomer can play from, and
the menu opens the rules of the game asked about.

Testers O2 and P2 (LfW, round 21), N2 (round 20): "the menu's Rules page is
only a key summary, with no full rules for a newcomer"; "each wait moves the
crime time ... the normal game never says so".  Tester PM (Pocket, round 7):
the Rules screen "puts Letters from Whitechapel first (about 8 pages)", Pocket
far down "with no jump to it"."""

from __future__ import annotations

import re

import pytest

import settle
from snapshots import screen_text
from whitechapel.app import MenuScreen, WhitechapelApp
from whitechapel.core.registry import entries
from whitechapel.ui.games import screens_for
from whitechapel.ui.screens.help import HelpScreen

TAG = re.compile(r"\b[HTSOPN][0-9]\b")  # a section tag of the rules reference


def help_of(name: str) -> str:
    return screens_for(name).help_text()


def flat(markdown: str) -> str:
    """What a player reads: no bold marks, one space between words."""
    return " ".join(markdown.replace("**", "").split())


def rules_section(markdown: str) -> str:
    """The help's first section, "The rules", up to the next `## ` heading."""
    headings = re.findall(r"^## (.+)$", markdown, re.M)
    assert headings and headings[0] == "The rules", headings[:3]
    return flat(markdown.split("\n## The rules\n", 1)[1].split("\n## ", 1)[0])


def test_every_games_help_opens_with_its_rules_then_its_keys():
    for e in entries():
        text = help_of(e.name)
        assert text.startswith(f"# {e.title}\n"), text[:80]
        assert re.findall(r"^## (.+)$", text, re.M)[0] == "The rules", e.name
        assert "Keys" in re.findall(r"^## (.+)$", text, re.M), e.name  # the keys follow


@pytest.mark.parametrize("name", [e.name for e in entries()])
def test_no_rule_tag_in_a_games_help(name):
    """Section tags name the project's rules reference, not the box's rulebook."""
    assert not TAG.findall(help_of(name)), TAG.findall(help_of(name))


# -- Letters from Whitechapel ---------------------------------------------------------------


def lfw_rules() -> str:
    return rules_section(help_of("lfw"))


def test_lfw_rules_say_each_sides_aim_and_the_board():
    """§1, §2: the aims, circles and crossings, red circles, yellow crossings."""
    rules = lfw_rules()
    for said in (
        "Jack wins by killing five women over four nights",
        "back in his hideout at the end of every night",
        "The police win by arresting Jack",
        "Jack cannot move",
        "Women tokens go only on the red circles",
        "The yellow crossings take the patrol markers on night 1",
        "the circles right beside his crossing",
        "block",
    ):
        assert said in rules, said


def test_lfw_rules_say_the_setup_and_the_hideout():
    """S1, S2: a hideout that is not red, the Chief tokens."""
    rules = lfw_rules()
    assert "Jack secretly chooses his hideout: any circle that is not red" in rules
    assert "Chief of Investigation" in rules


def test_h5_h6_lfw_rules_say_a_wait_gives_jack_one_more_move():
    """H4-H9: women tokens, patrol markers, the kill or a wait, what a wait
    does to the move track, the Wretched moving, a marker turned."""
    rules = lfw_rules()
    for said in (
        "places the night's women tokens face down",
        "seven patrol markers face down",
        "From night 2: five where the policemen ended the night before",
        "becomes a Wretched",
        "Jack kills or waits",
        "Each wait gives Jack one more move tonight",
        "the Time of the Crime",
        "On V he must kill",
        "moves every Wretched",
        "Jack turns one face-down patrol marker",
        "a fake leaves the board, a real one stays face up",
    ):
        assert said in rules, said


def test_t1_t3_lfw_rules_say_the_hunt_and_that_a_search_names_circles_until_a_clue():
    rules = lfw_rules()
    for said in (
        "Jack must move",
        "not through a crossing where a policeman stands",
        "A coach",
        "An alley",
        "ignoring the policemen",
        "moves 0, 1 or 2 crossings",
        "names those circles one at a time",
        "until he finds a clue or has named them all",
        "If Jack stands there now, the police win",
        "never his circle",
    ):
        assert said in rules, said


def test_t1_lfw_rules_say_going_home_announcing_and_the_end_of_a_night():
    rules = lfw_rules()
    assert "announce" in rules and "ends the night" in rules
    assert "A coach or an alley that ends on the hideout never ends the night" in rules
    assert "space 15" in rules
    assert "unused coaches and alleys are lost" in rules


def test_lfw_rules_list_the_tokens_of_every_night():
    """§3: coaches, alleys and women (marked) per night."""
    text = help_of("lfw")
    rows = {
        1: ("8", "5", "3", "2"),
        2: ("7", "4", "2", "2"),
        3: ("6", "3", "2", "1"),
        4: ("4", "1", "1", "1"),
    }
    for night, (women, marked, coaches, alleys) in rows.items():
        row = rf"^\| {night} \| {women} \({marked} marked\) \| {coaches} \| {alleys} \|$"
        assert re.search(row, text, re.M), night


def test_n3_lfw_rules_say_the_double_event_the_end_and_the_optional_rules():
    rules = lfw_rules()
    assert "kills two Wretched at once" in rules and "the police move first" in rules
    assert "home after the fourth night, he wins" in rules
    for name in (
        "Letters",
        "False clues",
        "Chase",
        "Area arrest",
        "Catch me if you can",
        "I know where you live",
    ):
        assert f"{name} (" in rules, name  # each with whom it helps, in one line


# -- Mr. Jack Pocket -----------------------------------------------------------------------


def pocket_rules() -> str:
    return rules_section(help_of("pocket"))


def test_p1_p3_pocket_rules_say_the_goals_the_pieces_and_the_setup():
    rules = pocket_rules()
    for said in (
        "Goals.",
        "one suspect is left after a witness call",
        "6 hourglasses",
        "Holmes / Alibi, Watson / Toby, Rotation / Exchange, Rotation / Joker",
        "Madame 2",
        "Jack draws one alibi card in secret",
        "at the start no detective sees anyone",
    ):
        assert said in rules, said


def test_p4_p6_pocket_rules_say_a_round_the_actions_and_the_sight():
    rules = pocket_rules()
    for said in (
        "Odd rounds",
        "Even rounds",
        "Every action is mandatory",
        "1 or 2 positions clockwise",
        "a tile already rotated this round",
        "each keeping its orientation",
        "a wall facing him hides that tile and everything beyond",
        "walls on the other two sides do not block",
    ):
        assert said in rules, said


def test_p7_p8_pocket_rules_say_the_witness_call_and_the_end():
    rules = pocket_rules()
    for said in (
        "the investigator takes the round's token",
        "Jack takes the token",
        "a race begins",
        "If round 8 ends and the investigator has not reached his goal, Jack wins",
        "Jack's identity and his alibi cards are shown",
    ):
        assert said in rules, said


# -- the menu ------------------------------------------------------------------------------


async def open_rules_of(app, pilot, name: str) -> str:
    """Enter on the menu's Rules entry of game `name`; the first screen of it."""
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    options = menu.query_one("#menu")
    options.highlighted = options.get_option_index(f"rules-{name}")
    await settle.press(pilot, "enter")
    await settle.settle(pilot)
    assert isinstance(app.screen, HelpScreen)
    return screen_text(app)


async def test_the_menus_rules_for_pocket_open_on_pockets_rules():
    """PM 5: the Rules screen began with the other game (some 8 pages)."""
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        menu = app.screen
        labels = [str(o.prompt) for o in menu.query_one("#menu").options]
        assert "Rules of Mr. Jack Pocket" in labels
        first = await open_rules_of(app, pilot, "pocket")
        assert "Mr. Jack Pocket" in first and "The rules" in first and "Goals." in first
        assert "Letters from Whitechapel" not in app.screen.markdown  # that game's alone
        await settle.press(pilot, "escape")
        await settle.settle(pilot)
        assert app.screen is menu
        first = await open_rules_of(app, pilot, "lfw")
        assert "Letters from Whitechapel" in first and "The rules" in first
        assert "Mr. Jack Pocket" not in app.screen.markdown


async def test_the_menu_has_one_rules_entry_per_game_in_the_registrys_order():
    app = WhitechapelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        ids = [o.id for o in app.screen.query_one("#menu").options]
        rules = [i for i in ids if i and i.startswith("rules")]
        assert rules == [f"rules-{e.name}" for e in entries()]
        assert ids.index(rules[-1]) + 1 == ids.index("quit")  # just before Quit
        assert "Rules of Letters from Whitechapel" in screen_text(app)  # the menu fits 80×24
        assert "Quit" in screen_text(app)
