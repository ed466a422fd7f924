"""Crossings in board terms: what the screens call a crossing, and its label
on the map.

The record and the action notation name a crossing by its map id (`x57`),
which the board does not print and which reads like circle 57.  The screens
say where it is instead: "the crossing between 57 and 70", the two circles
it lies between.  Each crossing gets its own pair (`crossing_pairs`): first
the circles it touches (one street segment away: those a policeman there
may search or arrest on, T3), so the name says what he can reach; then the
nearest.  The pairs are handed out best first, so two crossings never share
a name, and a crossing takes the next best pair when another already holds
its first.  "Nearest" is the distance on the drawn map, a cell being about
twice as tall as it is wide.

`in_words` rewrites the crossing ids in a screen's text; `labelled` writes
each crossing's id beside it on the map (a key toggles them: they are the
key from the screens to the notation of records and the plain console).
Pure Python: no rich, no Textual.
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Iterable
from itertools import combinations
from typing import Any

from whitechapel.lfw.map import canvas as cv

NEAREST = 6  # circles considered around each crossing (15 pairs)
ASPECT = 2.0  # a terminal cell's height in widths
CROSSING_ID = re.compile(r"\bx\d+\b")
LABEL_TAG = "crossing-label"  # the style tag of a crossing's label written on the map

_PAIRS: weakref.WeakKeyDictionary[Any, dict[str, tuple[int, int]]] = weakref.WeakKeyDictionary()
_LABELLED: dict[int, tuple[cv.Canvas, cv.Canvas]] = {}  # id -> (canvas, labelled)


def crossing_pairs(board: Any) -> dict[str, tuple[int, int]]:
    """Crossing id -> the two circles it is named between (smaller first),
    one pair per crossing (built once per board)."""
    found = _PAIRS.get(board)
    if found is None:
        found = _PAIRS[board] = _pairs(board)
    return found


def _pairs(board: Any) -> dict[str, tuple[int, int]]:
    data = cv.map_data(board)
    circles = [(c.n, c.x, c.y) for c in data.circles]

    def dist(x: float, y: float, cx: float, cy: float) -> float:
        return math.hypot(x - cx, (y - cy) * ASPECT)

    offers: list[tuple[int, float, str, tuple[int, int]]] = []
    first: dict[str, tuple[int, int]] = {}
    for xing in data.crossings:
        touched = set(board.direct_circles(xing.id))  # what a policeman there searches
        near = sorted(
            circles,
            key=lambda c: (c[0] not in touched, dist(xing.x, xing.y, c[1], c[2]), c[0]),
        )[:NEAREST]
        for (a, ax, ay), (b, bx, by) in combinations(near, 2):
            away = (a not in touched) + (b not in touched)  # circles it does not touch
            cost = dist(xing.x, xing.y, ax, ay) + dist(xing.x, xing.y, bx, by)
            pair = (min(a, b), max(a, b))
            offers.append((away, cost, xing.id, pair))
        if len(near) >= 2:
            first[xing.id] = tuple(sorted((near[0][0], near[1][0])))  # type: ignore[assignment]
    offers.sort()
    named: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for _away, _cost, x, pair in offers:
        if x not in named and pair not in taken:
            named[x] = pair
            taken.add(pair)
    for x, pair in first.items():  # none left unshared (a crowded corner): its nearest
        named.setdefault(x, pair)
    return named


def between(board: Any, crossing: str) -> str:
    """ "between 57 and 70" (the crossing's id if the board has no pair for it)."""
    pair = crossing_pairs(board).get(crossing)
    return f"between {pair[0]} and {pair[1]}" if pair else crossing


def short_name(board: Any, crossing: str) -> str:
    """ "57·70": the pair alone, where a panel is narrow."""
    pair = crossing_pairs(board).get(crossing)
    return f"{pair[0]}·{pair[1]}" if pair else crossing


def crossing_name(board: Any, crossing: str) -> str:
    """ "the crossing between 57 and 70": a crossing as the screens name it."""
    pair = crossing_pairs(board).get(crossing)
    return f"the crossing {between(board, crossing)}" if pair else crossing


def crossings_named(board: Any, crossings: Iterable[str]) -> str:
    """Several crossings in one phrase: "the crossings between 2 and 4,
    6 and 7 and 8 and 9" is hard to read, so: "the crossings between
    2 & 4, 6 & 7, 8 & 9" (one crossing: `crossing_name`)."""
    xs = list(crossings)
    if len(xs) == 1:
        return crossing_name(board, xs[0])
    pairs = crossing_pairs(board)
    parts = [f"{pairs[x][0]} & {pairs[x][1]}" if x in pairs else x for x in xs]
    return "the crossings between " + ", ".join(parts)


_PREPOSITION = re.compile(r"\b(to|on|at|from|of|onto|via)\s+$")


def in_words(text: str, board: Any | None) -> str:
    """A screen's text with every crossing id in it said in board terms:
    after a preposition the whole name ("Red to x111" -> "Red to the
    crossing between 65 and 66"), elsewhere the pair ("Moved: R x27" ->
    "Moved: R between 16 and 21").  Unchanged without a board."""
    if board is None:
        return text
    pairs = crossing_pairs(board)

    def said(m: re.Match[str]) -> str:
        x = m[0]
        if x not in pairs:
            return x
        if _PREPOSITION.search(text, 0, m.start()):
            return crossing_name(board, x)
        return between(board, x)

    return CROSSING_ID.sub(said, text)


def named_crossings(text: str, board: Any) -> list[str]:
    """The crossings a text names by id, in order, each once."""
    pairs = crossing_pairs(board)
    return list(dict.fromkeys(x for x in CROSSING_ID.findall(text) if x in pairs))


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
    return cv.Canvas(w, h, chars, tags, runs, canvas.labels, canvas.owners, canvas.absorb)


def _apart(tags: list[list[str]], y: int, x0: int, n: int) -> bool:
    """The cells either side of a label's place are ground or street (or off
    the map): a label never runs into a number, a crossing or another label."""
    row = tags[y]
    return all(not (0 <= x < len(row)) or row[x] in _GROUND for x in (x0 - 1, x0 + n))


_GROUND = frozenset({cv.BLANK, cv.STREET})
