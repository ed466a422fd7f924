"""Every route Jack could have taken, listed move by move: the slow
reference the notebook (`notebook.py`) is checked against in the tests and
timed against in `whitechapel bench`.  Not used by the game.

Written apart from `notebook.py` and `paths.py`, from the rules reference
and the map's adjacency alone: `watch` replays a game's actions on a fresh
engine and notes only what the table saw (the kind of each of Jack's moves
and where the policemen stood, the spaces written when each search and
arrest was made and what it found, the crime scenes, O6's guesses);
`routes` then lists every row of circles that fits those facts, the way the
police would on paper, and `deduce` gathers the notebook's answers from the
lists.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import permutations

from whitechapel.lfw import actions as a
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import LAST_SPACE

CANNOT_MOVE = "Jack cannot move"
NAMED_HIDEOUT = "the police named Jack's hideout"
ARRESTED = "Jack is arrested"


@dataclass
class SeenNight:
    """One night as the table saw it."""

    night: int
    scenes: tuple[int, ...]
    moves: list[tuple[str, frozenset[str]]] = field(default_factory=list)  # kind, crossings held
    searches: list[tuple[int, int, bool]] = field(default_factory=list)  # written, circle, clue?
    arrests: list[tuple[int, tuple[int, ...], bool]] = field(default_factory=list)
    home: bool = False


@dataclass
class Seen:
    """A game so far, as the table saw it."""

    night: int  # the night under way
    nights: list[SeenNight]  # those with a crime
    named: list[tuple[int, bool]]  # O6: the circle named, and whether it was the hideout
    police: frozenset[str]  # the policemen's crossings now
    jack_to_move: bool  # Jack is to make his T1 move, the game going on
    cannot_move: bool  # the game ended because Jack could not move
    named_right: bool  # the game ended because O6 named the hideout
    coaches: int
    alleys: int
    next_space: int
    catch_me: bool


def watch(game: LfwGame) -> Seen:
    """Replay `game`'s actions on a fresh engine, noting what the table saw."""
    g = LfwGame(game.setup, game.options, game.board)
    nights: list[SeenNight] = []
    named: list[tuple[int, bool]] = []
    for action in game.history:
        if isinstance(action, a.Step | a.Coach | a.Alley):
            how = {a.Step: "step", a.Coach: "coach", a.Alley: "alley"}[type(action)]
            nights[-1].moves.append((how, frozenset(g.police.values())))
            if isinstance(action, a.Step) and action.home:
                nights[-1].home = True
        elif isinstance(action, a.Search):
            written = len(g.row)
            g.apply(action)
            nights[-1].searches.append((written, action.circle, action.circle in g.clues))
            continue
        elif isinstance(action, a.Arrest):
            written = len(g.row)
            if action.circle is not None:
                circles: tuple[int, ...] = (action.circle,)
            else:  # O4: every circle next to his crossing without a false clue
                near = game.board.direct_circles(g.police[action.colour])
                circles = tuple(c for c in near if c not in g.false_clues)
            g.apply(action)
            caught = g.outcome is not None and g.outcome.reason == ARRESTED
            nights[-1].arrests.append((written, circles, caught))
            continue
        elif isinstance(action, a.KnowWhereYouLive):
            g.apply(action)
            named.append((action.circle, g.outcome is not None))
            continue
        elif isinstance(action, a.Kill):
            g.apply(action)
            nights.append(SeenNight(g.night, tuple(sorted(action.circles))))
            continue
        g.apply(action)
    on = g.outcome is None
    return Seen(
        night=g.night,
        nights=nights,
        named=named,
        police=frozenset(g.police.values()) if g.police_on_board else frozenset(),
        jack_to_move=on and g.phase == Phase.ESCAPE,
        cannot_move=not on and g.outcome is not None and g.outcome.reason == CANNOT_MOVE,
        named_right=not on and g.outcome is not None and g.outcome.reason == NAMED_HIDEOUT,
        coaches=g.coaches,
        alleys=g.alleys,
        next_space=g.next_space(),
        catch_me=g.options.catch_me,
    )


def _fits(night: SeenNight, row: tuple[int, ...], since: int = 0) -> bool:
    """Every search and arrest made when the row was longer than `since`
    and no longer than it is agrees with it."""
    for written, circle, clue in night.searches:
        if since < written <= len(row) and (circle in row[:written]) != clue:
            return False
    for written, circles, caught in night.arrests:
        if since < written <= len(row) and (row[written - 1] in circles) != caught:
            return False
    return True


def routes(board: Board, night: SeenNight) -> list[tuple[int, ...]]:
    """Every row of circles of the night that fits what was seen."""
    rows = [tuple(p) for p in permutations(night.scenes)]  # N3: either order
    rows = [r for r in rows if _fits(night, r)]
    for how, police in night.moves:
        longer = []
        for row in rows:
            here = row[-1]
            if how == "step":
                longer += [(*row, c) for c in board.jack_moves(here, police)]
            elif how == "coach":
                for first in board.jack_adjacent(here):
                    for second in board.jack_adjacent(first):
                        if second not in (here, first):
                            longer.append((*row, first, second))
            else:
                ends = {c for block in board.blocks if here in block for c in block}
                longer += [(*row, c) for c in sorted(ends - {here})]
        rows = [r for r in longer if _fits(night, r, len(r) - (2 if how == "coach" else 1))]
    return rows


def can_move(board: Board, here: int, seen: Seen) -> bool:
    """T1: a normal move, a coach or an alley open to Jack on `here` now."""
    if seen.next_space > LAST_SPACE:
        return False
    if board.jack_moves(here, seen.police):
        return True
    coach = seen.coaches and seen.next_space + 1 <= LAST_SPACE
    if coach and any(e != here for m in board.jack_adjacent(here) for e in board.jack_adjacent(m)):
        return True
    return bool(seen.alleys) and any(here in b and len(b) > 1 for b in board.blocks)


@dataclass
class Deduced:
    nights: list[Counter[int]]  # per night with a crime: end circle -> rows
    now: Counter[int]  # where Jack can be now
    hideouts: set[int]


def deduce(board: Board, seen: Seen) -> Deduced:
    nights = [Counter(r[-1] for r in routes(board, n)) for n in seen.nights]
    hideouts = set(board.circles) - set(board.red)
    if seen.catch_me:
        hideouts -= {c for c in board.circles if set(board.jack_adjacent(c)) & set(board.red)}
    for n, ends in zip(seen.nights, nights, strict=True):
        if n.home:
            hideouts &= set(ends)
    hideouts -= {c for c, right in seen.named if not right}
    if seen.named_right:
        hideouts = {c for c, right in seen.named if right}
    if not nights or seen.nights[-1].night != seen.night:
        return Deduced(nights, Counter(), hideouts)  # no crime yet tonight
    now = Counter(nights[-1])
    if seen.nights[-1].home:
        now = Counter({c: k for c, k in now.items() if c in hideouts})
    elif seen.jack_to_move or seen.cannot_move:
        now = Counter(
            {c: k for c, k in now.items() if can_move(board, c, seen) != seen.cannot_move}
        )
    return Deduced(nights, now, hideouts)
