"""Mr. Jack Pocket's entry in the game registry (records, replay, selfplay,
the server): the engine's side.  Its screens are `pocket/ui/entry.py`,
which only the interface imports."""

from __future__ import annotations

from typing import Any

from whitechapel.core.errors import RecordError
from whitechapel.core.seats import OneSeatPerSide
from whitechapel.core.settings import Setting
from whitechapel.pocket.actions import Action, parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import SIDES
from whitechapel.pocket.setup import Setup, random_setup
from whitechapel.pocket.views import PocketView

# How a game is played at one keyboard, not a rule (core/settings.py): the
# hand-over prompt at every change of side, or only around Jack's cards (P9).
HANDOVER = Setting(
    "handover",
    "Hand-over prompt",
    (("always", "every change of side"), ("secrets", "around Jack's cards only")),
    default="always",
    people=True,  # against the computer nothing is handed over (testers QH, QI, round 18)
)


# Hints for a new player (pocket/hints.py): at every decision (issue 44), what the
# board would then show, who answers, the alibi, the end; what each token does in its first round.
# "Learn by playing" starts a game with them.
HINTS = Setting(
    "hints",
    "Hints, and ctrl+z to take back",
    (("off", "none"), ("first", "at every decision, any level")),
    default="off",
)


class PocketRules:
    name = "pocket"
    title = "Mr. Jack Pocket"
    sides = SIDES
    default_clock = 450.0  # seconds a side in a network duel: the box's 15 minutes
    settings = (HANDOVER, HINTS)

    def seating(self, count: int | None = None) -> OneSeatPerSide:
        return OneSeatPerSide(SIDES, count, game=self.title)

    def check_options(self, options: Any) -> dict[str, Any]:
        if options in (None, {}):
            return {}
        if not isinstance(options, dict):
            raise RecordError("options should be a JSON object")
        raise RecordError(f"Mr. Jack Pocket has no option {sorted(options)[0]!r}")

    def setup_from_json(self, data: Any, options: dict[str, Any]) -> Setup:
        return Setup.from_json(data)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return setup.to_json()

    def random_setup(self, seed: int, options: dict[str, Any], table: Any = None) -> Setup:
        return random_setup(seed)  # Pocket has no table: every game is on the same nine tiles

    def start(self, setup: Setup, options: dict[str, Any]) -> PocketGame:
        return PocketGame(setup)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def view_from_json(self, data: Any) -> PocketView:
        """A view received as JSON (a network seat's), as `view(side)` gives it."""
        return PocketView.from_json(data)

    def summary(self, view: PocketView, players: dict[str, str], actions: int) -> str:
        from whitechapel.pocket.render import render

        names = ", ".join(f"{side}: {name}" for side, name in players.items())
        from whitechapel.pocket.goals import plural

        lines = [f"Mr. Jack Pocket, {plural(actions, 'action')}" + (f" ({names})" if names else "")]
        lines.append(render(view))
        if view.outcome is None:
            lines.append(f"The game is not finished: {view.to_act} to act.")
        return "\n".join(lines)

    def listed(self, view: PocketView) -> str:
        """A saved game in the Continue list, from its public view: "round 3"."""
        return f"round {view.round}"


RULES = PocketRules()
