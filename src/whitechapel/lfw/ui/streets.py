"""The street inspector: one circle's streets lit on the map, and said in
words (key `/`, or a click on a circle that is not a choice).

Testers I3 and J3 (round 32) could not read the 1888 board by eye: a
single walk (T1: along a street to the next circle, across any crossings)
can run half across the map, and J3 "sealed" a hideout from two sides but
missed the street leaving it upwards, a `│` touching its number.  What
J3 asked for: "pick a circle and highlight every street leaving it, its
neighbouring circles and the crossings that seal it".

Built from the board and the policemen's crossings, which both sides see
(§9): nothing here reads a secret.  Pure Python: no Textual, no rich.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from whitechapel.lfw.map.mapfile import Node
from whitechapel.lfw.ui import sentences

# The map's tags for what the inspector lights (mapstyle.MAP_STYLES; their
# places among the marks: marks.PRECEDENCE)
CIRCLE, NEAR, CROSSING, STREET = "inspect", "inspect-near", "inspect-crossing", "inspect-street"


@dataclass(frozen=True)
class Streets:
    """One circle's streets: `near` the circles a walk from it reaches,
    `crossings` those its streets pass, `doors` the crossings beside it (a
    policeman on one bars every walk through it), `bare` the circles joined
    to it by a street with no crossing (no policeman bars those), and
    `segments` the drawn pieces of street between them."""

    circle: int
    near: tuple[int, ...]
    crossings: frozenset[str]
    doors: tuple[str, ...]
    bare: tuple[int, ...]
    segments: frozenset[frozenset[Node]]


@lru_cache(maxsize=64)  # per board (by identity) and circle: boards never change
def streets_of(board: Any, circle: int) -> Streets:
    """The streets a walk from `circle` takes: from the circle out along
    each street, on across crossings, to the next circle."""
    g = board.graph
    segments: set[frozenset[Node]] = set()
    crossings: set[str] = set()
    todo: list[Node] = [circle]
    while todo:
        here = todo.pop()
        for n in g[here]:
            segments.add(frozenset((here, n)))
            if isinstance(n, str) and n not in crossings:
                crossings.add(n)
                todo.append(n)
    doors = tuple(sorted((n for n in g[circle] if isinstance(n, str)), key=str))
    bare = tuple(sorted(n for n in g[circle] if isinstance(n, int)))
    return Streets(
        circle,
        tuple(board.jack_adjacent(circle)),
        frozenset(crossings),
        doors,
        bare,
        frozenset(segments),
    )


# The streets the choice of the moment touches, lit softer than the
# inspector's (mapstyle.MAP_STYLES): a crossing offered, to the circles
# beside it; the acting policeman's crossing in T3, to the circles he may
# name; Jack's circle in T1, to where a walk goes.
CHOICE = "choice-street"


def choice_marks(
    board: Any, crossings: Iterable[str] = (), circle: int | None = None
) -> dict[frozenset[Node], str]:
    """The drawn streets a choice touches (`canvas.overlay`'s `streets`):
    from each of `crossings` to each circle one street away (tester H4,
    LfW round 44: "light the streets and crossings each candidate letter or
    circle touches, as / already does in words"), and `circle`'s streets
    out to the next circles."""
    g = board.graph
    lit: dict[frozenset[Node], str] = {}
    for x in crossings:
        for n in g[x]:
            if isinstance(n, int):
                lit[frozenset((x, n))] = CHOICE
    if circle is not None:
        lit.update(dict.fromkeys(streets_of(board, circle).segments, CHOICE))
    return lit


def node_marks(streets: Streets) -> dict[Node, str]:
    """The inspector's marks of nodes: the circle, the circles a walk
    reaches, the crossings on the way."""
    marks: dict[Node, str] = dict.fromkeys(streets.crossings, CROSSING)
    marks.update(dict.fromkeys(streets.near, NEAR))
    marks[streets.circle] = CIRCLE
    return marks


def street_marks(streets: Streets) -> dict[frozenset[Node], str]:
    """The drawn streets to light (`canvas.overlay`'s `streets`)."""
    return dict.fromkeys(streets.segments, STREET)


def barred_now(board: Any, streets: Streets, police: Mapping[str, str]) -> dict[int, list[str]]:
    """Circle -> the policemen whose crossings bar every street from the
    inspected circle to it now (T1: a walk never passes a policeman)."""
    held = {x: colour for colour, x in police.items()}
    open_now = set(board.jack_moves(streets.circle, held))  # the engine's own rule
    return {
        n: sorted({held[x] for p in board.step_paths(streets.circle, n) for x in p if x in held})
        for n in streets.near
        if n not in open_now
    }


def in_reach(
    board: Any, streets: Streets, police: Mapping[str, str], movers: Iterable[str] | None = None
) -> dict[str, int]:
    """Policeman (of `movers`, if given: those still to move this T2) -> the
    fewest police steps (1 or 2: one T2 move) from his crossing to a free
    crossing beside the inspected circle, for those not on one already
    (tester U4, LfW round 51: "let me type a circle and see which policemen
    can reach a crossing beside it, and in how many steps")."""
    held = set(police.values())
    moving = set(police if movers is None else movers)
    out: dict[str, int] = {}
    for colour, x in police.items():
        if x in streets.doors or colour not in moving:
            continue
        steps = [
            d
            for door in streets.doors
            if door not in held and (d := board.police_distance(x, door)) is not None and d <= 2
        ]
        if steps:
            out[colour] = min(steps)
    return out


def reach_words(
    reach: Mapping[str, int], acting: str | None = None, keys: Iterable[str] = ()
) -> str:
    """Who can stand beside the circle after one move: "Blue (1 step) and
    Red (2 steps) can reach a crossing beside it"; the policeman moving
    now (`acting`) with his keys for those crossings, "Blue (keys k, m)".
    "" where nobody can."""
    if not reach:
        return ""
    keys = sorted(keys)
    named = []
    for colour, steps in sorted(reach.items(), key=lambda cs: (cs[1], cs[0])):
        said = f"{steps} step{'s' if steps != 1 else ''}"
        if colour == acting and keys:
            said = f"key{'s' if len(keys) > 1 else ''} {', '.join(keys)}"
        named.append(f"{sentences.name(colour)} ({said})")
    return f"{sentences.and_list(named)} can reach a crossing beside it in one move"


def sentence(
    board: Any,
    streets: Streets,
    police: Mapping[str, str],
    named: bool = True,
    movers: Iterable[str] | None = None,
    letters: Mapping[str, str] | None = None,
) -> str:
    """The inspected circle in words: where a walk from it goes, its ways
    in, who holds them, and which walks are barred now.  "106: a walk
    reaches 88, 90, 105 and 107 (lit) · 3 crossings beside it, Blue on
    one · 88 by a street with no crossing: no policeman can bar it ·
    Blue bars the walk to 105"; without `named`, from "a walk"."""
    c = streets.circle
    near = sentences.and_list(map(str, streets.near)) or "no circle"
    parts = [f"{f'{c}: ' if named else ''}a walk reaches {near} (lit on the map)"]
    held = [colour for colour, x in police.items() if x in streets.doors]
    doors = len(streets.doors)
    if doors:
        said = f"{doors} crossing{'s' if doors != 1 else ''} beside it"
        if held:
            said += f", {sentences.and_list(sentences.name(h) for h in held)} on "
            said += "it" if doors == 1 else ("one" if len(held) == 1 else f"{len(held)}")
        parts.append(said)
    if streets.bare:
        bare = sentences.and_list(map(str, streets.bare))
        parts.append(f"{bare} by a street with no crossing: no policeman can bar it")
    by_whom: dict[tuple[str, ...], list[int]] = {}
    for n, men in sorted(barred_now(board, streets, police).items()):
        by_whom.setdefault(tuple(men), []).append(n)
    for whom, circles in by_whom.items():
        names = sentences.and_list(sentences.name(x) for x in whom)
        verb = "bars" if len(whom) == 1 else "bar"
        parts.append(f"{names} {verb} the walk to {sentences.and_list(circles)}")
    movers = None if movers is None else list(movers)
    keys = [k for x, k in (letters or {}).items() if x in streets.doors]
    acting = movers[0] if movers else None
    reach = reach_words(in_reach(board, streets, police, movers), acting, keys)
    if reach:
        parts.append(reach)
    return " · ".join(parts)


def prompt(
    board: Any,
    police: Mapping[str, str],
    typed: str,
    circle: int | None,
    movers: Iterable[str] | None = None,
    letters: Mapping[str, str] | None = None,
) -> str:
    """The prompt while a circle's number is typed (`typed`; `circle`: the
    circle it names, if any): what its streets are, or what to type
    (`movers`, `letters`: the policemen still to move this T2, the acting
    one first, and his crossings' keys)."""
    if circle is not None:
        line1 = sentence(board, streets_of(board, circle), police, True, movers, letters)
    elif typed:
        line1 = f"There is no circle {typed} on this board: type another number."
    else:
        line1 = "Whose streets? Type a circle's number: its streets light up on the map."
    return f"{line1}\nTyped: [b]{typed}[/b]▏ · Enter: keep them lit · Esc: back to the game"


def notes(
    board: Any,
    police: Mapping[str, str],
    circle: int,
    movers: Iterable[str] | None = None,
    letters: Mapping[str, str] | None = None,
) -> str:
    """The notebook's first lines while `circle`'s streets are lit."""
    said = sentence(board, streets_of(board, circle), police, False, movers, letters)
    return f"[b]Streets of {circle}[/b] (Esc: unlit; / another): {said}"
