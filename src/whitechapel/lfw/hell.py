"""Setup and the first part of each night, Hell (S1, H1–H9, N3).

Per phase: `legal_*` lists the legal actions in a stable order, `check_*`
refuses an illegal action with the rule it breaks (changing nothing),
`apply_*` performs a checked action, and `next_*` names the phase that
follows.  The automatic steps (H1, H4, H9) return the phase they lead to.
`table.PHASES` ties them together; only `flow.py` sets the phase.  The O1
letters of H3 are in `letters.py`.
"""

from __future__ import annotations

from itertools import combinations, permutations

from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction
from whitechapel.lfw import actions as a
from whitechapel.lfw.letters import letter_choices
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import (
    ALLEYS,
    COACHES,
    COLOURS,
    CRIME,
    CRIME_START,
    DOUBLE_EVENT_NIGHT,
    FAKES,
    MARKED,
    PATROL_MARKERS,
    REAL_MARKERS,
    WOMEN,
)
from whitechapel.lfw.state import LfwState, Marker  # Marker: still importable from here


def _refuse(action: a.Action, why: str) -> None:
    raise IllegalAction(f"{action}: {why}")


# -- S1 -----------------------------------------------------------------------------


def hideouts(g: LfwState) -> list[int]:
    """S1, and O5 when on: not red, nor Jack-adjacent to a red circle."""
    board = g.board
    out = [c for c in board.circles if c not in board.red]
    if g.options.catch_me:
        near_red = {n for r in board.red for n in board.jack_adjacent(r)}
        out = [c for c in out if c not in near_red]
    return out


def legal_hideout(g: LfwState) -> list[a.Action]:
    return [a.Hideout(c) for c in hideouts(g)]


def check_hideout(g: LfwState, action: a.Hideout) -> None:
    if action.circle not in g.board.circles:
        _refuse(action, f"there is no circle {action.circle}")
    if action.circle in g.board.red:
        _refuse(action, "the hideout may not be a red circle (S1)")
    if action.circle not in hideouts(g):
        _refuse(
            action, "with 'catch me if you can' the hideout may not be next to a red circle (O5)"
        )


def apply_hideout(g: LfwState, action: a.Hideout) -> None:
    g.hideout = action.circle
    g.events.append(("hideout",))


def start_night(g: LfwState) -> Phase:
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
    return Phase.WOMEN


# -- H2 -----------------------------------------------------------------------------


def free_red(g: LfwState) -> list[int]:
    scenes = {c for _, c in g.crime_scenes}
    return sorted(c for c in g.board.red if c not in scenes)


def legal_women(g: LfwState) -> list[a.Action]:
    n = g.night - 1
    out: list[a.Action] = []
    for places in combinations(free_red(g), WOMEN[n]):
        for marked in combinations(places, MARKED[n]):
            rest = tuple(c for c in places if c not in marked)
            out.append(a.Women(marked, rest))
    return out


def sample_women(g: LfwState, chance: Chance) -> a.Action:
    n = g.night - 1
    places = chance.shuffled(free_red(g))[: WOMEN[n]]
    return a.Women(tuple(sorted(places[: MARKED[n]])), tuple(sorted(places[MARKED[n] :])))


def check_women(g: LfwState, action: a.Women) -> None:
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


def apply_women(g: LfwState, action: a.Women) -> None:
    places = (*action.marked, *action.unmarked)
    g.women = {c: c in action.marked for c in places}
    g.events.append(("women", g.night, tuple(sorted(places))))
    g.chief = g.setup.chiefs[g.night - 1]  # H3: the next Chief token is turned, for all to see
    g.events.append(("chief", g.night, g.chief))


# -- H3 -----------------------------------------------------------------------------


def patrol_spots(g: LfwState) -> tuple[list[str], list[str]]:
    """H3: the crossings that must hold a marker, and those two more may use."""
    yellow = sorted(g.board.yellow, key=g.board._xorder)
    if g.night == 1:
        return [], yellow
    ended = list(g.police.values())
    return ended, [x for x in yellow if x not in ended]


def legal_patrols(g: LfwState) -> list[a.Action]:
    must, may = patrol_spots(g)
    out: list[a.Action] = []
    for extra in combinations(may, PATROL_MARKERS - len(must)):
        spots = [*must, *extra]
        for real in permutations(spots, REAL_MARKERS):
            fakes = tuple(sorted(x for x in spots if x not in real))
            out.append(a.Patrols(real, fakes))
    return out


def sample_patrols(g: LfwState, chance: Chance) -> a.Action:
    must, may = patrol_spots(g)
    spots = [*must, *chance.shuffled(may)[: PATROL_MARKERS - len(must)]]
    chance.shuffle(spots)
    return a.Patrols(tuple(spots[:REAL_MARKERS]), tuple(sorted(spots[REAL_MARKERS:])))


def check_patrols(g: LfwState, action: a.Patrols) -> None:
    spots = [*action.real, *action.fakes]
    must, may = patrol_spots(g)
    if len(action.fakes) != FAKES or len(set(spots)) != PATROL_MARKERS:
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


def apply_patrols(g: LfwState, action: a.Patrols) -> None:
    spots = [*action.real, *action.fakes]
    g.markers = {}
    for colour, x in zip(COLOURS, action.real, strict=True):
        g.markers[x] = Marker(colour)
    for x in action.fakes:
        g.markers[x] = Marker(None)
    g.events.append(("patrols", g.night, tuple(sorted(spots, key=g.board._xorder))))


def next_patrols(g: LfwState, action: a.Patrols) -> Phase:
    """O1: Jack may send a letter once the markers are down."""
    return Phase.LETTER if letter_choices(g) else Phase.TARGETS


# -- H4 to H9 -------------------------------------------------------------------------


def reveal_women(g: LfwState) -> Phase:
    """H4: marked women become Wretched, the others leave; the marker goes on I."""
    g.wretched = sorted(c for c, marked in g.women.items() if marked)
    g.women = {}
    g.crime_space = CRIME_START
    g.events.append(("wretched", g.night, tuple(g.wretched)))
    return Phase.KILL


def legal_kill(g: LfwState) -> list[a.Action]:
    kills: list[a.Action]
    if g.night == DOUBLE_EVENT_NIGHT:
        kills = [a.Kill(p) for p in permutations(g.wretched, 2)]
    else:
        kills = [a.Kill((c,)) for c in g.wretched]
    return kills if g.crime_space == 0 else [*kills, a.Wait()]


def check_kill(g: LfwState, action: a.Kill | a.Wait) -> None:
    if isinstance(action, a.Wait):
        if g.crime_space == 0:
            _refuse(action, "the Time of the Crime marker stands on V: Jack must kill (H5)")
        return
    want = 2 if g.night == DOUBLE_EVENT_NIGHT else 1
    if len(action.circles) != want:
        _refuse(
            action,
            "night 3 is the double event: Jack kills two (N3)"
            if want == 2
            else "one victim a night, except night 3 (N3)",
        )
    if len(set(action.circles)) != want or not set(action.circles) <= set(g.wretched):
        _refuse(action, "Jack kills where a Wretched stands (H5)")


def apply_kill(g: LfwState, action: a.Kill | a.Wait) -> None:
    space = g.crime_space
    assert space is not None  # H4 put the Time of the Crime marker on the track
    if isinstance(action, a.Wait):
        g.crime_space = space - 1  # H6: one more space for the escape
        g.events.append(("wait", g.night, g.crime_space))
        g.to_move = list(g.wretched)
        return
    for k, circle in enumerate(action.circles):  # H8: written in the order Jack chose
        g.rows[-1].append((space + k, circle, CRIME))
    # N3: the police know both crime scenes, not their order
    g.crime_scenes += [(g.night, c) for c in sorted(action.circles)]
    g.events.append(("kill", g.night, tuple(sorted(action.circles)), space, len(action.circles)))


def next_kill(g: LfwState, action: a.Kill | a.Wait) -> Phase:
    return Phase.WRETCHED if isinstance(action, a.Wait) else Phase.ALARM


def alarm(g: LfwState) -> Phase:
    """H9: the markers turn over; real ones become policemen; the rest leave."""
    g.police = {m.colour: x for x, m in g.markers.items() if m.colour}
    g.events.append(
        (
            "alarm",
            g.night,
            tuple(sorted(g.police.items())),
            tuple(sorted((x for x, m in g.markers.items() if not m.colour), key=g.board._xorder)),
        )
    )
    g.markers, g.wretched = {}, []
    g.police_on_board = True
    # N3: the second victim was his first move, so the police move at once
    return Phase.HUNT if g.night == DOUBLE_EVENT_NIGHT else Phase.ESCAPE


def wretched_targets(g: LfwState, source: int) -> list[int]:
    """H6: Jack-adjacent, empty, not beside a patrol marker's crossing, and
    reached without passing one."""
    board = g.board
    blocked = board.police_mask(g.markers)
    beside = {c for x in g.markers for c in board.direct_circles(x)}
    taken = set(g.wretched) | {c for _, c in g.crime_scenes}
    return [c for c in board.jack_moves(source, blocked) if c not in taken and c not in beside]


def legal_wretched(g: LfwState) -> list[a.Action]:
    out: list[a.Action] = []
    for w in g.to_move:
        targets = wretched_targets(g, w)
        out += [a.WretchedMove(w, t) for t in targets] if targets else [a.WretchedMove(w, None)]
    return out


def check_wretched(g: LfwState, action: a.WretchedMove) -> None:
    if action.source not in g.to_move:
        _refuse(action, f"no Wretched left to move on {action.source} (H6)")
    targets = wretched_targets(g, action.source)
    if action.target is None and targets:
        _refuse(action, "a Wretched stays only when it has no legal move (H6)")
    if action.target is not None and action.target not in targets:
        _refuse(
            action,
            f"the Wretched cannot go to {action.target}: it must reach an empty "
            "Jack-adjacent circle, not beside or through a patrol marker (H6)",
        )


def apply_wretched(g: LfwState, action: a.WretchedMove) -> None:
    g.to_move.remove(action.source)
    if action.target is not None:
        g.wretched[g.wretched.index(action.source)] = action.target
    g.events.append(("wretched_move", g.night, action.source, action.target))


def next_wretched(g: LfwState, action: a.WretchedMove) -> Phase:
    """H6: every Wretched moves, then H7."""
    return Phase.WRETCHED if g.to_move else Phase.REVEAL


def legal_reveal(g: LfwState) -> list[a.Action]:
    return [
        a.Reveal(x) for x in sorted(g.markers, key=g.board._xorder) if not g.markers[x].revealed
    ]


def check_reveal(g: LfwState, action: a.Reveal) -> None:
    marker = g.markers.get(action.crossing)
    if marker is None or marker.revealed:
        _refuse(action, "Jack turns a face-down patrol marker (H7)")


def apply_reveal(g: LfwState, action: a.Reveal) -> None:
    marker = g.markers[action.crossing]
    if marker.colour is None:
        del g.markers[action.crossing]
    else:
        marker.revealed = True
    g.events.append(("reveal", g.night, action.crossing, marker.colour))
