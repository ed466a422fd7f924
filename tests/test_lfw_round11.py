"""Round 11 of issue 43's blind play-tests (testers U and V): what they
found, each checked here."""

from __future__ import annotations

from rich.text import Text

import settle
from lfw_app_play import first_game_where, game_app, raise_curtain
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import ALLEY, COACH, CRIME, POLICE, STEP
from whitechapel.lfw.ui import placenames
from whitechapel.lfw.ui.nightend import _path_line
from whitechapel.lfw.ui.picking import WOMEN_LABELS, picking_for, wretched_letters
from whitechapel.lfw.view_parts import PathSpace
from whitechapel.ui.widgets.text import TextPanel


def test_t1_a_coach_is_marked_once_in_the_nights_path():
    """Tester U: "1 (crime) → 28 (coach) → 40 (coach)" beside "1 coach"
    read as two coaches; two coaches in a row read as two."""
    row = (
        PathSpace("0", 1, CRIME),
        PathSpace("1", 28, COACH),
        PathSpace("2", 40, COACH),
        PathSpace("3", 77, STEP),
        PathSpace("4", 78, COACH),
        PathSpace("5", 79, COACH),
        PathSpace("6", 80, COACH),
        PathSpace("7", 81, COACH),
        PathSpace("8", 82, ALLEY),
    )
    line = _path_line(row, home=True)
    assert line.replace("\n", " ") == (
        "Path: 1 (crime) → (coach: 28 → 40) → 77 → (coach: 78 → 79)"
        " → (coach: 80 → 81) → 82 (alley) (home)"
    )
    assert line.count("coach") == 3


def test_t1_a_long_nights_path_is_said_whole_in_rows_the_curtain_holds():
    """Tester R2, round 22: "Jack made 17 moves" over a Path line that
    listed 12 and was cut at the window's edge.  Every circle of a long
    night is said, in rows no wider than the summary's lists, a group never
    split across two rows."""
    from whitechapel.lfw.ui.nightend import LIST_WIDTH

    circles = [95, 94, 78, 62, 47, 31, 16, 3, 43, 60, 29, 30, 8, 42, 30, 31, 12]
    row = (
        PathSpace("0", circles[0], CRIME),
        *(PathSpace(str(i), c, STEP) for i, c in enumerate(circles[1:], 1)),
    )
    text = _path_line(row, home=True)
    rows = text.split("\n")
    assert len(rows) > 1 and all(len(r) <= LIST_WIDTH for r in rows), rows
    said = " ".join(rows).removeprefix("Path: ").replace(" (crime)", "")
    assert said.replace(" (home)", "").split(" → ") == [str(c) for c in circles]


def test_t3_a_search_ending_on_a_known_clue_says_so_in_the_log():
    """Tester U: "9 all search" had Yellow search 30 again, "a clue!", when
    30's clue was known: the log says it was known (T3: naming it ends the
    search, on what the police knew); a new clue, or last night's, is news."""
    from types import SimpleNamespace

    from whitechapel.lfw.ui.panels import log_text
    from whitechapel.lfw.view_parts import LogEntry

    log = (
        LogEntry("kill", 1, crime_scenes=(21,)),
        LogEntry("search", 1, colour="yellow", circle=30, clue=True),
        LogEntry("search", 1, colour="blue", circle=11, clue=False),
        LogEntry("search", 1, colour="yellow", circle=30, clue=True),
        LogEntry("search", 1, colour="red", circle=21, clue=True),
        LogEntry("kill", 2, crime_scenes=(40,)),
        LogEntry("search", 2, colour="red", circle=30, clue=True),
    )
    lines = log_text(SimpleNamespace(log=log)).split("\n")[1:]
    assert lines[1] == "N1 Yellow searches 30: [b]a clue![/b]"
    assert lines[2] == "N1 Blue searches 11: nothing"
    assert lines[3] == "N1 Yellow searches 30: a clue, known already"
    assert lines[4] == "N1 Red searches 21: a clue, known already"  # the crime scene
    assert lines[6] == "N2 Red searches 30: [b]a clue![/b]"  # a new night
    # the same from a window of the log that starts after the first clue
    assert log_text(SimpleNamespace(log=log), entries=4).split("\n")[1] == (
        "N1 Yellow searches 30: a clue, known already"
    )


def test_t1_the_nights_summary_names_the_last_space_jack_wrote_even_after_a_coach():
    """Tester V: "to space 5 of the track" on N3 when the night's last move
    was a coach on spaces 5 and 6 (a coach's move has its first space's
    index and writes the next one too)."""
    from whitechapel.lfw.ui.nightend import _moves_line
    from whitechapel.lfw.view_parts import MoveSeen, NightSeen
    from whitechapel.lfw.viewing import SPACE_NAMES

    at = SPACE_NAMES.index  # a space's track index
    moves = (
        MoveSeen(STEP, at("1"), {}),
        MoveSeen(STEP, at("2"), {}),
        MoveSeen(STEP, at("3"), {}),
        MoveSeen(STEP, at("4"), {}),
        MoveSeen(COACH, at("5"), {}),
    )
    line = _moves_line(NightSeen(3, crime_scenes=(27, 158), moves=moves), True)
    assert "5 moves (4 walks, 1 coach), to space 6 of the track" in line
    walked = _moves_line(NightSeen(2, crime_scenes=(27,), moves=moves[:4]), True)
    assert "to space 4 of the track" in walked


def _last_wretched(g) -> bool:
    legal = g.legal_actions()
    return g.phase == Phase.WRETCHED and len({a.source for a in legal}) == 1 and len(legal) > 1


def test_h6_the_last_wretcheds_own_letter_is_harmless():
    """Tester V: with one Wretched left (chosen for him), her letter, pressed
    as for the others, answered "'h' is not a key here".  It does nothing,
    and her places' letters still move her."""

    game = first_game_where(5, _last_wretched)
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    woman = str(next(a.source for a in game.legal_actions()))
    letter = wretched_letters(view, game.board)[woman]
    before = (p.so_far(), dict(p.labels()))
    assert p.press(letter).kind == "same"
    assert (p.so_far(), dict(p.labels())) == before
    place, circle = next(iter(p.labels().items()))
    assert p.press(place).kind == "pick" and p.labels() == before[1]
    assert circle.isdigit()


def test_h6_a_wretched_with_up_to_ten_places_has_a_letter_for_each():
    """Testers U and V: one woman's places had letters, the next woman's
    eight places "type a number and Enter": within the Chief's move each
    place has a letter, up to ten."""

    def many(g) -> bool:
        if g.phase != Phase.WRETCHED or not _last_wretched(g):
            return False
        return 5 < len(g.legal_actions()) <= WOMEN_LABELS

    game = first_game_where(5, many)
    p = picking_for(game.view(POLICE), game.board)
    places = {str(a.target) for a in game.legal_actions() if a.target is not None}
    assert set(p.labels().values()) >= places
    assert "type a number and Enter" not in p.keys_hint()


async def test_t2_at_80x24_a_long_news_line_gives_way_to_the_keys(tmp_path):
    """Tester V: at 80×24 "Since your last action: Marker on the crossing
    between 88 and 120 revealed: yellow · Murder at 63 · Jack moves: space I
    · Move Brown …" took three rows and the keys line was cut mid-sentence.
    The news gives way, its oldest first: the whole prompt is in its rows,
    the keys line whole, and the newest news kept while it fits."""

    def long_news(g) -> bool:
        waits = [e for e in g.events if e[0] == "wait" and e[1] == g.night]
        return bool(waits) and g.phase == Phase.HUNT and g.to_act == POLICE

    game = first_game_where(5, long_news)
    app, screen = game_app(game, tmp_path)
    log = game.view(POLICE).log
    wait = next(i for i, e in enumerate(log) if e.event == "wait" and e.night == game.night)
    screen.news_from[POLICE] = wait  # the police's last action was before Jack waited
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.settle(pilot)
        panel = screen.query_one("#prompt", TextPanel)
        width, height = panel.size.width, panel.size.height
        keys = screen.picking.keys_hint(room=screen.hint_room())
        full = screen.news_line(screen.current_view())
        assert full.count(" · ") >= 1  # news of two events or more
        shown = panel.markup
        assert screen.wrapped_rows(shown, width) <= height, shown
        plain = " ".join(panel.render().plain.split())
        whole = " ".join(Text.from_markup(placenames.in_words(keys, game.board)).plain.split())
        assert whole in plain, (whole, plain)


def test_t1_step_coach_and_alley_keep_their_digits_whichever_are_open():
    """Tester W, round 12: with no step open the words read "1 coach, 2
    alley", and a 1 pressed out of habit began a coach."""
    from whitechapel.lfw.rulebook import JACK

    def no_step(g) -> bool:
        if g.phase != Phase.ESCAPE or g.to_act != JACK:
            return False
        words = picking_for(g.view(JACK), g.board).word_options()
        return "step" not in words and "coach" in words

    game = first_game_where(5, no_step, tries=200)
    p = picking_for(game.view(JACK), game.board)
    assert p.word_of_key("1") is None  # no step: 1 is no word
    assert p.word_of_key("2") == "coach"
    assert "2 coach" in p.keys_hint() and "1 coach" not in p.keys_hint()


def test_t1_jacks_way_home_counts_the_policemen_where_they_stand():
    """Tester X, round 12: "Your hideout: 60 · 1 move away" when the one
    step home went through Blue's crossing.  The sheet says the way home
    around the police (or that every way is barred now), and the keys
    line's "nearest home" counts it so."""
    from rich.text import Text as RichText

    from whitechapel.lfw.rulebook import JACK
    from whitechapel.lfw.ui import jackturn

    def barred(g) -> bool:
        if g.phase != Phase.ESCAPE or g.to_act != JACK:
            return False
        view = g.view(JACK)
        here, home = view.jack.position, view.jack.hideout
        if here is None or here == home:
            return False
        free = jackturn.moves_home(g.board, here, home, view.alleys_left)
        police = [x for x in view.police.values() if x]
        now = jackturn.moves_home_now(
            g.board, here, home, view.alleys_left, view.coaches_left, police
        )
        return free is not None and (now is None or now > free)

    game = first_game_where(5, barred, tries=200)
    view = game.view(JACK)
    sheet = RichText.from_markup(jackturn.jack_text(view, game.board)).plain
    police = [x for x in view.police.values() if x]
    now = jackturn.moves_home_now(
        game.board,
        view.jack.position,
        view.jack.hideout,
        view.alleys_left,
        view.coaches_left,
        police,
    )
    if now is None:
        assert "every way barred by the police now" in sheet, sheet
    else:  # the figure the keys line counts, first (tester Z, round 13)
        away = (f"{now} moves away (", f"{now} spaces home: ")  # by tokens (round 15)
        assert any(a in sheet for a in away) and "if no policeman stood in the way)" in sheet, sheet


async def test_h7_jacks_prompt_says_what_the_marker_he_turned_was(tmp_path):
    """Tester W, round 12: at 80×24 Jack learnt what his marker reveal
    turned up only from F5's log, and kill or wait hangs on it."""
    from whitechapel.lfw.rulebook import JACK

    def after_reveal(g) -> bool:
        log = g.view(JACK).log
        return g.to_act == JACK and bool(log) and log[-1].event == "reveal"

    game = first_game_where(5, after_reveal, tries=200)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == JACK
        prompt = " ".join(screen.query_one("#prompt", TextPanel).render().plain.split())
        assert "You turned: Marker on" in prompt and "revealed:" in prompt, prompt


def test_t1_jacks_sheet_says_who_holds_the_crossings_beside_his_hideout():
    """Tester X, round 12: Red and Green held both crossings into his
    hideout all night ("sealed"), and nothing on his screen said so."""
    from dataclasses import replace

    from rich.text import Text as RichText

    from whitechapel.lfw.rulebook import JACK
    from whitechapel.lfw.ui import jackturn

    def beside_of(g) -> list[str]:
        home = g.view(JACK).jack.hideout
        return [x for x in g.board.crossings if home in g.board.direct_circles(x)]

    game = first_game_where(
        5, lambda g: g.phase == Phase.ESCAPE and g.to_act == JACK and len(beside_of(g)) >= 2
    )
    view = game.view(JACK)
    beside = beside_of(game)
    colours = list(view.police)
    sealed = replace(view, police=dict(zip(colours[:2], beside[:2], strict=True)))
    text = RichText.from_markup(jackturn.jack_text(sealed, game.board)).plain
    names = [c.capitalize() for c in colours[: len(beside)]]
    assert f"{names[0]} and {names[1]} on the crossings beside it" in text, text
    one = replace(view, police={colours[0]: beside[0]})
    text = RichText.from_markup(jackturn.jack_text(one, game.board)).plain
    assert f"{names[0]} on the crossing beside it" in text, text
    nobody = replace(view, police={})
    assert "beside it" not in RichText.from_markup(jackturn.jack_text(nobody, game.board)).plain


def test_h3_from_night_2_the_letters_are_places_not_all_yellow_crossings():
    """Tester Z, round 13: from night 2 the patrol prompt called every
    letter a yellow crossing, and five were last night's crossings."""
    later = first_game_where(
        5, lambda g: g.phase == Phase.PATROLS and g.night >= 2 and g.to_act == POLICE
    )
    hint = picking_for(later.view(POLICE), later.board).keys_hint()
    assert "each letter on the map is a place for a marker" in hint
    assert "yellow crossing" not in hint
