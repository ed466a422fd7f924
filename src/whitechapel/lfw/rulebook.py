"""The rulebook's fixed terms (letters-from-whitechapel.md §1–§8), once.

Every number, name and table the rules fix -- the sides, the policemen and
their order, the tokens of each night, the move track, the letters and the
sectors they reach, the endings -- lives here and nowhere else: the engine,
the views, the computer players and the screens' sentences all import it.
It imports nothing of the game, so every module of it may.
"""

from __future__ import annotations

# §1: the sides.
JACK = "jack"
POLICE = "police"
SIDES = (JACK, POLICE)

# §1: the five policemen, clockwise around the table (T2: the order of play).
COLOURS = ("blue", "yellow", "brown", "red", "green")

NIGHTS = 4
# §3: per night, the special movement tokens and the women tokens.
COACHES = (3, 2, 2, 1)
ALLEYS = (2, 2, 1, 1)
WOMEN = (8, 7, 6, 4)
MARKED = (5, 4, 3, 1)
# §3, H3: seven patrol markers a night, one per policeman and two fakes.
REAL_MARKERS = len(COLOURS)
FAKES = 2
PATROL_MARKERS = REAL_MARKERS + FAKES
# §3: the move track: V IV III II I, then 1..15 (spaces 0..19).
TRACK = 20
ROMAN = ("V", "IV", "III", "II", "I")
CRIME_START = 4  # H4: the Time of the Crime marker goes on I
LAST_SPACE = TRACK - 1  # numbered space 15
DOUBLE_EVENT_NIGHT = 3  # N3

# T1: what a space of the track was written by ("how"): the crime (H8), a
# normal move, a coach (two spaces), an alley.
CRIME, STEP, COACH, ALLEY = "crime", "step", "coach", "alley"
MOVES = (STEP, COACH, ALLEY)

# O1: the letters, and the sectors from which each letter of H3 moves
# face-down markers (Saucy Jacky: two of them, which the Chief moves on).
LETTERS = ("dear-boss", "saucy-jacky", "from-hell", "goulston")
LETTER_SECTORS = {
    "dear-boss": ("A/a", "C/b"),
    "from-hell": ("A/b", "C/a"),
    "saucy-jacky": ("B/a", "B/b"),
}
# O1, the Goulston Street graffito: Jack names one of these; the Chief moves
# that one or the brown one.
GRAFFITO_COLOURS = ("red", "green", "blue")
GRAFFITO_OTHER = "brown"
# O2: a false clue token for each so many clues found in one night.
CLUES_PER_FALSE_CLUE = 5
# O6: the Chiefs under whom the police may name the hideout (Swanson, Abberline).
KNOWING_CHIEFS = ("brown", "red")

# §1, T1, O6: how a game ends (the outcome's reason).
ARRESTED = "Jack is arrested"
TRAPPED = "Jack cannot move"
OUT_OF_MOVES = "Jack did not reach his hideout by the end of the move track"
SURVIVED = "Jack reached his hideout after the fourth night"
FOUND_HIDEOUT = "the police named Jack's hideout"


def space_name(space: int) -> str:
    """A space of the move track by its index: V … I, then 1 … 15."""
    return ROMAN[space] if space < len(ROMAN) else str(space - len(ROMAN) + 1)


def police_order(chief: str | None) -> tuple[str, ...]:
    """T2/T3: the Chief first, then clockwise (before the first Chief, blue first)."""
    i = COLOURS.index(chief or COLOURS[0])
    return tuple(COLOURS[(i + k) % len(COLOURS)] for k in range(len(COLOURS)))
