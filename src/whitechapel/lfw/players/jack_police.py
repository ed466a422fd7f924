"""What the police will know after each kind of Jack's move, for the hard
escape (`jack_escape.py`): their notebook once the move is made (they see
only its kind), where they would think he stands, the circles they would
arrest on first, whether they could arrest on every circle he may be on,
and the circles a policeman keeps watch on.  Read from Jack's view alone:
the notebook of a hypothetical view with the move appended (`hypothetical`)
holds nothing the police do not see."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from whitechapel.lfw.map.board import Board
from whitechapel.lfw.notebook import Notebook, notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.jack_board import JackTables
from whitechapel.lfw.players.jack_reach import covered, likeliest_arrests
from whitechapel.lfw.players.police_sense import Sense, shares
from whitechapel.lfw.rulebook import ALLEY, COACH, LAST_SPACE, space_name
from whitechapel.lfw.view_parts import MoveSeen
from whitechapel.lfw.views import JackView, LfwView, PhaseSeen, TrackSpace


class PoliceReading:
    """One T1 decision's reading of the police, each kind of move worked
    out once."""

    def __init__(
        self,
        view: JackView,
        board: Board,
        tb: JackTables,
        book: Notebook | None,
        notebooks: bool = True,
        mirror: bool = False,
    ) -> None:
        """`book`: the police's notebook now; `notebooks`: work out the
        notebook after each kind of move (else nothing is known of it);
        `mirror`: read where Jack stands as the hard police read it."""
        self.view, self.board, self.tb, self.book = view, board, tb, book
        self.notebooks, self.mirror = notebooks, mirror
        self.police = dict(view.police)
        self._seen: dict[str, LfwView] = {}
        self._books: dict[str, Notebook] = {}
        self._cornered: dict[str, bool] = {}
        self._first: dict[str, frozenset[int]] = {}
        self._where: dict[str, Mapping[int, float]] = {}
        self._watched: frozenset[int] | None = None

    def seen(self, kind: str) -> LfwView:
        """The police's view once a move of this kind is made (`hypothetical`)."""
        found = self._seen.get(kind)
        if found is None:
            found = self._seen[kind] = hypothetical(self.view, kind)
        return found

    def after(self, kind: str) -> Notebook | None:
        """The notebook once a move of this kind is made (the police see
        only its kind, so every move of a kind gives the same one)."""
        if not self.notebooks:
            return None
        found = self._books.get(kind)
        if found is None:
            found = self._books[kind] = notebook(self.seen(kind), self.board, self.book)
        return found

    def cornered(self, kind: str) -> bool:
        """After a move of this kind, can the policemen arrest on every
        circle where the notebook says Jack can be, one circle each (T3)?
        Then that move loses for sure."""
        found = self._cornered.get(kind)
        if found is None:
            book = self.after(kind)
            found = book is not None and covered(self.tb, book.possible, self.police.values())
            self._cornered[kind] = found
        return found

    def first_arrests(self, kind: str) -> frozenset[int]:
        """After a move of this kind, the circles the police would arrest
        on first: the likeliest of the notebook's circles, each with its
        own policeman able to reach it this turn (T2 then T3), as many as
        there are policemen."""
        found = self._first.get(kind)
        if found is None:
            book = self.after(kind)
            found = frozenset()
            if book is not None:
                found = likeliest_arrests(self.tb, self.where(kind), self.police.values())
            self._first[kind] = found
        return found

    def where(self, kind: str) -> Mapping[int, float]:
        """After a move of this kind, each circle's share as the police read
        where Jack stands: the notebook's share of paths ending there, or
        with `mirror` the hard police's reading of them
        (`police_sense.Sense.where`)."""
        found = self._where.get(kind)
        if found is None:
            book = self.after(kind)
            if book is None:
                found = {}
            elif self.mirror:
                found = Sense(self.seen(kind), self.board, book, self.view.night > 1, True).where
            else:
                found = shares(book.counts)
            self._where[kind] = found
        return found

    def watched(self) -> frozenset[int]:
        """The circles arrested on tonight by a policeman who can arrest
        there again this turn (T2 then T3)."""
        if self._watched is None:
            tb, police = self.tb, self.police
            found: set[int] = set()
            for a in self.view.nights[-1].arrests:
                x = police.get(a.colour)
                if x is not None:
                    found.update(c for c in a.circles if tb.reach2[x] & tb.near[c])
            self._watched = frozenset(found)
        return self._watched


def hypothetical(view: LfwView, kind: str) -> LfwView:
    """Jack's view with one more move of `kind` made, as the police would
    see it as they move (T2): the move and the policemen's crossings on
    tonight's record, the spaces it uses on the track."""
    tonight = view.nights[-1]
    index = (view.track[-1].index if view.track else LAST_SPACE) + 1
    moves = (*tonight.moves, MoveSeen(kind, index, dict(view.police)))
    spaces = 2 if kind == COACH else 1
    track = (
        *view.track,
        *(TrackSpace(space_name(index + k), index + k, kind) for k in range(spaces)),
    )
    return replace(
        view,
        nights=(*view.nights[:-1], replace(tonight, moves=moves)),
        track=track,
        phase=PhaseSeen.of(Phase.HUNT),
        coaches_left=view.coaches_left - (kind == COACH),
        alleys_left=view.alleys_left - (kind == ALLEY),
    )
