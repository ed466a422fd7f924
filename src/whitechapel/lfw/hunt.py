"""The second part of each night, the Hunt (T1–T3), with the optional rules
that belong to it (O1 graffito, O2 false clues, O3 chase, O4 area arrest,
O6 "I know where you live")."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from whitechapel.core.errors import IllegalAction
from whitechapel.lfw import actions as a
from whitechapel.lfw.hell import letters_open, start_night
from whitechapel.lfw.phases import JACK, LAST_SPACE, NIGHTS, POLICE

if TYPE_CHECKING:
    from whitechapel.lfw.game import LfwGame

ARRESTED = "Jack is arrested"
TRAPPED = "Jack cannot move"
OUT_OF_MOVES = "Jack did not reach his hideout by the end of the move track"
SURVIVED = "Jack reached his hideout after the fourth night"
FOUND_HIDEOUT = "the police named Jack's hideout"
GRAFFITO_COLOURS = ("red", "green", "blue")
CLUES_PER_FALSE_CLUE = 5


def _refuse(action: a.Action, why: str) -> None:
    raise IllegalAction(f"{action}: {why}")


# -- T1 -------------------------------------------------------------------------------


def legal_escape(g: LfwGame) -> list[a.Action]:
    board, here, space = g.board, g.jack, g.next_space()
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


def enter_escape(g: LfwGame) -> None:
    g.phase = "escape"
    if not legal_escape(g):
        g.end(POLICE, TRAPPED)


def apply_escape(g: LfwGame, action: a.Step | a.Coach | a.Alley) -> None:
    board, here, space = g.board, g.jack, g.next_space()
    if isinstance(action, a.Step):
        if action.circle not in board.jack_adjacent(here):
            _refuse(action, f"{action.circle} is not Jack-adjacent to his circle (T1)")
        if action.circle not in board.jack_moves(here, g.police_mask()):
            _refuse(action, "every street there passes a crossing held by a policeman (T1)")
        if action.home and action.circle != g.hideout:
            _refuse(action, "only the hideout can be announced (T1)")
        g.rows[-1].append((space, action.circle, "step"))
        g.events.append(("move", g.night, "step", space))
        if action.home:
            return night_over(g)
    elif isinstance(action, a.Coach):
        if not g.coaches:
            _refuse(action, "no coach token left tonight (T1)")
        if space + 1 > LAST_SPACE:
            _refuse(action, "a coach needs two free spaces on the move track (T1)")
        if (action.first, action.second) not in board.coach_routes(here):
            _refuse(action, "a coach makes two Jack-adjacent steps to two new circles (T1)")
        g.coaches -= 1
        g.rows[-1] += [(space, action.first, "coach"), (space + 1, action.second, "coach")]
        g.events.append(("move", g.night, "coach", space))
    else:
        if not g.alleys:
            _refuse(action, "no alley token left tonight (T1)")
        if action.circle not in board.alley_destinations(here):
            _refuse(action, "an alley crosses one block to another circle on its edge (T1)")
        g.alleys -= 1
        g.rows[-1].append((space, action.circle, "alley"))
        g.events.append(("move", g.night, "alley", space))
    if g.next_space() > LAST_SPACE:  # numbered space 15 is written and he is not home
        return g.end(POLICE, OUT_OF_MOVES)
    if letters_open(g) and g.board.goulston and "goulston" not in {n for _, n in g.letters}:
        g.phase = "graffito"
    else:
        start_police_moves(g)


def night_over(g: LfwGame) -> None:
    g.events.append(("home", g.night))
    if g.night == NIGHTS:
        return g.end(JACK, SURVIVED)
    start_night(g)


# -- O1: the Goulston Street graffito ------------------------------------------------------


def legal_graffito(g: LfwGame) -> list[a.Action]:
    return [*(a.Letter("goulston", (c,)) for c in GRAFFITO_COLOURS), a.NoLetter()]


def apply_graffito(g: LfwGame, action: a.Letter | a.NoLetter) -> None:
    if isinstance(action, a.NoLetter):
        return start_police_moves(g)
    if action.name != "goulston" or len(action.args) != 1 or action.args[0] not in GRAFFITO_COLOURS:
        _refuse(action, "in the Hunt Jack may write the graffito, naming red, green or blue (O1)")
    g.letters.append((g.night, "goulston"))
    g.graffito = action.args[0]
    g.events.append(("letter", g.night, "goulston", action.args))
    g.phase = "graffito_chief"


def legal_graffito_chief(g: LfwGame) -> list[a.Action]:
    return [a.Graffito(c) for c in (g.graffito, "brown") if _goulston_free_for(g, c)] or [
        a.Graffito(g.graffito)
    ]


def _goulston_free_for(g: LfwGame, colour: str) -> bool:
    holder = [c for c, x in g.police.items() if x == g.board.goulston]
    return not holder or holder == [colour]


def apply_graffito_chief(g: LfwGame, action: a.Graffito) -> None:
    if action.colour not in (g.graffito, "brown"):
        _refuse(action, f"the Chief moves the {g.graffito} or the brown policeman (O1)")
    if action not in legal_graffito_chief(g):
        _refuse(action, "another policeman holds Goulston Street")
    if _goulston_free_for(g, action.colour):
        g.police[action.colour] = g.board.goulston
    g.events.append(("graffito", g.night, action.colour))
    start_police_moves(g)


# -- T2 -------------------------------------------------------------------------------


def start_police_moves(g: LfwGame) -> None:
    g.pending = g.police_order()
    g.phase = "hunt"


def reach_two(g: LfwGame, start: str) -> tuple[str, ...]:
    return g.board.police_within_two(start)


def legal_hunt(g: LfwGame) -> list[a.Action]:
    colour = g.pending[0]
    taken = {x for c, x in g.police.items() if c != colour}
    return [a.PoliceMove(colour, None)] + [
        a.PoliceMove(colour, x) for x in reach_two(g, g.police[colour]) if x not in taken
    ]


def apply_hunt(g: LfwGame, action: a.PoliceMove) -> None:
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
        g.police[colour] = action.crossing
    g.events.append(("police_move", g.night, colour, action.crossing))
    g.pending.pop(0)
    if not g.pending:
        g.pending = g.police_order()
        g.phase = "false_clue" if g.options.false_clues and g.false_clue_tokens else "clues"


# -- T3 -------------------------------------------------------------------------------


def legal_false_clue(g: LfwGame) -> list[a.Action]:
    return [a.FalseClue(None)] + [a.FalseClue(c) for c in g.board.circles if c not in g.false_clues]


def apply_false_clue(g: LfwGame, action: a.FalseClue) -> None:
    if action.circle is not None:
        if action.circle not in g.board.circles or action.circle in g.false_clues:
            _refuse(action, "a false clue goes on a circle without one (O2)")
        g.false_clue_tokens -= 1
        g.false_clues.append(action.circle)
        g.events.append(("false_clue", g.night, action.circle))
    g.phase = "clues"


def targets(g: LfwGame, colour: str) -> list[int]:
    """The circles a policeman may search or arrest on: directly adjacent to
    his crossing, without a false clue (O2)."""
    return [c for c in g.board.direct_circles(g.police[colour]) if c not in g.false_clues]


def can_name_hideout(g: LfwGame) -> bool:
    return g.options.know_where_you_live and not g.know_used and g.chief in ("brown", "red")


def legal_clues(g: LfwGame) -> list[a.Action]:
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


def apply_clues(g: LfwGame, action: a.Action) -> None:
    if isinstance(action, a.KnowWhereYouLive):
        return know_where_you_live(g, action)
    colour = g.pending[0]
    if getattr(action, "colour", colour) != colour:
        _refuse(action, f"the {colour} policeman acts now (T3: the Chief first, then clockwise)")
    if isinstance(action, a.Search):
        return search(g, action, named=())
    if isinstance(action, a.Arrest):
        near = targets(g, colour)
        if action.circle is None:
            if not g.options.area_arrest:
                _refuse(action, "area arrests are an optional rule that is off (O4)")
            circles = tuple(near)
        else:
            circles = (action.circle,)
        if not circles or not set(circles) <= set(near):
            _refuse(action, _target_reason(g, colour, circles))
        if g.jack in circles:
            g.events.append(("arrest", g.night, colour, circles, True))
            return g.end(POLICE, ARRESTED)
        g.arrests.append((g.night, colour, circles))
        g.events.append(("arrest", g.night, colour, circles, False))
    elif isinstance(action, a.Chase):
        if not g.options.chase:
            _refuse(action, "the chase is an optional rule that is off (O3)")
        if action.crossing not in g.board.police_adjacent(g.police[colour]):
            _refuse(action, "a chase goes to a police-adjacent crossing (O3)")
        if action.crossing in g.police.values():
            _refuse(action, "another policeman stands there")
        g.police[colour] = action.crossing
        g.events.append(("chase", g.night, colour, action.crossing))
    else:
        g.events.append(("pass", g.night, colour))
    policeman_done(g)


def _target_reason(g: LfwGame, colour: str, circles) -> str:
    bad = [c for c in circles if c in g.false_clues]
    if bad:
        return f"a false clue lies on {bad[0]}: no search or arrest may target it (O2)"
    return f"the {colour} policeman can only name circles directly adjacent to his crossing (T3)"


def search(g: LfwGame, action: a.Search, named: tuple[int, ...]) -> None:
    colour = action.colour
    if action.circle not in targets(g, colour) or action.circle in named:
        _refuse(action, _target_reason(g, colour, (action.circle,)))
    named = (*named, action.circle)
    if action.circle in g.path_circles():  # written in tonight's row, crime scenes included
        if action.circle not in g.clues:
            g.clues.append(action.circle)
            g.clues_tonight += 1
            if g.options.false_clues and g.clues_tonight % CLUES_PER_FALSE_CLUE == 0:
                g.false_clue_tokens += 1
        g.events.append(("search", g.night, colour, action.circle, True))
        g.search = None
        return policeman_done(g)
    if action.circle not in g.searched:
        g.searched.append(action.circle)
    g.events.append(("search", g.night, colour, action.circle, False))
    rest = [c for c in targets(g, colour) if c not in named]
    if rest:  # he names another, until a clue is found or all are named
        g.search = (colour, named)
        g.phase = "searching"
    else:
        g.search = None
        policeman_done(g)


def legal_searching(g: LfwGame) -> list[a.Action]:
    colour, named = g.search
    return [a.Search(colour, c) for c in targets(g, colour) if c not in named]


def apply_searching(g: LfwGame, action: a.Search) -> None:
    colour, named = g.search
    if action.colour != colour:
        _refuse(action, f"the {colour} policeman is still searching (T3)")
    g.phase = "clues"
    search(g, action, named)


def know_where_you_live(g: LfwGame, action: a.KnowWhereYouLive) -> None:
    if not can_name_hideout(g):
        _refuse(action, "only once a game, on a night whose Chief is brown or red (O6)")
    if action.circle not in g.board.circles:
        _refuse(action, f"there is no circle {action.circle}")
    g.know_used = True
    found = action.circle == g.hideout
    g.events.append(("know", g.night, action.circle, found))
    if found:
        g.end(POLICE, FOUND_HIDEOUT)


def policeman_done(g: LfwGame) -> None:
    g.phase = "clues"
    g.pending.pop(0)
    if not g.pending:
        enter_escape(g)


HANDLERS = {
    "escape": (legal_escape, apply_escape, None),
    "graffito": (legal_graffito, apply_graffito, None),
    "graffito_chief": (legal_graffito_chief, apply_graffito_chief, None),
    "hunt": (legal_hunt, apply_hunt, None),
    "false_clue": (legal_false_clue, apply_false_clue, None),
    "clues": (legal_clues, apply_clues, None),
    "searching": (legal_searching, apply_searching, None),
}
