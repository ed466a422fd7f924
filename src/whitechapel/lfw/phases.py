"""The phases of a night (§4–§7) as data: who acts, with which kinds of action.

The engine looks the current phase up in `PHASES` to know whose turn it is
and which actions it may accept; each phase's handler (in `hell.py` and
`hunt.py`) decides what follows.
"""

from __future__ import annotations

from dataclasses import dataclass

from whitechapel.lfw import actions as a

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


@dataclass(frozen=True)
class Phase:
    tag: str  # the rules reference's tag
    name: str  # the rulebook's name for it
    side: str  # who acts
    kinds: tuple[type, ...]  # the kinds of action it accepts


PHASES: dict[str, Phase] = {
    "hideout": Phase("S1", "Setup: Jack chooses his hideout", JACK, (a.Hideout,)),
    "women": Phase("H2", "Targets are identified", JACK, (a.Women,)),
    "patrols": Phase("H3", "Patrolling the streets", POLICE, (a.Patrols,)),
    "letter": Phase(
        "H3", "Patrolling the streets: a letter from Jack", JACK, (a.Letter, a.NoLetter)
    ),
    "saucy": Phase("H3", "Saucy Jacky: the Chief moves two patrols", POLICE, (a.SaucyMove,)),
    "kill": Phase("H5", "Blood on the streets", JACK, (a.Kill, a.Wait)),
    "wretched": Phase("H6", "Suspense grows", POLICE, (a.WretchedMove,)),
    "reveal": Phase("H7", "Ready to kill", JACK, (a.Reveal,)),
    "escape": Phase("T1", "Escape in the night", JACK, (a.Step, a.Coach, a.Alley)),
    "graffito": Phase("T1", "Goulston Street graffito", JACK, (a.Letter, a.NoLetter)),
    "graffito_chief": Phase(
        "T1", "Goulston Street graffito: the Chief chooses", POLICE, (a.Graffito,)
    ),
    "hunt": Phase("T2", "Hunting the monster", POLICE, (a.PoliceMove,)),
    "false_clue": Phase("T3", "Clues and suspicion: a false clue", JACK, (a.FalseClue,)),
    "clues": Phase(
        "T3",
        "Clues and suspicion",
        POLICE,
        (a.Search, a.Arrest, a.Chase, a.Pass, a.KnowWhereYouLive),
    ),
    "searching": Phase("T3", "Clues and suspicion: the search goes on", POLICE, (a.Search,)),
}
