"""The Mr. Jack Pocket game screen, at the hot seat or at a network seat
(its `Source` says which: `ui/source.py`).

The screen reads views and sends action text; it never decides a rule.
Choosing an action goes: a token (1-4), then its target (`choosing.py`),
by the keys of `keys.py`; the side panel is `notes.py`'s.  Previews follow
the secrecy rule: `pocket.preview` computes them from the view of the side
at the keyboard and the candidate action, never from the engine, so a
preview cannot show a witness call's result.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.markup import escape
from textual import events
from textual.binding import Binding
from textual.widget import Widget

from whitechapel.core.record import record_of
from whitechapel.core.settings import value_of
from whitechapel.pocket import end, hints, review
from whitechapel.pocket.actions import (
    ALIBI_ACTION,
    Action,
)
from whitechapel.pocket.pieces import INVESTIGATOR, JACK, SIDES
from whitechapel.pocket.players.teaching import teaching_seats
from whitechapel.pocket.rules import RULES
from whitechapel.pocket.sentences import SIDE_WORDS
from whitechapel.pocket.sightlines import board_at_call, sightings_at_call
from whitechapel.pocket.ui import computer, panels
from whitechapel.pocket.ui.choosing import (
    Mode,
    PocketChoice,
)
from whitechapel.pocket.ui.district import District
from whitechapel.pocket.ui.handover import CARDS, JacksCards
from whitechapel.pocket.ui.keys import PocketKeys
from whitechapel.pocket.ui.notes import PocketNotes
from whitechapel.pocket.ui.replay import (
    Replay,
    ShownViews,
    frames,
    last_turn,
    played_count,
    since_mine,
)
from whitechapel.pocket.ui.sides import against_sentence
from whitechapel.pocket.views import Played, PocketView, RaceBegins, WitnessCall
from whitechapel.ui.screens.game import GameScreen
from whitechapel.ui.source import LocalSource, Source
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.text import Curtain, TextPanel


def key(keys: str, action: str, description: str, name: str, show: bool = False) -> Binding:
    return Binding(keys, action, description, show=show, id=f"pocket.{name}")


SUMMARY = "summary"  # the curtain's kind while a round's summary covers the board
# s a Pocket hand-over takes no key (`TurnControl.hold`, 1.5 s: LfW's, whose
# actions end on a letter and whose prompts asked for an Enter after it).
# Here every action ends on an Enter (or a second click), and nothing asks
# for another: what the hold must stop is that Enter pressed twice, or
# repeated, about 0.1-0.3 s apart; each key in the hold starts it again, so a
# held key never gets through.  Testers PC and PD (issue 44) measured the
# 1.5 s at every one of some 20 hand-overs a game.
HOLD = 0.4
# the heights pocket.tcss gives the rounds panel: 5 rows, or 6 or 7 with its
# classes `rounds-6` and `rounds-7` (the investigator's warning, the letters'
# key on a row of its own)
ROUNDS_ROWS = (5, 6, 7)


class PocketScreen(PocketKeys, PocketNotes, GameScreen):
    CSS_PATH = "pocket.tcss"
    SIDES = SIDES
    TITLES = {JACK: "Jack", INVESTIGATOR: "the investigator"}
    PANELS = ("tokens", "rounds", "notes")  # notes: Jack's cards (his screens only), the log
    CHOICES = 6  # at most: four tokens, or joker targets with Back
    # the computer's actions one at a time, each in sight a second before the
    # next (issue 44: its two actions landed at once); Space skips the pauses
    PACE = 1.0
    HELP = "whitechapel.pocket.ui"
    BINDINGS = [
        *[key(str(n), f"digit({n})", str(n), f"token{n}") for n in (1, 2, 3, 4)],
        key("h", "joker('H')", "Holmes", "holmes"),
        key("w", "joker('W')", "Watson", "watson"),
        key("t", "joker('T')", "Toby", "toby"),
        key("0", "joker('-')", "Nobody", "nobody"),
        *[
            key(d, f"cursor({dx},{dy})", "Tile", f"tile_{d}")
            for d, dx, dy in (("up", 0, -1), ("down", 0, 1), ("left", -1, 0), ("right", 1, 0))
        ],
        # The keys of each step are on the prompt line and its buttons; the
        # footer lists only keys that work at every step (rebuilding it on
        # each key would cost a frame: docs/app.md).
        key("r", "rotate(1)", "Rotate ↻", "rotate"),
        key("e,R", "rotate(-1)", "Rotate ↺", "rotate_ccw"),
        key("enter", "confirm", "Confirm", "confirm"),
        key("escape", "back", "Back", "back"),
        key("space", "no_pauses", "No pauses", "no_pauses"),  # the computer's actions
        key("l", "replay", "Last turn again", "replay", show=True),  # issue 44
        key("v", "review", "Review", "review"),  # any finished game (tester PP, round 8)
        key("pageup", "log(1)", "Older log", "log_older"),
        key("pagedown", "log(-1)", "Newer log", "log_newer"),
        key("s", "secrets", "Jack's cards", "secrets", show=True),
        key("ctrl+s", "save", "Save record", "save", show=True),
        key("n", "rematch", "Rematch", "rematch", show=True),
        # ctrl+r: GameScreen's at a network seat; at this keyboard, the same
        # (tester RO), said on the prompt (the footer at 80 columns would lose ^q)
        key("ctrl+r", "net_rematch", "Rematch", "net_rematch", show=True),
        key("ctrl+r", "swap_rematch", "Rematch swapped", "swap_rematch"),
        # a finished game at one keyboard: back to the menu (another
        # opponent, another level; tester PA, issue 44); Esc too.  Said on
        # the prompt line and its button: at 80 columns the footer would
        # lose ctrl+q.
        key("m", "menu", "Menu", "menu"),
        # under way: the same key asks first, and goes to the menu (tester
        # PD, issue 44); on the keys line where it fits (`leave_shown`)
        key("m", "leave(1)", "Menu", "leave", show=True),
        key("m", "leave", "Menu", "leave_unshown"),
        key("f1", "help", "Help", "help", show=True),
        key("question_mark", "help", "Help", "help_alt"),
        key("ctrl+l", "lobby", "Lobby", "lobby", show=True),
    ]

    def __init__(self, source: Source) -> None:
        super().__init__(source)
        # At the hot seat, the record's setting: "always" or "secrets" (a
        # hand-over only around Jack's cards); a network seat has its own
        # terminal, and no hand-over (None).  Against the computer, or in a
        # puzzle, one person holds one side's keyboard: no hand-over either.
        mode = value_of(RULES.settings, source.settings, "handover")
        self.handover = mode if self.turns.shared else None
        self.turns.hold = min(self.turns.hold, HOLD)  # tests: 0, or the clock they drive
        self.hints = value_of(RULES.settings, source.settings, "hints") != "off"
        self.opening = ""  # whom the player is, against which level (`against_sentence`)
        if self.hints:  # a guided game: the teaching player in the easy computer's seat
            self.turns.computers = teaching_seats(self.turns.computers)
        self.cards = JacksCards(self, self.turns)  # 'secrets' mode: `s` shows them
        self.drawn_note = ""  # the investigator's alibi card, for the next hand-over's curtain
        self.choice = PocketChoice()
        self._keys: tuple[object, ...] | None = None  # the footer's state
        self._choices: list[tuple[str, str]] | None = None  # the choice row's labels
        self.log_back = 0  # how many of the newest log lines are scrolled out of sight
        self._notes_size = (29, 7)  # the log's panel at 80×24, until it is laid out
        self._legal: tuple[int, tuple[Action, ...]] | None = None  # (state version, actions)
        # A network seat's round summary (no key needed, no clock stopped): the
        # newest round whose end the seat has put away; on joining, every one.
        self._brief_done = 0 if source.hot_seat else panels.last_round_ended(self.current_view())
        self._sightings = {}
        # A round's summary beside the board: its round and its forms (fullest first).
        self._summary: tuple[int, tuple[str, ...]] | None = None
        # Issue 44: the views shown to each side (the replay's boards), the
        # replay being shown (None: the live board) and its pause.
        self.shown = ShownViews()
        self.replay: Replay | None = None
        self.replay_pace = self.PACE * self.turns.pace_scale

    def centre(self) -> Widget:
        return District(id="district")

    def on_mount(self) -> None:
        notes = self.query_one("#notes", TextPanel)
        notes.keep_end = True  # the log's newest line in sight
        notes.fit = self.fit_notes  # laid out again for any size it is painted at
        self.fit_district(self.app.size.width, self.app.size.height)
        super().on_mount()
        if self.hints and self.source.hot_seat and self.source.version == 0:
            self.call_after_refresh(self.welcome)
        elif not self.hints and self.turns.human is not None and self.source.outcome is None:
            # whom the player is, and against which level (tester PD, issue 44)
            # on the prompt's second line until the player's first action: a
            # toast covered the 4th token at 80×24 (tester PF, round 3)
            self.opening = against_sentence(self.turns.computers) or ""

    def takes_back(self) -> bool:
        """A guided game takes back moves (ctrl+z; testers PS and PU)."""
        return self.hints

    def welcome(self) -> None:
        """A game with hints ("Learn by playing") opens on a first word
        about the game, over the board; Enter (or Esc) starts."""
        from whitechapel.pocket.ui.lesson import LessonScreen

        side = self.turns.human or INVESTIGATOR
        title = "[b]Learn Mr. Jack Pocket by playing[/b]\n\n"
        said = hints.welcome(side, bool(self.turns.computers), self.current_view())
        text = escape(panels.untagged(said))  # no rule tags on screen (tester PC, round 2)
        self.app.push_screen(LessonScreen(title + text, "Enter: start"))

    def fit_district(self, width: int, height: int) -> None:
        """The board takes what the side panels (at least 28 columns) and the
        rows above and below it leave: compact at 80×24, large from 120×40."""
        self.query_one(District).fit(width - 32, height - 7)

    # -- drawing -------------------------------------------------------------------

    def view_side(self) -> str:
        return self.holder or INVESTIGATOR  # nobody at the keyboard: the public view

    def current_view(self) -> PocketView:
        view: PocketView = super().current_view()
        return view

    def keyboard_side(self) -> str | None:
        # 'secrets' mode: one keyboard for both sides, the screen is public
        return self.source.to_act if self.handover == "secrets" else self.holder

    def curtain_at_every_change(self) -> bool:
        return self.handover == "always"

    def refresh_all(self) -> None:
        source = self.source
        view = self.current_view()
        self.shown.keep(self.view_side(), view)  # what this side saw: the replay's boards
        replay = self.replay
        if replay is not None and replay.again and replay.version != source.version:
            replay = self.replay = None  # the game moved on: the live board
        at_call = self.call_board(view)
        if at_call is not None:
            self.query_one(District).show(at_call)
        elif replay is not None:
            frame = replay.frame  # the board after that action, as this side saw it
            self.query_one(District).show(frame.view, played=(frame.tiles, frame.detectives))
        else:
            after, moving, picked = self.preview()
            cursor = self.choice.cursor if self.choice.on_tiles else None
            targets, dimmed = self.targets(view) if self.can_act() else ({}, set())
            played = computer.marks(self.computer_actions())
            self.query_one(District).show(
                view,
                preview=after,
                cursor=cursor,
                picked=picked,
                moving=moving,
                targets=targets,
                dimmed=dimmed,
                played=played,
            )
        turn = self.player_name(view.to_act) if view.to_act else ""
        winner = self.player_name(source.outcome.winner) if source.outcome else None
        self.query_one("#banner", TextPanel).set(self.banner_text(view, turn, winner))
        width = self._notes_size[0]  # the side column's width (the rounds panel's too)
        tokens = panels.tokens_text(view, self.choice.token, width)
        self.query_one("#tokens", TextPanel).set(tokens)
        # at the end the played tokens give their rows to the log (tester PO,
        # round 8: at 80×24 the deciding alibi was one line cut with "…")
        self.set_class(source.outcome is not None and self.replay is None, "over")
        rounds = panels.rounds_text(view, width)
        self.query_one("#rounds", TextPanel).set(rounds)
        self.fit_rounds(panels.text_rows(rounds, width))
        self.fill_notes(view)
        self.query_one("#prompt", TextPanel).set(self.prompt_text())
        self.rebuild_choices()
        # The footer is costly to rebuild: it changes with the side at the keyboard
        # and the end of the game; the prompt line gives each step's own keys.
        keys = (source.outcome is None, self.handover, self.leave_shown())
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def fit_rounds(self, rows: int) -> None:
        """The rounds panel as tall as its rows (`ROUNDS_ROWS`, pocket.tcss),
        the sight legend last among them (tester RN, Pocket round 34: with
        the investigator's warning shown the legend was cut off)."""
        tall = min(max(rows, ROUNDS_ROWS[0]), ROUNDS_ROWS[-1])
        for n in ROUNDS_ROWS[1:]:
            self.set_class(tall == n, f"rounds-{n}")

    def banner_text(self, view: PocketView, turn: str, winner: str | None) -> str:
        if self._summary is not None and view.outcome is None:
            # the round the summary tells, not the next (testers PV and PY,
            # round 13: "round 3 of 8 — the investigator to play" over "End
            # of round 2")
            return self.fit_banner(panels.call_banners(self._summary[0]))
        seat, outcome = self.source.seat_side, self.source.outcome
        lost = outcome is not None and seat is not None and seat != outcome.winner
        return self.fit_banner(panels.banners(view, turn, winner, lost, outcome))

    def prompt_text(self) -> str:
        source = self.source
        if self.replay is not None:
            said = self.replay.sentence(max(40, self.app.size.width - 2))
            return f"[b]{escape(self.replay.heading())}[/b]\n{escape(said)}"
        if self._summary:  # beside the board, which says what Enter does
            # once (tester PX, round 13: "Press Enter to go on." under the
            # board and again at the summary's foot)
            review = "\n[b]v[/b]: the review" if source.outcome and self.opponent_here() else ""
            return f"[b]End of round {self._summary[0]}[/b]: the board as the call saw it.{review}"
        if source.outcome:
            if not source.hot_seat:  # the review's key where the row has room for it
                keys = self.end_keys()
                after = f"v: the review · {keys}"
                after = after if len(after) <= self.app.size.width - 2 else keys
            elif self.opponent_here():
                after = (
                    "v the review, n a rematch (ctrl+r: sides swapped), Esc or m the menu, "
                    "ctrl+s saves, ctrl+q quits."
                )
                if len(after) > self.app.size.width - 2:  # ctrl+s, ctrl+q: on the footer
                    after = "v the review · n rematch · ctrl+r sides swapped · Esc or m the menu"
            else:
                after = "ctrl+s saves the record, n a rematch, Esc or m the menu, ctrl+q quits."
            return f"Game over: {end.said(source.outcome.reason)}.\n{after}"
        waiting = self.waiting_text()
        if waiting is not None:
            # what the other side played stays said while the keyboard waits
            moves = self.moves_text() if "\n" not in waiting else ""
            if not moves and self.holder is not None and not self.played_yet(self.current_view()):
                moves = escape(self.opening)
            return waiting + (f"\n{moves}" if moves else "")
        if self.handover == "always" and self.holder != source.to_act:
            return ""
        return self.choosing_text()

    def choosing_text(self) -> str:
        """The prompt while the keyboard chooses an action: the step's keys,
        then a refusal, Jack's warning, what the previewed board would show
        at a call, or what the other side just played."""
        source = self.source
        view = self.current_view()
        jack = source.to_act == JACK
        legal = self.legal() if self.choice.on_tiles else ()
        text = panels.step_prompt(view, self.choice, self.face(), jack, legal)
        if self.notice:  # (an engine's refusal says its rule's tag: not to players)
            return text + f"\n[red]{panels.untagged(self.notice)}[/red]"
        after = self.preview()[0]
        if jack and self.holder == JACK:  # his own screen: the preview would have him seen
            warning = panels.alone_line(view, after)  # the call would end it: first
            warning = warning or panels.exposed_line(view, after, self.candidate())
            if warning:
                width = self.query_one("#prompt").size.width or 78
                return text + "\n" + panels.warned_call(warning, after, width)
        if after is not None:  # what the previewed board would show at a call (RF)
            return text + "\n" + panels.call_now(after, jack and self.holder == JACK, "Then a call")
        presence = self.presence_text()  # a network seat: the other one's connection
        if presence:
            return text + f"\n{presence}"
        card = panels.shown_card(view) or panels.drawn_card(view)
        played = self.computer_actions()
        opening = "" if self.played_yet(view) else escape(self.opening)
        if played and not (card and played[-1] is ALIBI_ACTION):
            return text + "\n" + "\n".join(filter(None, (opening, self.moves_text())))
        if not card and opening:
            return text + f"\n{opening}"
        return text + (f"\n{card}" if card else "")

    def played_yet(self, view: Any) -> bool:
        """Has the side at this keyboard played an action in this game?"""
        return any(isinstance(e, Played) and e.side == self.holder for e in view.log)

    def moves_text(self) -> str:
        """What the other side (the computer, or a network seat's opponent)
        played since this side's last action, in one line (markup); empty:
        nothing."""
        played = self.computer_actions()
        if not played:
            return ""
        view = self.current_view()
        side = next(e.side for e in reversed(view.log) if isinstance(e, Played))
        width = max(40, self.app.size.width - 2)
        return escape(computer.moves_line(view, SIDE_WORDS[side], len(played), width))

    def rebuild_choices(self) -> None:
        """The choice buttons for the mouse.  A fixed row of buttons is relabelled
        and shown or hidden: mounting new ones on every key costs a layout."""
        specs: list[tuple[str, str]] = []
        # Review last: at 80×24 the round's summary beside the board covers
        # the fourth button until Enter (tester PT, round 10: "Menu" clipped)
        review = [("Review", "do-review")] if self.opponent_here() else []
        if self.source.outcome and self.source.hot_seat:
            specs = [
                ("Save record", "do-save"),
                ("Rematch", "do-rematch"),
                ("Menu", "do-menu"),
                *review,
            ]
        elif self.source.outcome:  # the server keeps the record; a new duel starts there
            specs = [*review, ("Lobby", "do-lobby")]
        elif self.can_act():
            tokens = self.current_view().tokens
            jack = self.source.to_act == JACK
            chosen = self.choice.joker or (
                str(self.choice.steps) if self.choice.steps is not None else None
            )
            lands = (  # the chosen detective's, where a move is being chosen
                panels.landings(self.current_view(), self.face(), self.legal())
                if self.choice.mode == Mode.MOVE
                else {}
            )
            specs = panels.choice_specs(self.choice.mode, self.face(), tokens, jack, chosen, lands)
        if specs != self._choices:
            self._choices = specs
            Choice.fill(self.query_one("#choices"), specs)

    def notes_blocks(self, view: PocketView) -> list[tuple[str, ...]]:
        """With hints on (`hints` setting, "Learn by playing"), the hint of
        the moment first (pocket/hints.py: at every decision); after the
        game, the rounds that decided it last (`pocket/review.py`)."""
        blocks = super().notes_blocks(view)
        forms = self.hint_lines(view)
        if forms:
            said = [escape(panels.untagged(f)) for f in forms]  # no "(P8)" on screen
            blocks.insert(0, tuple(f"[b green]Hint:[/b green] {f}\n" for f in said))
        kept = panels.kept_card(view, self.holder) if self.holder == INVESTIGATOR else ""
        if kept:  # his own draw, first, while the computer's moves take the prompt (PF, round 3)
            blocks.insert(0, (f"[b yellow]{escape(kept)}[/b yellow]\n",))
        if self.hints and self.source.outcome is not None:
            points = review.review_lines(view)
            decided = points[points.index("What decided it:") :] if points else []
            if decided:
                title, *rest = decided
                points_said = [escape(panels.untagged(line)) for line in rest]
                text = "\n".join([f"[b]{title}[/b]", *points_said])
                blocks.append((text + "\n\n",))
        return blocks

    def hint_lines(self, view: PocketView) -> list[str]:
        """The hint for the step being chosen, in its forms (the fullest
        first), from the view at the keyboard and the preview of the action
        (never the engine)."""
        if not self.hints or not self.can_act() or self.source.outcome is not None:
            return []
        side = self.source.to_act or JACK
        face = self.face()
        if face is None:
            return hints.token_hint(view, side)
        after, _, _ = self.preview()
        return hints.target_hint(view, side, face, after, self.candidate())

    # -- the end of a round ----------------------------------------------------------

    def after_action(self, side: str | None) -> None:
        """After Jack drew an alibi card at a hot seat two people share, he
        sees it behind his own curtain before the screen passes on; then
        what follows every action (`round_over`)."""
        if self.turns.shared and side == JACK and self.source.outcome is None:
            last = next(
                e for e in reversed(self.source.view(INVESTIGATOR).log) if isinstance(e, Played)
            )
            if last.action is ALIBI_ACTION:
                self.reset_choice()
                self.cards.drawn(lambda: self.round_over(side))
                return
        if self.shown_before_handover(side):
            # the card he drew on the hand-over's own curtain: face up to both
            # (P5), one Enter (testers QU, QV, QW, rounds 24-25: a screen of its
            # own before the hand-over was "two Enters for a public fact")
            self.drawn_note = panels.shown_card(self.source.view(INVESTIGATOR))
        self.round_over(side)

    def handover_note(self, side: str) -> str:
        """The hand-over's public line: the alibi card the investigator has
        just shown, once (`after_action`)."""
        note, self.drawn_note = self.drawn_note, ""
        return note

    def shown_before_handover(self, side: str | None) -> bool:
        """Did the investigator just play the Alibi as his last action before
        a hand-over (not a round's end: its summary shows the card)?"""
        source = self.source
        if self.handover != "always" or side != INVESTIGATOR or source.outcome is not None:
            return False
        last = self.source.view(INVESTIGATOR).log[-1]
        alibi = isinstance(last, Played) and last.action is ALIBI_ACTION and last.side == side
        return alibi and source.to_act not in (None, INVESTIGATOR)

    def round_over(self, side: str | None) -> None:
        """After the last action of a round, its summary over the board for
        both players until Enter (from the public view: the witness call is
        public, P7), then the hand-over (in 'always' mode, also when the same
        side plays on: the other one saw the summary) or the end."""
        view = self.source.view(INVESTIGATOR)  # the public part: the same for both
        # The last action's witness call, if any (a race begins just after it).
        last = next((e for e in reversed(view.log) if not isinstance(e, RaceBegins)), None)
        ended = last.round if isinstance(last, WitnessCall) else None
        if ended is None:
            super().after_action(side)
            return
        names = {s: self.player_name(s) for s in SIDES}
        self.holder = None  # nothing secret under it, nor after it
        self.reset_choice()

        def go_on() -> None:
            if self.source.outcome is None:
                self.pass_keyboard()
            else:
                self.refresh_all()
                if self.hints:
                    self.show_review()

        seen = sightings_at_call(view, ended)  # the board as the call saw it: who saw whom
        # Jack alone at this keyboard (against the computer, or his network
        # seat): his own hourglasses and cards, from his own view
        secrets = self.source.view(JACK).jack if self.turns.human == JACK else None
        forms = panels.summary_forms(view, ended, names, seen, secrets)
        self._summary = (ended, forms)
        self.refresh_all()  # the board as the call saw it, beside the summary
        self.turns.show_curtain(SUMMARY, forms[0], go_on)

    # -- the summary beside the board (round 5: tester PH, issue 44) -----------------

    def cover(self, text: str | None) -> None:
        """A round's summary stands beside the board, which stays in sight
        as the witness call saw it (tester PH, round 4: over the whole
        screen it hid the sight lines the call was judged on; a network
        seat's stood beside it, which he preferred).  In the curtain's
        layer, over the side column and the rows under it: in its fullest
        form that fits (`panels.fitting`).  Every other curtain (a
        hand-over, Jack's cards) covers the whole screen."""
        curtain = self.query_one(Curtain)
        if text is not None and self.curtain_kind == SUMMARY and self._summary:
            forms = self._summary[1]
            curtain.fit = lambda width, height: panels.fitting(forms, width, height)
            curtain.JUSTIFY, curtain.MIDDLE = "left", False  # type: ignore[assignment]
            self.query_one("#main").styles.visibility = "visible"
            curtain.raise_(text)
            curtain.styles.visibility = "hidden"  # until it is placed (`place_beside`)
            self.call_after_refresh(self.place_beside, curtain)
            return
        if curtain.fit is not None:  # the summary goes: the curtain as it was
            curtain.fit = None
            del curtain.JUSTIFY, curtain.MIDDLE
            curtain.styles.offset = (0, 0)
            curtain.styles.width = curtain.styles.height = "100%"
            curtain.styles.padding = 0
        if text is None and self._summary:
            self._summary = None
        super().cover(text)

    def place_beside(self, curtain: Curtain) -> None:
        """The summary's place once the screen is laid out, never guessed
        (tester RO, Pocket round 34: at 200×60, after Jack's alibi card had
        hidden the board, it stood over column c): right of the board, to
        the screen's edge and down to the keys line.  At the game's end the
        buttons stand left of it (pocket.tcss; testers RF and RI, rounds
        30-31: at 80×24 it covered the right of "Review")."""
        if self.curtain_kind != SUMMARY:
            return
        district = self.query_one(District)
        if not district.region.width:  # not laid out yet: placed when it is (`District.Placed`)
            return
        right = district.region.right + 1
        curtain.styles.offset = (right, 1)  # the top line and the keys line stay
        curtain.styles.width = max(20, self.app.size.width - right)
        curtain.styles.height = max(1, self.app.size.height - 2)
        curtain.styles.padding = (0, 1)
        curtain.styles.visibility = "visible"

    def on_screen_resume(self) -> None:
        if self.curtain_kind == SUMMARY:
            self.call_after_refresh(self.place_beside, self.query_one(Curtain))

    def on_district_placed(self) -> None:
        if self.curtain_kind == SUMMARY:
            self.place_beside(self.query_one(Curtain))

    def call_board(self, view: PocketView) -> PocketView | None:
        """While a round's summary stands: the board as its witness call saw
        it (the suspects it cleared still up, Lane's wall in place), from
        the public view; None once the game has moved on."""
        if self._summary is None:
            return None
        tiles = board_at_call(view, self._summary[0])
        return None if tiles is None else dataclasses.replace(view, tiles=tiles)

    def show_review(self) -> None:
        """A game with hints ends on a review of its turning points, over the
        board (`pocket/review.py`, from the public log and what the end
        reveals); Enter or Esc closes it."""
        from whitechapel.pocket.ui.lesson import LessonScreen

        game = getattr(self.source, "game", None)  # the boards both sides saw: the turning point
        views = review.public_views(game) if game is not None else []
        lines = review.review_lines(self.current_view(), views, self.turns.human)
        if lines:
            if self.hints:
                lines += ["", review.next_line(self.turns.human)]
            said = panels.untagged("\n".join(lines))
            text = "[b]The game in review[/b]\n\n" + escape(said)
            self.app.push_screen(LessonScreen(text, "Enter: close"))

    # -- choosing ------------------------------------------------------------------

    def on_resize(self, event) -> None:
        self.fit_district(event.size.width, event.size.height)
        if self.curtain_kind == SUMMARY and self._summary:
            self.call_after_refresh(self.place_beside, self.query_one(Curtain))
        self.call_after_refresh(self.refresh_all)  # the log fits its new size

    def action_log(self, older: int) -> None:
        """Scroll the log by one line (PgUp older, PgDn newer; the mouse wheel)."""
        back = max(0, min(self.log_back + older, len(self.current_view().log) - 1))
        if back != self.log_back:
            self.log_back = back
            self.refresh_all()

    def on_mouse_scroll_up(self, event) -> None:
        if self.query_one("#notes").region.contains(event.screen_x, event.screen_y):
            self.action_log(1)

    def on_mouse_scroll_down(self, event) -> None:
        if self.query_one("#notes").region.contains(event.screen_x, event.screen_y):
            self.action_log(-1)

    def computer_actions(self) -> list[Action]:
        """What the computer played since the person's last action: the
        newest actions of the public log (the turn control counts them).  At
        a network seat, what the other side played since the seat's last
        action, from the seat's own view's log (issue 44); at a hot seat two
        people share, since the last action of the side at the keyboard."""
        count = len(self.turns.computer_moves)
        view = self.current_view()
        if not count and not self.source.hot_seat and self.source.seat_side is not None:
            count = len(since_mine(view, self.source.seat_side))
        elif not count and self.turns.shared and self.keyboard_side() is not None:
            # Two people at one keyboard: what the other side played since the
            # incoming side's last action, from the view shown (tester PI,
            # round 5: the line was said against the computer only).
            count = len(since_mine(view, self.keyboard_side()))
        played = [e.action for e in view.log if isinstance(e, Played)]
        return played[len(played) - count :] if count else []

    # -- the other side's actions one at a time, and again (issue 44) -----------------

    def replay_side(self) -> str | None:
        """Whose the other side is the other of: the side at the keyboard
        (the side to act in 'secrets' mode), a network seat's, the person's
        against the computer (None: a spectator, either side)."""
        return self.keyboard_side() or self.source.seat_side or self.turns.human

    def action_replay(self) -> None:
        """`l`: the other side's last turn again, one action at a time, each
        on the board as this side saw it just after it, marked and said; then
        the live board.  Again (or any other key but Space): back at once.
        Only this side's own views are replayed: nothing is played."""
        if self.replay is not None:
            self.stop_replay()
            return
        if self.curtain_up:
            return
        view = self.current_view()
        numbers = last_turn(view, self.replay_side())
        if not numbers:
            self.notify("Nothing to show again: the other side has not played yet.", timeout=4)
            return
        shown = frames(view, numbers, self.shown, self.view_side())
        self.start_replay(Replay(shown, self.source.version))

    def start_replay(self, replay: Replay) -> None:
        self.stop_replay(redraw=False)
        self.replay = replay
        self.refresh_all()
        self.run_worker(self._run_replay(replay), group="replay", exit_on_error=False)

    async def _run_replay(self, replay: Replay) -> None:
        """Each frame for its pause (Space ends it), then the next, then the live board."""
        while self.replay is replay:
            await self.replay_wait(replay)
            if self.replay is not replay:
                return
            if replay.index + 1 < len(replay.frames):
                replay.index += 1
            else:
                self.replay = None
            self.refresh_all()

    async def replay_wait(self, replay: Replay) -> None:
        """A frame's pause (`PACE`; Space ends it; a test holds it).  On the
        replay key each frame waits for Space, as its heading says (tester
        PP, round 8: it went on by itself and closed before he had read it);
        the other side's actions as they come still go on by themselves."""
        await replay.pause(None if replay.again else self.replay_pace)

    def stop_replay(self, redraw: bool = True) -> bool:
        """Back to the live board at once; True if a replay was shown."""
        if self.replay is None:
            return False
        self.replay = None
        self.workers.cancel_group(self, "replay")
        if redraw:
            self.refresh_all()
        return True

    def action_no_pauses(self) -> None:
        """Space: during a replay, the next action now; else the computer's
        actions without pauses (the game screen's)."""
        if self.replay is not None:
            self.replay.skip()
            return
        super().action_no_pauses()

    async def on_key(self, event: events.Key) -> None:
        """Any key but Space ends a replay at once and still does its own
        work; Esc and the replay key only end it.  (The network seat's round
        summary is put away by `PocketNotes.on_key`, which runs after this.)"""
        if self.replay is None or event.key == "space":
            return
        self.stop_replay()
        if event.key in ("escape", "l"):
            event.stop()
            event.prevent_default()

    def on_mouse_down(self, _event: events.MouseDown) -> None:
        """A click ends a replay too (and still does its own work)."""
        self.stop_replay()

    def remote_state(self, msg: dict[str, Any]) -> None:
        """A network seat's new state: the other side's actions it brings are
        marked and said (`computer_actions`); two or more at once (the seat
        saw none of them alone) are shown one at a time first, as the
        replay shows them (issue 44)."""
        seen = played_count(self.current_view()) if self.is_mounted else None
        super().remote_state(msg)
        if seen is None or not self.is_mounted or self.source.seat_side is None:
            return
        view = self.current_view()
        new = [n for n in since_mine(view, self.source.seat_side) if n > seen]
        running = self.replay
        if running is not None and not running.again and new:
            running.frames += frames(view, new, self.shown, self.view_side())
            running.version = self.source.version
            self.refresh_all()
        elif len(new) >= 2:
            shown = frames(view, new, self.shown, self.view_side())
            self.start_replay(Replay(shown, self.source.version, again=False))

    def on_choice_pressed(self, event: Choice.Pressed) -> None:
        bid = event.choice
        if bid.startswith("tok-"):
            self.action_digit(int(bid[4:]) + 1)
        elif bid.startswith(("dig-", "jok-")):
            # The first click previews the target, a second one plays it.
            # (The target chosen for the player when the token was taken is
            # only previewed by a first click, like any other.)
            chosen = bid[4:] in (str(self.choice.steps), self.choice.joker)
            if self.candidate() is not None and chosen and not self.choice.preset:
                self.action_confirm()
            elif bid.startswith("dig-"):
                self.action_digit(int(bid[4:]))
            else:
                self.action_joker(bid[4:])
        elif bid == "do-rotate-ccw":
            self.action_rotate(-1)
        else:
            action = {
                "do-rotate": self.action_rotate,
                "do-confirm": self.action_confirm,
                "do-back": self.action_back,
                "do-review": self.action_review,
                "do-save": self.action_save,
                "do-rematch": self.action_rematch,
                "do-lobby": self.action_lobby,
                "do-menu": self.action_menu,
            }
            if bid in action:
                action[bid]()

    def secrets_unbound(self) -> bool:
        """Is `s` a key with no binding here, at a hot seat of two in the
        'always' hand-over mode (its toast says what it is for)?"""
        return (
            self.source.hot_seat
            and self.handover == "always"
            and self.source.outcome is None
            and not self.curtain_kind
        )

    def action_secrets(self) -> None:
        """'secrets' mode: Jack's cards behind a hide screen, hidden again after."""
        if self.source.outcome is None and self.handover == "secrets" and not self.curtain_kind:
            self.cards.show()
        elif self.secrets_unbound():
            # a key never does nothing unsaid (tester RI, round 31: "s does nothing,
            # with no message, in the default hand-over mode")
            self.notify(
                "s shows Jack's cards only in the 'secrets' hand-over mode (chosen at a new "
                "game); here his screen shows them on his turns.",
                timeout=5,
            )

    def action_help(self) -> None:
        """F1: the rules of the moment first, then the whole summary and keys."""
        from whitechapel.ui.screens.game import help_text
        from whitechapel.ui.screens.help import HelpScreen

        face = self.face() if self.can_act() else None
        now = panels.phase_help(self.current_view(), face)
        self.app.push_screen(HelpScreen(now + help_text(self.HELP)))

    # -- records -------------------------------------------------------------------

    def action_rematch(self, swap: bool = False) -> None:
        """`n` once a game at this keyboard is over: a new duel, the same
        players on the same sides; ctrl+r (`swap`): each on the other side,
        as a network seat's ctrl+r does (tester RO, Pocket round 34: "hot-seat
        should offer that too")."""
        source = self.source
        if not isinstance(source, LocalSource):
            self.notify("Start a new duel from the lobby (Esc).", timeout=4)
            return
        if source.outcome is None:
            return
        from whitechapel.core.chance import new_seed
        from whitechapel.pocket.game import PocketGame

        seed = new_seed()
        game = PocketGame.new(seed)
        players = dict(source.record.players)
        if swap:
            players = {
                side: players[other]
                for side, other in zip(SIDES, SIDES[::-1], strict=True)
                if other in players
            }
        record = record_of(game, seed=seed, players=players, settings=source.record.settings)
        self.app.switch_screen(PocketScreen(LocalSource(game, record, source.store)))

    def action_swap_rematch(self) -> None:
        """ctrl+r at this keyboard: a rematch with the sides swapped."""
        self.action_rematch(swap=True)

    def opponent_here(self) -> bool:
        """A game with another side in it (the computer's, the other player
        at this keyboard or over the network): not a puzzle."""
        return bool(self.turns.computers) or self.turns.shared or not self.source.hot_seat

    def action_review(self) -> None:
        """`v` once the game is over: its review, in any game (the guided
        game shows it by itself)."""
        if self.source.outcome is None:
            return
        if self.curtain_up:
            # over the last round's summary: it goes, and the review comes
            # (tester PY, round 13: v did nothing there)
            if self.curtain_kind != SUMMARY:
                return
            self.turns.lift_curtain()
            if self.hints:
                return  # the guided game's end shows it by itself
        self.show_review()

    def finished_here(self) -> bool:
        """A game over at one keyboard, nothing over it but the last round's
        summary: Esc and m go to the menu (tester QD, round 16: "the footer
        says 'Esc or m the menu', but both are ignored while the
        end-of-round summary is up")."""
        over = self.source.outcome is not None and self.source.hot_seat
        return over and (not self.curtain_up or self.curtain_kind == SUMMARY)

    def action_back(self) -> None:
        """Esc steps back one choice; once the game is over at one
        keyboard, back to the menu."""
        if self.finished_here():
            self.action_menu()
        else:
            super().action_back()

    def action_menu(self) -> None:
        """`m` (or Esc) after a game at one keyboard: the app's menu, to
        choose another game, opponent or level (the record is saved)."""
        if not self.finished_here():
            return
        from whitechapel.ui.screens.leave import to_menu

        to_menu(self.app)

    def leave_shown(self) -> bool:
        """Does `m` (the menu) fit on the keys line?  Not beside Jack's cards'
        key under 90 columns: ctrl+q would be cut off.  (Where it is not
        shown it still works: the palette and F1 say it.)"""
        return self.handover != "secrets" or self.app.size.width >= 90

    def action_leave(self, _shown: int = 0) -> None:
        """`m` under way (`leave(1)`: the keys line's binding): leave for the
        menu, asked first (the game screen's; the palette's too)."""
        super().action_leave()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer only the keys that mean something now."""
        over = self.source.outcome is not None
        if action in ("back", "menu") and self.finished_here():
            return super().check_action(action, parameters)
        if action == "menu":
            return False
        if action == "leave":  # leave(1): the binding on the keys line
            shown = self.leave_shown() or not parameters
            return not over and self.may_leave() and shown and super().check_action(action, ())
        if action in ("rotate", "confirm", "back"):
            if action == "confirm" and self.curtain_up:
                return super().check_action(action, parameters)  # Enter lifts it
            if over or not self.can_act():
                return False
            mode, face = self.choice.mode, self.face()
            if action == "rotate":
                return (
                    mode in (Mode.TILE, Mode.ORIENT)
                    and face == "R"
                    and super().check_action(action, ())
                )
            if mode == Mode.TOKEN:
                return False
            return super().check_action(action, parameters)
        if action == "secrets":
            return self.handover == "secrets" and not over and super().check_action(action, ())
        if action == "replay":  # an other side to see again: not in a puzzle
            return self.opponent_here() and super().check_action(action, ())
        if action == "rematch":
            return self.source.hot_seat and over and super().check_action(action, ())
        if action == "swap_rematch":  # another side to swap with: not a puzzle
            return isinstance(self.source, LocalSource) and over and self.opponent_here()
        if action == "review":
            return over and self.opponent_here() and super().check_action(action, ())
        if action == "save" and not self.source.hot_seat:
            return False
        return super().check_action(action, parameters)


def is_handover(screen: object) -> bool:
    """Is the curtain (a hand-over prompt, Jack's cards, or a round's
    summary: Enter lifts it) covering this screen?  For tests and benchmarks."""
    return isinstance(screen, GameScreen) and screen.curtain_kind is not None


def is_summary(screen: object) -> bool:
    """Is a round's summary covering this screen?"""
    return isinstance(screen, GameScreen) and screen.curtain_kind == SUMMARY


def is_cards(screen: object) -> bool:
    """Are Jack's cards alone on this screen?"""
    return isinstance(screen, GameScreen) and screen.curtain_kind == CARDS
