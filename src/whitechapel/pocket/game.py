"""The Mr. Jack Pocket rules engine (P1–P9).

`PocketGame` is the full state.  It is mutated by `apply`, which either
performs a legal action or raises `IllegalAction` having changed nothing.
After the fourth action of a round the engine stops with the witness call
(P7) due: nobody is to act (`unresolved`), and `resolve()` makes the call,
judges the end (P8) and turns the tokens for the next round (P4).  No side
decides it: a host plays an action and the call it brings in one step
(`advance`, `play`: `core.game.Engine`); the search judges one board for
several possible Jacks before resolving (`with_jack`).

Besides a setup's start, a game can be built at a position: behind a side's
view, with what that view does not show given (`behind`, the computer
players' possible games, `pocket/worlds.py`), or as a copy with another
Jack or another next card (`with_jack`, `with_next_card`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitechapel.core.errors import IllegalAction, NotationError
from whitechapel.core.game import Engine, Outcome
from whitechapel.pocket import actions, end, viewing
from whitechapel.pocket.actions import Action, Alibi, Exchange, Joker, Move, Rotate
from whitechapel.pocket.legal import actions_for, faces_mask, open_tokens
from whitechapel.pocket.pieces import (
    CHARACTER_INDEX,
    CHARACTERS,
    DIRECTIONS,
    FACE_NAMES,
    HOURGLASSES,
    INVESTIGATOR,
    JACK,
    LANE,
    NO_WALL,
    SIDES,
    SQUARES,
    TOKENS,
    TURN_ORDER,
    step_clockwise,
)
from whitechapel.pocket.setup import THROWS, Setup, random_setup
from whitechapel.pocket.sight import seen_by_all
from whitechapel.pocket.views import PocketView, RaceBegins


class PocketGame(Engine):
    """A game of Mr. Jack Pocket, from a setup, mutated by `apply`."""

    name = "pocket"
    sides = SIDES
    notation, views = actions, viewing  # Engine: play, view, reveal

    __slots__ = (
        "_outcome",
        "cleared",
        "deck_pos",
        "detectives",
        "events",
        "faces",
        "history",
        "investigator_alibis",
        "jack_alibis",
        "race_round",
        "rotated",
        "round",
        "setup",
        "step",
        "tiles",
        "used",
        "walls",
        "witnesses",
    )

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.tiles = list(setup.tiles)  # character index per square
        self.walls = list(setup.walls)  # wall direction per square (kept when cleared)
        self.cleared = sum(1 << c for c in setup.cleared)  # bit per character on its empty side
        self.detectives = list(setup.detectives)
        self.round = 1
        self.step = 0  # actions already played this round
        self.faces = faces_mask(setup.throws[0])  # bit per token: 0 front face, 1 back
        self.used = 0  # bit per token played this round
        self.rotated = 0  # bit per character rotated this round
        self.deck_pos = 0
        self.jack_alibis: list[int] = []
        self.investigator_alibis: list[int] = []
        # P7, per round: was Jack seen, and the characters the call cleared.
        self.witnesses: list[tuple[bool, tuple[int, ...]]] = []
        self.race_round = 0  # P8: the round in which the race began, 0 if none
        self._outcome: Outcome | None = None
        self.history: list[Action] = []
        # The public log as compact tuples (see viewing.public_log):
        # (round, side, action, card shown or -1), (round, seen, cleared), (round,).
        self.events: list[tuple] = []

    @classmethod
    def new(cls, seed: int) -> PocketGame:
        return cls(random_setup(seed))

    # -- games at a position -------------------------------------------------

    @classmethod
    def behind(
        cls,
        view: PocketView,
        *,
        jack: int,
        jack_alibis: Sequence[int],
        deck: Sequence[int],
        throws: Sequence[tuple[int, ...]],
    ) -> PocketGame:
        """A game at the position `view` shows, with what the view does not
        show given: Jack, his alibi cards, the cards nobody has drawn (top
        first) and the token throws of rounds 1, 3, 5 and 7 (those of the
        rounds to come are the ones read).  Everything the view shows is
        copied: the board, the tokens, the cleared suspects, the cards the
        investigator showed, the round tokens, the race.  The game has no
        past (no history, an empty log); its setup is the board as it stands
        and the cards not drawn.  A ValueError when the hidden part does not
        fit the view."""
        _check_behind(view, jack, jack_alibis, deck, throws)
        board = (view.detectives.holmes, view.detectives.watson, view.detectives.toby)
        tiles = tuple(t.index for t in view.tiles)
        walls = tuple(DIRECTIONS.index(t.wall) for t in view.tiles)
        game = cls(Setup(tiles, walls, jack, tuple(deck), tuple(throws), board))
        game.cleared = sum(1 << t.index for t in view.tiles if t.cleared)
        game.round, game.step = view.round, view.step
        game.faces = faces_mask([t.faces.index(t.up) for t in view.tokens])
        game.used = sum(1 << i for i, t in enumerate(view.tokens) if t.used)
        game.rotated = sum(1 << CHARACTER_INDEX[c] for c in view.rotated_this_round)
        game.jack_alibis = list(jack_alibis)
        game.investigator_alibis = [CHARACTER_INDEX[c] for c in view.investigator_alibis]
        game.witnesses = [(side == INVESTIGATOR, ()) for side in view.round_tokens]
        game.race_round = next((e.round for e in view.log if isinstance(e, RaceBegins)), 0)
        return game

    def with_jack(self, jack: int) -> PocketGame:
        """A copy of this game with `jack`, a suspect left, as Jack, every
        card where it is: the search judges one board's witness call for
        each possible Jack (`with_jack(c).resolve()`)."""
        if self.cleared >> jack & 1:
            name = CHARACTERS[jack].name
            raise ValueError(f"{name} is cleared: Jack is one of the suspects left")
        out = self.clone()
        s = self.setup
        out.setup = Setup(s.tiles, s.walls, jack, s.deck, s.throws, s.detectives, s.cleared)
        return out

    def with_next_card(self, card: int) -> PocketGame:
        """A copy of this game whose next alibi card is `card`, one of the
        cards nobody has drawn: it changes places with the deck's top card."""
        out = self.clone()
        s = self.setup
        deck = list(s.deck)
        at = deck.index(card, self.deck_pos)  # a ValueError for a card already drawn
        deck[self.deck_pos], deck[at] = deck[at], deck[self.deck_pos]
        out.setup = Setup(s.tiles, s.walls, s.jack, tuple(deck), s.throws, s.detectives, s.cleared)
        return out

    def undrawn(self) -> Sequence[int]:
        """The alibi cards nobody has drawn, top first."""
        return self.setup.deck[self.deck_pos :]

    # -- reading the state -------------------------------------------------

    @property
    def to_act(self) -> str | None:
        """The side to act; None once the game is over or while the witness
        call is due."""
        if self._outcome is not None or self.step == 4:
            return None
        return TURN_ORDER[self.round & 1][self.step]

    @property
    def unresolved(self) -> bool:
        """Is the round's witness call due (its fourth action played)?"""
        return self.step == 4 and self._outcome is None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def jack(self) -> int:
        return self.setup.jack

    def suspects(self) -> list[int]:
        """Characters not yet cleared, in square order."""
        return [c for c in self.tiles if not self.cleared >> c & 1]

    @property
    def race(self) -> bool:
        return self.race_round > 0

    def round_tokens(self) -> list[str]:
        """Who took each finished round's token (P7)."""
        return [INVESTIGATOR if seen else JACK for seen, _ in self.witnesses]

    def jack_hourglasses(self) -> int:
        """P8: round tokens Jack took plus the hourglasses of his alibi cards."""
        total = 0
        for seen, _ in self.witnesses:
            if not seen:
                total += 1
        for c in self.jack_alibis:
            total += HOURGLASSES[c]
        return total

    def suspect_count(self) -> int:
        return 9 - self.cleared.bit_count()

    def effective_walls(self) -> list[int]:
        walls = self.walls
        if self.cleared >> LANE & 1:
            walls = list(walls)
            walls[self.tiles.index(LANE)] = NO_WALL
        return walls

    def seen_squares(self) -> int:
        """Bit mask of the squares some detective sees now (P6)."""
        return seen_by_all(self.effective_walls(), self.detectives)

    def open_faces(self) -> list[str]:
        """The faces of the tokens not played yet this round, in token order."""
        return [TOKENS[t][self.faces >> t & 1] for t in range(4) if not self.used >> t & 1]

    def legal_actions(self) -> list[Action]:
        """Every legal action, in a stable order: the open tokens' actions in
        token order, rotations last (`legal.actions_for`, the rule
        `legal(view)` reads from a view)."""
        if self._outcome is not None or self.step == 4:
            return []  # over, or the witness call is due: no side acts
        side = TURN_ORDER[self.round & 1][self.step]
        return actions_for(side, self.faces, self.used, self.tiles, self.walls, self.rotated)

    def options_json(self) -> dict[str, Any]:
        return {}  # Mr. Jack Pocket has no optional rules

    def view(self, side: str) -> PocketView:
        """What `side` (or `PUBLIC`) may know now (P9): `viewing.view`."""
        return viewing.view(self, side)

    # -- changing the state ------------------------------------------------

    def apply(self, action: Action, side: str | None = None) -> None:
        """Play `action` for the side to act (or for `side`, which must be
        it).  After a round's fourth action the witness call is due
        (`resolve`)."""
        if not isinstance(action, Action):
            raise NotationError(f"{action!r} is not a Pocket action")
        if self._outcome is not None:
            raise IllegalAction(f"{action}: the game is over ({self._outcome.reason})")
        if self.step == 4:
            raise IllegalAction(f"{action}: the round's witness call comes first (P7)")
        actor = TURN_ORDER[self.round & 1][self.step]
        if side is not None and side != actor:
            raise IllegalAction(f"{action}: it is the {actor}'s turn, not the {side}'s")
        face = action.face
        token = open_tokens(self.faces, self.used).get(face, -1)
        if token < 0:
            open_ = ", ".join(FACE_NAMES[f] for f in self.open_faces())
            raise IllegalAction(
                f"{action}: no action token left this turn shows {FACE_NAMES[face]} (open: {open_})"
            )
        # Dispatch on the exact type, compared once (the apply benchmark); each
        # branch's assert only tells the checker what `kind is ...` proved.
        kind = type(action)
        if kind is Move:
            assert isinstance(action, Move)
            d = action.detective
            self.detectives[d] = step_clockwise(self.detectives[d], action.steps)
        elif kind is Joker:
            assert isinstance(action, Joker)
            j = action.detective
            if j is None:
                if actor != JACK:
                    raise IllegalAction(f"{action}: the investigator's joker must move a detective")
            else:
                self.detectives[j] = step_clockwise(self.detectives[j], 1)
        elif kind is Rotate:
            assert isinstance(action, Rotate)
            self._rotate(action)
        elif kind is Exchange:
            assert isinstance(action, Exchange)
            a, b = action.first, action.second
            self.tiles[a], self.tiles[b] = self.tiles[b], self.tiles[a]
            self.walls[a], self.walls[b] = self.walls[b], self.walls[a]
        card = self._draw_alibi(actor) if kind is Alibi else -1
        self.used |= 1 << token
        self.step += 1
        self.history.append(action)
        self.events.append((self.round, actor, action, card))

    def resolve(self) -> None:
        """The witness call due after a round's fourth action (P7), the end
        judged (P8), and the next round's tokens (P4)."""
        if not self.unresolved:
            raise IllegalAction("nothing is due: a witness call follows a round's fourth action")
        self._witness_call()

    def _rotate(self, action: Rotate) -> None:
        sq, wall = action.square, action.wall
        c = self.tiles[sq]
        if self.rotated >> c & 1:
            raise IllegalAction(
                f"{action}: {CHARACTERS[c].name}'s tile was already rotated this round (P5)"
            )
        if self.walls[sq] == wall:
            raise IllegalAction(
                f"{action}: a rotation must change the tile; the wall on {SQUARES[sq]} "
                f"already faces {['north', 'east', 'south', 'west'][wall]}"
            )
        self.walls[sq] = wall
        self.rotated |= 1 << c

    def _draw_alibi(self, actor: str) -> int:
        """Returns the card when it is shown (the investigator's), else -1."""
        card = self.setup.deck[self.deck_pos]  # P4: the deck can never run out
        self.deck_pos += 1
        if actor == JACK:
            self.jack_alibis.append(card)  # secret: the public log never names it
            return -1
        self.investigator_alibis.append(card)
        self.cleared |= 1 << card  # P5: a cleared suspect's hourglasses are lost all the same
        return card

    def _witness_call(self) -> None:
        """P7, then P8, then the next round's tokens (P4)."""
        seen_mask = self.seen_squares()
        tiles = self.tiles
        seen = seen_mask >> tiles.index(self.setup.jack) & 1
        # Seen: clear every suspect not seen.  Not seen: clear every one seen.
        to_clear = seen_mask ^ 511 if seen else seen_mask
        cleared, before = self.cleared, self.cleared
        for sq in range(9):
            if to_clear >> sq & 1:
                cleared |= 1 << tiles[sq]
        self.cleared = cleared
        newly = tuple(c for c in tiles if (cleared & ~before) >> c & 1)
        self.witnesses.append((bool(seen), newly))
        self.events.append((self.round, bool(seen), newly))
        judged = end.judge(
            self.round, self.race, self.suspect_count(), self.jack_hourglasses(), bool(seen)
        )
        if judged.race_begins:
            self.race_round = self.round
            self.events.append((self.round,))
        self._outcome = judged.outcome
        if self._outcome is not None:
            return
        self.round += 1
        self.step = 0
        self.used = 0
        self.rotated = 0
        if self.round & 1:
            self.faces = faces_mask(self.setup.throws[self.round // 2])
        else:
            self.faces ^= 15  # P4: every token turned to its other face

    # -- copies and comparison ---------------------------------------------

    def clone(self) -> PocketGame:
        new = PocketGame.__new__(PocketGame)
        new.setup = self.setup
        new.tiles = self.tiles[:]
        new.walls = self.walls[:]
        new.cleared = self.cleared
        new.detectives = self.detectives[:]
        new.round = self.round
        new.step = self.step
        new.faces = self.faces
        new.used = self.used
        new.rotated = self.rotated
        new.deck_pos = self.deck_pos
        new.jack_alibis = self.jack_alibis[:]
        new.investigator_alibis = self.investigator_alibis[:]
        new.witnesses = self.witnesses[:]
        new.race_round = self.race_round
        new._outcome = self._outcome
        new.history = self.history[:]
        new.events = self.events[:]  # the tuples themselves never change
        return new

    def _key(self) -> tuple:
        return tuple(getattr(self, s) for s in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PocketGame):
            return NotImplemented
        return self._key() == other._key()

    # Unhashable, since it is mutable and compares by value.  typeshed types
    # object.__hash__ as a method, so the checker cannot accept the None that the
    # data model uses for this (typeshed's own list does the same with an ignore).
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<PocketGame round {self.round} step {self.step} to_act={self.to_act}>"


def _check_behind(
    view: PocketView,
    jack: int,
    jack_alibis: Sequence[int],
    deck: Sequence[int],
    throws: Sequence[tuple[int, ...]],
) -> None:
    """That what a game behind `view` is given fits the view (`behind`)."""
    if view.outcome is not None:
        raise ValueError("the game is over: nothing is played behind its view")
    if jack not in [t.index for t in view.tiles if not t.cleared]:
        raise ValueError("Jack is one of the suspects left")
    if len(jack_alibis) != view.jack_alibi_count:
        raise ValueError(f"Jack holds {view.jack_alibi_count} alibi cards, not {len(jack_alibis)}")
    if view.jack is not None:
        own = [CHARACTER_INDEX[c] for c in view.jack.alibis]
        if CHARACTER_INDEX[view.jack.identity] != jack or own != list(jack_alibis):
            raise ValueError("Jack's view names his identity and his cards")
    shown = [CHARACTER_INDEX[c] for c in view.investigator_alibis]
    if sorted([jack, *jack_alibis, *shown, *deck]) != list(range(len(CHARACTERS))):
        raise ValueError("Jack, the cards drawn and the deck are the nine characters once each")
    if len(throws) != THROWS or any(len(t) != len(TOKENS) or set(t) - {0, 1} for t in throws):
        raise ValueError(f"{THROWS} throws of the four tokens' faces (0 or 1)")
