"""Round 8 of issue 43's blind play-tests (testers O and P): what Jack did
opens the police's prompt until they act again; the keys of T3's sweep."""

from __future__ import annotations

import settle
from lfw_app_play import game_app, prompt_text, raise_curtain
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
    line = since_line([*jack[:2], *police, *jack[2:]])
    assert line.startswith("[b]Since your last action:[/b] (+2 in the log) Jack moves: space 3")
    assert line.endswith("Jack moves: space 5") and "searches" not in line
