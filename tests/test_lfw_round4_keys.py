"""The keys of a decision, round 4 of the play-tests (issue 43): what a
crossing's letter lets a policeman search (T3), shown beside it while he
moves (T2) and while the markers go down (H3); letters that keep their
meaning from one word of an action to the next (H5's double kill, H6's
Wretched, T1's coach); a later policeman's letter that asks before it
makes the ones before him stay or pass (T2, T3); Enter on the hideout
announcing it (T1); the coach's prompt naming the circle it passes."""

from __future__ import annotations

import re

import pytest

import settle
from lfw_app_play import first_game_where as played_until
from lfw_app_play import game_app, prompt_text
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.marks import COLOUR_LETTERS
from whitechapel.lfw.ui.picking import HUNT_INTRO, picking_for, touch_list

HUNT_ENTRY = re.compile(r"(?:^|, )([a-zA-Z]) ((?:\d+·)*\d+)(?=,|;| …|$)")
ENTRY = re.compile(r"\b([a-zA-Z])→((?:\d+·)*\d+|\(none\))")


def listed(hint: str) -> dict[str, str]:
    return {m[1]: m[2] for m in ENTRY.finditer(hint)}


def circles_text(game: LfwGame, crossing: str) -> str:
    circles = sorted(game.board.direct_circles(crossing))
    return "·".join(map(str, circles)) if circles else "(none)"


# -- 1. a crossing's letter and the circles it lets him search (T2, H3, T3) ----------


def _deaf_crossing_offered(g: LfwGame) -> bool:
    """T2: a crossing that touches no circle among the acting one's moves."""
    if g.phase != Phase.HUNT or g.to_act != POLICE:
        return False
    p = picking_for(g.view(POLICE), g.board)
    return any(not g.board.direct_circles(x) for x in p.map_labels())


@pytest.mark.parametrize("phase", [Phase.PATROLS, Phase.HUNT])
def test_h3_t2_each_crossing_letter_says_the_circles_searchable_from_it(phase):
    game = played_until(5, lambda g: g.phase == phase and g.to_act == POLICE)
    p = picking_for(game.view(POLICE), game.board)
    p.notebook_on = False  # with it, T2 says where Jack can be (test_lfw_round18_hunt.py)
    hint = p.keys_hint()
    crossings = p.map_labels()  # crossing -> letter
    shown = listed(hint)
    assert shown, hint
    for crossing, letter in crossings.items():
        if letter in shown:
            assert shown[letter] == circles_text(game, crossing), (letter, crossing)
    if phase == Phase.PATROLS:  # tester V, round 11: placing, not searching
        assert "each letter on the map is a yellow crossing; the circles beside it" in hint
        assert "search" not in hint
    else:
        assert "circles to search there (T3)" in hint


def test_t2_a_crossing_touching_no_circle_says_none():
    """18 of the 1888 board's crossings touch no circle: a policeman moved
    there can search nothing (T3), and the hint says so beside its letter."""
    game = played_until(5, _deaf_crossing_offered)
    p = picking_for(game.view(POLICE), game.board)
    p.notebook_on = False  # with it, T2 says where Jack can be (test_lfw_round18_hunt.py)
    deaf = {k for x, k in p.map_labels().items() if not game.board.direct_circles(x)}
    shown = listed(p.keys_hint(room=2000))  # every entry: the letters run in no map order
    assert any(shown.get(k) == "(none)" for k in deaf), (deaf, shown)


def test_the_list_is_capped_at_whole_entries_with_an_ellipsis():
    game = played_until(5, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    p = picking_for(game.view(POLICE), game.board)
    labelled = p.crossing_labels()
    assert len(labelled) >= 4
    whole = touch_list(game.board, labelled, None)
    for room in (20, 35, 50):
        short = touch_list(game.board, labelled, room)
        assert len(short) <= room and short.endswith(" …"), (room, short)
        entries = short.removesuffix(" …").split()
        assert entries and all(ENTRY.fullmatch(e) for e in entries)  # no word cut
        assert whole.startswith(" ".join(entries))


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_letters_circles_fit_the_real_prompt(tmp_path, size):
    """At 80×24 and 200×60 the prompt lists the letters' circles, whole,
    and its keys line is not cut (the prompt holds every wrapped row)."""
    game = played_until(5, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the hand-over to the police
        text = prompt_text(app)
        labels = {k: x for x, k in screen.picking.map_labels().items()}
        jack = screen.picking.hunt_circles()  # T2: by where Jack can be (round 18)
        shown = {m[1]: m[2] for m in HUNT_ENTRY.finditer(text.split(HUNT_INTRO, 1)[-1])}
        assert jack and shown, text
        for k, circles in shown.items():
            near = [c for c in game.board.direct_circles(labels[k]) if c in jack]
            assert circles == "·".join(map(str, sorted(near)))
        panel = app.screen.query_one("#prompt")
        rows = panel.render().plain.rstrip("\n").split("\n")
        assert len(rows) <= panel.size.height, (rows, panel.size)
        assert "stays" in text  # what follows the list is still there


# -- 2. letters keep their meaning within one decision ---------------------------------


def test_a_letter_never_changes_meaning_between_the_words_of_an_action():
    """Over random positions of every phase, each word picked in turn: a
    letter shown at one step names the same node at every later step of
    the same decision, or nothing (H5 double kill, H6, T1 coach …)."""
    chance = Chance(4)
    steps = 0
    for _ in range(6):
        game = LfwGame.new(chance.below(10**6))
        while game.outcome is None:
            view = game.view(game.to_act)
            if view.placement is None:
                rng = Chance(len(game.history))
                p = picking_for(view, game.board)
                meaning: dict[str, str] = {}
                for _depth in range(4):
                    for k, v in p.labels().items():
                        assert meaning.setdefault(k, v) == v, (view.phase.key, k, v, meaning)
                    if not p.options():
                        break
                    p.pick(p.options()[rng.below(len(p.options()))])
                    steps += 1
            if game.to_act == JACK:
                game.apply(homeward_action(game.clone(), chance))
            else:
                game.apply(game.random_action(chance))
    assert steps > 200


def test_h6_a_wretched_keeps_her_letter_and_destinations_never_take_one():
    """H6: a woman's letter names her until she has moved; her destinations
    take other letters, also when she alone is left to move (a fast `a`
    meant for a woman never sends one somewhere)."""

    def stop(g: LfwGame) -> bool:
        return g.phase == Phase.WRETCHED and len(g.view(POLICE).wretched) >= 3

    game = played_until(3, stop)
    women: dict[str, str] = {}
    while game.phase == Phase.WRETCHED:
        view = game.view(POLICE)
        p = picking_for(view, game.board)
        for k, v in p.circle_labels():
            assert women.setdefault(v, k) == k, (v, k, women)  # the same letter as before
        first = p.options()
        if first and all(o.isdigit() for o in first) and p.circle_labels():
            p.pick(first[0])
        destinations = dict(p.circle_labels()) if p.options() else {}
        assert not set(destinations) & set(women.values()), (destinations, women)
        action = next(str(a) for a in game.legal_actions())
        game.play(action)
        moved = action.split()[1].split(">")[0]
        women.pop(moved, None)


def test_h5_the_double_kill_keeps_each_womans_letter():
    """N3: the second woman is chosen by the letter she had for the first."""
    game = played_until(9, lambda g: g.phase == Phase.KILL and g.night == 3, tries=80)
    p = picking_for(game.view(JACK), game.board)
    p.pick("kill")
    before = dict(p.circle_labels())
    assert len(before) >= 2, before
    p.pick(next(iter(before.values())))
    after = dict(p.circle_labels())
    assert after and all(before.get(k) == v for k, v in after.items()), (before, after)


# -- 3. a later policeman's letter asks once (T2, T3) -----------------------------------


def _first_to_act(phase: str, seed: int = 7) -> LfwGame:
    """The first policeman to act in `phase`, his choice beginning."""

    def stop(g: LfwGame) -> bool:
        if g.phase != phase or g.to_act != POLICE:
            return False
        view = g.view(POLICE)
        order = sentences.police_order(view)
        p = picking_for(view, g.board)
        return g.acting_colour == order[0] and p.idle_word() is not None

    return played_until(seed, stop)


async def test_t3_a_later_policemans_letter_asks_then_a_second_press_does_it(
    tmp_path,
):
    """T3: the third policeman's letter asks first; a second press does it."""
    game = _first_to_act(Phase.CLUES)
    order = sentences.police_order(game.view(POLICE))
    third = order[2]
    key = COLOUR_LETTERS[third]
    before = game.clone()
    app, _screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the hand-over to the police
        await settle.press(pilot, key.lower())
        assert game == before  # asked, nothing played
        text = prompt_text(app)
        who = f"skip {order[0].capitalize()} and {order[1].capitalize()} (they pass"
        assert f"{key}: {who}" in text and f") and {third.capitalize()} acts now" in text, text
        assert f"{key} again: yes; Esc: no" in text
        # Anything else calls it off, nothing done, and is not taken itself.
        for other in ("escape", "enter", "tab", "1"):
            if other != "escape":
                await settle.press(pilot, key.lower())
            await settle.press(pilot, other)
            assert game == before, other
            assert "Nothing done" in prompt_text(app)
        await settle.press(pilot, key.lower(), key)  # either case, twice
        played = [str(a) for a in game.history[len(before.history) :]]
        assert played == [f"{order[0]} pass", f"{order[1]} pass"]
        assert game.acting_colour == third


def test_t3_a_later_letter_pressed_once_plays_nothing_in_picking():
    game = _first_to_act(Phase.CLUES)
    p = picking_for(game.view(POLICE), game.board)
    third = sentences.police_order(game.view(POLICE))[2]
    assert p.press(COLOUR_LETTERS[third].lower()).kind == "arm"
    assert p.press("a").kind == "cancel"  # called off: 'a' is not taken
    assert p.press(COLOUR_LETTERS[third].lower()).kind == "arm"
    assert p.press(COLOUR_LETTERS[third].lower()).kind == "fold"


def test_t2_a_later_letter_asks_first_too():
    """T2: a policeman made to stay loses his move (play-tester G, round 4)."""
    game = _first_to_act(Phase.HUNT)
    p = picking_for(game.view(POLICE), game.board)
    later = sentences.still_to_act(game.view(POLICE))[-1]
    assert p.fold_presses(later) == 2
    assert p.press(COLOUR_LETTERS[later].lower()).kind == "arm"
    assert p.press(COLOUR_LETTERS[later].lower()).kind == "fold"


# -- 4. Enter on the hideout announces it (T1) -----------------------------------------


def _on_the_way_home(g: LfwGame) -> bool:
    return g.phase == Phase.ESCAPE and any(str(a).endswith(" home") for a in g.legal_actions())


@pytest.mark.parametrize(("last", "played"), [("enter", " home"), ("2", "")])
async def test_t1_enter_on_the_hideout_announces_and_passing_through_is_named(
    tmp_path, last, played
):
    """A quick `1 88 Enter Enter` announces (the night ends); `2` passes
    through (the night goes on)."""
    game = played_until(2, _on_the_way_home)
    home = next(str(a) for a in game.legal_actions() if str(a).endswith(" home"))
    step = home.removesuffix(" home")
    circle = step.split()[1]
    p = picking_for(game.view(JACK), game.board)
    kind = p.keys_for("step")
    n = len(game.history)
    app, _screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "enter")  # the hand-over to Jack
        await settle.press(pilot, *kind, *circle, "enter")
        assert len(game.history) == n  # on the hideout: waits for a word
        text = prompt_text(app)
        assert "Enter or 1 home: announce your hideout" in text
        assert "2 pass through: the night goes on" in text
        await settle.press(pilot, last)
        assert [str(a) for a in game.history[n:]] == [step + played]


def test_t1_the_hideout_buttons_name_both_words():
    game = played_until(2, _on_the_way_home)
    home = next(str(a) for a in game.legal_actions() if str(a).endswith(" home"))
    p = picking_for(game.view(JACK), game.board)
    if "step" in p.options():
        p.pick("step")
    p.pick(home.split()[1])
    labels = [label for label, _ in p.choice_specs(7)]
    assert labels[:2] == ["1 home: announce", "2 pass through"] and "Done" not in labels
    assert keys_for(game, home.removesuffix(" home"))[-1] == "2"


# -- 5. the coach names the circle it passes (T1) --------------------------------------


def test_t1_the_coach_prompt_says_via_which_circle():
    assert "first the circle it passes" in sentences.describe(["coach"])
    assert sentences.describe(["coach", "30"]).startswith("Jack takes a coach via 30 to ?")
    assert sentences.describe(["coach", "30", "45"]).startswith("Jack takes a coach to 45 via 30")
