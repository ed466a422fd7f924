"""The phases of a night (§4–§7) as data.

One row per phase where a side acts: its rules reference and name, who acts,
the kinds of action it accepts, and its rules as functions: the legal
actions, the check that refuses an illegal one, the change a legal one
makes, the phase that follows (a phase, or a function of the state and the
action played), the automatic step run as the phase begins, and a quick
random sampler for the placement phases.  `STEPS` are the automatic steps
the flow runs between phases (H1, H4, H9, the end of a night, T3's start):
each returns the phase it leads to.  `flow.py` walks the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from whitechapel.lfw import actions as a
from whitechapel.lfw import hell, hunt, letters
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.state import LfwState


@dataclass(frozen=True)
class Row:
    tag: str  # the rules reference's tag
    name: str  # the rulebook's name for it
    side: str  # who acts
    kinds: tuple[type, ...]  # the kinds of action it accepts
    legal: Callable[[LfwState], list[a.Action]]
    check: Callable[[LfwState, Any], None]  # raises IllegalAction, changes nothing
    apply: Callable[[LfwState, Any], None]  # only ever given a checked action
    next: Phase | Callable[[LfwState, Any], Phase]
    begin: Callable[[LfwState], None] | None = None
    sample: Callable[[LfwState, Any], a.Action] | None = None


PHASES: dict[Phase, Row] = {
    Phase.HIDEOUT: Row(
        "S1", "Setup: Jack chooses his hideout", JACK, (a.Hideout,),
        hell.legal_hideout, hell.check_hideout, hell.apply_hideout, Phase.NEW_NIGHT,
    ),
    Phase.WOMEN: Row(
        "H2", "Targets are identified", JACK, (a.Women,),
        hell.legal_women, hell.check_women, hell.apply_women, Phase.PATROLS,
        sample=hell.sample_women,
    ),
    Phase.PATROLS: Row(
        "H3", "Patrolling the streets", POLICE, (a.Patrols,),
        hell.legal_patrols, hell.check_patrols, hell.apply_patrols, hell.next_patrols,
        sample=hell.sample_patrols,
    ),
    Phase.LETTER: Row(
        "H3", "Patrolling the streets: a letter from Jack", JACK, (a.Letter, a.NoLetter),
        letters.legal_letter, letters.check_letter, letters.apply_letter, letters.next_letter,
    ),
    Phase.SAUCY: Row(
        "H3", "Saucy Jacky: the Chief moves two patrols", POLICE, (a.SaucyMove,),
        letters.legal_saucy, letters.check_saucy, letters.apply_saucy, Phase.TARGETS,
    ),
    Phase.KILL: Row(
        "H5", "Blood on the streets", JACK, (a.Kill, a.Wait),
        hell.legal_kill, hell.check_kill, hell.apply_kill, hell.next_kill,
    ),
    Phase.WRETCHED: Row(
        "H6", "Suspense grows", POLICE, (a.WretchedMove,),
        hell.legal_wretched, hell.check_wretched, hell.apply_wretched, hell.next_wretched,
    ),
    Phase.REVEAL: Row(
        "H7", "Ready to kill", JACK, (a.Reveal,),
        hell.legal_reveal, hell.check_reveal, hell.apply_reveal, Phase.KILL,
    ),
    Phase.ESCAPE: Row(
        "T1", "Escape in the night", JACK, (a.Step, a.Coach, a.Alley),
        hunt.legal_escape, hunt.check_escape, hunt.apply_escape, hunt.next_escape,
        begin=hunt.trapped,
    ),
    Phase.GRAFFITO: Row(
        "T1", "Goulston Street graffito", JACK, (a.Letter, a.NoLetter),
        letters.legal_graffito, letters.check_graffito, letters.apply_graffito,
        letters.next_graffito,
    ),
    Phase.GRAFFITO_CHIEF: Row(
        "T1", "Goulston Street graffito: the Chief chooses", POLICE, (a.Graffito,),
        letters.legal_graffito_chief, letters.check_graffito_chief,
        letters.apply_graffito_chief, Phase.HUNT,
    ),
    Phase.HUNT: Row(
        "T2", "Hunting the monster", POLICE, (a.PoliceMove,),
        hunt.legal_hunt, hunt.check_hunt, hunt.apply_hunt, hunt.next_hunt,
        begin=hunt.police_moves_begin,
    ),
    Phase.FALSE_CLUE: Row(
        "T3", "Clues and suspicion: a false clue", JACK, (a.FalseClue,),
        hunt.legal_false_clue, hunt.check_false_clue, hunt.apply_false_clue, Phase.CLUES,
    ),
    Phase.CLUES: Row(
        "T3", "Clues and suspicion", POLICE,
        (a.Search, a.Arrest, a.Chase, a.Pass, a.KnowWhereYouLive),
        hunt.legal_clues, hunt.check_clues, hunt.apply_clues, hunt.next_clues,
    ),
    Phase.SEARCHING: Row(
        "T3", "Clues and suspicion: the search goes on", POLICE, (a.Search,),
        hunt.legal_searching, hunt.check_searching, hunt.apply_searching, hunt.next_clues,
    ),
}  # fmt: skip

STEPS: dict[Phase, Callable[[LfwState], Phase]] = {
    Phase.NEW_NIGHT: hell.start_night,  # H1
    Phase.TARGETS: hell.reveal_women,  # H4
    Phase.ALARM: hell.alarm,  # H9 (H8 was written with the kill)
    Phase.HOME: hunt.night_over,  # T1: Jack announced his hideout
    Phase.CLUES_START: hunt.clues_begin,  # T3
}
