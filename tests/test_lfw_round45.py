"""Round 45's findings (issue 43; play-tester I4,
docs/playtests/2026-12-07-lfw-round45-I4.md), each checked as a player
would notice it."""

from __future__ import annotations

import dataclasses

from lfw_app_play import first_game_where
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.ui import deduction, sentences


def test_t1_the_coach_says_both_its_circles_leave_clues():
    """I4: "A coach's middle circle leaves a clue … Jack's coach prompt says
    only 'ignoring the policemen'. My coach through 66 put a clue on my own
    hideout." (T1: both circles are written on the track.)"""
    for words in (["coach"], ["coach", "66"], ["coach", "66", "117"]):
        assert "both circles leave clues" in sentences.describe(words)


def test_jacks_panel_names_the_hideout_candidates_the_police_can_know():
    """I4: "It says '28 hideout candidates' but not which. Jack is allowed
    to know what the police can know, so list them.\""""
    game = first_game_where(3, lambda g: g.phase == Phase.ESCAPE and g.night >= 2, tries=200)
    nb = notebook(game.view(JACK), game.board)
    few = dataclasses.replace(nb, hideouts=(12, 13, 14, 40))
    line = deduction.deduction_text(few, jack=True)
    assert "4 hideout candidates: 12–14 40" in line, line
    many = tuple(range(1, deduction.JACK_CANDIDATES_SHOWN + 2))
    line = deduction.deduction_text(dataclasses.replace(nb, hideouts=many), jack=True)
    assert line.endswith(f"{len(many)} hideout candidates"), line


def _top_searched(game) -> bool:
    """The police to act, a circle among the likeliest searched empty tonight."""
    if game.to_act == JACK or game.phase != Phase.HUNT:
        return False
    view = game.view("police")
    nb = notebook(view, game.board)
    if nb is None or not nb.on_board or len(nb.counts) < 2:
        return False
    counts = deduction.heat_counts(nb)
    top = sorted(counts, key=lambda c: (-counts[c], c))[: deduction.LIKELIEST]
    return bool(set(top) & set(view.searched))


def test_t3_the_likeliest_circles_searched_before_his_last_move_say_so():
    """I4: "'Most paths end on: 44 8%, 106 8%, 60 7%' listed circles just
    searched empty, and I took it for a bug.  It is correct: Jack moved
    after the search.  A note such as '(searched before his last move)'
    would stop others thinking the same."""
    game = first_game_where(5, _top_searched, tries=200)
    view = game.view("police")
    nb = notebook(view, game.board)
    line = deduction.deduction_text(nb, searched=view.searched)
    counts = deduction.heat_counts(nb)
    top = sorted(counts, key=lambda c: (-counts[c], c))[: deduction.LIKELIEST]
    before = [c for c in top if c in view.searched]
    assert f"({', '.join(map(str, before))} searched before his last move)" in line, line


def test_the_police_panel_names_each_policemans_colour_at_night_start():
    """J4: "every row reads 'B blue — (last night …)' except Green's, which
    reads 'G — (last night 127·132 SW)' with the word 'green' dropped."  A
    game (seed 51, random moves) whose night 2 begins so."""
    from rich.text import Text

    from test_lfw_words import _night_two_hell
    from whitechapel.lfw.rulebook import COLOURS, POLICE
    from whitechapel.lfw.ui import panels

    found = _night_two_hell(51)
    assert found is not None
    game, _ = found
    rows = Text.from_markup(panels.police_text(game.view(POLICE), board=game.board)).plain
    rows = [row for row in rows.split("\n") if "last night" in row]
    assert len(rows) == 5, rows
    for c, row in zip(COLOURS, rows, strict=True):
        assert f" {c} — (last night " in row, row


def _sweep_finds_a_clue_before_the_last(game) -> bool:
    """T3, the police to act first: key 9's searches, played out on a copy,
    find a new clue while another policeman is still to act after it."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.bench import sweep_run

    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return False
    if game.view(POLICE).acting_colour != sentences.police_order(game.view(POLICE))[0]:
        return False
    return "found a clue: 9 stopped" in sweep_run(game)[1]


async def test_t3_key_9_stops_at_a_clue_so_the_next_policeman_may_arrest(tmp_path):
    """L4 (round 46): "On night 3, Blue's search found a clue on 126 and Red
    went straight on to search 125.  With one key per policeman I could
    have used Red to arrest on 125 instead; 9 9 takes that choice away
    without saying so."  Key 9 stops at the first new clue: the next
    policeman is still to act, and the screen says why."""
    from lfw_app_play import game_app, press_for_all, raise_curtain
    from snapshots import screen_text
    from whitechapel.lfw.rulebook import POLICE

    game = first_game_where(7, _sweep_finds_a_clue_before_the_last, tries=200)
    clues = len(game.view(POLICE).clues)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        await press_for_all(pilot, app, "9")
        view = screen.source.view(POLICE)
        assert len(view.clues) > clues
        assert view.phase.key == Phase.CLUES and view.acting_colour is not None
        # said in the prompt, where the next key is chosen (S4, round 50: a toast was missed)
        said = " ".join(app.screen.query_one("#prompt").render().plain.split())
        nxt = view.acting_colour.capitalize()
        assert f"found a clue: 9 stopped, so that {nxt} may arrest; 9 again searches on" in said, (
            said,
            screen_text(app),
        )


def _n3_two_in_reach(game) -> bool:
    """Night 3's kill, a Wretched's circle two named policemen-to-be could
    arrest on before Jack moves."""
    from whitechapel.lfw.ui import exposure

    if game.phase != Phase.KILL or game.night != 3:
        return False
    view = game.view(JACK)
    for w in view.wretched:
        danger = exposure.n3_danger(view, game.board, w)
        if danger is not None and exposure.n3_others(view, game.board, w, danger):
            return True
    return False


def test_n3_the_kill_names_every_marker_face_up_that_could_arrest_first():
    """L4 (round 46): "'a: 3 (Yellow's marker 2 crossings away), d: 83
    (Yellow's marker 2 crossings away)'.  So I took the pair 3 + 83,
    reasoning that one policeman could cover only one scene … But Brown's
    marker could also reach a crossing beside 83."  Each flagged circle
    names every policeman and face-up marker in reach, the nearest first."""
    from whitechapel.lfw.ui import exposure

    game = first_game_where(11, _n3_two_in_reach, tries=400)
    view = game.view(JACK)
    named = 0
    for w in view.wretched:
        danger = exposure.n3_danger(view, game.board, w)
        if danger is None:
            continue
        others = exposure.n3_others(view, game.board, w, danger)
        flag = exposure.n3_flag(view, game.board, str(w))
        assert flag.startswith(danger.text()), flag
        for other in others:
            assert other in flag and other != danger.what, flag
            named += 1
        if others:
            assert flag.endswith(" too"), flag
    assert named


def test_the_replay_summary_says_in_words_where_jack_has_no_circle_yet():
    """L4 (round 46): "`replay --side jack` prints `Jack's circle: None`
    during Hell: a raw Python None"."""
    from whitechapel.lfw.render import render_summary

    game = first_game_where(3, lambda g: g.phase == Phase.WOMEN)
    said = render_summary(game.view(JACK))
    assert "None" not in said, said
    assert "Jack's circle: not on the streets" in said, said


def test_h6_key_0_says_what_the_wretched_do_and_esc_what_was_not_done():
    """K4 and L4 (round 46): "the confirmation for 0 reads 'every Wretched
    still to move goes as the keys line says', but the keys line does not
    show where each one goes"; K4: Esc then printed "Nothing done: Blue
    still acts first", a sentence for the policemen's moves."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui import wretched
    from whitechapel.lfw.ui.picking import picking_for

    game = first_game_where(3, lambda g: g.phase == Phase.WRETCHED and g.to_act == POLICE)
    p = picking_for(game.view(POLICE), game.board)
    asked = p.rest_question(wretched.WORD)
    assert "keys line" not in asked, asked
    assert "every Wretched still to move takes one step, chosen for you (H6)" in asked, asked
    assert p.cancelled() == "Nothing done: no Wretched has moved."


def test_t1_the_move_guide_names_only_the_kinds_of_move_left():
    """K4 (round 46): "With no coach or alley left, the prompt still says
    'Move: step to a circle, take a coach (two steps), or an alley'.
    Pressing 1 out of habit then types '1' as the start of a circle
    number."  The guide names the kinds Jack has left tonight; the screen
    says it on his move (from his view: his coaches and alleys are public)."""
    from whitechapel.lfw.ui.screen import GUIDE, move_guide

    assert move_guide(2, 1) == GUIDE["escape"]
    assert move_guide(0, 0) == "Move: step to a circle (no coach or alley left tonight)."
    assert "no alley left" in move_guide(1, 0) and "coach" in move_guide(1, 0)
    assert "no coach left" in move_guide(0, 1) and "alley" in move_guide(0, 1)


def test_t3_a_clue_the_police_knew_already_does_not_stop_key_9():
    """M4 (round 47): "'Everyone searches' (9) stops at any clue.  It stops
    even on a crime scene whose clue is already known, so you have to press
    9 again."  Only a clue on a circle not known tonight stops it."""
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.picking import known_tonight

    game = first_game_where(7, _sweep_finds_a_clue_before_the_last, tries=200)
    view = game.view(POLICE)
    known = known_tonight(view)
    scenes = {s.circle for s in view.crime_scenes if s.night == view.night}
    assert scenes and scenes <= known and set(view.clues) <= known
    # a clue found on a known circle adds nothing the stop looks at
    again = dataclasses.replace(view, clues=(*view.clues, next(iter(scenes))))
    assert known_tonight(again) == known


def _two_nights_home_red_ends(game) -> bool:
    """Night 3 on, two nights ended at home, night 1's ends counting a red circle."""
    if game.night < 3 or game.phase == Phase.HIDEOUT:
        return False
    nb = notebook(game.view("police"), game.board)
    homes = [n for n in nb.nights if n.home]
    return len(homes) >= 2 and bool(set(homes[0].counts) & game.board.red)


def test_the_nights_ends_are_counted_over_the_circles_a_hideout_may_be():
    """M4 (round 47): "after night 1 the summary said 'hideout is one of 59
    circles'.  Later the notebook said 'night 1 could end on 63 circles,
    night 2 on 59'.  The two numbers look inconsistent side by side."  The
    night's ends are counted without the red circles, which no hideout is
    (S1)."""
    game = first_game_where(13, _two_nights_home_red_ends, tries=300)
    nb = notebook(game.view("police"), game.board)
    first = next(n for n in nb.nights if n.home)
    allowed = len(set(first.counts) - game.board.red)
    line = deduction.deduction_text(nb)
    assert f"night 1 could end on {allowed} circles" in line, line


def _first_move_choices(board, here, hideout, alleys, coaches, police):
    """Each first move from `here` and the spaces of the shortest way home
    through it, with the policemen where they stand."""
    from whitechapel.lfw.ui import jackturn

    mask = board.police_mask(police)
    firsts = [("walk", w, alleys, coaches) for w in board.jack_moves(here, mask)]
    if alleys:
        firsts += [("alley", d, alleys - 1, coaches) for d in board.alley_destinations(here)]
    for kind, c, a, k in firsts:
        rest = None if c == hideout else jackturn._home_way(board, c, hideout, a, k, police)
        if rest is not None:
            yield c, jackturn.SPACES[kind] + sum(jackturn.SPACES[x] for x, _ in rest)


def test_t1_the_way_home_aid_prefers_a_first_move_beside_no_policeman():
    """M4 (round 47): "the aid '2 spaces home: alley (to 16) + walk' sent me
    to 16, which was beside Green.  Green arrested me there."  Of equally
    short ways home, the aid's first move lands beside no policeman where
    one such way exists."""
    from whitechapel.lfw.ui import jackturn

    seen: list = []

    def note(game) -> bool:
        if game.phase == Phase.ESCAPE and game.to_act == JACK and game.view(JACK).police:
            seen.append(game.view(JACK))
        return len(seen) >= 150

    first_game_where(5, note, tries=40)
    board = first_game_where(5, lambda g: True).board
    preferred = 0
    for view in seen:
        here, police = view.jack.position, frozenset(x for x in view.police.values() if x)
        args = (view.jack.hideout, view.alleys_left, view.coaches_left, police)
        way = jackturn._home_way(board, here, *args)
        if here is None or way is None or len(way) < 2:
            continue
        watched = {c for x in police for c in board.direct_circles(x)}
        spaces = sum(jackturn.SPACES[k] for k, _ in way)
        choices = list(_first_move_choices(board, here, *args))
        if any(c not in watched and n == spaces for c, n in choices):
            assert way[0][1] not in watched, (way, watched)
            preferred += any(c in watched and n == spaces for c, n in choices)
    assert preferred  # positions where a watched first move was as short
