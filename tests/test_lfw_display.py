"""What the Letters from Whitechapel screen shows, as a player sees it: the
map's rows repainted when they change, the legend, clues of every night,
the notebook and the log, the 80×24 layout, Jack's turn
(issue: LfW play, the display's part)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

import settle
from lfw_app_play import SEEDED_TUTORIAL
from lfw_random import choose, new_game
from snapshots import screen_text
from vterm import VirtualTerminal
from whitechapel.app import WhitechapelApp
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import OPTIONS, Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.ui import jackturn, mapstyle, notebook, panels
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.source import LocalSource
from whitechapel.ui.widgets.choice import Choice

PLAYERS = {"jack": "Ann", "police": "Bob"}
ALL = Options(**dict.fromkeys(OPTIONS, True))


def app_for(game: LfwGame, tmp_path: Path) -> tuple[WhitechapelApp, LfwScreen]:
    record = record_of(game, players=PLAYERS, started="2026-01-01T00:00:00+00:00")
    screen = LfwScreen(LocalSource(game, record, Store(tmp_path)), game.board)
    return WhitechapelApp(start=screen), screen


WOMEN = ["3", "21", "65", "84", "158", "27", "147", "149"]
PATROLS = ["x58", "x53", "x127", "x185", "x64", "x184", "x181"]
SEED_11_KEYS = [
    "enter",
    *"93",
    "enter",  # the hand-over to Jack, his hideout
    *[k for w in WOMEN for k in (*w, "enter")],
    "enter",  # the last one confirmed
    "enter",  # to the police
    *[k for w in PATROLS for k in (*w, "enter")],
    "enter",
]


@pytest.mark.parametrize("size", [(200, 60), (120, 40)], ids=["200x60", "120x40"])
async def test_no_map_row_keeps_an_old_frame_seed_11(tmp_path, size):
    """The issue's reproduction: seed 11 on the 1888 board, hideout 93, women
    3 21 65 84 158 / 27 147 149, patrols x58 x53 x127 x185 x64 / x184 x181,
    Jack's H5 screen, then the default choices into the Hunt.  After every
    key the terminal shows exactly what a fresh frame shows: no row (the
    map's last one was never repainted) keeps an old highlight or a removed
    `?` until the map pans.  The circles and crossings are the first
    edition's, the board the issue was found on."""
    app, screen = app_for(LfwGame.new(11, Options(), load_board("whitechapel-1888@1")), tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle.settle(pilot)
        vt = VirtualTerminal(app)
        game = screen.source.game

        def check(after: str) -> None:
            assert not vt.stale_cells(), f"after {after!r} in {game.phase}: {vt.describe_stale()}"

        for key in [*SEED_11_KEYS, "enter"]:
            await settle.press(pilot, key)  # handled and drawn (every frame written)
            check(key)
        assert "Blood on the streets" in screen_text(app)
        for _ in range(12):  # the default choices: the first legal action each time
            keys = ["enter"] if screen.curtain_up else keys_for(game, str(game.legal_actions()[0]))
            await settle.press(pilot, *keys)
            check(" ".join(keys))
        assert game.phase in ("hunt", "clues", "searching", "escape")
        assert vt.frames > 40


def shown_legend(screen):
    """The legend's panel (F3): under the map, or beside it where under it
    the board would lose rows (round 4)."""
    return screen.query_one("#side_legend" if screen.has_class("legend-beside") else "#legend")


# -- games reaching a position, and the screen's parts ---------------------------------


def find_game(there, *, board=SEEDED_TUTORIAL, options=None, seeds=range(60), seeing=True):
    """The first seeded game (Jack mostly homing, police seeing his path so
    clues are found) that reaches a position where `there(game)` holds."""
    for seed in seeds:
        chance = Chance(seed)
        game = new_game(seed, board, options or Options())
        while game.outcome is None and not there(game):
            game.apply(choose(game, chance, homing=9, seeing=seeing))
        if there(game):
            return game
    raise AssertionError("no game reached the position")


def region_text(app, widget) -> str:
    """What the screen shows inside a widget's region, one line per row."""
    r = widget.region
    rows = screen_text(app).split("\n")[r.y : r.y + r.height]
    return "\n".join(row[r.x : r.x + r.width].rstrip() for row in rows)


async def shown(app, screen: LfwScreen, pilot) -> None:
    """Past the hand-over to whoever is to act."""
    await settle.settle(pilot)
    if screen.curtain_up:
        await settle.press(pilot, "enter")
        await settle.settle(pilot)


def events(game: LfwGame, kind: str) -> list[tuple]:
    return [e for e in game.events if e[0] == kind]


# -- the legend (F3) ----------------------------------------------------------------------


async def test_f3_shows_a_legend_of_what_the_map_shows_and_hides_it_again(tmp_path):
    game = find_game(lambda g: g.night == 1 and g.phase == "hunt")
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(app, screen, pilot)
        legend = screen.query_one("#legend")
        assert not legend.display and "f3 Legend" in screen_text(app).splitlines()[-1]  # the footer
        await settle.press(pilot, "f3")
        await settle.settle(pilot)
        # beside the map where under it the board would lose rows (round 4)
        text = region_text(app, shown_legend(screen))
        for meaning in ("circle", "red circle", "yellow crossing", "policemen", "crime scene"):
            assert meaning in text, text
        flat = " ".join(text.split())
        assert "path tonight" not in flat and "12 hideout" not in flat  # not Jack's marks
        tags = set(screen.query_one(MapView).marks.values())
        assert "real marker" in text or not {t for t in tags if t.startswith("marker-")}
        await settle.press(pilot, "f3")
        await settle.settle(pilot)
        assert not legend.display and "crime scene" not in screen_text(app)
        await settle.press(pilot, "f1")
        seen = []
        for _ in range(10):  # the help, page by page
            await settle.settle(pilot)  # shown, however loaded the machine (not a fixed pause)
            seen.append(screen_text(app))
            await settle.press(pilot, "pagedown")
        assert "F3 shows the legend" in " ".join(" ".join(seen).replace("┃", " ").split())


# -- clues of every night; the notebook ---------------------------------------------------


async def test_clues_of_earlier_nights_stay_on_the_map_a_colour_per_night(tmp_path):
    def there(g: LfwGame) -> bool:
        return (
            g.night == 2
            and g.phase == "hunt"
            and any(e[4] and e[1] == 1 for e in events(g, "search"))
        )

    game = find_game(there)
    night_1 = [e[3] for e in events(game, "search") if e[4] and e[1] == 1]
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await shown(app, screen, pilot)
        marks = screen.query_one(MapView).marks
        for c in night_1:
            assert marks[c] in ("clue-1", "crime", "target", "cursor", "woman"), (c, marks[c])
        assert "clue-1" in marks.values()
        assert (
            f"Clues, night 1, as found: {', '.join(map(str, dict.fromkeys(night_1)))}"
            in " ".join(region_text(app, screen.query_one("#notes")).split())
        )
        await settle.press(pilot, "f3")
        await settle.settle(pilot)
        assert "clue, night 1" in region_text(app, shown_legend(screen))


async def test_a_circle_searched_empty_and_later_found_is_a_clue_in_the_notebook(tmp_path):
    """Searched empty at one space, a clue at a later one (Jack passed after
    the first search): the notebook lists it with the clues, not under
    "Searched, no clue"."""

    def there(g: LfwGame) -> bool:
        found = [e for e in events(g, "search") if e[1] == g.night]
        return g.to_act == "police" and any(
            e[4] and any(f[3] == e[3] and not f[4] for f in found[: found.index(e)]) for e in found
        )

    game = find_game(there)
    found = [e for e in events(game, "search") if e[1] == game.night]
    circle = next(
        e[3]
        for e in found
        if e[4] and (game.night, e[3]) in {(f[1], f[3]) for f in found if not f[4]}
    )
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await shown(app, screen, pilot)
        notes = " ".join(region_text(app, screen.query_one("#notes")).split())
        empty = notes.split("Searched, no clue:")[1].split("Optional")[0]
        assert str(circle) not in empty.split(), notes
        clues = notes.split("Clues tonight, as found:")[1].split("Searched")[0]
        assert f"{circle} (searched empty at space" in clues, notes
        assert screen.query_one(MapView).marks[circle] in ("clue", "target", "cursor")


# -- the log ------------------------------------------------------------------------------


def newest_entry_end(game: LfwGame, side: str) -> str:
    """The last words of the newest log entry, as the log panel writes it."""
    text = panels.log_text(game.view(side), 1, board=game.board).split("\n")[-1]
    return " ".join(text.replace("[b]", "").replace("[/b]", "").split()[-2:])


@pytest.mark.parametrize("size", [(80, 24), (100, 32)], ids=["80x24", "100x32"])
async def test_the_newest_log_entry_is_always_in_sight_however_long_the_entries(tmp_path, size):
    """A long log of wrapped entries: the newest entry's last words are on
    the screen; at 80×24 F5 brings the log into sight in the notebook's
    place, and F5 again takes it away."""
    game = find_game(lambda g: g.night == 1 and g.phase == "clues" and len(g.events) > 25)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await shown(app, screen, pilot)
        log = screen.query_one("#log")
        long_entries = [e for e in game.view(POLICE).log if len(panels.log_line(e)) > 34]
        assert len(long_entries) >= 3  # they wrap in the 34-cell panel
        if size == (80, 24):
            assert not log.display  # the notebook has the room: F5 for the log
            await settle.press(pilot, "f5")
            await settle.settle(pilot)
        assert log.display
        end = newest_entry_end(game, POLICE)
        assert end in " ".join(region_text(app, log).split()), region_text(app, log)
        # The police play on: the new entry is in sight at once.
        for _ in range(3):
            keys = keys_for(game, str(game.legal_actions()[0])) if not screen.curtain_up else []
            for key in keys or ["enter"]:
                await settle.press(pilot, key)
            await settle.settle(pilot)
            if screen.curtain_up or not log.display:
                break
            assert newest_entry_end(game, POLICE) in " ".join(region_text(app, log).split())
        if size == (80, 24) and log.display:
            await settle.press(pilot, "f5")
            await settle.settle(pilot)
            assert not log.display and screen.query_one("#notes").display


async def test_pgup_pages_back_through_the_log_and_pgdn_returns(tmp_path):
    game = find_game(lambda g: g.night == 1 and g.phase == "clues" and len(g.events) > 25)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(app, screen, pilot)
        log = screen.query_one("#log")
        end = newest_entry_end(game, POLICE)
        await settle.press(pilot, "pageup")
        await settle.settle(pilot)
        text = " ".join(region_text(app, log).split())
        assert end not in text and "newer (PgDn)" in text
        await settle.press(pilot, "pagedown")
        await settle.settle(pilot)
        assert end in " ".join(region_text(app, log).split())


# -- the move track: O2's false clue tokens ---------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
async def test_the_false_clue_tokens_are_counted_in_full(tmp_path, size):
    game = find_game(
        lambda g: g.night == 1 and g.phase == "hunt", options=Options(false_clues=True)
    )
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await shown(app, screen, pilot)
        track = region_text(app, screen.query_one("#track"))
        assert f"Coaches left {game.coaches} · alleys left {game.alleys}" in track
        assert f"False clue tokens: {game.false_clue_tokens}" in track, track


# -- 80×24 ----------------------------------------------------------------------------------


def buttons(screen: LfwScreen) -> list[Choice]:
    return [c for c in screen.query(Choice) if c.choice]


async def test_at_80x24_every_choice_button_is_whole_on_the_screen(tmp_path):
    """T3 with every optional rule: search, arrest, area arrest, chase, pass,
    know and "0 all pass": seven buttons, none cut off; once a word is
    picked, Back is whole too."""
    game = find_game(
        lambda g: g.phase == "clues" and len({str(a).split()[1] for a in g.legal_actions()}) >= 5,
        options=ALL,
    )
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(app, screen, pilot)

        def all_whole(least: int) -> list[str]:
            shown_buttons = buttons(screen)
            assert len(shown_buttons) >= least, [b.label for b in shown_buttons]
            row = screen_text(app).splitlines()[shown_buttons[0].region.y]
            for b in shown_buttons:
                assert b.region.right <= 80 and b.region.width >= 8, (b.label, b.region)
                width = b.region.width
                visible = b.label if len(b.label) <= width else b.label[: width - 1] + "…"
                assert visible in row, (b.label, row)
            return [b.label for b in shown_buttons]

        all_whole(6)
        await settle.press(pilot, "2")  # arrest: Back is offered
        await settle.settle(pilot)
        assert "Back" in all_whole(2)


# -- Jack's turn ------------------------------------------------------------------------------


async def test_jacks_turn_labels_his_moves_with_their_cost_and_shows_him_alone_the_way_home(
    tmp_path,
):
    """T1 on the 1888 board (the issue's seed 11, after the kill at 65): his
    screen lists walk, coach and alley with the spaces they write and the
    tokens they leave, his path tonight and how far his hideout is, and
    marks where each kind of move takes him; after his move the police's
    screen shows none of it.  (The first edition's circles, as in the issue.)"""
    app, screen = app_for(LfwGame.new(11, Options(), load_board("whitechapel-1888@1")), tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        # 1 kill, 65 and Enter: the kill is asked; Enter kills (H5, round 8)
        for key in [*SEED_11_KEYS, "enter", "1", "6", "5", "enter", "enter"]:
            await settle.press(pilot, key)
        await settle.settle(pilot)
        game = screen.source.game
        assert game.phase == "escape" and screen.holder == JACK
        notes = " ".join(region_text(app, screen.query_one("#notes")).split())
        assert "Your hideout: 93 · 2 moves away" in notes, notes
        assert "On circle 65 · 15 spaces left" in notes and "Tonight: I:65✝" in notes
        assert "1 walk: space 1" in notes and "2 coach: spaces 1–2 (3 left)" in notes
        assert "3 alley: space 1 (2 left)" in notes
        reach = {
            tag for tag in screen.query_one(MapView).marks.values() if tag.startswith("reach-")
        }
        assert reach == {"reach-step", "reach-coach", "reach-alley"}
        # He walks: the map shows the circles a walk reaches as targets now.
        await settle.press(pilot, "1")
        await settle.settle(pilot)
        marks = screen.query_one(MapView).marks
        assert not any(t.startswith("reach-") for t in marks.values())
        step = next(a for a in game.legal_actions() if str(a).startswith("step"))
        for key in keys_for(game, str(step))[1:]:
            await settle.press(pilot, key)
        await settle.settle(pilot)
        assert screen.curtain_up  # the hand-over to the police
        await settle.press(pilot, "enter")
        await settle.settle(pilot)
        assert screen.holder == POLICE
        text = screen_text(app)
        for secret in ("Jack only", "moves away", "spaces left", "Tonight:", "Your move", "walk:"):
            assert secret not in text, secret
        tags = set(screen.query_one(MapView).marks.values())
        assert not any(t.startswith("reach-") for t in tags)
        assert "Jack moves: space 1" in " ".join(region_text(app, screen.query_one("#log")).split())


def test_jacks_moves_home_count_alleys_and_ignore_the_police():
    board = load_board(None)
    a, b = 65, 93
    walking = board.jack_distance(a, b)
    assert jackturn.moves_home(board, a, b, alleys=0) == walking
    assert jackturn.moves_home(board, a, b, alleys=2) <= walking
    assert jackturn.moves_home(board, b, b, alleys=0) == 2  # on it: out and back to announce it
    # An alley shortens some ways home: somewhere on the board it must.
    shorter = [
        (c, h)
        for c in (1, 40, 100, 150)
        for h in (30, 93, 190)
        if jackturn.moves_home(board, c, h, 2) < board.jack_distance(c, h)
    ]
    assert shorter


# -- wording --------------------------------------------------------------------------------


@pytest.mark.parametrize("winner", ["police", "jack"])
async def test_the_end_names_the_winners_in_good_english(tmp_path, winner):
    game = find_game(
        lambda g: g.outcome is not None and g.outcome.winner == winner, seeing=winner == "police"
    )
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        banner = screen_text(app).splitlines()[0]
        expected = "The police (Bob) win" if winner == "police" else "Ann (Jack) wins"
        assert f"game over: {expected}" in banner, banner
        assert "police wins" not in screen_text(app)
        await settle.press(pilot, "f5")
        await settle.settle(pilot)
        log = " ".join(region_text(app, screen.query_one("#log")).split())
        assert (
            "Game over. The police win:" if winner == "police" else "Game over. Jack wins:"
        ) in log
    summary = RULES.summary(game.view(POLICE), PLAYERS, len(game.history))
    assert f"Game over: {expected} —" in summary


async def test_the_log_says_a_policeman_stays_and_a_coach_takes_two_spaces(tmp_path):
    def there(g: LfwGame) -> bool:
        stays = [e for e in events(g, "police_move") if e[3] is None and e[1] == g.night]
        coach = [e for e in events(g, "move") if e[2] == "coach" and e[1] == g.night]
        return bool(stays and coach) and g.phase == "clues"

    game = find_game(there)
    coach = next(e for e in events(game, "move") if e[2] == "coach" and e[1] == game.night)
    first = panels.SPACE_NAMES[coach[3]]
    second = panels.SPACE_NAMES[coach[3] + 1]
    stay = next(e for e in events(game, "police_move") if e[3] is None)[2]
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(120, 60)) as pilot:
        await shown(app, screen, pilot)
        await settle.press(pilot, "f5")  # the whole log in the notebook's place
        await settle.settle(pilot)
        log = " ".join(region_text(app, screen.query_one("#log")).split())
        assert f"Jack takes a coach: spaces {first} and {second}" in log, log
        assert f"{stay.capitalize()} stays" in log
        assert "None" not in log and "to space" not in log


async def test_the_help_says_both_coach_steps_ignore_the_police_and_when_the_police_win(tmp_path):
    app, _screen = app_for(find_game(lambda g: g.phase == "hunt"), tmp_path)
    async with app.run_test(size=(120, 50)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "f1")
        seen = []
        for _ in range(30):  # read it page by page (the rules close the page: round 21)
            await settle.settle(pilot)  # shown, however loaded the machine
            seen.append(screen_text(app))
            await settle.press(pilot, "pagedown")
        text = " ".join(" ".join(seen).replace("┃", " ").split())
        assert "two steps at once, ignoring the policemen" in text
        assert "may pass a policeman" not in text
        assert "when he cannot move" in text or "cannot move" in text
        assert "space 15" in text and "the police win" in text.lower()


async def test_the_patrols_of_nights_2_to_4_go_where_the_policemen_ended(tmp_path):
    game = find_game(lambda g: g.night == 2 and g.phase == "patrols")
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await shown(app, screen, pilot)
        prompt = " ".join(region_text(app, screen.query_one("#prompt")).split())
        assert "where the policemen ended last night" in prompt, prompt
        assert "two yellow ones of" in prompt
        assert not prompt.startswith("Place the patrol markers on yellow crossings")


async def test_at_the_end_each_night_shows_its_own_clues_and_the_earlier_ones_faded(tmp_path):
    def there(g: LfwGame) -> bool:
        nights = {e[1] for e in events(g, "search") if e[4]}
        return g.outcome is not None and {1, 2} <= nights

    game = find_game(there)
    clues = notebook.clues_by_night(game.view(POLICE).log)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "2")
        await settle.settle(pilot)
        marks = screen.query_one(MapView).marks
        strong = {"clue", "hideout", "jack"}  # a clue is only hidden by Jack's own marks
        assert all(marks[c] in strong for c in clues[2])
        assert any(marks.get(c) == "clue-1" for c in set(clues[1]) - set(clues[2]))
        assert not any(marks.get(c) == "clue" for c in set(clues.get(3, [])) - set(clues[2]))
        await settle.press(pilot, "1")
        await settle.settle(pilot)
        marks = screen.query_one(MapView).marks
        assert all(marks[c] in strong for c in clues[1])
        assert not any(t in ("clue-2", "clue-3") for t in marks.values())


async def test_a_window_shrunk_to_80x24_keeps_every_key_in_the_footer_and_the_legend_whole(
    tmp_path,
):
    app, screen = app_for(find_game(lambda g: g.phase == "hunt"), tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await shown(app, screen, pilot)
        # F6: no notebook tint, whose legend line would make the one-column
        # legend of an 80x24 window taller than its half of the centre
        await settle.press(pilot, "f6", "f6", "f3")  # F6: the other view, then off
        await settle.settle(pilot)
        assert "^p palette" in screen_text(app).splitlines()[-1]
        await pilot.resize_terminal(80, 24)
        await settle.settle(pilot)
        await settle.settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert footer.rstrip().endswith("^q Quit") and "palette" not in footer, footer
        legend = screen.query_one("#legend")
        lines = [line.strip() for line in region_text(app, legend).splitlines()[1:]]
        marks = screen.query_one(MapView).marks
        tags = {*marks.values(), *screen.query_one(MapView).lit.values()}
        grid = mapstyle.legend_markup(legend.region.width - 2, tags=tags, side=POLICE, marks=marks)
        expected = [line.strip() for line in Text.from_markup(grid).plain.splitlines()]
        assert lines == expected  # laid out anew in columns for 80: no entry cut in two
        assert screen.has_class("compact")
