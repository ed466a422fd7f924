"""The fixed terms of a game (§3): the sides, the nights, the tokens of each
night, the move track, and the keys of the phases of a night (§4–§7).

The phase table itself, with each phase's rules, is `table.PHASES`; this
module stays below every rules module so that they can all name a phase.
"""

from __future__ import annotations

from enum import StrEnum

JACK = "jack"
POLICE = "police"
SIDES = (JACK, POLICE)

NIGHTS = 4
# §3: per night, the special movement tokens and the women tokens.
COACHES = (3, 2, 2, 1)
ALLEYS = (2, 2, 1, 1)
WOMEN = (8, 7, 6, 4)
MARKED = (5, 4, 3, 1)
PATROL_MARKERS = 7
FAKES = 2
# §3: the move track: V IV III II I, then 1..15 (spaces 0..19).
TRACK = 20
ROMAN = ("V", "IV", "III", "II", "I")
CRIME_START = 4  # H4: the Time of the Crime marker goes on I
LAST_SPACE = TRACK - 1  # numbered space 15
DOUBLE_EVENT_NIGHT = 3


def space_name(space: int) -> str:
    return ROMAN[space] if space < len(ROMAN) else str(space - len(ROMAN) + 1)


class Phase(StrEnum):
    """The keys of a night's phases.  A `StrEnum`, so that a key is the very
    string that views, records and the network protocol have always carried."""

    # Phases where a side acts (the state rests on one of these).
    HIDEOUT = "hideout"  # S1
    WOMEN = "women"  # H2
    PATROLS = "patrols"  # H3
    LETTER = "letter"  # H3, O1
    SAUCY = "saucy"  # H3, O1 Saucy Jacky
    KILL = "kill"  # H5
    WRETCHED = "wretched"  # H6
    REVEAL = "reveal"  # H7
    ESCAPE = "escape"  # T1
    GRAFFITO = "graffito"  # T1, O1
    GRAFFITO_CHIEF = "graffito_chief"  # T1, O1
    HUNT = "hunt"  # T2
    FALSE_CLUE = "false_clue"  # T3, O2
    CLUES = "clues"  # T3
    SEARCHING = "searching"  # T3
    # Automatic steps: the flow runs them on its way and never rests on them.
    NEW_NIGHT = "new_night"  # H1
    TARGETS = "targets"  # H4
    ALARM = "alarm"  # H8, H9
    HOME = "home"  # T1: Jack announced his hideout
    CLUES_START = "clues_start"  # T3 begins
