"""Round 4 of the play-tests (issue 43), the screen: a pause with a summary
at the end of each night (T1), told to each side from its own view (§9);
F5's log-only mode kept per holder at a hot seat; the police panel never
dropping a policeman when a line wraps.  Screens are read as a player
reads them (`snapshots.screen_text`, the panels' regions)."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

import settle
from lfw_app_play import PLAYERS, raise_curtain
from snapshots import screen_text
from test_lfw_display import app_for, find_game, region_text, shown
from whitechapel.app import WhitechapelApp
from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import COLOURS, JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui import nightend, panels
from whitechapel.lfw.ui.nightend import NIGHT_END
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.source import LocalSource
from whitechapel.ui.turns import PASS
from whitechapel.ui.widgets.text import Curtain

TUTORIAL = load_board("tutorial")
SEED = 0
# Two nights the police cannot tell apart: the same crime (on 1), two walks,
# the policemen standing still, then home; Jack lives on 3 (by 2) in one,
# on 19 (by 14) in the other.
TWINS = ((3, "step 2"), (19, "step 14"))


def idle(g: LfwGame) -> None:
    """The policemen stay and pass (T2, T3) until Jack is to act."""
    while g.to_act == POLICE and g.outcome is None:
        g.apply(next(a for a in g.legal_actions() if str(a).endswith((" stay", " pass"))))


def opening() -> list[str]:
    """A game's actions up to Jack's first move of night 1 (T1)."""
    g, chance = LfwGame.new(SEED, Options(), TUTORIAL), Chance(SEED)
    while g.phase != "escape":
        g.apply(homeward_action(g.clone(), chance) if g.to_act == JACK else g.random_action(chance))
    return [str(a) for a in g.history]


def twin(hideout: int, first: str) -> LfwGame:
    """The opening with Jack's hideout `hideout`, his first walk `first`,
    the police idle: Jack is to step home."""
    acts = opening()
    acts[0] = f"hideout {hideout}"
    g = LfwGame.new(SEED, Options(), TUTORIAL)
    for text in [*acts, first]:
        g.apply(parse_action(text))
    idle(g)
    assert g.to_act == JACK and g.night == 1
    return g


def curtain_text(screen: LfwScreen) -> str:
    return " ".join(screen.query_one(Curtain).render().plain.split())


def app_on(game: LfwGame, tmp_path, players_: dict[str, str] = PLAYERS):
    source = LocalSource(game, record_of(game, players=players_), Store(tmp_path))
    screen = LfwScreen(source, game.board)
    return WhitechapelApp(start=screen), screen


# -- 1. the end of a night -------------------------------------------------------------------


def test_t1_the_polices_summary_is_the_same_whatever_jacks_path():
    """Counterfactual (§9): two games alike in every public fact, Jack's
    path and hideout changed: the police's summary of the night is the
    same word for word; Jack's tells him his own path and hideout."""
    police, jack = set(), set()
    for hideout, first in TWINS:
        g = twin(hideout, first)
        g.apply(parse_action(f"step {hideout} home"))
        police.add(nightend.night_summary(g.view(POLICE), 1, hideouts=5))
        jack_text = nightend.night_summary(g.view(JACK), 1, hideouts=5)
        assert f"{first.split()[1]} → {hideout} (home)" in jack_text
        assert f"Your hideout is {hideout}" in jack_text
        jack.add(jack_text)
    assert len(police) == 1 and len(jack) == 2
    (text,) = police
    assert "Jack reached his hideout" in text and "2 moves" in text and "no clue" in text
    assert "Murder at 1" in text and "Hideout candidates: 5 circles" in text


async def test_t1_hot_seat_each_side_reads_its_own_summary_after_its_own_curtain(tmp_path):
    """At a hot seat two people share: Jack steps home, and his summary
    (his path) covers his screen until Enter; then the hand-over to the
    police, their summary at once (play-testers G and I waited for it until
    their next turn), the same whatever Jack's path was; Enter, the
    hand-over back to Jack, who places the women."""
    police_said = set()
    for hideout, first in TWINS:
        game = twin(hideout, first)
        app, screen = app_on(game, tmp_path / str(hideout))
        async with app.run_test(size=(100, 32)) as pilot:
            await raise_curtain(pilot, screen)
            assert screen.holder == JACK
            screen.send(f"step {hideout} home")
            await settle.settle(pilot)
            assert screen.curtain_kind == NIGHT_END and screen.holder == JACK
            said = curtain_text(screen)
            assert "The end of night 1" in said and "(home)" in said and str(hideout) in said
            assert "Press Enter to go on to night 2" in said
            await settle.press(pilot, "enter")  # one key goes on: to the police
            assert screen.curtain_kind == PASS and screen.holder is None
            assert "Pass to Bob" in curtain_text(screen) and "(home)" not in curtain_text(screen)
            await settle.press(pilot, "enter")
            assert screen.curtain_kind == NIGHT_END and screen.holder == POLICE
            said = curtain_text(screen)
            assert "Jack reached his hideout" in said and "(home)" not in said
            police_said.add(said)
            await settle.press(pilot, "enter")  # back to Jack, who acts next
            assert screen.curtain_kind == PASS and screen.holder is None
            assert "Pass to Ann" in curtain_text(screen)
            await settle.press(pilot, "enter")
            assert not screen.curtain_up and screen.can_act() and screen.holder == JACK
            assert game.phase == "women" and game.night == 2
            screen.send(str(game.random_action(Chance(1))))
            await settle.settle(pilot)
            assert screen.curtain_kind == PASS and screen.holder is None
            await settle.press(pilot, "enter")  # no second summary for the police
            assert not screen.curtain_up and screen.can_act() and game.phase == "patrols"
    assert len(police_said) == 1


class Scripted:
    """The computer's Jack answering with given actions, one a question."""

    levels = {JACK: players.levels("lfw")[0]}

    def __init__(self, answers: list[str]) -> None:
        self.answers = iter(answers)
        self.asked = 0

    def ask(self, side, view) -> Future:
        self.asked += 1
        future: Future = Future()
        future.set_result(players.Answer(next(self.answers), 0.0))
        return future

    def forget(self) -> None:
        pass


async def test_t1_against_the_computer_the_night_ends_in_a_pause_before_it_plays_on(
    tmp_path, monkeypatch
):
    """The police alone against the computer's Jack: when he goes home the
    police's summary comes, and the computer does not play the next
    night's first decision (the women) until Enter."""
    monkeypatch.setattr(LfwScreen, "PACE", 0.0)
    hideout, first = TWINS[0]
    game = twin(hideout, first)
    after = game.clone()
    after.apply(parse_action(f"step {hideout} home"))
    women = str(after.random_action(Chance(1)))  # the next night's first decision
    computer = players.computer_name(players.levels("lfw")[0])
    app, screen = app_on(game, tmp_path, {JACK: computer, POLICE: "Bob"})
    thinker = Scripted([f"step {hideout} home", women])
    screen.turns.thinker = thinker
    async with app.run_test(size=(100, 32)) as pilot:
        await settle.settle(pilot)
        await pilot.pause()
        await settle.settle(pilot)
        assert screen.curtain_kind == NIGHT_END and screen.holder == POLICE
        said = curtain_text(screen)
        assert "Jack reached his hideout" in said and "(home)" not in said
        assert thinker.asked == 1 and game.phase == "women"  # the computer waits
        await settle.press(pilot, "enter")
        await pilot.pause()
        await settle.settle(pilot)
        assert thinker.asked == 2 and game.phase == "patrols"
        assert not screen.curtain_up and screen.can_act()


# -- 2. F5 at a hand-over -----------------------------------------------------------------


async def test_f5_log_only_stays_with_the_side_that_chose_it(tmp_path):
    """F5's log in the notebook's place, chosen by the police, does not
    hide Jack's secret panel after the hand-over; the police find it again
    when the keyboard comes back."""
    hideout, first = TWINS[0]
    game = twin(hideout, first)
    game.apply(parse_action(f"step {hideout} home"))
    game.apply(game.random_action(Chance(1)))  # the women: the police place markers next
    app, screen = app_on(game, tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await raise_curtain(pilot, screen)
        assert screen.holder == POLICE
        await settle.press(pilot, "f5")
        assert screen.has_class("log-only")
        screen.send(str(game.random_action(Chance(2))))  # the patrol markers
        await raise_curtain(pilot, screen)
        assert screen.holder == JACK
        assert not screen.has_class("log-only")
        assert "Jack only" in region_text(app, screen.query_one("#notes"))
        while screen.holder == JACK and game.to_act == JACK:
            screen.send(str(game.random_action(Chance(3))))
            await settle.settle(pilot)
        await raise_curtain(pilot, screen)
        if screen.holder == POLICE:
            assert screen.has_class("log-only")


# -- 3. the police panel ----------------------------------------------------------------------


LONG = " between Commercial Street and Whitechapel High Street"


@pytest.mark.parametrize("side", [POLICE, JACK])
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50), (200, 60)])
async def test_the_police_panel_keeps_all_five_when_lines_grow_after_it_is_laid_out(
    tmp_path, size, side, monkeypatch
):
    """Two testers lost the fifth policeman when the Chief's line wrapped:
    the panel's height was measured once, and a line that grew later (the
    policemen moved on to crossings with long names) pushed the last one
    out.  Every policeman stays in sight, at every size and on both sides'
    screens, however many of its lines wrap."""

    def hunt(g) -> bool:
        return g.night == 1 and g.phase == "hunt" and g.to_act == POLICE

    game = find_game(hunt, board=None)
    app, screen = app_for(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await shown(app, screen, pilot)
        screen.holder = side  # the same panel on Jack's screen
        screen.refresh_all()
        await settle.settle(pilot)
        short = panels.police_text

        def long_names(view, **kw) -> str:  # the second and third lines wrap
            lines = short(view, **kw).split("\n")
            return "\n".join(line + LONG if i in (1, 2) else line for i, line in enumerate(lines))

        monkeypatch.setattr(panels, "police_text", long_names)
        screen.refresh_all()
        await settle.settle(pilot)
        text = " ".join(region_text(app, screen.query_one("#police")).split())
        names = "BYNRG" if screen.compact else COLOURS
        for name in names:
            assert name in text, (name, text, screen_text(app))


def test_a_nights_summary_fits_80x24_however_many_arrests_found_nobody():
    """Random police arrest at every turn: the failed arrests are one line
    (they were a line each, and a night of 15 pushed the summary's heading
    off an 80x24 window)."""
    from rich.console import Console
    from rich.text import Text

    chance = Chance(23)
    for _ in range(20):
        game = LfwGame.new(chance.below(10**6))
        while game.outcome is None and game.night < 3:
            night = game.night
            if game.to_act == JACK:
                game.apply(homeward_action(game.clone(), chance))
            else:
                legal = [str(a) for a in game.legal_actions()]
                arrests = [t for t in legal if " arrest " in t]
                game.play(chance.choice(arrests) if arrests else str(game.random_action(chance)))
            if night and game.night != night and game.outcome is None:
                view = game.view(POLICE)
                seen = next(n for n in view.nights if n.night == night)
                if sum(not a.success for a in seen.arrests) >= 8:
                    text = Text.from_markup(nightend.night_summary(view, night, hideouts=40))
                    lines = text.wrap(Console(width=80), 76)
                    assert len(lines) <= 18, text.plain
                    assert "Arrests that found nobody:" in text.plain
                    return
    raise AssertionError("no night with eight failed arrests")
