"""Crossings in board terms: what the screens call a crossing, and its label
on the map.

The record and the action notation name a crossing by its map id (`x57`),
which the board does not print and which reads like circle 57.  The screens
say where it is instead, by the circles it touches (`touches`: one street
segment away, those a policeman there may search or arrest on, T3), so the
name says what he can reach:

- two or more: "the crossing between 57 and 70", two of them;
- exactly one: "the crossing beside 8", that circle alone;
- none: "a crossing near 57, touching no circle", the nearest circle, so the
  name warns that a policeman there can search nothing.

Every crossing's name is its own.  The pairs are handed out so that as
many crossings as can be get a pair of their own (the fewest choices first,
then the nearest pair), and where two crossings still share a name (two
crossings beside the same circle, two between the same pair) each says on
which side of it it lies, as a compass does: "beside 8 (north-east)", north
being the top of the map.  "Nearest" is the distance on the drawn map, a
cell being about twice as tall as it is wide.

`in_words` rewrites the crossing ids in a screen's text; `labelled` writes
each crossing's id beside it on the map (a key toggles them: they are the
key from the screens to the notation of records and the plain console).
Pure Python: no rich, no Textual.
"""

from __future__ import annotations

import math
import re
import weakref
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from whitechapel.core.matching import claim_in_order
from whitechapel.lfw.map import canvas as cv

ASPECT = 2.0  # a terminal cell's height in widths
CROSSING_ID = re.compile(r"\bx\d+\b")
LABEL_TAG = "crossing-label"  # the style tag of a crossing's label written on the map

BETWEEN, BESIDE, OFF = "between", "beside", "off"  # a crossing touching 2+, 1, no circle
# The compass, counter-clockwise from east; north is the top of the map.
WINDS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
WIND_SHORT = dict(zip(WINDS, ("E", "NE", "N", "NW", "W", "SW", "S", "SE"), strict=True))


@dataclass(frozen=True)
class Place:
    """A crossing's name: its kind (`BETWEEN`, `BESIDE`, `OFF`), the circles
    it is named by (two, the one it touches, or the nearest), and the side
    of them it lies on where another crossing has the same circles."""

    kind: str
    circles: tuple[int, ...]
    side: str | None = None

    def words(self) -> str:
        """ "between 57 and 70", "beside 8", "near 57, touching no circle";
        "beside 48, to the south" where another has the same circles (the
        side spelt out: tester L2, round 19, read "beside 48 (south)" as
        a riddle)."""
        if self.kind == BETWEEN:
            text = f"between {self.circles[0]} and {self.circles[1]}"
        elif self.kind == BESIDE:
            text = f"beside {self.circles[0]}"
        else:
            text = f"near {self.circles[0]}"
        if self.side:
            text = f"{text}, to the {self.side}"
        return f"{text}, touching no circle" if self.kind == OFF else text

    def short(self, spelt: bool = False) -> str:
        """ "57·70", "by 8", "near 57": where a panel is narrow; its side
        "by 60 E", or `spelt` "by 60 east" where the row has room."""
        if self.kind == BETWEEN:
            text = f"{self.circles[0]}·{self.circles[1]}"
        elif self.kind == BESIDE:
            text = f"by {self.circles[0]}"
        else:
            text = f"near {self.circles[0]}"
        if not self.side:
            return text
        return f"{text} {self.side if spelt else WIND_SHORT.get(self.side, self.side)}"

    def full(self) -> str:
        """ "the crossing between 57 and 70", "a crossing near 57, touching no circle"."""
        return ("a crossing " if self.kind == OFF else "the crossing ") + self.words()


_PLACES: weakref.WeakKeyDictionary[Any, dict[str, Place]] = weakref.WeakKeyDictionary()
_LABELLED: dict[int, tuple[cv.Canvas, cv.Canvas]] = {}  # id -> (canvas, labelled)


def touches(board: Any, node: str) -> tuple[int, ...]:
    """The circles a crossing touches, sorted: one street segment away, the
    circles a policeman there may search or arrest on (T3)."""
    return tuple(sorted(board.direct_circles(node)))


def places(board: Any) -> dict[str, Place]:
    """Crossing id -> its name, one of its own per crossing (built once per
    board)."""
    found = _PLACES.get(board)
    if found is None:
        found = _PLACES[board] = _places(board)
    return found


def place(board: Any, crossing: str) -> Place | None:
    return places(board).get(crossing)


def _places(board: Any) -> dict[str, Place]:
    data = cv.map_data(board)
    where = {c.n: (c.x, c.y) for c in data.circles}
    xy = {x.id: (x.x, x.y) for x in data.crossings}

    def dist(x: str, c: int) -> float:
        (ax, ay), (cx, cy) = xy[x], where[c]
        return math.hypot(ax - cx, (ay - cy) * ASPECT)

    named: dict[str, Place] = {}
    options: dict[str, list[tuple[int, int]]] = {}
    for x in xy:
        near = touches(board, x)
        if len(near) >= 2:
            options[x] = sorted(
                combinations(near, 2), key=lambda p: (dist(x, p[0]) + dist(x, p[1]), p)
            )
        elif near:
            named[x] = Place(BESIDE, near)
        elif where:
            nearest = min(where, key=lambda c: (dist(x, c), c))
            named[x] = Place(OFF, (nearest,))
    for pair, x in _own_pairs(options).items():
        named[x] = Place(BETWEEN, pair)
    for x, pairs in options.items():
        named.setdefault(x, Place(BETWEEN, pairs[0]))  # shared: told apart below
    return _told_apart(named, where, xy)


def _own_pairs(options: dict[str, list[tuple[int, int]]]) -> dict[tuple[int, int], str]:
    """Pair -> the crossing named by it: as many crossings as can be get a
    pair of their own (`core.matching`; the crossings with the fewest pairs
    first, each its nearest pair where it can)."""
    order = sorted(options, key=lambda x: (len(options[x]), x))
    return claim_in_order(order, options.__getitem__)[1]


def _told_apart(
    named: dict[str, Place],
    where: dict[int, tuple[int, int]],
    xy: dict[str, tuple[int, int]],
) -> dict[str, Place]:
    """Crossings still sharing a name each say on which side of its circles
    they lie (and, on the same side, which one: never on the shipped
    boards)."""
    groups: dict[Place, list[str]] = defaultdict(list)
    for x, p in named.items():
        groups[p].append(x)
    for p, xs in groups.items():
        if len(xs) < 2:
            continue
        cx = sum(where[c][0] for c in p.circles) / len(p.circles)
        cy = sum(where[c][1] for c in p.circles) / len(p.circles)
        sides = {x: _wind(xy[x][0] - cx, xy[x][1] - cy) for x in xs}
        for x in sorted(xs):
            side = sides[x]
            twins = sorted(y for y in xs if sides[y] == side)
            if len(twins) > 1:
                side = f"{side} {twins.index(x) + 1}"
            named[x] = Place(p.kind, p.circles, side)
    return named


def heading(board: Any, crossing: str, to: int | str) -> str:
    """Which way `to` (a circle's number or a crossing's id) lies from
    `crossing` on the drawn map, as a compass says it: "north-west" (north
    is the top of the map)."""
    data = cv.map_data(board)
    x = next(x for x in data.crossings if x.id == crossing)
    if isinstance(to, int):
        c = next(c for c in data.circles if c.n == to)
        return _wind(c.x - x.x, c.y - x.y)
    y = next(y for y in data.crossings if y.id == to)
    return _wind(y.x - x.x, y.y - x.y)


def _wind(dx: float, dy: float) -> str:
    angle = math.atan2(-dy * ASPECT, dx)  # y grows downwards on the map
    return WINDS[round(angle / (math.pi / 4)) % len(WINDS)]


def crossing_pairs(board: Any) -> dict[str, tuple[int, int]]:
    """Crossing id -> the two circles it is named between, for the crossings
    named so (those touching two circles or more)."""
    return {x: (p.circles[0], p.circles[1]) for x, p in places(board).items() if p.kind == BETWEEN}


def between(board: Any, crossing: str) -> str:
    """ "between 57 and 70", "beside 8", "near 57, touching no circle": where
    the crossing is (its id if the board does not have it)."""
    p = place(board, crossing)
    return p.words() if p else crossing


def short_name(board: Any, crossing: str, spelt: bool = False) -> str:
    """ "57·70", "by 8", "near 57": where a panel is narrow (`Place.short`)."""
    p = place(board, crossing)
    return p.short(spelt) if p else crossing


def moved_to(board: Any, crossing: str) -> str:
    """Where a policeman moved, as the T2 prompt listed the crossing: by
    the circles beside it, "beside 13·14·15", where no other crossing has
    the same ones; else its name, "between 13 and 14" (tester L2, round
    19: the prompt's "13·14·15" became the log's "between 13 and 14")."""
    near = touches(board, crossing)
    if len(near) < 3:
        return between(board, crossing)
    alike = sum(1 for x in places(board) if touches(board, x) == near)
    return f"beside {'·'.join(map(str, near))}" if alike == 1 else between(board, crossing)


def crossing_name(board: Any, crossing: str) -> str:
    """ "the crossing between 57 and 70": a crossing as the screens name it."""
    p = place(board, crossing)
    return p.full() if p else crossing


def crossings_named(board: Any, crossings: Iterable[str]) -> str:
    """Several crossings in one phrase: "the crossings between 2 and 4,
    6 and 7 and 8 and 9" is hard to read, so: "the crossings between
    2 & 4, 6 & 7, 8 & 9", then the others ("; beside 5; near 12, touching
    no circle"); one crossing: `crossing_name`."""
    xs = list(crossings)
    if len(xs) == 1:
        return crossing_name(board, xs[0])
    pairs, others = [], []
    for x in xs:
        p = place(board, x)
        if p is not None and p.kind == BETWEEN:
            side = f" to the {p.side}" if p.side else ""
            pairs.append(f"{p.circles[0]} & {p.circles[1]}{side}")
        else:
            others.append(p.words() if p else x)
    parts = ["between " + ", ".join(pairs)] if pairs else []
    return "the crossings " + "; ".join(parts + others)


_PREPOSITION = re.compile(r"\b(to|on|at|from|of|onto|via)\s+$")


def in_words(text: str, board: Any | None) -> str:
    """A screen's text with every crossing id in it said in board terms:
    after a preposition the whole name ("Red to x111" -> "Red to the
    crossing between 65 and 66"), elsewhere the words alone ("Moved: R x27"
    -> "Moved: R between 16 and 21").  Unchanged without a board."""
    if board is None:
        return text
    named = places(board)

    def said(m: re.Match[str]) -> str:
        p = named.get(m[0])
        if p is None:
            return m[0]
        if _PREPOSITION.search(text, 0, m.start()):
            return p.full()
        return p.words()

    return CROSSING_ID.sub(said, text)


def named_crossings(text: str, board: Any) -> list[str]:
    """The crossings a text names by id, in order, each once."""
    named = places(board)
    return list(dict.fromkeys(x for x in CROSSING_ID.findall(text) if x in named))


# -- the labels on the map -------------------------------------------------------------


def label_text(crossing: str) -> str:
    return crossing  # its id, as records and the notation write it


def labelled(canvas: cv.Canvas) -> cv.Canvas:
    """A copy of a full-scale map canvas with every crossing's label written
    beside it where there is room: right of it, else left, above or below,
    on blank ground first, else over its streets (never over a circle, a
    crossing, a place or a street name, nor another label).  Built once per
    canvas."""
    found = _LABELLED.get(id(canvas))
    if found is None or found[0] is not canvas:
        if len(_LABELLED) >= 8:  # the canvases shared per board are few: keep a handful
            _LABELLED.clear()
        found = _LABELLED[id(canvas)] = (canvas, _labelled(canvas))
    return found[1]


def _labelled(canvas: cv.Canvas) -> cv.Canvas:
    chars = [list(row) for row in canvas.chars]
    tags = [list(row) for row in canvas.tags]
    w, h = canvas.width, canvas.height
    crossings = [v for v in canvas.labels if isinstance(v, str)]

    def spots(x: int, y: int, n: int) -> list[tuple[int, int]]:
        return [(x + 2, y), (x - n - 1, y), (x - n // 2, y - 1), (x - n // 2, y + 1)]

    def free(x0: int, y: int, n: int, over: frozenset[str]) -> bool:
        if not (0 <= y < h and x0 >= 0 and x0 + n <= w):
            return False
        return all(tags[y][x] in over for x in range(x0, x0 + n))

    placed: set[str] = set()
    for over in (frozenset({cv.BLANK}), frozenset({cv.BLANK, cv.STREET})):
        for v in crossings:
            if v in placed:
                continue
            lab = canvas.labels[v]
            text = label_text(v)
            for x0, y in spots(lab.x0, lab.y, len(text)):
                if free(x0, y, len(text), over) and _apart(tags, y, x0, len(text)):
                    for i, ch in enumerate(text):
                        chars[y][x0 + i], tags[y][x0 + i] = ch, LABEL_TAG
                    placed.add(v)
                    break
    runs = [cv.merge_runs(chars[y], tags[y], canvas.absorb) for y in range(h)]
    return cv.Canvas(
        w, h, chars, tags, runs, canvas.labels, canvas.owners, canvas.absorb, canvas.streets
    )


def _apart(tags: list[list[str]], y: int, x0: int, n: int) -> bool:
    """The cells either side of a label's place are ground or street (or off
    the map): a label never runs into a number, a crossing or another label."""
    row = tags[y]
    return all(not (0 <= x < len(row)) or row[x] in _GROUND for x in (x0 - 1, x0 + n))


_GROUND = frozenset({cv.BLANK, cv.STREET})
