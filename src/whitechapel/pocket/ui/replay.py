"""The other side's actions one at a time, and again (issue 44).

What the Pocket screen needs to show another side's turn action by action
-- against the computer, at a network seat, and again on the replay key --
from the views it has already shown and nothing else (the secrecy rule):

- `ShownViews` keeps, for each side, the few newest views the screen
  displayed to that side;
- `last_turn` finds the other side's last turn in a view's public log;
- `frames` makes a frame for each of its actions: the board just after it
  as the side saw it (a view kept; or, where the screen never showed that
  moment -- at a hot seat the other side held the keyboard then -- the
  kept view before it with the action previewed on it, `pocket.preview`,
  from that side's view alone), the tiles and detective it touched, and
  its sentence;
- `Replay`: the frames being shown, and the pause between them (Space
  ends a pause at once; a test holds it).

Nothing here plays or changes anything: a replay only draws.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from dataclasses import dataclass, field

from whitechapel.pocket.actions import Action
from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.sentences import SIDE_WORDS, action_phrase, annotated
from whitechapel.pocket.ui.computer import fit_line, marks
from whitechapel.pocket.views import Played, PocketView

KEEP = 8  # views kept per side: a turn is at most two actions, with room to spare


def played_count(view: PocketView) -> int:
    """How many actions the view's log holds (every action is public, P9)."""
    return sum(isinstance(e, Played) for e in view.log)


class ShownViews:
    """The newest views the screen displayed, per side, by how many actions
    they follow: only a side's own views are ever replayed to it."""

    def __init__(self, keep: int = KEEP) -> None:
        self._views: dict[str, deque[tuple[int, PocketView]]] = {}
        self.keep_count = keep

    def keep(self, side: str, view: PocketView) -> None:
        kept = self._views.setdefault(side, deque(maxlen=self.keep_count))
        if kept and kept[-1][1] is view:
            return  # the same view drawn again (every key redraws)
        count = played_count(view)
        if kept and kept[-1][0] == count:
            kept[-1] = (count, view)  # the same moment, newer (a hand-over, the clock)
        else:
            kept.append((count, view))

    def after(self, side: str, count: int) -> PocketView | None:
        """The view `side` was shown just after the `count`th action, if kept."""
        return next((v for n, v in reversed(self._views.get(side, ())) if n == count), None)


def last_turn(view: PocketView, me: str | None) -> list[int]:
    """The other side's last turn: the numbers (1 = the game's first action)
    of its newest run of actions in the view's log, oldest first.  `me`:
    the side at the keyboard (None: the newest run of either side)."""
    sides = [e.side for e in view.log if isinstance(e, Played)]
    end = len(sides)
    while end and me is not None and sides[end - 1] == me:
        end -= 1
    if not end:
        return []
    other = sides[end - 1]
    start = end
    while start and sides[start - 1] == other:
        start -= 1
    return list(range(start + 1, end + 1))


def since_mine(view: PocketView, me: str | None) -> list[int]:
    """The other side's actions since `me`'s last one (none if `me` played last)."""
    sides = [e.side for e in view.log if isinstance(e, Played)]
    if me is None or not sides or sides[-1] == me:
        return []
    return last_turn(view, me)


@dataclass(frozen=True)
class Frame:
    """One action of a turn as it is shown: the board just after it, what it
    touched, its sentence."""

    view: PocketView
    action: Action
    side: str
    sentence: str
    short: str  # the sentence in fewer words, for a narrow screen
    tiles: frozenset[int]
    detectives: frozenset[int]


def frames(view: PocketView, numbers: list[int], shown: ShownViews, side: str) -> list[Frame]:
    """A frame for each action numbered in `numbers`, from `view` (the live
    view of `side`) and the views `side` was shown: the sentences from the
    log of `view`, the boards from the views kept, else previewed on the one
    before, else the live board."""
    actions = annotated(view)
    out: list[Frame] = []
    before = shown.after(side, numbers[0] - 1) if numbers else None
    for n in numbers:
        entry, board, card = actions[n - 1]
        after = shown.after(side, n)
        if after is None and before is not None:
            after = preview(before, entry.action) or before
        if after is None:
            after = view
        tiles, detectives = marks([entry.action])
        who = SIDE_WORDS[entry.side]
        said = [action_phrase(entry.action, board, card, entry.side, s) for s in (False, True)]
        out.append(
            Frame(
                after,
                entry.action,
                entry.side,
                f"{who} {said[0]}.",
                f"{who} {said[1]}.",
                frozenset(tiles),
                frozenset(detectives),
            )
        )
        before = after
    return out


@dataclass
class Replay:
    """The frames being shown, one at a time (`index`); `again`: on the
    replay key (else a network seat's actions that came together);
    `version`: the source's state it was made for (a new state ends it)."""

    frames: list[Frame]
    version: int
    again: bool = True
    index: int = 0
    _next: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    def heading(self) -> str:
        """The replay's first line (within 78 columns): which action of how
        many, and its keys."""
        turn = "Jack's" if self.frame.side == JACK else "The investigator's"
        what = "last turn again" if self.again else "turn"
        return (
            f"{turn} {what}, {self.index + 1} of {len(self.frames)} (Space next, other keys back)"
        )

    def sentence(self, width: int) -> str:
        """The frame's action in a line of `width` (`computer.fit_line`)."""
        return fit_line([self.frame.sentence, self.frame.short], width)

    async def pause(self, seconds: float | None) -> None:
        """Wait `seconds` (None: for ever), or until Space (`skip`)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._next.wait(), seconds)
        self._next.clear()

    def skip(self) -> None:
        """Space: the pause of the frame shown ends now."""
        self._next.set()
