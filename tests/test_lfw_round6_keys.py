"""What play-testers I and J (issue 43, round 5) met on the keys line:
with more than ten circles to choose from, Jack's step prompt listed none
("type a number and Enter; Esc back"), and a tester took it for a bug."""

from __future__ import annotations

import pytest

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui.picking import T3, circle_list, picking_for


def _many_steps(g) -> bool:
    if g.phase != Phase.ESCAPE or g.to_act != JACK:
        return False
    return len(picking_for(g.view(JACK), g.board).circle_options()) > 10


def test_t1_jacks_keys_line_lists_every_circle_even_more_than_ten():
    game = first_game_where(5, _many_steps)
    p = picking_for(game.view(JACK), game.board)
    assert f"({' '.join(p.circle_options())})" in p.keys_hint()


def test_t1_a_short_keys_line_lists_the_first_circles_and_how_many_more():
    game = first_game_where(5, _many_steps)
    p = picking_for(game.view(JACK), game.board)
    circles = p.circle_options()
    hint = p.keys_hint(room=70)
    assert len(hint) <= 70, hint
    assert circles[0] in hint and circles[-1] not in hint.split("(")[1].split("…")[0]
    # where a police flag takes the room the count is said short (round 44, G4):
    # the side panel lists them all either way
    shown = hint.split("(")[1].split("…")[0].split()
    assert f"+{len(circles) - len(shown)} more" in hint and p.cut, hint


def test_circle_list_never_empty_and_counts_what_it_leaves_out():
    assert circle_list(["12", "130"], 0) == "12 … +1 more, all listed on the right"
    assert circle_list(["12", "130"], 40) == "12 130"


async def test_t1_at_80x24_the_prompt_shows_every_circle_jack_may_step_to(tmp_path):
    game = first_game_where(5, _many_steps)
    circles = picking_for(game.view(JACK), game.board).circle_options()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        if screen.picking.word_options():  # a step is the first word where there are others
            await pilot.press("1")
            await settle.settle(pilot)
        text = prompt_text(app)
        assert " ".join(circles) in text, text


def _played_to_the_end(seed: int):
    """A whole 1888 game: homeward Jack, random police (lfw_app_play's)."""
    from lfw_app_play import homeward_action
    from whitechapel.core.chance import Chance
    from whitechapel.lfw.game import LfwGame

    chance = Chance(seed)
    game = LfwGame.new(seed)
    while game.outcome is None:
        if game.to_act == JACK:
            game.apply(homeward_action(game.clone(), chance))
        else:
            game.apply(game.random_action(chance))
    return game


def _explore(p) -> dict[tuple[str, str], str]:
    """Each woman's destinations with their letters, looked at one by one
    (her letter, then Esc), as a player reads them before choosing."""
    seen = {}
    for woman in [o for o in p.options()]:
        p.pick(woman)
        for k, circle in p.circle_labels():
            seen[(woman, circle)] = k
        p.back()
    return seen


def test_h6_a_destinations_letter_holds_through_all_the_wretcheds_moves():
    """Play-tester J (round 5): the woman on 149 showed "o: 54", and after
    the others had moved "i: 54": `o` was refused.  For the player the
    Wretched's moves are one decision: a letter read once keeps its
    meaning until the last woman has moved."""

    def stop(g) -> bool:
        if g.phase != Phase.WRETCHED or len(g.view(POLICE).wretched) < 3:
            return False
        p = picking_for(g.view(POLICE), g.board)
        return len(_explore(p)) >= 6

    game = first_game_where(5, stop)
    first = None
    while game.phase == Phase.WRETCHED:
        p = picking_for(game.view(POLICE), game.board)
        seen = _explore(p)
        if first is None:
            first = seen
        for key, letter in seen.items():
            assert first.get(key, letter) == letter, (key, first.get(key), letter)
        game.play(next(str(a) for a in game.legal_actions()))


def test_the_letter_of_the_only_place_left_plays_it_as_enter_does():
    """Play-tester J (round 5): "Jack kills on 43: the only place left for
    it" showed 43's letter, and the letter answered "Nothing to choose
    here": a wasted key.  It plays the action, as Enter does."""
    found = []

    def stop(g) -> bool:
        side = g.to_act
        p = picking_for(g.view(side), g.board)
        if p.forced():
            return False
        for k, v in p.labels().items():
            q = picking_for(g.view(side), g.board)
            q.labels()
            q.pick(v)
            if q.forced():
                found.append((q, k))
                return True
        return False

    first_game_where(3, stop)
    q, k = found[0]
    assert q.press(k).kind == "play"
    assert q.press("z" if k != "z" else "w").kind == "refuse"


def test_the_last_summary_tells_the_player_alone_at_the_keyboard_whether_he_won():
    """Play-tester J (round 5): Jack's night summaries said "you", the last
    one "his hideout", and never "you win"."""
    from rich.text import Text

    from whitechapel.lfw.ui import nightend

    g = _played_to_the_end(11)
    night, winner = g.night, g.outcome.winner
    loser = POLICE if winner == JACK else JACK

    def said(side, reader):
        return Text.from_markup(nightend.night_summary(g.view(side), night, reader=reader)).plain

    assert "You win." in said(winner, winner)
    assert "You lose." in said(loser, loser)
    assert "You win" not in said(JACK, None) and "You lose" not in said(JACK, None)
    assert "Your hideout is" in said(JACK, JACK) and "His hideout is" in said(JACK, None)


def test_t3_key_1_plays_the_only_search_left_instead_of_typing_a_number():
    """Play-tester I (round 5): on "The only choice: Yellow searches 100",
    `1` (search all, a moment before) began a typed number: "Typed: 1"."""
    found = []

    def stop(g) -> bool:
        p = picking_for(g.view(g.to_act), g.board)
        if p.forced() and p.phase() in T3 and "search" in p.describe_complete():
            found.append(p)
            return True
        return False

    first_game_where(3, stop, tries=100)
    assert found[0].press("1").kind == "play"
    assert found[0].typed == ""


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
async def test_the_police_footer_names_f6(tmp_path, size):
    """Play-tester I (round 5): a puzzle named "the notebook (F6)", and no
    F6 was in the key bar; at 80×24 too since round 31 (E3, F3: "the key
    bar loses F6 Notebook at this width")."""
    from snapshots import screen_text

    game = first_game_where(6, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        footer = screen_text(app).splitlines()[-1]
        # (round 44: by the notebook's mode, the word alone where narrow)
        assert any(f"f6 {w}" in footer for w in ("Notebook", "Circles")), footer
        before = screen.deduction_shown
        await settle.press(pilot, "f6", "f6")  # the heat map, then off
        await settle.settle(pilot)
        assert screen.deduction_shown != before


async def test_h2_a_stray_enter_places_no_woman_but_tab_then_enter_does(tmp_path):
    """Play-tester I (round 5): Enter to leave the night's summary, then
    Enter again, put a marked woman on the first red circle."""
    game = first_game_where(3, lambda g: g.phase == Phase.WOMEN)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        await pilot.press("enter")
        await settle.settle(pilot)
        assert screen.picking.chooser.picked == []
        assert "Enter alone chooses nothing yet" in prompt_text(app)
        await pilot.press("tab", "enter")
        await settle.settle(pilot)
        assert len(screen.picking.chooser.picked) == 1


async def test_t2_a_stray_enter_plays_no_move_and_tab_shows_what_it_would(tmp_path):
    """Play-tester K (round 6): a stray Enter in T2 made Red stay on the
    night that decided the game; the help says nothing is played without
    its key."""
    game = first_game_where(6, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    played = len(game.history)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.picking.highlighted() is None  # nothing marked as Enter's
        await pilot.press("enter")
        await settle.settle(pilot)
        assert len(game.history) == played
        assert "Enter alone chooses nothing yet" in prompt_text(app)
        await pilot.press("tab")
        await settle.settle(pilot)
        assert screen.picking.highlighted() is not None


def test_h6_the_last_wretched_left_is_named_in_the_prompt():
    """Play-tester K (round 6): with one Wretched left the screen chose her
    and still said "Move each Wretched…"; his `h` for her was refused."""
    game = first_game_where(
        5,
        lambda g: (
            g.phase == Phase.WRETCHED
            and len({a.source for a in g.legal_actions()}) == 1
            and len(g.legal_actions()) > 1
        ),
    )
    p = picking_for(game.view(POLICE), game.board)
    woman = next(a.source for a in game.legal_actions())
    assert f"The Wretched on {woman} moves to ?" in p.so_far()


def test_n3_the_second_victim_is_asked_for_by_name():
    game = first_game_where(5, lambda g: g.phase == Phase.KILL and g.night == 3)
    p = picking_for(game.view(JACK), game.board)
    p.pick("kill")
    first = p.options()[0]
    p.pick(first)
    assert f"Jack kills on {first} and, the double event's second victim, on ?" in p.so_far()


def test_tonights_failed_arrests_list_a_circle_once_with_its_count():
    """Play-tester K (round 6): twenty entries of the same three circles."""
    from whitechapel.lfw.ui.notebook import _arrests_grouped
    from whitechapel.lfw.views import FailedArrest

    failed = [FailedArrest(3, "yellow", (63,)) for _ in range(3)] + [
        FailedArrest(3, "red", (67,)),
        FailedArrest(3, "green", (63,)),
    ]
    assert _arrests_grouped(failed) == ["63 ×4 (yellow, green)", "67 (red)"]


def test_t3_key_3_plays_a_forced_pass():
    """Play-tester L (round 6): `3` (pass) did nothing where passing was the
    only choice."""
    found = []

    def stop(g) -> bool:
        p = picking_for(g.view(g.to_act), g.board)
        if p.forced() and p.phase() in T3 and "passes" in p.describe_complete():
            found.append(p)
            return True
        return False

    first_game_where(3, stop)
    assert found[0].press("3").kind == "play"
    assert found[0].press("2").kind != "play"


def test_h7_jacks_marker_letters_say_nothing_of_the_polices_searches():
    """Play-tester L (round 6): Jack's "turn a marker over" prompt showed
    the police's "circles to search there (T3)"; M (round 7), at 80x24,
    found no letter listed: each marker is listed by the circles beside it."""
    game = first_game_where(3, lambda g: g.phase == Phase.REVEAL)
    hint = picking_for(game.view(JACK), game.board).keys_hint(room=200)
    assert "search" not in hint and "the circles beside it: " in hint


async def test_t2_at_80x24_a_cut_letters_list_is_whole_in_the_side_panel(tmp_path):
    """Play-testers K and L (round 6): the letter → circles list ended in
    "…" on the prompt, and the side panel, where it was, cut it at its foot."""
    from whitechapel.lfw.ui.picking import touch_text
    from whitechapel.ui.widgets.text import TextPanel

    game = first_game_where(6, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        # the notebook off (F6: the heat map, then off): by their circles (round 18)
        await settle.press(pilot, "f6", "f6")
        p = screen.picking
        assert "(all listed on the right)" in prompt_text(app)
        notes = " ".join(screen.query_one("#notes", TextPanel).render().plain.split())
        assert notes.startswith("Crossing letters → circles"), notes[:80]
        for k, x in p.crossing_labels():
            assert touch_text(game.board, k, x) in notes


async def test_t2_with_f5_at_80x24_the_cut_list_is_in_the_log_panel_shown(tmp_path):
    """Play-tester K (round 6): with F5 (the log in the notebook's place) the
    list of choices went with the notebook's panel, unsaid.  The log keeps
    the panel (T4, round 50: the list under it hid the log), the keys line
    says the list is after F5, and F5 again brings it back."""
    from whitechapel.ui.widgets.text import TextPanel

    game = first_game_where(6, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        # the notebook off (F6: the heat map, then off): by their circles (round 18)
        await settle.press(pilot, "f6", "f6")
        await pilot.press("f5")
        await settle.settle(pilot)
        log = " ".join(screen.query_one("#log", TextPanel).render().plain.split())
        prompt = " ".join(screen.query_one("#prompt", TextPanel).render().plain.split())
        assert "Crossing letters → circles" not in log and "after F5" in prompt, prompt
        await pilot.press("f5")
        await settle.settle(pilot)
        notes = " ".join(screen.query_one("#notes", TextPanel).render().plain.split())
        assert "Crossing letters → circles" in notes


def test_the_computers_jack_waits_reveals_and_tokens_are_news_for_the_police():
    """Play-tester M (round 7): the computer Jack's waits and the marker he
    turned showed only in the log.  They open the police's prompt (round 8:
    `computer.since_line`, no longer a toast over the map), in the police's
    own words (their view's log: a coach, never its circles)."""
    from whitechapel.lfw.ui import computer

    game = first_game_where(
        3,
        lambda g: (
            any(e.event == "reveal" for e in g.view(POLICE).log)
            and any(e.event == "move" and e.how == "coach" for e in g.view(POLICE).log)
        ),
    )
    log = game.view(POLICE).log
    said = {
        e.event if e.event != "move" else e.how: computer.since_line(log[: i + 1], game.board)
        for i, e in enumerate(log)
        if e.event in ("wait", "reveal") or (e.event == "move" and e.how == "coach")
    }
    assert "Jack waits" in said["wait"]
    assert "revealed" in said["reveal"]
    assert "Jack takes a coach" in said["coach"] and "circle" not in said["coach"]


async def test_n3_the_polices_first_move_after_the_double_event_says_why(tmp_path):
    """Play-tester M (round 7): nothing said that Jack stands on the second
    victim and that the police move first (N3)."""
    game = first_game_where(
        5,
        lambda g: (
            g.phase == Phase.HUNT
            and g.night == 3
            and g.to_act == POLICE
            and not any(e.event == "move" and e.night == 3 for e in g.view(POLICE).log)
        ),
    )
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        said = prompt_text(app)
        assert "The double event: Jack stands on one of the two crime scenes" in said
        # which one the police do not know (tester C3, round 29)
        assert "the police do not know which" in said


def test_the_notebook_names_the_circles_most_paths_end_on_with_their_share():
    """Play-testers M and N (round 7): the heat map's bar fits no
    three-digit circle; the panel names the circles most paths end on."""
    from whitechapel.lfw.notebook import notebook as deduce
    from whitechapel.lfw.ui import deduction

    game = first_game_where(
        4, lambda g: g.to_act == POLICE and len(deduce(g.view(POLICE), g.board).counts) > 12
    )
    nb = deduce(game.view(POLICE), game.board)
    line = deduction.likeliest_line(nb)
    best = max(nb.counts, key=lambda c: (nb.counts[c], -c))
    share = round(100 * nb.counts[best] / sum(nb.counts.values()))
    assert line.startswith(f"Most paths end on: {best}\u00a0{share}%")
    assert line.count("%") == deduction.LIKELIEST
    assert line in deduction.deduction_text(nb)


@pytest.mark.parametrize(("step", "index"), [(1, 0), (-1, -1)])
def test_h2_the_first_tab_marks_the_first_target_and_shift_tab_the_last(step, index):
    """Nothing is marked before Tab (Enter alone chooses nothing), so the
    first Tab marks the first target, not the second."""
    game = first_game_where(3, lambda g: g.phase == Phase.WOMEN)
    p = picking_for(game.view(JACK), game.board)
    p.cycle(step)
    assert p.highlighted() == p.options()[index]
    p.cycle(1)
    assert p.highlighted() == p.options()[(index + 1) % len(p.options())]


async def test_esc_on_any_finished_board_goes_back_to_the_menu(tmp_path):
    """Play-tester J (round 5) found Esc dead on a finished board, whose
    footer says "esc Back"; on every finished LfW board it leaves."""
    from whitechapel.app import MenuScreen

    game = _played_to_the_end(11)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.source.outcome is not None and not screen.curtain_up
        await pilot.press("escape")
        await settle.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
