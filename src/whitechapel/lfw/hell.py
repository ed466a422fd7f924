"""Setup and the first part of each night, Hell (S1, H1–H9, N3, O1 letters in H3)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations
from typing import TYPE_CHECKING

from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction
from whitechapel.lfw import actions as a
from whitechapel.lfw.actions import COLOURS
from whitechapel.lfw.phases import (
    ALLEYS,
    COACHES,
    CRIME_START,
    DOUBLE_EVENT_NIGHT,
    MARKED,
    WOMEN,
)

if TYPE_CHECKING:
    from whitechapel.lfw.game import LfwGame


@dataclass
class Marker:
    """A patrol marker: its colour (None for a fake) and whether Jack turned it."""

    colour: str | None
    revealed: bool = False


H3_LETTERS = {
    "dear-boss": ("A/a", "C/b"),
    "from-hell": ("A/b", "C/a"),
    "saucy-jacky": ("B/a", "B/b"),
}


def _refuse(action: a.Action, why: str) -> None:
    raise IllegalAction(f"{action}: {why}")


# -- S1 -----------------------------------------------------------------------------


def hideouts(g: LfwGame) -> list[int]:
    """S1, and O5 when on: not red, nor Jack-adjacent to a red circle."""
    board = g.board
    out = [c for c in board.circles if c not in board.red]
    if g.options.catch_me:
        near_red = {n for r in board.red for n in board.jack_adjacent(r)}
        out = [c for c in out if c not in near_red]
    return out


def legal_hideout(g: LfwGame) -> list[a.Action]:
    return [a.Hideout(c) for c in hideouts(g)]


def apply_hideout(g: LfwGame, action: a.Hideout) -> None:
    if action.circle not in g.board.circles:
        _refuse(action, f"there is no circle {action.circle}")
    if action.circle in g.board.red:
        _refuse(action, "the hideout may not be a red circle (S1)")
    if action.circle not in hideouts(g):
        _refuse(
            action, "with 'catch me if you can' the hideout may not be next to a red circle (O5)"
        )
    g.hideout = action.circle
    g.events.append(("hideout",))
    start_night(g)


def start_night(g: LfwGame) -> None:
    """H1, and the end of the previous night: clues go, tokens are dealt."""
    g.night += 1
    n = g.night - 1
    g.coaches, g.alleys = COACHES[n], ALLEYS[n]
    g.clues, g.searched, g.false_clues = [], [], []
    g.false_clue_tokens = 0  # unused ones are lost at the end of the night (O2)
    g.clues_tonight = 0
    g.women, g.wretched, g.to_move, g.markers = {}, [], [], {}
    g.crime_space = None
    g.police_on_board = False
    g.rows.append([])
    g.chief = None  # turned in H3
    g.events.append(("night", g.night, None))
    g.phase = "women"


# -- H2 -----------------------------------------------------------------------------


def free_red(g: LfwGame) -> list[int]:
    scenes = {c for _, c in g.crime_scenes}
    return sorted(c for c in g.board.red if c not in scenes)


def legal_women(g: LfwGame) -> list[a.Action]:
    n = g.night - 1
    out = []
    for places in combinations(free_red(g), WOMEN[n]):
        for marked in combinations(places, MARKED[n]):
            rest = tuple(c for c in places if c not in marked)
            out.append(a.Women(marked, rest))
    return out


def sample_women(g: LfwGame, chance: Chance) -> a.Action:
    n = g.night - 1
    places = chance.shuffled(free_red(g))[: WOMEN[n]]
    return a.Women(tuple(sorted(places[: MARKED[n]])), tuple(sorted(places[MARKED[n] :])))


def apply_women(g: LfwGame, action: a.Women) -> None:
    n = g.night - 1
    places = (*action.marked, *action.unmarked)
    if len(action.marked) != MARKED[n] or len(action.unmarked) != WOMEN[n] - MARKED[n]:
        _refuse(
            action, f"night {g.night} has {WOMEN[n]} women tokens, {MARKED[n]} of them marked (H2)"
        )
    if len(set(places)) != len(places):
        _refuse(action, "one token per circle")
    bad = [c for c in places if c not in free_red(g)]
    if bad:
        why = "holds a crime scene" if bad[0] in g.board.red else "is not a red circle"
        _refuse(action, f"circle {bad[0]} {why} (H2)")
    g.women = {c: c in action.marked for c in places}
    g.events.append(("women", g.night, tuple(sorted(places))))
    g.chief = g.setup.chiefs[n]  # H3: the next Chief token is turned, for all to see
    g.events.append(("chief", g.night, g.chief))
    g.phase = "patrols"


# -- H3 -----------------------------------------------------------------------------


def patrol_spots(g: LfwGame) -> tuple[list[str], list[str]]:
    """H3: the crossings that must hold a marker, and those two more may use."""
    yellow = sorted(g.board.yellow, key=g.board._xorder)
    if g.night == 1:
        return [], yellow
    ended = list(g.police.values())
    return ended, [x for x in yellow if x not in ended]


def legal_patrols(g: LfwGame) -> list[a.Action]:
    must, may = patrol_spots(g)
    out = []
    for extra in combinations(may, 7 - len(must)):
        spots = [*must, *extra]
        for real in permutations(spots, len(COLOURS)):
            fakes = tuple(sorted(x for x in spots if x not in real))
            out.append(a.Patrols(real, fakes))
    return out


def sample_patrols(g: LfwGame, chance: Chance) -> a.Action:
    must, may = patrol_spots(g)
    spots = [*must, *chance.shuffled(may)[: 7 - len(must)]]
    chance.shuffle(spots)
    return a.Patrols(tuple(spots[:5]), tuple(sorted(spots[5:])))


def apply_patrols(g: LfwGame, action: a.Patrols) -> None:
    spots = [*action.real, *action.fakes]
    must, may = patrol_spots(g)
    if len(action.fakes) != 2 or len(set(spots)) != 7:
        _refuse(action, "seven markers on seven crossings: five real, two fakes (H3)")
    unknown = [x for x in spots if not g.board.is_crossing(x)]
    if unknown:
        _refuse(action, f"there is no crossing {unknown[0]!r}")
    if g.night == 1 and not set(spots) <= set(may):
        _refuse(action, "on night 1 every marker goes on a yellow crossing (H3)")
    if g.night > 1:
        if not set(must) <= set(spots):
            _refuse(action, "five markers go where the policemen ended last night (H3)")
        extra = [x for x in spots if x not in must]
        if not set(extra) <= set(may):
            _refuse(action, "the other two go on yellow crossings no policeman held (H3)")
    g.markers = {}
    for colour, x in zip(COLOURS, action.real, strict=True):
        g.markers[x] = Marker(colour)
    for x in action.fakes:
        g.markers[x] = Marker(None)
    g.events.append(("patrols", g.night, tuple(sorted(spots, key=g.board._xorder))))
    if letter_choices(g):
        g.phase = "letter"
    else:
        reveal_women(g)


# -- O1 letters in H3 -------------------------------------------------------------------


def letters_open(g: LfwGame) -> bool:
    return g.options.letters and g.night >= 2 and not any(n == g.night for n, _ in g.letters)


def free_yellow(g: LfwGame) -> list[str]:
    return [x for x in sorted(g.board.yellow, key=g.board._xorder) if x not in g.markers]


def letter_choices(g: LfwGame) -> list[a.Action]:
    if not letters_open(g):
        return []
    used = {name for _, name in g.letters}
    face_down = [x for x, m in g.markers.items() if not m.revealed]
    out: list[a.Action] = []
    for name, sectors in H3_LETTERS.items():
        if name in used:
            continue
        inside = sorted((x for x in face_down if g.board.sector(x) in sectors), key=g.board._xorder)
        if name == "saucy-jacky":
            if len(free_yellow(g)) >= 2:
                out += [a.Letter(name, tuple(sorted(p))) for p in combinations(inside, 2)]
        else:
            out += [a.Letter(name, (x, y)) for x in inside for y in free_yellow(g)]
    return out


def legal_letter(g: LfwGame) -> list[a.Action]:
    return [*letter_choices(g), a.NoLetter()]


def apply_letter(g: LfwGame, action: a.Letter | a.NoLetter) -> None:
    if isinstance(action, a.NoLetter):
        reveal_women(g)
        return
    if action.name == "goulston":
        _refuse(action, "the Goulston Street graffito is written in the Hunt, after Jack's move")
    if action.name not in H3_LETTERS or len(action.args) != 2:
        _refuse(action, f"the letters of H3 are {', '.join(H3_LETTERS)}, each naming two crossings")
    if action not in letter_choices(g):
        used = {name for _, name in g.letters}
        if action.name in used:
            _refuse(action, "each letter may be sent once a game (O1)")
        sectors = " or ".join(H3_LETTERS[action.name])
        _refuse(
            action, f"needs face-down patrol markers in sector {sectors} and free yellow crossings"
        )
    g.letters.append((g.night, action.name))
    if action.name == "saucy-jacky":
        g.saucy = action.args
        g.events.append(("letter", g.night, action.name, action.args))
        g.phase = "saucy"
        return
    source, target = action.args
    g.markers[target] = g.markers.pop(source)  # moved unseen: it stays what it was
    g.events.append(("letter", g.night, action.name, (source, target)))
    reveal_women(g)


def legal_saucy(g: LfwGame) -> list[a.Action]:
    free = free_yellow(g)
    s1, s2 = g.saucy
    return [a.SaucyMove(tuple(sorted(((s1, t1), (s2, t2))))) for t1, t2 in permutations(free, 2)]


def apply_saucy(g: LfwGame, action: a.SaucyMove) -> None:
    if sorted(src for src, _ in action.moves) != sorted(g.saucy):
        _refuse(action, f"the Chief moves the two markers Jack picked: {' and '.join(g.saucy)}")
    targets = [t for _, t in action.moves]
    if len(set(targets)) != 2 or not set(targets) <= set(free_yellow(g)):
        _refuse(action, "each goes to a different free yellow crossing (O1 Saucy Jacky)")
    moved = {src: g.markers.pop(src) for src, _ in action.moves}
    for src, t in action.moves:
        g.markers[t] = moved[src]
    g.events.append(("saucy", g.night, action.moves))
    reveal_women(g)


# -- H4 to H9 -------------------------------------------------------------------------


def reveal_women(g: LfwGame) -> None:
    """H4: marked women become Wretched, the others leave; the marker goes on I."""
    g.wretched = sorted(c for c, marked in g.women.items() if marked)
    g.women = {}
    g.crime_space = CRIME_START
    g.events.append(("wretched", g.night, tuple(g.wretched)))
    g.phase = "kill"


def legal_kill(g: LfwGame) -> list[a.Action]:
    if g.night == DOUBLE_EVENT_NIGHT:
        kills = [a.Kill(p) for p in permutations(g.wretched, 2)]
    else:
        kills = [a.Kill((c,)) for c in g.wretched]
    return kills if g.crime_space == 0 else [*kills, a.Wait()]


def apply_kill(g: LfwGame, action: a.Kill | a.Wait) -> None:
    if isinstance(action, a.Wait):
        if g.crime_space == 0:
            _refuse(action, "the Time of the Crime marker stands on V: Jack must kill (H5)")
        g.crime_space -= 1  # H6: one more space for the escape
        g.events.append(("wait", g.night, g.crime_space))
        g.to_move = list(g.wretched)
        g.phase = "wretched"
        return
    want = 2 if g.night == DOUBLE_EVENT_NIGHT else 1
    if len(action.circles) != want:
        _refuse(action, "night 3 is the double event: Jack kills two (N3)" if want == 2
                else "one victim a night, except night 3 (N3)")  # fmt: skip
    if len(set(action.circles)) != want or not set(action.circles) <= set(g.wretched):
        _refuse(action, "Jack kills where a Wretched stands (H5)")
    space = g.crime_space
    for k, circle in enumerate(action.circles):  # H8: written in the order Jack chose
        g.rows[-1].append((space + k, circle, "crime"))
    # N3: the police know both crime scenes, not their order
    g.crime_scenes += [(g.night, c) for c in sorted(action.circles)]
    g.events.append(("kill", g.night, tuple(sorted(action.circles)), space, want))
    alarm(g)


def alarm(g: LfwGame) -> None:
    """H9: the markers turn over; real ones become policemen; the rest leave."""
    g.police = {m.colour: x for x, m in g.markers.items() if m.colour}
    g.events.append(("alarm", g.night, tuple(sorted(g.police.items())),
                     tuple(sorted((x for x, m in g.markers.items() if not m.colour),
                                  key=g.board._xorder))))  # fmt: skip
    g.markers, g.wretched = {}, []
    g.police_on_board = True
    if g.night == DOUBLE_EVENT_NIGHT:  # N3: the second victim was his first move
        g.pending = g.police_order()
        g.phase = "hunt"
    else:
        from whitechapel.lfw.hunt import enter_escape

        enter_escape(g)


def wretched_targets(g: LfwGame, source: int) -> list[int]:
    """H6: Jack-adjacent, empty, not beside a patrol marker's crossing, and
    reached without passing one."""
    board = g.board
    blocked = board.police_mask(g.markers)
    beside = {c for x in g.markers for c in board.direct_circles(x)}
    taken = set(g.wretched) | {c for _, c in g.crime_scenes}
    return [c for c in board.jack_moves(source, blocked) if c not in taken and c not in beside]


def legal_wretched(g: LfwGame) -> list[a.Action]:
    out: list[a.Action] = []
    for w in g.to_move:
        targets = wretched_targets(g, w)
        out += [a.WretchedMove(w, t) for t in targets] if targets else [a.WretchedMove(w, None)]
    return out


def apply_wretched(g: LfwGame, action: a.WretchedMove) -> None:
    if action.source not in g.to_move:
        _refuse(action, f"no Wretched left to move on {action.source} (H6)")
    targets = wretched_targets(g, action.source)
    if action.target is None and targets:
        _refuse(action, "a Wretched stays only when it has no legal move (H6)")
    if action.target is not None and action.target not in targets:
        _refuse(action, f"the Wretched cannot go to {action.target}: it must reach an empty "
                "Jack-adjacent circle, not beside or through a patrol marker (H6)")  # fmt: skip
    g.to_move.remove(action.source)
    if action.target is not None:
        g.wretched[g.wretched.index(action.source)] = action.target
    g.events.append(("wretched_move", g.night, action.source, action.target))
    if not g.to_move:
        g.phase = "reveal"


def legal_reveal(g: LfwGame) -> list[a.Action]:
    return [
        a.Reveal(x) for x in sorted(g.markers, key=g.board._xorder) if not g.markers[x].revealed
    ]


def apply_reveal(g: LfwGame, action: a.Reveal) -> None:
    marker = g.markers.get(action.crossing)
    if marker is None or marker.revealed:
        _refuse(action, "Jack turns a face-down patrol marker (H7)")
    if marker.colour is None:
        del g.markers[action.crossing]
    else:
        marker.revealed = True
    g.events.append(("reveal", g.night, action.crossing, marker.colour))
    g.phase = "kill"


HANDLERS = {
    "hideout": (legal_hideout, apply_hideout, None),
    "women": (legal_women, apply_women, sample_women),
    "patrols": (legal_patrols, apply_patrols, sample_patrols),
    "letter": (legal_letter, apply_letter, None),
    "saucy": (legal_saucy, apply_saucy, None),
    "kill": (legal_kill, apply_kill, None),
    "wretched": (legal_wretched, apply_wretched, None),
    "reveal": (legal_reveal, apply_reveal, None),
}
