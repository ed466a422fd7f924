"""Round 32's findings (issue 43; play-testers I3 and J3,
docs/playtests/2026-12-06-lfw-round32-*.md), each checked as a player
would notice it.  The street inspector's are in test_lfw_streets.py."""

from __future__ import annotations


def _narrowed(game) -> bool:
    """The police's notebook knows circles Jack cannot get home from."""
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.rulebook import POLICE

    if game.to_act != POLICE or game.night < 2:
        return False
    nb = notebook(game.view(POLICE), game.board)
    home = nb.homeward()
    return bool(home) and len(nb.counts) - len(home) >= 3 and len(home) >= 2


def test_t1_the_heat_map_counts_only_paths_that_still_get_jack_home():
    """I3 and J3: "Most paths end on: 143 8%, 145 7%" while "Home in time
    only from …" left 145 out: an arrest on the top share was wasted.
    The shares and the tint count the paths that still get him home; a
    circle he cannot get home from keeps the palest tint and no share."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import deduction

    game = first_game_where(11, _narrowed, tries=200)
    nb = notebook(game.view(POLICE), game.board)
    home = nb.homeward()
    line = deduction.likeliest_line(nb)
    assert line.startswith("Of the paths that still get him home, most end on: "), line
    named = [int(part.split("\u00a0")[0]) for part in line.split(": ", 1)[1].split(", ")]
    assert named and set(named) <= set(home), (named, sorted(home))
    total = sum(home.values())
    assert f"{named[0]}\u00a0{round(100 * home[named[0]] / total)}%" in line
    tint = deduction.tint_marks(nb, "heat")
    assert set(tint) == set(nb.counts)  # every circle where he can be is tinted
    assert {tint[c] for c in nb.counts if c not in home} == {deduction.HEAT_TAGS[0]}
    hottest = max(home, key=home.get)
    assert tint[hottest] == deduction.HEAT_TAGS[-1]


def test_every_puzzle_says_its_lesson_and_answer_from_a_capital():
    """J3: puzzles 3 and 4 began their explanation in lower case ("a
    search names the circles…"): a rule's tag had been cut from its
    front."""
    from whitechapel.lfw.puzzles import PUZZLES
    from whitechapel.lfw.ui.panels import untagged

    for puzzle in PUZZLES:
        for text in (puzzle.lesson, puzzle.explanation, puzzle.question):
            shown = untagged(text)  # as the puzzle screen shows it
            assert shown[:1].isupper() or shown[:1].isdigit(), (puzzle.title, shown[:40])


def test_t3_searched_circles_are_listed_in_number_order():
    """J3: the notebook's "Searched, no clue" list was in the order searched."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.notebook import notebook_text

    def searched(game) -> bool:
        view = game.view(POLICE)
        empty = [c for c in view.searched if c not in view.clues]
        return len(empty) >= 3 and empty != sorted(empty)

    game = first_game_where(4, searched, tries=200)
    view = game.view(POLICE)
    line = next(x for x in notebook_text(view, game.board).splitlines() if "Searched, no" in x)
    listed = [int(c) for c in line.split(": ", 1)[1].split()]
    assert listed == sorted(c for c in view.searched if c not in view.clues)


def test_t1_the_move_track_says_which_space_jack_is_on():
    """J3: "plain walks are not marked on the track (only coach c, alley a,
    murder ✝), so which space Jack is on is only in the log line"."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.rulebook import POLICE, space_name
    from whitechapel.lfw.ui.panels import track_text, untagged

    game = first_game_where(3, lambda g: len(g.view(POLICE).track) >= 4, tries=50)
    view = game.view(POLICE)
    last = max(t.index for t in view.track)
    head = untagged(track_text(view)).splitlines()[0]
    assert f"on {space_name(last)})" in head, head
    assert len(head.replace("[b]", "").replace("[/b]", "")) <= 33


async def test_h5_the_kill_key_pressed_again_kills_as_enter_does(tmp_path):
    """J3: "`1`, letter → 'Kill the Wretched on 3? Enter kills'. Pressing
    `1` there ('Nothing is killed yet…') then Esc/Enter left me at a number
    prompt": the kill's own key again kills, as 0 and 9 again say yes."""
    import settle
    from lfw_app_play import game_app, prompt_text, raise_curtain
    from test_lfw_display import find_game
    from test_lfw_round8_jack_safe import at_kill, letters_in, word_key

    game = find_game(at_kill)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await raise_curtain(pilot, screen)
        played = len(game.history)
        kill = word_key(screen, "kill")
        await settle.press(pilot, kill)
        (letter, circle), *_ = letters_in(prompt_text(app)).items()
        await settle.press(pilot, letter)
        assert len(game.history) == played
        assert f"Enter (or {kill} again) kills" in prompt_text(app)
        await settle.press(pilot, kill)
        assert len(game.history) == played + 1
        assert str(game.history[-1]) == f"kill {circle}"


def test_t3_key_9_asked_fits_one_row_however_many_stand_beside_jack():
    """K3 (round 33): "Lines cut off at the right edge at 200 columns: 9:
    everyone searches where a clue can be, or passes — Jack may be on 8 and
    9 by Blue; … 9 again: yes (Enter".  With several policemen beside
    circles where Jack can be, the question says them shorter and keeps
    its keys."""
    from lfw_app_play import first_game_where
    from test_lfw_round30 import _beside_and_t3
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.picking import QUESTION_ROOM, SWEEP, picking_for

    def crowded(game) -> bool:  # the question's fullest form would not fit
        if not _beside_and_t3(game, 3):
            return False
        p = picking_for(game.view(POLICE), game.board)
        forms = p.arrest_forms([p.acting(), *p.later()])
        return bool(forms) and len(forms[0]) > QUESTION_ROOM - 100

    game = first_game_where(5, crowded, tries=600)
    p = picking_for(game.view(POLICE), game.board)
    asked = p.rest_question(SWEEP)
    assert len(asked) <= QUESTION_ROOM, asked
    assert ("only an arrest takes him" in asked or "arrest: him" in asked) and asked.endswith(
        "Esc: no"
    ), asked


def test_the_heat_map_ranks_the_hideout_candidates_by_every_finished_night():
    """L3 (round 33): "43 hideout candidates; the notebook doesn't rank them
    by how each night ended, which is what a box player does by hand".  The
    heat map (the view with odds) names the candidates most nights' paths
    end on: each night's share of paths ending there, multiplied."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.notebook import notebook
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import deduction

    def two_nights(game) -> bool:
        if game.night < 3 or game.to_act != POLICE:
            return False
        nb = notebook(game.view(POLICE), game.board)
        return len(nb.hideouts) >= 3

    game = first_game_where(8, two_nights, tries=200)
    nb = notebook(game.view(POLICE), game.board)
    odds = deduction.hideout_odds(nb)
    assert set(odds) == set(nb.hideouts) and abs(sum(odds.values()) - 1) < 1e-9
    finished = [n for n in nb.nights if n.home]
    assert len(finished) >= 2

    def weight(c: int) -> float:
        w = 1.0
        for n in finished:
            w *= n.counts.get(c, 0) / n.total
        return w

    best = max(nb.hideouts, key=lambda c: (weight(c), -c))
    heat = deduction.deduction_text(nb, shares=True)
    line = next(x for x in heat.splitlines() if x.startswith("Hideouts most"))
    assert line.split(": ", 1)[1].split(", ")[0] == str(best), (line, best)
    assert "Hideouts most" not in deduction.deduction_text(nb, shares=False)
