"""Pins on LfW functions that were split by meaning (issue 28, the
complexity rule): everything they answer over a fixed set of inputs, kept as
a digest of the answers the code gave before the split.

- `parse_action` over the texts of every legal action met in some seeded
  games and thousands of near misses of them (a word dropped, doubled,
  swapped, changed): what each reads as, or that it is refused.
- `map_from_json` and `mapcheck.problems` over a good map and many broken
  ones: the map read back, or every problem named.
- `marks_for` over both sides' views of seeded games, with the legal
  choices as targets, a cursor and labels.
- `sentences.describe` over every prefix of every legal action's words,
  `refusals.why_not` over the circles, crossings and words refused at
  each step of choosing an action.

A digest failing means the answers changed: if that was meant (a sentence
reworded), write out the answers (`parse_answers()`, `map_answers()` …)
before and after, check the difference, and put the new digests in `PINS`
(`python tests/test_lfw_pinned.py` prints them).  Each test also
counts the answers, so that a digest of nothing cannot pass.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))  # for `python tests/test_lfw_pinned.py`

from lfw_maps import good_map_json
from lfw_random import OPTIONS, choose, new_game
from whitechapel.core.chance import Chance
from whitechapel.core.errors import MapError, NotationError
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map import mapcheck
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import map_from_json
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.ui import refusals, sentences
from whitechapel.lfw.ui.choosing import words_of
from whitechapel.lfw.ui.marks import marks_for
from whitechapel.lfw.ui.picking import picking_for


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


# -- seeded games --------------------------------------------------------------------------

# The editions the pins were made on: a new edition changes the games, not the code.
GAMES = [(1, "tutorial@2", "all"), (2, "whitechapel-1888@2", "all"), (3, "tutorial@2", "none")]


def positions() -> Iterator[LfwGame]:
    """Every position of three seeded games (a homing Jack, seeing police in
    one of them, so that the nights go on and O2's false clues are played)."""
    for seed, board, options in GAMES:
        chance = Chance(seed)
        g = new_game(seed, board, OPTIONS[options])
        while g.outcome is None and len(g.history) < 700:
            yield g
            g.apply(choose(g, chance, homing=9, seeing=seed == 1))
        yield g


# -- parse_action ----------------------------------------------------------------------------


def parse_texts() -> list[str]:
    met: dict[str, None] = {}
    for g in positions():
        if g.phase in ("women", "patrols"):
            met.setdefault(str(g.random_action(Chance(len(g.history)))))
        else:
            for x in g.legal_actions():
                met.setdefault(str(x))
    rng = random.Random(28)
    extra = ["stay", "pass", "home", "=", ">", "/", "x1", "12", "red", "purple", "goulston"]
    texts = list(met)
    for text in list(met):
        texts.append(text.upper())  # keywords forgive case, ids do not
        words = text.replace(">", " > ").replace("=", " = ").split()
        for _ in range(3):
            w = list(words)
            k = rng.randrange(len(w))
            change = rng.randrange(5)
            if change == 0:
                del w[k]
            elif change == 1:
                w.insert(k, w[k])
            elif change == 2:
                w[k] = rng.choice(extra)
            elif change == 3:
                w.append(rng.choice(extra))
            else:
                j = rng.randrange(len(w))
                w[k], w[j] = w[j], w[k]
            texts.append(" ".join(w))
    return texts


def parse_answers() -> list[str]:
    out = []
    for text in parse_texts():
        try:
            out.append(f"{text} -> {parse_action(text)!r}")
        except NotationError as e:
            out.append(f"{text} -> {e}")
    return out


def test_parse_action_reads_every_text_as_before():
    out = parse_answers()
    assert len(out) == PINS["parse"][0] and digest(out) == PINS["parse"][1]


# -- map_from_json and mapcheck.problems ---------------------------------------------------------


def full_map_json() -> dict[str, Any]:
    """The tests' good map with every optional part: streets (one with a
    label), its blocks written out, an edition."""
    good = good_map_json()
    board = Board(map_from_json(good))
    nodes = [c["n"] for c in good["circles"][:3]]
    good["streets"] = [
        {"name": "Commercial Street", "nodes": nodes, "label": [2, 3]},
        {"name": "Brick Lane", "nodes": [good["crossings"][0]["id"]]},
    ]
    good["blocks"] = [sorted(b) for b in board.blocks]
    good["edition"] = 2
    return good


def _broken_maps() -> Iterator[Any]:
    """A good map, then one change each: a key gone, a value of the wrong
    type or out of range, a reference that does not resolve, a duplicate."""
    good = full_map_json()
    yield good
    yield [good]
    odd_values: list[Any] = [None, "x", -1, 0, 1, 5000, True, [], {}, [1], [1, 2], ["x1", "x1"]]
    for key in list(good):
        gone = copy.deepcopy(good)
        del gone[key]
        yield gone
        for v in odd_values:
            yield {**copy.deepcopy(good), key: v}
    for key in ("canvas", "sectors"):
        for sub in good[key]:
            for v in odd_values:
                data = copy.deepcopy(good)
                data[key][sub] = v
                yield data
    for key in ("circles", "crossings", "segments", "streets", "blocks"):
        for i in (0, 1, -1):
            if not good.get(key):
                continue
            item = good[key][i]
            fields = list(item) if isinstance(item, dict) else range(len(item))
            for f in fields:
                for v in [*odd_values, good[key][0][f] if isinstance(item, dict) else None]:
                    data = copy.deepcopy(good)
                    data[key][i][f] = v
                    yield data
            data = copy.deepcopy(good)
            data[key].append(copy.deepcopy(item))  # a duplicate
            yield data
            data = copy.deepcopy(good)
            data[key][i] = "nonsense"
            yield data
    for change in _rule_breakers(good):
        data = copy.deepcopy(good)
        change(data)
        yield data


def _rule_breakers(good: dict) -> list[Callable[[dict], Any]]:
    """Changes that make a well-formed map break the rules (mapcheck)."""

    def every(key: str, field: str, value: Any) -> Callable[[dict], Any]:
        return lambda d: [x.__setitem__(field, value) for x in d[key]]

    def renumber(d: dict) -> None:
        d["circles"][0]["n"] = 99
        d["segments"] = [[99 if v == 1 else v for v in s] for s in d["segments"]]
        d.pop("streets", None)
        d.pop("blocks", None)

    def island(d: dict) -> None:
        d["segments"] = [s for s in d["segments"] if 1 not in s and "x1" not in s]
        d["segments"].append([1, "x1"])
        d.pop("streets", None)
        d.pop("blocks", None)

    def lonely(d: dict) -> None:
        d["segments"] = [s for s in d["segments"] if 1 not in s]
        d.pop("streets", None)
        d.pop("blocks", None)

    def same_place(d: dict) -> None:
        d["circles"][1]["x"], d["circles"][1]["y"] = d["circles"][0]["x"], d["circles"][0]["y"]

    def crossing_streets(d: dict) -> None:
        d["segments"].append([d["circles"][0]["n"], d["circles"][-1]["n"]])

    def empty(d: dict) -> None:
        d.update(circles=[], crossings=[], segments=[], streets=[])
        d.pop("blocks", None)

    return [
        empty,
        every("circles", "red", True),
        every("circles", "red", False),
        every("crossings", "yellow", False),
        every("crossings", "goulston", True),
        every("crossings", "goulston", False),
        renumber,
        island,
        lonely,
        same_place,
        crossing_streets,
    ]


def map_answers() -> list[str]:
    out = []
    for data in _broken_maps():
        try:
            read = map_from_json(data)
        except MapError as e:
            out.append(f"refused: {e} {e.problems}")
            continue
        out.append(json.dumps(read.to_json(), sort_keys=True))
        out.append(f"problems: {mapcheck.problems(read)}")
    return out


def test_map_from_json_and_problems_answer_every_map_as_before():
    out = map_answers()
    assert len(out) == PINS["map"][0] and digest(out) == PINS["map"][1]


# -- what the screen shows: marks and sentences -------------------------------------------------


def marks_answers() -> list[str]:
    out = []
    for k, g in enumerate(positions()):
        for side in (JACK, POLICE):
            view = g.view(side)
            if side != g.to_act or g.outcome is not None:
                marks, texts = marks_for(view)
            else:
                p = picking_for(view, g.board)
                nodes = [int(v) if v.isdigit() else v for v in p.node_options()]
                cursor = nodes[k % len(nodes)] if nodes else None
                marks, texts = marks_for(view, targets=nodes, cursor=cursor, labels=p.map_labels())
            out.append(f"{side} {list(marks.items())} {list(texts.items())}")
    return out


def test_marks_for_marks_every_view_as_before():
    out = marks_answers()
    assert len(out) == PINS["marks"][0] and digest(out) == PINS["marks"][1]


def sentence_answers() -> tuple[list[str], set[str]]:
    """describe's phrases and why_not's sentences, and the phases seen."""
    out: list[str] = []
    phases: set[str] = set()
    rng = random.Random(28)
    words = ["stay", "pass", "search", "step", "coach", "home", "foo", "x9999", "999", "X1"]
    for g in positions():
        if g.outcome is not None:
            continue
        view = g.view(g.to_act)
        phases.add(view.phase.key)
        if g.phase not in ("women", "patrols"):
            for x in g.legal_actions():
                w = words_of(str(x))
                out += [sentences.describe(w[:i]) for i in range(len(w) + 1)]
        p = picking_for(view, g.board)
        board = g.board
        for _depth in range(3):
            picked = [str(w) for w in getattr(p.chooser, "picked", [])]
            offered = set(p.options())
            tried = [str(c) for c in rng.sample(sorted(board.circles), 6)]
            tried += rng.sample(sorted(board.crossings), 6) + words
            tried += [str(c) for c in (*view.wretched, *view.police.values())]
            for word in tried:
                if word not in offered:
                    why = refusals.why_not(view, board, picked, word, p.options())
                    out.append(f"{view.phase.key} {picked} {word}: {why}")
            if not p.options():
                break
            p.pick(rng.choice(p.options()))
    return out, phases


def test_describe_and_why_not_say_what_they_said_before():
    out, phases = sentence_answers()
    assert {"hideout", "women", "patrols", "escape", "hunt", "clues", "letter"} <= phases
    assert {"wretched", "kill", "reveal", "saucy", "false_clue"} <= phases
    assert len(out) == PINS["sentences"][0] and digest(out) == PINS["sentences"][1]


PINS: dict[str, tuple[int, str]] = {
    "parse": (12865, "cabd4ce1879abeae"),
    "map": (935, "1a35d06505763868"),
    "marks": (792, "7673bf1d879d597a"),
    "sentences": (41472, "9c4f20e6ca1c046c"),
}


if __name__ == "__main__":
    for name, answer in [
        ("parse", parse_answers),
        ("map", map_answers),
        ("marks", marks_answers),
        ("sentences", lambda: sentence_answers()[0]),
    ]:
        out = answer()
        print(f'    "{name}": ({len(out)}, "{digest(out)}"),')
