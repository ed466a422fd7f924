"""Round 18, LfW's words and small screens (issue 43; testers G2 and H2 of
round 17): the F1 help in short sections, the police panel's one pattern,
last night's policemen while night 2's Hell is played, puzzle 4's missing
fact, a wrong key that keeps the choices in sight, the saved games told
apart, the Seed row, ctrl+s said on the screen, the night's summary wrapped
under its headings."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Input

import settle
from lfw_app_play import SEEDED_1888, game_app, prompt_text, raise_curtain
from lfw_play import default_women
from snapshots import screen_text
from whitechapel.app import ContinueScreen, WhitechapelApp, listed_words
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.puzzles import PUZZLES
from whitechapel.lfw.rulebook import COLOURS, JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import nightend, panels, placenames
from whitechapel.lfw.ui.mapview import MapView
from whitechapel.lfw.ui.puzzles import PuzzleScreen
from whitechapel.lfw.ui.setup import SEED_HINT, LfwSetup
from whitechapel.ui.screens.game import help_text
from whitechapel.ui.screens.help import HelpScreen

LETTER = {"blue": "B", "yellow": "Y", "brown": "N", "red": "R", "green": "G"}


def plain(markup: str) -> list[str]:
    return Text.from_markup(markup).plain.split("\n")


def random_until(seed: int, stop, limit: int = 3000, seen=None) -> LfwGame | None:
    """Play on the 1888 board (homeward Jack, random police) until
    `stop(game)` (None: not reached); `seen(game)` is called at each step."""
    game, chance = LfwGame.new(seed, board=load_board(SEEDED_1888)), Chance(seed)
    for _ in range(limit):
        if game.outcome is not None:
            return None
        if seen is not None:
            seen(game)
        if stop(game):
            return game
        if game.to_act == JACK:
            game.apply(homeward_action(game.clone(), chance))
        else:
            game.apply(game.random_action(chance))
    return None


# -- 1. F1: short headed sections, a turn's keys first ---------------------------------------


def _bullets(markdown: str) -> list[str]:
    """Each bullet of the help, its wrapped lines joined."""
    bullets: list[str] = []
    for line in markdown.splitlines():
        if re.match(r"\s*- ", line):
            bullets.append(line.strip()[2:])
        elif line.startswith("  ") and bullets:
            bullets[-1] += " " + line.strip()
    return bullets


def test_f1_is_short_bullets_under_headings_and_a_turns_keys_come_first():
    """H2: "a wall of text. One bullet tries to explain letters, the double
    event, the Wretched, coaches and what Enter does, all at once"."""
    text = help_text("whitechapel.lfw.ui")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "The rules"  # testers O2 and P2, round 21: the rules first
    assert headings[1].startswith("A police turn") and headings[2].startswith("A Jack turn")
    assert "Keys" in headings  # the key reference follows the two turns
    longest = max(_bullets(text), key=len)
    assert len(longest) <= 200, longest  # one idea a bullet (the old one: 560 characters)
    # nothing lost: every rule and key the old help named is still named, the
    # rules in words (tester K2, round 19: no tags)
    for said in (
        "The moves",
        "Search or arrest",
        "Jack's move",
        "**Hell**",
        "The Wretched",
        "I know where you live",
        "**0 0**",
        "B Y N R G",
        "**9**",
    ):
        assert said in text, said
    for key in ("F1", "F2", "F3", "F4", "F5", "F6", "F9", "ctrl+s", "ctrl+q", "Space", "Tab"):
        assert key in text, key


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_f1_in_a_game_opens_on_the_turns_keys_and_ends_with_the_rules(tmp_path, size):
    """Round 18: in a game F1 opens on the turn's keys, Jack's at his turn
    (tester S2, round 23); the whole rules (testers O2 and P2, round 21)
    close the page (the menu's "Rules of …" opens on them)."""
    game = LfwGame.new(3)  # Jack chooses his hideout
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "f1")
        await settle.settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        shown = screen_text(app)
        assert "A Jack turn: two to four keys" in shown
        assert "Jack's move" in shown  # the first key, in the first window
        text = app.screen.markdown
        heads = [text.index(h) for h in ("## A Jack turn", "## A police turn", "## Keys")]
        assert heads == sorted(heads) and heads[-1] < text.index("## The rules")


# -- 2. the police panel: where, then what, one pattern ------------------------------------

LINE = re.compile(
    r"^[ ▶]([BYNRG]|[BYNRG] (blue|yellow|brown|red|green)|(blue|yellow|brown|red|green))"
    r"( (?P<where>between .+|beside .+|by .+|near .+) ·)?"
    r" (searches( \d+)+|touches no circle)…?$"
)


def test_every_police_line_says_where_then_what_and_all_in_one_form():
    """H2: "Y yellow: 110 122 123 137", "Y yellow searches 99 100 120", "B
    blue 47·62 · searches 47 62": one pattern, never a bare list."""
    seen = 0
    for seed in range(12):
        game = random_until(seed, lambda g: g.phase == "clues" and g.night == 1)
        if game is None:
            continue
        for side in (POLICE, JACK):
            lines = plain(panels.police_text(game.view(side), board=game.board))[1:]
            assert len(lines) == 5
            for line in lines:
                assert ": " not in line, line
                assert LINE.match(line), line
                assert cell_len(line) <= panels.PANEL_WIDTH, line
            placed = {bool(LINE.match(line)["where"]) for line in lines}
            assert len(placed) == 1, lines  # each says where, or none does
        seen += 1
    assert seen >= 4


def test_a_wide_panel_says_where_each_stands_between_which_circles():
    game = random_until(1, lambda g: g.phase == "clues")
    assert game is not None
    lines = plain(panels.police_text(game.view(POLICE), board=game.board, width=80))[1:]
    for c, line in zip(COLOURS, lines, strict=True):
        x = game.view(POLICE).police[c]
        assert f"{LETTER[c]} {c} {placenames.between(game.board, x)} · " in line, line


# -- 3. last night's policemen, in night 2's Hell --------------------------------------------


def _night_two_hell(seed: int) -> tuple[LfwGame, dict[str, str]] | None:
    """A game in night 2's women or patrols, and where each policeman stood
    when night 1 ended (read from the state: what the panel must say)."""
    last: dict[str, str] = {}

    def note(game: LfwGame) -> None:
        if game.night == 1 and game.police:
            last.update(game.police)

    game = random_until(seed, lambda g: g.night == 2 and g.phase in ("women", "patrols"), seen=note)
    return None if game is None else (game, last)


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_night_two_the_panel_says_where_each_policeman_ended_last_night(seed):
    """G2: "The panel shows `B blue —`; only the log has them"; they decide
    where the patrol markers may go (H3)."""
    found = _night_two_hell(seed)
    assert found is not None
    game, last = found
    assert not game.view(POLICE).police and len(last) == 5
    board = game.board
    texts = {}
    for side in (JACK, POLICE, "public"):
        view = game.view(side)
        full = plain(panels.police_text(view, board=board))
        texts[side] = full
        for c in COLOURS:
            line = next(li for li in full if li[1:].startswith(f"{LETTER[c]} {c}"))
            assert "— (last night " in line, line
            # the place, as long as it fits: its circles, or its short name
            # (its side spelt out where the row holds it: L2, round 19)
            shorts = [placenames.short_name(board, last[c], s) for s in (True, False)]
            assert any(s.split()[-1] in line for s in shorts) or (
                placenames.between(board, last[c]) in line
            )
        compact = " ".join(plain(panels.police_text(view, compact=True, board=board)))
        assert "last night" in compact.lower()
        for c in COLOURS:
            shorts = [placenames.short_name(board, last[c], s) for s in (True, False)]
            assert any(f"{LETTER[c]} {s}" in compact for s in shorts), compact
    assert texts[JACK] == texts[POLICE] == texts["public"]  # public facts only


def test_night_one_has_no_last_night():
    game = random_until(0, lambda g: g.phase == "women")
    assert game is not None
    lines = plain(panels.police_text(game.view(JACK), board=game.board))
    assert all("last night" not in line for line in lines)


# -- 4. puzzle 4 shows what its explanation needs --------------------------------------------


@pytest.mark.parametrize("number", [n for n, p in enumerate(PUZZLES, 1) if p.side == POLICE])
async def test_a_puzzle_shows_where_the_policemen_who_moved_stood_when_jack_moved(number):
    """G2: puzzle 4's explanation needs Green on the crossing between 22
    and 33 when Jack stepped; the map showed it empty."""
    p = PUZZLES[number - 1]
    _, then = p.before_move
    moved = {c: x for c, x in then.items() if p.view.police.get(c) != x}
    app = WhitechapelApp(start=PuzzleScreen(number))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        marks = app.screen.query_one(MapView)
        for colour, x in moved.items():
            said = f"{colour.capitalize()} stood on {placenames.crossing_name(p.board, x)}"
            assert said in text, (said, text)
            assert marks.marks.get(x) == f"revealed-{colour}"
            assert marks.texts.get(x) == LETTER[colour].lower()


def test_puzzle_four_says_green_stood_between_22_and_33_when_jack_stepped():
    p = PUZZLES[3]
    _, then = p.before_move
    assert placenames.crossing_name(p.board, then["green"]) == "the crossing between 22 and 33"
    assert p.view.police["green"] != then["green"]
    assert "between 22 and 33" in p.explanation and "16 and 21" in p.question


# -- 5. a wrong key keeps the choices in sight -----------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_a_wrong_key_says_why_and_the_letters_stay_on_the_keys_line(tmp_path, size):
    """G2, placing patrol markers: "'l' is not a key here: a letter on the
    map chooses its crossing." and the list of valid crossings was gone."""
    game = LfwGame.new(3)
    game.play("hideout 100")
    game.play(default_women(game))
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        assert game.phase == "patrols" and screen.holder == POLICE
        before = prompt_text(app)
        letters = re.findall(r"\b([a-z])→([\d·]+)", before)
        assert len(letters) >= 3, before
        await settle.press(pilot, "w")  # no crossing's letter
        after = prompt_text(app)
        assert "'w' is not a key here" in after, after
        for letter, circles in letters[:3]:
            assert f"{letter}→{circles}" in after, after
        assert game.phase == "patrols"  # nothing changed
        await settle.press(pilot, letters[0][0])  # the letters still choose
        assert "'w' is not a key here" not in prompt_text(app)


# -- 6. the saved games told apart -----------------------------------------------------------


def test_each_game_says_of_a_saved_game_its_night_or_round():
    from whitechapel.pocket.game import PocketGame

    game = random_until(4, lambda g: g.night == 2 and g.phase == "women")
    assert game is not None
    assert listed_words(record_of(game)) == "night 2, Whitechapel 1888 board"
    tutorial = LfwGame.new(2, board=load_board("tutorial"))
    assert listed_words(record_of(tutorial)) == "before the first night, Tutorial board"
    pocket, chance = PocketGame.new(3), Chance(3)
    while pocket.view("public").round < 2:
        pocket.play(str(pocket.legal_actions()[chance.below(len(pocket.legal_actions()))]))
    assert listed_words(record_of(pocket)) == "round 2"


def test_the_words_come_from_the_public_view_alone():
    """Two games alike but for Jack's hideout are listed alike."""
    a, b = LfwGame.new(5), LfwGame.new(5)
    a.play("hideout 100")
    b.play("hideout 101")
    assert listed_words(record_of(a)) == listed_words(record_of(b))


async def test_the_continue_list_shows_the_night_and_board(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path))
    game = random_until(4, lambda g: g.night == 2 and g.phase == "women")
    assert game is not None
    Store(tmp_path).save(record_of(game), "two")
    app = WhitechapelApp(start=ContinueScreen())
    async with app.run_test(size=(100, 24)) as pilot:
        await settle.settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "lfw · " in text and "night 2, Whitechapel 1888 board" in text, text


# -- 7. the Seed row says what a seed pins ---------------------------------------------------


async def test_the_seed_row_says_it_pins_the_chief_tokens_not_the_computer():
    """G2: the row said "the order of the Chief tokens", the README "pinned"."""
    assert LfwGame.new(77).setup == LfwGame.new(77).setup  # the seed pins the setup
    app = WhitechapelApp(start=LfwSetup())
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        seed = app.screen.query_one("#seed", Input)
        assert seed.placeholder == SEED_HINT
        # two people: no computer to vary (T4, LfW round 50)
        assert "Chief tokens' order" in SEED_HINT and "computer" not in SEED_HINT
        await settle.press(pilot, "right")  # Play: the computer plays a side
        assert app.screen.query_one("#opponent").value != "people"
        assert seed.placeholder.endswith("; the computer varies"), seed.placeholder
        await settle.press(pilot, "left")
        assert seed.placeholder == SEED_HINT


def test_the_computer_draws_its_own_seed_so_a_seed_does_not_pin_its_moves():
    """What the Seed row says is true: the hot seat's computer player is
    made from a fresh seed, not the game's (ui/turns.py)."""
    import inspect

    from whitechapel.ui import turns

    source = inspect.getsource(turns.TurnControl._ask)
    assert "new_seed()" in source


# -- 8. ctrl+s said where the player looks ---------------------------------------------------


@pytest.mark.parametrize("over", [False, True])
async def test_ctrl_s_says_record_saved_as_its_name_on_the_prompt(tmp_path, over):
    """H2: "ctrl+s gave no confirmation I could see" (on the game-over screen)."""
    game, chance = LfwGame.new(6), Chance(6)
    while over and game.outcome is None:
        game.apply(game.random_action(chance))
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "ctrl+s")
        await settle.settle(pilot)
        names = [s.path.name for s in Store(tmp_path).list() if s.path.name.startswith("game-")]
        assert len(names) == 1, names
        said = " ".join(prompt_text(app).split())
        # and where (tester F3, round 30: "does not say which folder")
        folder = Store(tmp_path).list()[0].path.parent
        assert f"Record saved as {names[0]} in {folder}" in said, said


# -- 9. the night's summary: long lists under their headings ---------------------------------


def _long_night() -> tuple[LfwGame, int]:
    """A game whose first night ended with many searches in vain."""
    for seed in range(40):
        game = random_until(seed, lambda g: g.night == 2)
        if game is None:
            continue
        view = game.view(POLICE)
        seen = next((n for n in view.nights if n.night == 1), None)
        if seen is not None and len({s.circle for s in seen.searches if not s.clue}) >= 30:
            return game, 1
    raise AssertionError("no night with 30 searches in vain")


def test_a_long_list_wraps_under_its_heading_within_the_summarys_width():
    """H2 at 200 columns: "Searched in vain: 3, 5, …, 102, 110," then "122,
    123, 137." wrapped at the window's edge, centred under it."""
    game, night = _long_night()
    view = game.view(POLICE)
    lines = plain(nightend.night_summary(view, night, hideouts=40))
    listing = [line for line in lines if re.search(r"\d+, \d+, \d+", line)]
    assert listing and max(cell_len(line) for line in listing) <= nightend.LIST_WIDTH
    assert "The police found clues on " in " ".join(lines)  # no colon after "on"
    i = lines.index("Searched in vain:")
    seen = next(n for n in view.nights if n.night == night)
    vain = sorted({s.circle for s in seen.searches if not s.clue})
    rows = []
    for line in lines[i + 1 :]:
        if not re.fullmatch(r"[\d, .]+", line):
            break
        rows.append(line)
    assert [int(n) for n in re.findall(r"\d+", " ".join(rows))] == vain
    assert rows[-1].endswith(".") and len(rows) >= 2


async def test_on_the_screen_the_list_sits_in_the_middle_at_200_columns(tmp_path):
    game, _ = _long_night()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        if screen.curtain_kind != nightend.NIGHT_END:  # told already: told the police again
            screen.nights_told.clear()
            screen.tell_night(POLICE)
            await settle.settle(pilot)
        assert screen.curtain_kind == nightend.NIGHT_END
        rows = screen_text(app).split("\n")
        head = next(r for r in rows if r.strip() == "Searched in vain:")
        listed = rows[rows.index(head) + 1 : rows.index(head) + 3]
        for row in [head, *listed]:
            indent = len(row) - len(row.lstrip())
            assert indent > 60, row  # under the heading, in the middle: not at the edge
