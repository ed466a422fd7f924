"""How a Letters from Whitechapel state goes from phase to phase.

The only code that sets `phase`.  An action is checked against its phase's
row first (`check` raises `IllegalAction` with the rule it breaks, having
changed nothing), then applied in place, with no copy of the state; then the
flow follows the row's next phase, through any automatic steps (`STEPS`), to
the next phase where a side acts, running that phase's `begin` step when it
is entered from another phase.  When the game ends, the phase stays where it
ended.
"""

from __future__ import annotations

from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction
from whitechapel.lfw.actions import Action
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.state import LfwState
from whitechapel.lfw.table import PHASES, STEPS


def to_act(g: LfwState) -> str | None:
    return None if g.outcome else PHASES[g.phase].side


def acting_colour(g: LfwState) -> str | None:
    """The policeman whose turn it is in T2/T3, or the Chief for the Chief's
    decisions; None when Jack acts."""
    if g.outcome or PHASES[g.phase].side != POLICE:
        return None
    if g.phase in (Phase.HUNT, Phase.CLUES):
        return g.pending[0]
    if g.phase == Phase.SEARCHING:
        return g.search[0] if g.search else None
    return g.chief


def legal_actions(g: LfwState) -> list[Action]:
    if g.outcome:
        return []
    return PHASES[g.phase].legal(g)


def random_action(g: LfwState, chance: Chance) -> Action:
    """A legal action drawn at random, without listing every action of the
    large placement phases."""
    if g.outcome:
        raise IllegalAction(f"the game is over ({g.outcome.reason})")
    sample = PHASES[g.phase].sample
    if sample is not None:
        return sample(g, chance)
    return chance.choice(legal_actions(g))


def check(g: LfwState, action: Action, side: str | None = None) -> None:
    """Raise `IllegalAction` with a player's sentence unless `action` is legal now."""
    if g.outcome:
        raise IllegalAction(f"{action}: the game is over ({g.outcome.reason})")
    row = PHASES[g.phase]
    if side is not None and side != row.side:
        raise IllegalAction(f"{action}: it is {row.side}'s turn ({row.tag} {row.name})")
    if not isinstance(action, row.kinds):
        raise IllegalAction(f"{action}: not allowed now ({row.tag} {row.name})")
    row.check(g, action)


def play(g: LfwState, action: Action, side: str | None = None) -> None:
    """Validate, then mutate: a refused action has changed nothing."""
    check(g, action, side)
    row = PHASES[g.phase]
    row.apply(g, action)
    g.history.append(action)
    if g.outcome is None:
        go(g, row.next if isinstance(row.next, Phase) else row.next(g, action))


def go(g: LfwState, target: Phase) -> None:
    """Run the automatic steps on the way to `target`, then rest there."""
    while g.outcome is None:
        step = STEPS.get(target)
        if step is not None:
            target = step(g)
            continue
        if target != g.phase:
            g.phase = target
            begin = PHASES[target].begin
            if begin is not None:
                begin(g)
        return
