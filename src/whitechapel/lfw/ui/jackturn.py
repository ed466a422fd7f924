"""Jack's own sheet, with the tension of his turn: his hideout and how far
it is, where he stands and how many spaces of the move track are left, his
path tonight, and on his turn (T1) the moves he may make, each with what it
costs on the move track, and where each takes him on the map.

Everything here reads Jack's view only (its `jack` part and, on his turn,
its legal actions) and the board: the police view has neither, so nothing
here can reach the police (§9).  Pure Python: no Textual, no rich.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from whitechapel.lfw.actions import Alley, Coach, Step
from whitechapel.lfw.legal import legal
from whitechapel.lfw.paths import homeward_reach
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import ALLEY, COACH, COLOURS, MOVES, STEP, TRACK, space_name
from whitechapel.lfw.ui import exposure, sentences
from whitechapel.lfw.view_parts import JackSheet
from whitechapel.lfw.views import LfwView

KINDS = MOVES
KIND_NAMES = {STEP: "walk", COACH: "coach", ALLEY: "alley"}
HOW_MARK = {"crime": "✝", STEP: "", COACH: "c", ALLEY: "a"}
REACH = {STEP: "reach-step", COACH: "reach-coach", ALLEY: "reach-alley"}  # map tags


def next_space(view: LfwView) -> int:
    """The index of the move track's next free space tonight."""
    used = [t.index for t in view.track]
    return max(used) + 1 if used else TRACK


def spaces_left(view: LfwView) -> int:
    return view.spaces_left


def moves_home(board: Any, here: int, hideout: int, alleys: int) -> int | None:
    """The fewest moves (spaces of the track) from `here` until Jack can
    announce his hideout: the last a walk (T1: an alley or a coach landing
    on it never ends the night), up to `alleys` alleys on the way,
    policemen ignored (they move every turn); None if it cannot be reached.
    On the hideout itself, the way out and back (`paths.homeward_reach`)."""
    return homeward_reach(board, (hideout,), alleys).get(here)


def guards_of(view: LfwView, board: Any, hideout: int) -> str:
    """Who stands on the crossings beside Jack's hideout ("Red and Green on
    the crossings beside it"), "" when nobody does (tester X, round 12: two
    policemen held both ways into his hideout all night, and nothing on his
    screen said so; whether every way home is barred is `moves_home_now`'s)."""
    beside = {x for x in board.crossings if hideout in board.direct_circles(x)}
    held = [colour for colour, x in view.police.items() if x in beside]
    if not held:
        return ""
    names = sentences.and_list(sentences.name(c) for c in held)
    return f"[b]{names} on the crossing{'s' if len(held) > 1 else ''} beside it[/b]"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five")


def ways_in(board: Any, circle: int) -> tuple[int, int]:
    """The ways into `circle`: the crossings beside it (a policeman on one
    bars every walk through it, T1) and the bare streets from another
    circle, with no crossing on them (no policeman can bar those)."""
    near = board.graph[circle]
    return sum(isinstance(n, str) for n in near), sum(isinstance(n, int) for n in near)


def ways_in_text(board: Any, circle: int) -> str:
    """S1, choosing the hideout: "43: 2 ways in — two policemen can bar
    it" (tester K2, round 19: from night 3 two policemen held both ways
    into his hideout, and the chooser had never said it had only two)."""
    crossings, bare = ways_in(board, circle)
    total = crossings + bare
    said = f"{circle}: {total} way{'s' if total != 1 else ''} in"
    if bare:  # not barred, yet watched: a policeman beside it can arrest there (tester U2)
        said = (
            f"{said} ({bare} with no crossing) — no policeman can bar that one, "
            "but one beside the circle it comes from can arrest there"
        )
        red = sorted(n for n in board.graph[circle] if isinstance(n, int) and n in board.red)
        if red:  # tester H4, round 44: a night won in one move, unsaid at the choice
            which = (
                f"red circle {red[0]}"
                if len(red) == 1
                else "red circles " + " and ".join(map(str, red))
            )
            said += f"; a kill on {which} walks home in one move, whatever the police know"
        return said
    if crossings > len(COLOURS):
        return f"{said} — more than the five policemen can bar"
    man = "policeman" if crossings == 1 else "policemen"
    return f"{said} — {NUMBER_WORDS[crossings]} {man} can bar it"


HARD_TO_BAR = 4  # ways in: from this many the chooser no longer lists the circles


def hideout_rows(board: Any, circles: Iterable[int]) -> list[tuple[str, list[int]]]:
    """S1: the circles offered for the hideout by their ways in, the
    fewest first ("2 ways in", [4, 5, 43 …]), those where every way in is
    a crossing and they are fewer than `HARD_TO_BAR`, the head saying so
    (tester D4, round 42, looked for 111 among "3 ways in", one of its
    three a street with no crossing); then how many others there are,
    without their numbers (the list stays short enough to read), counted
    by their ways in: those with fewer than `HARD_TO_BAR`, one a street with
    no crossing, are not strong hideouts (tester J4, round 45: 88, two ways
    in and one a bare street from red circle 84, hid among "the other 76:
    4 ways in or more, or fewer with one a street with no crossing", and he
    took it for one with more)."""
    rows: dict[int, list[int]] = {}
    bare_by_ways: dict[int, int] = {}
    more = 0
    for c in circles:
        crossings, bare = ways_in(board, c)
        total = crossings + bare
        if total >= HARD_TO_BAR:
            more += 1
        elif bare:
            bare_by_ways[total] = bare_by_ways.get(total, 0) + 1
        else:
            rows.setdefault(crossings, []).append(c)
    out = [
        (f"{n} way{'s' if n != 1 else ''} in, {'each ' if n != 1 else ''}a crossing", sorted(found))
        for n, found in sorted(rows.items())
    ]
    others = more + sum(bare_by_ways.values())
    if others:
        parts = []
        if bare_by_ways:  # "29 with 2 ways in, 30 with 3, one a street with no crossing"
            counts = [f"{k} with {n}" for n, k in sorted(bare_by_ways.items())]
            first = counts[0] + (" way" if counts[0].endswith(" 1") else " ways in")
            parts.append(", ".join([first, *counts[1:]]) + ", one a street with no crossing")
        if more:
            parts.append(
                f"{more} with {HARD_TO_BAR} or more"
                if parts
                else f"{more} with {HARD_TO_BAR} ways in or more"
            )
        out.append((f"the other {others}: {'; '.join(parts)}", []))
    return out


def moves_home_now(
    board: Any, here: int, hideout: int, alleys: int, coaches: int, police: Iterable[str]
) -> int | None:
    """The fewest moves (spaces) home from `here` with the policemen
    standing where they are now (a walk never through their crossings; a
    coach's two spaces and an alley pass them), the last a walk onto the
    hideout; None if every way is barred while they stand.  Tester X,
    round 12: "Your hideout: 60 · 1 move away" when the one step home went
    through Blue's crossing, and "(then 1 move)" all night while both ways
    in were held.  Kept for the position (a key redraws the sheet)."""
    return _home_now(board, here, hideout, alleys, coaches, frozenset(police))


def home_now(view: LfwView, board: Any, here: int, coaches: int | None = None) -> int | None:
    """`moves_home_now` from Jack's own view: his hideout, the alleys and
    coaches he has left (`coaches`: so many instead, as after a coach
    taken), the policemen where they stand."""
    hideout = view.jack.hideout if view.jack is not None else None
    if hideout is None:
        return None
    police = [x for x in view.police.values() if x]
    left = view.coaches_left if coaches is None else coaches
    return moves_home_now(board, here, hideout, view.alleys_left, left, police)


@lru_cache(maxsize=256)
def _home_now(
    board: Any, here: int, hideout: int, alleys: int, coaches: int, police: frozenset[str]
) -> int | None:
    route = _home_route(board, here, hideout, alleys, coaches, police)
    return None if route is None else sum(SPACES[kind] for kind in route)


SPACES = {"walk": 1, "alley": 1, "coach": 2}


def _home_route(
    board: Any, here: int, hideout: int, alleys: int, coaches: int, police: frozenset[str]
) -> tuple[str, ...] | None:
    """The kinds of move of a shortest way home with the policemen where
    they stand (`moves_home_now`), in order; None if none."""
    way = _home_way(board, here, hideout, alleys, coaches, police)
    return None if way is None else tuple(kind for kind, _ in way)


@lru_cache(maxsize=256)
def _home_way(
    board: Any, here: int, hideout: int, alleys: int, coaches: int, police: frozenset[str]
) -> tuple[tuple[str, int], ...] | None:
    """A shortest way home with the policemen where they stand, each move's
    kind and the circle it ends on, in order; None if none.  Of equally
    short ways, one through circles beside no policeman first where the
    search finds one (tester M4, LfW round 47: "2 spaces home: alley (to
    16) + walk" led beside Green, who arrested him on 16)."""
    mask = board.police_mask(police)
    watched = {c for x in police for c in board.direct_circles(x)}
    # states by the spaces used to reach them: a coach lands two spaces on
    levels: dict[int, list[tuple[int, int, int]]] = {0: [(here, alleys, coaches)]}
    came: dict[tuple[int, int, int], tuple[tuple[int, int, int], str] | None] = {
        (here, alleys, coaches): None
    }
    for spaces in range(TRACK):
        for state in sorted(levels.pop(spaces, []), key=lambda st: st[0] in watched):
            c, a, k = state
            walks = board.jack_moves(c, mask)
            if hideout in walks:
                moves = [("walk", hideout)]
                to, at = state, came[state]
                while at is not None:
                    moves.append((at[1], to[0]))
                    to, at = at[0], came[at[0]]
                return tuple(reversed(moves))
            nexts = [(spaces + 1, (w, a, k), "walk") for w in walks]
            if a:
                nexts += [(spaces + 1, (d, a - 1, k), "alley") for d in board.alley_destinations(c)]
            if k:
                nexts += [(spaces + 2, (d, a, k - 1), "coach") for d in board.coach_destinations(c)]
            for spent, nxt, kind in sorted(nexts, key=lambda n: n[1][0] in watched):
                if nxt not in came and nxt[0] != hideout:
                    came[nxt] = (state, kind)
                    levels.setdefault(spent, []).append(nxt)
    return None


def route_words(way: tuple[tuple[str, int], ...]) -> str:
    """A way home's kinds of move, in order, the first with the circle it
    ends on: "alley (to 87) + walk" (tester A3, round 28: on 99, "alley+walk",
    he took the alley to 59 where the way was by 87); spaced, so that a
    narrow panel wraps it between moves (tester D4, round 42, read "wa /
    lk")."""
    kinds = [kind for kind, _ in way]
    if kinds:
        kinds[0] = f"{kinds[0]} (to {way[0][1]})"
    return " + ".join(kinds)


def home_route(view: LfwView, board: Any, here: int) -> tuple[str, ...] | None:
    """`home_now`'s way home, its kinds of move in order (None: none)."""
    way = home_way(view, board, here)
    return None if way is None else tuple(kind for kind, _ in way)


def home_way(view: LfwView, board: Any, here: int) -> tuple[tuple[str, int], ...] | None:
    """`home_now`'s way home, each move's kind and circle (None: none)."""
    hideout = view.jack.hideout if view.jack is not None else None
    if hideout is None:
        return None
    police = frozenset(x for x in view.police.values() if x)
    return _home_way(board, here, hideout, view.alleys_left, view.coaches_left, police)


def path_tonight(jack: JackSheet, night: int) -> str:
    """Tonight's row as "space:circle", with ✝ the crime, c coach, a alley."""
    rows = jack.path
    if not rows or len(rows) != night or not rows[-1]:
        return ""
    return " ".join(f"{e.space}:{e.circle}{HOW_MARK.get(e.how, '')}" for e in rows[-1])


def move_options(view: LfwView) -> dict[str, set[int]]:
    """On Jack's turn (T1): each kind of move offered, in the order of the
    choices (their digit keys), with the circles it can end on."""
    out: dict[str, set[int]] = {}
    if view.phase.key != Phase.ESCAPE:
        return out
    for action in legal(view):
        if isinstance(action, Step):
            out.setdefault(STEP, set()).add(action.circle)
        elif isinstance(action, Coach):
            out.setdefault(COACH, set()).add(action.second)
        elif isinstance(action, Alley):
            out.setdefault(ALLEY, set()).add(action.circle)
    return out


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def home_note(kind: str, reaches: bool) -> str:
    """What a kind of move onto the hideout does (T1): a walk may announce
    it (the night ends) or pass through it (the night goes on); a coach or
    an alley landing on it never ends the night."""
    if not reaches:
        return ""
    if kind == STEP:
        return " · [b]hideout:[/b] announce it (the night ends) or pass through (T1)"
    return f" · hideout: {_a(KIND_NAMES[kind])} never ends the night (T1)"


# T1: each kind of move's key, the same whatever else is offered (tester W,
# round 12: "1 coach, 2 alley" when Jack could not step; C2, round 15: the
# sheet still numbered them so)
KIND_KEYS = {STEP: "1", COACH: "2", ALLEY: "3"}


def move_lines(view: LfwView, hideout: int | None = None, board: Any = None) -> list[str]:
    """Jack's moves on his turn, numbered as the choices are: the space (or
    the two) of the move track each writes, said as a space ("walk: space
    3", never "→ 3", which reads as three places), and the token it spends
    (the tokens of its kind left); a kind not offered says why.  With the
    `board`, a kind that would leave the police few circles says so
    (`exposure_note`; tester Z, round 13)."""
    options = move_options(view)
    if not options:
        return []
    n = next_space(view)
    lines = ["[b]Your move[/b] (T1), on the track:"]
    for kind, ends in options.items():
        k = KIND_KEYS[kind]  # the key that picks it, whatever else is offered
        if kind == COACH:
            # "(3 left)": "1 token of 3" wrapped in the side column even at
            # 160×50 (tester S, round 10: a lone "3" on the next line)
            cost = f"spaces {space_name(n)}–{space_name(n + 1)} ({view.coaches_left} left)"
        elif kind == ALLEY:
            cost = f"space {space_name(n)} ({view.alleys_left} left)"
        else:
            cost = f"space {space_name(n)}"
        warn = exposure_note(view, board, kind) if board is not None else ""
        lines.append(f" {k} {KIND_NAMES[kind]}: {cost}{home_note(kind, hideout in ends)}{warn}")
    for kind in KINDS:
        if kind in options:
            continue
        if kind == COACH:
            why = (
                "no token left"
                if not view.coaches_left
                else ("needs two free spaces" if TRACK - n < 2 else "no route")
            )
        elif kind == ALLEY:
            why = "no token left" if not view.alleys_left else "none from here"
        else:
            why = "blocked by the police"
        lines.append(f" [dim]no {KIND_NAMES[kind]}: {why}[/dim]")
    return lines


def exposure_note(view: LfwView, board: Any, kind: str) -> str:
    """A kind of move's warning on Jack's sheet, where it would leave the
    police few circles (`exposure.WARN_AT`): " · the police would know:
    3", " · the police: 2 circles"; "" otherwise."""
    found = exposure.exposures(view, board).get(kind)
    if found is None or not found.warned:
        return ""
    if found.count == 1:
        return f" · [b red]the police would know: {found.circles[0]}[/b red]"
    return f" · [b red]the police: {found.count} circles[/b red]"


def home_line(view: LfwView, board: Any, hideout: int, here: int | None, aids: bool = True) -> str:
    """The sheet's hideout line: who guards it, and (`here`: Jack out
    tonight) how far home, around the policemen where they stand; without
    `aids` (the notebook off, as the box) the hideout alone."""
    home = f"Your hideout: [b]{hideout}[/b]"
    if not aids:
        return home
    guards = guards_of(view, board, hideout)
    if guards:
        home += f" · {guards}"
    if here is None:
        return home
    need = moves_home(board, here, hideout, view.alleys_left)
    if need is None:
        return home + " · out of reach"
    if here == hideout:  # passed through without announcing: out and back
        return home + f" · on it, not announced: {need} moves out and back to announce it (T1)"
    # the count around the policemen where they stand, as the keys line's
    # "nearest home" counts (tester Z, round 13: the sheet's 2 and the
    # prompt's 3 disagreed; 3 was right)
    now = home_now(view, board, here)
    if now is None:
        # (tester M4, round 47, could not read "(2 with none in the way)")
        home += f" · every way barred by the police now ({moves_words(need)} if none stood there)"
    else:
        way = home_way(view, board, here) or ()
        if {kind for kind, _ in way} - {"walk"}:
            # a token's spaces counted (tester C2, round 15: "3 moves away",
            # yet every step offered said "then 3")
            home += f" · {now} spaces home: {route_words(way)}"
        else:
            home += f" · {now} move{'s' if now != 1 else ''} away"
        if now > need:
            # what the policemen's crossings cost him (tester K4, LfW round 46:
            # "(1 if the police move)": "I could not work out what this means")
            home += f" ({moves_words(need)} if no policeman stood in the way)"
    if (now or need) > spaces_left(view):
        home += " [b red](too far!)[/b red]"
    return home


def moves_words(n: int) -> str:
    return f"{n} move{'s' if n != 1 else ''}"


def jack_text(view: LfwView, board: Any, aids: bool = True) -> str:
    """Jack's secret sheet, on his own screens only; without `aids` (the
    notebook set off, as the box: testers P2, U2 and V2 found Jack's help
    always on) no counts home, no guards, no warnings: his sheet as on
    paper."""
    jack = view.jack
    assert jack is not None  # Jack's own view
    lines = ["[b red]Secret — Jack only[/b red]"]
    hideout, here = jack.hideout, jack.position
    tonight = bool(jack.path) and len(jack.path) == view.night
    if hideout is not None:
        lines.append(home_line(view, board, hideout, here if tonight else None, aids))
    if here is not None and tonight:
        left = spaces_left(view)
        lines.append(f"On circle [b]{here}[/b] · {left} space{'s' if left != 1 else ''} left")
    if jack.marked_women:
        lines.append("Marked women: " + " ".join(map(str, jack.marked_women)))
    path = path_tonight(jack, view.night)
    if path:
        lines.append(f"Tonight: {path}")
    for night, row in enumerate(jack.path[: view.night - 1], start=1):
        if row:
            walked = " ".join(f"{e.circle}{HOW_MARK.get(e.how, '')}" for e in row)
            lines.append(f"Night {night}: {walked}")
    moves = move_lines(view, hideout if aids else None, board if aids else None)
    if moves:
        lines += ["", *moves]
    return "\n".join(lines)


def reach_marks(view: LfwView) -> dict[int, str]:
    """On Jack's turn, before he picks the kind of move: where each kind can
    take him (a walk wins over an alley, an alley over a coach)."""
    marks: dict[int, str] = {}
    options = move_options(view)
    for kind in (COACH, ALLEY, STEP):
        for c in options.get(kind, ()):
            marks[c] = REACH[kind]
    return marks
