"""The Pocket screen's keys for choosing an action: a token (1-4), then its
target (`choosing.py`'s `PocketChoice` keeps the choice), previewed on the
district and played on Enter; the arrows, clicks on tiles, a tile's name
typed (a1 to c3), r and e, Esc one step back.  A part of `PocketScreen`
(its base, typed as a game screen).

What the district highlights and previews comes from the view at the
keyboard and its legal actions (public rules): `pocket.preview` computes
the board after the candidate action from that view alone, never from the
engine, so a preview cannot show a witness call's result.
"""

from __future__ import annotations

from textual import events

from whitechapel.pocket.actions import ALIBI_ACTION, MOVE_FACES, Action, Joker, Move, Rotate
from whitechapel.pocket.legal import legal
from whitechapel.pocket.pieces import DIRECTIONS
from whitechapel.pocket.preview import preview
from whitechapel.pocket.sentences import WALL_WORDS
from whitechapel.pocket.ui import panels
from whitechapel.pocket.ui.choosing import (
    Mode,
    PocketChoice,
    cycle,
    joker_action,
    joker_options,
    start_tile,
    step_options,
)
from whitechapel.pocket.ui.district import District
from whitechapel.pocket.views import PocketView
from whitechapel.ui.screens.game import GameScreen


class PocketKeys(GameScreen):
    choice: PocketChoice
    log_back: int
    _legal: tuple[int, tuple[Action, ...]] | None  # (state version, actions)

    def secrets_unbound(self) -> bool:  # the screen's (screen.py)
        raise NotImplementedError

    def action_secrets(self) -> None:  # the screen's (screen.py)
        raise NotImplementedError

    def reset_choice(self) -> None:
        """A new turn: the choice starts over, the log on its newest line."""
        self.choice.restart()
        self.log_back = 0
        self.notice = ""

    def face(self) -> str | None:
        if self.choice.token is None:
            return None
        return self.current_view().tokens[self.choice.token].up

    def candidate(self) -> Action | None:
        """The action chosen so far, once it is one."""
        return self.choice.candidate(self.face())

    def preview(self) -> tuple[PocketView | None, int | None, set[int]]:
        """The board after the action being chosen, from the view at the
        keyboard alone: new walls, positions and sight lines; the detective
        it moves.  Jack's joker moving nobody leaves the board as it is,
        previewed like every other choice (tester RN, Pocket round 34: its
        call went unsaid)."""
        picked = {self.choice.first} if self.choice.first is not None else set()
        candidate = self.candidate()
        if candidate is None:
            return None, None, picked
        if isinstance(candidate, Joker) and candidate.detective is None:
            return self.current_view(), None, picked
        moving = candidate.detective if isinstance(candidate, Move | Joker) else None
        return preview(self.current_view(), candidate), moving, picked

    def rotatable(self, square: int) -> bool:
        """May the tile on `square` be rotated now (not yet this round, P5)?"""
        return any(isinstance(a, Rotate) and a.square == square for a in self.legal())

    def legal(self) -> tuple[Action, ...]:
        """The actions of the side to act, from the view shown (`legal`:
        public), once per state (the highlights ask on every key)."""
        if self._legal is None or self._legal[0] != self.source.version:
            self._legal = (self.source.version, legal(self.current_view()))
        return self._legal[1]

    def targets(self, view: PocketView) -> tuple[dict[int, str], set[int]]:
        """What the district highlights for the step being chosen, from the
        view at the keyboard and its legal actions (public rules): where the
        chosen detective lands after 1 and 2 steps, where the joker can send
        each one, and which tiles cannot be rotated this round (dimmed)."""
        if self.choice.mode not in (Mode.MOVE, Mode.JOKER, Mode.TILE):
            return {}, set()
        return panels.targets(view, self.choice.mode, self.face(), self.legal())

    def action_digit(self, n: int) -> None:
        """1-4 choose a token; while a detective's move is chosen, 1 and 2 are
        his steps, and 1 the joker's one step once its detective is chosen
        and the first token is played.  Another token's digit takes that
        token instead, save where a tile is taken (a rotation's, an
        exchange's first): that asks for Esc first; the chosen token's own
        digit keeps the choice as it is."""
        if not self.can_act():
            return
        mode, same = self.choice.mode, self.choice.token == n - 1
        if mode == Mode.MOVE and n in (1, 2):
            self.choose_target(Move(MOVE_FACES.index(self.face() or "H"), n), steps=n)
        elif (
            mode == Mode.JOKER
            and n == 1
            and self.choice.joker not in (None, "-")
            and self.current_view().tokens[0].used
        ):
            # the first token played: 1 is the joker's one step, as it is a
            # detective's (tester QO, round 21: "4 h 1" said "That token was
            # played this round"); where it is still to play, 1 takes it
            self.notice = "The joker moves him one step: Enter plays it."
            self.refresh_all()
        elif mode in (Mode.ORIENT, Mode.EXCHANGE) and not same:
            # a tile taken: another token's digit asks for Esc first (tester RQ,
            # Pocket round 34: a stray "2 1 Enter" mid-rotation played Toby)
            self.notice = f"A tile is taken for this action: Esc, then {n} for another token."
            self.refresh_all()
        elif mode == Mode.TOKEN or not same:
            self.choose_token(n - 1)

    def choose_token(self, index: int) -> None:
        tokens = self.current_view().tokens
        if not 0 <= index < 4 or tokens[index].used:
            self.notice = "That token was played this round."
            self.refresh_all()
            return
        # Two Rotation tokens are the same action: mark the one the engine plays.
        index = next(i for i, t in enumerate(tokens) if not t.used and t.up == tokens[index].up)
        face = tokens[index].up
        choice, legal = self.choice, self.legal()
        choice.take(index, face)
        # The cursor stands on something from the start: Enter takes it (the
        # board shows it), the arrows move it.
        if choice.mode == Mode.MOVE:
            choice.steps = next(iter(step_options(legal, face)), None)
            choice.preset = True
        elif choice.mode == Mode.JOKER:
            # Jack's joker starts on moving nobody: a quick Enter changes no
            # line of sight (tester PH, round 4: it started on Holmes, and
            # one Enter would have had Jack seen); the investigator's on
            # the first detective (he must move one, P5).
            options = joker_options(legal)
            choice.joker = "-" if "-" in options else next(iter(options), None)
            choice.preset = True
        elif choice.mode == Mode.TILE:
            # b2 every time: predictable (testers PI and PJ, round 5)
            choice.cursor = start_tile()
        self.notice = ""
        self.refresh_all()

    def choose_target(
        self, action: Action, *, steps: int | None = None, joker: str | None = None
    ) -> None:
        """A detective's steps or the joker's detective: previewed on the
        district, played only on Enter (or a second click of its button)."""
        if action not in self.legal():  # from the legal list alone: no trial on a copy
            self.notice = (
                "The investigator's joker must move a detective."  # P5
                if action == Joker(None)
                else "That action is not possible now."
            )
            self.refresh_all()
            return
        self.choice.steps, self.choice.joker = steps, joker
        self.choice.preset = False
        self.notice = ""
        self.refresh_all()

    def action_joker(self, who: str) -> None:
        if self.can_act() and self.choice.mode == Mode.JOKER:
            self.choose_target(joker_action(who), joker=who)

    def action_cursor(self, dx: int, dy: int) -> None:
        """The arrows, the same for every token: another tile (a rotation, an
        exchange), the side a rotated tile's wall faces, the detective's
        steps, the joker's detective."""
        choice = self.choice
        if not self.can_act():
            return
        self.notice = ""
        if choice.mode == Mode.ORIENT:
            wall = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}[dx, dy]
            tile = self.current_view().tiles[choice.cursor]
            if tile.open_crossroads and wall == DIRECTIONS.index(tile.wall):
                # no wall to point: any arrow turns it (tester RE, Pocket round
                # 29: Right refused with "Its wall faces east already" on Lane's
                # crossroads, which has none)
                wall = (wall + 1) % len(DIRECTIONS)
            if wall == DIRECTIONS.index(tile.wall):
                self.notice = (
                    f"Its wall faces {WALL_WORDS[wall]} already: a rotation "
                    "must change the tile."  # P5
                )
            else:
                choice.wall = wall
        elif choice.on_tiles:
            choice.move(dx, dy)
        elif choice.mode == Mode.MOVE:
            steps = step_options(self.legal(), self.face())
            if steps:
                choice.steps, choice.preset = cycle(steps, choice.steps, dx + dy), False
        elif choice.mode == Mode.JOKER:
            who = joker_options(self.legal())
            if who:
                choice.joker, choice.preset = cycle(who, choice.joker, dx + dy), False
        else:
            return
        self.refresh_all()

    def on_district_tile_clicked(self, message: District.TileClicked) -> None:
        if not self.can_act() or not self.choice.on_tiles:
            return
        self.choice.typed = None  # a click drops a half-typed name
        if self.choice.cursor == message.square and self.candidate():
            self.action_confirm()
            return
        if self.choice.mode == Mode.ORIENT:
            self.choice.mode = Mode.TILE
        self.choice.cursor, self.choice.wall = message.square, None
        self.refresh_all()

    def action_rotate(self, turn: int = 1) -> None:
        """Turn the tile under the cursor a quarter clockwise (r) or
        counter-clockwise (e, R), never back to its own orientation (P5)."""
        choice = self.choice
        if not self.can_act() or choice.mode not in (Mode.TILE, Mode.ORIENT) or self.face() != "R":
            return
        choice.typed = None  # (its button, clicked with a name half typed)
        if not self.rotatable(choice.cursor):
            self.notice = "This tile cannot be rotated now (↻: it was rotated this round)."
        else:
            self.notice = ""
            current = DIRECTIONS.index(self.current_view().tiles[choice.cursor].wall)
            choice.rotate(turn, current)
        self.refresh_all()

    def confirm(self) -> None:
        choice = self.choice
        choice.typed = None  # (its button, clicked with a name half typed)
        if choice.mode == Mode.ALIBI:
            self.send(str(ALIBI_ACTION))
        elif choice.mode in (Mode.MOVE, Mode.JOKER):
            candidate = self.candidate()
            if candidate is not None:  # nothing chosen yet: Enter means nothing
                self.send(str(candidate))
        elif choice.mode == Mode.TILE and self.face() == "X":
            # The second tile's cursor starts on the first: each arrow from it
            # shows a swap with its neighbour that way (issue 44: a second
            # tile proposed "next in reading order" was taken by surprise).
            choice.first, choice.mode = choice.cursor, Mode.EXCHANGE
            self.refresh_all()
        elif choice.mode == Mode.TILE and choice.wall is None:
            # A rotation's tile chosen: now where its wall will face (arrows,
            # r / e).  Enter never turns the tile itself, so a quick double
            # Enter plays nothing the player did not see (tester PA, issue 44).
            if self.rotatable(choice.cursor):
                choice.mode = Mode.ORIENT
            else:
                self.notice = "This tile (↻) was rotated this round: choose another one."
            self.refresh_all()
        elif choice.mode == Mode.ORIENT and choice.wall is None:
            if self.current_view().tiles[choice.cursor].open_crossroads:  # (tester RP, round 35)
                self.notice = "Turn it first with r / e: it has no wall, so no sight changes."
            else:
                self.notice = "Turn it first: the arrows (or r / e) say where its wall will face."
            self.refresh_all()
        elif choice.on_tiles:
            candidate = self.candidate()
            if candidate is None:
                self.notice = "Choose a different second tile."
                self.refresh_all()
            else:
                self.send(str(candidate))

    async def on_key(self, event: events.Key) -> None:
        """While a tile is chosen (a rotation's, either of an exchange's):
        its name typed, the column's letter a b c then the row's digit 1-3,
        chooses it as the cursor on it and Enter would (`take_named`).  The
        letter alone changes nothing but the prompt; Backspace or Esc drops
        it, another letter replaces it.  Any other key drops it too and does
        its own work.  Of the screens' bindings only a puzzle's `a` (try
        again) is a b or c; while a tile is chosen `a` is a column there too
        (docs/pocket.md, "Typing a tile's name (round 7)")."""
        choice = self.choice
        if event.key == "s" and not choice.on_tiles and self.secrets_unbound():
            event.stop()
            self.action_secrets()  # says what s is for where it shows nothing
            return
        if not choice.on_tiles or not self.can_act() or self.guarded():
            return
        key, typed = event.key, choice.typed
        if choice.type_column(key if len(key) == 1 else ""):
            self.notice = ""
        elif typed is None:
            return
        elif key in ("1", "2", "3"):
            self.take_named(choice.type_row(key))
        elif key == "4":
            self.notice = f"There is no row 4: {typed}1, {typed}2 or {typed}3."
        elif key == "backspace":
            choice.typed, self.notice = None, ""
        elif key == "escape":
            return  # its binding steps back: the half-typed name first
        else:
            choice.typed = None  # dropped; the key does its own work
            self.refresh_all()
            return
        event.stop()  # the letter's or the row's: no binding after it
        event.prevent_default()  # (nor the game screen's, GameScreen.on_key)
        self.refresh_all()

    def take_named(self, square: int | None) -> None:
        """A tile's name typed (`on_key`): the tile chosen as the cursor on
        it and Enter would choose it -- a rotation's tile taken (now where
        its wall will face), an exchange's first tile taken (now the
        second).  The second tile of an exchange is shown, swapped, and
        Enter plays it, as every action ends on an Enter.  A tile that
        cannot be taken gets the sentence Enter on it gets, and nothing
        changes but the cursor, on that tile."""
        choice = self.choice
        if square is None:
            return
        self.notice = ""
        if choice.mode == Mode.EXCHANGE:
            if square == choice.first:
                self.notice = "Choose a different second tile."
            else:
                choice.cursor = square
        elif self.face() == "X":
            choice.cursor = choice.first = square
            choice.mode = Mode.EXCHANGE
        elif not self.rotatable(square):  # P5: the cursor on it, so that a turn key
            # typed after it turns nothing (tester QM, round 20: his `e` turned
            # b2, where the cursor had stayed)
            choice.cursor = square
            self.notice = "This tile (↻) was rotated this round: choose another one."
        else:
            choice.cursor, choice.wall, choice.mode = square, None, Mode.ORIENT

    def action_back(self) -> None:
        """Esc steps back one choice (the previewed target, then the token)."""
        if self.can_act() and self.choice.step_back():
            self.notice = ""
            self.refresh_all()
