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
from whitechapel.lfw.phases import TITLES, Phase
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.state import LfwState


@dataclass(frozen=True)
class Row:
    tag: str  # the rules reference's tag (`phases.TITLES`)
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
        *TITLES[Phase.HIDEOUT],
        JACK,
        (a.Hideout,),
        hell.legal_hideout,
        hell.check_hideout,
        hell.apply_hideout,
        Phase.NEW_NIGHT,
    ),
    Phase.WOMEN: Row(
        *TITLES[Phase.WOMEN],
        JACK,
        (a.Women,),
        hell.legal_women,
        hell.check_women,
        hell.apply_women,
        Phase.PATROLS,
        sample=hell.sample_women,
    ),
    Phase.PATROLS: Row(
        *TITLES[Phase.PATROLS],
        POLICE,
        (a.Patrols,),
        hell.legal_patrols,
        hell.check_patrols,
        hell.apply_patrols,
        hell.next_patrols,
        sample=hell.sample_patrols,
    ),
    Phase.LETTER: Row(
        *TITLES[Phase.LETTER],
        JACK,
        (a.Letter, a.NoLetter),
        letters.legal_letter,
        letters.check_letter,
        letters.apply_letter,
        letters.next_letter,
    ),
    Phase.SAUCY: Row(
        *TITLES[Phase.SAUCY],
        POLICE,
        (a.SaucyMove,),
        letters.legal_saucy,
        letters.check_saucy,
        letters.apply_saucy,
        Phase.TARGETS,
    ),
    Phase.KILL: Row(
        *TITLES[Phase.KILL],
        JACK,
        (a.Kill, a.Wait),
        hell.legal_kill,
        hell.check_kill,
        hell.apply_kill,
        hell.next_kill,
    ),
    Phase.WRETCHED: Row(
        *TITLES[Phase.WRETCHED],
        POLICE,
        (a.WretchedMove,),
        hell.legal_wretched,
        hell.check_wretched,
        hell.apply_wretched,
        hell.next_wretched,
    ),
    Phase.REVEAL: Row(
        *TITLES[Phase.REVEAL],
        JACK,
        (a.Reveal,),
        hell.legal_reveal,
        hell.check_reveal,
        hell.apply_reveal,
        Phase.KILL,
    ),
    Phase.ESCAPE: Row(
        *TITLES[Phase.ESCAPE],
        JACK,
        (a.Step, a.Coach, a.Alley),
        hunt.legal_escape,
        hunt.check_escape,
        hunt.apply_escape,
        hunt.next_escape,
        begin=hunt.trapped,
    ),
    Phase.GRAFFITO: Row(
        *TITLES[Phase.GRAFFITO],
        JACK,
        (a.Letter, a.NoLetter),
        letters.legal_graffito,
        letters.check_graffito,
        letters.apply_graffito,
        letters.next_graffito,
    ),
    Phase.GRAFFITO_CHIEF: Row(
        *TITLES[Phase.GRAFFITO_CHIEF],
        POLICE,
        (a.Graffito,),
        letters.legal_graffito_chief,
        letters.check_graffito_chief,
        letters.apply_graffito_chief,
        Phase.HUNT,
    ),
    Phase.HUNT: Row(
        *TITLES[Phase.HUNT],
        POLICE,
        (a.PoliceMove,),
        hunt.legal_hunt,
        hunt.check_hunt,
        hunt.apply_hunt,
        hunt.next_hunt,
        begin=hunt.police_moves_begin,
    ),
    Phase.FALSE_CLUE: Row(
        *TITLES[Phase.FALSE_CLUE],
        JACK,
        (a.FalseClue,),
        hunt.legal_false_clue,
        hunt.check_false_clue,
        hunt.apply_false_clue,
        Phase.CLUES,
    ),
    Phase.CLUES: Row(
        *TITLES[Phase.CLUES],
        POLICE,
        (a.Search, a.Arrest, a.Chase, a.Pass, a.KnowWhereYouLive),
        hunt.legal_clues,
        hunt.check_clues,
        hunt.apply_clues,
        hunt.next_clues,
    ),
    Phase.SEARCHING: Row(
        *TITLES[Phase.SEARCHING],
        POLICE,
        (a.Search,),
        hunt.legal_searching,
        hunt.check_searching,
        hunt.apply_searching,
        hunt.next_clues,
    ),
}

STEPS: dict[Phase, Callable[[LfwState], Phase]] = {
    Phase.NEW_NIGHT: hell.start_night,  # H1
    Phase.TARGETS: hell.reveal_women,  # H4
    Phase.ALARM: hell.alarm,  # H9 (H8 was written with the kill)
    Phase.HOME: hunt.night_over,  # T1: Jack announced his hideout
    Phase.CLUES_START: hunt.clues_begin,  # T3
}
