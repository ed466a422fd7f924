"""Computer players: the contract every game's players keep, and where they
are found.  Public API (docs/architecture.md, "Computer players").

A player sits at one side of one game.  It is asked for an action with the
side's **view** — exactly what a human at that seat sees (`game.view(side)`)
— and the **legal actions** in the game's notation; it answers with one of
those texts.  It is given nothing else: no engine, no state object, no seed
of the game.  Between calls it may keep whatever it learnt (its own memory),
and its random source is its own, seeded when it is made, so the same views
always give the same answers.

**Time.**  A `budget` is seconds of CPU time of the process that thinks
(`time.process_time`), so that a busy machine does not make a player weaker:
the same budget buys the same search on an idle host and a loaded one.  A
wall-clock **ceiling** (`CEILING` times the budget, unless the level sets its
own) bounds how long a person may wait when the thinking process gets less
than its share of a core: whichever comes first ends the decision.  `None`
asks for the level's own budget (its `budget` attribute, if it thinks for
long); 0 (or less) for none at all: the search runs to its own end, which is
deterministic (the tests, the frozen references' check).  Every player that
thinks for long checks one `Deadline` (`deadline(budget, own)`), the same
helper in every game.

Every host asks through `choose()`: the hot-seat screens (thinking off the
interface's thread), the network server's computer seats and the arena.
A player may also say why, as players at a table think aloud: its
`note(view, action)`, if it has one, gives a sentence about the action it
just chose (None: nothing to say), computed from the same view; the answer
carries it (`Answer.note`) and a screen may show it beside the action.

Where the legal actions come from: the view's `legal` list by default; a
game whose views do not list every action (a placement with thousands of
choices) gives its `Rules` a `legal_in_view(view)` method that works them out
from the view.  Either way they are a function of the view alone.

Players are found by game and level: the game's registry entry names a
module (`Entry.players`) whose `PLAYERS` maps each level — `random`,
`easy`, `normal`, `hard` — to a factory `(side, seed, table) -> Player`.

The **table** is what every side knows from the start and the views do not
repeat: LfW's board (a shipped board's id, or a player's map whole).  A
game's `Rules.table_of(game)` gives it (None for a game without one, such
as Pocket); it holds no secret, and a player made for a game gets it once.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from whitechapel.core.chance import Chance
from whitechapel.core.errors import WhitechapelError
from whitechapel.core.game import legal_of
from whitechapel.core.registry import entry_of, rules_for

LEVELS = ("random", "easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
COMPUTER = "computer"  # how a seat is given to a computer: `computer` or `computer:LEVEL`


class Player(Protocol):
    """A computer player at one side of one game."""

    side: str
    level: str

    def choose(self, view: Any, legal: Sequence[str], budget: float | None = None) -> str:
        """One of `legal`, chosen from `view` (the side's view, as the game's
        engine gives it: a typed `core.game.View`) alone, within `budget`
        seconds of CPU time under a wall-clock ceiling (None: the level's own
        budget; 0: no limit): see `Deadline`."""
        ...


Factory = Callable[[str, int, Any], Player]  # (side, seed, table) -> a player for one game

# -- time: budgets in CPU time, under a wall-clock ceiling ---------------------------------

CEILING = 2.0  # a decision's wall-clock ceiling, in budgets (a level may set its own)


class Deadline:
    """When one decision must end: `budget` seconds of this process's CPU
    time (`time.process_time`) spent, or `ceiling` seconds on the wall clock
    (`CEILING` budgets unless given), whichever comes first.  A budget of 0
    or less (or None) sets no deadline: `passed()` is never true.

    The players' one helper: a search asks `passed()` as often as it likes
    (at every node).  The wall clock is read each time; the CPU clock, a
    system call, only when the budget may be spent: a thread's CPU time
    never runs ahead of the wall clock, so while the CPU time last read plus
    the wall time since is short of the budget, the budget is not spent
    either.  A decision so ends within one check of its deadline (other
    threads of the same process busy at once only make it later by their
    share).  Tests give their own clocks (`cpu`, `wall`)."""

    __slots__ = (
        "_cpu_end",
        "_cpu_seen",
        "_wall_end",
        "_wall_seen",
        "budget",
        "ceiling",
        "cpu",
        "wall",
    )

    def __init__(
        self,
        budget: float | None,
        *,
        ceiling: float | None = None,
        cpu: Callable[[], float] = time.process_time,
        wall: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.cpu, self.wall = cpu, wall
        self.budget = budget if budget is not None and budget > 0 else None
        self.ceiling = None if self.budget is None else ceiling or CEILING * self.budget
        self._cpu_seen = cpu() if self.budget is not None else 0.0
        self._wall_seen = wall()
        self._cpu_end = self._cpu_seen + self.budget if self.budget is not None else math.inf
        self._wall_end = self._wall_seen + self.ceiling if self.ceiling is not None else math.inf

    @property
    def bounded(self) -> bool:
        return self.budget is not None

    def passed(self) -> bool:
        """Is the budget spent, or the ceiling reached?"""
        now = self.wall()
        if now >= self._wall_end:
            return True
        if self._cpu_seen + (now - self._wall_seen) < self._cpu_end:
            return False  # not even the wall clock has gone as far as the budget
        self._cpu_seen, self._wall_seen = self.cpu(), now
        return self._cpu_seen >= self._cpu_end

    def shorter_than(self, seconds: float) -> bool:
        """Is this a budget of less than `seconds` (a player may choose a
        quicker way of thinking)?"""
        return self.budget is not None and self.budget < seconds


def deadline(budget: float | None, own: float | None = None, **clocks: Any) -> Deadline:
    """The deadline of a decision asked with `budget` (None: the level's
    `own` budget) — the one way players read the contract's time."""
    return Deadline(own if budget is None else budget, **clocks)


def own_budget(player: Any) -> float | None:
    """A level's own budget (None: it does not think for long)."""
    return getattr(player, "budget", None)


class RandomPlayer:
    """Uniform over the legal actions, for any game (a lazily listed
    placement's too: it is indexed), its chance from its seed."""

    level = "random"

    def __init__(self, side: str, seed: int, table: Any = None) -> None:
        self.side = side
        self.chance = Chance(seed)

    def choose(self, view: Any, legal: Sequence[str], budget: float | None = None) -> str:
        return legal[self.chance.below(len(legal))]


class PlayerError(WhitechapelError):
    """A level or seat that does not exist, or a player that broke the contract."""


def players_of(game: str) -> dict[str, Factory]:
    """The levels of `game`'s computer players (empty: it has none yet)."""
    module = entry_of(game).players
    return dict(import_module(module).PLAYERS) if module else {}


# A frozen reference: a level as it played at a date (`hard-2026-12`), kept so
# that progress is measured against it (the arena).  It is not offered to
# people; its code is a configuration of players still in use (Pocket's
# `hard_2026_12`) or a frozen copy of them (a game's `players/frozen/`, when
# today's code moves on), and a test holds
# it to the games it played when it was frozen (tests/frozen_players.py).
REFERENCE = re.compile(r"[a-z]+-\d{4}-\d{2}")


def references(game: str) -> tuple[str, ...]:
    """The frozen references `game` keeps, oldest first."""
    return tuple(sorted(level for level in players_of(game) if REFERENCE.fullmatch(level)))


def levels(game: str) -> tuple[str, ...]:
    """The levels `game` offers, easiest first."""
    known = players_of(game)
    return tuple(level for level in LEVELS if level in known)


def new_player(game: str, level: str, side: str, seed: int, table: Any = None) -> Player:
    """A fresh player of `level` for `side` of `game`, its chance from `seed`,
    knowing the game's public `table` (`table_of`)."""
    known = players_of(game)
    if level not in known:
        offered = ", ".join(levels(game)) or "none"
        raise PlayerError(f"there is no {level!r} computer player (levels: {offered})")
    rules = rules_for(game)
    if side not in rules.sides:
        raise PlayerError(f"{rules.title} has no side {side!r} (sides: {', '.join(rules.sides)})")
    return known[level](side, seed, table)


def table_of(game: str, state: Any) -> Any:
    """The public table of a game being played (`Rules.table_of`), for its
    players: what every side knows from the start and the views leave out."""
    own = getattr(rules_for(game), "table_of", None)
    return own(state) if own is not None else None


def default_level(game: str | None = None) -> str:
    """The level the bare word `computer` means: `DEFAULT_LEVEL`, or, for a
    game that does not offer it (yet), the strongest level it has."""
    if game is None:
        return DEFAULT_LEVEL
    offered = levels(game)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in offered or not offered else offered[-1]


def computer_level(text: str, game: str | None = None) -> str | None:
    """`computer` or `computer:LEVEL` -> the level (the default for the bare
    word: `default_level`); anything else (a player's name) -> None.  An
    unknown level is a PlayerError when `game` is given; a frozen reference
    is known by its name, though never offered."""
    head, _, level = text.strip().partition(":")
    if head.lower() != COMPUTER:
        return None
    level = level.strip().lower() or default_level(game)
    if game is not None and level not in levels(game) and level not in references(game):
        offered = ", ".join(levels(game)) or "none"
        raise PlayerError(f"there is no {level!r} computer player (levels: {offered})")
    return level


def computer_seats(game: str, names: Mapping[str, str]) -> dict[str, str]:
    """The sides a record's players give to the computer (`computer:hard`),
    with their levels; a level `game` does not offer is a player's name."""
    offered = levels(game)
    out = {}
    for side, name in names.items():
        try:
            level = computer_level(name, game)
        except PlayerError:
            continue  # a level this program does not have: a player's name
        if level is not None and level in offered:
            out[side] = level
    return out


def computer_name(level: str) -> str:
    """How a record names a computer player (`computer_seats` reads it back)."""
    return f"{COMPUTER}:{level}"


def computer_title(level: str) -> str:
    """How the screens name a computer player: "Hard computer"."""
    return f"{level.capitalize()} computer"


def legal_in(game: str, view: Any) -> Sequence[str]:
    """The actions the side of `view` may play now, from the view alone (a
    game may answer a sequence that lists a large placement lazily)."""
    rules = rules_for(game)
    own = getattr(rules, "legal_in_view", None)
    return own(view) if own is not None else legal_of(view)


@dataclass(frozen=True)
class Answer:
    action: str
    cpu: float = 0.0  # how long the player thought: the CPU time of its process
    wall: float = 0.0  # ... and the wall-clock time it took
    note: str | None = None  # why, in a sentence, where the player says (its `note`)


def choose(player: Player, game: str, view: Any, budget: float | None = None) -> Answer:
    """Ask `player` for its action in `view` (the view of its side, whose turn
    it is): the one way every host asks.  The answer must be one of the legal
    actions; anything else is a PlayerError (a bug in the player)."""
    legal = legal_in(game, view)
    if not legal:
        raise PlayerError(f"the {player.side} has no action to play now")
    cpu, wall = time.process_time(), time.perf_counter()
    action = player.choose(view, legal, budget)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if action not in legal:
        raise PlayerError(f"the {player.level} {player.side} chose {action!r}, not a legal action")
    explain = getattr(player, "note", None)
    note = explain(view, action) if callable(explain) else None
    return Answer(action, cpu, wall, note)
