"""`whitechapel lfw --plain`: a whole game at a plain prompt, the police and
Jack typing words, with the screens' sentences and no secret of one side
on the other's prompt."""

from __future__ import annotations

import re

from whitechapel.core.chance import Chance
from whitechapel.core.record import record_of
from whitechapel.core.store import Store
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.selfplay import homeward_action
from whitechapel.lfw.ui.choosing import Placer, words_of
from whitechapel.lfw.ui.console import LfwConsole
from whitechapel.lfw.ui.picking import picking_for

PLAYERS = {"jack": "Ann", "police": "Bob"}


class Table:
    """Who sits at the prompt: answers each question with the words of an
    action the engine chose, and remembers everything written since."""

    def __init__(self, game: LfwGame, seed: int) -> None:
        self.game, self.chance = game, Chance(seed)
        self.out: list[str] = []
        self.screens: list[tuple[str | None, str]] = []  # (side at the keyboard, text)
        self.holder: str | None = None
        self.pending: list[str] = []
        self.typos = 0

    def write(self, text: str) -> None:
        self.out.append(text)
        self.screens.append((self.holder, text))

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        if prompt.startswith("Pass the keyboard"):
            self.holder = self.game.to_act
            return ""
        if "> " not in prompt:
            return ""
        if not self.pending:
            g = self.game
            action = (
                homeward_action(g.clone(), self.chance)
                if g.to_act == JACK
                else g.random_action(self.chance)
            )
            text = str(action)
            p = picking_for(g.view(g.to_act), g.board)
            words = (
                [w for w in text.split()[1:] if w != "/"]
                if isinstance(p.chooser, Placer)
                else list(words_of(text))
            )
            self.pending = [" ".join(words), ""]
            if self.typos < 3 and len(g.history) % 7 == 3:  # a word that is no choice first
                self.typos += 1
                self.pending.insert(0, "999")
        return self.pending.pop(0)


def test_a_whole_game_at_the_plain_prompt(tmp_path):
    game = LfwGame.new(5, Options(), load_board("tutorial"))
    record = record_of(game, seed=5, players=PLAYERS)
    table = Table(game, 5)
    console = LfwConsole(game, record, Store(tmp_path), read=table.read, write=table.write)
    assert console.run() == 0
    assert game.outcome is not None
    text = "\n".join(table.out)
    assert "The record is saved in" in text
    assert "Pass the keyboard to Bob (the police) — Jack, look away" in text
    assert "There is no circle 999 on this map." in text  # the screens' sentence
    assert "Traceback" not in text and "notation" not in text.lower()
    saved = Store(tmp_path).list()
    assert len(saved) == 1 and saved[0].record.actions == [str(a) for a in game.history]
    # The police's prompts never show Jack's sheet (§9); Jack's do.
    police = [t for side, t in table.screens if side == POLICE and "Game over" not in t]
    jack = [t for side, t in table.screens if side == JACK]
    assert police and not any("Jack only" in t or "Hideout:" in t for t in police)
    assert any("Jack only" in t for t in jack)
    assert re.search(r"[Ww]in", table.screens[-2][1] + table.screens[-1][1])


def test_a_complete_action_waits_for_an_empty_line_and_quit_saves(tmp_path):
    game = LfwGame.new(3, Options(), load_board("tutorial"))
    record = record_of(game, seed=3, players=PLAYERS)
    lines = iter(["", "help", "", "choices", "quit"])
    out: list[str] = []
    console = LfwConsole(
        game,
        record,
        Store(tmp_path),
        read=lambda p: (out.append(p), next(lines))[1],
        write=out.append,
    )
    assert console.run() == 0
    assert game.history == []
    assert "Game left unfinished; it is saved in" in out[-1]
    assert any(o.startswith("Type the words of your action") for o in out)


def test_the_plain_prompt_keeps_the_notebook_setting(tmp_path):
    """A game set up with the notebook off (a setting: core/settings.py)
    shows no deduction at the plain prompt either, and its autosave keeps
    the setting, so the app reopens it so."""
    game = LfwGame.new(5, Options(), load_board("tutorial"))
    record = record_of(game, seed=5, players=PLAYERS, settings={"notebook": "off"})
    for settings, shown in (({"notebook": "off"}, False), ({}, True)):
        record.settings = settings
        table = Table(game.clone(), 5)
        console = LfwConsole(
            table.game, record, Store(tmp_path), read=table.read, write=table.write
        )
        assert console.run() == 0
        text = "\n".join(table.out)
        assert ("What the police can know" in text or "Jack can be on" in text) == shown
        saved = max(Store(tmp_path).list(), key=lambda s: s.path.stat().st_mtime)
        assert saved.record.settings == settings
