"""Round 8 of issue 43's blind play-tests (testers O and P): what Jack did
opens the police's prompt until they act again; the keys of T3's sweep."""

from __future__ import annotations

import settle
from lfw_app_play import game_app, press_for_all, prompt_text, raise_curtain
from test_lfw_display import find_game
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.computer import since_line
from whitechapel.lfw.view_parts import LogEntry


async def play(pilot, screen, game: LfwGame, text: str) -> None:
    """`text` played by its keys at the hot seat, the curtain passed."""
    await raise_curtain(pilot, screen)
    for key in keys_for(game, text):
        await settle.press(pilot, key)
    await settle.settle(pilot)
    assert str(game.history[-1]) == text


async def test_h5_t1_what_jack_did_opens_the_police_prompt_until_they_act(tmp_path):
    """Tester O, round 8: Jack waited and turned a marker while the Chief
    moved the Wretched, and a new round of Wretched moves began unnoticed
    (the log and a toast said it).  At the hot seat the police's prompt
    now opens with what Jack did since their last action, from their view,
    and the line goes once they act."""
    game = find_game(lambda g: g.phase == "patrols" and g.night == 1, board=None)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await play(pilot, screen, game, str(game.legal_actions()[0]))
        assert game.to_act == JACK
        wait = next(str(a) for a in game.legal_actions() if str(a).endswith("wait"))
        await play(pilot, screen, game, wait)
        assert game.to_act == POLICE
        await raise_curtain(pilot, screen)
        said = prompt_text(app)
        assert said.startswith("Since your last action: Jack waits; time of the crime"), said
        assert "Wretched" in said  # then what to do now
        await play(pilot, screen, game, str(game.legal_actions()[0]))
        if game.to_act == POLICE:
            assert "Since your last action" not in prompt_text(app)


def test_the_line_names_only_jacks_actions_the_newest_three():
    jack = [LogEntry("move", 1, how="step", space=str(i)) for i in range(1, 6)]
    police = [LogEntry("search", 1, colour="red", circle=12)]
    assert since_line(police) == ""
    # two of them (tester B2, round 14: the murder fell out of "Murder at 21 · Jack takes a coach")
    kill = LogEntry("kill", 1, crime_scenes=(21,), space="I")
    assert since_line([kill, jack[0]]).endswith("Murder at 21 · Jack moves: space 1")
    line = since_line([*jack[:2], *police, *jack[2:]])
    assert line.startswith(
        "[b]Since your last action:[/b] (2 earlier actions in the log) Jack moves: space 3"
    )
    assert line.endswith("Jack moves: space 5") and "searches" not in line
    # tester R, round 9: last night's end and the women tokens stayed all
    # through the patrols; only tonight's actions the map does not show
    night_2 = [LogEntry("home", 1), LogEntry("night", 2), LogEntry("women", 2, where=(3, 21))]
    assert since_line(night_2) == ""
    assert since_line([*night_2, LogEntry("wait", 2, time_of_the_crime="II")]).endswith(
        "Jack waits; time of the crime II"
    )


def test_h2_the_notebook_says_a_large_count_of_paths_in_words():
    """Tester P, round 8: "Jack can be on 193 circles (2876059330 paths)"."""
    from whitechapel.lfw.ui.deduction import paths_text

    assert paths_text(1) == "1 path"
    assert paths_text(9480) == "9,480 paths"
    # past a few thousand only "many" (D4, round 42: "about 112.2 billion paths")
    assert paths_text(12480) == "10,000+ paths"
    assert paths_text(2_876_059_330) == "10,000+ paths"


def test_n3_the_night_summary_says_the_second_victim_is_the_first_move():
    """Tester P, round 8: "Jack made 2 moves (2 walks), to space 3" on N3."""
    from whitechapel.lfw.ui.nightend import _moves_line
    from whitechapel.lfw.view_parts import MoveSeen, NightSeen

    moves = (MoveSeen("step", 6, {}), MoveSeen("step", 7, {}))
    double = NightSeen(3, crime_scenes=(21, 27), moves=moves)
    single = NightSeen(2, crime_scenes=(21,), moves=moves)
    assert "the second murder counts as your first move" in _moves_line(double, True)
    assert "the second murder counts as his first move" in _moves_line(double, False)  # V3
    assert "second victim" not in _moves_line(single, True)


async def test_t3_the_curtain_after_the_police_turn_says_what_their_searches_found(tmp_path):
    """Tester R, round 8: at the hot seat the curtain came down on the
    police's last search, before they saw "a clue!" or "nothing".  The
    curtain to Jack now says what their searches and arrests found (public:
    the table saw it), and nothing when they only passed."""
    from snapshots import screen_text
    from whitechapel.lfw.ui.bench import search_all

    game = find_game(lambda g: g.phase == "clues" and len(search_all(g)) >= 1, board=None)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await raise_curtain(pilot, screen)
        first = game.acting_colour
        await settle.press(pilot, "1")  # he searches, likeliest first
        await settle.settle(pilot)
        searched = [e for e in game.view(POLICE).log if e.event == "search" and e.colour == first]
        assert searched
        await press_for_all(pilot, app, "0")  # the others pass
        await settle.settle(pilot)
        assert game.to_act == JACK and screen.curtain_up
        shown = " ".join(screen_text(app).split())
        assert "The police found:" in shown and f"{first.capitalize()} searched" in shown
        assert str(searched[-1].circle) in shown
