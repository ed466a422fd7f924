"""Letters from Whitechapel actions and their text forms (docs/lfw.md).

Circles are numbers, crossings their map ids, policemen their colours.

| rule | text | who |
| --- | --- | --- |
| S1 hideout | `hideout 90` | Jack |
| H2 women | `women 3 21 27 65 84 / 147 149 158` (marked / unmarked) | Jack |
| H3 patrols | `patrols x1 x2 x3 x4 x5 / x6 x7` (blue yellow brown red green / fakes) | Chief |
| O1 letter | `letter dear-boss x12 x40`, `letter from-hell x12 x40`, `letter saucy-jacky x3 x9`, `letter goulston red`, `no-letter` | Jack |
| O1 Saucy Jacky | `saucy x3>x20 x9>x21` | Chief |
| O1 graffito | `graffito red` (the named one or brown) | Chief |
| H5 | `kill 65`, `kill 65 82` (night 3, in order), `wait` | Jack |
| H6 | `wretched 65>66`, `wretched 65=` (no legal move) | Chief |
| H7 | `reveal x12` | Jack |
| T1 | `step 66`, `step 90 home`, `coach 69 56`, `alley 57` | Jack |
| T2 | `blue x12`, `blue stay` | police |
| O2 | `false-clue 65`, `no-false-clue` | Jack |
| T3 | `blue search 65`, `blue arrest 65`, `blue area-arrest`, `blue chase x13`, `blue pass` | police |
| O6 | `know 90` | police |
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from whitechapel.core.errors import NotationError
from whitechapel.lfw.map.mapfile import CROSSING_ID, RESERVED_IDS
from whitechapel.lfw.rulebook import COLOURS, LETTERS


@dataclass(frozen=True, slots=True)
class Action:
    def __str__(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


def _n(v: int | str) -> str:
    return str(v)


@dataclass(frozen=True, slots=True, repr=False)
class Hideout(Action):
    circle: int

    def __str__(self) -> str:
        return f"hideout {self.circle}"


@dataclass(frozen=True, slots=True, repr=False)
class Women(Action):
    marked: tuple[int, ...]  # sorted
    unmarked: tuple[int, ...]  # sorted

    def __post_init__(self) -> None:  # one object per text form, whatever the order given
        object.__setattr__(self, "marked", tuple(sorted(self.marked)))
        object.__setattr__(self, "unmarked", tuple(sorted(self.unmarked)))

    def __str__(self) -> str:
        return (
            f"women {' '.join(map(_n, self.marked))} / {' '.join(map(_n, self.unmarked))}".rstrip()
        )


@dataclass(frozen=True, slots=True, repr=False)
class Patrols(Action):
    real: tuple[str, ...]  # the crossing of each colour's marker, in COLOURS order
    fakes: tuple[str, ...]  # sorted

    def __post_init__(self) -> None:
        object.__setattr__(self, "real", tuple(self.real))
        object.__setattr__(self, "fakes", tuple(sorted(self.fakes)))

    def __str__(self) -> str:
        return f"patrols {' '.join(self.real)} / {' '.join(self.fakes)}"


@dataclass(frozen=True, slots=True, repr=False)
class Letter(Action):
    name: str  # one of LETTERS
    args: tuple[str, ...]  # crossings, or a colour for the graffito

    def __post_init__(self) -> None:
        args = tuple(self.args)
        object.__setattr__(
            self, "args", tuple(sorted(args)) if self.name == "saucy-jacky" else args
        )

    def __str__(self) -> str:
        return " ".join(("letter", self.name, *self.args))


@dataclass(frozen=True, slots=True, repr=False)
class NoLetter(Action):
    def __str__(self) -> str:
        return "no-letter"


@dataclass(frozen=True, slots=True, repr=False)
class SaucyMove(Action):
    moves: tuple[tuple[str, str], ...]  # (from, to), sorted

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", tuple(sorted(tuple(m) for m in self.moves)))

    def __str__(self) -> str:
        return "saucy " + " ".join(f"{a}>{b}" for a, b in self.moves)


@dataclass(frozen=True, slots=True, repr=False)
class Graffito(Action):
    colour: str

    def __str__(self) -> str:
        return f"graffito {self.colour}"


@dataclass(frozen=True, slots=True, repr=False)
class Kill(Action):
    circles: tuple[int, ...]  # one, or two on night 3 in Jack's order

    def __str__(self) -> str:
        return "kill " + " ".join(map(_n, self.circles))


@dataclass(frozen=True, slots=True, repr=False)
class Wait(Action):
    def __str__(self) -> str:
        return "wait"


@dataclass(frozen=True, slots=True, repr=False)
class WretchedMove(Action):
    source: int
    target: int | None  # None: stays (only when it has no legal move)

    def __str__(self) -> str:
        return f"wretched {self.source}{'=' if self.target is None else f'>{self.target}'}"


@dataclass(frozen=True, slots=True, repr=False)
class Reveal(Action):
    crossing: str

    def __str__(self) -> str:
        return f"reveal {self.crossing}"


@dataclass(frozen=True, slots=True, repr=False)
class Step(Action):
    circle: int
    home: bool = False  # announce the hideout (ends the night)

    def __str__(self) -> str:
        return f"step {self.circle}{' home' if self.home else ''}"


@dataclass(frozen=True, slots=True, repr=False)
class Coach(Action):
    first: int
    second: int

    def __str__(self) -> str:
        return f"coach {self.first} {self.second}"


@dataclass(frozen=True, slots=True, repr=False)
class Alley(Action):
    circle: int

    def __str__(self) -> str:
        return f"alley {self.circle}"


@dataclass(frozen=True, slots=True, repr=False)
class PoliceMove(Action):
    colour: str
    crossing: str | None  # None: stays

    def __str__(self) -> str:
        return f"{self.colour} {self.crossing or 'stay'}"


@dataclass(frozen=True, slots=True, repr=False)
class FalseClue(Action):
    circle: int | None  # None: keeps it

    def __str__(self) -> str:
        return "no-false-clue" if self.circle is None else f"false-clue {self.circle}"


@dataclass(frozen=True, slots=True, repr=False)
class Search(Action):
    colour: str
    circle: int

    def __str__(self) -> str:
        return f"{self.colour} search {self.circle}"


@dataclass(frozen=True, slots=True, repr=False)
class Arrest(Action):
    colour: str
    circle: int | None  # None: area arrest (O4)

    def __str__(self) -> str:
        return (
            f"{self.colour} area-arrest"
            if self.circle is None
            else f"{self.colour} arrest {self.circle}"
        )


@dataclass(frozen=True, slots=True, repr=False)
class Chase(Action):
    colour: str
    crossing: str

    def __str__(self) -> str:
        return f"{self.colour} chase {self.crossing}"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    colour: str

    def __str__(self) -> str:
        return f"{self.colour} pass"


@dataclass(frozen=True, slots=True, repr=False)
class KnowWhereYouLive(Action):
    circle: int

    def __str__(self) -> str:
        return f"know {self.circle}"


# -- parsing -----------------------------------------------------------------------

_CIRCLE = re.compile(r"^\d{1,4}$")
_CROSSING = CROSSING_ID


def _circle(word: str) -> int:
    if not _CIRCLE.match(word):
        raise NotationError(f"{word!r} is not a circle number")
    return int(word)


def _crossing(word: str) -> str:
    if not _CROSSING.match(word) or word.lower() in RESERVED_IDS:
        raise NotationError(f"{word!r} is not a crossing id")
    return word


def parse_action(text: str) -> Action:
    """The action whose text form is `text` (extra spaces and case of the
    keywords do not matter)."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.replace(">", " > ").replace("=", " = ").split()
    if not words or len(text) > 300:
        raise NotationError("an empty or overlong action")
    head = words[0].lower()
    rest = words[1:]
    try:
        return _parse(head, rest)
    except (NotationError, IndexError, ValueError):
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise NotationError(
            f"{shown!r} is not a Letters from Whitechapel action (see docs/lfw.md: e.g. "
            "'step 66', 'coach 69 56', 'blue x12', 'blue search 65')"
        ) from None


def _pairs(words: list[str]) -> tuple[tuple[str, str], ...]:
    out = []
    i = 0
    while i < len(words):
        if words[i + 1] != ">":
            raise NotationError("expected 'from>to'")
        out.append((_crossing(words[i]), _crossing(words[i + 2])))
        i += 3
    return tuple(sorted(out))


def _parse(head: str, rest: list[str]) -> Action:
    if head == "hideout" and len(rest) == 1:
        return Hideout(_circle(rest[0]))
    if head == "women":
        cut = rest.index("/") if "/" in rest else len(rest)
        marked = tuple(sorted(_circle(w) for w in rest[:cut]))
        unmarked = tuple(sorted(_circle(w) for w in rest[cut + 1 :]))
        return Women(marked, unmarked)
    if head == "patrols" and "/" in rest:
        cut = rest.index("/")
        real = tuple(_crossing(w) for w in rest[:cut])
        fakes = tuple(sorted(_crossing(w) for w in rest[cut + 1 :]))
        if len(real) != len(COLOURS):
            raise NotationError("one crossing per colour")
        return Patrols(real, fakes)
    if head == "letter" and rest and rest[0].lower() in LETTERS:
        name = rest[0].lower()
        if name == "goulston":
            if len(rest) != 2 or rest[1].lower() not in COLOURS:
                raise NotationError("goulston names a colour")
            return Letter(name, (rest[1].lower(),))
        args = tuple(_crossing(w) for w in rest[1:])
        if len(args) != 2:
            raise NotationError("two crossings")
        return Letter(name, args)
    if head == "no-letter" and not rest:
        return NoLetter()
    if head == "saucy":
        return SaucyMove(_pairs(rest))
    if head == "graffito" and len(rest) == 1 and rest[0].lower() in COLOURS:
        return Graffito(rest[0].lower())
    if head == "kill" and 1 <= len(rest) <= 2:
        return Kill(tuple(_circle(w) for w in rest))
    if head == "wait" and not rest:
        return Wait()
    if head == "wretched" and len(rest) in (2, 3):
        if rest[1] == "=" and len(rest) == 2:
            return WretchedMove(_circle(rest[0]), None)
        if rest[1] == ">" and len(rest) == 3:
            return WretchedMove(_circle(rest[0]), _circle(rest[2]))
    if head == "reveal" and len(rest) == 1:
        return Reveal(_crossing(rest[0]))
    if head == "step" and len(rest) in (1, 2):
        if len(rest) == 2 and rest[1].lower() != "home":
            raise NotationError("step N [home]")
        return Step(_circle(rest[0]), len(rest) == 2)
    if head == "coach" and len(rest) == 2:
        return Coach(_circle(rest[0]), _circle(rest[1]))
    if head == "alley" and len(rest) == 1:
        return Alley(_circle(rest[0]))
    if head == "false-clue" and len(rest) == 1:
        return FalseClue(_circle(rest[0]))
    if head == "no-false-clue" and not rest:
        return FalseClue(None)
    if head == "know" and len(rest) == 1:
        return KnowWhereYouLive(_circle(rest[0]))
    if head in COLOURS and rest:
        verb = rest[0].lower()
        if len(rest) == 1:
            if verb == "stay":
                return PoliceMove(head, None)
            if verb == "pass":
                return Pass(head)
            if verb == "area-arrest":
                return Arrest(head, None)
            return PoliceMove(head, _crossing(rest[0]))
        if len(rest) == 2:
            if verb == "search":
                return Search(head, _circle(rest[1]))
            if verb == "arrest":
                return Arrest(head, _circle(rest[1]))
            if verb == "chase":
                return Chase(head, _crossing(rest[1]))
    raise NotationError("unknown action")
