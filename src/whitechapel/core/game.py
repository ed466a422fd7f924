"""The contract every rules engine keeps.

A rules engine is pure Python: a state, its legal actions in a stable order,
`apply(action)` that refuses an illegal action with `IllegalAction` and leaves
the state unchanged, a per-side `view(side)` built only from what that side
may know, and an `outcome` once the game is over.

An engine may stop after an action with an automatic step due, one that no
side decides (Pocket's witness call after a round's fourth action): then
`unresolved` is true, nobody is `to_act`, and `resolve()` plays the step.
Hosts play an action and what follows it by itself in one call: `play(text)`
(the text parsed here, at the edge) or `advance(action)`.

Actions are small immutable objects whose `str()` is their text form and
`parse_action(str(a)) == a`: records, logs, the network protocol and tests all
use the text form.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from whitechapel.core.errors import IllegalAction

if TYPE_CHECKING:
    from whitechapel.core.seats import Seating
    from whitechapel.core.settings import Setting

# The view of nobody in particular: what a spectator, or the table between
# two turns, may see.  Every engine's `view()` accepts it beside its sides.
PUBLIC = "public"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning side, why, and when."""

    winner: str
    reason: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "detail": self.detail}

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        if not isinstance(data, dict) or not isinstance(data.get("winner"), str):
            raise ValueError("an outcome is an object with a 'winner'")
        return cls(str(data["winner"]), str(data.get("reason", "")), str(data.get("detail", "")))


@runtime_checkable
class View(Protocol):
    """A side's view of a game: what that side may know, in typed fields
    (a frozen dataclass of the game's `views` module).  JSON only at the
    edges -- records, the network protocol, `replay --json`: `to_json()`,
    and the game's `Rules.view_from_json` back."""

    def to_json(self) -> dict[str, Any]: ...


def view_json(view: View | Mapping[str, Any]) -> dict[str, Any]:
    """A view as JSON data (a view still kept as a dict is that already)."""
    return dict(view) if isinstance(view, Mapping) else view.to_json()


def with_legal(view: Any, legal: Sequence[str]) -> Any:
    """The same view with only `legal` as its legal actions (a network
    seat's computer may send fewer than its side may play)."""
    if isinstance(view, Mapping):
        return {**view, "legal": list(legal)}
    return dataclasses.replace(view, legal=tuple(legal))


def legal_of(view: Any) -> list[str]:
    """The legal actions a view lists (none when it lists none)."""
    legal = view.get("legal") if isinstance(view, Mapping) else getattr(view, "legal", None)
    return list(legal or [])


@runtime_checkable
class Game(Protocol):
    """What records, replay, the interface and the network rely on."""

    @property
    def name(self) -> str: ...

    @property
    def sides(self) -> tuple[str, ...]: ...

    setup: Any  # every chance event, decided before play (the game's own Setup)
    history: list[Any]  # the actions played, in order

    def options_json(self) -> dict[str, Any]:
        """The optional rules in play, as a record stores them."""
        ...

    @property
    def to_act(self) -> str | None: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any, side: str | None = None) -> None:
        """One side's action; the engine may stop with an automatic step due."""
        ...

    @property
    def unresolved(self) -> bool:
        """Is an automatic step due (no side to act, the game not over)?"""
        ...

    def resolve(self) -> None:
        """Play the automatic step that is due (`IllegalAction` if none is)."""
        ...

    def advance(self, action: Any, side: str | None = None) -> None:
        """`apply`, then every automatic step it leaves due: a host's move."""
        ...

    def play(self, text: str, side: str | None = None) -> Any:
        """Parse `text` and `advance` with it; returns the action played."""
        ...

    def view(self, side: str) -> Any:
        """`side` is one of `sides` or `PUBLIC`; anything else is a ValueError.
        The game's own view type: a `View` (or, for a game not typed yet, a
        dict of JSON data)."""
        ...

    def reveal(self) -> dict[str, Any]:
        """What the end of the game shows every side (added to any view when
        a room ends otherwise than by the rules, e.g. a chess clock)."""
        ...

    def clone(self) -> Game: ...


class Engine:
    """The contract's glue every engine shares: `play` parses with the game's
    notation, `advance` applies and resolves what is then due, `view` and
    `reveal` are its views module's (the view of a side is built from what
    that side may know; `reveal` is what the end shows every side).  A
    subclass sets `notation` and `views`; one that stops with automatic steps
    due overrides `unresolved` and `resolve`."""

    __slots__ = ()
    notation: Any  # the module with parse_action(text)
    views: Any  # the module with view(game, side) and reveal(game)

    def view(self, side: str) -> Any:
        return self.views.view(self, side)

    def reveal(self) -> dict[str, Any]:
        return self.views.reveal(self)

    @property
    def unresolved(self) -> bool:
        return False  # an engine whose actions are never followed by a step

    def resolve(self) -> None:
        raise IllegalAction("nothing is due: every step of the game is a side's action")

    def advance(self, action: Any, side: str | None = None) -> None:
        self.apply(action, side)  # type: ignore[attr-defined]
        while self.unresolved:
            self.resolve()

    def play(self, text: str, side: str | None = None) -> Any:
        """Parse `text` and `advance` with it; returns the action played."""
        action = self.notation.parse_action(text)
        self.advance(action, side)
        return action


class Rules(Protocol):
    """A game's entry in the registry: how to build, parse and replay it.
    Its screens are another entry, the interface's (`ui/games.py`): a
    game's rules import nothing from a `ui/` folder."""

    name: str
    title: str
    sides: tuple[str, ...]
    default_clock: float | None  # seconds a side in a network room, None: no clock
    # How a game is shown and handed around, not its rules (core/settings.py):
    # its records, setup screen, network rooms and lobby read them from here.
    settings: tuple[Setting, ...]

    def seating(self, count: int | None = None) -> Seating:
        """The seats of a network room (`count`: the game's own seat count,
        e.g. LfW's police seats); a count it does not allow is a SeatingError."""
        ...

    def setup_from_json(self, data: Any, options: dict[str, Any]) -> Any: ...

    def setup_to_json(self, setup: Any) -> dict[str, Any]: ...

    def random_setup(self, seed: int, options: dict[str, Any], table: Any = None) -> Any:
        """Every chance event, drawn from `seed`, on `table` (what every side
        knows from the start: LfW's board; None, the game's default)."""
        ...

    def check_options(self, options: Any) -> dict[str, Any]: ...

    def start(self, setup: Any, options: dict[str, Any]) -> Game: ...

    def parse_action(self, text: str) -> Any: ...

    def view_from_json(self, data: Mapping[str, Any]) -> Any:
        """A view received as JSON (a network seat's, a record's), typed as
        the game's `view(side)` returns it."""
        ...

    def summary(self, view: dict[str, Any], players: dict[str, str], actions: int) -> str:
        """A plain-text account of one side's view (`whitechapel replay`):
        built from that view alone, like everything shown to a side."""
        ...

    # Optional (app.py asks with getattr): `listed(view) -> str`, a saved
    # game told apart from the others in a few words ("night 2, Whitechapel
    # 1888 board", "round 3"), from its public view alone.
