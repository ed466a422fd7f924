"""The seats of a Letters from Whitechapel room (docs/protocol.md).

`jack` and `police1`..`policeN` (N = 1..5), which share the five policemen
in clockwise colour order, the first seats taking one more when they do not
divide evenly (2 seats: blue yellow brown / red green).  The Chief's
decisions (H3 patrols, O1 Saucy Jacky and the graffito, H6 Wretched, O6 "I
know where you live") belong to the seat holding the night's Chief colour;
in T2/T3 the seat holding the acting policeman acts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whitechapel.core.seats import SeatingError
from whitechapel.lfw.actions import Action, KnowWhereYouLive
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import COLOURS, JACK, POLICE  # COLOURS: clockwise

if TYPE_CHECKING:
    from whitechapel.lfw.game import LfwGame

HUNT_TURNS = (Phase.HUNT, Phase.CLUES, Phase.SEARCHING)  # each policeman for himself (T2, T3)


def police_split(seats: int) -> dict[str, tuple[str, ...]]:
    """`police1`..`policeN` -> their colours, in clockwise order."""
    if not 1 <= seats <= len(COLOURS):
        raise SeatingError(f"Letters from Whitechapel has 1 to {len(COLOURS)} police seats")
    out, start = {}, 0
    for i in range(seats):
        size = len(COLOURS) // seats + (i < len(COLOURS) % seats)
        out[f"police{i + 1}"] = COLOURS[start : start + size]
        start += size
    return out


class LfwSeating:
    def __init__(self, count: int | None = None) -> None:
        self.count = 1 if count is None else count
        self.colours = police_split(self.count)
        self.seats = (JACK, *self.colours)

    def side_of(self, seat: str) -> str:
        return POLICE if seat in self.colours else seat

    def seat_of_colour(self, colour: str) -> str:
        return next(seat for seat, cs in self.colours.items() if colour in cs)

    def to_act(self, game: LfwGame) -> str | None:
        side = game.to_act
        if side is None or side == JACK:
            return side
        colour = game.acting_colour
        assert colour is not None  # while the police act, a policeman or the Chief decides
        return self.seat_of_colour(colour)

    def refusal(self, game: LfwGame, seat: str, action: Action | str) -> str | None:
        """Why `seat` may not send `action` now: a seat's text as it arrives,
        or one of the legal actions of a view (the server's computer)."""
        if game.to_act == POLICE and game.chief and _names_hideout(action):
            chief = self.seat_of_colour(game.chief)  # O6, in any policeman's T3 turn
            if seat == chief:
                return None
            return (
                "it is not your turn: naming the hideout (O6) is the Chief's decision "
                f"({game.chief}'s policeman, {chief})"
            )
        acting = self.to_act(game)
        if seat == acting:
            return None
        if acting == JACK:
            return "it is not your turn: Jack is to act"
        colour = game.acting_colour
        if game.phase in HUNT_TURNS:
            return f"it is not your turn: {colour}'s policeman ({acting}) is to act"
        return f"it is not your turn: the Chief, {colour}'s policeman ({acting}), is to act"


def _names_hideout(action: Action | str) -> bool:
    """O6 ("I know where you live"), the Chief's decision in any T3 turn.  A
    text is judged by its first word only: the engine reads it (and refuses
    it with its own sentence) when it is played."""
    if isinstance(action, str):
        words = action.split()
        return bool(words) and words[0].lower() == "know"
    return isinstance(action, KnowWhereYouLive)
