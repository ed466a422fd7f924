"""Letters from Whitechapel at a plain prompt (`whitechapel lfw --plain`):
the screen-reader path, a line of text at a time.

Like Pocket's plain prompt (`pocket/ui/console.py`), it reads views, sends
action texts and never decides a rule.  It says what the screens say, in
the same sentences: the banner, the move track, the policemen, Jack's
sheet (his turns only), the notebook and its deduction, the log
(`panels`, `jackturn`, `notebook`, `deduction`), and the action being
built (`sentences.describe`).  The player types the action's words -- a
circle's number, a crossing's id, a word: "search 65", "x37", "coach 69
56" -- several on a line or one at a time, and an empty line plays an
action that is complete.  A word that is not a choice is refused with the
screen's sentence (`refusals.why_not`), never with notation, and changes
nothing.  Every change of side clears the screen and asks for the keyboard
to be handed over (§9): each side reads only its own view.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.game import PUBLIC
from whitechapel.core.record import Record, record_of
from whitechapel.core.settings import value_of
from whitechapel.core.store import Store, autosave_name
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.notebook import notebook as deduce
from whitechapel.lfw.rulebook import JACK
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.ui import deduction, jackturn, notebook, panels, refusals, sentences
from whitechapel.lfw.ui.choosing import Chooser
from whitechapel.lfw.ui.picking import Picking, picking_for
from whitechapel.lfw.views import LfwView

CLEAR = "\033[H\033[2J\033[3J"
SIDE_NAMES = {"jack": "Jack", "police": "the police"}
LOG_LINES = 8
HELP = """\
Type the words of your action, then Enter: a circle's number (65), a
crossing's id (x37), a word offered (stay, search, arrest, pass, step,
coach, alley, ...).  Several words may go on one line ("search 65").
An empty line plays an action that is complete.  In a placement (the women
tokens, the patrol markers) type the circles or crossings in the order asked.
Commands: choices (what you may type now), back (take back the last word),
help, quit (the game is saved)."""


def plain(markup: str) -> str:
    """The screens' markup as plain text."""
    return Text.from_markup(markup).plain


class LfwConsole:
    def __init__(
        self,
        game: LfwGame,
        record: Record,
        store: Store,
        *,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        self.game, self.record, self.store = game, record, store
        self.read = read
        self.write = lambda text: write(panels.untagged(text))  # no rule tags (`untagged`)
        self.saved: Path | None = None

    def name(self, side: str) -> str:
        player = self.record.players.get(side)
        return f"{player} ({SIDE_NAMES[side]})" if player else sentences.capital(SIDE_NAMES[side])

    def autosave(self) -> None:
        record = record_of(
            self.game,
            seed=self.record.seed,
            players=self.record.players,
            started=self.record.started,
            settings=self.record.settings,
        )
        self.saved = self.store.save(record, autosave_name(record))

    def run(self) -> int:
        try:
            self.autosave()  # in the store from its first prompt
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
            other = "the police" if side == JACK else "Jack"
            self.write(CLEAR)
            self.read(f"Pass the keyboard to {self.name(side)} — {other}, look away — press Enter ")
            while game.to_act == side and game.outcome is None:
                self._turn(side)
        self.write(CLEAR + self.screen(game.view(PUBLIC), None))
        self.autosave()
        self.write(f"The record is saved in {self.saved}")
        return 0

    # -- what the screen says, as text -------------------------------------------------

    def screen(self, view: LfwView, side: str | None) -> str:
        """Everything the side's screen shows, from its view alone."""
        won = None
        if view.outcome:
            won = self.record.players.get(view.outcome.winner)
        turn = self.name(view.to_act) if view.to_act else ""
        parts = [
            plain(panels.banner(view, turn, won)),
            plain(panels.track_text(view)),
            plain(panels.police_text(view)),
        ]
        if view.jack and view.outcome:
            parts.append(plain(panels.jack_sheet(view.jack, reveal=True)))
        elif view.jack and side == JACK:
            parts.append(plain(jackturn.jack_text(view, self.game.board)))
        mode = value_of(RULES.settings, self.record.settings, "notebook")
        if mode != "off":
            nb = deduce(view, self.game.board)
            found = deduction.deduction_text(
                nb, jack=side == JACK, shares=mode == "heat", searched=view.searched
            )
            parts.append(plain(found))
        parts.append(plain(notebook.notebook_text(view)))
        parts.append(plain(panels.log_text(view, LOG_LINES)))
        return "\n\n".join(p for p in parts if p.strip()) + "\n"

    def choices(self, p: Picking) -> str:
        """What may be typed now, in words."""
        chooser = p.chooser
        if p.forced() or p.placed_all():
            return "An empty line plays it; 'back' takes the last word back."
        circles = p.circle_options()
        crossings = [o for o in p.node_options() if not o.isdigit()]
        words = p.word_options()
        parts = []
        if isinstance(chooser, Chooser):
            pass
        else:
            parts.append(f"Now {chooser.what_next()}")  # type: ignore[union-attr]
        if circles:
            parts.append("circles " + " ".join(circles))
        if crossings:
            parts.append("crossings " + " ".join(crossings))
        if words:
            parts.append("words: " + ", ".join(words))
        if p.complete() is not None:
            parts.append("or an empty line: done")
        return "You may type " + "; ".join(parts) + "." if parts else ""

    # -- a turn -------------------------------------------------------------------------

    def _turn(self, side: str) -> None:
        view = self.game.view(side)
        p = picking_for(view, self.game.board)
        notice = ""
        while True:
            self.write(CLEAR + self.screen(view, side))
            first = p.forced_text() or p.so_far()
            if first:
                self.write(plain(first))
            self.write(self.choices(p))
            if notice:
                self.write(notice)
            text = self.read(f"{self.name(side)}> ").strip().lower()
            notice = ""
            if text in ("help", "?"):
                self.read(HELP + "\n(Enter to go back) ")
                continue
            if text in ("quit", "q", "exit"):
                raise EOFError
            if text == "choices":
                continue
            if text == "back":
                p.back()
                continue
            if not text:
                done = p.complete()
                if done is None:
                    notice = "Not yet: " + (self.choices(p) or "choose something first.")
                    continue
                if self._play(done, side):
                    return
                notice = self._refusal
                p = picking_for(view, self.game.board)
                continue
            done, notice = self._words(p, view, text.split())
            if done is not None and self._play(done, side):
                return
            if done is not None:
                notice, p = self._refusal, picking_for(view, self.game.board)

    def _words(self, p: Picking, view: LfwView, words: list[str]) -> tuple[str | None, str]:
        """Pick the typed words in turn; a word already taken for the player
        (the only word possible there) may be typed or left out.  Returns
        the action when it is complete and nothing can follow, and a
        refusal's sentence (the words before it stay picked)."""
        chooser = p.chooser
        assert chooser is not None
        at = 0  # the typed words may repeat the words picked so far
        done = None
        for word in words:
            picked = [str(w) for w in chooser.picked]
            if word in picked[at:]:
                at = picked.index(word, at) + 1  # picked already, or taken for him
                continue  # (the acting policeman's colour, a ">", the only circle left)
            if word not in p.options():
                why = refusals.why_not(view, self.game.board, picked, word, p.options())
                return None, why
            done = p.pick(word)
            at = len(picked) + 1  # the words taken with it may follow, typed
        return done, ""

    def _play(self, text: str, side: str) -> bool:
        try:
            self.game.play(text, side)
        except WhitechapelError as e:
            self._refusal = str(e)
            return False
        self.autosave()
        return True

    _refusal = ""
