"""The second part of each night, the Hunt (T1–T3), with the optional rules
that belong to it (O2 false clues, O3 chase, O4 area arrest, O6 "I know
where you live"); the O1 graffito is in `letters.py`.

Same shape as `hell.py`: per phase `legal_*`, `check_*` (refuses, changing
nothing), `apply_*` (performs a checked action) and `next_*`; automatic
steps return the phase they lead to, entry steps run as a phase begins.
"""

from __future__ import annotations

from functools import lru_cache

from whitechapel.core.errors import IllegalAction
from whitechapel.lfw import actions as a
from whitechapel.lfw.letters import graffito_open
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import (
    ALLEY,
    ARRESTED,
    CLUES_PER_FALSE_CLUE,
    COACH,
    FOUND_HIDEOUT,
    JACK,
    KNOWING_CHIEFS,
    LAST_SPACE,
    NIGHTS,
    OUT_OF_MOVES,
    POLICE,
    STEP,
    SURVIVED,
    TRAPPED,
)
from whitechapel.lfw.state import LfwState


def _refuse(action: a.Action, why: str) -> None:
    raise IllegalAction(f"{action}: {why}")


# -- T1 -------------------------------------------------------------------------------


def legal_escape(g: LfwState) -> list[a.Action]:
    board, here, space = g.board, g.jack, g.next_space()
    assert here is not None  # T1 follows the kill (H5), which writes Jack's first circle
    out: list[a.Action] = []
    if space > LAST_SPACE:
        return out
    for c in board.jack_moves(here, g.police_mask()):
        out.append(a.Step(c))
        if c == g.hideout:
            out.append(a.Step(c, home=True))
    if g.coaches and space + 1 <= LAST_SPACE:
        out += _coaches(board, here)
    if g.alleys:
        out += _alleys(board, here)
    return out


@lru_cache(maxsize=4096)
def _coaches(board, circle: int) -> tuple[a.Coach, ...]:
    return tuple(a.Coach(m, e) for m, e in board.coach_routes(circle))


@lru_cache(maxsize=4096)
def _alleys(board, circle: int) -> tuple[a.Alley, ...]:
    return tuple(a.Alley(c) for c in board.alley_destinations(circle))


def trapped(g: LfwState) -> None:
    """As T1 begins: a Jack with no legal move has lost."""
    if not legal_escape(g):
        g.end(POLICE, TRAPPED)


def check_escape(g: LfwState, action: a.Step | a.Coach | a.Alley) -> None:
    board, here, space = g.board, g.jack, g.next_space()
    assert here is not None  # T1 follows the kill (H5), which writes Jack's first circle
    if isinstance(action, a.Step):
        if action.circle not in board.jack_adjacent(here):
            _refuse(action, f"{action.circle} is not Jack-adjacent to his circle (T1)")
        if action.circle not in board.jack_moves(here, g.police_mask()):
            _refuse(action, "every street there passes a crossing held by a policeman (T1)")
        if action.home and action.circle != g.hideout:
            _refuse(action, "only the hideout can be announced (T1)")
    elif isinstance(action, a.Coach):
        if not g.coaches:
            _refuse(action, "no coach token left tonight (T1)")
        if space + 1 > LAST_SPACE:
            _refuse(action, "a coach needs two free spaces on the move track (T1)")
        if (action.first, action.second) not in board.coach_routes(here):
            _refuse(action, "a coach makes two Jack-adjacent steps to two new circles (T1)")
    else:
        if not g.alleys:
            _refuse(action, "no alley token left tonight (T1)")
        if action.circle not in board.alley_destinations(here):
            _refuse(action, "an alley crosses one block to another circle on its edge (T1)")


def apply_escape(g: LfwState, action: a.Step | a.Coach | a.Alley) -> None:
    space = g.next_space()
    # Where every policeman stood as Jack moved: public, and what decided
    # which normal moves were open (the notebook reads it back).
    police = tuple(sorted(g.police.items()))
    if isinstance(action, a.Step):
        g.rows[-1].append((space, action.circle, STEP))
        g.events.append(("move", g.night, STEP, space, police))
        if action.home:
            return
    elif isinstance(action, a.Coach):
        g.coaches -= 1
        g.rows[-1] += [(space, action.first, COACH), (space + 1, action.second, COACH)]
        g.events.append(("move", g.night, COACH, space, police))
    else:
        g.alleys -= 1
        g.rows[-1].append((space, action.circle, ALLEY))
        g.events.append(("move", g.night, ALLEY, space, police))
    if g.next_space() > LAST_SPACE:  # numbered space 15 is written and he is not home
        g.end(POLICE, OUT_OF_MOVES)


def next_escape(g: LfwState, action: a.Step | a.Coach | a.Alley) -> Phase:
    if isinstance(action, a.Step) and action.home:
        return Phase.HOME
    return Phase.GRAFFITO if graffito_open(g) else Phase.HUNT


def night_over(g: LfwState) -> Phase:
    """Jack is home: the night ends, and after the fourth the game (T1)."""
    g.events.append(("home", g.night))
    if g.night == NIGHTS:
        g.end(JACK, SURVIVED)
    return Phase.NEW_NIGHT


# -- T2 -------------------------------------------------------------------------------


def police_moves_begin(g: LfwState) -> None:
    """T2: the Chief first, then clockwise."""
    g.pending = g.police_order()


def reach_two(g: LfwState, start: str) -> tuple[str, ...]:
    return g.board.police_within_two(start)


def legal_hunt(g: LfwState) -> list[a.Action]:
    colour = g.pending[0]
    taken = {x for c, x in g.police.items() if c != colour}
    out: list[a.Action] = [a.PoliceMove(colour, None)]
    out += [a.PoliceMove(colour, x) for x in reach_two(g, g.police[colour]) if x not in taken]
    return out


def check_hunt(g: LfwState, action: a.PoliceMove) -> None:
    colour = g.pending[0]
    if action.colour != colour:
        _refuse(action, f"the {colour} policeman moves now (T2: the Chief first, then clockwise)")
    if action.crossing is not None:
        if action.crossing == g.police[colour]:
            _refuse(action, f"to stay where he is, play '{colour} stay' (T2)")
        if action.crossing not in reach_two(g, g.police[colour]):
            _refuse(action, "a policeman moves at most two steps between crossings (T2)")
        if action.crossing in {x for c, x in g.police.items() if c != colour}:
            _refuse(action, "another policeman ends his move there (T2)")


def apply_hunt(g: LfwState, action: a.PoliceMove) -> None:
    colour = g.pending.pop(0)
    if action.crossing is not None:
        g.police[colour] = action.crossing
    g.events.append(("police_move", g.night, colour, action.crossing))


def next_hunt(g: LfwState, action: a.PoliceMove) -> Phase:
    return Phase.HUNT if g.pending else Phase.CLUES_START


# -- T3 -------------------------------------------------------------------------------


def clues_begin(g: LfwState) -> Phase:
    """T3: the Chief first, then clockwise; Jack may first lay a false clue (O2)."""
    g.pending = g.police_order()
    return Phase.FALSE_CLUE if g.options.false_clues and g.false_clue_tokens else Phase.CLUES


def legal_false_clue(g: LfwState) -> list[a.Action]:
    out: list[a.Action] = [a.FalseClue(None)]
    out += [a.FalseClue(c) for c in g.board.circles if c not in g.false_clues]
    return out


def check_false_clue(g: LfwState, action: a.FalseClue) -> None:
    if action.circle is not None and (
        action.circle not in g.board.circles or action.circle in g.false_clues
    ):
        _refuse(action, "a false clue goes on a circle without one (O2)")


def apply_false_clue(g: LfwState, action: a.FalseClue) -> None:
    if action.circle is not None:
        g.false_clue_tokens -= 1
        g.false_clues.append(action.circle)
        g.events.append(("false_clue", g.night, action.circle))


def targets(g: LfwState, colour: str) -> list[int]:
    """The circles a policeman may search or arrest on: directly adjacent to
    his crossing, without a false clue (O2)."""
    return [c for c in g.board.direct_circles(g.police[colour]) if c not in g.false_clues]


def can_name_hideout(g: LfwState) -> bool:
    return g.options.know_where_you_live and not g.know_used and g.chief in KNOWING_CHIEFS


def legal_clues(g: LfwState) -> list[a.Action]:
    colour = g.pending[0]
    near = targets(g, colour)
    out: list[a.Action] = [a.Search(colour, c) for c in near]
    out += [a.Arrest(colour, c) for c in near]
    if g.options.area_arrest and near:
        out.append(a.Arrest(colour, None))
    if g.options.chase:
        taken = set(g.police.values())
        out += [
            a.Chase(colour, x) for x in g.board.police_adjacent(g.police[colour]) if x not in taken
        ]
    out.append(a.Pass(colour))
    if can_name_hideout(g):
        out += [a.KnowWhereYouLive(c) for c in g.board.circles]
    return out


def _arrested(g: LfwState, action: a.Arrest) -> tuple[int, ...]:
    """T3, and O4 when the circle is left out: every circle he may name."""
    return tuple(targets(g, action.colour)) if action.circle is None else (action.circle,)


def check_clues(g: LfwState, action: a.Action) -> None:
    if isinstance(action, a.KnowWhereYouLive):
        if not can_name_hideout(g):
            _refuse(action, "only once a game, on a night whose Chief is brown or red (O6)")
        if action.circle not in g.board.circles:
            _refuse(action, f"there is no circle {action.circle}")
        return
    colour = g.pending[0]
    if getattr(action, "colour", colour) != colour:
        _refuse(action, f"the {colour} policeman acts now (T3: the Chief first, then clockwise)")
    if isinstance(action, a.Search):
        check_search(g, action, named=())
    elif isinstance(action, a.Arrest):
        if action.circle is None and not g.options.area_arrest:
            _refuse(action, "area arrests are an optional rule that is off (O4)")
        circles = _arrested(g, action)
        if not circles or not set(circles) <= set(targets(g, colour)):
            _refuse(action, _target_reason(g, colour, circles))
    elif isinstance(action, a.Chase):
        if not g.options.chase:
            _refuse(action, "the chase is an optional rule that is off (O3)")
        if action.crossing not in g.board.police_adjacent(g.police[colour]):
            _refuse(action, "a chase goes to a police-adjacent crossing (O3)")
        if action.crossing in g.police.values():
            _refuse(action, "another policeman stands there")


def apply_clues(g: LfwState, action: a.Action) -> None:
    if isinstance(action, a.KnowWhereYouLive):
        g.know_used = True  # O6
        found = action.circle == g.hideout
        g.events.append(("know", g.night, action.circle, found))
        if found:
            g.end(POLICE, FOUND_HIDEOUT)
        return
    colour = g.pending[0]
    if isinstance(action, a.Search):
        return search(g, action, named=())
    if isinstance(action, a.Arrest):
        circles = _arrested(g, action)
        # The last field: how many spaces of tonight's row were written then.
        if g.jack in circles:
            g.events.append(("arrest", g.night, colour, circles, True, len(g.row)))
            return g.end(POLICE, ARRESTED)
        g.arrests.append((g.night, colour, circles))
        g.events.append(("arrest", g.night, colour, circles, False, len(g.row)))
    elif isinstance(action, a.Chase):
        g.police[colour] = action.crossing
        g.events.append(("chase", g.night, colour, action.crossing))
    else:
        g.events.append(("pass", g.night, colour))
    g.pending.pop(0)  # this policeman is done


def next_clues(g: LfwState, action: a.Action) -> Phase:
    """T3: a search goes on, or the next policeman acts, or Jack moves again."""
    if g.search:
        return Phase.SEARCHING
    return Phase.CLUES if g.pending else Phase.ESCAPE


def _target_reason(g: LfwState, colour: str, circles) -> str:
    bad = [c for c in circles if c in g.false_clues]
    if bad:
        return f"a false clue lies on {bad[0]}: no search or arrest may target it (O2)"
    return f"the {colour} policeman can only name circles directly adjacent to his crossing (T3)"


def check_search(g: LfwState, action: a.Search, named: tuple[int, ...]) -> None:
    if action.circle not in targets(g, action.colour) or action.circle in named:
        _refuse(action, _target_reason(g, action.colour, (action.circle,)))


def search(g: LfwState, action: a.Search, named: tuple[int, ...]) -> None:
    colour = action.colour
    named = (*named, action.circle)
    if action.circle in g.path_circles():  # written in tonight's row, crime scenes included
        if action.circle not in g.clues:
            g.clues.append(action.circle)
            g.clues_tonight += 1
            if g.options.false_clues and g.clues_tonight % CLUES_PER_FALSE_CLUE == 0:
                g.false_clue_tokens += 1
        g.events.append(("search", g.night, colour, action.circle, True, len(g.row)))
        g.search = None
        g.pending.pop(0)
        return
    if action.circle not in g.searched:
        g.searched.append(action.circle)
    g.events.append(("search", g.night, colour, action.circle, False, len(g.row)))
    rest = [c for c in targets(g, colour) if c not in named]
    if rest:  # he names another, until a clue is found or all are named
        g.search = (colour, named)
    else:
        g.search = None
        g.pending.pop(0)


def _search(g: LfwState) -> tuple[str, tuple[int, ...]]:
    assert g.search is not None, "T3 enters SEARCHING only while a search is under way"
    return g.search


def legal_searching(g: LfwState) -> list[a.Action]:
    colour, named = _search(g)
    return [a.Search(colour, c) for c in targets(g, colour) if c not in named]


def check_searching(g: LfwState, action: a.Search) -> None:
    colour, named = _search(g)
    if action.colour != colour:
        _refuse(action, f"the {colour} policeman is still searching (T3)")
    check_search(g, action, named)


def apply_searching(g: LfwState, action: a.Search) -> None:
    search(g, action, _search(g)[1])
