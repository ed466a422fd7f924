"""Letters from Whitechapel actions and their text forms (docs/lfw.md); the
texts are read back by `notation.parse_action`.

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

from dataclasses import dataclass


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
