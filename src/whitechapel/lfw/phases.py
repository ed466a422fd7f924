"""The keys of the phases of a night (§4–§7).

The phase table itself, with each phase's rules, is `table.PHASES`; the
rulebook's fixed terms (sides, nights, tokens, the move track) are
`rulebook.py`.  Both stay below every rules module so that they can all
name a phase.
"""

from __future__ import annotations

from enum import StrEnum


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


# The rules reference's tag and the rulebook's name of each phase where a
# side acts (what the screens, the views and the engine's refusals say).
TITLES: dict[Phase, tuple[str, str]] = {
    Phase.HIDEOUT: ("S1", "Setup: Jack chooses his hideout"),
    Phase.WOMEN: ("H2", "Targets are identified"),
    Phase.PATROLS: ("H3", "Patrolling the streets"),
    Phase.LETTER: ("H3", "Patrolling the streets: a letter from Jack"),
    Phase.SAUCY: ("H3", "Saucy Jacky: the Chief moves two patrols"),
    Phase.KILL: ("H5", "Blood on the streets"),
    Phase.WRETCHED: ("H6", "Suspense grows"),
    Phase.REVEAL: ("H7", "Ready to kill"),
    Phase.ESCAPE: ("T1", "Escape in the night"),
    Phase.GRAFFITO: ("T1", "Goulston Street graffito"),
    Phase.GRAFFITO_CHIEF: ("T1", "Goulston Street graffito: the Chief chooses"),
    Phase.HUNT: ("T2", "Hunting the monster"),
    Phase.FALSE_CLUE: ("T3", "Clues and suspicion: a false clue"),
    Phase.CLUES: ("T3", "Clues and suspicion"),
    Phase.SEARCHING: ("T3", "Clues and suspicion: the search goes on"),
}
