"""Round 19's findings of play-tester L2 (issue 43;
docs/playtests/2026-12-06-lfw-round19-L2.md), each checked as a player
would notice it."""

from __future__ import annotations

import re
from concurrent.futures import Future

import pytest
from rich.cells import cell_len
from rich.text import Text

import settle
from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
from polling import until
from snapshots import screen_text
from whitechapel.app import WhitechapelApp
from whitechapel.core import players
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.legal import legal_texts
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import panels, placenames, sentences
from whitechapel.lfw.ui.picking import SWEEP_KEY, picking_for
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.source import LocalSource

COMPUTER = players.computer_name(players.levels("lfw")[0])


class KillingJack:
    """A thinker whose Jack kills as soon as he may, else plays his first
    legal action (a marker turned, a step)."""

    levels = {JACK: players.levels("lfw")[0]}

    def ask(self, side, view) -> Future:
        texts = legal_texts(view)
        text = next((t for t in texts if t.startswith("kill ")), texts[0])
        future: Future = Future()
        future.set_result(players.Answer(text, 0.0))
        return future

    def forget(self) -> None:
        pass


def _wretched_before_a_kill(g) -> bool:
    """H6, the police to move the Wretched, from night 2 (Jack kills next)."""
    return g.phase == Phase.WRETCHED and g.to_act == POLICE and g.night >= 2


def _police_against_the_computer(game, tmp_path) -> tuple[WhitechapelApp, LfwScreen]:
    record = record_of(game, players={JACK: COMPUTER, POLICE: "Ann"})
    screen = LfwScreen(LocalSource(game, record, Store(tmp_path)), game.board)
    screen.turns.thinker = KillingJack()
    return WhitechapelApp(start=screen), screen


async def _police_turn(pilot, screen: LfwScreen) -> None:
    def police_to_act() -> bool:
        game = screen.source.game
        return game.phase == Phase.HUNT and screen.turns.thinking is None

    await until(police_to_act, what="the police's T2", pilot=pilot)
    await settle.settle(pilot)


@pytest.mark.parametrize("again", ["0", "enter"])
async def test_h6_t2_a_0_after_the_kill_asks_before_everyone_stays(tmp_path, monkeypatch, again):
    """L2: "0" moved every Wretched in H6; Jack killed, and the next "0"
    landed in T2, where it means "everyone stays": all five policemen stood
    still, nothing asked.  Now T2's first 0 only says what it would do,
    nobody moves, and a second 0 (or Enter) does it."""
    monkeypatch.setattr(LfwScreen, "PACE", 0.0)
    game = first_game_where(3, _wretched_before_a_kill, tries=100)
    app, screen = _police_against_the_computer(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle.settle(pilot)
        assert "every Wretched" in prompt_text(app), prompt_text(app)
        await settle.press(pilot, "0", "0")  # H6: every Wretched left, asked first
        await _police_turn(pilot, screen)
        assert any(str(a).startswith("kill ") for a in game.history)
        n = len(game.history)
        await settle.press(pilot, "0")  # meant for the Wretched, typed ahead
        asked = prompt_text(app)
        assert len(game.history) == n, [str(a) for a in game.history[n:]]
        assert "0: everyone" in asked and "stays where they are" in asked, asked
        assert "0 again: yes (Enter too)" in asked, asked
        await settle.press(pilot, again)
        played = [str(a) for a in game.history[n:]]
        assert played and all(t.endswith(" stay") for t in played), played
        assert len(played) == 5, played


async def test_t2_after_0s_question_3_makes_only_the_acting_policeman_stay(tmp_path, monkeypatch):
    """The question says "3: only Yellow stays": 3 does that, not a
    "Nothing done"."""
    monkeypatch.setattr(LfwScreen, "PACE", 0.0)
    game = first_game_where(3, _wretched_before_a_kill, tries=100)
    app, screen = _police_against_the_computer(game, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle.settle(pilot)
        await settle.press(pilot, "0", "0")
        await _police_turn(pilot, screen)
        n, acting = len(game.history), game.acting_colour
        await settle.press(pilot, "0")
        assert f"3: only {sentences.name(acting)} stays" in prompt_text(app)
        await settle.press(pilot, "3")
        assert [str(a) for a in game.history[n:]] == [f"{acting} stay"]


def test_t3_9_and_0_at_the_turns_start_ask_first():
    """9 at T3's start searches for everyone: asked first, as T2's 0.  T3's
    0 at its start too, where a policeman moved in T2 (testers Y2, round
    27, and D3, round 29: it passed every search at once, "which cost me a
    full round of searches"), and after a T2 where all stayed as well
    (`test_a_police_turn_where_nobody_moves_or_acts_takes_four_keys`)."""

    def t3_start(g) -> bool:
        if g.phase != Phase.CLUES or g.to_act != POLICE:
            return False
        view = g.view(POLICE)
        if sentences.police_order(view).index(view.acting_colour) != 0:
            return False
        return picking_for(view, g.board).sweep_offered()

    game = first_game_where(4, t3_start, tries=100)
    p = picking_for(game.view(POLICE), game.board)
    press = p.press(SWEEP_KEY)
    assert press.kind == "arm", press
    assert "9 again: yes (Enter too)" in press.value and "everyone" in press.value
    assert p.press(SWEEP_KEY).kind == "rest"
    press = p.press("0")
    assert press.kind == "arm" and "0 again: yes" in press.value, press
    assert p.press("0").kind == "rest"


def _later_patrols(g) -> bool:
    """H3 from night 2: the police to place their markers."""
    return g.phase == Phase.PATROLS and g.night >= 2 and g.to_act == POLICE


async def place_by_letters(pilot, screen: LfwScreen, crossings) -> None:
    """H3: each of `crossings` in turn, by the letter the map gives it."""
    for crossing in crossings:
        letter = next(k for k, v in screen.picking.labels().items() if v == crossing)
        await settle.press(pilot, letter)


async def test_h3_the_prompt_says_before_the_key_where_the_last_fake_goes_by_itself(tmp_path):
    """L2: Red's marker went on a yellow crossing, fake 1 elsewhere, and
    the last fake was put on Red's old crossing for him; his next key, for
    fake 2, "vanished".  The prompt for fake 1 says where the last fake
    goes if fake 1 goes elsewhere, and a key after the last marker says
    where it went."""
    game = first_game_where(3, _later_patrols, tries=100)
    placement = game.view(POLICE).placement
    may = [x for x in placement.may if x not in placement.must]
    reals = [may[0], *placement.must[:4]]  # one policeman's old crossing left bare
    bare = placement.must[4]
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await place_by_letters(pilot, screen, reals)
        bare_letter = next(k for k, v in screen.picking.labels().items() if v == bare)
        said = prompt_text(app)
        assert "If this fake goes elsewhere, the last fake goes on" in said, said
        assert f"{bare_letter} ({placenames.between(game.board, bare)}) by itself" in said, said
        # whole on the screen at 200 columns (tester N2, round 20: cut at its end)
        assert "by itself" in " ".join(screen_text(app).split()), screen_text(app)
        other = next(k for k, v in screen.picking.labels().items() if v == may[1])
        await settle.press(pilot, other)  # fake 1 elsewhere: the last goes on `bare`
        assert screen.picking.placed_all()
        await settle.press(pilot, bare_letter)  # the key for fake 2, no longer asked
        said = prompt_text(app)
        assert f"the last fake went on {placenames.crossing_name(game.board, bare)}" in said, said


def _t2_mixed_crossing(g) -> bool:
    """T2, a lettered crossing beside circles where Jack can be and others."""
    if g.phase != Phase.HUNT or g.to_act != POLICE:
        return False
    p = picking_for(g.view(POLICE), g.board)
    jack = p.hunt_circles()
    return any(
        jack & set(near) and set(near) - jack
        for near in (placenames.touches(g.board, x) for _, x in p.crossing_labels())
    )


@pytest.mark.parametrize("size", [(200, 60), (80, 24)])
async def test_t2_the_crossing_lists_name_only_jacks_circles_in_the_same_words(tmp_path, size):
    """L2: the prompt said "the circles beside each where Jack can be are
    on the right", but the list there gave every circle beside each
    crossing, Jack's only underlined.  Beside each letter the screen lists
    only the circles where Jack can be, nothing underlined, and the prompt
    says the same words at every size."""
    game = first_game_where(5, _t2_mixed_crossing, tries=300)
    p = picking_for(game.view(POLICE), game.board)
    jack = p.hunt_circles()
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await raise_curtain(pilot, screen)
        assert "letter on the map → the circles beside it where Jack can be" in prompt_text(app)
        panel = screen.picking.choices_text()
        assert "[u]" not in panel, panel
        plain = Text.from_markup(panel).plain
        shown = dict(re.findall(r"(?:^|\s)([a-zA-Z])→(\S+)", plain))
        none = re.search(r"\b((?:[a-zA-Z] )*[a-zA-Z]): none", plain)
        for letter in none[1].split() if none else []:
            shown[letter] = ""
        for letter, crossing in p.crossing_labels():
            near = [c for c in placenames.touches(game.board, crossing) if c in jack]
            assert shown[letter] == "·".join(map(str, near)), (letter, shown)
        if size == (200, 60):  # the side panel on the screen beside the map
            flat = " ".join(screen_text(app).split())
            assert all(f"{k}→{v}" in flat for k, v in shown.items() if v), flat


def test_crossings_told_apart_by_side_say_the_side_in_words():
    """L2: "beside 48 (south)" in the log, "B by 48 S" in the panel.  A
    crossing's name says its side in words; the short form abbreviates it
    only where asked to."""
    board = load_board("whitechapel-1888")
    sided = [(x, p) for x, p in placenames.places(board).items() if p.side]
    assert sided
    for x, p in sided:
        name = placenames.crossing_name(board, x)
        assert f", to the {p.side}" in name and "(" not in name, name
        assert placenames.short_name(board, x, spelt=True).endswith(f" {p.side}")


def _night_two_with_a_sided_crossing(g) -> bool:
    if g.night < 2 or g.phase != Phase.PATROLS:
        return False
    view = g.view(POLICE)
    last = panels.last_night_police(view)
    return any((p := placenames.place(g.board, x)) and p.side for x in last.values())


def test_the_police_panel_spells_last_nights_side_out_where_the_row_holds_it():
    """'R red — (last night by 60 E)': where the row holds "by 60 east",
    the panel says it so."""
    game = first_game_where(2, _night_two_with_a_sided_crossing, tries=200)
    view = game.view(POLICE)
    colour, x = next(
        (c, x)
        for c, x in panels.last_night_police(view).items()
        if placenames.place(game.board, x).side
    )
    side = placenames.place(game.board, x).side
    forms = panels.police_forms(view, colour, game.board)
    spelt = next(f for f in forms if f.endswith(f" {side})"))
    width = cell_len(Text.from_markup(spelt).plain)
    line = panels.police_line(view, colour, game.board, width)
    assert line == spelt, (line, forms)
    compact = panels.police_text(view, compact=True, board=game.board, width=80)
    assert f"{placenames.short_name(game.board, x, spelt=True)}" in compact, compact


def _moved_beside_three(g) -> bool:
    for e in g.view(POLICE).log:
        if e.event == "police_move" and e.crossing is not None:
            near = placenames.touches(g.board, e.crossing)
            if len(near) >= 3 and placenames.moved_to(g.board, e.crossing).startswith("beside"):
                return True
    return False


def test_the_log_names_a_policemans_crossing_by_the_circles_the_prompt_listed():
    """L2: the prompt listed a crossing by "13·14·15", the log then said
    "Yellow moves between 13 and 14".  The log names it by the same
    circles, all of them."""
    game = first_game_where(2, _moved_beside_three, tries=200)
    entry = next(
        e
        for e in game.view(POLICE).log
        if e.event == "police_move"
        and e.crossing is not None
        and placenames.moved_to(game.board, e.crossing).startswith("beside")
    )
    near = "·".join(map(str, placenames.touches(game.board, entry.crossing)))
    said = panels.event_text(entry, game.board)
    assert said == f"{entry.colour.capitalize()} moves beside {near}", said
