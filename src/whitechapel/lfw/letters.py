"""O1, letters from Jack: the three letters of H3 (Dear Boss, From Hell,
Saucy Jacky and the Chief's move that follows it) and the Goulston Street
graffito of the Hunt (T1).  Same shape as `hell.py`: legal, check, apply, next.
"""

from __future__ import annotations

from itertools import combinations, permutations

from whitechapel.core.errors import IllegalAction
from whitechapel.lfw import actions as a
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import GRAFFITO_COLOURS, GRAFFITO_OTHER, LETTER_SECTORS
from whitechapel.lfw.state import LfwState


def _refuse(action: a.Action, why: str) -> None:
    raise IllegalAction(f"{action}: {why}")


def free_yellow(g: LfwState) -> list[str]:
    return [x for x in sorted(g.board.yellow, key=g.board._xorder) if x not in g.markers]


# -- H3 letters -----------------------------------------------------------------------


def letter_choices(g: LfwState) -> list[a.Action]:
    if not g.letters_open():
        return []
    used = {name for _, name in g.letters}
    face_down = [x for x, m in g.markers.items() if not m.revealed]
    out: list[a.Action] = []
    for name, sectors in LETTER_SECTORS.items():
        if name in used:
            continue
        inside = sorted((x for x in face_down if g.board.sector(x) in sectors), key=g.board._xorder)
        if name == "saucy-jacky":
            if len(free_yellow(g)) >= 2:
                out += [a.Letter(name, tuple(sorted(p))) for p in combinations(inside, 2)]
        else:
            out += [a.Letter(name, (x, y)) for x in inside for y in free_yellow(g)]
    return out


def legal_letter(g: LfwState) -> list[a.Action]:
    return [*letter_choices(g), a.NoLetter()]


def check_letter(g: LfwState, action: a.Letter | a.NoLetter) -> None:
    if isinstance(action, a.NoLetter):
        return
    if action.name == "goulston":
        _refuse(action, "the Goulston Street graffito is written in the Hunt, after Jack's move")
    if action.name not in LETTER_SECTORS or len(action.args) != 2:
        _refuse(
            action, f"the letters of H3 are {', '.join(LETTER_SECTORS)}, each naming two crossings"
        )
    if action not in letter_choices(g):
        used = {name for _, name in g.letters}
        if action.name in used:
            _refuse(action, "each letter may be sent once a game (O1)")
        sectors = " or ".join(LETTER_SECTORS[action.name])
        _refuse(
            action, f"needs face-down patrol markers in sector {sectors} and free yellow crossings"
        )


def apply_letter(g: LfwState, action: a.Letter | a.NoLetter) -> None:
    if isinstance(action, a.NoLetter):
        return
    g.letters.append((g.night, action.name))
    if action.name == "saucy-jacky":
        g.saucy = action.args
        g.events.append(("letter", g.night, action.name, action.args))
        return
    source, target = action.args
    g.markers[target] = g.markers.pop(source)  # moved unseen: it stays what it was
    g.events.append(("letter", g.night, action.name, (source, target)))


def next_letter(g: LfwState, action: a.Letter | a.NoLetter) -> Phase:
    """Saucy Jacky: the Chief moves the two markers Jack picked; else H4."""
    if isinstance(action, a.Letter) and action.name == "saucy-jacky":
        return Phase.SAUCY
    return Phase.TARGETS


def legal_saucy(g: LfwState) -> list[a.Action]:
    free = free_yellow(g)
    s1, s2 = g.saucy
    return [a.SaucyMove(tuple(sorted(((s1, t1), (s2, t2))))) for t1, t2 in permutations(free, 2)]


def check_saucy(g: LfwState, action: a.SaucyMove) -> None:
    if sorted(src for src, _ in action.moves) != sorted(g.saucy):
        _refuse(action, f"the Chief moves the two markers Jack picked: {' and '.join(g.saucy)}")
    targets = [t for _, t in action.moves]
    if len(set(targets)) != 2 or not set(targets) <= set(free_yellow(g)):
        _refuse(action, "each goes to a different free yellow crossing (O1 Saucy Jacky)")


def apply_saucy(g: LfwState, action: a.SaucyMove) -> None:
    moved = {src: g.markers.pop(src) for src, _ in action.moves}
    for src, t in action.moves:
        g.markers[t] = moved[src]
    g.events.append(("saucy", g.night, action.moves))


# -- T1: the Goulston Street graffito -------------------------------------------------


def graffito_open(g: LfwState) -> bool:
    """After Jack's move, on a board with Goulston Street, once a game."""
    return (
        g.letters_open() and bool(g.board.goulston) and "goulston" not in {n for _, n in g.letters}
    )


def legal_graffito(g: LfwState) -> list[a.Action]:
    return [*(a.Letter("goulston", (c,)) for c in GRAFFITO_COLOURS), a.NoLetter()]


def check_graffito(g: LfwState, action: a.Letter | a.NoLetter) -> None:
    if isinstance(action, a.NoLetter):
        return
    if action.name != "goulston" or len(action.args) != 1 or action.args[0] not in GRAFFITO_COLOURS:
        _refuse(action, "in the Hunt Jack may write the graffito, naming red, green or blue (O1)")


def apply_graffito(g: LfwState, action: a.Letter | a.NoLetter) -> None:
    if isinstance(action, a.NoLetter):
        return
    g.letters.append((g.night, "goulston"))
    g.graffito = action.args[0]
    g.events.append(("letter", g.night, "goulston", action.args))


def next_graffito(g: LfwState, action: a.Letter | a.NoLetter) -> Phase:
    return Phase.HUNT if isinstance(action, a.NoLetter) else Phase.GRAFFITO_CHIEF


def _goulston_free_for(g: LfwState, colour: str) -> bool:
    holder = [c for c, x in g.police.items() if x == g.board.goulston]
    return not holder or holder == [colour]


def legal_graffito_chief(g: LfwState) -> list[a.Action]:
    named = g.graffito
    assert named is not None  # the graffito (T1) names its colour before the Chief decides
    return [a.Graffito(c) for c in (named, GRAFFITO_OTHER) if _goulston_free_for(g, c)] or [
        a.Graffito(named)
    ]


def check_graffito_chief(g: LfwState, action: a.Graffito) -> None:
    if action.colour not in (g.graffito, GRAFFITO_OTHER):
        _refuse(action, f"the Chief moves the {g.graffito} or the brown policeman (O1)")
    if action not in legal_graffito_chief(g):
        _refuse(action, "another policeman holds Goulston Street")


def apply_graffito_chief(g: LfwState, action: a.Graffito) -> None:
    goulston = g.board.goulston
    assert goulston is not None  # the graffito is open only on a board with Goulston Street
    if _goulston_free_for(g, action.colour):
        g.police[action.colour] = goulston
    g.events.append(("graffito", g.night, action.colour))
