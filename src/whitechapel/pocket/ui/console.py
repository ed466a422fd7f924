"""Hot-seat Mr. Jack Pocket in a plain terminal, one typed action at a time
(`whitechapel pocket --plain`, the screen-reader path).

A small front end: it reads views, sends action text, and never decides a
rule.  Every change of the side to act clears the screen and asks for the
keyboard to be handed over, so Jack's identity and cards are only on screen
while Jack holds it (P9).  What happened since the side's last turn is told
in sentences (`sentences.py`); `notation` adds each action's text, the one
typed to play it, and `log` tells the whole game so far.

Against the computer (`--jack computer:hard`, `--investigator computer`),
one person holds the keyboard: no hand-over prompt, the computer's actions
told in sentences at the person's next turn (tester RB, Pocket round 28:
the plain prompt, the screen readers' way, refused the computer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from whitechapel.core import players as computer
from whitechapel.core.chance import new_seed
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.record import Record, record_of
from whitechapel.core.store import Store, autosave_name
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.render import render
from whitechapel.pocket.sentences import log_sentences
from whitechapel.pocket.views import Played

CLEAR = "\033[H\033[2J\033[3J"
HELP = """\
Type an action, then Enter.  The notation:
  H+1 H+2 W+1 W+2 T+1 T+2   move Holmes / Watson / Toby 1 or 2 positions clockwise
  J:H J:W J:T               joker: move that detective 1 position
  J:-                       joker, Jack only: move nobody
  Rb2E                      rotate the tile on b2 so its wall faces E (N, E, S, W)
  Xa1c3                     exchange the tiles on a1 and c3
  A                         draw an alibi card
Squares: columns a b c from west to east, rows 1 2 3 from north to south.
Other commands: legal (list the legal actions), log (the game so far),
notation (show each action's notation beside its sentence, or stop),
help, quit (the game is saved)."""


class ConsoleGame:
    def __init__(
        self,
        game: PocketGame,
        record: Record,
        store: Store,
        *,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        computers: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.record = record
        self.store = store
        self.read = read
        self.write = write
        # the sides the computer plays: its players, by side (`seated`)
        self.computers = dict(seated(record) if computers is None else computers)
        self.saved: Path | None = None
        self.notation = False  # each action's notation beside its sentence (`notation`)
        self.told: dict[str, int] = {}  # per side: how many log events it has been told

    def name(self, side: str) -> str:
        player = self.record.players.get(side)
        if side in self.computers:
            player = computer.computer_title(self.computers[side].level)
        return f"{player} ({side})" if player else side.capitalize()

    def handover(self, side: str) -> None:
        other = "the investigator" if side == JACK else "Jack"
        self.write(CLEAR)
        self.read(f"Pass the keyboard to {self.name(side)} — {other}, look away — press Enter ")

    def autosave(self) -> None:
        record = record_of(
            self.game,
            seed=self.record.seed,
            players=self.record.players,
            started=self.record.started,
            settings=self.record.settings,  # the hand-over mode: the app reopens it so
        )
        self.saved = self.store.save(record, autosave_name(record))

    def run(self) -> int:
        try:
            self.autosave()  # the game is in the store from its first screen
            return self._loop()
        except (EOFError, KeyboardInterrupt):
            self.write(CLEAR)
            where = f" in {self.saved}" if self.saved else ""
            self.write(f"\nGame left unfinished; it is saved{where}.")
            return 0

    def _loop(self) -> int:
        game = self.game
        while game.outcome is None:
            side = game.to_act
            assert side is not None
            if side in self.computers:
                self._computer_plays(side)
                continue
            if not self.computers:  # two people: the keyboard changes hands
                self.handover(side)
            news = self.news(side)
            while game.to_act == side and game.outcome is None:
                self.write(CLEAR + render(game.view(side)) + "\n" + news)
                news = ""
                self._command(side)
        person = next((s for s in game.sides if s not in self.computers), None)
        last = self.news(person) if self.computers and person is not None else ""
        self.write(CLEAR + render(game.view(JACK)) + "\n" + last)
        self.autosave()
        self.write(f"The record is saved in {self.saved}")
        return 0

    def _computer_plays(self, side: str) -> None:
        """The computer's action for `side`, chosen from its view alone."""
        answer = computer.choose(self.computers[side], "pocket", self.game.view(side))
        self.game.play(answer.action, side)
        self.autosave()

    def sentences(self, side: str) -> list[str]:
        """The log of `side`'s view in sentences (with notation on request)."""
        view = self.game.view(side)
        lines = [sentence for _, sentence in log_sentences(view)]
        if self.notation:
            texts = [str(e.action) if isinstance(e, Played) else "" for e in view.log]
            lines = [
                f"{line} [{text}]" if text else line
                for line, text in zip(lines, texts, strict=True)
            ]
        return lines

    def news(self, side: str) -> str:
        """What happened since `side` was last told, in sentences."""
        lines = self.sentences(side)
        start, self.told[side] = self.told.get(side, 0), len(lines)
        new = lines[start:]
        return (
            "Since your last turn:\n" + "\n".join(f"  {line}" for line in new) + "\n" if new else ""
        )

    def _command(self, side: str) -> None:
        text = self.read(f"{self.name(side)}> ").strip()
        if not text:
            return
        word = text.lower()
        if word in ("help", "?"):
            self.read(HELP + "\n(Enter to go back) ")
        elif word == "log":
            lines = "\n".join(self.sentences(side)) or "Nothing has happened yet."
            self.read(f"{lines}\n(Enter to go back) ")
        elif word == "notation":
            self.notation = not self.notation
            said = "shown beside each action" if self.notation else "no longer shown"
            self.read(f"The notation is {said}.\n(Enter to go on) ")
        elif word == "legal":
            actions = " ".join(str(a) for a in legal(self.game.view(side)))
            self.read(f"Legal now: {actions}\n(Enter to go back) ")
        elif word in ("quit", "q", "exit"):
            raise EOFError
        else:
            try:
                self.game.play(text, side)
            except WhitechapelError as e:
                self.read(f"{e}\n(Enter to go on) ")
                return
            self.autosave()


def seated(record: Record) -> dict[str, Any]:
    """The computer players of a record's `computer:LEVEL` seats, by side,
    each seeded from the record's seed (a fresh one without)."""
    seats = computer.computer_seats("pocket", record.players)
    seed = record.seed if record.seed is not None else new_seed()
    return {
        side: computer.new_player("pocket", level, side, seed + i)
        for i, (side, level) in enumerate(sorted(seats.items()))
    }
