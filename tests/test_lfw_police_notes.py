"""The computer police say why a policeman holds his crossing (T2 stay, T3
pass), as police players say it aloud at the table: the player's `note`
(`players.Answer.note`), made from the police's view alone, shown under
the map with what the computer played.  Testers L, N and P (rounds 6-8)
read the hard police's stays as standing idle."""

from __future__ import annotations

from concurrent.futures import Future

import settle
from test_lfw_computer import computer_done, played_panel, solo, unpaced  # noqa: F401
from whitechapel.app import WhitechapelApp
from whitechapel.core import players
from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.ui import panels
from whitechapel.lfw.ui.bench import keys_for
from whitechapel.ui.widgets.text import TextPanel


def hard_game(seed: int) -> list[tuple[object, str, str | None]]:
    """(police view, action, note) of every police decision of a hard
    police against hard Jack, every decision to its own end (budget 0)."""
    chance = Chance(seed)
    game = LfwGame.new(chance.below(10**6))
    table = RULES.table_of(game)
    seats = {
        POLICE: players.new_player("lfw", "hard", POLICE, 1, table),
        JACK: players.new_player("lfw", "hard", JACK, 2, table),
    }
    out = []
    while game.outcome is None and len(game.history) < 400:
        side = game.to_act
        answer = players.choose(seats[side], "lfw", game.view(side), budget=0)
        if side == POLICE:
            out.append((game.view(POLICE), answer.action, answer.note))
        game.play(answer.action, side)
    return out


def test_t2_t3_the_hard_police_say_why_a_policeman_holds_and_only_then():
    decisions = hard_game(0)
    notes = [(a, n) for _, a, n in decisions if n]
    assert notes, "no note in a whole game"
    for action, note in notes:
        colour, word = action.split()[:2]
        assert word in ("stay", "pass"), (action, note)  # a note says why he holds, no more
        assert note.startswith(colour.capitalize()), (action, note)
    said = " ".join(n for _, n in notes)
    assert "holds his crossing" in said and "likely hideout" in said  # the seals are said
    assert "beside a circle where Jack can be" in said


def test_t2_t3_a_note_comes_from_the_police_view_alone():
    """The same views to a fresh player with the same seed: the same
    actions and the same notes (nothing else reaches a player: §9)."""
    decisions = hard_game(1)[:60]
    table = RULES.table_of(LfwGame.new(Chance(1).below(10**6)))
    again = players.new_player("lfw", "hard", POLICE, 1, table)
    for view, action, note in decisions:
        answer = players.choose(again, "lfw", view, budget=0)
        assert (answer.action, answer.note) == (action, note)


class Noting:
    """A thinker whose police answer as the random police do, each stay
    or pass with a note."""

    levels = {POLICE: "random"}

    def __init__(self) -> None:
        self.chance = Chance(5)
        self.count = 0

    def ask(self, side, view) -> Future:
        legal = list(players.legal_in("lfw", view))
        action = legal[self.chance.below(len(legal))]
        self.count += 1  # each note its own words: one left from before would show
        note = f"Note {self.count} on {action}" if action.endswith((" stay", " pass")) else None
        future: Future = Future()
        future.set_result(players.Answer(action, 0.0, 0.0, note))
        return future

    def forget(self) -> None:
        pass


async def test_the_computers_notes_wait_for_the_games_end_then_stand_in_the_log(
    tmp_path,
    unpaced,  # noqa: F811
):
    """Tester V, round 11: "↳ with the others he closes every way into 86 (a
    likely hideout)" on Jack's screen, and 86 was his hideout: the police's
    beliefs, which no police player would say to Jack.  While the game goes
    on, no note shows, under the map or in the log; once it is over, the
    log has each under the entry it explains."""
    screen = solo(4, JACK, tmp_path)
    screen.turns.thinker = thinker = Noting()
    app = WhitechapelApp(start=screen)
    game = screen.source.game
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(400):
            await computer_done(pilot, screen)
            if game.outcome is not None:
                break
            shown = played_panel(app) + app.screen.query_one("#log", TextPanel).render().plain
            assert "Note " not in shown, shown
            action = str(game.legal_actions()[0])
            for key in keys_for(game, action):
                await settle.press(pilot, key)
            await settle.settle(pilot)
        assert game.outcome is not None and thinker.count
        assert screen.log_notes  # kept while the game went on
        log = panels.log_text(game.view(JACK), 400, 0, screen.board, screen.log_notes)
        assert all(f"↳ {n}" in log for n in screen.log_notes.values())
        await settle.settle(pilot)
        screen.show_notes_and_log(game.view(JACK), None)  # the log as the panel draws it
        panel = app.screen.query_one("#log", TextPanel).markup
        assert "↳ Note" in panel
